import { sql } from 'kysely';
import type { Kysely, OnConflictBuilder, Transaction } from 'kysely';
import { jsonb } from './schema.ts';
import type { Database, JobRow, JsonObject } from './schema.ts';
import { noteLockedGames } from './locked-games.ts';

// A durable job queue on the `jobs` table: the deadline scheduler's timers. Generic: it knows
// nothing of games beyond an optional game_id; callers supply the handlers.
//
//   scheduleJob(db, { kind, dueAt, gameId?, payload?, dedupeKey? }) → job id
//     Inserts a job. `db` may be the caller's transaction, so a job commits (or rolls back) with
//     the change that caused it. With a dedupeKey, an open job with that key is replaced (its
//     kind, game, due time and payload; attempts and error reset): rescheduling is one call.
//
//   cancelJobs(db, { gameId?, kind?, dedupeKey? }) → number cancelled
//     Deletes the open jobs matching every field given (gameId or dedupeKey is required). A job
//     being handled right now is waited for and, having been done by then, is left alone.
//
//   runDueJobs(db, { now, workerId, handle, limit?, batchSize?, maxAttempts?, retryDelayMs?, signal?, logger? })
//     → { done, failed }
//     Runs due jobs, oldest due first, a batch (batchSize, default 1) per transaction that holds
//     the jobs' row locks (mail-and-database.md §5, "lock-held"):
//       BEGIN; SELECT … WHERE done_at IS NULL AND due_at <= $now ORDER BY due_at, id
//              FOR UPDATE SKIP LOCKED LIMIT $batchSize;  mark them done and lock their games (one statement);
//              for each: SAVEPOINT; handle(trx, job);  COMMIT
//     A batch holds at most one job per game, and a judge-wide job (no game) alone. Other runners,
//     in this process or another, skip the locked rows. A crash mid-handler rolls everything back
//     and releases the locks, so a job is never half-applied; it runs again.
//     If `handle` throws, its writes are rolled back (to the savepoint taken before it ran) and,
//     still under the same lock, the job's attempts go up, last_error is kept and due_at moves
//     back by retryDelayMs(attempts); after maxAttempts it is given up ("dead"). The other jobs of
//     the batch go on; one poisoned job therefore never blocks the others. If the transaction fails
//     around the handlers (its COMMIT, say), a batch's jobs are run again one per transaction, and
//     a single job's failure is recorded the same way in a short transaction of its own.
//     Stops after `limit` jobs, when nothing is due, or when `signal` aborts (checked between
//     batches). Throws only when the database itself fails; handler errors are counted, logged and
//     kept in last_error.
//
//   startJobRunner({ db, now, workerId, handle, pollMs, concurrency?, … }) → { wake(), stop() }
//     runDueJobs in a loop (in `concurrency` lanes side by side), pausing pollMs when nothing is
//     left (the first lane only: the others wait until a lane finds work); wake() ends the pause
//     (call it after scheduling a job that is due at once); stop() lets the jobs in hand finish.
//
// Time is always the injected `now()`, sent as a query parameter (never SQL now()), so tests can
// run years of game time in milliseconds.
//
// Rules for handlers:
//   - Use only `trx`. Another query on `db` needs a second connection, and PGlite has one.
//   - Rescheduling the job's own dedupe key from inside the handler is fine: the job in hand is
//     already marked done in `trx`, so the new schedule becomes a new open job.
//   - The job row is locked before anything the handler locks (in a batch, the batch's games are
//     locked too, in id order, before the first handler runs). Code that locks a game and then
//     reschedules that game's job takes the locks the other way round; PostgreSQL breaks such a
//     deadlock by failing one side, and if it is the handler, the job is retried after a delay.
//
// A job row ends in one of two states: done_at set and last_error null (done), or done_at set and
// last_error set (dead: given up after maxAttempts). Cancelled jobs are deleted.

// ------------------------------------------------------------------------------------------------
// Types
// ------------------------------------------------------------------------------------------------

export interface NewJobRequest {
  /** `^[a-z][a-z0-9_-]*$`, e.g. `deadline`, `grace`, `reminder`. */
  readonly kind: string;
  readonly dueAt: Date;
  /** null for judge-wide jobs. */
  readonly gameId?: number | null;
  readonly payload?: JsonObject;
  /** At most one open job per key, e.g. `deadline:demo`. */
  readonly dedupeKey?: string | null;
}

/** Which open jobs to cancel: all fields given must match; gameId or dedupeKey is required. */
export type CancelJobsFilter =
  | { readonly gameId: number; readonly kind?: string; readonly dedupeKey?: string }
  | { readonly gameId?: number; readonly kind?: string; readonly dedupeKey: string };

/** Does the job's work inside the job's transaction; throwing rolls its writes back. */
export type JobHandler = (trx: Transaction<Database>, job: JobRow) => Promise<void>;

/** Delay before the next attempt, given how many attempts have failed so far (1, 2, …). */
export type JobRetryDelay = (failedAttempts: number) => number;

/** pino-compatible. */
export interface JobQueueLogger {
  info(bindings: object, message: string): void;
  warn(bindings: object, message: string): void;
  error(bindings: object, message: string): void;
}

export interface RunDueJobsOptions {
  readonly now: () => Date;
  /** Written to claimed_by; unique per runner, e.g. `${hostname}:${pid}`. */
  readonly workerId: string;
  readonly handle: JobHandler;
  /** Most jobs handled in this call (default 100). */
  readonly limit?: number;
  /**
   * Jobs claimed with one statement and run in one transaction (default 1, at most 64), each
   * behind a savepoint: a deadline storm then pays one claim and one commit per batch instead of
   * per job. A failing handler is rolled back alone; if the transaction fails as a whole, its jobs
   * are run again one by one. The jobs of a batch are of different games.
   */
  readonly batchSize?: number;
  /** Attempts before a job is given up (default 8). */
  readonly maxAttempts?: number;
  /** Default: 1 min, doubling, at most 1 h (about 2 h in all with the default maxAttempts). */
  readonly retryDelayMs?: JobRetryDelay;
  /** Checked before each claim: the job in hand always finishes. */
  readonly signal?: AbortSignal;
  /** Called when a claim took jobs, before they run (startJobRunner wakes its idle lanes). */
  readonly onClaimed?: () => void;
  readonly logger?: JobQueueLogger;
}

export interface RunDueJobsResult {
  /** Handled without error. */
  readonly done: number;
  /** Handler threw (retried later, or given up). */
  readonly failed: number;
}

export interface JobRunnerOptions extends Omit<RunDueJobsOptions, 'signal' | 'onClaimed'> {
  readonly db: Kysely<Database>;
  /** Pause after a round that left nothing due, or after a round that failed. */
  readonly pollMs: number;
  /**
   * Jobs run side by side (default 1), each lane claiming its own; workerId gets `#lane` appended
   * when above 1. Needs as many pool connections; PGlite has one, so keep 1 there.
   */
  readonly concurrency?: number;
}

export interface JobRunner {
  /** Ends the pause early; a wake during a round makes another round follow at once. */
  wake(): void;
  /** Lets the job in hand finish, then ends the loop. Safe to call twice. */
  stop(): Promise<void>;
}

export const JOB_QUEUE_DEFAULTS = {
  limit: 100,
  batchSize: 1,
  maxAttempts: 8,
  firstRetryMs: 60_000,
  maxRetryMs: 60 * 60_000,
} as const;

const LAST_ERROR_MAX = 2000;
const HANDLER_SAVEPOINT_NAME = 'job_queue_handler';
const HANDLER_SAVEPOINT = sql.raw(HANDLER_SAVEPOINT_NAME);
/** Keeps a batch's transaction, and the game locks it holds, short. */
const MAX_BATCH_SIZE = 64;

// ------------------------------------------------------------------------------------------------
// Scheduling
// ------------------------------------------------------------------------------------------------

function jobRows(jobs: readonly NewJobRequest[]) {
  return jobs.map((job) => ({
    kind: job.kind,
    due_at: job.dueAt,
    game_id: job.gameId ?? null,
    payload: jsonb(job.payload ?? {}),
    dedupe_key: job.dedupeKey ?? null,
  }));
}

/**
 * Names the partial unique index jobs_open_dedupe_key by its columns and predicate; a job without a
 * dedupeKey never conflicts. The open job with the key is replaced: its kind, game, due time and
 * payload, attempts and error reset.
 */
function replacingOpenJob(conflict: OnConflictBuilder<Database, 'jobs'>) {
  return conflict
    .column('dedupe_key')
    .where('done_at', 'is', null)
    .where('dedupe_key', 'is not', null)
    .doUpdateSet((eb) => ({
      kind: eb.ref('excluded.kind'),
      due_at: eb.ref('excluded.due_at'),
      game_id: eb.ref('excluded.game_id'),
      payload: eb.ref('excluded.payload'),
      attempts: 0,
      last_error: null,
      claimed_by: null,
      claimed_at: null,
    }));
}

/** Inserts a job, or replaces the open job with the same dedupeKey. Returns the job's id. */
export async function scheduleJob(db: Kysely<Database>, job: NewJobRequest): Promise<string> {
  const [id] = await scheduleJobs(db, [job]);
  return id!;
}

/**
 * Inserts several jobs in one statement, each replacing the open job with its dedupeKey (the
 * dedupeKeys must differ from each other); returns their ids in the order given.
 */
export async function scheduleJobs(db: Kysely<Database>, jobs: readonly NewJobRequest[]): Promise<string[]> {
  if (jobs.length === 0) return [];
  const inserted = await db.insertInto('jobs').values(jobRows(jobs)).onConflict(replacingOpenJob).returning(['id', 'dedupe_key']).execute();
  // RETURNING gives rows in no promised order: match them back by dedupe key where there is one.
  if (inserted.length !== jobs.length) throw new Error(`scheduled ${inserted.length} of ${jobs.length} jobs`);
  if (jobs.length === 1) return [inserted[0]!.id];
  const byKey = new Map(inserted.filter((row) => row.dedupe_key !== null).map((row) => [row.dedupe_key, row.id]));
  const unkeyed = inserted.filter((row) => row.dedupe_key === null).map((row) => row.id);
  return jobs.map((job) => (job.dedupeKey ? byKey.get(job.dedupeKey)! : unkeyed.shift()!));
}

/**
 * cancelJobs({ gameId }) and then scheduleJobs(jobs) in one statement: the game's open jobs are
 * deleted but for those the new jobs' dedupe keys name, which are replaced as scheduleJobs replaces
 * them (the two parts never touch one row). Every job must be of the game, with a dedupe key of its
 * own. Returns nothing: a storm's turn does not read the ids.
 */
export async function replaceGameJobs(db: Kysely<Database>, gameId: number, jobs: readonly NewJobRequest[]): Promise<void> {
  const keys = jobs.map((job) => job.dedupeKey);
  if (jobs.length === 0 || jobs.some((job) => job.gameId !== gameId) || keys.some((key) => !key) || new Set(keys).size !== keys.length) {
    throw new Error(`replaceGameJobs needs jobs of game ${gameId}, each with a dedupe key of its own`);
  }
  await db
    .with('gone', (qc) =>
      qc
        .deleteFrom('jobs')
        .where('done_at', 'is', null)
        .where('game_id', '=', gameId)
        .where((eb) => eb.or([eb('dedupe_key', 'is', null), sql<boolean>`dedupe_key <> ALL(${keys}::text[])`])),
    )
    .insertInto('jobs')
    .values(jobRows(jobs))
    .onConflict(replacingOpenJob)
    .execute();
}

/** Deletes the matching open jobs; returns how many. */
export async function cancelJobs(db: Kysely<Database>, filter: CancelJobsFilter): Promise<number> {
  if (filter.gameId === undefined && filter.dedupeKey === undefined) {
    throw new Error('cancelJobs needs a gameId or a dedupeKey');
  }
  let query = db.deleteFrom('jobs').where('done_at', 'is', null);
  if (filter.gameId !== undefined) query = query.where('game_id', '=', filter.gameId);
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  if (filter.dedupeKey !== undefined) query = query.where('dedupe_key', '=', filter.dedupeKey);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ------------------------------------------------------------------------------------------------
// Running
// ------------------------------------------------------------------------------------------------

/** 1 min, 2 min, 4 min … at most 1 h. */
export function doublingRetryDelay(firstMs: number = JOB_QUEUE_DEFAULTS.firstRetryMs, maxMs: number = JOB_QUEUE_DEFAULTS.maxRetryMs): JobRetryDelay {
  return (failedAttempts) => Math.min(maxMs, firstMs * 2 ** Math.max(0, failedAttempts - 1));
}

type JobOutcome =
  | { readonly kind: 'done'; readonly job: JobRow }
  | { readonly kind: 'retry'; readonly job: JobRow; readonly error: string; readonly retryAt: Date }
  | { readonly kind: 'dead'; readonly job: JobRow; readonly error: string }
  /** The job's transaction failed and another runner holds (or finished) the job by now. */
  | { readonly kind: 'unrecorded'; readonly job: JobRow; readonly error: string };

type FailureOutcome = Extract<JobOutcome, { kind: 'retry' | 'dead' }>;

/** Runs due jobs a batch per transaction, until none is due, `limit` is reached or `signal` aborts. */
export async function runDueJobs(db: Kysely<Database>, options: RunDueJobsOptions): Promise<RunDueJobsResult> {
  const limit = options.limit ?? JOB_QUEUE_DEFAULTS.limit;
  const maxAttempts = options.maxAttempts ?? JOB_QUEUE_DEFAULTS.maxAttempts;
  const batchSize = options.batchSize ?? JOB_QUEUE_DEFAULTS.batchSize;
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`limit must be a positive integer, not ${limit}`);
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new Error(`maxAttempts must be a positive integer, not ${maxAttempts}`);
  }
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
    throw new Error(`batchSize must be a whole number from 1 to ${MAX_BATCH_SIZE}, not ${batchSize}`);
  }
  const settings = { ...options, maxAttempts, retryDelayMs: options.retryDelayMs ?? doublingRetryDelay() };
  let done = 0;
  let failed = 0;
  while (done + failed < limit && !options.signal?.aborted) {
    const outcomes = await runBatch(db, settings, Math.min(batchSize, limit - done - failed));
    if (outcomes.length === 0) break;
    for (const outcome of outcomes) {
      report(options, outcome);
      if (outcome.kind === 'done') done += 1;
      else failed += 1;
    }
  }
  return { done, failed };
}

interface RunSettings extends RunDueJobsOptions {
  readonly maxAttempts: number;
  readonly retryDelayMs: JobRetryDelay;
}

/**
 * Claims up to `size` due jobs of different games and runs them in one transaction, each behind a
 * savepoint of its own; `onlyId` claims that one job if it is due and free. Returns nothing when
 * nothing was claimed.
 */
async function runBatch(db: Kysely<Database>, settings: RunSettings, size: number, onlyId: string | null = null): Promise<JobOutcome[]> {
  // Filled in inside the transaction; read if the transaction itself fails.
  const inHand: { jobs: readonly JobRow[]; handlerError: { readonly error: unknown } | null } = { jobs: [], handlerError: null };
  try {
    return await db.transaction().execute(async (trx): Promise<JobOutcome[]> => {
      const claimedAt = settings.now();
      const jobs = await lockDueJobs(trx, claimedAt, size, onlyId);
      if (jobs.length === 0) return [];
      inHand.jobs = jobs;
      settings.onClaimed?.();
      // Marked done before the handlers run, so that a handler may schedule its job's dedupe key
      // again (the next deadline) as a new open job instead of updating this one. A failing
      // handler's job is put back by recordFailure, under the row lock this transaction keeps.
      // In the same statement the jobs' games are locked, in id order, before any handler runs:
      // the mail path locks a game and then its jobs, so a game of the batch must not be left free
      // for that while the batch holds the game's job and works through the jobs before it; and
      // the handler, finding its game locked (locked-games.ts), loads it without locking it again.
      await markClaimedAndLockGames(trx, jobs, settings.workerId, claimedAt);
      const outcomes: JobOutcome[] = [];
      for (const [index, job] of jobs.entries()) {
        // One savepoint at a time (the previous one released in the same round trip): a batch
        // never nests subtransactions, whose cache in each backend holds 64.
        await sql
          .raw(index === 0 ? `SAVEPOINT ${HANDLER_SAVEPOINT_NAME}` : `RELEASE SAVEPOINT ${HANDLER_SAVEPOINT_NAME}; SAVEPOINT ${HANDLER_SAVEPOINT_NAME}`)
          .execute(trx);
        try {
          await settings.handle(trx, job);
          outcomes.push({ kind: 'done', job });
        } catch (error) {
          inHand.handlerError = { error };
          // Undoes the handler's writes; the row lock and the other jobs' work stay.
          await sql`ROLLBACK TO SAVEPOINT ${HANDLER_SAVEPOINT}`.execute(trx);
          outcomes.push(await recordFailure(trx, job, error, settings));
        }
      }
      return outcomes;
    });
  } catch (error) {
    const { jobs } = inHand;
    if (jobs.length === 0) throw error; // the claim itself failed: nothing was taken
    // The transaction failed after the claim (its COMMIT, say, or the connection went): none of
    // it stands, every job of the batch is open and due. A batch is run again one job at a time,
    // so that the failure is charged to the job that causes it and the others go through.
    if (jobs.length > 1) {
      const outcomes: JobOutcome[] = [];
      for (const job of jobs) outcomes.push(...(await runBatch(db, settings, 1, job.id)));
      return outcomes;
    }
    // One job: record the failure in a transaction of its own, or a job that can never commit
    // would be run again at once, forever.
    const job = jobs[0]!;
    const cause = inHand.handlerError?.error ?? error;
    const outcome = await db.transaction().execute(async (trx): Promise<JobOutcome> => {
      const fresh = await trx.selectFrom('jobs').selectAll().where('id', '=', job.id).where('done_at', 'is', null).forUpdate().skipLocked().executeTakeFirst();
      if (!fresh) return { kind: 'unrecorded', job, error: clip(describeError(cause)) };
      return recordFailure(trx, fresh, cause, settings);
    });
    return [outcome];
  }
}

/**
 * Advisory lock class of "a job of this game is being run"; the second key is the game id. It is
 * not the mailbox leader's lock (a single bigint key, which PostgreSQL keeps apart from pairs).
 */
const GAME_JOB_LOCK_CLASS = 0x64_6a_67; // 'djg'

/**
 * Locks the next due jobs, at most `size`, of different games; a judge-wide job (no game) is
 * taken alone. Jobs locked beyond those (a second job of a game already taken) are left as they
 * are and free again when the transaction ends.
 */
async function lockDueJobs(trx: Transaction<Database>, now: Date, size: number, onlyId: string | null): Promise<JobRow[]> {
  // One job per game at a time: runners side by side must not hold two jobs of one game, or the
  // first, replacing its game's jobs, would wait for the second's row lock while the second waits
  // for the game (a deadlock). The try-lock is taken in index order, row by row, until enough
  // jobs pass; it lasts until this transaction ends.
  const rows = await trx
    .selectFrom('jobs')
    .selectAll()
    .where('done_at', 'is', null)
    .where('due_at', '<=', now)
    .$if(onlyId !== null, (query) => query.where('id', '=', onlyId!))
    .where((eb) => eb.or([eb('game_id', 'is', null), sql<boolean>`pg_try_advisory_xact_lock(${GAME_JOB_LOCK_CLASS}, game_id)`]))
    .orderBy('due_at')
    .orderBy('id')
    .limit(size)
    .forUpdate()
    .skipLocked()
    .execute();
  if (rows.length === 0 || rows[0]!.game_id === null) return rows.slice(0, 1);
  const games = new Set<number>();
  const batch: JobRow[] = [];
  for (const row of rows) {
    if (row.game_id === null) break;
    if (games.has(row.game_id)) continue;
    games.add(row.game_id);
    batch.push(row);
  }
  return batch;
}

async function markClaimedAndLockGames(trx: Transaction<Database>, jobs: readonly JobRow[], workerId: string, claimedAt: Date): Promise<void> {
  const gameIds = [...new Set(jobs.flatMap((job) => (job.game_id === null ? [] : [job.game_id])))].sort((a, b) => a - b);
  // A data-modifying WITH runs whether or not the query reads it.
  await sql`
    WITH claimed AS (
      UPDATE jobs SET done_at = ${claimedAt}, claimed_by = ${workerId}, claimed_at = ${claimedAt}, attempts = attempts + 1, last_error = NULL
      WHERE id = ANY(${jobs.map((job) => job.id)}::bigint[])
    )
    SELECT id FROM games WHERE id = ANY(${gameIds}::integer[]) ORDER BY id FOR UPDATE`.execute(trx);
  noteLockedGames(trx, gameIds);
}

/** Counts a failed attempt of a job this transaction has locked: retry later, or give up. */
async function recordFailure(trx: Transaction<Database>, job: JobRow, error: unknown, settings: RunSettings): Promise<FailureOutcome> {
  const attempts = job.attempts + 1;
  const at = settings.now();
  const reason = describeError(error);
  const outcome: FailureOutcome =
    attempts >= settings.maxAttempts
      ? { kind: 'dead', job, error: clip(`gave up after ${attempts} attempts: ${reason}`) }
      : { kind: 'retry', job, error: clip(reason), retryAt: new Date(at.getTime() + Math.max(0, settings.retryDelayMs(attempts))) };
  await trx
    .updateTable('jobs')
    .set({
      attempts,
      last_error: outcome.error,
      claimed_by: settings.workerId,
      claimed_at: at,
      // The claim marked the job done; a job to be retried is open again.
      ...(outcome.kind === 'dead' ? { done_at: at } : { done_at: null, due_at: outcome.retryAt }),
    })
    .where('id', '=', job.id)
    .execute();
  return outcome;
}

function report(options: RunDueJobsOptions, outcome: JobOutcome): void {
  const { job } = outcome;
  const bindings = { jobId: job.id, kind: job.kind, gameId: job.game_id, attempts: job.attempts + 1, workerId: options.workerId };
  if (outcome.kind === 'done') options.logger?.info(bindings, 'job done');
  if (outcome.kind === 'retry') options.logger?.warn({ ...bindings, err: outcome.error, retryAt: outcome.retryAt }, 'job failed; will retry');
  if (outcome.kind === 'dead') options.logger?.error({ ...bindings, err: outcome.error }, 'job failed for the last time; given up');
  if (outcome.kind === 'unrecorded') options.logger?.warn({ ...bindings, err: outcome.error }, 'job transaction failed; another runner has the job now');
}

// ------------------------------------------------------------------------------------------------
// Loop
// ------------------------------------------------------------------------------------------------

/**
 * Runs due jobs until stopped; errors outside handlers are logged and the loop goes on. With
 * `concurrency` above 1, that many lanes claim and run jobs side by side, each job in its own
 * transaction on its own connection (the pool needs concurrency connections to spare): a deadline
 * storm then uses the database and the CPU while one job waits on the other. Two jobs of one game
 * never run at once in effect: a game's handler locks the game's row first, so the second waits.
 */
export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, pollMs, concurrency = 1, ...runOptions } = options;
  if (!(pollMs > 0)) throw new Error(`pollMs must be positive, not ${pollMs}`);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`concurrency must be a positive integer, not ${concurrency}`);
  const limit = runOptions.limit ?? JOB_QUEUE_DEFAULTS.limit;
  const stopping = new AbortController();
  // A wake during a round must not be lost: the job it announces may have been scheduled
  // after that round's last claim. Each lane keeps its own flag and pause.
  const lanes = Array.from({ length: concurrency }, () => ({ wakeRequested: false, endPause: null as (() => void) | null }));

  const run = async (lane: (typeof lanes)[number], index: number) => {
    const workerId = concurrency === 1 ? runOptions.workerId : `${runOptions.workerId}#${index + 1}`;
    while (!stopping.signal.aborted) {
      lane.wakeRequested = false;
      let more = false;
      let failedRound = false;
      try {
        // Work is due: the lanes waiting idle join in.
        const onClaimed = () => {
          for (const other of lanes) if (other !== lane) other.endPause?.();
        };
        const result = await runDueJobs(db, { ...runOptions, workerId, limit, signal: stopping.signal, onClaimed });
        more = result.done + result.failed >= limit;
      } catch (error) {
        failedRound = true;
        options.logger?.error({ err: error, workerId }, 'job round failed; trying again');
      }
      if (stopping.signal.aborted || more || lane.wakeRequested) continue;
      // Idle, the first lane alone looks again after pollMs; the others wait until wake() or a lane
      // that found work ends their pause, so an idle process costs one claim per pollMs whatever its
      // concurrency. A lane whose round failed tries again after pollMs.
      const timed = index === 0 || failedRound;
      await new Promise<void>((resolve) => {
        const timer = timed ? setTimeout(resolve, pollMs) : null;
        lane.endPause = () => {
          if (timer !== null) clearTimeout(timer);
          resolve();
        };
      });
      lane.endPause = null;
    }
  };
  const loops = Promise.all(lanes.map(run));

  return {
    wake() {
      for (const lane of lanes) {
        lane.wakeRequested = true;
        lane.endPause?.();
      }
    },
    async stop() {
      stopping.abort();
      for (const lane of lanes) lane.endPause?.();
      await loops;
    },
  };
}

// ------------------------------------------------------------------------------------------------
// Helpers
// ------------------------------------------------------------------------------------------------

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message === '' ? error.name : `${error.name}: ${error.message}`;
  return String(error);
}

function clip(text: string): string {
  return text.length > LAST_ERROR_MAX ? `${text.slice(0, LAST_ERROR_MAX - 3)}...` : text;
}
