import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openStore } from '../src/store/index.ts';
import { SPRING_1901_ORDERS, startGame } from '../test/judge/game-fixture.ts';
import type { DeadlineWorkerEvent } from '../test/support/deadline-worker.ts';
import { startLineWorker, type LineWorker } from '../test/support/line-worker.ts';
import { cpuMeter } from '../test/support/process-cpu.ts';
import { createScratchDatabase } from '../test/support/scratch-postgres.ts';
import { cloneGames } from '../test/support/clone-games.ts';
import { machineLine } from './machine.ts';

// npm run bench:deadlines -- --games N — a deadline storm: N active 7-player games on
// PostgreSQL whose timed events all fall due at the same minute, as when a community's games
// share a 23:30 deadline. One game is started through the judge (CREATE, seven JOINs) with
// njudge's default timing and every power's Spring 1901 orders in; it is copied N − 1 times in
// SQL (test/support/clone-games.ts); then every open job (deadline, reminders, early processing) is made due
// one minute before the scheduler's clock. --processes P scheduler processes (the job runner and
// the judge's game events, as in `dipjudge serve`: test/support/deadline-worker.ts) start
// together; the storm is over when no job is due any more. Printed: the time, events per second,
// games processed, mail queued, CPU per event of the schedulers and of PostgreSQL, the load.
//
// Options: --games N (2000), --processes P (1), --concurrency C (lanes per process, 4, as DIPJUDGE_JOB_CONCURRENCY),
// --batch B (jobs claimed and run per transaction, 16, as DIPJUDGE_JOB_BATCH),
// --keep (leave the database behind and print its URL, e.g. to EXPLAIN queries on it),
// --cpu-prof=DIR (each scheduler process writes a V8 CPU profile, DIR/daemon-<pid>.cpuprofile, when it exits).

const START = new Date('2026-01-05T12:00:00Z');
const WORKER_SCRIPT = new URL('../test/support/deadline-worker.ts', import.meta.url);

function option(argv: readonly string[], name: string, fallback: number): number {
  const at = argv.indexOf(`--${name}`);
  const text = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a positive whole number`);
  return value;
}

const argv = process.argv.slice(2);
const games = option(argv, 'games', 2000);
const processes = option(argv, 'processes', 1);
const concurrency = option(argv, 'concurrency', 4);
const batchSize = option(argv, 'batch', 16);
const keep = argv.includes('--keep');
const cpuProfileDir = argv.find((a) => a.startsWith('--cpu-prof='))?.slice('--cpu-prof='.length) ?? null;

console.log(machineLine());
console.log(
  `load average at the start: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
console.log(`deadline storm: ${games} games, ${processes} scheduler process(es) of ${concurrency} lane(s) each, batches of ${batchSize} jobs`);

const scratch = await createScratchDatabase('dipjudge_storm');
const store = await openStore({ databaseUrl: scratch.url });
const workers: LineWorker<DeadlineWorkerEvent>[] = [];
try {
  const prepared = performance.now();
  const { db } = store;
  const game = await startGame(db, '', () => START, { timing: 'njudge' });
  for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) await game.as(power, orders.join('\n'));
  await sql`UPDATE games SET name = 'storm' WHERE name = 'demo'`.execute(db);
  await cloneGames(scratch.url, { template: 'storm', copies: games - 1 });
  const latest = await sql<{ due: Date }>`SELECT max(due_at) AS due FROM jobs WHERE done_at IS NULL`.execute(db);
  const now = new Date(latest.rows[0]!.due.getTime() + 60_000);
  await sql`UPDATE jobs SET due_at = ${new Date(now.getTime() - 60_000)} WHERE done_at IS NULL`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  const jobs = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM jobs WHERE done_at IS NULL`.execute(db)).rows[0]!.n);
  const byKind = (await sql<{ kind: string; n: string }>`SELECT kind, count(*) AS n FROM jobs WHERE done_at IS NULL GROUP BY kind ORDER BY kind`.execute(db))
    .rows;
  const outboxBefore = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM outbox`.execute(db)).rows[0]!.n);
  console.log(`  prepared in ${((performance.now() - prepared) / 1000).toFixed(1)} s: ${jobs} jobs due (${byKind.map((k) => `${k.n} ${k.kind}`).join(', ')})`);

  for (let index = 1; index <= processes; index++) {
    workers.push(
      startLineWorker<DeadlineWorkerEvent>(WORKER_SCRIPT, `storm-${index}`, {
        DEADLINE_WORKER_DATABASE_URL: scratch.url,
        DEADLINE_WORKER_ID: `storm-${index}`,
        DEADLINE_WORKER_NOW: now.toISOString(),
        DEADLINE_WORKER_CONCURRENCY: String(concurrency),
        DEADLINE_WORKER_BATCH: String(batchSize),
        ...(cpuProfileDir !== null
          ? { NODE_OPTIONS: `--import=${path.resolve(import.meta.dirname, 'cpu-profile-preload.mjs')}`, DIPJUDGE_CPU_PROFILE_DIR: path.resolve(cpuProfileDir) }
          : {}),
      }),
    );
  }
  const pids = new Set((await Promise.all(workers.map((w) => w.next('ready')))).map((ready) => ready.pid));
  const meter = cpuMeter({
    schedulers: (_command, pid) => pids.has(pid),
    'PostgreSQL backends': (command) => command.startsWith('postgres:') && command.includes(` ${scratch.name} `),
  });
  const started = performance.now();
  for (const worker of workers) worker.send('go');
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const due = await sql<{ n: string }>`SELECT count(*) AS n FROM jobs WHERE done_at IS NULL AND due_at <= ${now}`.execute(db);
    if (Number(due.rows[0]!.n) === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const reading = meter.read();
  const load = os.loadavg();
  for (const worker of workers) worker.send('stop');
  const finished = await Promise.all(workers.map((w) => w.next('finished')));
  // Each worker exits by itself once finished (its exit hooks, e.g. a CPU profiler's, run then).
  await Promise.race([Promise.all(workers.map((w) => w.exited)), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  const handled = finished.reduce((sum, f) => sum + f.handled, 0);
  const failed = finished.reduce((sum, f) => sum + f.failed, 0);
  const processed = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM games WHERE current_phase <> 'S1901M'`.execute(db)).rows[0]!.n);
  const queued = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM outbox`.execute(db)).rows[0]!.n) - outboxBefore;
  const perEvent = (cpu: number | null) => (cpu === null ? '?' : `${((1000 * cpu) / handled).toFixed(2)} ms`);
  const cores = (cpu: number | null) => (cpu === null ? '?' : (cpu / reading.elapsed).toFixed(2));
  const ours = (reading.groups.schedulers ?? 0) + (reading.groups['PostgreSQL backends'] ?? 0);
  console.log(
    `  storm over in ${seconds.toFixed(1)} s: ${handled} events handled (${(handled / seconds).toFixed(0)} events/s, ${failed} failed), ${processed} of ${games} games processed (${(processed / seconds).toFixed(0)} games/s), ${queued} mails queued`,
  );
  console.log(`    per process: ${finished.map((f) => `${f.workerId} ${f.handled}`).join(', ')}`);
  console.log(
    `    CPU in cores (of ${os.cpus().length}): schedulers ${cores(reading.groups.schedulers ?? null)}, PostgreSQL ${cores(reading.groups['PostgreSQL backends'] ?? null)}, everything else ${reading.machineBusy === null ? '?' : cores(Math.max(0, reading.machineBusy - ours))}`,
  );
  console.log(
    `    CPU per event: schedulers ${perEvent(reading.groups.schedulers ?? null)}, PostgreSQL ${perEvent(reading.groups['PostgreSQL backends'] ?? null)}`,
  );
  console.log(`    load average at the end: ${load.map((l) => l.toFixed(2)).join(', ')}`);
  console.log(
    `  goal: ${games} games processed and queued within 60 s: ${processed === games && seconds <= 60 ? 'met' : 'MISSED'} (${seconds.toFixed(1)} s; 10,000 games need >= 170 events/s)`,
  );
} finally {
  for (const worker of workers) worker.child.kill('SIGKILL');
  await store.close();
  if (keep) console.log(`  database kept: ${scratch.url}`);
  else await scratch.drop();
}
process.exit(0);
