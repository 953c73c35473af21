import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import pino from 'pino';
import { loadVariant } from '../src/catalog/variant-catalog.ts';
import { loadConfig } from '../src/config/config.ts';
import { serve } from '../src/daemon/serve.ts';
import { eml } from '../test/judge/mail-builder.ts';
import { startDaemonProcess, type DaemonLogEntry } from '../test/support/daemon-process.ts';
import { startDovecot } from '../test/support/dovecot.ts';
import { imapAppender, type ImapAppender } from '../test/support/imap-appender.ts';
import { cpuMeter, type CpuMeter } from '../test/support/process-cpu.ts';
import { trackReplies, type ReplyTracker } from '../test/support/reply-tracker.ts';
import { createScratchDatabase } from '../test/support/scratch-postgres.ts';
import { startSmtpCapture } from '../test/support/smtp-capture.ts';
import { cloneGames } from '../test/support/clone-games.ts';
import { calibrationMs, machineLine } from './machine.ts';

// npm run bench:mail — the whole mail path of `dipjudge serve`: mail APPENDed to a throwaway
// Dovecot, read by the IMAP intake, judged (the mail waiting together in groups of up to 50,
// one transaction each), queued in the outbox and sent to an in-process SMTP capture, which
// keeps replies raw; they are parsed and checked after the timing. Two runs per database:
//   - burst: N mails APPENDed to a staging mailbox, then moved into INBOX with one UID MOVE,
//     so all arrive at once (one connection APPENDs only ~100–200 mails/s here, which would
//     cap the figure); throughput is N / (last reply at the capture − start of the MOVE).
//     --burst=append APPENDs them straight into INBOX instead, one after the other;
//   - steady: mails offered at a fixed rate; latency is reply at the capture − APPEND done.
// The mix is mostly LIST, LIST game and HELP from distinct senders, plus one SIGNON with
// orders in 40 (each costs one scrypt verification, 30–75 ms on this class of machine).
//
// Before the timed runs an untimed burst of --warmup=W mails (400) lets V8 compile the daemon's
// code, as it is in a judge that has been running for a while (the first few hundred mails of
// a fresh process cost it half as much CPU again).
//
// The burst is timed --bursts=B times (3) and the median is the figure compared with the goal.
//
// --games=N (1) fills the database with N active 7-player games before the timed runs: the game
// 'bench' is made through the judge as always, then copied in SQL (test/support/clone-games.ts
// says how), so every mail runs against a judge of that size (PostgreSQL only). At every size the
// database also holds the same FORMING_GAMES forming games (copies too), so LIST shows the same
// 50 games and the same "more" line at 1 game as at 10,000: the sizes compare like with like.
// --games=1,10000 runs each size in turn (a fresh database each) and ends with their figures side
// by side, with the growth from the first size, and the machine's calibration (machine.ts) taken
// before and after each size: the bench's own baseline of the day.
//
// Options: --games=N (1), --processes=N (1), --messages=N (400), --warmup=W (400), --bursts=B (3), --rate=R (50), --rate-messages=M (400), --burst=staged|append
// (staged), --pglite (also run on PGlite), --child (run the daemon as `node bin/dipjudge.js
// serve` instead of in this process, so the capture and the appender do not share its event
// loop), --profile (in-process only: time the intake's IMAP commands and every SQL statement,
// to show where a mail's time goes), --cpu-prof=DIR (with --child: the daemon writes a V8 CPU
// profile into DIR when it stops, for Chrome DevTools or any .cpuprofile reader). Every reply
// is checked, so the figures time real work. --processes=N (with --child implied) starts N `serve`
// processes on the one PostgreSQL: one reads the mailbox and records the mail, all of them judge it
// (daemon/queued-mail.ts); the CPU lines then give each process's CPU per mail and their sum.
//
// A server with autovacuum off (this machine's test server) gets a VACUUM ANALYZE before each burst,
// untimed, as autovacuum would have given a judge that has been running a while.
//
// The machine may be shared: the CPU lines say how much of it went to the judge, Dovecot and
// the judge's PostgreSQL backends, and how much to everything else.

interface BenchOptions {
  readonly messages: number;
  /** Active games in the database while timing (the bench game and copies of it); one run per size. */
  readonly games: readonly number[];
  readonly warmup: number;
  /** Timed bursts; the median is the figure (one burst on a shared machine is noisy). */
  readonly bursts: number;
  readonly rate: number;
  readonly rateMessages: number;
  readonly backends: readonly Backend[];
  readonly daemon: 'in-process' | 'child';
  /** --processes=N: N child `serve` processes on the one PostgreSQL (one reads the mailbox, all judge). */
  readonly processes: number;
  readonly profile: boolean;
  readonly burst: 'staged' | 'append';
  /** --cpu-prof=DIR: the child daemon writes a V8 CPU profile there when it stops. */
  readonly cpuProfileDir: string | null;
}

type Backend = 'postgres' | 'pglite';
type MailKind = 'setup' | 'LIST' | 'LIST game' | 'HELP' | 'SIGNON+orders';

/** What a reply to each kind says when the command worked: the bench must time real work. */
const EXPECTED_REPLY: Readonly<Record<MailKind, RegExp>> = {
  setup: /has been created|You have joined game/,
  LIST: /games on this judge taking players/i,
  'LIST game': /Game 'bench' order #001 \(S1901M\): Standard, active\./,
  HELP: /dipjudge understands the e-mail commands/,
  'SIGNON+orders': /Movement orders for Spring of 1901[\s\S]*HOLD\./,
};

interface BenchMail {
  readonly messageId: string;
  readonly kind: MailKind;
  readonly raw: string;
}

interface Judged {
  /** The daemon's "message handled" lines in order: judge time in ms and the size of the mail's group. */
  readonly entries: { readonly ms: number; readonly group: number }[];
  /** When each mail's "message handled" line arrived (performance.now()), by Message-ID. */
  readonly at: Map<string, number>;
  /** The sender's rounds ("outbox batch done"): how many mails each claimed. */
  readonly sendRounds: number[];
}

interface Sample {
  readonly mail: BenchMail;
  readonly appendedAt: number;
}

const GAME = 'bench';
const MASTER = 'gm@players.example';
const variant = loadVariant('standard');
// Austria never orders, so the game never processes and every SIGNON mail costs the same.
const ORDERING_POWERS = variant.powers.filter((p) => p.name !== 'Austria');
const passwordOf = (powerId: string) => `pw-${powerId.toLowerCase()}`;
const playerOf = (powerId: string) => `${powerId.toLowerCase()}@players.example`;

/** --games=N or --games=N,M,…: the sizes to run, each a positive whole number. */
function sizes(argv: readonly string[]): number[] {
  const at = argv.indexOf('--games');
  const given = at >= 0 && argv[at + 1] !== undefined ? argv[at + 1]! : argv.find((a) => a.startsWith('--games='))?.slice('--games='.length);
  if (given === undefined) return [1];
  const values = given.split(',').map(Number);
  if (values.some((v) => !Number.isInteger(v) || v < 1)) throw new Error(`--games needs positive whole numbers separated by commas, not '${given}'`);
  return values;
}

function parseOptions(argv: readonly string[]): BenchOptions {
  const value = (name: string, fallback: number): number => {
    // --name=N or --name N
    const at = argv.indexOf(`--${name}`);
    const given = at >= 0 && argv[at + 1] !== undefined ? `--${name}=${argv[at + 1]}` : argv.find((a) => a.startsWith(`--${name}=`));
    if (given === undefined) return fallback;
    const parsed = Number(given.slice(name.length + 3));
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${name} needs a positive whole number`);
    return parsed;
  };
  return {
    messages: value('messages', 400),
    games: sizes(argv),
    warmup: value('warmup', 400),
    bursts: value('bursts', 3),
    rate: value('rate', 50),
    rateMessages: value('rate-messages', 400),
    backends: argv.includes('--pglite') ? ['postgres', 'pglite'] : ['postgres'],
    daemon: argv.includes('--child') || value('processes', 1) > 1 ? 'child' : 'in-process',
    processes: value('processes', 1),
    profile: argv.includes('--profile') && !argv.includes('--child'),
    burst: argv.includes('--burst=append') ? 'append' : 'staged',
    cpuProfileDir: argv.find((a) => a.startsWith('--cpu-prof='))?.slice('--cpu-prof='.length) ?? null,
  };
}

// ------------------------------------------------------------------------------------------------
// Mails
// ------------------------------------------------------------------------------------------------

function benchMail(run: string, index: number): BenchMail {
  const messageId = `<${run}-${index}@players.example>`;
  const from = `${run}-${index}@players.example`;
  if (index % 40 === 39) {
    const power = ORDERING_POWERS[Math.floor(index / 40) % ORDERING_POWERS.length]!;
    const orders = variant
      .startingPosition()
      .units.filter((u) => u.power === power.id)
      .map((u) => `${u.type} ${u.location} H`);
    return {
      messageId,
      kind: 'SIGNON+orders',
      raw: eml(
        { from: playerOf(power.id), subject: `orders ${index}`, messageId },
        `SIGNON ${power.initial}${GAME} ${passwordOf(power.id)}\n${orders.join('\n')}`,
      ),
    };
  }
  const kind: MailKind = (['LIST', 'HELP', 'LIST game'] as const)[index % 3]!;
  const body = kind === 'LIST game' ? `LIST ${GAME}` : kind;
  return { messageId, kind, raw: eml({ from, subject: `${kind.toLowerCase()} ${index}`, messageId }, body) };
}

/** Forming games in the database at every size, so LIST has the same games to show (it shows 50 and says there are more). */
const FORMING_GAMES = 100;

/**
 * Marks `count` of the copies forming (seats and all), spread evenly: copy numbers step, 2·step, …
 * count·step of `copies`. Returns how many were marked.
 */
/**
 * What autovacuum would have done before a burst on a judge that runs a while: a server with it off
 * (this machine's test server) never analyzes, so the plans made while the tables were small (a few
 * rows) stay, and dead queue and outbox rows pile up, and a burst's PostgreSQL CPU grows with every
 * burst before it. Returns whether it stood in for autovacuum.
 */
async function vacuumIfNoAutovacuum(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ autovacuum: string }>('SHOW autovacuum');
    if (rows[0]?.autovacuum === 'on') return false;
    await client.query('VACUUM ANALYZE');
    return true;
  } finally {
    await client.end();
  }
}

async function setForming(databaseUrl: string, copies: number, count: number): Promise<number> {
  const step = Math.floor(copies / count);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const number = "substring(name from '[0-9]+$')::int";
    const result = await client.query(`UPDATE games SET status = 'forming' WHERE name ~ $1 AND ${number} % $2 = 0 AND ${number} <= $3`, [
      `^${GAME}-c[0-9]+$`,
      step,
      step * count,
    ]);
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

function setupMails(): BenchMail[] {
  const mails: BenchMail[] = [
    {
      messageId: '<setup-create@players.example>',
      kind: 'setup',
      raw: eml({ from: MASTER, messageId: '<setup-create@players.example>' }, `CREATE ${GAME} gmpass\nRULES POWER_CHOICE\nFORM`),
    },
  ];
  for (const power of variant.powers) {
    const messageId = `<setup-join-${power.id.toLowerCase()}@players.example>`;
    mails.push({
      messageId,
      kind: 'setup',
      raw: eml({ from: playerOf(power.id), messageId }, `JOIN ${power.name.toLowerCase()}@${GAME} ${passwordOf(power.id)}`),
    });
  }
  return mails;
}

/**
 * Throws unless every mail got the reply its command deserves (and no error report). The
 * capture keeps replies raw, so they are parsed here, after the timing.
 */
async function checkReplies(mails: readonly BenchMail[], tracker: ReplyTracker<null>): Promise<void> {
  for (const mail of mails) {
    const raw = tracker.repliesTo.get(mail.messageId)?.[0]?.message.raw;
    const text = raw === undefined ? '' : ((await simpleParser(raw)).text ?? '');
    if (!EXPECTED_REPLY[mail.kind].test(text) || /error/i.test(text)) {
      throw new Error(`the reply to ${mail.kind} ${mail.messageId} is not what the bench expects:\n${text}`);
    }
  }
}

// ------------------------------------------------------------------------------------------------
// Figures
// ------------------------------------------------------------------------------------------------

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(value < 10 ? 1 : 0)} ms`);

function latencies(samples: readonly Sample[], tracker: ReplyTracker<null>): number[] {
  return samples.map((s) => tracker.firstReplyAt(s.mail.messageId)! - s.appendedAt);
}

function describeLatency(values: readonly number[]): string {
  return `p50 ${ms(percentile(values, 0.5))}, p99 ${ms(percentile(values, 0.99))}, max ${ms(Math.max(...values))}`;
}

/** Median of APPEND → judged (intake + judge) and judged → reply at the capture (outbox + SMTP). */
function latencySplit(samples: readonly Sample[], rig: Rig): string {
  const judgedAt = samples.map((s) => rig.judged.at.get(s.mail.messageId));
  if (judgedAt.some((at) => at === undefined)) return '';
  const toJudged = samples.map((s, i) => judgedAt[i]! - s.appendedAt);
  const toReply = samples.map((s, i) => rig.tracker.firstReplyAt(s.mail.messageId)! - judgedAt[i]!);
  return `; APPEND → judged p50 ${ms(percentile(toJudged, 0.5))} p99 ${ms(percentile(toJudged, 0.99))}, judged → reply p50 ${ms(percentile(toReply, 0.5))} p99 ${ms(percentile(toReply, 0.99))}`;
}

function latencyByKind(samples: readonly Sample[], tracker: ReplyTracker<null>): string {
  const kinds = [...new Set(samples.map((s) => s.mail.kind))];
  return kinds
    .map((kind) => {
      const of = samples.filter((s) => s.mail.kind === kind);
      return `${kind} ×${of.length} p50 ${ms(percentile(latencies(of, tracker), 0.5))}`;
    })
    .join('; ');
}

// ------------------------------------------------------------------------------------------------
// Profile (--profile): wraps the IMAP commands the intake sends and pg's query(), so the time
// spent in each is summed. Only the intake's connection calls search, fetchAll, messageFlagsAdd
// and messageMove (one of each per round of up to 100 mails, read ahead and settled while the
// judge works, so their time overlaps the judge's); the appender only APPENDs and, for the
// staged burst, MOVEs once (counted among messageMove).
// ------------------------------------------------------------------------------------------------

interface Tally {
  count: number;
  ms: number;
}

const tallies = new Map<string, Tally>();

function tally(name: string, started: number): void {
  const entry = tallies.get(name) ?? { count: 0, ms: 0 };
  entry.count += 1;
  entry.ms += performance.now() - started;
  tallies.set(name, entry);
}

function installProfile(): void {
  const imap = ImapFlow.prototype as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const method of ['search', 'fetchAll', 'fetchOne', 'messageFlagsAdd', 'messageMove']) {
    const original = imap[method]!;
    imap[method] = async function (this: unknown, ...args: unknown[]) {
      const started = performance.now();
      try {
        return await original.apply(this, args);
      } finally {
        tally(`IMAP ${method}`, started);
      }
    };
  }
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    const result = query.apply(this, args);
    // Recurring statements go as named ones ({ text, values, name }: src/store/prepared-statements.ts).
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : '';
    if (result instanceof Promise)
      void result.then(
        () => tally(`SQL ${statementKind(text)}`, started),
        () => undefined,
      );
    return result;
  };
}

/** A short name for a statement: its verb and table. */
function statementKind(text: string): string {
  const head = text.trim().toLowerCase();
  const table = /^(?:select .*? from|insert into|update|delete from)\s+"?([a-z_]+)"?/s.exec(head)?.[1];
  const verb = head.split(/\s+/)[0] ?? '?';
  // A CTE names its first table and a few words of what it does, so statements stay apart.
  if (verb === 'with') return `with ${head.replace(/\s+/g, ' ').slice(5, 60)}`;
  if (verb === 'savepoint' || verb === 'release' || (verb === 'rollback' && head.includes('savepoint'))) return 'savepoint';
  return table ? `${verb} ${table}: ${head.replace(/\s+/g, ' ').replace(/"/g, '').slice(0, 70)}` : verb;
}

function printProfile(wall: number, mails: number): void {
  const rows = [...tallies.entries()].sort((a, b) => b[1].ms - a[1].ms);
  console.log(`    profile (summed over concurrent work; per mail = total / ${mails}):`);
  for (const [name, { count, ms: total }] of rows.slice(0, 24)) {
    console.log(
      `      ${name.padEnd(90)} ${String(count).padStart(5)}× ${ms(total / count).padStart(8)} each, ${ms(total / mails).padStart(8)} per mail, ${((100 * total) / wall).toFixed(0).padStart(3)}% of wall`,
    );
  }
  tallies.clear();
}

// ------------------------------------------------------------------------------------------------
// Runs
// ------------------------------------------------------------------------------------------------

interface Rig {
  readonly appender: ImapAppender;
  readonly tracker: ReplyTracker<null>;
  readonly judged: Judged;
  /** The judge's PostgreSQL database, or null on PGlite. */
  readonly databaseUrl: string | null;
  /** CPU of the judge, Dovecot, the judge's PostgreSQL backends and this process from now on. */
  cpu(): CpuMeter;
  stop(): Promise<void>;
}

async function startRig(backend: Backend, mode: BenchOptions['daemon'], cpuProfileDir: string | null, processes: number): Promise<Rig> {
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch((error: unknown) => console.error('cleanup failed:', error));
  };
  try {
    const dovecot = await startDovecot();
    cleanups.push(() => dovecot.stop());
    // Raw: parsing each reply on arrival would cost this process more CPU than receiving it.
    const capture = await startSmtpCapture({ parse: false });
    cleanups.push(() => capture.close());
    const tracker = trackReplies(capture);
    cleanups.push(async () => tracker.stop());
    const appender = imapAppender(dovecot);
    cleanups.push(() => appender.close());
    const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-mail-bench-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DIPJUDGE_DATA_DIR: path.join(root, 'pglite'),
      DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'),
      IMAP_URL: dovecot.url,
      SMTP_URL: capture.url,
      JUDGE_ADDRESS: 'judge@judge.example',
      ...(cpuProfileDir !== null
        ? { NODE_OPTIONS: `--import=${path.resolve(import.meta.dirname, 'cpu-profile-preload.mjs')}`, DIPJUDGE_CPU_PROFILE_DIR: path.resolve(cpuProfileDir) }
        : {}),
    };
    let databaseName: string | null = null;
    let databaseUrl: string | null = null;
    if (backend === 'postgres') {
      const scratch = await createScratchDatabase('dipjudge_bench');
      cleanups.push(() => scratch.drop());
      env.DATABASE_URL = scratch.url;
      databaseName = scratch.name;
      databaseUrl = scratch.url;
    }
    const judged: Judged = { entries: [], at: new Map(), sendRounds: [] };
    const onLog = (entry: DaemonLogEntry) => {
      if (entry.msg === 'outbox batch done' && typeof entry.claimed === 'number') judged.sendRounds.push(entry.claimed);
      if (entry.msg !== 'message handled') return;
      if (typeof entry.ms === 'number') judged.entries.push({ ms: entry.ms, group: typeof entry.group === 'number' ? entry.group : 1 });
      if (typeof entry.messageId === 'string' && !judged.at.has(entry.messageId)) judged.at.set(entry.messageId, performance.now());
    };
    const judgePids: number[] = [];
    if (mode === 'child') {
      for (let index = 0; index < processes; index++) {
        const daemon = await startDaemonProcess(env, { onLog, readyTimeoutMs: 60_000 });
        cleanups.push(() => daemon.stop());
        judgePids.push(daemon.pid);
      }
    } else {
      judgePids.push(process.pid);
      const running = await serve(loadConfig(env), pino({ level: 'info' }, logLines(onLog)));
      cleanups.push(() => running.stop());
    }
    const dovecotTitle = `dovecot-test-${dovecot.port}/`;
    const cpu = () =>
      cpuMeter(
        {
          ...Object.fromEntries(
            judgePids.map((judgePid, index) => [
              mode === 'child' ? (judgePids.length > 1 ? `judge ${index + 1}` : 'judge') : 'judge + capture + appender',
              (_command: string, pid: number) => pid === judgePid,
            ]),
          ),
          ...(mode === 'child' ? { 'capture + appender': (_command: string, pid: number) => pid === process.pid } : {}),
          Dovecot: (command) => command.startsWith(dovecotTitle) || command.includes(`${dovecot.dir}/dovecot.conf`),
          ...(databaseName ? { 'PostgreSQL backends': (command: string) => command.startsWith('postgres:') && command.includes(` ${databaseName} `) } : {}),
        },
        mode === 'child' && judgePids.length === 1 ? { threadsOf: judgePids[0]! } : {},
      );
    return { appender, tracker, judged, databaseUrl, cpu, stop: cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** A pino destination that hands each JSON line to `onLog` instead of printing it. */
function logLines(onLog: (entry: DaemonLogEntry) => void): Writable {
  let partial = '';
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop()!;
      for (const line of lines) {
        try {
          const entry = JSON.parse(line) as DaemonLogEntry;
          if (typeof entry.level === 'number' && entry.level >= 50) console.error(line);
          onLog(entry);
        } catch {
          // not JSON: ignore
        }
      }
      callback();
    },
  });
}

/**
 * Cores used by each group, and CPU ms per mail: on a shared machine the wall-clock figures
 * follow the others' load, while CPU per mail compares runs made under different loads.
 */
function describeCpu(meter: CpuMeter, mails: number): string {
  return cpuFigures(meter, mails).text;
}

/** CPU ms per mail of the judge process(es) together and of the judge's PostgreSQL backends (null: not known). */
interface CpuPerMail {
  readonly judge: number | null;
  readonly postgres: number | null;
}

function cpuFigures(meter: CpuMeter, mails: number): CpuPerMail & { readonly text: string } {
  const reading = meter.read();
  const cores = (seconds: number | null) => (seconds === null ? '?' : (seconds / reading.elapsed).toFixed(2));
  const perMail = (seconds: number | null) => (seconds === null ? '?' : ms((1000 * seconds) / mails));
  const ours = Object.values(reading.groups).reduce<number>((sum, value) => sum + (value ?? 0), 0);
  const parts = Object.entries(reading.groups).map(([name, seconds]) => `${name} ${cores(seconds)}`);
  if (reading.machineBusy !== null) parts.push(`everything else on the machine ${cores(Math.max(0, reading.machineBusy - ours))}`);
  const costs = Object.entries(reading.groups).map(([name, seconds]) => `${name} ${perMail(seconds)}`);
  const judges = Object.entries(reading.groups).filter(([name]) => name.startsWith('judge'));
  const judgesTogether =
    judges.length > 1 ? `, the ${judges.length} judge processes ${perMail(judges.reduce<number>((sum, [, seconds]) => sum + (seconds ?? 0), 0))}` : '';
  const judgeSeconds = judges.some(([, seconds]) => seconds === null) ? null : judges.reduce<number>((sum, [, seconds]) => sum + seconds!, 0);
  const postgresSeconds = reading.groups['PostgreSQL backends'] ?? null;
  // The judge's threads: its own (MainThread), the sender's, libuv's pool (scrypt) and V8's helpers (GC, compiler).
  const threads = reading.threads
    ? `\n    the judge's threads per mail: ${Object.entries(reading.threads)
        .filter(([, seconds]) => seconds > 0)
        .sort(([, a], [, b]) => b - a)
        .map(([name, seconds]) => `${name} ${perMail(seconds)}`)
        .join(', ')}`
    : '';
  return {
    text: `CPU in cores (of ${os.cpus().length}): ${parts.join(', ')}\n    CPU per mail: ${costs.join(', ')}${judgesTogether}, together ${perMail(ours)}${threads}`,
    judge: judgeSeconds === null ? null : (1000 * judgeSeconds) / mails,
    postgres: postgresSeconds === null ? null : (1000 * postgresSeconds) / mails,
  };
}

const STAGING = 'Staging';

interface Delivery {
  readonly started: number;
  /** When the last mail was in INBOX. */
  readonly delivered: number;
  readonly samples: readonly Sample[];
}

/** Puts the mails into INBOX: staged, then moved in at once, or appended one after the other. */
async function deliver(rig: Rig, mails: readonly BenchMail[], options: BenchOptions, beforeStart: () => void = () => undefined): Promise<Delivery> {
  if (options.burst === 'staged') {
    await rig.appender.ensureMailbox(STAGING);
    for (const mail of mails) await rig.appender.append(mail.raw, STAGING);
  }
  beforeStart();
  const started = performance.now();
  const samples: Sample[] = [];
  if (options.burst === 'staged') {
    const moved = await rig.appender.moveAllFrom(STAGING);
    if (moved !== mails.length) throw new Error(`moved ${moved} staged mails, expected ${mails.length}`);
    const arrived = performance.now();
    for (const mail of mails) samples.push({ mail, appendedAt: arrived });
  } else {
    for (const mail of mails) {
      await rig.appender.append(mail.raw);
      samples.push({ mail, appendedAt: performance.now() });
    }
  }
  return { started, delivered: performance.now(), samples };
}

/**
 * A burst like the measured one, untimed: the daemon's code is compiled by V8 as it first runs,
 * and a daemon that has been up for a while runs it compiled, so the timed runs start warm.
 */
async function warmUp(rig: Rig, mails: readonly BenchMail[], options: BenchOptions): Promise<void> {
  await deliver(rig, mails, options);
  await answered(rig, mails);
}

/** Waits until every mail has its reply, then checks the replies. */
async function answered(rig: Rig, mails: readonly BenchMail[]): Promise<void> {
  await rig.tracker.waitForReplies(
    mails.map((m) => m.messageId),
    300_000,
  );
  await checkReplies(mails, rig.tracker);
}

/** One timed burst's figures. */
interface BurstFigures extends CpuPerMail {
  readonly throughput: number;
}

async function burst(rig: Rig, mails: readonly BenchMail[], options: BenchOptions, run: number): Promise<BurstFigures> {
  const judgedBefore = rig.judged.entries.length;
  const roundsBefore = rig.judged.sendRounds.length;
  let meter: CpuMeter | null = null;
  let loopBefore = performance.eventLoopUtilization();
  const { started, delivered, samples } = await deliver(rig, mails, options, () => {
    meter = rig.cpu();
    loopBefore = performance.eventLoopUtilization();
    tallies.clear();
  });
  await rig.tracker.waitForReplies(
    mails.map((m) => m.messageId),
    300_000,
  );
  const lastReply = Math.max(...mails.map((m) => rig.tracker.firstReplyAt(m.messageId)!));
  const wall = lastReply - started;
  const loop = performance.eventLoopUtilization(loopBefore);
  const cpu = cpuFigures(meter!, mails.length);
  await checkReplies(mails, rig.tracker);
  const throughput = mails.length / (wall / 1000);
  const arrival =
    options.burst === 'staged'
      ? `moved into INBOX at once (UID MOVE took ${ms(delivered - started)})`
      : `appended in ${ms(delivered - started)} (${Math.round(mails.length / ((delivered - started) / 1000))}/s)`;
  console.log(`  burst ${run} of ${options.bursts}: ${mails.length} mails ${arrival}; last reply after ${ms(wall)}`);
  console.log(
    `    throughput ${throughput.toFixed(0)} msg/s (${ms(wall / mails.length)} per mail); latency arrival → reply ${describeLatency(latencies(samples, rig.tracker))} (all queued at once)`,
  );
  console.log(`    by kind: ${latencyByKind(samples, rig.tracker)}`);
  const judged = rig.judged.entries.slice(judgedBefore);
  const firstJudged = Math.min(...mails.map((m) => rig.judged.at.get(m.messageId) ?? Number.POSITIVE_INFINITY));
  const lastJudged = Math.max(...mails.map((m) => rig.judged.at.get(m.messageId) ?? Number.NEGATIVE_INFINITY));
  if (judged.length > 0 && Number.isFinite(firstJudged)) {
    // A group's mails share one transaction: the daemon logs them one after the other, each line
    // with the group's size and time.
    const groupMs: number[] = [];
    for (let index = 0; index < judged.length; index += judged[index]!.group) groupMs.push(judged[index]!.ms);
    console.log(
      `    judged in ${groupMs.length} transactions of ${(judged.length / groupMs.length).toFixed(1)} mails on average, p50 ${ms(percentile(groupMs, 0.5))}, p99 ${ms(percentile(groupMs, 0.99))} each; ` +
        `the first mail was judged ${ms(firstJudged - started)} after the move (Dovecot tells an IDLE client of new mail 0.5 s late), ` +
        `${(mails.length / ((lastReply - firstJudged) / 1000)).toFixed(0)} msg/s from then to the last reply; ` +
        `the last mail was judged ${ms(lastJudged - started)} after the move and its reply came ${ms(lastReply - lastJudged)} later`,
    );
  }
  const rounds = rig.judged.sendRounds.slice(roundsBefore);
  if (rounds.length > 0)
    console.log(`    sent in ${rounds.length} rounds of the sender, ${(rounds.reduce((a, b) => a + b, 0) / rounds.length).toFixed(1)} replies each on average`);
  console.log(`    ${cpu.text}`);
  console.log(`    this process's event loop ${(100 * loop.utilization).toFixed(0)}% busy`);
  if (options.profile) printProfile(wall, mails.length);
  return { throughput, judge: cpu.judge, postgres: cpu.postgres };
}

async function steady(rig: Rig, mails: readonly BenchMail[], rate: number): Promise<number> {
  const meter = rig.cpu();
  const samples: Sample[] = [];
  const started = performance.now();
  for (const [index, mail] of mails.entries()) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await rig.appender.append(mail.raw);
    samples.push({ mail, appendedAt: performance.now() });
  }
  const offeredFor = samples.at(-1)!.appendedAt - started;
  await rig.tracker.waitForReplies(
    mails.map((m) => m.messageId),
    300_000,
  );
  await checkReplies(mails, rig.tracker);
  const values = latencies(samples, rig.tracker);
  // The run starts after a quiet spell, so its first mails wait for Dovecot's late IDLE notice.
  const settled = samples.filter((sample) => sample.appendedAt - started >= 1000);
  console.log(`  steady: ${mails.length} mails offered at ${((mails.length - 1) / (offeredFor / 1000)).toFixed(1)}/s over ${ms(offeredFor)}`);
  console.log(`    latency APPEND → reply ${describeLatency(values)}${latencySplit(samples, rig)}`);
  if (settled.length > 0) console.log(`    after the first second (${settled.length} mails): ${describeLatency(latencies(settled, rig.tracker))}`);
  console.log(`    by kind: ${latencyByKind(samples, rig.tracker)}`);
  console.log(`    ${describeCpu(meter, mails.length)}`);
  return percentile(values, 0.99);
}

/** What one size on one backend gave: the median burst, and CPU per mail (medians over the bursts), with the calibration around it. */
interface SizeFigures {
  readonly backend: Backend;
  readonly games: number;
  readonly forming: number;
  readonly burst: number;
  readonly judge: number | null;
  readonly postgres: number | null;
  readonly p99: number;
  readonly calibration: readonly [number, number];
}

async function runBackend(backend: Backend, games: number, options: BenchOptions): Promise<SizeFigures> {
  const processes = backend === 'postgres' && options.processes > 1 ? ` (${options.processes} serve processes)` : '';
  console.log(
    `\n${backend === 'postgres' ? 'PostgreSQL (fresh database)' : 'PGlite (fresh data directory)'}, ${games} active game${games === 1 ? '' : 's'}, daemon ${options.daemon}${processes}:`,
  );
  const calibrationBefore = calibrationMs();
  const rigStarted = performance.now();
  const rig = await startRig(backend, options.daemon, options.cpuProfileDir, backend === 'postgres' ? options.processes : 1);
  try {
    const setup = setupMails();
    for (const mail of setup) await rig.appender.append(mail.raw);
    await answered(rig, setup);
    let forming = 0;
    if (rig.databaseUrl !== null) {
      // The same forming games at every size (see FORMING_GAMES): games − 1 active copies and FORMING_GAMES more.
      const copies = games - 1 + FORMING_GAMES;
      const cloning = performance.now();
      await cloneGames(rig.databaseUrl, { template: GAME, copies });
      forming = await setForming(rig.databaseUrl, copies, FORMING_GAMES);
      console.log(
        `  ${copies} copies of game '${GAME}' added in SQL in ${ms(performance.now() - cloning)}: ${copies + 1 - forming} active 7-player games, ${forming} forming`,
      );
    } else if (games > 1) {
      throw new Error('--games needs PostgreSQL');
    } else {
      console.log('  PGlite: no copies, so no forming games for LIST (the PostgreSQL runs have them)');
    }
    await warmUp(
      rig,
      Array.from({ length: options.warmup }, (_, i) => benchMail('warm', i)),
      options,
    );
    console.log(`  set up in ${ms(performance.now() - rigStarted)}: game '${GAME}' started by 8 mails, a warm-up burst of ${options.warmup} mails answered`);
    const bursts: BurstFigures[] = [];
    for (let run = 1; run <= options.bursts; run++) {
      if (rig.databaseUrl !== null && (await vacuumIfNoAutovacuum(rig.databaseUrl)) && run === 1)
        console.log('  autovacuum is off on this server: VACUUM ANALYZE before each burst stands in for it (untimed)');
      bursts.push(
        await burst(
          rig,
          Array.from({ length: options.messages }, (_, i) => benchMail(`burst${run}`, i)),
          options,
          run,
        ),
      );
    }
    const throughput = percentile(
      bursts.map((b) => b.throughput),
      0.5,
    );
    if (bursts.length > 1) console.log(`  bursts: ${bursts.map((b) => b.throughput.toFixed(0)).join(', ')} msg/s; median ${throughput.toFixed(0)} msg/s`);
    const p99 = await steady(
      rig,
      Array.from({ length: options.rateMessages }, (_, i) => benchMail('steady', i)),
      options.rate,
    );
    console.log(
      `  goals: burst >= 400 msg/s ${throughput >= 400 ? 'met' : 'MISSED'} (${throughput.toFixed(0)}); ` +
        `p99 < 1 s at ${options.rate}/s ${p99 < 1000 ? 'met' : 'MISSED'} (${ms(p99)})`,
    );
    const median = (values: (number | null)[]) => (values.some((v) => v === null) ? null : percentile(values as number[], 0.5));
    return {
      backend,
      games,
      forming,
      burst: throughput,
      judge: median(bursts.map((b) => b.judge)),
      postgres: median(bursts.map((b) => b.postgres)),
      p99,
      calibration: [calibrationBefore, calibrationMs()],
    };
  } finally {
    await rig.stop();
  }
}

/**
 * The issue's figures (issue 35, measured on this machine when idle, before its work) beside this
 * run's, each size's growth from the first size, and CPU per mail in units of the calibration.
 */
function printFigures(figures: readonly SizeFigures[]): void {
  const num = (value: number | null, digits = 2) => (value === null ? '?' : value.toFixed(digits));
  console.log("\nfigures of this run (CPU per mail: median of the bursts; ×cal: per mail ÷ the calibration, the machine's speed taken in this run):");
  console.log('  backend     games  forming  burst msg/s  judge ms/mail  PostgreSQL ms/mail  judge ×cal  p99 steady  calibration before/after');
  for (const f of figures) {
    const cal = (f.calibration[0] + f.calibration[1]) / 2;
    console.log(
      `  ${f.backend.padEnd(10)} ${String(f.games).padStart(6)}  ${String(f.forming).padStart(7)}  ${f.burst.toFixed(0).padStart(11)}  ${num(f.judge).padStart(13)}  ${num(f.postgres).padStart(18)}  ${num(f.judge === null ? null : f.judge / cal, 4).padStart(10)}  ${ms(f.p99).padStart(10)}  ${f.calibration.map((c) => c.toFixed(1)).join(' / ')} ms`,
    );
  }
  for (const backend of new Set(figures.map((f) => f.backend))) {
    const sized = figures.filter((f) => f.backend === backend);
    const first = sized[0]!;
    for (const f of sized.slice(1)) {
      const growth = (a: number | null, b: number | null) => (a === null || b === null ? '?' : `${(100 * (b / a - 1)).toFixed(0)} %`);
      console.log(
        `  ${backend} ${first.games} → ${f.games} games: judge CPU per mail ${growth(first.judge, f.judge)}, PostgreSQL ${growth(first.postgres, f.postgres)}, burst ${growth(first.burst, f.burst)} (goal: within 10 %)`,
      );
    }
  }
  console.log(
    '  issue 35 (idle, before): judge 3.2 → 4.65 ms and 3.15 → 4.2 ms per mail from 1 to 10,000 games, PostgreSQL 0.8 → 1.3 ms; burst 286–300 msg/s at 1 game, 216–220 at 10,000 (goals: within 10 %, ≥ 400 msg/s, flat)',
  );
}

const options = parseOptions(process.argv.slice(2));
if (options.profile) installProfile();
console.log(machineLine());
console.log(
  `load average at the start: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}; active games: ${options.games.join(', ')}; forming games at every size: ${FORMING_GAMES}`,
);
console.log(`mix per 40 mails: 13 LIST, 13 HELP, 13 LIST ${GAME}, 1 SIGNON with orders (scrypt); every mail from its own sender`);
const figures: SizeFigures[] = [];
for (const backend of options.backends) for (const games of options.games) figures.push(await runBackend(backend, games, options));
printFigures(figures);
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
// imapflow and pg keep sockets with timers; nothing else is left to do.
process.exit(0);
