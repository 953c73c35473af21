import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDueJobs, scheduleJob } from '../../src/store/job-queue.ts';
import type { JobHandler } from '../../src/store/job-queue.ts';
import type { Database } from '../../src/store/index.ts';
import { databaseBackend } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import type { WorkerEvent } from '../support/job-worker.ts';
import { startLineWorker, type LineWorker } from '../support/line-worker.ts';

// mail-and-database.md §5, repeated with the job queue itself: separate Node processes, each with
// its own connection, run the same due jobs at once. Every execution is logged to job_log, which
// has no unique key, so a job run twice would show as two rows. Real PostgreSQL only: PGlite is
// one process's embedded database.

const WORKER_SCRIPT = new URL('../support/job-worker.ts', import.meta.url);

type WorkerMode = 'locked' | 'unlocked' | 'batched' | 'hold';

type Worker = LineWorker<WorkerEvent>;

const running: Worker[] = [];

function startWorker(databaseUrl: string, id: string, mode: WorkerMode): Worker {
  const worker = startLineWorker<WorkerEvent>(WORKER_SCRIPT, id, { JOB_WORKER_DATABASE_URL: databaseUrl, JOB_WORKER_ID: id, JOB_WORKER_MODE: mode });
  running.push(worker);
  return worker;
}

/** Starts the workers, waits until all are connected, then lets them go at the same moment. */
async function runWorkers(databaseUrl: string, mode: WorkerMode, count: number) {
  const workers = Array.from({ length: count }, (_, index) => startWorker(databaseUrl, `${mode}-${index + 1}`, mode));
  await Promise.all(workers.map((worker) => worker.next('ready')));
  const started = performance.now();
  for (const worker of workers) worker.send('go');
  const finished = await Promise.all(workers.map((worker) => worker.next('finished')));
  const ms = Math.round(performance.now() - started);
  expect(await Promise.all(workers.map((worker) => worker.exited))).toEqual(workers.map(() => 0));
  return { finished, ms };
}

async function insertDueJobs(db: Kysely<Database>, count: number): Promise<void> {
  const base = Date.now() - 60 * 60_000;
  const rows = Array.from({ length: count }, (_, index) => ({ kind: 'deadline', due_at: new Date(base + index * 1000) }));
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('jobs')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

interface LogSummary {
  readonly executions: number;
  readonly distinctJobs: number;
  readonly doubled: number;
  readonly undone: number;
  readonly byWorker: Readonly<Record<string, number>>;
}

async function summarise(db: Kysely<Database>): Promise<LogSummary> {
  const totals = await sql<{ executions: string; distinct_jobs: string; doubled: string; undone: string }>`
    SELECT
      (SELECT count(*) FROM job_log) AS executions,
      (SELECT count(DISTINCT job_id) FROM job_log) AS distinct_jobs,
      (SELECT count(*) FROM (SELECT job_id FROM job_log GROUP BY job_id HAVING count(*) > 1) AS twice) AS doubled,
      (SELECT count(*) FROM jobs WHERE done_at IS NULL) AS undone`.execute(db);
  const perWorker = await sql<{ worker: string; executions: string }>`
    SELECT worker, count(*) AS executions FROM job_log GROUP BY worker ORDER BY worker`.execute(db);
  const row = totals.rows[0]!;
  return {
    executions: Number(row.executions),
    distinctJobs: Number(row.distinct_jobs),
    doubled: Number(row.doubled),
    undone: Number(row.undone),
    byWorker: Object.fromEntries(perWorker.rows.map((entry) => [entry.worker, Number(entry.executions)])),
  };
}

describe('job queue across processes [postgres]', () => {
  let database: TestDatabase | null = null;
  const open = () => {
    if (database === null || database.databaseUrl === null) throw new Error('the PostgreSQL test database is not open');
    return { db: database.store.db, databaseUrl: database.databaseUrl };
  };

  beforeAll(async () => {
    database = await databaseBackend('postgres').open();
    await sql`CREATE TABLE job_log (job_id bigint NOT NULL, worker text NOT NULL, logged_at timestamptz NOT NULL DEFAULT clock_timestamp())`.execute(
      database.store.db,
    );
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await database?.reset();
    await sql`DELETE FROM job_log`.execute(open().db);
  });
  afterEach(async () => {
    for (const worker of running.splice(0)) {
      if (worker.child.exitCode === null && worker.child.signalCode === null) {
        worker.child.kill('SIGKILL');
        await worker.exited;
      }
    }
  });

  it('three processes share 1,000 due jobs: each runs exactly once', async () => {
    const { db, databaseUrl } = open();
    const jobCount = 1000;
    await insertDueJobs(db, jobCount);
    const { finished, ms } = await runWorkers(databaseUrl, 'locked', 3);

    const summary = await summarise(db);
    console.info(`job queue, 3 processes, ${jobCount} jobs: ${ms} ms, per process ${finished.map((entry) => entry.done).join('/')}`);
    expect(summary).toMatchObject({ executions: jobCount, distinctJobs: jobCount, doubled: 0, undone: 0 });
    expect(finished.reduce((sum, entry) => sum + entry.done, 0)).toBe(jobCount);
    expect(finished.map((entry) => entry.failed)).toEqual([0, 0, 0]);
    for (const entry of finished) {
      expect(entry.done).toBeGreaterThan(0);
      expect(summary.byWorker[entry.workerId]).toBe(entry.done);
    }
    // Every job was marked by the process that ran it.
    const mismatched = await sql<{ n: string }>`
      SELECT count(*) AS n FROM jobs JOIN job_log ON job_log.job_id = jobs.id
      WHERE jobs.claimed_by IS DISTINCT FROM job_log.worker OR jobs.attempts <> 1`.execute(db);
    expect(Number(mismatched.rows[0]?.n)).toBe(0);
  });

  it('two processes claiming batches of 16 share 800 due jobs of 200 games: each runs exactly once, a failing one alone is rolled back', async () => {
    const { db, databaseUrl } = open();
    await sql`INSERT INTO games (name, variant) SELECT 'batch' || n, 'standard' FROM generate_series(1, 200) AS n`.execute(db);
    // Four jobs per game, interleaved by due time so that every batch meets games it already holds;
    // every 40th job fails each time it runs.
    await sql`
      INSERT INTO jobs (kind, due_at, game_id, payload)
      SELECT 'deadline', now() - interval '1 hour' + n * interval '1 second', g.id,
             CASE WHEN n % 40 = 0 THEN '{"fail": true}'::jsonb ELSE '{}'::jsonb END
      FROM generate_series(1, 800) AS n JOIN games g ON g.name = 'batch' || (1 + n % 200)`.execute(db);
    // Statistics of these jobs, not of the previous test's, as autovacuum would have them.
    await sql`ANALYZE jobs`.execute(db);
    const { finished } = await runWorkers(databaseUrl, 'batched', 2);

    const summary = await summarise(db);
    // 20 failing jobs: their log rows went with their rollback, the 780 others' stand, once each.
    expect(summary).toMatchObject({ executions: 780, distinctJobs: 780, doubled: 0 });
    expect(finished.reduce((sum, entry) => sum + entry.done, 0)).toBe(780);
    expect(finished.reduce((sum, entry) => sum + entry.failed, 0)).toBe(20);
    for (const entry of finished) {
      expect(entry.done).toBeGreaterThan(0);
      expect(summary.byWorker[entry.workerId]).toBe(entry.done);
    }
    const states = await sql<{ fail: boolean; done: boolean; attempts: number; failed: boolean; n: string }>`
      SELECT payload ? 'fail' AS fail, done_at IS NOT NULL AS done, attempts, last_error IS NOT NULL AS failed, count(*) AS n
      FROM jobs GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`.execute(db);
    expect(states.rows.map((row) => ({ ...row, n: Number(row.n) }))).toEqual([
      { fail: false, done: true, attempts: 1, failed: false, n: 780 },
      // Put back for a later attempt, under the lock of the batch that ran it.
      { fail: true, done: false, attempts: 1, failed: true, n: 20 },
    ]);
    const mismatched = await sql<{ n: string }>`
      SELECT count(*) AS n FROM jobs JOIN job_log ON job_log.job_id = jobs.id WHERE jobs.claimed_by IS DISTINCT FROM job_log.worker`.execute(db);
    expect(Number(mismatched.rows[0]?.n)).toBe(0);
  });

  it('negative control: claims without a row lock run jobs twice, and the check sees it', async () => {
    const { db, databaseUrl } = open();
    const jobCount = 300;
    await insertDueJobs(db, jobCount);
    const { ms } = await runWorkers(databaseUrl, 'unlocked', 3);

    const summary = await summarise(db);
    console.info(`negative control, 3 processes, ${jobCount} jobs: ${ms} ms, ${summary.executions - summary.distinctJobs} extra executions`);
    expect(summary.distinctJobs).toBe(jobCount);
    expect(summary.undone).toBe(0);
    expect(summary.doubled).toBeGreaterThan(0);
    expect(summary.executions).toBeGreaterThan(jobCount);
  });

  it('a process killed in the middle of a handler leaves nothing behind, and the job runs again', async () => {
    const { db, databaseUrl } = open();
    const victim = await scheduleJob(db, { kind: 'deadline', dueAt: new Date(Date.now() - 120_000), payload: { label: 'victim' } });
    const other = await scheduleJob(db, { kind: 'deadline', dueAt: new Date(Date.now() - 60_000), payload: { label: 'other' } });
    const worker = startWorker(databaseUrl, 'doomed', 'hold');
    await worker.next('ready');
    worker.send('go');
    expect(await worker.next('holding')).toMatchObject({ jobId: victim });

    const handle: JobHandler = async (trx, job) => {
      await sql`INSERT INTO job_log (job_id, worker) VALUES (${job.id}, 'survivor')`.execute(trx);
    };
    // While the doomed process holds the victim, this process skips it.
    expect(await runDueJobs(db, { now: () => new Date(), workerId: 'survivor', handle })).toEqual({ done: 1, failed: 0 });

    worker.child.kill('SIGKILL');
    await worker.exited;
    // The server notices the closed connection, rolls its transaction back and frees the row.
    const deadline = Date.now() + 10_000;
    let result = { done: 0, failed: 0 };
    while (result.done === 0 && Date.now() < deadline) {
      result = await runDueJobs(db, { now: () => new Date(), workerId: 'survivor', handle });
      if (result.done === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(result).toEqual({ done: 1, failed: 0 });

    const jobs = await db.selectFrom('jobs').select(['id', 'claimed_by', 'attempts', 'last_error']).where('done_at', 'is not', null).orderBy('id').execute();
    expect(jobs).toEqual([
      { id: victim, claimed_by: 'survivor', attempts: 1, last_error: null },
      { id: other, claimed_by: 'survivor', attempts: 1, last_error: null },
    ]);
    const log = await sql<{ job_id: string; worker: string }>`SELECT job_id, worker FROM job_log ORDER BY logged_at`.execute(db);
    expect(log.rows).toEqual([
      { job_id: other, worker: 'survivor' },
      { job_id: victim, worker: 'survivor' },
    ]);
    expect(await db.selectFrom('judge_state').selectAll().execute()).toEqual([]);
  });
});
