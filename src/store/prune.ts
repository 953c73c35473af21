import { sql, type Kysely, type Transaction } from 'kysely';
import { scheduleJob } from './job-queue.ts';
import type { Database, JobRow } from './schema.ts';

// Keeps the tables that grow with traffic bounded: jobs done, inbound mail handled and outbox
// mail sent are deleted once older than the judgekeeper's retention settings. It runs as a
// judge-wide job of the scheduler (kind 'prune', one open at a time), so exactly one process does
// it, in the job's own transaction: each run deletes at most `batchSize` rows per table, oldest
// first (read from indexes on their age), and schedules the next run at once while old rows
// remain, otherwise a day later. Each run is therefore a short transaction; nobody else ever
// locks such old rows, so mail and deadlines do not wait for it.
//
// Kept on purpose:
//   - inbound mail for at least a day (the per-sender hourly limit counts the last hour; the
//     Message-ID dedupe matters for replays, which come within minutes of the first reading);
//   - inbound mail that failed or is still waiting, jobs that were given up (last_error) and
//     outbox mail not sent (pending, dead): the judgekeeper's to look at;
//   - everything HISTORY, SUMMARY and the records read (phases, seats, stints, press).

export const PRUNE_JOB_KIND = 'prune';
const PRUNE_JOB_KEY = 'judge:prune';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionDays {
  readonly doneJobsDays: number;
  readonly inboundMailDays: number;
  readonly sentMailDays: number;
}

export interface PruneCounts {
  readonly jobs: number;
  readonly inboundMail: number;
  readonly outbox: number;
}

/** Deletes at most batchSize of each kind of old row; returns how many went. */
export async function pruneBatch(db: Kysely<Database> | Transaction<Database>, retention: RetentionDays, now: Date, batchSize: number): Promise<PruneCounts> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const jobs = await db
    .deleteFrom('jobs')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where('done_at', 'is not', null)
        .where('last_error', 'is', null)
        .where('done_at', '<', before(retention.doneJobsDays))
        .orderBy('done_at')
        .orderBy('id')
        .limit(batchSize),
    )
    .executeTakeFirst();
  const inboundMail = await db
    .deleteFrom('inbound_mail')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('inbound_mail')
        .select('id')
        .where('outcome', 'in', ['processed', 'ignored', 'rejected'])
        .where('received_at', '<', before(Math.max(1, retention.inboundMailDays)))
        .orderBy('received_at')
        .limit(batchSize),
    )
    .executeTakeFirst();
  const outbox = await db
    .deleteFrom('outbox')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'sent')
        .where('sent_at', '<', before(retention.sentMailDays))
        .orderBy('sent_at')
        .orderBy('id')
        .limit(batchSize),
    )
    .executeTakeFirst();
  return { jobs: Number(jobs.numDeletedRows), inboundMail: Number(inboundMail.numDeletedRows), outbox: Number(outbox.numDeletedRows) };
}

/**
 * The prune job's handler (in the job's transaction): one batch, then the next run, at once when
 * a batch came back full, otherwise in a day.
 */
export async function runPruneJob(trx: Transaction<Database>, retention: RetentionDays, now: Date, batchSize = 1000): Promise<PruneCounts> {
  const counts = await pruneBatch(trx, retention, now, batchSize);
  const more = counts.jobs >= batchSize || counts.inboundMail >= batchSize || counts.outbox >= batchSize;
  await scheduleJob(trx, { kind: PRUNE_JOB_KIND, dueAt: more ? now : new Date(now.getTime() + DAY_MS), dedupeKey: PRUNE_JOB_KEY });
  return counts;
}

/** Makes sure a prune job is scheduled (at `now` when there is none); an existing one is left as it is. */
export async function ensurePruneJob(db: Kysely<Database>, now: Date): Promise<void> {
  await sql`
    INSERT INTO jobs (kind, due_at, dedupe_key) VALUES (${PRUNE_JOB_KIND}, ${now}, ${PRUNE_JOB_KEY})
    ON CONFLICT (dedupe_key) WHERE done_at IS NULL AND dedupe_key IS NOT NULL DO NOTHING`.execute(db);
}

/** Whether a job row is the prune job. */
export function isPruneJob(job: Pick<JobRow, 'kind' | 'game_id'>): boolean {
  return job.kind === PRUNE_JOB_KIND && job.game_id === null;
}
