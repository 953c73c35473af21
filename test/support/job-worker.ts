import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { runDueJobs } from '../../src/store/job-queue.ts';
import { jsonb, openStore } from '../../src/store/index.ts';
import type { Database } from '../../src/store/index.ts';

// A separate Node process running the job queue against real PostgreSQL, for
// test/store/job-queue-two-process.test.ts. Run as `node --import tsx test/support/job-worker.ts`
// with JOB_WORKER_DATABASE_URL, JOB_WORKER_ID and JOB_WORKER_MODE set.
//
// It prints one JSON event per line on stdout: `ready` once connected, then waits for a line
// `go` on stdin (so that all workers start together), then `finished` with its counts. Every
// execution of a job inserts a row into job_log (the test creates it; it has no unique key, so
// a job run twice shows as two rows).
//
// Modes:
//   locked    runDueJobs until nothing is due.
//   unlocked  the negative control: claims with a plain SELECT, no row lock, then marks done.
//   batched   runDueJobs in batches of 16 (10 ms a job) until nothing is due; a job whose payload says
//             `fail` logs its execution and then throws (its log row is rolled back with it).
//   hold      runDueJobs on one job whose handler writes, prints `holding`, and never returns;
//             the test kills the process there.

type Mode = 'locked' | 'unlocked' | 'batched' | 'hold';

export type WorkerEvent =
  | { readonly event: 'ready'; readonly workerId: string; readonly pid: number }
  | { readonly event: 'holding'; readonly workerId: string; readonly jobId: string }
  | { readonly event: 'finished'; readonly workerId: string; readonly done: number; readonly failed: number }
  | { readonly event: 'error'; readonly workerId: string; readonly message: string };

function emit(event: WorkerEvent): void {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
}

async function logExecution(db: Kysely<Database>, jobId: string, workerId: string): Promise<void> {
  await sql`INSERT INTO job_log (job_id, worker) VALUES (${jobId}, ${workerId})`.execute(db);
}

async function runLocked(db: Kysely<Database>, workerId: string, batchSize = 1): Promise<{ done: number; failed: number }> {
  let done = 0;
  let failed = 0;
  for (;;) {
    const result = await runDueJobs(db, {
      now: () => new Date(),
      workerId,
      limit: 100,
      batchSize,
      handle: async (trx, job) => {
        await logExecution(trx, job.id, workerId);
        // In batches, a job takes a little while (as a game's turn does), so that both processes get some.
        if (batchSize > 1) await new Promise((resolve) => setTimeout(resolve, 10));
        if (job.payload.fail === true) throw new Error(`job ${job.id} fails`);
      },
    });
    done += result.done;
    failed += result.failed;
    if (result.done + result.failed === 0) return { done, failed };
  }
}

/** Deliberately wrong: two workers can both read the same open job before either marks it. */
async function runUnlocked(db: Kysely<Database>, workerId: string): Promise<{ done: number; failed: number }> {
  let done = 0;
  for (;;) {
    const job = await db
      .selectFrom('jobs')
      .select('id')
      .where('done_at', 'is', null)
      .where('due_at', '<=', new Date())
      .orderBy('due_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!job) return { done, failed: 0 };
    await logExecution(db, job.id, workerId);
    await db.updateTable('jobs').set({ done_at: new Date() }).where('id', '=', job.id).execute();
    done += 1;
  }
}

async function runHolding(db: Kysely<Database>, workerId: string): Promise<{ done: number; failed: number }> {
  return runDueJobs(db, {
    now: () => new Date(),
    workerId,
    limit: 1,
    handle: async (trx, job) => {
      await logExecution(trx, job.id, workerId);
      await trx
        .insertInto('judge_state')
        .values({ key: `half-done-${job.id}`, value: jsonb({ by: workerId }) })
        .execute();
      emit({ event: 'holding', workerId, jobId: job.id });
      await new Promise<never>(() => undefined);
    },
  });
}

async function main(): Promise<void> {
  const databaseUrl = required('JOB_WORKER_DATABASE_URL');
  const workerId = required('JOB_WORKER_ID');
  const mode = required('JOB_WORKER_MODE') as Mode;
  const run = { locked: runLocked, unlocked: runUnlocked, batched: (db: Kysely<Database>, id: string) => runLocked(db, id, 16), hold: runHolding }[mode];
  if (run === undefined) throw new Error(`unknown JOB_WORKER_MODE ${mode}`);

  const store = await openStore({ databaseUrl, migrate: false, poolSize: 1 });
  try {
    await sql`SELECT 1`.execute(store.db);
    const lines = createInterface({ input: process.stdin });
    const go = new Promise<void>((resolve, reject) => {
      lines.on('line', (line) => {
        if (line.trim() === 'go') resolve();
      });
      lines.on('close', () => reject(new Error('stdin closed before "go"')));
    });
    emit({ event: 'ready', workerId, pid: process.pid });
    await go;
    lines.close();
    const result = await run(store.db, workerId);
    emit({ event: 'finished', workerId, ...result });
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  emit({ event: 'error', workerId: process.env.JOB_WORKER_ID ?? '?', message: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
});
