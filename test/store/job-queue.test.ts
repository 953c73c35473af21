import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cancelJobs, replaceGameJobs, runDueJobs, scheduleJob, startJobRunner } from '../../src/store/job-queue.ts';
import type { JobHandler, JobQueueLogger, RunDueJobsOptions } from '../../src/store/job-queue.ts';
import { jsonb, openStore } from '../../src/store/index.ts';
import type { Database, JobRow, Store } from '../../src/store/index.ts';
import { databaseBackend, describeEachDatabase } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { insertGame } from './fixtures.ts';

// The deadline scheduler's queue (src/store/job-queue.ts). Time is a variable the tests move;
// nothing here waits for a real deadline.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

class TestClock {
  constructor(private current: Date) {}
  readonly now = (): Date => this.current;
  set(at: string | Date): void {
    this.current = new Date(at);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

interface Gate {
  readonly opened: Promise<void>;
  open(): void;
}

function gate(): Gate {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Records the handled jobs as `kind:payload.label`. */
function recordingHandler(seen: string[]): JobHandler {
  return async (_trx, job) => {
    seen.push(`${job.kind}:${String(job.payload.label)}`);
  };
}

function run(db: Kysely<Database>, clock: TestClock, handle: JobHandler, extra: Partial<RunDueJobsOptions> = {}) {
  return runDueJobs(db, { now: clock.now, workerId: 'runner-a', handle, ...extra });
}

async function jobRows(db: Kysely<Database>): Promise<JobRow[]> {
  return db.selectFrom('jobs').selectAll().orderBy('id').execute();
}

function collectingLogger(): JobQueueLogger & { readonly lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (_bindings, message) => lines.push(`info ${message}`),
    warn: (_bindings, message) => lines.push(`warn ${message}`),
    error: (_bindings, message) => lines.push(`error ${message}`),
  };
}

describeEachDatabase('job queue', (getStore) => {
  it('runs due jobs in due order and leaves future ones until the clock passes them', async () => {
    const { db } = getStore();
    const clock = new TestClock(new Date('1900-12-31T00:00:00Z'));
    const game = await insertGame(db);
    // Inserted out of order; two share a due time, so the id decides between them.
    const plan: [string, string][] = [
      ['1905-06-01T12:00:00Z', 'c'],
      ['1901-03-01T12:00:00Z', 'a'],
      ['1910-01-01T00:00:00Z', 'e'],
      ['1905-06-01T12:00:00Z', 'd'],
      ['1902-09-15T23:30:00Z', 'b'],
    ];
    for (const [dueAt, label] of plan) {
      await scheduleJob(db, { kind: 'deadline', dueAt: new Date(dueAt), gameId: game.id, payload: { label } });
    }
    const seen: string[] = [];
    const handle = recordingHandler(seen);

    expect(await run(db, clock, handle)).toEqual({ done: 0, failed: 0 });
    clock.set('1901-03-01T11:59:59.999Z');
    expect(await run(db, clock, handle)).toEqual({ done: 0, failed: 0 });
    clock.set('1901-03-01T12:00:00Z');
    expect(await run(db, clock, handle)).toEqual({ done: 1, failed: 0 });
    clock.set('1906-01-01T00:00:00Z');
    expect(await run(db, clock, handle)).toEqual({ done: 3, failed: 0 });
    expect(seen).toEqual(['deadline:a', 'deadline:b', 'deadline:c', 'deadline:d']);
    clock.set('2025-01-01T00:00:00Z');
    expect(await run(db, clock, handle)).toEqual({ done: 1, failed: 0 });
    expect(seen.at(-1)).toBe('deadline:e');
    expect(await run(db, clock, handle)).toEqual({ done: 0, failed: 0 });

    const rows = await jobRows(db);
    expect(rows.map((row) => [row.payload.label, row.done_at?.toISOString()])).toEqual([
      ['c', '1906-01-01T00:00:00.000Z'],
      ['a', '1901-03-01T12:00:00.000Z'],
      ['e', '2025-01-01T00:00:00.000Z'],
      ['d', '1906-01-01T00:00:00.000Z'],
      ['b', '1906-01-01T00:00:00.000Z'],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ claimed_by: 'runner-a', attempts: 1, last_error: null, game_id: game.id });
      expect(row.claimed_at).toEqual(row.done_at);
    }
  });

  it('hands the handler the job row and stops after `limit` jobs', async () => {
    const { db } = getStore();
    const clock = new TestClock(new Date('2030-01-01T00:00:00Z'));
    for (const label of ['x', 'y', 'z']) {
      await scheduleJob(db, { kind: 'reminder', dueAt: new Date('2029-12-31T00:00:00Z'), payload: { label, hours: 24 } });
    }
    const handed: JobRow[] = [];
    const handle: JobHandler = async (_trx, job) => {
      handed.push(job);
    };
    expect(await run(db, clock, handle, { limit: 2 })).toEqual({ done: 2, failed: 0 });
    expect(handed.map((job) => job.payload)).toEqual([
      { label: 'x', hours: 24 },
      { label: 'y', hours: 24 },
    ]);
    expect(handed[0]).toMatchObject({ kind: 'reminder', game_id: null, dedupe_key: null, attempts: 0, done_at: null });
    expect(await run(db, clock, handle, { limit: 2 })).toEqual({ done: 1, failed: 0 });
    await expect(run(db, clock, handle, { limit: 0 })).rejects.toThrow('limit must be a positive integer');
  });

  it('runs a self-rescheduling deadline through ten years of game time', async () => {
    const { db } = getStore();
    const clock = new TestClock(new Date('1901-01-01T00:00:00Z'));
    const game = await insertGame(db);
    const turnLength = 73 * DAY; // five turns a year
    await scheduleJob(db, {
      kind: 'deadline',
      dueAt: new Date(clock.now().getTime() + turnLength),
      gameId: game.id,
      payload: { turn: 1 },
      dedupeKey: 'deadline:demo',
    });
    const turns: { turn: number; dueAt: string; ranAt: string }[] = [];
    const handle: JobHandler = async (trx, job) => {
      const turn = Number(job.payload.turn);
      turns.push({ turn, dueAt: job.due_at.toISOString(), ranAt: clock.now().toISOString() });
      // The next deadline, scheduled under the same key from inside the handler.
      await scheduleJob(trx, {
        kind: 'deadline',
        dueAt: new Date(job.due_at.getTime() + turnLength),
        gameId: job.game_id,
        payload: { turn: turn + 1 },
        dedupeKey: 'deadline:demo',
      });
    };
    const end = new Date('1911-01-01T00:00:00Z').getTime();
    while (clock.now().getTime() < end) {
      clock.advance(10 * DAY);
      await run(db, clock, handle);
    }
    expect(turns).toHaveLength(Math.floor((end - new Date('1901-01-01T00:00:00Z').getTime()) / turnLength));
    expect(turns.map((entry) => entry.turn)).toEqual(turns.map((_, index) => index + 1));
    for (const entry of turns) {
      const lateness = new Date(entry.ranAt).getTime() - new Date(entry.dueAt).getTime();
      expect(lateness).toBeGreaterThanOrEqual(0);
      expect(lateness).toBeLessThan(10 * DAY);
    }
    const open = await db.selectFrom('jobs').select(['payload']).where('done_at', 'is', null).execute();
    expect(open).toEqual([{ payload: { turn: turns.length + 1 } }]);
    expect(
      await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: String(turns.length + 1) });
  });

  it('replaces the open job with the same dedupe key, and starts a new one once that is done', async () => {
    const { db } = getStore();
    const clock = new TestClock(new Date('2026-03-01T00:00:00Z'));
    const game = await insertGame(db);
    const first = await scheduleJob(db, {
      kind: 'deadline',
      dueAt: new Date('2026-03-01T23:30:00Z'),
      gameId: game.id,
      payload: { phase: 'S1901M' },
      dedupeKey: 'deadline:demo',
    });
    const other = await scheduleJob(db, { kind: 'reminder', dueAt: new Date('2026-03-01T11:30:00Z'), gameId: game.id, dedupeKey: 'reminder:demo' });
    const moved = await scheduleJob(db, {
      kind: 'grace',
      dueAt: new Date('2026-03-03T23:30:00Z'),
      gameId: game.id,
      payload: { phase: 'S1901M', extended: true },
      dedupeKey: 'deadline:demo',
    });
    expect(moved).toBe(first);
    expect(other).not.toBe(first);
    expect((await jobRows(db)).map((row) => [row.id, row.kind, row.due_at.toISOString(), row.payload])).toEqual([
      [first, 'grace', '2026-03-03T23:30:00.000Z', { phase: 'S1901M', extended: true }],
      [other, 'reminder', '2026-03-01T11:30:00.000Z', {}],
    ]);

    // Moved past the old due time: nothing of the deadline runs at it.
    clock.set('2026-03-02T00:00:00Z');
    const seen: string[] = [];
    const handle: JobHandler = async (_trx, job) => {
      seen.push(job.kind);
    };
    expect(await run(db, clock, handle)).toEqual({ done: 1, failed: 0 });
    expect(seen).toEqual(['reminder']);
    clock.set('2026-03-04T00:00:00Z');
    expect(await run(db, clock, handle)).toEqual({ done: 1, failed: 0 });

    const next = await scheduleJob(db, { kind: 'deadline', dueAt: new Date('2026-03-09T23:30:00Z'), gameId: game.id, dedupeKey: 'deadline:demo' });
    expect(next).not.toBe(first);
    expect(await db.selectFrom('jobs').select('id').where('done_at', 'is', null).execute()).toEqual([{ id: next }]);
  });

  it('gives a rescheduled job a fresh count of attempts', async () => {
    const { db } = getStore();
    const clock = new TestClock(new Date('2026-01-01T00:00:00Z'));
    const id = await scheduleJob(db, { kind: 'deadline', dueAt: clock.now(), dedupeKey: 'deadline:x' });
    await run(db, clock, async () => {
      throw new Error('not today');
    });
    expect(await db.selectFrom('jobs').select(['attempts', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      attempts: 1,
      last_error: 'Error: not today',
    });
    await scheduleJob(db, { kind: 'deadline', dueAt: new Date('2026-01-02T00:00:00Z'), dedupeKey: 'deadline:x' });
    expect(await db.selectFrom('jobs').select(['attempts', 'last_error', 'claimed_by', 'claimed_at']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      attempts: 0,
      last_error: null,
      claimed_by: null,
      claimed_at: null,
    });
  });

  it('cancels open jobs by game, kind or dedupe key and leaves done ones alone', async () => {
    const { db } = getStore();
    const clock = new TestClock(new Date('2026-01-10T00:00:00Z'));
    const demo = await insertGame(db, { name: 'demo' });
    const other = await insertGame(db, { name: 'other' });
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    await scheduleJob(db, { kind: 'deadline', dueAt: at(1), gameId: demo.id, payload: { label: 'done-deadline' } });
    await run(db, clock, async () => undefined);
    await scheduleJob(db, { kind: 'deadline', dueAt: at(20), gameId: demo.id, dedupeKey: 'deadline:demo', payload: { label: 'demo-deadline' } });
    await scheduleJob(db, { kind: 'reminder', dueAt: at(19), gameId: demo.id, payload: { label: 'demo-reminder-1' } });
    await scheduleJob(db, { kind: 'reminder', dueAt: at(19), gameId: demo.id, payload: { label: 'demo-reminder-2' } });
    await scheduleJob(db, { kind: 'deadline', dueAt: at(20), gameId: other.id, dedupeKey: 'deadline:other', payload: { label: 'other-deadline' } });
    await scheduleJob(db, { kind: 'housekeeping', dueAt: at(21), dedupeKey: 'housekeeping', payload: { label: 'housekeeping' } });
    const labels = async () => (await jobRows(db)).map((row) => row.payload.label);

    expect(await cancelJobs(db, { gameId: demo.id, kind: 'reminder' })).toBe(2);
    expect(await labels()).toEqual(['done-deadline', 'demo-deadline', 'other-deadline', 'housekeeping']);
    expect(await cancelJobs(db, { dedupeKey: 'housekeeping' })).toBe(1);
    expect(await cancelJobs(db, { gameId: other.id, dedupeKey: 'deadline:demo' })).toBe(0);
    expect(await cancelJobs(db, { gameId: demo.id })).toBe(1);
    expect(await labels()).toEqual(['done-deadline', 'other-deadline']);
    await expect(cancelJobs(db, {} as never)).rejects.toThrow('cancelJobs needs a gameId or a dedupeKey');

    // Cancelled with the caller's transaction, it comes back when that rolls back.
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await cancelJobs(trx, { gameId: other.id })).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await labels()).toEqual(['done-deadline', 'other-deadline']);
  });

  it('replaces a game’s open jobs in one statement: the others deleted, the same keys replaced, done ones and other games’ left alone', async () => {
    const { db } = getStore();
    const clock = new TestClock(new Date('2026-01-10T00:00:00Z'));
    const demo = await insertGame(db, { name: 'demo' });
    const other = await insertGame(db, { name: 'other' });
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    await scheduleJob(db, { kind: 'deadline', dueAt: at(1), gameId: demo.id, dedupeKey: 'game:demo:deadline', payload: { label: 'done-deadline' } });
    await run(db, clock, async () => undefined);
    await scheduleJob(db, { kind: 'deadline', dueAt: at(20), gameId: demo.id, dedupeKey: 'game:demo:deadline', payload: { label: 'old-deadline' } });
    await scheduleJob(db, { kind: 'process', dueAt: at(15), gameId: demo.id, dedupeKey: 'game:demo:process', payload: { label: 'old-process' } });
    await scheduleJob(db, { kind: 'reminder', dueAt: at(19), gameId: demo.id, payload: { label: 'old-unkeyed' } });
    await scheduleJob(db, { kind: 'deadline', dueAt: at(20), gameId: other.id, dedupeKey: 'game:other:deadline', payload: { label: 'other-deadline' } });

    await replaceGameJobs(db, demo.id, [
      { kind: 'deadline', dueAt: at(25), gameId: demo.id, dedupeKey: 'game:demo:deadline', payload: { label: 'new-deadline' } },
      { kind: 'reminder', dueAt: at(24), gameId: demo.id, dedupeKey: 'game:demo:reminder:0', payload: { label: 'new-reminder' } },
    ]);
    const rows = await jobRows(db);
    expect(rows.map((row) => [row.payload.label, row.done_at === null ? 'open' : 'done', row.due_at.toISOString().slice(0, 10)])).toEqual([
      ['done-deadline', 'done', '2026-01-01'],
      ['new-deadline', 'open', '2026-01-25'],
      ['other-deadline', 'open', '2026-01-20'],
      ['new-reminder', 'open', '2026-01-24'],
    ]);
    await expect(replaceGameJobs(db, demo.id, [{ kind: 'deadline', dueAt: at(25), gameId: other.id, dedupeKey: 'x' }])).rejects.toThrow(
      `replaceGameJobs needs jobs of game ${demo.id}, each with a dedupe key of its own`,
    );
  });

  it('schedules inside the caller’s transaction: a rolled-back change leaves no job', async () => {
    const { db } = getStore();
    const game = await insertGame(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('games')
          .set({ deadline_at: new Date('2026-05-01T00:00:00Z') })
          .where('id', '=', game.id)
          .execute();
        await scheduleJob(trx, { kind: 'deadline', dueAt: new Date('2026-05-01T00:00:00Z'), gameId: game.id, dedupeKey: 'deadline:demo' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobRows(db)).toEqual([]);
  });

  it('rolls back a failing handler’s writes, retries it later and finally gives it up', async () => {
    const { db } = getStore();
    const clock = new TestClock(new Date('2026-06-01T00:00:00Z'));
    const game = await insertGame(db);
    const poisoned = await scheduleJob(db, { kind: 'deadline', dueAt: new Date('2026-05-31T00:00:00Z'), gameId: game.id, dedupeKey: 'deadline:demo' });
    await scheduleJob(db, { kind: 'reminder', dueAt: new Date('2026-05-31T12:00:00Z'), gameId: game.id, payload: { label: 'fine' } });
    let calls = 0;
    const handle: JobHandler = async (trx, job) => {
      if (job.kind !== 'deadline') return;
      calls += 1;
      await trx
        .insertInto('judge_state')
        .values({ key: `attempt-${calls}`, value: jsonb({ calls }) })
        .execute();
      await trx.updateTable('games').set({ status: 'forming' }).where('id', '=', game.id).execute();
      await scheduleJob(trx, { kind: 'reminder', dueAt: clock.now(), gameId: game.id, payload: { label: 'from-failed-handler' } });
      throw new Error(`adjudication failed (${calls})`);
    };
    const retryDelayMs = (failed: number) => failed * 10 * MINUTE;
    const logger = collectingLogger();
    const options = { maxAttempts: 3, retryDelayMs, logger };

    // The poisoned job is due first; the other one still runs in the same round.
    expect(await run(db, clock, handle, options)).toEqual({ done: 1, failed: 1 });
    const afterFirst = await db.selectFrom('jobs').selectAll().where('id', '=', poisoned).executeTakeFirstOrThrow();
    expect(afterFirst).toMatchObject({
      attempts: 1,
      last_error: 'Error: adjudication failed (1)',
      done_at: null,
      due_at: new Date('2026-06-01T00:10:00Z'),
      claimed_by: 'runner-a',
      claimed_at: clock.now(),
    });
    const untouched = async () => {
      expect(await db.selectFrom('judge_state').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('games').select('status').executeTakeFirstOrThrow()).toEqual({ status: 'preparation' });
      expect((await jobRows(db)).map((row) => row.payload.label ?? row.kind)).toEqual(['deadline', 'fine']);
    };
    await untouched();

    // Not again before its retry time.
    clock.advance(9 * MINUTE);
    expect(await run(db, clock, handle, options)).toEqual({ done: 0, failed: 0 });
    clock.advance(MINUTE);
    expect(await run(db, clock, handle, options)).toEqual({ done: 0, failed: 1 });
    expect(await db.selectFrom('jobs').select(['attempts', 'due_at', 'done_at']).where('id', '=', poisoned).executeTakeFirstOrThrow()).toEqual({
      attempts: 2,
      due_at: new Date('2026-06-01T00:30:00Z'),
      done_at: null,
    });
    clock.set('2026-06-01T00:30:00Z');
    expect(await run(db, clock, handle, options)).toEqual({ done: 0, failed: 1 });
    const dead = await db.selectFrom('jobs').selectAll().where('id', '=', poisoned).executeTakeFirstOrThrow();
    expect(dead).toMatchObject({
      attempts: 3,
      done_at: new Date('2026-06-01T00:30:00Z'),
      last_error: 'gave up after 3 attempts: Error: adjudication failed (3)',
    });
    expect(calls).toBe(3);
    await untouched();

    clock.advance(365 * DAY);
    expect(await run(db, clock, handle, options)).toEqual({ done: 0, failed: 0 });
    expect(logger.lines).toEqual([
      'warn job failed; will retry',
      'info job done',
      'warn job failed; will retry',
      'error job failed for the last time; given up',
    ]);
    // A dead job's key is free again: the Master can schedule the deadline anew.
    const fresh = await scheduleJob(db, { kind: 'deadline', dueAt: clock.now(), gameId: game.id, dedupeKey: 'deadline:demo' });
    expect(fresh).not.toBe(poisoned);
  });

  it('leaves nothing half-applied when a statement fails in the middle of a handler', async () => {
    const { db } = getStore();
    const clock = new TestClock(new Date('2026-06-01T00:00:00Z'));
    const game = await insertGame(db);
    await scheduleJob(db, { kind: 'deadline', dueAt: clock.now(), gameId: game.id });
    const handle: JobHandler = async (trx) => {
      await trx
        .insertInto('judge_state')
        .values({ key: 'progress', value: jsonb({ step: 1 }) })
        .execute();
      await trx.updateTable('games').set({ description: 'half adjudicated' }).where('id', '=', game.id).execute();
      // Violates games_name_format: the transaction is aborted from here on.
      await trx.updateTable('games').set({ name: 'NOT VALID' }).where('id', '=', game.id).execute();
    };
    expect(await run(db, clock, handle)).toEqual({ done: 0, failed: 1 });
    const [job] = await jobRows(db);
    expect(job).toMatchObject({ attempts: 1, done_at: null });
    expect(job?.last_error).toContain('games_name_format');
    expect(await db.selectFrom('judge_state').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('games').select(['name', 'description', 'version']).executeTakeFirstOrThrow()).toEqual({
      name: 'demo',
      description: '',
      version: 1,
    });
  });

  it('records the failure when the job’s transaction cannot commit', async () => {
    const { db } = getStore();
    const clock = new TestClock(new Date('2026-06-01T00:00:00Z'));
    const game = await insertGame(db);
    const id = await scheduleJob(db, { kind: 'deadline', dueAt: clock.now(), gameId: game.id });
    await scheduleJob(db, { kind: 'reminder', dueAt: clock.now(), gameId: game.id });
    const handled: string[] = [];
    const handle: JobHandler = async (trx, job) => {
      handled.push(job.kind);
      if (job.kind !== 'deadline') return;
      // The foreign key to phases is checked at COMMIT, after the handler has returned.
      await sql`SET CONSTRAINTS games_current_phase_fkey DEFERRED`.execute(trx);
      await trx.updateTable('games').set({ current_phase: 'S1901M' }).where('id', '=', game.id).execute();
      await trx
        .insertInto('judge_state')
        .values({ key: 'progress', value: jsonb({ step: 1 }) })
        .execute();
    };
    expect(await run(db, clock, handle, { retryDelayMs: () => 5 * MINUTE })).toEqual({ done: 1, failed: 1 });
    expect(handled).toEqual(['deadline', 'reminder']);
    const job = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ attempts: 1, done_at: null, due_at: new Date('2026-06-01T00:05:00Z'), claimed_by: 'runner-a' });
    expect(job.last_error).toContain('games_current_phase_fkey');
    expect(await db.selectFrom('judge_state').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('games').select('current_phase').executeTakeFirstOrThrow()).toEqual({ current_phase: null });
  });

  it('runs a batch in one transaction: a failing job is rolled back alone, and a second job of a game waits for a later batch', async () => {
    const { db } = getStore();
    const clock = new TestClock(new Date('2026-06-01T00:00:00Z'));
    const games = [await insertGame(db, { name: 'batch-a' }), await insertGame(db, { name: 'batch-b' }), await insertGame(db, { name: 'batch-c' })];
    const due = new Date('2026-05-31T00:00:00Z');
    for (const game of games) await scheduleJob(db, { kind: 'deadline', dueAt: due, gameId: game.id, payload: { label: game.name } });
    await scheduleJob(db, { kind: 'reminder', dueAt: due, gameId: games[0]!.id, payload: { label: 'batch-a again' } });
    const batches: string[][] = [];
    let batch: string[] = [];
    const handle: JobHandler = async (trx, job) => {
      const label = String(job.payload.label);
      batch.push(label);
      await trx
        .insertInto('judge_state')
        .values({ key: label, value: jsonb(true) })
        .execute();
      if (label === 'batch-b') throw new Error('batch-b fails');
    };
    const logger = collectingLogger();
    const first = await run(db, clock, handle, { batchSize: 8, limit: 3, logger, retryDelayMs: () => 5 * MINUTE });
    batches.push(batch);
    batch = [];
    expect(first).toEqual({ done: 2, failed: 1 });
    expect(batches).toEqual([['batch-a', 'batch-b', 'batch-c']]);
    expect(logger.lines).toEqual(['info job done', 'warn job failed; will retry', 'info job done']);
    expect((await db.selectFrom('judge_state').select('key').orderBy('key').execute()).map((row) => row.key)).toEqual(['batch-a', 'batch-c']);
    const rows = await jobRows(db);
    expect(rows.map((row) => [row.payload.label, row.done_at !== null, row.attempts, row.last_error])).toEqual([
      ['batch-a', true, 1, null],
      ['batch-b', false, 1, 'Error: batch-b fails'],
      ['batch-c', true, 1, null],
      ['batch-a again', false, 0, null],
    ]);
    expect(rows[1]!.due_at).toEqual(new Date('2026-06-01T00:05:00Z'));
    // Game a's second job was left for the next batch.
    expect(await run(db, clock, handle, { batchSize: 8 })).toEqual({ done: 1, failed: 0 });
    expect(batch).toEqual(['batch-a again']);
  });

  it('runs a batch whose transaction cannot commit again one job at a time', async () => {
    const { db } = getStore();
    const clock = new TestClock(new Date('2026-06-01T00:00:00Z'));
    const games = [await insertGame(db, { name: 'commit-a' }), await insertGame(db, { name: 'commit-b' }), await insertGame(db, { name: 'commit-c' })];
    for (const game of games) await scheduleJob(db, { kind: 'deadline', dueAt: clock.now(), gameId: game.id, payload: { label: game.name } });
    const handled: string[] = [];
    const handle: JobHandler = async (trx, job) => {
      const label = String(job.payload.label);
      handled.push(label);
      await trx
        .insertInto('judge_state')
        .values({ key: label, value: jsonb(true) })
        .execute();
      if (label !== 'commit-b') return;
      // The foreign key to phases is checked at COMMIT, after every handler of the batch has returned.
      await sql`SET CONSTRAINTS games_current_phase_fkey DEFERRED`.execute(trx);
      await trx.updateTable('games').set({ current_phase: 'S1901M' }).where('id', '=', job.game_id!).execute();
    };
    expect(await run(db, clock, handle, { batchSize: 8, retryDelayMs: () => 5 * MINUTE })).toEqual({ done: 2, failed: 1 });
    expect(handled).toEqual(['commit-a', 'commit-b', 'commit-c', 'commit-a', 'commit-b', 'commit-c']);
    expect((await db.selectFrom('judge_state').select('key').orderBy('key').execute()).map((row) => row.key)).toEqual(['commit-a', 'commit-c']);
    const rows = await jobRows(db);
    expect(rows.map((row) => [row.payload.label, row.done_at !== null, row.attempts])).toEqual([
      ['commit-a', true, 1],
      ['commit-b', false, 1],
      ['commit-c', true, 1],
    ]);
    expect(rows[1]!.last_error).toContain('games_current_phase_fkey');
    expect(rows[1]!.due_at).toEqual(new Date('2026-06-01T00:05:00Z'));
  });

  it('throws when the database fails before a job is claimed', async () => {
    const { db } = getStore();
    const clock = new TestClock(new Date('2026-06-01T00:00:00Z'));
    // An impossible due time in the claim query: the claim itself fails, nothing is counted.
    await expect(run(db, new TestClock(new Date(Number.NaN)), async () => undefined)).rejects.toThrow();
    expect(await run(db, clock, async () => undefined)).toEqual({ done: 0, failed: 0 });
  });

  it('stops claiming when the signal aborts', async () => {
    const { db } = getStore();
    const clock = new TestClock(new Date('2026-06-01T00:00:00Z'));
    for (let n = 0; n < 3; n++) await scheduleJob(db, { kind: 'reminder', dueAt: clock.now() });
    const controller = new AbortController();
    const handle: JobHandler = async () => {
      controller.abort();
    };
    expect(await run(db, clock, handle, { signal: controller.signal })).toEqual({ done: 1, failed: 0 });
  });

  it('startJobRunner: wake runs a new job at once, stop lets the job in hand finish', async () => {
    const { db } = getStore();
    const clock = new TestClock(new Date('2026-06-01T00:00:00Z'));
    const started: string[] = [];
    const entered = gate();
    const release = gate();
    const handle: JobHandler = async (trx, job) => {
      started.push(String(job.payload.label));
      if (job.payload.label === 'slow') {
        entered.open();
        await release.opened;
      }
      await trx
        .insertInto('judge_state')
        .values({ key: `ran-${String(job.payload.label)}`, value: jsonb(true) })
        .execute();
    };
    // pollMs far beyond the test: only wake() can start a round after the first.
    const runner = startJobRunner({ db, now: clock.now, workerId: 'loop', handle, pollMs: 60 * MINUTE });
    try {
      await sleep(50); // the first round finds nothing and the loop pauses
      // One transaction, so that a slow first round sees both jobs or neither (on PGlite a
      // second write would wait for the connection the slow handler holds).
      await db.transaction().execute(async (trx) => {
        await scheduleJob(trx, { kind: 'reminder', dueAt: clock.now(), payload: { label: 'slow' } });
        await scheduleJob(trx, { kind: 'reminder', dueAt: clock.now(), payload: { label: 'after' } });
      });
      runner.wake();
      await entered.opened;
      let stopped = false;
      const stopping = runner.stop().then(() => {
        stopped = true;
      });
      await sleep(50);
      expect(stopped).toBe(false);
      release.open();
      await stopping;
    } finally {
      release.open();
      await runner.stop();
    }
    expect(started).toEqual(['slow']);
    expect(await db.selectFrom('judge_state').select('key').execute()).toEqual([{ key: 'ran-slow' }]);
    const rows = await jobRows(db);
    expect(rows.map((row) => [row.payload.label, row.done_at !== null, row.claimed_by])).toEqual([
      ['slow', true, 'loop'],
      ['after', false, null],
    ]);
  });

  it('startJobRunner: keeps going after a failed round', async () => {
    const { db } = getStore();
    let calls = 0;
    const clock = () => {
      calls += 1;
      // The first round's claim gets an impossible time and fails.
      return calls === 1 ? new Date(Number.NaN) : new Date('2026-06-01T00:00:00Z');
    };
    await scheduleJob(db, { kind: 'reminder', dueAt: new Date('2026-05-01T00:00:00Z') });
    const logger = collectingLogger();
    const done = gate();
    const runner = startJobRunner({
      db,
      now: clock,
      workerId: 'loop',
      pollMs: 20,
      logger,
      handle: async () => done.open(),
    });
    await done.opened;
    await runner.stop();
    expect(logger.lines[0]).toBe('error job round failed; trying again');
    expect(logger.lines).toContain('info job done');
  });
});

// ------------------------------------------------------------------------------------------------
// Two runners side by side need two sessions: real PostgreSQL only (PGlite is one session).
// ------------------------------------------------------------------------------------------------

describe('job queue with two runners [postgres]', () => {
  let database: TestDatabase | null = null;
  let second: Store | null = null;
  const getDb = () => {
    if (database === null || second === null) throw new Error('the PostgreSQL test database is not open');
    return { db: database.store.db, other: second.db };
  };
  beforeAll(async () => {
    database = await databaseBackend('postgres').open();
    second = await openStore({ databaseUrl: database.databaseUrl ?? '', migrate: false, poolSize: 2 });
  });
  afterAll(async () => {
    await second?.close();
    await database?.dispose();
  });
  beforeEach(async () => {
    await database?.reset();
  });

  it('startJobRunner: an idle runner of four lanes looks for due jobs once per pollMs, and its lanes join in when work is due', async () => {
    const { db } = getDb();
    const clock = new TestClock(new Date('2026-06-01T00:00:00Z'));
    let claims = 0;
    const counted = db.withPlugin({
      transformQuery: ({ node }) => {
        if (node.kind === 'SelectQueryNode' && JSON.stringify(node).includes('pg_try_advisory_xact_lock')) claims += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const lanesUsed = new Set<string>();
    const handle: JobHandler = async () => {
      await sleep(5);
    };
    const pollMs = 50;
    const runner = startJobRunner({
      db: counted,
      now: clock.now,
      workerId: 'idle',
      pollMs,
      concurrency: 4,
      batchSize: 2,
      handle,
      logger: { info: (bindings) => lanesUsed.add(String((bindings as { workerId: string }).workerId)), warn: () => undefined, error: () => undefined },
    });
    try {
      const idleFor = 500;
      await sleep(idleFor);
      // Each lane's first round, then the first lane alone: at most one claim per pollMs (before, every lane polled).
      expect(claims).toBeLessThanOrEqual(4 + Math.ceil(idleFor / pollMs) + 1);
      // Jobs due without a wake: the first lane finds them and the others join in.
      for (let n = 0; n < 40; n++) await scheduleJob(db, { kind: 'reminder', dueAt: clock.now(), payload: { label: `job-${n}` } });
      await expect.poll(async () => (await jobRows(db)).every((row) => row.done_at !== null), { timeout: 10_000 }).toBe(true);
      expect(lanesUsed.size).toBeGreaterThan(1);
    } finally {
      await runner.stop();
    }
  });

  /** Runner A starts on the first due job and holds it until `release` opens. */
  async function holdFirstJob(db: Kysely<Database>, clock: TestClock) {
    const entered = gate();
    const release = gate();
    const ranBy: string[] = [];
    const running = runDueJobs(db, {
      now: clock.now,
      workerId: 'runner-a',
      limit: 1,
      handle: async (trx, job) => {
        ranBy.push(`runner-a:${String(job.payload.label)}`);
        await trx
          .insertInto('judge_state')
          .values({ key: `a-${String(job.payload.label)}`, value: jsonb(true) })
          .execute();
        entered.open();
        await release.opened;
      },
    });
    await entered.opened;
    return { running, release, ranBy };
  }

  it('locks the job while it is handled: a second runner skips it and takes the next', async () => {
    const { db, other } = getDb();
    const clock = new TestClock(new Date('2026-06-01T00:00:00Z'));
    await scheduleJob(db, { kind: 'deadline', dueAt: new Date('2026-05-01T00:00:00Z'), payload: { label: 'first' } });
    await scheduleJob(db, { kind: 'deadline', dueAt: new Date('2026-05-02T00:00:00Z'), payload: { label: 'second' } });
    const held = await holdFirstJob(db, clock);
    try {
      const ranByB: string[] = [];
      const result = await runDueJobs(other, {
        now: clock.now,
        workerId: 'runner-b',
        handle: async (_trx, job) => {
          ranByB.push(`runner-b:${String(job.payload.label)}`);
        },
      });
      expect(result).toEqual({ done: 1, failed: 0 });
      expect(ranByB).toEqual(['runner-b:second']);
      // Runner A has not committed: B sees the first job still open.
      expect(await other.selectFrom('jobs').select('payload').where('done_at', 'is', null).execute()).toEqual([{ payload: { label: 'first' } }]);
    } finally {
      held.release.open();
    }
    expect(await held.running).toEqual({ done: 1, failed: 0 });
    expect(held.ranBy).toEqual(['runner-a:first']);
    expect((await jobRows(db)).map((row) => [row.payload.label, row.claimed_by, row.attempts])).toEqual([
      ['first', 'runner-a', 1],
      ['second', 'runner-b', 1],
    ]);
  });

  it('a reschedule while the job is handled waits for it, then becomes a new open job', async () => {
    const { db, other } = getDb();
    const clock = new TestClock(new Date('2026-06-01T00:00:00Z'));
    const id = await scheduleJob(db, { kind: 'deadline', dueAt: new Date('2026-05-01T00:00:00Z'), dedupeKey: 'deadline:demo', payload: { label: 'old' } });
    const held = await holdFirstJob(db, clock);
    let rescheduled: string | null = null;
    const rescheduling = scheduleJob(other, {
      kind: 'deadline',
      dueAt: new Date('2026-07-01T00:00:00Z'),
      dedupeKey: 'deadline:demo',
      payload: { label: 'new' },
    }).then((newId) => {
      rescheduled = newId;
    });
    await sleep(100);
    expect(rescheduled).toBeNull();
    held.release.open();
    expect(await held.running).toEqual({ done: 1, failed: 0 });
    await rescheduling;
    expect(rescheduled).not.toBeNull();
    expect(rescheduled).not.toBe(id);
    const rows = await jobRows(db);
    expect(rows.map((row) => [row.id, row.payload.label, row.done_at === null, row.due_at.toISOString()])).toEqual([
      [id, 'old', false, '2026-05-01T00:00:00.000Z'],
      [rescheduled, 'new', true, '2026-07-01T00:00:00.000Z'],
    ]);
  });

  it('a cancel while the job is handled waits for it and leaves the job that ran', async () => {
    const { db, other } = getDb();
    const clock = new TestClock(new Date('2026-06-01T00:00:00Z'));
    const game = await insertGame(db);
    const id = await scheduleJob(db, { kind: 'deadline', dueAt: new Date('2026-05-01T00:00:00Z'), gameId: game.id, payload: { label: 'running' } });
    await scheduleJob(db, { kind: 'reminder', dueAt: new Date('2026-07-01T00:00:00Z'), gameId: game.id, payload: { label: 'later' } });
    const held = await holdFirstJob(db, clock);
    let cancelled: number | null = null;
    const cancelling = cancelJobs(other, { gameId: game.id }).then((count) => {
      cancelled = count;
    });
    await sleep(100);
    expect(cancelled).toBeNull();
    held.release.open();
    expect(await held.running).toEqual({ done: 1, failed: 0 });
    await cancelling;
    expect(cancelled).toBe(1);
    expect((await jobRows(db)).map((row) => [row.id, row.claimed_by])).toEqual([[id, 'runner-a']]);
    expect(await db.selectFrom('judge_state').select('key').execute()).toEqual([{ key: 'a-running' }]);
  });

  it('startJobRunner with lanes: jobs run side by side, but never two of one game at once', async () => {
    const { db } = getDb();
    const clock = new TestClock(new Date('2026-06-01T00:00:00Z'));
    const games = [await insertGame(db, { name: 'lanes-a' }), await insertGame(db, { name: 'lanes-b' }), await insertGame(db, { name: 'lanes-c' })];
    // Three jobs per game, all due: a deadline storm in miniature.
    for (const game of games) {
      for (const kind of ['deadline', 'reminder', 'process'])
        await scheduleJob(db, { kind, dueAt: new Date('2026-05-01T00:00:00Z'), gameId: game.id, payload: { label: `${game.id}-${kind}` } });
    }
    const running = new Set<number>();
    let overlapped = 0;
    let mostAtOnce = 0;
    let inFlight = 0;
    const done = gate();
    let handled = 0;
    const runner = startJobRunner({
      db,
      now: clock.now,
      workerId: 'lanes',
      pollMs: 20,
      concurrency: 3,
      handle: async (_trx, job) => {
        if (running.has(job.game_id!)) overlapped += 1;
        running.add(job.game_id!);
        inFlight += 1;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        await sleep(60);
        inFlight -= 1;
        running.delete(job.game_id!);
        if (++handled === 9) done.open();
      },
    });
    await done.opened;
    await runner.stop();
    expect(overlapped).toBe(0);
    expect(mostAtOnce).toBeGreaterThan(1);
    const rows = await jobRows(db);
    expect(rows.filter((row) => row.done_at === null || row.attempts !== 1)).toEqual([]);
    for (const row of rows) expect(row.claimed_by).toMatch(/^lanes#[123]$/);
  });
});
