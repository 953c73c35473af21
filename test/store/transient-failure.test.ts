import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JudgeLog } from '../../src/judge/judge.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { openStore, type Store } from '../../src/store/index.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { isTransientStoreFailure } from '../../src/store/transient-failure.ts';
import { TEST_JUDGE } from '../judge/game-fixture.ts';
import { eml } from '../judge/mail-builder.ts';
import { databaseBackend, type TestDatabase } from '../support/databases.ts';

// A mail whose transaction fails for a reason that passes (a lock not granted in time, a lost
// connection, a serialization failure) must not be recorded as failed: the judge throws and the
// caller tries the mail again. Only a real PostgreSQL server fails this way; PGlite is one
// session inside the process.

describe('transient database failures [postgres]', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await databaseBackend('postgres').open();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const failures: unknown[] = [];
  const log: JudgeLog = { error: (details) => void failures.push(details) };

  it('throws when a lock is not granted in time, records nothing, and the retry is handled', async () => {
    const url = new URL(database.databaseUrl!);
    url.searchParams.set('options', '-c lock_timeout=200');
    const impatient: Store = await openStore({ databaseUrl: url.toString(), migrate: false, poolSize: 1 });
    const holder = new pg.Client({ connectionString: database.databaseUrl! });
    await holder.connect();
    try {
      const judge = new MailJudge(
        createJudgeStore(impatient.db, { messageIdDomain: 'judge.example' }),
        TEST_JUDGE,
        () => 0.3,
        () => new Date(),
        log,
      );
      const mail = eml({ from: 'ann@players.example', messageId: '<locked@players.example>' }, 'LIST');
      // Another session (a long maintenance job, say) holds the table the judge records mail in.
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE inbound_mail IN EXCLUSIVE MODE');
      const error = await judge.receive(mail).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toMatchObject({ code: '55P03' });
      await holder.query('ROLLBACK');
      expect(await database.store.db.selectFrom('inbound_mail').selectAll().execute()).toEqual([]);
      expect(await database.store.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
      expect(failures).toEqual([]);

      expect((await judge.receive(mail)).status).toBe('processed');
      expect(await database.store.db.selectFrom('outbox').select('to_addresses').execute()).toEqual([{ to_addresses: ['ann@players.example'] }]);
    } finally {
      await holder.end();
      await impatient.close();
    }
  });

  it('throws when the connection is cut in the middle of a mail', async () => {
    const holder = new pg.Client({ connectionString: database.databaseUrl! });
    await holder.connect();
    const cut = await openStore({ databaseUrl: database.databaseUrl!, migrate: false, poolSize: 1 });
    try {
      const judge = new MailJudge(
        createJudgeStore(cut.db, { messageIdDomain: 'judge.example' }),
        TEST_JUDGE,
        () => 0.3,
        () => new Date(),
        log,
      );
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE inbound_mail IN EXCLUSIVE MODE');
      const receiving = judge.receive(eml({ from: 'bob@players.example', messageId: '<cut@players.example>' }, 'LIST')).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      // Once the judge's session waits for the lock, the server ends it (as on a restart).
      let waiting: number | undefined;
      for (let tries = 0; waiting === undefined && tries < 200; tries++) {
        // pg_stat_activity is a snapshot per transaction: take a fresh one each time.
        await holder.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await holder.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
        );
        waiting = rows[0]?.pid;
        if (waiting === undefined) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(waiting).toBeDefined();
      await holder.query('SELECT pg_terminate_backend($1)', [waiting]);
      const error = await receiving;
      await holder.query('ROLLBACK');
      expect(isTransientStoreFailure(error)).toBe(true);
      expect(await database.store.db.selectFrom('inbound_mail').select('message_id').where('message_id', '=', '<cut@players.example>').execute()).toEqual([]);
      expect(failures).toEqual([]);
    } finally {
      await holder.end();
      await cut.close();
    }
  });

  it('tells a serialization failure from a deterministic error', async () => {
    const { db } = database.store;
    await sql`CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL)`.execute(db);
    await sql`INSERT INTO counter VALUES (1, 0)`.execute(db);
    const reader = new pg.Client({ connectionString: database.databaseUrl! });
    await reader.connect();
    try {
      await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await reader.query('SELECT n FROM counter');
      await sql`UPDATE counter SET n = n + 1`.execute(db);
      const serialization = await reader.query('UPDATE counter SET n = n + 1').then(
        () => null,
        (thrown: unknown) => thrown,
      );
      await reader.query('ROLLBACK');
      expect(serialization).toMatchObject({ code: '40001' });
      expect(isTransientStoreFailure(serialization)).toBe(true);

      const duplicate = await sql`INSERT INTO counter VALUES (1, 0)`.execute(db).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(duplicate).toMatchObject({ code: '23505' });
      expect(isTransientStoreFailure(duplicate)).toBe(false);
    } finally {
      await reader.end();
    }
  });
});

describe('transient failure classification', () => {
  it('knows connection failures that carry no SQLSTATE', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isTransientStoreFailure(refused)).toBe(true);
    // pg tries every address of a host name and reports them together.
    expect(isTransientStoreFailure(new AggregateError([refused, refused], ''))).toBe(true);
    expect(isTransientStoreFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientStoreFailure(new Error('PGlite is closed'))).toBe(true);
    expect(
      isTransientStoreFailure(
        new Error('wrapped', { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) }),
      ),
    ).toBe(true);
  });

  it('treats everything else as a fault that would recur', () => {
    expect(isTransientStoreFailure(new TypeError("Cannot read properties of undefined (reading 'power')"))).toBe(false);
    expect(isTransientStoreFailure(Object.assign(new Error('invalid input syntax for type timestamp with time zone'), { code: '22007' }))).toBe(false);
    expect(isTransientStoreFailure('a string')).toBe(false);
    expect(isTransientStoreFailure(null)).toBe(false);
  });
});
