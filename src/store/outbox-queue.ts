import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { jsonb, type Database, type OutboxRow } from './schema.ts';
import { checkRecipients, type RecipientCheck, type RecipientState } from './mail-address-store.ts';

// The outbox as a lease-based queue (mail-and-database.md §5), the store side of the SMTP
// sender (src/mail/smtp-sender.ts uses it through OutboxQueue). Every method is one short
// statement or transaction; SMTP happens between them, never inside one. Times come from the
// caller's clock so tests can move it; several senders, in one process or many, may share the
// table: a claim is a single UPDATE over rows picked with FOR UPDATE SKIP LOCKED.

/** What the sender asks of the outbox. */
export interface OutboxQueue {
  /** Claims up to `limit` due rows for `workerId`; returns them oldest due first. */
  claimDue(request: ClaimRequest): Promise<OutboxRow[]>;
  /** Marks fully delivered rows sent in one statement; returns the ids that were still pending. */
  recordSent(rows: readonly SentRow[]): Promise<Set<string>>;
  /** Writes what became of one claimed row (see recordOutcome). */
  recordOutcome(row: OutboxRow, claim: OutboxClaim, outcome: DeliveryOutcome): Promise<RecordedOutcome>;
}

export interface UndeliveredRecipient {
  readonly address: string;
  /** The server's answer or the connection error, e.g. `550 5.1.1 no such user`. */
  readonly reason: string;
}

/** The notice queued to a game's Master about a message that could not be delivered (its text is the mail layer's). */
export interface MasterNotices {
  /** The outbox kind of a notice row: a failed notice never makes another. */
  readonly kind: string;
  /** The notice, or null when none may be sent. */
  compose(
    failed: { readonly message_id: string; readonly subject: string; readonly kind: string | null; readonly attempts: number },
    undelivered: readonly UndeliveredRecipient[],
    master: { readonly address: string; readonly gameName: string },
    delivered: boolean,
  ): { readonly messageId: string; readonly to: string; readonly subject: string; readonly body: string } | null;
}

export function outboxQueue(db: Kysely<Database>, notices: MasterNotices): OutboxQueue {
  return {
    claimDue: (request) => claimDueMessages(db, request),
    recordSent: (rows) => recordSent(db, rows),
    recordOutcome: (row, claim, outcome) => recordOutcome(db, row, claim, outcome, notices),
  };
}

/**
 * The outbox's recipients as the sender's policy reads them (src/mail/unsubscribe.ts): for each
 * mail of a round, each address's unsubscribe token, stop and proof, with the mails that are
 * counted added to their recipients' day in the round's order (checkRecipients), in one statement.
 */
export function recipientStandings(db: Kysely<Database>): (mails: readonly RecipientCheck[], now: Date) => Promise<Map<string, RecipientState>[]> {
  return (mails, now) => checkRecipients(db, mails, now);
}

/** Proof of a claim: outcomes only land while the row is still ours. */
export interface OutboxClaim {
  readonly workerId: string;
  readonly claimedAt: Date;
}

export type DeliveryOutcome =
  | {
      readonly kind: 'sent';
      readonly at: Date;
      /** Recipients the server refused while accepting the message for the others. */
      readonly undelivered: readonly UndeliveredRecipient[];
      /** Recipients that failed for a passing reason while the others got the mail: queued again on a row of their own. */
      readonly requeue?: { readonly addresses: readonly string[]; readonly retryAt: Date; readonly error: string };
    }
  | { readonly kind: 'retry'; readonly at: Date; readonly retryAt: Date; readonly error: string }
  | { readonly kind: 'dead'; readonly at: Date; readonly error: string; readonly undelivered: readonly UndeliveredRecipient[] };

export interface RecordedOutcome {
  /** False when the row was no longer ours (lease expired and someone else took it). */
  readonly recorded: boolean;
  /** Message-ID of the notice queued to the game's Master, if one was. */
  readonly noticeMessageId: string | null;
}

export interface ClaimRequest {
  readonly workerId: string;
  readonly limit: number;
  readonly now: Date;
  /** A claim older than this counts as abandoned (its sender crashed). */
  readonly leaseMs: number;
  /** Of `limit`, the most mails with a picture still to draw (default: `limit`); the others go first. */
  readonly pictures?: number;
}

const LAST_ERROR_MAX = 2000;

async function claimDueMessages(db: Kysely<Database>, request: ClaimRequest): Promise<OutboxRow[]> {
  const leaseCutoff = new Date(request.now.getTime() - request.leaseMs);
  const pictures = Math.min(request.limit, request.pictures ?? request.limit);
  const due = (drawing: boolean, limit: number) =>
    db
      .selectFrom('outbox as o')
      .select(['o.id', 'o.next_attempt_at'])
      // Constants, not parameters: the generic plan of a named statement (prepared-statements.ts)
      // could not prove the partial indexes' predicates from $1.
      .where(drawing ? sql<boolean>`o.status = 'pending' AND o.drawing` : sql<boolean>`o.status = 'pending' AND NOT o.drawing`)
      .where('o.next_attempt_at', '<=', request.now)
      .where((w) => w.or([w('o.claimed_at', 'is', null), w('o.claimed_at', '<', leaseCutoff)]))
      .orderBy('o.next_attempt_at')
      .orderBy('o.id')
      .limit(limit)
      .forUpdate()
      .skipLocked();
  // Up to `limit` rows: mail without a picture to draw first, unless an earlier picture mail of its
  // own game is still pending (a game's mail keeps its order); then mail whose picture is drawn as
  // it is sent, at most `pictures` of them (sql/033). A storm's thousands of pictures thus never hold
  // another game's mail for more than a round. Rows locked by a part and not claimed are free again
  // when the statement ends.
  const rows = await db
    .with('plain', () =>
      due(false, request.limit).where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('outbox as p')
              .select('p.id')
              .where(sql<boolean>`p.status = 'pending' AND p.drawing`)
              .whereRef('p.game_id', '=', 'o.game_id')
              .whereRef('p.id', '<', 'o.id'),
          ),
        ),
      ),
    )
    .with('drawn', () => due(true, pictures))
    .with('picked', (qc) =>
      qc
        .selectFrom((eb) =>
          eb
            .selectFrom('plain')
            .select(['plain.id', 'plain.next_attempt_at', sql<boolean>`false`.as('drawing')])
            .unionAll(eb.selectFrom('drawn').select(['drawn.id', 'drawn.next_attempt_at', sql<boolean>`true`.as('drawing')]))
            .as('c'),
        )
        .select('c.id')
        .orderBy('c.drawing')
        .orderBy('c.next_attempt_at')
        .orderBy('c.id')
        .limit(request.limit),
    )
    .updateTable('outbox')
    .set({ claimed_by: request.workerId, claimed_at: request.now })
    .where('id', 'in', (eb) => eb.selectFrom('picked').select('picked.id'))
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.next_attempt_at.getTime() - b.next_attempt_at.getTime() || compareIds(a.id, b.id));
}

/** A row the SMTP server accepted for every recipient (its 250 came back), and when. */
export interface SentRow {
  readonly id: string;
  readonly at: Date;
}

/**
 * Marks many fully delivered rows sent in one statement, so a busy sender pays one round trip
 * and one commit per batch instead of a transaction per mail. Like the "sent" of recordOutcome
 * it lands whoever holds the claim, as long as the row is still pending: the message did go
 * out. Returns the ids that were updated.
 */
async function recordSent(db: Kysely<Database>, rows: readonly SentRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const { rows: updated } = await sql<{ id: string }>`
    UPDATE outbox
    SET status = 'sent', sent_at = delivered.sent_at, attempts = outbox.attempts + 1,
        claimed_by = NULL, claimed_at = NULL, last_error = NULL
    FROM unnest(${rows.map((row) => row.id)}::bigint[], ${rows.map((row) => row.at)}::timestamptz[]) AS delivered(id, sent_at)
    WHERE outbox.id = delivered.id AND outbox.status = 'pending'
    RETURNING outbox.id`.execute(db);
  return new Set(updated.map((row) => String(row.id)));
}

/**
 * Writes what became of a claimed row. A retry or a death only lands while our claim stands;
 * "sent" lands whenever the row is still pending, because the message did go out. A dead row,
 * or a sent one some of whose recipients refused it, queues a notice to the game's Master in
 * the same transaction.
 */
async function recordOutcome(
  db: Kysely<Database>,
  row: OutboxRow,
  claim: OutboxClaim,
  outcome: DeliveryOutcome,
  notices: MasterNotices,
): Promise<RecordedOutcome> {
  return db.transaction().execute(async (trx) => {
    const base = trx
      .updateTable('outbox')
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), claimed_by: null, claimed_at: null }));
    const updated =
      outcome.kind === 'sent'
        ? await base.set({ status: 'sent', sent_at: outcome.at, last_error: describeUndelivered(outcome.undelivered) }).executeTakeFirst()
        : await base
            .where('claimed_by', '=', claim.workerId)
            .where('claimed_at', '=', claim.claimedAt)
            .set(
              outcome.kind === 'retry'
                ? { next_attempt_at: outcome.retryAt, last_error: clip(outcome.error) }
                : { status: 'dead', last_error: clip(outcome.error) },
            )
            .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return { recorded: false, noticeMessageId: null };
    if (outcome.kind === 'sent' && outcome.requeue !== undefined) {
      await trx
        .insertInto('outbox')
        .values({
          message_id: row.message_id.replace(/^<?/, `<retry${row.attempts + 1}.`),
          to_addresses: outcome.requeue.addresses,
          subject: row.subject,
          headers: jsonb(row.headers),
          body: row.body,
          attachments: jsonb(row.attachments),
          game_id: row.game_id,
          kind: row.kind,
          attempts: row.attempts + 1,
          next_attempt_at: outcome.requeue.retryAt,
          last_error: clip(outcome.requeue.error),
        })
        .onConflict((oc) => oc.column('message_id').doNothing())
        .execute();
    }
    if (outcome.kind === 'retry' || row.game_id === null || row.kind === notices.kind) {
      return { recorded: true, noticeMessageId: null };
    }
    // Every Master of the game (PROMOTE) but one whose own address refused the mail.
    const refused = new Set(outcome.undelivered.map((r) => r.address.toLowerCase()));
    const masters = (
      await trx
        .selectFrom('seats')
        .innerJoin('games', 'games.id', 'seats.game_id')
        .select(['seats.address', 'games.name'])
        .where('seats.game_id', '=', row.game_id)
        .where('seats.role', '=', 'master')
        .where('seats.left_at', 'is', null)
        .orderBy('seats.id')
        .execute()
    ).filter((m) => !refused.has(m.address.toLowerCase()));
    const master = masters[0];
    if (!master) return { recorded: true, noticeMessageId: null };
    const notice = notices.compose(
      { message_id: row.message_id, subject: row.subject, kind: row.kind, attempts: row.attempts + 1 },
      outcome.undelivered,
      { address: master.address, gameName: master.name },
      outcome.kind === 'sent',
    );
    if (notice === null) return { recorded: true, noticeMessageId: null };
    const inserted = await trx
      .insertInto('outbox')
      .values({
        message_id: notice.messageId,
        to_addresses: [notice.to, ...masters.slice(1).map((m) => m.address)],
        subject: notice.subject,
        body: notice.body,
        game_id: row.game_id,
        kind: notices.kind,
        next_attempt_at: outcome.at,
      })
      .onConflict((oc) => oc.column('message_id').doNothing())
      .returning('message_id')
      .executeTakeFirst();
    return { recorded: true, noticeMessageId: inserted?.message_id ?? null };
  });
}

function describeUndelivered(undelivered: readonly UndeliveredRecipient[]): string | null {
  if (undelivered.length === 0) return null;
  return clip(`refused by some recipients: ${undelivered.map((r) => `${r.address}: ${r.reason}`).join('; ')}`);
}

function clip(text: string): string {
  return text.length > LAST_ERROR_MAX ? `${text.slice(0, LAST_ERROR_MAX - 3)}...` : text;
}

/** bigint ids arrive as strings. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** Pending rows in the order they were queued, up to `limit` (the spool outbox, `dipjudge outbox`). */
export function pendingOutbox(db: Kysely<Database>, limit?: number): Promise<OutboxRow[]> {
  const query = db.selectFrom('outbox').selectAll().where('status', '=', 'pending').orderBy('id');
  return (limit === undefined ? query : query.limit(limit)).execute();
}

/** Marks a row sent that went out another way than SMTP (written to the spool outbox). */
export async function markOutboxRowSent(db: Kysely<Database>, row: Pick<OutboxRow, 'id' | 'attempts'>, at: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: at, attempts: row.attempts + 1 })
    .where('id', '=', row.id)
    .execute();
}

/** The newest row's id ('0' for an empty outbox): what a later outboxRowsAfter starts from. */
export async function lastOutboxId(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return row?.max ?? '0';
}

/** Rows queued after `id`, in order, whatever their status. */
export function outboxRowsAfter(db: Kysely<Database>, id: string): Promise<OutboxRow[]> {
  return db.selectFrom('outbox').selectAll().where('id', '>', id).orderBy('id').execute();
}
