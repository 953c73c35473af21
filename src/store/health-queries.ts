import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

// What /healthz and /metrics read from the database (src/web): a round trip to prove it answers,
// and a few counts a judgekeeper alerts on. Each is one cheap statement.

/** Resolves when the database answers a trivial query. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

export interface QueueGauges {
  /** Outgoing mail not yet sent (waiting, being sent, or between retries). */
  readonly outboxPending: number;
  /** Seconds since the oldest of those was queued; 0 when there is none. */
  readonly outboxOldestSeconds: number;
  /** Outgoing mail given up (undeliverable or too many attempts). */
  readonly outboxDead: number;
  /** Inbound mail recorded and not yet judged (PostgreSQL's queue; PGlite judges as it reads: 0). */
  readonly inboundQueued: number;
  /** Seconds since the oldest of those was recorded; 0 when there is none. */
  readonly inboundOldestSeconds: number;
  /** Timed jobs whose time has come and that are not done. */
  readonly jobsDue: number;
  /** Open jobs that have failed at least once. */
  readonly jobsFailing: number;
  /** Games per state (forming, active, ...). */
  readonly games: Readonly<Record<string, number>>;
}

export async function queueGauges(db: Kysely<Database>, now: Date): Promise<QueueGauges> {
  const [outbox, inbound, jobs, games] = await Promise.all([
    db
      .selectFrom('outbox')
      .select([
        sql<string>`count(*) FILTER (WHERE status = 'pending')`.as('pending'),
        sql<string>`count(*) FILTER (WHERE status = 'dead')`.as('dead'),
        sql<Date | null>`min(created_at) FILTER (WHERE status = 'pending')`.as('oldest'),
      ])
      .where('status', 'in', ['pending', 'dead'])
      .executeTakeFirstOrThrow(),
    // The oldest by the key's order (rows are numbered as they are recorded): no scan for the minimum.
    db
      .selectFrom('inbound_queue')
      .select([sql<string>`count(*)`.as('queued'), sql<Date | null>`(SELECT queued_at FROM inbound_queue ORDER BY id LIMIT 1)`.as('oldest')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('jobs')
      .select([sql<string>`count(*) FILTER (WHERE due_at <= ${now})`.as('due'), sql<string>`count(*) FILTER (WHERE attempts > 0)`.as('failing')])
      .where('done_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('games')
      .select(['status', sql<string>`count(*)`.as('n')])
      .groupBy('status')
      .execute(),
  ]);
  const ageSeconds = (at: Date | string | null) => (at === null ? 0 : Math.max(0, (now.getTime() - new Date(at).getTime()) / 1000));
  return {
    outboxPending: Number(outbox.pending),
    outboxOldestSeconds: ageSeconds(outbox.oldest),
    outboxDead: Number(outbox.dead),
    inboundQueued: Number(inbound.queued),
    inboundOldestSeconds: ageSeconds(inbound.oldest),
    jobsDue: Number(jobs.due),
    jobsFailing: Number(jobs.failing),
    games: Object.fromEntries(games.map((row) => [row.status, Number(row.n)])),
  };
}
