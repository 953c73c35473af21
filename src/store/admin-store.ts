import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, JsonValue, OutboxTable } from './schema.ts';

// What the judgekeeper's commands read and change (`dipjudge games`, `game`, `mail failed`,
// `outbox --failed`), and the raw bytes of mail the judge failed on, kept for a retry.

export interface GameListing {
  readonly name: string;
  readonly variant: string;
  readonly status: string;
  readonly phase: string | null;
  readonly deadline: Date | null;
  readonly players: number;
  readonly listed: boolean;
}

export async function listGames(db: Kysely<Database>): Promise<GameListing[]> {
  const rows = await db
    .selectFrom('games as g')
    .select((eb) => [
      'g.name',
      'g.variant',
      'g.status',
      'g.current_phase as phase',
      'g.deadline_at as deadline',
      'g.listed',
      eb
        .selectFrom('seats as s')
        .whereRef('s.game_id', '=', 'g.id')
        .where('s.role', '=', 'power')
        .where('s.left_at', 'is', null)
        .select((e) => e.fn.countAll<string>().as('n'))
        .as('players'),
    ])
    .orderBy('g.name')
    .execute();
  return rows.map((row) => ({ ...row, players: Number(row.players ?? 0) }));
}

export interface GameDetail {
  readonly game: {
    readonly id: number;
    readonly name: string;
    readonly variant: string;
    readonly status: string;
    readonly rules: readonly string[];
    readonly press: JsonValue;
    readonly timing: JsonValue;
    readonly timeZone: string;
    readonly description: string;
    readonly listed: boolean;
    readonly private: boolean;
    readonly phase: string | null;
    readonly deadline: Date | null;
    readonly grace: Date | null;
    readonly processAt: Date | null;
    readonly createdAt: Date;
  };
  readonly seats: readonly {
    readonly role: string;
    readonly power: string | null;
    readonly address: string;
    readonly status: string;
    readonly wait: boolean;
    readonly lateCount: number;
    readonly onTimeCount: number;
    readonly stints: readonly {
      readonly address: string;
      readonly startedAt: string;
      readonly endedAt: string | null;
      readonly endReason: string | null;
      readonly lateCount: number;
      readonly onTimeCount: number;
    }[];
  }[];
  /** This phase's orders per power; lines only when the caller may see them. */
  readonly orders: readonly {
    readonly power: string;
    readonly submitted: boolean;
    readonly hasErrors: boolean;
    readonly lineCount: number;
    readonly lines: readonly string[];
    readonly updatedAt: Date;
  }[];
  readonly jobs: readonly { readonly kind: string; readonly dueAt: Date; readonly attempts: number; readonly lastError: string | null }[];
  readonly results: readonly { readonly phase: string; readonly processedAt: Date | null; readonly text: string | null }[];
}

/** One game as the judgekeeper sees it, read in one transaction; null when there is no such game. */
export async function gameDetail(db: Kysely<Database>, name: string, options: { readonly results?: number } = {}): Promise<GameDetail | null> {
  return db.transaction().execute(async (trx) => {
    const game = await trx.selectFrom('games').selectAll().where('name', '=', name.toLowerCase()).executeTakeFirst();
    if (game === undefined) return null;
    const seats = await trx
      .selectFrom('seats')
      .selectAll()
      .where('game_id', '=', game.id)
      .where('left_at', 'is', null)
      .orderBy('role')
      .orderBy('power')
      .orderBy('id')
      .execute();
    const stints =
      seats.length === 0
        ? []
        : await trx
            .selectFrom('seat_stints')
            .selectAll()
            .where(
              'seat_id',
              'in',
              seats.map((s) => s.id),
            )
            .orderBy('started_at')
            .orderBy('id')
            .execute();
    const orders =
      game.current_phase === null
        ? []
        : await trx.selectFrom('orders').selectAll().where('game_id', '=', game.id).where('phase_id', '=', game.current_phase).orderBy('power').execute();
    const jobs = await trx
      .selectFrom('jobs')
      .select(['kind', 'due_at', 'attempts', 'last_error'])
      .where('game_id', '=', game.id)
      .where('done_at', 'is', null)
      .orderBy('due_at')
      .execute();
    const results = await trx
      .selectFrom('phases')
      .select(['phase_id', 'processed_at', 'results_text'])
      .where('game_id', '=', game.id)
      .where('processed_at', 'is not', null)
      .orderBy('seq', 'desc')
      .limit(options.results ?? 1)
      .execute();
    return {
      game: {
        id: game.id,
        name: game.name,
        variant: game.variant,
        status: game.status,
        rules: game.rules,
        press: game.press,
        timing: game.timing,
        timeZone: game.time_zone,
        description: game.description,
        listed: game.listed,
        private: game.private_word_hash !== null,
        phase: game.current_phase,
        deadline: game.deadline_at,
        grace: game.grace_at,
        processAt: game.process_at,
        createdAt: game.created_at,
      },
      seats: seats.map((seat) => ({
        role: seat.role,
        power: seat.power,
        address: seat.address,
        status: seat.status,
        wait: seat.wait,
        lateCount: seat.late_count,
        onTimeCount: seat.on_time_count,
        stints: stints
          .filter((stint) => stint.seat_id === seat.id)
          .map((stint) => ({
            address: stint.address,
            startedAt: stint.started_at.toISOString(),
            endedAt: stint.ended_at?.toISOString() ?? null,
            endReason: stint.end_reason,
            lateCount: stint.late_count,
            onTimeCount: stint.on_time_count,
          })),
      })),
      orders: orders.map((row) => ({
        power: row.power,
        submitted: row.submitted,
        hasErrors: row.has_errors,
        lineCount: row.lines.length,
        lines: row.lines,
        updatedAt: row.updated_at,
      })),
      jobs: jobs.map((job) => ({ kind: job.kind, dueAt: job.due_at, attempts: job.attempts, lastError: job.last_error })),
      results: results.map((phase) => ({ phase: phase.phase_id, processedAt: phase.processed_at, text: phase.results_text })),
    };
  });
}

export interface FailedMail {
  readonly id: string;
  readonly messageId: string;
  readonly from: string;
  readonly subject: string;
  readonly receivedAt: Date;
  readonly mailbox: string | null;
  /** Whether its bytes were kept, so it can be judged again. */
  readonly kept: boolean;
}

/** Mail recorded as failed, oldest first. */
export async function listFailedMail(db: Kysely<Database>): Promise<FailedMail[]> {
  const rows = await db
    .selectFrom('inbound_mail as i')
    .leftJoin('failed_mail as f', 'f.message_id', 'i.message_id')
    .select(['i.id', 'i.message_id', 'i.from_address', 'i.subject', 'i.received_at', 'i.mailbox', sql<boolean>`f.message_id IS NOT NULL`.as('kept')])
    .where('i.outcome', '=', 'failed')
    .orderBy('i.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    messageId: row.message_id,
    from: row.from_address,
    subject: row.subject,
    receivedAt: row.received_at,
    mailbox: row.mailbox,
    kept: row.kept,
  }));
}

/** Keeps the bytes of a mail the judge failed on (the first copy stays). */
export async function keepFailedMail(db: Kysely<Database>, messageId: string, raw: Buffer): Promise<void> {
  await db
    .insertInto('failed_mail')
    .values({ message_id: messageId, raw })
    .onConflict((oc) => oc.column('message_id').doNothing())
    .execute();
}

/**
 * Makes a failed mail new again for a retry: forgets its inbound record (so its Message-ID is
 * no longer a duplicate) and hands back its bytes; null when the id is not a failed mail with
 * kept bytes. The bytes stay kept until `forgetFailedMail`, so a retry that fails again keeps them.
 */
export async function reopenFailedMail(db: Kysely<Database>, inboundId: string): Promise<{ messageId: string; raw: Buffer } | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('inbound_mail as i')
      .innerJoin('failed_mail as f', 'f.message_id', 'i.message_id')
      .select(['i.message_id', 'f.raw'])
      .where('i.id', '=', inboundId)
      .where('i.outcome', '=', 'failed')
      .forUpdate()
      .executeTakeFirst();
    if (row === undefined) return null;
    await trx.deleteFrom('inbound_mail').where('id', '=', inboundId).execute();
    return { messageId: row.message_id, raw: row.raw };
  });
}

export async function forgetFailedMail(db: Kysely<Database>, messageId: string): Promise<void> {
  await db.deleteFrom('failed_mail').where('message_id', '=', messageId).execute();
}

export interface OutboxListing {
  readonly id: string;
  readonly status: string;
  readonly to: readonly string[];
  readonly subject: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly attempts: number;
  readonly lastError: string | null;
  readonly createdAt: Date;
}

const OUTBOX_LISTING_COLUMNS = ['id', 'status', 'to_addresses', 'subject', 'headers', 'body', 'attempts', 'last_error', 'created_at'] as const;

/** An outbox row as the judgekeeper's listings show it. */
function outboxListing(row: Pick<Selectable<OutboxTable>, (typeof OUTBOX_LISTING_COLUMNS)[number]>): OutboxListing {
  return {
    id: row.id,
    status: row.status,
    to: row.to_addresses,
    subject: row.subject,
    headers: row.headers,
    body: row.body,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
  };
}

/** Mail waiting to be sent, or (`failed`) mail given up after its attempts, oldest first. */
export async function listOutbox(db: Kysely<Database>, which: 'pending' | 'failed'): Promise<OutboxListing[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(OUTBOX_LISTING_COLUMNS)
    .where('status', '=', which === 'pending' ? 'pending' : 'dead')
    .orderBy('id')
    .execute();
  return rows.map(outboxListing);
}

/** The highest outbox id so far ('0' when empty): what `receive` queued is what comes after it. */
export { lastOutboxId } from './outbox-queue.ts';

export async function outboxSince(db: Kysely<Database>, afterId: string): Promise<OutboxListing[]> {
  const rows = await db.selectFrom('outbox').select(OUTBOX_LISTING_COLUMNS).where('id', '>', afterId).orderBy('id').execute();
  return rows.map(outboxListing);
}
