import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { Database } from '../../src/store/index.ts';
import { runDueJobs } from '../../src/store/job-queue.ts';
import { ensurePruneJob, isPruneJob, pruneBatch, runPruneJob } from '../../src/store/prune.ts';
import { describeEachDatabase } from '../support/databases.ts';

// The prune job keeps jobs, inbound mail and the outbox bounded (issue 16): old finished rows go
// in batches, one short transaction each; what is failed, waiting or recent stays.

const NOW = new Date('2026-06-30T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const RETENTION = { doneJobsDays: 7, inboundMailDays: 30, sentMailDays: 14 };

async function seed(db: Kysely<Database>): Promise<void> {
  // Jobs: done long ago (3), done recently, given up long ago, open.
  for (let n = 0; n < 3; n++)
    await db
      .insertInto('jobs')
      .values({ kind: 'deadline', due_at: ago(20), done_at: ago(20 - n), claimed_by: 'w', claimed_at: ago(20) })
      .execute();
  await db
    .insertInto('jobs')
    .values({ kind: 'deadline', due_at: ago(2), done_at: ago(2), claimed_by: 'w', claimed_at: ago(2) })
    .execute();
  await db
    .insertInto('jobs')
    .values({ kind: 'deadline', due_at: ago(20), done_at: ago(20), claimed_by: 'w', claimed_at: ago(20), last_error: 'gave up', attempts: 8 })
    .execute();
  await db
    .insertInto('jobs')
    .values({ kind: 'reminder', due_at: ago(40) })
    .execute();
  // Inbound mail: handled long ago (processed, ignored, rejected), failed long ago, handled recently.
  const inbound = (id: string, outcome: 'processed' | 'ignored' | 'rejected' | 'failed' | 'received', days: number) =>
    db
      .insertInto('inbound_mail')
      .values({ message_id: `<${id}@players.example>`, from_address: 'ann@players.example', outcome, received_at: ago(days) })
      .execute();
  await inbound('old-1', 'processed', 60);
  await inbound('old-2', 'ignored', 50);
  await inbound('old-3', 'rejected', 40);
  await inbound('old-failed', 'failed', 60);
  await inbound('old-waiting', 'received', 60);
  await inbound('recent', 'processed', 3);
  // Outbox: sent long ago (2), sent recently, dead long ago, pending.
  const mail = (id: string, status: 'sent' | 'dead' | 'pending', days: number) =>
    db
      .insertInto('outbox')
      .values({
        message_id: `<${id}@judge.example>`,
        to_addresses: ['ann@players.example'],
        subject: 's',
        body: 'b',
        status,
        created_at: ago(days),
        sent_at: status === 'sent' ? ago(days) : null,
      })
      .execute();
  await mail('sent-1', 'sent', 30);
  await mail('sent-2', 'sent', 20);
  await mail('sent-recent', 'sent', 1);
  await mail('dead', 'dead', 30);
  await mail('pending', 'pending', 30);
}

describeEachDatabase('the prune job', (getStore) => {
  it('deletes old finished rows in batches and keeps failed, waiting and recent ones', async () => {
    const { db } = getStore();
    await seed(db);
    expect(await pruneBatch(db, RETENTION, NOW, 2)).toEqual({ jobs: 2, inboundMail: 2, outbox: 2 });
    expect(await pruneBatch(db, RETENTION, NOW, 2)).toEqual({ jobs: 1, inboundMail: 1, outbox: 0 });
    expect(await pruneBatch(db, RETENTION, NOW, 2)).toEqual({ jobs: 0, inboundMail: 0, outbox: 0 });
    const jobs = await db.selectFrom('jobs').select(['kind', 'last_error', 'done_at']).orderBy('id').execute();
    expect(jobs).toEqual([
      { kind: 'deadline', last_error: null, done_at: ago(2) },
      { kind: 'deadline', last_error: 'gave up', done_at: ago(20) },
      { kind: 'reminder', last_error: null, done_at: null },
    ]);
    expect((await db.selectFrom('inbound_mail').select('message_id').orderBy('id').execute()).map((r) => r.message_id)).toEqual([
      '<old-failed@players.example>',
      '<old-waiting@players.example>',
      '<recent@players.example>',
    ]);
    expect((await db.selectFrom('outbox').select('message_id').orderBy('id').execute()).map((r) => r.message_id)).toEqual([
      '<sent-recent@judge.example>',
      '<dead@judge.example>',
      '<pending@judge.example>',
    ]);
  });

  it('runs as a judge-wide job: again at once while a batch comes back full, then a day later', async () => {
    const { db } = getStore();
    await seed(db);
    await ensurePruneJob(db, ago(1));
    await ensurePruneJob(db, NOW); // a second process starting: the job already scheduled stays
    const open = () => db.selectFrom('jobs').select(['kind', 'due_at', 'dedupe_key']).where('done_at', 'is', null).where('kind', '=', 'prune').execute();
    expect(await open()).toEqual([{ kind: 'prune', due_at: ago(1), dedupe_key: 'judge:prune' }]);
    const runs: number[] = [];
    // What serve does with the job, with batches of 2 so that it takes several runs.
    const handle = async (trx: Parameters<Parameters<typeof runDueJobs>[1]['handle']>[0], job: Parameters<Parameters<typeof runDueJobs>[1]['handle']>[1]) => {
      if (!isPruneJob(job)) return;
      const counts = await runPruneJob(trx, RETENTION, NOW, 2);
      runs.push(counts.jobs + counts.inboundMail + counts.outbox);
    };
    await runDueJobs(db, { now: () => NOW, workerId: 'pruner', handle, limit: 20 });
    // The first run found full batches and ran again; the reminder due long ago ran too (no handler).
    expect(runs).toEqual([6, 2]);
    expect(await open()).toEqual([{ kind: 'prune', due_at: new Date(NOW.getTime() + DAY), dedupe_key: 'judge:prune' }]);
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM inbound_mail`.execute(db)).rows[0]!.n)).toBe(3);
  });
});
