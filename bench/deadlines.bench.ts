import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { attachmentBytes } from '../src/judge/reports/map-pictures.ts';
import { DELIVERY_FAILURE_NOTICES } from '../src/mail/delivery-failure-notice.ts';
import { createSmtpSender, SENDER_DEFAULTS, type MailTransport } from '../src/mail/smtp-sender.ts';
import { openStore, type Database } from '../src/store/index.ts';
import { outboxQueue } from '../src/store/outbox-queue.ts';
import { SPRING_1901_ORDERS, startGame } from '../test/judge/game-fixture.ts';
import type { DeadlineWorkerEvent } from '../test/support/deadline-worker.ts';
import { startLineWorker, type LineWorker } from '../test/support/line-worker.ts';
import { cpuMeter } from '../test/support/process-cpu.ts';
import { createScratchDatabase, type ScratchDatabase } from '../test/support/scratch-postgres.ts';
import { cloneGames } from '../test/support/clone-games.ts';
import { calibrationMs, machineLine } from './machine.ts';

// npm run bench:deadlines -- --games N — a deadline storm: N active 7-player games on
// PostgreSQL whose timed events all fall due at the same minute, as when a community's games
// share a 23:30 deadline. One game is started through the judge (CREATE, seven JOINs) with
// njudge's default timing and every power's Spring 1901 orders in; it is copied N − 1 times in
// SQL (test/support/clone-games.ts) into a template database; then every open job (deadline,
// reminders, early processing) is made due one minute before the scheduler's clock. For each
// count of --processes (e.g. 1,2,4) a fresh copy of the template is stormed by that many scheduler
// processes (the job runner and the judge's game events, as in `dipjudge serve`:
// test/support/deadline-worker.ts) started together; the storm is over when no job is due any more.
//
// Printed side by side for each count: the time, events per second, SQL statements per event (a
// figure the machine's load does not change), CPU per event of the schedulers and of PostgreSQL,
// and that CPU in units of the machine's calibration (machine.ts), taken in the same run before and
// after: the bench's own baseline of the day. Then what the storm left to the outbox sender: the
// map pictures to draw (a sample drawn and timed, the rest estimated), and one sender round with a
// reply queued after the storm's mails, to show it goes out in the first round instead of waiting
// for every picture (sql/033). Last, what the figures predict for a machine with more cores.
//
// Options: --games N (2000), --processes P[,P…] (1), --concurrency C (lanes per process, 4, as
// DIPJUDGE_JOB_CONCURRENCY), --batch B (jobs claimed and run per transaction, 16, as
// DIPJUDGE_JOB_BATCH), --pictures K (pictures drawn to time them, 30), --keep (leave the last storm's
// database behind and print its URL, e.g. to EXPLAIN queries on it), --cpu-prof=DIR (each scheduler
// process writes a V8 CPU profile, DIR/daemon-<pid>.cpuprofile, when it exits).

const START = new Date('2026-01-05T12:00:00Z');
const WORKER_SCRIPT = new URL('../test/support/deadline-worker.ts', import.meta.url);
/** A processed turn's statements before issue 35 (test/judge/deadline-event-cost.test.ts), in a batch: the baseline of the count. */
const STATEMENTS_BEFORE = { single: 16, inBatch: 14 };

function option(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

function wholeNumbers(argv: readonly string[], name: string, fallback: string): number[] {
  const text = option(argv, name) ?? fallback;
  const values = text.split(',').map(Number);
  if (values.some((value) => !Number.isInteger(value) || value < 1)) throw new Error(`--${name} needs positive whole numbers (e.g. 1,2,4), not '${text}'`);
  return values;
}

function wholeNumber(argv: readonly string[], name: string, fallback: number): number {
  const values = wholeNumbers(argv, name, String(fallback));
  if (values.length !== 1) throw new Error(`--${name} takes one number`);
  return values[0]!;
}

const argv = process.argv.slice(2);
const games = wholeNumber(argv, 'games', 2000);
const processCounts = wholeNumbers(argv, 'processes', '1');
const concurrency = wholeNumber(argv, 'concurrency', 4);
const batchSize = wholeNumber(argv, 'batch', 16);
const pictureSample = wholeNumber(argv, 'pictures', 30);
const keep = argv.includes('--keep');
const cpuProfileDir = argv.find((a) => a.startsWith('--cpu-prof='))?.slice('--cpu-prof='.length) ?? null;

const loadText = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const count = async (db: Kysely<Database>, query: ReturnType<typeof sql<{ n: string }>>) => Number((await query.execute(db)).rows[0]!.n);

interface StormFigures {
  readonly processes: number;
  readonly seconds: number;
  readonly handled: number;
  readonly failed: number;
  readonly processed: number;
  readonly queued: number;
  readonly statements: number;
  /** CPU seconds over the storm. */
  readonly schedulers: number | null;
  readonly postgres: number | null;
  readonly elsewhere: number | null;
  readonly elapsed: number;
  readonly perProcess: readonly string[];
  readonly load: string;
}

console.log(machineLine());
console.log(`load average at the start: ${loadText()}`);
console.log(`deadline storm: ${games} games, ${processCounts.join(' / ')} scheduler process(es) of ${concurrency} lane(s) each, batches of ${batchSize} jobs`);
const calibrationBefore = calibrationMs();
console.log(`calibration (the day's baseline, machine.ts): ${calibrationBefore.toFixed(1)} ms of CPU`);

const template = await createScratchDatabase('dipjudge_storm_template');
let last: ScratchDatabase | null = null;
const workers: LineWorker<DeadlineWorkerEvent>[] = [];
try {
  const prepared = performance.now();
  const now = await prepareTemplate(template);
  console.log(`  prepared in ${((performance.now() - prepared) / 1000).toFixed(1)} s`);

  const figures: StormFigures[] = [];
  for (const [index, processes] of processCounts.entries()) {
    const scratch = await createScratchDatabase('dipjudge_storm', { template: template.name });
    try {
      figures.push(await storm(scratch, processes, now));
    } finally {
      if (index === processCounts.length - 1) last = scratch;
      else await scratch.drop();
    }
  }
  const calibrationAfter = calibrationMs();
  printFigures(figures, calibrationBefore, calibrationAfter);
  await afterTheStorm(last!);
  console.log(`calibration after: ${calibrationMs().toFixed(1)} ms of CPU; load average at the end: ${loadText()}`);
} finally {
  for (const worker of workers) worker.child.kill('SIGKILL');
  await template.drop();
  if (keep && last) console.log(`  database kept: ${last.url}`);
  else await last?.drop();
}
process.exit(0);

/** The template database: one game through the judge, copied; every open job due a minute before the returned clock. */
async function prepareTemplate(database: ScratchDatabase): Promise<Date> {
  const store = await openStore({ databaseUrl: database.url });
  try {
    const { db } = store;
    const game = await startGame(db, '', () => START, { timing: 'njudge' });
    for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) await game.as(power, orders.join('\n'));
    await sql`UPDATE games SET name = 'storm' WHERE name = 'demo'`.execute(db);
    await cloneGames(database.url, { template: 'storm', copies: games - 1 });
    const latest = await sql<{ due: Date }>`SELECT max(due_at) AS due FROM jobs WHERE done_at IS NULL`.execute(db);
    const now = new Date(latest.rows[0]!.due.getTime() + 60_000);
    await sql`UPDATE jobs SET due_at = ${new Date(now.getTime() - 60_000)} WHERE done_at IS NULL`.execute(db);
    await sql`VACUUM ANALYZE`.execute(db);
    const byKind = (await sql<{ kind: string; n: string }>`SELECT kind, count(*) AS n FROM jobs WHERE done_at IS NULL GROUP BY kind ORDER BY kind`.execute(db))
      .rows;
    console.log(`  ${byKind.reduce((sum, k) => sum + Number(k.n), 0)} jobs due (${byKind.map((k) => `${k.n} ${k.kind}`).join(', ')})`);
    return now;
  } finally {
    await store.close();
  }
}

/** One storm on a fresh copy of the template by `processes` scheduler processes. */
async function storm(scratch: ScratchDatabase, processes: number, now: Date): Promise<StormFigures> {
  const store = await openStore({ databaseUrl: scratch.url, migrate: false });
  const started: LineWorker<DeadlineWorkerEvent>[] = [];
  try {
    const { db } = store;
    const outboxBefore = await count(db, sql`SELECT count(*) AS n FROM outbox`);
    for (let index = 1; index <= processes; index++) {
      const worker = startLineWorker<DeadlineWorkerEvent>(WORKER_SCRIPT, `storm-${index}`, {
        DEADLINE_WORKER_DATABASE_URL: scratch.url,
        DEADLINE_WORKER_ID: `storm-${index}`,
        DEADLINE_WORKER_NOW: now.toISOString(),
        DEADLINE_WORKER_CONCURRENCY: String(concurrency),
        DEADLINE_WORKER_BATCH: String(batchSize),
        ...(cpuProfileDir !== null
          ? { NODE_OPTIONS: `--import=${path.resolve(import.meta.dirname, 'cpu-profile-preload.mjs')}`, DIPJUDGE_CPU_PROFILE_DIR: path.resolve(cpuProfileDir) }
          : {}),
      });
      started.push(worker);
      workers.push(worker);
    }
    const pids = new Set((await Promise.all(started.map((w) => w.next('ready')))).map((ready) => ready.pid));
    const meter = cpuMeter({
      schedulers: (_command, pid) => pids.has(pid),
      'PostgreSQL backends': (command) => command.startsWith('postgres:') && command.includes(` ${scratch.name} `),
    });
    const begun = performance.now();
    for (const worker of started) worker.send('go');
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      if ((await count(db, sql`SELECT count(*) AS n FROM jobs WHERE done_at IS NULL AND due_at <= ${now}`)) === 0) break;
    }
    const seconds = (performance.now() - begun) / 1000;
    const reading = meter.read();
    const load = loadText();
    for (const worker of started) worker.send('stop');
    const finished = await Promise.all(started.map((w) => w.next('finished')));
    // Each worker exits by itself once finished (its exit hooks, e.g. a CPU profiler's, run then).
    await Promise.race([Promise.all(started.map((w) => w.exited)), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    const schedulers = reading.groups.schedulers ?? null;
    const postgres = reading.groups['PostgreSQL backends'] ?? null;
    return {
      processes,
      seconds,
      handled: finished.reduce((sum, f) => sum + f.handled, 0),
      failed: finished.reduce((sum, f) => sum + f.failed, 0),
      processed: await count(db, sql`SELECT count(*) AS n FROM games WHERE current_phase <> 'S1901M'`),
      queued: (await count(db, sql`SELECT count(*) AS n FROM outbox`)) - outboxBefore,
      statements: finished.reduce((sum, f) => sum + f.statements, 0),
      schedulers,
      postgres,
      elsewhere: reading.machineBusy === null ? null : Math.max(0, reading.machineBusy - (schedulers ?? 0) - (postgres ?? 0)),
      elapsed: reading.elapsed,
      perProcess: finished.map((f) => `${f.workerId} ${f.handled}`),
      load,
    };
  } finally {
    for (const worker of started) worker.child.kill('SIGKILL');
    await store.close();
  }
}

function printFigures(figures: readonly StormFigures[], before: number, after: number): void {
  const calibration = (before + after) / 2;
  const ms = (cpu: number | null, events: number) => (cpu === null ? null : (1000 * cpu) / events);
  const text = (value: number | null, digits = 2) => (value === null ? '?' : value.toFixed(digits));
  console.log(
    `\nfigures of this run (calibration ${before.toFixed(1)} ms before, ${after.toFixed(1)} ms after; ×cal: CPU per event ÷ the calibration, the machine's speed in this run):`,
  );
  console.log('  processes  storm s  events/s  statements/event  scheduler ms/event  PostgreSQL ms/event  total ms/event  total ×cal  cores busy  load at end');
  for (const f of figures) {
    const scheduler = ms(f.schedulers, f.handled);
    const postgres = ms(f.postgres, f.handled);
    const total = scheduler === null || postgres === null ? null : scheduler + postgres;
    const busy = f.schedulers === null || f.postgres === null ? null : (f.schedulers + f.postgres) / f.elapsed;
    console.log(
      `  ${String(f.processes).padStart(9)}  ${f.seconds.toFixed(1).padStart(7)}  ${(f.handled / f.seconds).toFixed(0).padStart(8)}  ${(f.statements / f.handled).toFixed(2).padStart(16)}  ${text(scheduler).padStart(18)}  ${text(postgres).padStart(19)}  ${text(total).padStart(14)}  ${text(total === null ? null : total / calibration, 3).padStart(10)}  ${text(busy).padStart(10)}  ${f.load}`,
    );
    console.log(
      `             ${f.handled} events (${f.failed} failed), ${f.processed} of ${games} games processed, ${f.queued} mails queued; per process: ${f.perProcess.join(', ')}; everything else on the machine ${text(f.elsewhere === null ? null : f.elsewhere / f.elapsed)} cores`,
    );
  }
  console.log(
    `  baseline of the count: ${STATEMENTS_BEFORE.single} statements for a lone turn and ${STATEMENTS_BEFORE.inBatch} per event in a batch before issue 35 (the claim's share aside); the same run's calibration is the baseline of the CPU figures`,
  );
  const first = figures[0]!;
  const firstTotal = first.schedulers === null || first.postgres === null ? null : (1000 * (first.schedulers + first.postgres)) / first.handled;
  if (firstTotal !== null) {
    const tenThousand = (10_000 * firstTotal) / 1000;
    console.log(
      `  goal: 10,000 games within 45 s: needs ${(10_000 / 45).toFixed(0)} events/s; at ${firstTotal.toFixed(2)} ms of CPU per event a storm of 10,000 games is ${tenThousand.toFixed(0)} s of CPU, so ≥ ${(tenThousand / 45).toFixed(2)} cores busy for 45 s`,
    );
    console.log('  prediction for more cores (CPU bound, PostgreSQL on the same machine, no other load):');
    for (const cores of [2, 4, 8, 16]) {
      const perSecond = (1000 * cores) / firstTotal;
      console.log(`    ${String(cores).padStart(2)} cores: ≈ ${perSecond.toFixed(0)} events/s, 10,000 games in ≈ ${(10_000 / perSecond).toFixed(0)} s`);
    }
    for (const f of figures.slice(1)) {
      const total = f.schedulers === null || f.postgres === null ? null : (1000 * (f.schedulers + f.postgres)) / f.handled;
      if (total !== null) {
        console.log(
          `  ${f.processes} processes cost ${(((total - firstTotal) / firstTotal) * 100).toFixed(0)} % CPU per event beyond 1 (${total.toFixed(2)} against ${firstTotal.toFixed(2)} ms)`,
        );
      }
    }
  }
}

/**
 * What the storm left to the outbox sender: its pictures, a sample drawn and timed; and one sender
 * round with a reply queued after the storm's mail, which goes out in that round.
 */
async function afterTheStorm(scratch: ScratchDatabase): Promise<void> {
  const store = await openStore({ databaseUrl: scratch.url, migrate: false });
  try {
    const { db } = store;
    const pending = await count(db, sql`SELECT count(*) AS n FROM outbox WHERE status = 'pending' AND drawing`);
    const sample = await db.selectFrom('outbox').select('attachments').where('drawing', '=', true).orderBy('id').limit(pictureSample).execute();
    let bytes = 0;
    const started = process.cpuUsage();
    for (const row of sample) for (const attachment of row.attachments) bytes += attachmentBytes(attachment)?.length ?? 0;
    const used = process.cpuUsage(started);
    const perPicture = (used.user + used.system) / 1000 / sample.length;
    const total = (perPicture * pending) / 1000;
    console.log(`\nafter the storm: ${pending} mails with a map picture to draw, in the outbox sender (not in the storm's figures above)`);
    console.log(
      `  ${sample.length} drawn: ${perPicture.toFixed(1)} ms of CPU and ${(bytes / sample.length / 1024).toFixed(0)} KB each (×cal ${(perPicture / calibrationBefore).toFixed(3)}); all ${pending}: ≈ ${total.toFixed(0)} s of one core`,
    );
    // A reply to a player, queued after the storm's mail: the sender's next round sends it.
    await db
      .insertInto('outbox')
      .values({ message_id: '<storm-reply@judge.example>', to_addresses: ['player@players.example'], subject: 'reply', body: 'Your orders', kind: 'reply' })
      .execute();
    const transport: MailTransport = { sendMail: async (mail) => ({ accepted: [String(mail.to)], rejected: [] }) };
    const sender = createSmtpSender({
      queue: outboxQueue(db, DELIVERY_FAILURE_NOTICES),
      from: { name: 'Judge', address: 'judge@judge.example' },
      workerId: 'storm-sender',
      transport,
    });
    try {
      // Rounds until the reply is sent (the mail queued before the storm, the games' starts, goes first).
      const roundStarted = performance.now();
      const cpuStarted = process.cpuUsage();
      let rounds = 0;
      let sent = 0;
      for (;;) {
        const round = await sender.drainOnce();
        rounds += 1;
        sent += round.sent;
        const reply = await db.selectFrom('outbox').select('status').where('message_id', '=', '<storm-reply@judge.example>').executeTakeFirstOrThrow();
        if (reply.status !== 'pending' || round.sent + round.retried + round.dead === 0) break;
      }
      const roundCpu = process.cpuUsage(cpuStarted);
      const roundMs = performance.now() - roundStarted;
      const drawn = await count(db, sql`SELECT count(*) AS n FROM outbox WHERE status <> 'pending' AND drawing`);
      const reply = await db.selectFrom('outbox').select('status').where('message_id', '=', '<storm-reply@judge.example>').executeTakeFirstOrThrow();
      const rate = 1000 / perPicture;
      console.log(
        `  the sender (rounds of ${SENDER_DEFAULTS.batchSize} mails, at most ${SENDER_DEFAULTS.picturesPerRound} pictures): the reply queued after the storm ${reply.status} after ${rounds} round(s), ${sent} mails (${drawn} of them with a picture) in ${roundMs.toFixed(0)} ms (${((roundCpu.user + roundCpu.system) / 1000).toFixed(0)} ms CPU)`,
      );
      console.log(
        `  before sql/033 the sender took mail in queue order: that reply waited for all ${pending} pictures, ≈ ${total.toFixed(0)} s of drawing; now mail without a picture waits at most one round of ${SENDER_DEFAULTS.picturesPerRound} pictures (≈ ${(SENDER_DEFAULTS.picturesPerRound * perPicture).toFixed(0)} ms), and the pictures go out at ≈ ${rate.toFixed(0)} a second of the sender's core`,
      );
    } finally {
      await sender.close();
    }
  } finally {
    await store.close();
  }
}
