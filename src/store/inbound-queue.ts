import { sql, type Kysely } from 'kysely';
import type { InboundMail } from '../judge/mail/inbound-mail.ts';
import type { InboundOrigin, StoreTransaction } from '../judge/ports.ts';
import { inJudgeTransaction } from './judge-store.ts';
import { PLANNED_EACH_TIME } from './prepared-statements.ts';
import { jsonb, type Database } from './schema.ts';

// The queue between the mailbox reader and the judging (sql/017): with several `serve` processes
// on one PostgreSQL the mailbox leader only records mail here, and every process judges it.
//
// Order: a mail is claimed only when no earlier queued mail shares one of its order keys (its
// sender's addresses, the games it may change), so a player's later mail is never judged before an
// earlier one, nor a game's. The rows one claim takes are therefore independent of each other and
// of every row another process holds. Claiming, judging and deleting are one transaction, and
// the row lock (FOR UPDATE SKIP LOCKED) keeps the others off it: a mail is judged exactly once,
// and a process killed while judging leaves its rows queued, unlocked, for the next claim.

/** A mail as the mailbox reader records it. */
export interface QueuedInbound {
  /** What the judge records it under (InboundMail.id, or the id derived from its bytes). */
  readonly messageId: string;
  /** The mail as read; null when the mail layer could not read it (`unreadable` says why). */
  readonly mail: InboundMail | null;
  readonly unreadable: string | null;
  readonly raw: Buffer;
  readonly origin: InboundOrigin | null;
  readonly orderKeys: readonly string[];
}

/** A mail claimed for judging. */
export interface ClaimedInbound {
  readonly id: string;
  readonly messageId: string;
  readonly mail: InboundMail | null;
  readonly unreadable: string | null;
  readonly origin: InboundOrigin | null;
  /** Claims of this row that failed for a lasting reason before this one. */
  readonly attempts: number;
}

/** Records mail in the queue, in the order given, one statement; a mail already queued stays as it was. */
export async function queueInbound(db: Kysely<Database>, mails: readonly QueuedInbound[]): Promise<void> {
  if (mails.length === 0) return;
  await db
    .insertInto('inbound_queue')
    .values(
      mails.map((m) => ({
        message_id: m.messageId,
        mail: m.mail === null ? null : jsonb(m.mail),
        unreadable: m.mail === null ? (m.unreadable ?? 'the mail could not be read') : null,
        raw: m.raw,
        mailbox: m.origin?.mailbox ?? null,
        uidvalidity: m.origin === null ? null : String(m.origin.uidvalidity),
        uid: m.origin === null ? null : String(m.origin.uid),
        order_keys: [...new Set(m.orderKeys)],
      })),
    )
    .onConflict((oc) => oc.column('message_id').doNothing())
    .execute();
}

export interface QueueClaimOptions {
  readonly messageIdDomain: string;
  /** Most mails per claim (one transaction). */
  readonly limit: number;
  /** Only this one row (a retry of a claim that failed whole), if it may be claimed. */
  readonly onlyId?: string;
}

/**
 * Claims up to `limit` mails that may be judged now, hands them to `work` inside the judge's
 * transaction and, when `work` resolves, deletes them (keeping the bytes of those `work` says
 * failed, for `dipjudge mail retry`) and commits. Null when there was nothing to claim. When
 * `work` throws, nothing of it stands and the mails stay queued.
 */
export async function judgeQueued<T extends { readonly failed: boolean }>(
  db: Kysely<Database>,
  options: QueueClaimOptions,
  work: (tx: StoreTransaction, mails: readonly ClaimedInbound[]) => Promise<readonly T[]>,
): Promise<{ readonly mails: readonly ClaimedInbound[]; readonly results: readonly T[] } | null> {
  return db.transaction().execute(async (trx) => {
    const mails = await claim(trx, options);
    if (mails.length === 0) return null;
    const ids = mails.map((m) => m.id);
    // The rows leave the queue in the statement that writes the judge's held writes, and the bytes
    // of a mail the judge failed on go to failed_mail as its row leaves.
    const results = await inJudgeTransaction(
      trx,
      { messageIdDomain: options.messageIdDomain },
      (tx) => work(tx, mails),
      (judged) => {
        const failed = mails.filter((_, index) => judged[index]?.failed === true).map((m) => m.id);
        return sql`
          kept AS (
            INSERT INTO failed_mail (message_id, raw)
            SELECT message_id, raw FROM inbound_queue WHERE id = ANY(${failed}::int8[])
            ON CONFLICT DO NOTHING
          ), unqueued AS (DELETE FROM inbound_queue WHERE id = ANY(${ids}::int8[]))`;
      },
    );
    return { mails, results };
  });
}

/** How many rows, from the oldest, a claim looks through for mail it may take. */
const CLAIM_WINDOW = 1000;

async function claim(trx: Kysely<Database>, options: QueueClaimOptions): Promise<ClaimedInbound[]> {
  // The earlier rows a row must wait for are looked up among all queued rows, locked or not, so a
  // row held by another process still holds back the later mail that shares a key with it. They are
  // found through the keys index (sql/021): `IS TRUE` (the same test, ids are never null) keeps
  // the planner from reading them by the primary key instead, every earlier row of the queue per
  // candidate, which it prefers while the queue looks nearly empty (never analyzed or vacuumed). The
  // claim is planned at each execution (PLANNED_EACH_TIME): a named statement's generic plan, made
  // while the queue was empty, was kept as a burst filled it (seq scans, every row against every row).
  const { rows } = await sql<{
    id: string;
    message_id: string;
    mail: InboundMail | null;
    unreadable: string | null;
    mailbox: string | null;
    uidvalidity: string | null;
    uid: string | null;
    attempts: number;
  }>`${sql.raw(PLANNED_EACH_TIME)}
    SELECT q.id, q.message_id, q.mail, q.unreadable, q.mailbox, q.uidvalidity, q.uid, q.attempts
    FROM inbound_queue q
    WHERE q.id IN (SELECT id FROM inbound_queue ORDER BY id LIMIT ${CLAIM_WINDOW})
      ${options.onlyId === undefined ? sql`` : sql`AND q.id = ${options.onlyId}`}
      AND NOT EXISTS (SELECT 1 FROM inbound_queue e WHERE (e.id < q.id) IS TRUE AND e.order_keys && q.order_keys)
    ORDER BY q.id
    LIMIT ${options.limit}
    FOR UPDATE OF q SKIP LOCKED`.execute(trx);
  return rows.map((row) => ({
    id: row.id,
    messageId: row.message_id,
    mail: row.mail,
    unreadable: row.unreadable,
    origin: row.mailbox !== null && row.uidvalidity !== null && row.uid !== null ? { mailbox: row.mailbox, uidvalidity: row.uidvalidity, uid: row.uid } : null,
    attempts: row.attempts,
  }));
}

/**
 * Counts a lasting failure against a queued mail and returns the count; at `maxAttempts` the
 * mail leaves the queue, its bytes kept in failed_mail, and this returns null.
 */
export async function failedQueuedAttempt(db: Kysely<Database>, id: string, maxAttempts: number): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('inbound_queue')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .returning(['attempts', 'message_id'])
      .executeTakeFirst();
    if (row === undefined || row.attempts < maxAttempts) return row?.attempts ?? null;
    await sql`
      WITH kept AS (INSERT INTO failed_mail (message_id, raw) SELECT message_id, raw FROM inbound_queue WHERE id = ${id} ON CONFLICT DO NOTHING)
      DELETE FROM inbound_queue WHERE id = ${id}`.execute(trx);
    return null;
  });
}

/** Mails waiting to be judged (for /metrics and tests). */
export async function queuedInboundCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('inbound_queue')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
