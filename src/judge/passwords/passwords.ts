import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// Passwords are stored as `scrypt$N$r$p$salt$hash` (base64) and compared in constant time.
// They are never logged or echoed: callers only ever see true or false. As on njudge and
// DPjudge, passwords are not case-sensitive (players type them from memory on many clients).

/** scrypt's cost N for new hashes. Tests pass a lower one (stored with the hash, so checks still work). */
export const DEFAULT_PASSWORD_COST = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC').toLowerCase(), salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, cost: number = DEFAULT_PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost, R, P);
  return `scrypt$${cost}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored === null) return false;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash!, 'base64');
  const actual = await derive(password, Buffer.from(salt!, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A password the judge makes for a seat it hands over (the Master's replacement): 12 letters and digits, without the ones easily misread (0/O, 1/l/I). */
export function freshPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(12)].map((byte) => alphabet[byte % alphabet.length]).join('');
}
