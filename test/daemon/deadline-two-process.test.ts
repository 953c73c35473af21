import { sql, type Kysely, type RawBuilder } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/store/index.ts';
import { startGame } from '../judge/game-fixture.ts';
import { databaseBackend, type TestDatabase } from '../support/databases.ts';
import type { DeadlineWorkerEvent } from '../support/deadline-worker.ts';
import { startLineWorker, type LineWorker } from '../support/line-worker.ts';

// The scheduler as several `dipjudge serve` processes run it: two separate Node processes, each
// with its own connections to one real PostgreSQL, run the real job runner over GAMES games whose
// Spring 1901 deadline has passed with no orders in. Each deadline must be handled exactly once:
// every game's followers get one late notice each, every power is counted late once, every
// deadline job is done after one attempt, and nothing due is left. PGlite is one process's
// embedded database, so this runs on PostgreSQL only.

const WORKER_SCRIPT = new URL('../support/deadline-worker.ts', import.meta.url);
// 400 shows the same races as 1,000 (both processes busy throughout) at under half the suite's time.
const GAMES = 400;
const START = new Date('2004-01-05T16:00:00Z');

type Worker = LineWorker<DeadlineWorkerEvent>;

const running: Worker[] = [];

function startWorker(databaseUrl: string, id: string, now: Date): Worker {
  const worker = startLineWorker<DeadlineWorkerEvent>(WORKER_SCRIPT, id, {
    DEADLINE_WORKER_DATABASE_URL: databaseUrl,
    DEADLINE_WORKER_ID: id,
    DEADLINE_WORKER_NOW: now.toISOString(),
  });
  running.push(worker);
  return worker;
}

/**
 * One game started through the judge as players start it (CREATE, seven JOINs), then copied row
 * by row into GAMES − 1 more games, so the copies are whatever the judge stores, columns added
 * later included. Only the deadline job is kept: the reminders before it are not what is tested.
 */
async function gamesPastTheirDeadline(db: Kysely<Database>): Promise<{ deadline: Date; grace: Date }> {
  await startGame(db, '', () => START);
  await db.deleteFrom('jobs').where('kind', '<>', 'deadline').execute();
  await db.transaction().execute(async (trx) => {
    // Compiling these few set-based statements (PostgreSQL's JIT) would take longer than running them.
    await sql`SET LOCAL jit = off`.execute(trx);
    // Every column of a template row, with some replaced: `table` names the row type. In FROM
    // (LATERAL) the record is built once per row, where `(…).*` in SELECT builds it once per column.
    const copyOf = (table: string, replaced: string) => sql.raw(`LATERAL jsonb_populate_record(NULL::${table}, to_jsonb(source) || ${replaced}) AS copied`);
    await sql`
      INSERT INTO games SELECT copied.*
      FROM games AS source, generate_series(2, ${GAMES}) AS n,
        ${copyOf('games', `jsonb_build_object('id', nextval(pg_get_serial_sequence('games', 'id')), 'name', 'demo-' || n, 'status', 'forming', 'current_phase', NULL, 'deadline_at', NULL, 'grace_at', NULL)`)}
      WHERE source.name = 'demo'`.execute(trx);
    await sql`
      INSERT INTO phases SELECT copied.*
      FROM phases AS source JOIN games AS template ON template.id = source.game_id AND template.name = 'demo'
        CROSS JOIN games AS copy, ${copyOf('phases', `jsonb_build_object('game_id', copy.id)`)}
      WHERE copy.name <> 'demo'`.execute(trx);
    await sql`
      CREATE TEMP TABLE seat_copies ON COMMIT DROP AS
      SELECT seats.id AS template_seat, copy.id AS game_id, nextval(pg_get_serial_sequence('seats', 'id')) AS seat_id
      FROM seats JOIN games AS template ON template.id = seats.game_id AND template.name = 'demo'
        CROSS JOIN games AS copy
      WHERE copy.name <> 'demo'`.execute(trx);
    await sql`
      INSERT INTO seats SELECT copied.*
      FROM seats AS source JOIN seat_copies ON seat_copies.template_seat = source.id,
        ${copyOf('seats', `jsonb_build_object('id', seat_copies.seat_id, 'game_id', seat_copies.game_id)`)}`.execute(trx);
    await sql`
      INSERT INTO seat_stints SELECT copied.*
      FROM seat_stints AS source JOIN seat_copies ON seat_copies.template_seat = source.seat_id,
        ${copyOf('seat_stints', `jsonb_build_object('id', nextval(pg_get_serial_sequence('seat_stints', 'id')), 'seat_id', seat_copies.seat_id)`)}`.execute(
      trx,
    );
    await sql`
      UPDATE games AS copy SET status = template.status, current_phase = template.current_phase, deadline_at = template.deadline_at, grace_at = template.grace_at
      FROM games AS template
      WHERE template.name = 'demo' AND copy.name <> 'demo'`.execute(trx);
    await sql`
      INSERT INTO jobs (kind, due_at, game_id, payload, dedupe_key)
      SELECT job.kind, job.due_at, copy.id, job.payload, replace(job.dedupe_key, 'game:' || template.id || ':', 'game:' || copy.id || ':')
      FROM jobs AS job JOIN games AS template ON template.id = job.game_id AND template.name = 'demo'
        CROSS JOIN games AS copy
      WHERE copy.name <> 'demo'`.execute(trx);
  });
  await db.deleteFrom('outbox').execute();
  const template = await db.selectFrom('games').select(['deadline_at', 'grace_at']).where('name', '=', 'demo').executeTakeFirstOrThrow();
  return { deadline: template.deadline_at!, grace: template.grace_at! };
}

async function count(db: Kysely<Database>, query: RawBuilder<unknown>): Promise<number> {
  const rows = (await query.execute(db)).rows as { n: string }[];
  return Number(rows[0]!.n);
}

describe('deadlines across scheduler processes [postgres]', () => {
  let database: TestDatabase | null = null;

  beforeAll(async () => {
    database = await databaseBackend('postgres').open();
  });
  afterAll(async () => {
    await database?.dispose();
  });
  afterEach(async () => {
    for (const worker of running.splice(0)) {
      if (worker.child.exitCode === null && worker.child.signalCode === null) {
        worker.child.kill('SIGKILL');
        await worker.exited;
      }
    }
  });

  it(`two processes handle ${GAMES} due deadlines: each exactly once, none lost`, async () => {
    const db = database!.store.db;
    const { deadline, grace } = await gamesPastTheirDeadline(db);
    const now = new Date(deadline.getTime() + 60_000);
    expect(grace.getTime()).toBeGreaterThan(now.getTime());
    expect(await count(db, sql`SELECT count(*) AS n FROM games WHERE status = 'active' AND current_phase = 'S1901M' AND deadline_at = ${deadline}`)).toBe(
      GAMES,
    );
    expect(await count(db, sql`SELECT count(*) AS n FROM jobs WHERE kind = 'deadline' AND done_at IS NULL AND due_at <= ${now}`)).toBe(GAMES);
    expect(await count(db, sql`SELECT count(DISTINCT game_id) AS n FROM seats WHERE role = 'power' AND status = 'active'`)).toBe(GAMES);

    const workers = ['scheduler-1', 'scheduler-2'].map((id) => startWorker(database!.databaseUrl!, id, now));
    await Promise.all(workers.map((worker) => worker.next('ready')));
    const started = performance.now();
    for (const worker of workers) worker.send('go');
    // Until nothing is due: a job in hand is still open to everyone else until its commit.
    const giveUp = Date.now() + 90_000;
    while ((await count(db, sql`SELECT count(*) AS n FROM jobs WHERE done_at IS NULL AND due_at <= ${now}`)) > 0) {
      if (Date.now() > giveUp) throw new Error('the deadlines were not all handled within 90 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const ms = Math.round(performance.now() - started);
    for (const worker of workers) worker.send('stop');
    const finished = await Promise.all(workers.map((worker) => worker.next('finished')));
    expect(await Promise.all(workers.map((worker) => worker.exited))).toEqual([0, 0]);
    console.info(`deadlines, 2 processes, ${GAMES} games: ${ms} ms, per process ${finished.map((f) => f.handled).join('/')}`);

    // Both processes took part, neither failed, and together they handled each deadline once.
    expect(finished.map((f) => f.failed)).toEqual([0, 0]);
    for (const f of finished) expect(f.handled).toBeGreaterThan(0);
    expect(finished.reduce((sum, f) => sum + f.handled, 0)).toBe(GAMES);
    const deadlineJobs = await db.selectFrom('jobs').select(['claimed_by', 'attempts', 'last_error', 'done_at']).where('kind', '=', 'deadline').execute();
    expect(deadlineJobs).toHaveLength(GAMES);
    expect(deadlineJobs.filter((j) => j.done_at === null || j.attempts !== 1 || j.last_error !== null)).toEqual([]);
    expect(new Set(deadlineJobs.map((j) => j.claimed_by))).toEqual(new Set(['scheduler-1', 'scheduler-2']));

    // Every game: each follower (seven players and the Master) told once, each power counted late once.
    const lateNotices = await sql<{ game_id: number; address: string; copies: string }>`
      SELECT outbox.game_id, address, count(*) AS copies
      FROM outbox, unnest(outbox.to_addresses) AS address
      WHERE outbox.subject LIKE '%Late Notice%'
      GROUP BY outbox.game_id, address`.execute(db);
    expect(lateNotices.rows).toHaveLength(GAMES * 8);
    expect(lateNotices.rows.filter((row) => Number(row.copies) !== 1)).toEqual([]);
    expect(new Set(lateNotices.rows.map((row) => row.game_id)).size).toBe(GAMES);
    expect(await count(db, sql`SELECT count(*) AS n FROM seats WHERE role = 'power' AND late_count = 1`)).toBe(GAMES * 7);
    expect(await count(db, sql`SELECT count(*) AS n FROM seats WHERE late_count <> 0 AND NOT (role = 'power' AND late_count = 1)`)).toBe(0);
    expect(
      await count(
        db,
        sql`SELECT count(*) AS n FROM seat_stints JOIN seats ON seats.id = seat_stints.seat_id WHERE seats.role = 'power' AND seat_stints.ended_at IS NULL AND seat_stints.late_count = 1`,
      ),
    ).toBe(GAMES * 7);
    // No game moved on or was given up at its deadline: the grace period has only begun.
    expect(await count(db, sql`SELECT count(*) AS n FROM games WHERE status = 'active' AND current_phase = 'S1901M'`)).toBe(GAMES);
    expect(await count(db, sql`SELECT count(*) AS n FROM jobs WHERE done_at IS NULL AND due_at <= ${now}`)).toBe(0);
  }, 120_000);
});
