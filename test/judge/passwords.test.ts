import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { hashPassword, type PasswordDerivation, passwordVerifier, scryptKey, verifyPassword } from '../../src/judge/passwords/passwords.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { databaseBackend, describeWithDatabase, type TestDatabase } from '../support/databases.ts';
import { duringMasterPasswordChange } from '../support/master-password-race.ts';
import { TEST_JUDGE } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

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

  it('stores the cost with the hash, so a hash made at another cost still verifies', async () => {
    const cheap = await hashPassword('s3cret', 1024);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('s3cret', cheap)).toBe(true);
    expect(await verifyPassword('wrong', cheap)).toBe(false);
  });

  it('remembers right passwords only: a second right check costs no scrypt, a wrong one always does, a new hash forgets the old password', async () => {
    let derived = 0;
    const counted: PasswordDerivation = (...args) => {
      derived += 1;
      return scryptKey(...args);
    };
    const verify = passwordVerifier(counted, 2);
    const first = await hashPassword('s3cret', 1024);
    expect(await verify('s3cret', first)).toBe(true);
    expect(await verify('S3CRET', first)).toBe(true); // the same password, as the judge reads it
    expect(derived).toBe(1);
    for (const wrong of ['guess', 'guess', 's3cre']) expect(await verify(wrong, first)).toBe(false);
    expect(derived).toBe(4);
    // The same password hashed again (a SET PASSWORD to it): another salt, so another check.
    const second = await hashPassword('s3cret', 1024);
    expect(await verify('s3cret', second)).toBe(true);
    expect(derived).toBe(5);
    // Two kept: a third right password pushes out the oldest, whose next check derives again.
    const third = await hashPassword('other', 1024);
    expect(await verify('other', third)).toBe(true);
    expect(await verify('s3cret', second)).toBe(true);
    expect(derived).toBe(6);
    expect(await verify('s3cret', first)).toBe(true);
    expect(derived).toBe(7);
    // A right password is never right for another hash.
    expect(await verify('other', first)).toBe(false);
  });

  it('hashes at the full default cost when the judge is configured without one', async () => {
    const { passwordCost: _testCost, ...production } = TEST_JUDGE;
    // On PostgreSQL, as the judge's other rules by mail (describeWithDatabase): a copy of the migrated
    // template is cheaper than starting PGlite, and the cost stored is the judge's, not the store's.
    const database = await databaseBackend('postgres').open();
    try {
      const judge = new MailJudge(createJudgeStore(database.store.db, { messageIdDomain: 'judge.example' }), production);
      await judge.receive(eml({ from: 'gm@players.example' }, 'CREATE costly gmpass'));
      const master = await database.store.db.selectFrom('seats').select('password_hash').where('role', '=', 'master').executeTakeFirstOrThrow();
      expect(master.password_hash).toMatch(/^scrypt\$16384\$/);
    } finally {
      await database.dispose();
    }
  });
});

// SIGNON checks the password before it takes the game's row lock (scrypt is slow, and mails to one
// game would queue behind it), then re-reads the seat under the lock: the early answer stands only
// if the seat and its password hash are still the same.

const GM = 'gm@players.example';

function judgeOn(db: TestDatabase['store']['db']): MailJudge {
  return new MailJudge(
    createJudgeStore(db, { messageIdDomain: 'judge.example' }),
    TEST_JUDGE,
    () => 0.3,
    () => new Date('2004-01-05T16:00:00Z'),
  );
}

async function lastReply(db: TestDatabase['store']['db'], address: string): Promise<string> {
  const row = await db
    .selectFrom('outbox')
    .select('body')
    .where('kind', '=', 'reply')
    .where(sql<boolean>`${address} = ANY(to_addresses)`)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.body;
}

async function isListed(db: TestDatabase['store']['db']): Promise<boolean> {
  return (await db.selectFrom('games').select('listed').executeTakeFirstOrThrow()).listed;
}

describeWithDatabase('SIGNON passwords', (getStore) => {
  it('takes the right password, refuses a wrong one or a wrong seat alike, and follows SET PASSWORD', async () => {
    const { db } = getStore();
    const judge = judgeOn(db);
    await judge.receive(eml({ from: GM }, 'CREATE demo gmpass\nFORM'));
    const signon = async (opener: string, command = 'SET UNLISTED') => {
      await judge.receive(eml({ from: GM }, `${opener}\n${command}`));
      return lastReply(db, GM);
    };
    expect(await signon('SIGNON Mdemo wrong')).toMatch(/Invalid game, power or password/);
    expect(await signon('SIGNON Fdemo gmpass')).toMatch(/Invalid game, power or password/);
    expect(await isListed(db)).toBe(true);
    expect(await signon('SIGNON Mdemo GMPASS')).toMatch(/Game 'demo' is now unlisted/);
    // A change made in an earlier block of the same mail is what a later block checks against.
    await judge.receive(eml({ from: GM }, 'SIGNON Mdemo gmpass\nSET PASSWORD newpass\nSIGNON Mdemo gmpass\nSET LISTED'));
    expect(await lastReply(db, GM)).toMatch(/Your password has been changed[\s\S]*Invalid game, power or password/);
    expect(await isListed(db)).toBe(false);
    expect(await signon('SIGNON Mdemo gmpass', 'SET LISTED')).toMatch(/Invalid game, power or password/);
    expect(await signon('SIGNON Mdemo newpass', 'SET LISTED')).toMatch(/Game 'demo' is now listed/);
  });
});

describe('SIGNON while the password changes in another transaction [postgres]', () => {
  let database: TestDatabase | null = null;
  const db = () => database!.store.db;

  beforeAll(async () => {
    database = await databaseBackend('postgres').open();
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await database!.reset();
    await judgeOn(db()).receive(eml({ from: GM }, 'CREATE demo gmpass\nFORM'));
  });

  /** SIGNON as the Master while the Master's password changes to 'newpass' (see master-password-race.ts). */
  async function signonDuringPasswordChange(password: string): Promise<string> {
    await duringMasterPasswordChange(db(), 'newpass', () => judgeOn(db()).receive(eml({ from: GM }, `SIGNON Mdemo ${password}\nSET UNLISTED`)));
    return lastReply(db(), GM);
  }

  it('the old password, right when it was checked, is refused once the change has committed', async () => {
    expect(await signonDuringPasswordChange('gmpass')).toMatch(/Invalid game, power or password/);
    expect(await isListed(db())).toBe(true);
  });

  it('the new password, wrong when it was first checked, is accepted once the change has committed', async () => {
    expect(await signonDuringPasswordChange('newpass')).toMatch(/Game 'demo' is now unlisted/);
    expect(await isListed(db())).toBe(false);
  });
});
