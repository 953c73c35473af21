import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { jsonb, openStore } from '../../src/store/index.ts';
import type { Database, Store } from '../../src/store/index.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { insertGame } from './fixtures.ts';
import { DELIVERY_FAILURE_NOTICES } from '../../src/mail/delivery-failure-notice.ts';
import { outboxQueue } from '../../src/store/outbox-queue.ts';

// The scheduler's claim queries (mail-and-database.md §5): lock-held for jobs, lease for the
// outbox. On real PostgreSQL the second claimer is a separate pool, like a second daemon.

/** Lock-held form: claim up to `limit` due jobs, "work" while holding the row locks, mark done. */
async function claimDueJobs(db: Kysely<Database>, worker: string, limit: number): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('jobs')
      .select('id')
      .where('done_at', 'is', null)
      .where('due_at', '<=', sql<Date>`now()`)
      .orderBy('due_at')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    await sleep(3); // the adjudication, while other claimers must skip these rows
    const ids = due.map((row) => row.id);
    await trx
      .updateTable('jobs')
      .set({ done_at: sql`now()`, claimed_by: worker, claimed_at: sql`now()`, attempts: sql`attempts + 1` })
      .where('id', 'in', ids)
      .execute();
    return ids;
  });
}

async function drain(db: Kysely<Database>, worker: string): Promise<string[]> {
  const claimed: string[] = [];
  for (;;) {
    const batch = await claimDueJobs(db, worker, 5);
    if (batch.length === 0) return claimed;
    claimed.push(...batch);
  }
}

describeEachDatabase('job and outbox claims', (getStore, getDatabase) => {
  // Registered after the harness's own afterAll, so (hooks run as a stack) it closes these
  // pools before the harness drops the database.
  const extraStores: Store[] = [];
  afterAll(async () => {
    await Promise.all(extraStores.splice(0).map((store) => store.close()));
  });

  async function secondClaimer(): Promise<Kysely<Database>> {
    const { databaseUrl, store } = getDatabase();
    // PGlite is a single session: the "second daemon" can only be the same store.
    if (databaseUrl === null) return store.db;
    const other = await openStore({ databaseUrl, migrate: false, poolSize: 2 });
    extraStores.push(other);
    return other.db;
  }

  it('gives each due job to exactly one of two concurrent claimers', async () => {
    const { db } = getStore();
    const other = await secondClaimer();
    const game = await insertGame(db);
    const jobCount = 120;
    await db
      .insertInto('jobs')
      .values(
        Array.from({ length: jobCount }, (_, index) => ({
          game_id: game.id,
          kind: 'deadline',
          due_at: new Date(Date.now() - 60_000 + index),
          payload: jsonb({ index }),
        })),
      )
      .execute();
    await db
      .insertInto('jobs')
      .values({ game_id: game.id, kind: 'reminder', due_at: new Date(Date.now() + 3_600_000) })
      .execute();
    // warm both pools so neither starts late
    await Promise.all([sql`SELECT 1`.execute(db), sql`SELECT 1`.execute(other)]);

    const [first, second] = await Promise.all([drain(db, 'daemon-a'), drain(other, 'daemon-b')]);
    const all = [...first, ...second];
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(jobCount);
    if (getStore().kind === 'postgres') {
      // both really worked side by side
      expect(first.length).toBeGreaterThan(0);
      expect(second.length).toBeGreaterThan(0);
    }
    const open = await db.selectFrom('jobs').select(['kind']).where('done_at', 'is', null).execute();
    expect(open).toEqual([{ kind: 'reminder' }]);
    const claimedBy = await db
      .selectFrom('jobs')
      .select(['claimed_by', (eb) => eb.fn.countAll<string>().as('count')])
      .where('done_at', 'is not', null)
      .groupBy('claimed_by')
      .orderBy('claimed_by')
      .execute();
    expect(claimedBy.reduce((sum, row) => sum + Number(row.count), 0)).toBe(jobCount);
  });

  it('reschedules an open job through its dedupe key and allows a new one once it is done', async () => {
    const { db } = getStore();
    const game = await insertGame(db);
    const schedule = (dueAt: string) =>
      db
        .insertInto('jobs')
        .values({ game_id: game.id, kind: 'deadline', due_at: dueAt, dedupe_key: 'deadline:demo' })
        .onConflict((conflict) =>
          conflict
            .column('dedupe_key')
            .where('done_at', 'is', null)
            .where('dedupe_key', 'is not', null)
            .doUpdateSet({ due_at: (eb) => eb.ref('excluded.due_at') }),
        )
        .returning(['id', 'due_at'])
        .executeTakeFirstOrThrow();
    const first = await schedule('2026-03-01T23:30:00Z');
    const moved = await schedule('2026-03-02T23:30:00Z');
    expect(moved.id).toBe(first.id);
    expect(moved.due_at).toEqual(new Date('2026-03-02T23:30:00Z'));

    await db.updateTable('jobs').set({ done_at: sql`now()` }).where('id', '=', first.id).execute();
    const next = await schedule('2026-03-09T23:30:00Z');
    expect(next.id).not.toBe(first.id);
    expect(await db.selectFrom('jobs').select('id').where('done_at', 'is', null).execute()).toEqual([{ id: next.id }]);
  });

  it('leases pending outbox rows once, and again after the lease runs out', async () => {
    const { db } = getStore();
    const other = await secondClaimer();
    for (const n of [1, 2, 3]) {
      await db
        .insertInto('outbox')
        .values({ message_id: `<outbox-${n}@judge.test>`, to_addresses: [`p${n}@example.test`], subject: 's', body: 'b' })
        .execute();
    }
    await db
      .insertInto('outbox')
      .values({ message_id: '<later@judge.test>', to_addresses: ['p@example.test'], subject: 's', body: 'b', next_attempt_at: '2999-01-01' })
      .execute();
    const lease = (claimer: Kysely<Database>, worker: string) =>
      claimer
        .updateTable('outbox')
        .set({ claimed_by: worker, claimed_at: sql`now()` })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('outbox')
            .select('id')
            .where('status', '=', 'pending')
            .where('next_attempt_at', '<=', sql<Date>`now()`)
            .where((w) => w.or([w('claimed_at', 'is', null), w('claimed_at', '<', sql<Date>`now() - interval '5 minutes'`)]))
            .orderBy('next_attempt_at')
            .orderBy('id')
            .limit(2)
            .forUpdate()
            .skipLocked(),
        )
        .returning('message_id')
        .execute();

    const a = await lease(db, 'sender-a');
    const b = await lease(other, 'sender-b');
    const c = await lease(other, 'sender-b');
    expect(a.map((row) => row.message_id).sort()).toEqual(['<outbox-1@judge.test>', '<outbox-2@judge.test>']);
    expect(b.map((row) => row.message_id)).toEqual(['<outbox-3@judge.test>']);
    expect(c).toEqual([]);

    // sender-a died: after the lease time its rows are free again
    await db.updateTable('outbox').set({ claimed_at: sql`now() - interval '6 minutes'` }).where('claimed_by', '=', 'sender-a').execute();
    const retaken = await lease(other, 'sender-b');
    expect(retaken.map((row) => row.message_id).sort()).toEqual(['<outbox-1@judge.test>', '<outbox-2@judge.test>']);
  });
  it('claims mail without a picture to draw first, but after its own game’s pending picture mail, and at most `pictures` picture mails a round', async () => {
    const { db } = getStore();
    const [a, b] = [await insertGame(db, { name: 'alpha' }), await insertGame(db, { name: 'beta' })];
    const picture = [{ filename: 'map.png', contentType: 'image/png', content: '', inline: true, draw: { svg: '<svg/>', width: 1000 } }];
    const file = [{ filename: 'a.txt', contentType: 'text/plain', content: 'YQ==', inline: false }];
    const queued = [
      { name: 'alpha results', game: a.id, attachments: picture },
      { name: 'beta results', game: b.id, attachments: picture },
      { name: 'alpha notice', game: a.id, attachments: [] },
      { name: 'reply', game: null, attachments: file },
      { name: 'gamma results', game: null, attachments: picture },
      { name: 'beta reply', game: null, attachments: [] },
    ];
    for (const [n, mail] of queued.entries()) {
      await db
        .insertInto('outbox')
        .values({
          message_id: `<m${n}@judge.test>`,
          to_addresses: ['p@example.test'],
          subject: mail.name,
          body: 'b',
          game_id: mail.game,
          attachments: jsonb(mail.attachments),
        })
        .execute();
    }
    const rows = await db.selectFrom('outbox').select(['subject', 'drawing']).orderBy('id').execute();
    expect(rows.map((row) => row.drawing)).toEqual([true, true, false, false, true, false]);
    const outbox = outboxQueue(db, DELIVERY_FAILURE_NOTICES);
    const claim = async (limit: number, pictures: number) =>
      (await outbox.claimDue({ workerId: 'sender', limit, pictures, now: new Date(Date.now() + 60_000), leaseMs: 300_000 })).map((row) => row.subject);
    // The alpha notice waits for alpha's results; other mail goes before any picture.
    expect(await claim(3, 1)).toEqual(['alpha results', 'reply', 'beta reply']);
    expect(await claim(10, 2)).toEqual(['beta results', 'gamma results']);
    await db.updateTable('outbox').set({ status: 'sent', sent_at: new Date() }).where('subject', '=', 'alpha results').execute();
    expect(await claim(10, 2)).toEqual(['alpha notice']);
  });
});
