import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/judge/passwords.ts';

describe('passwords', () => {
  it('hashes with a fresh salt and verifies only the right password', async () => {
    const a = await hashPassword('s3cret');
    const b = await hashPassword('s3cret');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[^$]+\$[^$]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('s3cret');
    expect(await verifyPassword('s3cret', a)).toBe(true);
    expect(await verifyPassword('S3CRET', a)).toBe(true);
    expect(await verifyPassword('s3cre', a)).toBe(false);
    expect(await verifyPassword('s3cret', null)).toBe(false);
    expect(await verifyPassword('s3cret', 'plain')).toBe(false);
  });
});
