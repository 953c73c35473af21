import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { onScheduledGameEvent } from '../../src/judge/kinds/events.ts';
import { startJobRunner } from '../../src/store/job-queue.ts';
import { gameEventOf, judgeTransaction } from '../../src/store/judge-store.ts';
import { openStore } from '../../src/store/index.ts';
import { TEST_JUDGE } from '../judge/game-fixture.ts';

// A scheduler process as `dipjudge serve` runs one: the job runner on real PostgreSQL, each due
// job handed to the judge's onScheduledGameEvent in the job's own transaction. For
// test/daemon/deadline-two-process.test.ts. Run as `node --import tsx test/support/deadline-worker.ts`
// with DEADLINE_WORKER_DATABASE_URL, DEADLINE_WORKER_ID and DEADLINE_WORKER_NOW (the fake clock,
// ISO 8601) set.
//
// One JSON event per line on stdout: `ready` once connected, then it waits for `go` on stdin (so
// that the processes start together), runs jobs until `stop` arrives on stdin, lets the job in
// hand finish and prints `finished` with how many game events it handled.

export type DeadlineWorkerEvent =
  | { readonly event: 'ready'; readonly workerId: string; readonly pid: number }
  | { readonly event: 'finished'; readonly workerId: string; readonly handled: number; readonly failed: number; readonly statements: number }
  | { readonly event: 'error'; readonly workerId: string; readonly message: string };

function emit(event: DeadlineWorkerEvent): void {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
}

async function main(): Promise<void> {
  const databaseUrl = required('DEADLINE_WORKER_DATABASE_URL');
  const workerId = required('DEADLINE_WORKER_ID');
  const now = new Date(required('DEADLINE_WORKER_NOW'));
  if (Number.isNaN(now.getTime())) throw new Error('DEADLINE_WORKER_NOW is not a date');

  // The benchmark (bench/deadlines.bench.ts) sets these; the test keeps one lane, in batches as
  // `serve` runs them by default (DIPJUDGE_JOB_BATCH).
  const concurrency = Number(process.env.DEADLINE_WORKER_CONCURRENCY ?? '1');
  const batchSize = Number(process.env.DEADLINE_WORKER_BATCH ?? '16');
  const store = await openStore({ databaseUrl, migrate: false, poolSize: Math.max(2, concurrency + 1) });
  try {
    await sql`SELECT 1`.execute(store.db);
    // Loaded before the start, so that the first deadline does not pay for reading the map.
    loadVariant('standard');
    const lines = createInterface({ input: process.stdin });
    let go!: () => void;
    let stop!: () => void;
    const going = new Promise<void>((resolve) => (go = resolve));
    const stopping = new Promise<void>((resolve) => (stop = resolve));
    lines.on('line', (line) => {
      if (line.trim() === 'go') go();
      if (line.trim() === 'stop') stop();
    });
    emit({ event: 'ready', workerId, pid: process.pid });
    await going;

    let handled = 0;
    let failed = 0;
    // Every SQL statement the scheduler sends, for the benchmark's statements per event.
    let statements = 0;
    const counted = store.db.withPlugin({
      transformQuery: ({ node }) => {
        statements += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const runner = startJobRunner({
      db: counted,
      now: () => now,
      workerId,
      pollMs: 20,
      concurrency,
      batchSize,
      logger: {
        info: () => undefined,
        warn: (bindings) => {
          failed += 1;
          process.stderr.write(`${JSON.stringify(bindings)}\n`);
        },
        error: (bindings) => {
          failed += 1;
          process.stderr.write(`${JSON.stringify(bindings)}\n`);
        },
      },
      // What serve.ts does with a job: the game's event, in the job's transaction.
      handle: async (trx, job) => {
        const event = gameEventOf(job);
        if (event === null) return;
        await onScheduledGameEvent(judgeTransaction(trx, { messageIdDomain: 'judge.example' }), TEST_JUDGE, event, now);
        handled += 1;
      },
    });
    await stopping;
    await runner.stop();
    lines.close();
    emit({ event: 'finished', workerId, handled, failed, statements });
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  emit({ event: 'error', workerId: process.env.DEADLINE_WORKER_ID ?? '?', message: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
});
