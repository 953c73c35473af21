import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { recordMail } from '../src/daemon/queued-mail.ts';
import { MailJudge } from '../src/mail/mail-judge.ts';
import { judgeQueued } from '../src/store/inbound-queue.ts';
import { openStore } from '../src/store/index.ts';
import { createJudgeStore } from '../src/store/judge-store.ts';
import { SPRING_1901_ORDERS, startGame, TEST_JUDGE } from '../test/judge/game-fixture.ts';
import { eml } from '../test/judge/mail-builder.ts';
import { cloneGames } from '../test/support/clone-games.ts';
import { databaseBackend } from '../test/support/databases.ts';

// npm run bench:mail-statements — the SQL statements one judged mail sends on PostgreSQL, on the
// path `serve` takes (the mail recorded in the inbound queue, then claimed, judged and taken off
// it in one transaction): for an order mail to a running game and for a LIST, one mail per claim
// and a claim of 50, each statement with its round-trip time. --explain adds EXPLAIN (ANALYZE,
// BUFFERS) of the statements of the single order mail, after --backlog=N (3000) mails were judged,
// so the queue, inbound_mail and outbox tables hold what a burst leaves behind.

interface Sent {
  readonly text: string;
  readonly values: readonly unknown[];
  ms: number;
  rows: number;
  fields: number;
}

let recording: Sent[] | null = null;
{
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args as [unknown, unknown];
    const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text;
    const values = typeof first === 'string' ? second : (first as { values?: unknown } | null)?.values;
    const result = original.apply(this, args);
    if (recording !== null && typeof text === 'string') {
      const entry: Sent = { text, values: Array.isArray(values) ? values : [], ms: 0, rows: 0, fields: 0 };
      recording.push(entry);
      const started = performance.now();
      if (result instanceof Promise)
        void result.then(
          (result: unknown) => {
            entry.ms = performance.now() - started;
            const r = result as { rows?: unknown[]; fields?: unknown[] } | undefined;
            entry.rows = r?.rows?.length ?? 0;
            entry.fields = r?.fields?.length ?? 0;
          },
          () => undefined,
        );
    }
    return result;
  };
}

const short = (text: string) => text.replace(/\s+/g, ' ').replace(/"/g, '').trim().slice(0, 110);

const argv = process.argv.slice(2);
// --plans: PostgreSQL's own time for each statement of the mix's claim of 50 (auto_explain,
// sent back as a notice on each connection of the store).
const plans = argv.includes('--plans');
const planTimes: { text: string; ms: number }[] = [];
let planTexts: string[] | null = null;
// --stats: PostgreSQL's CPU for each statement, whatever part of it (parse, plan, execute, commit):
// log_statement_stats, sent back to the store's connections as a LOG message per statement.
const stats = argv.includes('--stats');
const statTimes = new Map<string, { ms: number; count: number }>();
if (stats) {
  const proto = pg.Client.prototype as unknown as { connect: (...args: unknown[]) => Promise<void> };
  const connect = proto.connect;
  proto.connect = async function (this: pg.Client, ...args: unknown[]) {
    await connect.apply(this, args);
    await this.query('SET log_statement_stats = on; SET client_min_messages = log');
    this.on('notice', (notice) => {
      const detail = String((notice as { detail?: string }).detail ?? '');
      const cpu = /!\s+([0-9.]+) s user, ([0-9.]+) s system/.exec(detail);
      const active = (this as unknown as { activeQuery?: { text?: string } }).activeQuery?.text;
      if (cpu === null || active === undefined) return;
      const key = short(active).slice(0, 70);
      const entry = statTimes.get(key) ?? { ms: 0, count: 0 };
      entry.ms += 1000 * (Number(cpu[1]) + Number(cpu[2]));
      entry.count += 1;
      statTimes.set(key, entry);
    });
  } as never;
}
if (plans) {
  const proto = pg.Client.prototype as unknown as { connect: (...args: unknown[]) => Promise<void> };
  const connect = proto.connect;
  proto.connect = async function (this: pg.Client, ...args: unknown[]) {
    await connect.apply(this, args);
    await this.query(
      "LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET auto_explain.log_level = notice; SET auto_explain.log_format = json; SET auto_explain.log_timing = on",
    );
    this.on('notice', (notice) => {
      if (planTexts === null) return;
      const body = String(notice.message ?? '');
      const at = body.indexOf('{');
      if (at < 0) return;
      const plan = JSON.parse(body.slice(at)) as { 'Query Text': string; Plan: { 'Actual Total Time'?: number } };
      planTimes.push({ text: plan['Query Text'], ms: plan.Plan['Actual Total Time'] ?? 0 });
      if (process.env.DUMP_PLAN && plan['Query Text'].includes(process.env.DUMP_PLAN))
        console.log(JSON.stringify(plan.Plan, (k, v) => (k === 'Output' ? undefined : v), 1));
    });
  } as never;
}
const explain = argv.includes('--explain');
const backlog = Number(argv.find((a) => a.startsWith('--backlog='))?.slice('--backlog='.length) ?? 3000);

const database = await databaseBackend('postgres').open();
let db = database.store.db;
const clock = () => new Date('2026-01-05T12:00:00Z');
const game = await startGame(db, '', clock, { timing: 'njudge' });
const germany = game.holder.get('GERMANY')!;
// As bench:mail: forming games, so LIST shows 50 and says there are more.
await cloneGames(database.databaseUrl!, { template: 'demo', copies: 100 });
await db.updateTable('games').set({ status: 'forming' }).where('name', 'like', 'demo-c%').execute();
let reader = new MailJudge(createJudgeStore(db, { messageIdDomain: 'judge.example' }), TEST_JUDGE, () => 0.5, clock);
let sent = 0;

const orderMail = () =>
  eml({ from: germany.address, messageId: `<order-${++sent}@players.example>` }, `SIGNON Gdemo ${germany.password}\n${SPRING_1901_ORDERS.GERMANY!.join('\n')}`);
const listMail = () => eml({ from: `reader${++sent}@players.example`, messageId: `<list-${sent}@players.example>` }, 'LIST');

/** Records `raws` in the queue and judges them in claims of up to `limit`; the statements of both. */
async function judged(raws: readonly string[], limit: number): Promise<{ record: Sent[]; judge: Sent[] }> {
  const record: Sent[] = [];
  recording = record;
  await recordMail(
    db,
    reader,
    raws.map((raw) => ({ raw: Buffer.from(raw), origin: null })),
  );
  const judge: Sent[] = [];
  recording = judge;
  for (;;) {
    const done = await judgeQueued(db, { messageIdDomain: 'judge.example', limit }, async (tx, mails) => {
      const outcomes = await reader.judge.receiveAllIn(
        tx,
        mails.map((m) => ({ message: m.mail!, origin: m.origin })),
      );
      return outcomes.map((outcome) => ({ outcome, failed: outcome.status === 'failed' }));
    });
    if (done === null) break;
  }
  recording = null;
  // Let the last then() run.
  await new Promise((resolve) => setImmediate(resolve));
  return { record, judge };
}

function print(title: string, mails: number, { record, judge }: { record: Sent[]; judge: Sent[] }): void {
  const all = [...record, ...judge];
  const ms = all.reduce((sum, s) => sum + s.ms, 0);
  console.log(
    `${title}: ${(all.length / mails).toFixed(2)} statements per mail (${all.length} for ${mails}), ${(ms / mails).toFixed(2)} ms of round trips per mail`,
  );
  for (const s of all) console.log(`  ${s.ms.toFixed(2).padStart(7)} ms ${String(s.rows).padStart(4)}×${String(s.fields).padEnd(3)} ${short(s.text)}`);
}

// Warm-up: the store names recurring statements after their second use.
for (let i = 0; i < 3; i++) {
  await judged([orderMail()], 1);
  await judged([listMail()], 1);
}
print('order mail, one per claim', 1, await judged([orderMail()], 1));
print('LIST, one per claim', 1, await judged([listMail()], 1));
const helpMail = () => eml({ from: `reader${++sent}@players.example`, messageId: `<help-${sent}@players.example>` }, 'HELP');
const listGameMail = () => eml({ from: `reader${++sent}@players.example`, messageId: `<lg-${sent}@players.example>` }, 'LIST demo');
const benchMix = () => Array.from({ length: 50 }, (_, i) => (i % 40 === 39 ? orderMail() : [listMail, helpMail, listGameMail][i % 3]!()));
await judged(benchMix(), 50);
print("50 mails as bench:mail's mix (LIST, HELP, LIST game, 1 order in 40), one claim of 50", 50, await judged(benchMix(), 50));

if (plans) {
  planTexts = [];
  planTimes.length = 0;
  await judged(benchMix(), 50);
  planTexts = null;
  const total = planTimes.reduce((sum, p) => sum + p.ms, 0);
  console.log(`PostgreSQL's time (auto_explain) of a claim of 50, the mix: ${total.toFixed(2)} ms`);
  for (const p of planTimes) console.log(`  ${p.ms.toFixed(2).padStart(7)} ms  ${short(p.text)}`);
}

if (argv.includes('--generic')) {
  // The generic plan of each statement of a claim of 50 (the plan a connection keeps for a named
  // statement), made now, while the tables are small: its sequential scans, if any.
  const { judge } = await judged(benchMix(), 50);
  const client = new pg.Client({ connectionString: database.databaseUrl! });
  await client.connect();
  const { prepareValue } = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils;
  for (const st of judge) {
    if (!/^\s*(select|insert|update|delete|with)\b/i.test(st.text) || st.values.length === 0) continue;
    await client.query('BEGIN');
    try {
      await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
      await client.query(`PREPARE generic AS ${st.text}`);
      const literals = st.values.map((value) => {
        const prepared = prepareValue(value);
        return prepared === null || prepared === undefined ? 'NULL' : client.escapeLiteral(String(prepared));
      });
      const { rows } = await client.query(`EXPLAIN EXECUTE generic(${literals.join(', ')})`);
      const seq = rows.map((r) => String(r['QUERY PLAN'])).filter((line) => /Seq Scan/.test(line));
      console.log(`${seq.length === 0 ? 'ok ' : 'SEQ'} ${short(st.text).slice(0, 90)}${seq.map((line) => `\n      ${line.trim()}`).join('')}`);
    } finally {
      await client.query('ROLLBACK');
      await client.query('DEALLOCATE ALL');
    }
  }
  await client.end();
}

/** CPU ticks (1/100 s) the database's other backends have used, read from /proc. */
async function backendTicksOf(probe: pg.Client): Promise<number> {
  const { rows } = await probe.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks;
}

const stale = Number(argv.find((a) => a.startsWith('--stale='))?.slice('--stale='.length) ?? 0);
if (stale > 0) {
  // The plans a connection keeps for its named statements were made while the tables were small:
  // after --stale=N more mails, one mail per claim on those connections, then on new ones (a
  // second store on the same database), then on the first again.
  const probe = new pg.Client({ connectionString: database.databaseUrl! });
  await probe.connect();
  const backendTicks = () => backendTicksOf(probe);
  const measure = async (label: string) => {
    statTimes.clear();
    const pgBefore = await backendTicks();
    const before = process.cpuUsage();
    for (let done = 0; done < 300; done += 50) for (const raw of benchMix()) await judged([raw], 1);
    const used = process.cpuUsage(before);
    const pgTicks = (await backendTicks()) - pgBefore;
    console.log(
      `${label}: this process ${((used.user + used.system) / 1000 / 300).toFixed(3)} ms per mail, PostgreSQL backends ${((pgTicks * 10) / 300).toFixed(3)} ms per mail; load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    for (const [text, { ms, count }] of [...statTimes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 6))
      console.log(`    ${(ms / 300).toFixed(3)} ms per mail in ${count}× ${text}`);
    statTimes.clear();
  };
  for (let done = 0; done < 200; done += 50) for (const raw of benchMix()) await judged([raw], 1);
  await measure('small tables');
  for (let done = 0; done < stale; done += 50) await judged(benchMix(), 50);
  // --vacuum: what autovacuum would have done meanwhile (it is off on some test servers).
  if (argv.includes('--vacuum')) await probe.query('VACUUM ANALYZE inbound_queue, inbound_mail, outbox, mail_addresses');
  const first = { db, reader };
  const fresh = await openStore({ databaseUrl: database.databaseUrl!, migrate: false, poolSize: 10 });
  await measure(`after ${stale} more mails, the same connections`);
  db = fresh.db;
  reader = new MailJudge(createJudgeStore(db, { messageIdDomain: 'judge.example' }), TEST_JUDGE, () => 0.5, clock);
  await measure(`after ${stale} more mails, new connections`);
  ({ db, reader } = first);
  await measure(`after ${stale} more mails, the first connections again`);
  await fresh.close();
  await probe.end();
}

const cpuMails = Number(argv.find((a) => a.startsWith('--cpu='))?.slice('--cpu='.length) ?? 0);
if (cpuMails > 0) {
  // CPU per mail of this process (recording and judging, no IMAP or SMTP) and of the database's
  // backends, for --cpu=N mails of the bench mix, after as many to warm up.
  const probe = new pg.Client({ connectionString: database.databaseUrl! });
  await probe.connect();
  const backendTicks = () => backendTicksOf(probe);
  // --claim=N: mails per claim (50, as in a burst; 1 is mail arriving steadily).
  const claimSize = Number(argv.find((a) => a.startsWith('--claim='))?.slice('--claim='.length) ?? 50);
  const run = async () => {
    for (let done = 0; done < cpuMails; done += 50) {
      const mails = benchMix();
      for (let at = 0; at < mails.length; at += claimSize) await judged(mails.slice(at, at + claimSize), claimSize);
    }
  };
  await run();
  statTimes.clear();
  if (plans) planTexts = [];
  for (let round = 1; round <= 3; round++) {
    planTimes.length = 0;
    const pgBefore = await backendTicks();
    const before = process.cpuUsage();
    await run();
    const used = process.cpuUsage(before);
    const pgTicks = (await backendTicks()) - pgBefore;
    if (stats) {
      const total = [...statTimes.values()].reduce((sum, e) => sum + e.ms, 0);
      console.log(`    log_statement_stats: ${(total / cpuMails).toFixed(3)} ms per mail in all`);
      for (const [text, { ms, count }] of [...statTimes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12))
        console.log(`    ${(ms / cpuMails).toFixed(3)} ms per mail in ${count}× ${text}`);
      statTimes.clear();
    }
    if (plans) {
      // PostgreSQL's own time by statement over the round (auto_explain), the largest first.
      const byText = new Map<string, { ms: number; count: number }>();
      for (const p of planTimes) {
        const entry = byText.get(short(p.text).slice(0, 70)) ?? { ms: 0, count: 0 };
        entry.ms += p.ms;
        entry.count += 1;
        byText.set(short(p.text).slice(0, 70), entry);
      }
      planTimes.length = 0;
      for (const [text, { ms, count }] of [...byText].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8))
        console.log(`    ${(ms / cpuMails).toFixed(3)} ms per mail in ${count}× ${text}`);
    }
    console.log(
      `round ${round}: ${cpuMails} mails: this process ${((used.user + used.system) / 1000 / cpuMails).toFixed(3)} ms per mail, PostgreSQL backends ${((pgTicks * 10) / cpuMails).toFixed(3)} ms per mail; load ${os.loadavg()[0]!.toFixed(1)}`,
    );
  }
  await probe.end();
}

if (explain) {
  for (let done = 0; done < backlog; done += 50) await judged(Array.from({ length: 50 }, listMail), 50);
  const client = new pg.Client({ connectionString: database.databaseUrl! });
  await client.connect();
  const sizes = await client.query(
    `SELECT relname, n_live_tup, n_dead_tup, seq_scan, idx_scan FROM pg_stat_user_tables WHERE relname IN ('inbound_queue','inbound_mail','outbox') ORDER BY relname`,
  );
  console.log(`after ${backlog} more mails:`, sizes.rows);
  // The claim and the delete, planned while the mail waits in the queue (custom, then generic plan).
  await recordMail(
    db,
    reader,
    Array.from({ length: 50 }, () => ({ raw: Buffer.from(listMail()), origin: null })),
  );
  const waiting = await client.query<{ id: string }>('SELECT id FROM inbound_queue ORDER BY id');
  const ids = waiting.rows.map((r) => r.id);
  const claimText = `SELECT q.id FROM inbound_queue q
    WHERE q.id IN (SELECT id FROM inbound_queue ORDER BY id LIMIT $1)
      AND NOT EXISTS (SELECT 1 FROM inbound_queue e WHERE e.id < q.id AND e.order_keys && q.order_keys)
    ORDER BY q.id LIMIT $2 FOR UPDATE OF q SKIP LOCKED`;
  for (const mode of ['force_custom_plan', 'force_generic_plan']) {
    for (const [text, values] of [
      [claimText, [1000, 50]],
      ['DELETE FROM inbound_queue WHERE id = ANY($1::int8[])', [ids]],
    ] as const) {
      await client.query('BEGIN');
      await client.query(`SET LOCAL plan_cache_mode = ${mode}`);
      await client.query(`PREPARE p AS ${text}`);
      const { rows } = await client.query(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE p(${values.map((v) => (Array.isArray(v) ? `'{${v.join(',')}}'` : String(v))).join(', ')})`,
      );
      console.log(`\n== ${mode}: ${short(text)}`);
      for (const row of rows) console.log(`   ${row['QUERY PLAN']}`);
      await client.query('ROLLBACK');
      await client.query('DEALLOCATE p');
    }
  }
  await judged([], 50);
  const { record, judge } = await judged([orderMail()], 1);
  for (const s of [...record, ...judge]) {
    if (!/^\s*(select|insert|update|delete|with)\b/i.test(s.text)) continue;
    await client.query('BEGIN');
    try {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${s.text}`, [...s.values]);
      console.log(`\n== ${short(s.text)}`);
      for (const row of rows) console.log(`   ${row['QUERY PLAN']}`);
    } catch (error) {
      console.log(`\n== ${short(s.text)}: ${(error as Error).message}`);
    } finally {
      await client.query('ROLLBACK');
    }
  }
  await client.end();
}
await database.dispose();
