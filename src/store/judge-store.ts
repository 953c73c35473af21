import { randomUUID } from 'node:crypto';
import {
  sql,
  type AliasedExpression,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type QueryCreator,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  type Transaction,
} from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { readPhaseId } from '../engine/phase.ts';
import { readStoredPosition } from '../engine/position-schema.ts';
import { readGameSnapshot, readStoredResults } from './stored-phase-json.ts';
import type { PhaseId, PowerId } from '../engine/types.ts';
import {
  isGameKindId,
  mailAddress,
  storedGameName,
  TAKEOVER_STATUSES,
  type GameKindId,
  type KindState,
  type MailAddress,
  type Game,
  type GameName,
  type GameOptionValues,
  type GameRule,
} from '../judge/model.ts';
import type { Absence } from '../schedule/index.ts';
import type {
  AbsenceRecord,
  DedicationChange,
  DiaryEntry,
  GameAggregate,
  GameEvent,
  GameJob,
  GameOverview,
  GamePatch,
  HistoryRecord,
  InboundOutcome,
  InboundRecord,
  InboundRecorded,
  JudgeStore,
  StoreTransaction,
  NewDiaryEntry,
  NewGameRecord,
  NewSeatRecord,
  NoticeRecord,
  OutgoingMail,
  PhaseHistory,
  PhaseRecord,
  PlayerRecord,
  PlayerRecordOptions,
  PressRecord,
  Savepoint,
  SeatPatch,
  SeatRecord,
  StorageChange,
  StoredOrders,
} from '../judge/ports.ts';
import { readGameEnding } from '../judge/reports/ending-format.ts';
import { readParsedOrderSet } from '../judge/diplomacy/order-format.ts';
import { readAheadSteps, storedAheadSteps, type OrdersAheadRecord } from '../judge/diplomacy/orders-ahead-format.ts';
import { applyInOrder, nestedInSavepoint } from '../judge/ports.ts';
import { PLAYER_HIDING_RULES } from '../judge/visibility/hidden-players.ts';
import type { AddressSeat, MailAttachment, PasswordFailures, PendingAddressChange, TakeoverOpening } from '../judge/ports.ts';
import { cancelJobs, replaceGameJobs, scheduleJob, scheduleJobs, type NewJobRequest } from './job-queue.ts';
import { combineWrites } from './combined-writes.ts';
import { copiesToExtraAddresses, withExtraAddresses } from '../judge/mail/extra-addresses.ts';
import { markAddressProven, requestAddressChanges, seatsAtAddress, stopAddress, stoppedAddresses, takeAddressChange } from './mail-address-store.ts';
import { jsonb, type Database, type GamesTable, type JobRow, type JsonObject, type JsonText, type JsonValue, type SeatsTable } from './schema.ts';
import { isTransientStoreFailure } from './transient-failure.ts';
import { holdsGameLocks } from './locked-games.ts';
import { keptQuery } from './kept-query.ts';

// The judge's storage port on kysely: one database transaction per `transaction` call, and
// SAVEPOINTs for `nested` so one failing block of a mail leaves the others in place.
//
// Round trips are what a mail costs (a LIST mail does little else), so in `transaction` the
// writes that nothing in the transaction reads back, queued mail and inbound outcomes, are held
// and written by one statement just before the commit; a rolled-back savepoint drops those it
// held. Inbound mails are recorded many to a statement.

export function createJudgeStore(db: Kysely<Database>, options: { readonly messageIdDomain: string }): JudgeStore {
  return {
    transaction: (work) => db.transaction().execute((trx) => inJudgeTransaction(trx, options, work)),
    isTransient: isTransientStoreFailure,
  };
}

/**
 * The judge's port on a transaction someone else opened and commits, as `transaction` gives it:
 * the held writes are written when `work` resolves, before the caller's own last statements.
 */
export async function inJudgeTransaction<T>(
  trx: Transaction<Database>,
  options: { readonly messageIdDomain: string },
  work: (tx: StoreTransaction) => Promise<T>,
  /**
   * The caller's own last writes, given what `work` returned, run by the statement that writes the
   * held writes (one round trip fewer): data-modifying WITH entries (`a AS (INSERT …), b AS
   * (DELETE …)`; PostgreSQL takes such statements only at a WITH's top level), or null for none.
   */
  closingWrite?: (result: T) => RawBuilder<unknown> | null,
): Promise<T> {
  const tx = new KyselyJudgeTransaction(trx, options.messageIdDomain, { writeBehind: true });
  const result = await work(tx);
  await tx.flush(closingWrite?.(result) ?? null);
  return result;
}

/**
 * The judge's port on a transaction someone else opened and commits (the scheduler's job
 * transaction): it writes everything at once, having no say in when the commit comes.
 */
export function judgeTransaction(trx: Transaction<Database>, options: { readonly messageIdDomain: string }): StoreTransaction {
  return new KyselyJudgeTransaction(trx, options.messageIdDomain, { writeBehind: false });
}

function jobRequest(job: GameJob): NewJobRequest {
  return { kind: job.kind, gameId: job.gameId, dueAt: job.dueAt, dedupeKey: job.dedupeKey, payload: job.payload };
}

/** A stored kind the judge does not know is a fault of the database (a newer judge's rows), not input. */
function storedGameKind(word: string): GameKindId {
  if (!isGameKindId(word)) throw new Error(`a game of kind '${word}', which this judge does not host`);
  return word;
}

function toGame(row: Selectable<GamesTable>): Game {
  return {
    id: row.id,
    name: storedGameName(row.name),
    variant: row.variant,
    status: row.status,
    rules: row.rules as GameRule[],
    description: row.description,
    listed: row.listed,
    currentPhase: row.current_phase,
    proposal: row.proposal,
    timing: typeof row.timing.text === 'string' ? row.timing.text : null,
    timeZone: row.time_zone,
    deadline: row.deadline_at,
    grace: row.grace_at,
    processStart: row.process_start_at,
    processDelayMinutes: row.process_delay_minutes,
    processAt: row.process_at,
    signonGates: { minDedication: row.min_dedication, minOnTimeRatio: row.min_on_time_ratio, maxCivilDisorderRatio: row.max_civil_disorder_ratio },
    options: row.options as GameOptionValues,
    ending: readGameEnding(row.ending),
    kind: storedGameKind(row.kind),
    kindState: row.kind_state as KindState | null,
  };
}

/** The columns a SeatRecord is made of. */
const SEAT_COLUMNS = [
  'seats.id',
  'seats.role',
  'seats.power',
  'seats.address',
  'seats.status',
  'seats.wait',
  'seats.password_hash',
  'seats.name',
  'seats.time_zone',
  'seats.map_pictures',
  'seats.preferences',
  'seats.extra_addresses',
] as const;
type SeatRow = Pick<Selectable<SeatsTable>, (typeof SEAT_COLUMNS)[number] extends `seats.${infer Column}` ? Column & keyof SeatsTable : never>;

function toSeat(row: SeatRow): SeatRecord {
  return {
    id: row.id,
    role: row.role,
    power: row.power,
    address: mailAddress(row.address),
    status: row.status,
    wait: row.wait,
    passwordHash: row.password_hash,
    name: row.name,
    timeZone: row.time_zone,
    mapPictures: row.map_pictures,
    preferences: row.preferences,
    extraAddresses: row.extra_addresses.map(mailAddress),
  };
}

/** A game's seats, its current phase and that phase's orders, as JSON sub-selects of a query on games. */
function currentPlay(eb: ExpressionBuilder<Database, 'games'>) {
  return [
    jsonArrayFrom(
      eb.selectFrom('seats').select(SEAT_COLUMNS).whereRef('seats.game_id', '=', 'games.id').where('seats.left_at', 'is', null).orderBy('seats.id'),
    ).as('seat_rows'),
    jsonObjectFrom(
      eb
        .selectFrom('phases')
        .select(['phases.phase_id', 'phases.seq', 'phases.position', 'phases.deadline_at', 'phases.punctuality_judged_at'])
        .whereRef('phases.game_id', '=', 'games.id')
        .whereRef('phases.phase_id', '=', 'games.current_phase'),
    ).as('phase_row'),
    jsonArrayFrom(
      eb
        .selectFrom('orders')
        .select(['orders.power', 'orders.lines', 'orders.parsed', 'orders.submitted', 'orders.has_errors'])
        .whereRef('orders.game_id', '=', 'games.id')
        .whereRef('orders.phase_id', '=', 'games.current_phase')
        .orderBy('orders.power'),
    ).as('order_rows'),
  ] as const;
}

/**
 * Whole games (the row, seats, current phase, its orders, absences, orders ahead, password
 * failures) whose `column` is one of `keys`, in that column's order; `senders`' password failures too.
 */
/** `= ANY(keys)` for a games column: the keys as one array parameter of the column's type. */
function anyOfKeys(column: 'name' | 'id', keys: readonly (string | number)[]) {
  return sql<never>`ANY(${column === 'name' ? sql`${keys}::text[]` : sql`${keys}::int4[]`})`;
}

function wholeGames(db: Kysely<Database>, column: 'name' | 'id', keys: readonly (string | number)[], senders: readonly string[]) {
  return db
    .selectFrom('games')
    .selectAll('games')
    .select((eb) => [
      ...currentPlay(eb),
      jsonArrayFrom(
        eb
          .selectFrom('absences')
          .select(['absences.seat_id', 'absences.starts_at', 'absences.ends_at'])
          .whereRef('absences.game_id', '=', 'games.id')
          .orderBy('absences.starts_at'),
      ).as('absence_rows'),
      jsonArrayFrom(
        eb
          .selectFrom('orders_ahead')
          .select(['orders_ahead.power', 'orders_ahead.phase_id', 'orders_ahead.steps'])
          .whereRef('orders_ahead.game_id', '=', 'games.id')
          .orderBy('orders_ahead.phase_id')
          .orderBy('orders_ahead.power'),
      ).as('orders_ahead_rows'),
      // The wrong passwords counted for the game's seats and for the mails' senders (password-guard.ts).
      jsonArrayFrom(
        eb
          .selectFrom('seat_password_failures as f')
          .innerJoin('seats as s', 's.id', 'f.seat_id')
          .select([sql<number | null>`f.seat_id`.as('seat_id'), sql<string | null>`NULL`.as('address'), 'f.failures', 'f.last_failure_at', 'f.locked_until'])
          .whereRef('s.game_id', '=', 'games.id')
          .unionAll(
            eb
              .selectFrom('address_password_failures as a')
              .select([
                sql<number | null>`NULL::integer`.as('seat_id'),
                sql<string | null>`a.address`.as('address'),
                'a.failures',
                'a.last_failure_at',
                'a.locked_until',
              ])
              .where('a.address', '=', sql<string>`ANY(${senders}::text[])`),
          ),
      ).as('password_failure_rows'),
    ])
    .where(column, '=', anyOfKeys(column, keys))
    .orderBy(column);
}

const wholeGamesByName = keptQuery((db, names: readonly string[], senders: readonly string[]) => wholeGames(db, 'name', names, senders));
const wholeGamesById = keptQuery((db, ids: readonly number[], senders: readonly string[]) => wholeGames(db, 'id', ids, senders));

/** A game by name with its current play and its holders' public records (gameOverview). */
const gameOverviews = keptQuery((db, name: string) => {
  // The holders' addresses as one array, so the records are read through the index on
  // lower(address): `IN (subquery)` let the planner scan every stint and join (80 ms at 10,000 games).
  const holders = sql<string[]>`ARRAY(SELECT lower(held.address) FROM seats AS held WHERE held.game_id = games.id AND held.left_at IS NULL)`;
  return db
    .selectFrom('games')
    .selectAll('games')
    .select((eb) => [
      ...currentPlay(eb),
      jsonArrayFrom(playerRecordRows(db, () => sql<boolean>`lower(seat_stints.address) = ANY(${holders})`, { withoutHiddenGames: true })).as('record_rows'),
    ])
    .where('games.name', '=', name);
});

/** The first `count` forming listed games by name (openings). */
const openingGames = keptQuery((db, count: number) =>
  // Matches games_openings_idx: the first names of that index, nothing else. The predicate is
  // written as constants, not parameters: the generic plan PostgreSQL keeps for a named statement
  // (prepared-statements.ts) cannot prove a partial index's predicate from $1, and read
  // games_name_key from the start until 51 forming games turned up (2.4 ms a LIST at 10,000
  // games, 0.5 ms at 1).
  db.selectFrom('games').selectAll().where(sql<boolean>`listed AND status = 'forming'`).orderBy('name').limit(count),
);

/** The first `count` listed running games with open seats, by name, with those seats (takeoverOpenings). */
const takeoverGames = keptQuery((db, count: number) => {
  // From the open seats (seats_power_status_idx) to their games by key: no read of all games.
  // The index's predicate as constants, for the generic plan (see openingGames).
  const takeoverStatuses = sql.join(TAKEOVER_STATUSES.map((status) => sql.lit(status)));
  return (
    db
      .selectFrom('seats')
      .innerJoin('games', 'games.id', 'seats.game_id')
      .selectAll('games')
      .select(sql<string[]>`coalesce(array_agg(seats.power ORDER BY seats.power) FILTER (WHERE seats.power IS NOT NULL), '{}')`.as('open_powers'))
      // A Mafia or Werewolf player's seat holds no power: its kind names it (GameKind.openSeatNames).
      .select(sql<number[]>`coalesce(array_agg(seats.id ORDER BY seats.id) FILTER (WHERE seats.power IS NULL), '{}')`.as('open_seats'))
      .where(sql<boolean>`seats.role = 'power' AND seats.left_at IS NULL AND seats.status IN (${takeoverStatuses})`)
      .where(sql<boolean>`games.listed AND games.status IN ('active', 'waiting')`)
      .groupBy('games.id')
      .orderBy('games.name')
      .limit(count)
  );
});

type CurrentPlayRows = {
  [Part in ReturnType<typeof currentPlay>[number] as Part extends AliasedExpression<unknown, infer Name> ? Name : never]: Part extends AliasedExpression<
    infer Value,
    string
  >
    ? Value
    : never;
};

/** What currentPlay selected, read. */
function readCurrentPlay(rows: CurrentPlayRows): Pick<GameOverview, 'seats' | 'phase' | 'orders'> {
  const { seat_rows: seats, phase_row: phase, order_rows: orders } = rows;
  return {
    seats: seats.map(toSeat),
    // Inside JSON a timestamp is text: the driver's parsing does not reach it.
    phase: phase && {
      phaseId: phase.phase_id,
      seq: phase.seq,
      position: readStoredPosition(phase.position, `phase ${phase.phase_id}`),
      deadline: phase.deadline_at === null ? null : new Date(phase.deadline_at),
    },
    orders: orders.map((o) => ({ power: o.power, lines: o.lines, parsed: readParsedOrderSet(o.parsed), submitted: o.submitted, hasErrors: o.has_errors })),
  };
}

/** Stored blocks read back; one of another version or shape is left out (the player sends it again). */
function readOrdersAhead(rows: readonly { readonly power: string; readonly phase_id: string; readonly steps: unknown }[]): OrdersAheadRecord[] {
  return rows.flatMap((row) => {
    const steps = readAheadSteps(row.steps);
    return steps === null ? [] : [{ power: row.power as PowerId, phaseId: row.phase_id as PhaseId, steps }];
  });
}

/** phases.results holds the adjudication outcome and the orders it was made from. */
interface StoredResults {
  readonly results: unknown;
  readonly orders: readonly StoredOrders[];
}

/** The window of InboundRecorded.fromSenderThisHour. */
const HOURLY_WINDOW_SECONDS = 3600;

/** A row of the outbox as the judge queues it; the other columns keep their defaults. */
interface QueuedMail {
  readonly message_id: string;
  readonly to_addresses: readonly string[];
  readonly subject: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly attachments: readonly MailAttachment[];
  readonly game_id: number | null;
  readonly kind: string;
}

/**
 * The INSERT of queued mail, in the order given. An address that asked to stop (mail_addresses,
 * issue 10) is left out when the mail is queued, and a mail left to nobody is not queued at all:
 * its notices, results and replies would never be sent, so they do not pile up in the outbox.
 * Stops that come later are still honoured by the senders (src/mail/unsubscribe.ts).
 */
function queueMails(mails: readonly (QueuedMail & { readonly n: number })[]) {
  return sql`
    INSERT INTO outbox (message_id, to_addresses, subject, headers, body, attachments, game_id, kind)
    SELECT m.message_id, r.to_addresses, m.subject, m.headers, m.body, m.attachments, m.game_id, m.kind
    FROM jsonb_to_recordset(${jsonText(mails)}::jsonb)
      AS m(message_id text, to_addresses text[], subject text, headers jsonb, body text, attachments jsonb, game_id integer, kind text, n integer)
    CROSS JOIN LATERAL (
      SELECT array_agg(t.address ORDER BY t.i) AS to_addresses
      FROM unnest(m.to_addresses) WITH ORDINALITY AS t(address, i)
      WHERE lower(t.address) <> ALL (ARRAY(
        -- The stopped among this statement's recipients, looked up by key: as a join with
        -- mail_addresses it was planned as a hash join reading that table whole for every batch,
        -- and it grows by an address for nearly every new sender (bench/mail-statements.ts --stale).
        SELECT stopped.address FROM mail_addresses AS stopped
        WHERE stopped.address = ANY(ARRAY(
          SELECT DISTINCT lower(recipient) FROM unnest(${mails.flatMap((mail) => mail.to_addresses)}::text[]) AS recipient
        ))
          AND stopped.stopped_at IS NOT NULL))
    ) AS r
    WHERE r.to_addresses IS NOT NULL
    ORDER BY m.n`;
}

/** A write held until the commit (see the top of this file). */
type HeldWrite =
  | { readonly kind: 'mail'; readonly row: QueuedMail }
  | { readonly kind: 'outcome'; readonly messageId: string; readonly outcome: InboundOutcome; readonly gameId: number | null };

class KyselyJudgeTransaction implements StoreTransaction {
  private savepoints = 0;
  private held: HeldWrite[] = [];
  /** holdersWithExtraAddresses by game; emptied by every write to seats (and a rolled-back block). */
  private readonly extraAddressHolders = new Map<number, Pick<SeatRecord, 'address' | 'extraAddresses'>[]>();

  constructor(
    private readonly trx: Transaction<Database>,
    private readonly messageIdDomain: string,
    private readonly options: { readonly writeBehind: boolean },
  ) {}

  async recordInbound(given: readonly InboundRecord[]): Promise<InboundRecorded[]> {
    if (given.length === 0) return [];
    const mails = given.map((mail) => ({
      ...mail,
      messageId: storable(mail.messageId),
      from: storable(mail.from),
      replyAddress: nullableStorable(mail.replyAddress ?? null),
      subject: storable(mail.subject),
    }));
    // A Message-ID given twice in one call is recorded once, for its first mail.
    const firsts = new Map<string, number>();
    mails.forEach((mail, index) => {
      if (!firsts.has(mail.messageId)) firsts.set(mail.messageId, index);
    });
    const candidates = [...firsts.values()].map((index) => mails[index]!);
    const { recorded, recent } = await this.insertInbound(candidates, { withOrigin: true });
    // The Message-ID alone decides what is a duplicate. The IMAP origin only records where the
    // mail was read, and it is kept only while free: a Dovecot that lost its index can hand a
    // UID out again, under the same UIDVALIDITY, to a different mail, which must still be
    // handled. The first insert, with no conflict target, also gives way on a taken (mailbox,
    // uidvalidity, uid); those mails are then recorded without it, unless their Message-ID is
    // the clash. A conflict raises no error, so the transaction goes on.
    const clashed = candidates.filter((mail) => mail.origin && !recorded.has(mail.messageId));
    if (clashed.length > 0) for (const id of (await this.insertInbound(clashed, { withOrigin: false })).recorded) recorded.add(id);
    // Each address's mails of the hour so far, this call's earlier mails included.
    const counted = new Map<string, number>();
    return mails.map((mail, index) => {
      const isRecorded = firsts.get(mail.messageId) === index && recorded.has(mail.messageId);
      let count = 0;
      for (const address of countedAddresses(mail)) {
        const total = (counted.get(address) ?? recent.get(address) ?? 0) + (isRecorded ? 1 : 0);
        counted.set(address, total);
        count = Math.max(count, total);
      }
      return { recorded: isRecorded, fromSenderThisHour: count };
    });
  }

  /**
   * One INSERT for all the mails, with each address's count of the hour before it (mails from it,
   * and mails from others whose replies go to it): the count runs on the statement's snapshot,
   * which holds the mails of earlier statements of this transaction but not the rows this one
   * inserts.
   */
  private async insertInbound(
    mails: readonly InboundRecord[],
    options: { readonly withOrigin: boolean },
  ): Promise<{ recorded: Set<string>; recent: Map<string, number> }> {
    const origin = (mail: InboundRecord) => (options.withOrigin ? (mail.origin ?? null) : null);
    const { rows } = await sql<{ message_id: string | null; from_address: string | null; recent: string | null }>`
      WITH incoming AS (
        SELECT * FROM unnest(
          ${mails.map((m) => m.messageId)}::text[], ${mails.map((m) => m.from)}::text[], ${mails.map((m) => replyElsewhere(m))}::text[],
          ${mails.map((m) => m.subject.slice(0, 500))}::text[],
          ${mails.map((m) => origin(m)?.mailbox ?? null)}::text[], ${mails.map((m) => nullableText(origin(m)?.uidvalidity))}::int8[],
          ${mails.map((m) => nullableText(origin(m)?.uid))}::int8[]
        ) WITH ORDINALITY AS m(message_id, from_address, reply_address, subject, mailbox, uidvalidity, uid, n)
      ), inserted AS (
        INSERT INTO inbound_mail (message_id, from_address, reply_address, subject, mailbox, uidvalidity, uid)
        SELECT message_id, from_address, reply_address, subject, mailbox, uidvalidity, uid FROM incoming ORDER BY n
        ON CONFLICT DO NOTHING
        RETURNING message_id
      ), addresses AS (
        SELECT from_address AS address FROM incoming UNION SELECT reply_address FROM incoming WHERE reply_address IS NOT NULL
      )
      SELECT message_id, NULL AS from_address, NULL AS recent FROM inserted
      UNION ALL
      SELECT NULL, a.address,
        ((SELECT count(*) FROM inbound_mail i WHERE i.from_address = a.address AND i.received_at > now() - make_interval(secs => ${HOURLY_WINDOW_SECONDS}))
         + (SELECT count(*) FROM inbound_mail i WHERE i.reply_address = a.address AND i.received_at > now() - make_interval(secs => ${HOURLY_WINDOW_SECONDS})))::text
      FROM addresses a`.execute(this.trx);
    const recorded = new Set<string>();
    const recent = new Map<string, number>();
    for (const row of rows) {
      if (row.message_id !== null) recorded.add(row.message_id);
      else recent.set(row.from_address!, Number(row.recent));
    }
    return { recorded, recent };
  }

  async markInbound(messageId: string, outcome: InboundOutcome, gameId: number | null): Promise<void> {
    if (this.options.writeBehind) this.held.push({ kind: 'outcome', messageId, outcome, gameId });
    else await this.trx.updateTable('inbound_mail').set({ outcome, game_id: gameId }).where('message_id', '=', storable(messageId)).execute();
  }

  /**
   * Writes what was held, in one statement, queued mail in the order it was queued; `closing`
   * (inJudgeTransaction's closingWrite) runs in the same statement, or alone when nothing was held.
   */
  async flush(closing: RawBuilder<unknown> | null = null): Promise<void> {
    const held = this.held;
    this.held = [];
    const mails = held.flatMap((write, n) => (write.kind === 'mail' ? [{ ...write.row, n }] : []));
    const outcomes = held.flatMap((write) =>
      write.kind === 'outcome' ? [{ message_id: write.messageId, outcome: write.outcome, game_id: write.gameId }] : [],
    );
    if (mails.length === 0 && outcomes.length === 0) {
      if (closing !== null) await sql`WITH ${closing} SELECT 1`.execute(this.trx);
      return;
    }
    // Data-modifying CTEs run whether or not anything reads them. They all see the snapshot of the
    // statement's start, so none may read what another writes: the closing write is the caller's
    // (the inbound queue), which the held writes never touch.
    await sql`
      WITH queued AS (${queueMails(mails)}), marked AS (
        UPDATE inbound_mail SET outcome = m.outcome, game_id = m.game_id
        FROM jsonb_to_recordset(${jsonText(outcomes)}::jsonb) AS m(message_id text, outcome text, game_id integer)
        -- The rows by key (the list of Message-IDs): joined on message_id alone it was planned as a
        -- hash join reading all of inbound_mail, a row a mail, for every claim (mail-statements.ts --stale).
        WHERE inbound_mail.message_id = ANY(${outcomes.map((o) => o.message_id)}::text[]) AND inbound_mail.message_id = m.message_id
      )${closing === null ? sql`` : sql`, ${closing}`}
      SELECT 1`.execute(this.trx);
  }

  nested<T>(work: () => Promise<T>): Promise<T> {
    return nestedInSavepoint(this, work);
  }

  async savepoint(): Promise<Savepoint> {
    const name = sql.id(`block_${++this.savepoints}`);
    const heldBefore = this.held.length;
    await sql`SAVEPOINT ${name}`.execute(this.trx);
    return {
      release: async () => {
        await sql`RELEASE SAVEPOINT ${name}`.execute(this.trx);
      },
      rollback: async () => {
        await sql`ROLLBACK TO SAVEPOINT ${name}`.execute(this.trx);
        this.held.length = heldBefore;
        this.extraAddressHolders.clear();
      },
    };
  }

  async open(mails: readonly InboundRecord[], games: readonly GameName[]): Promise<{ recorded: InboundRecorded[]; games: GameAggregate[] }> {
    const recorded = await this.recordInbound(mails);
    // A replayed mail does nothing: its games are neither read nor locked.
    const senders = [...new Set(mails.flatMap((mail) => (mail.replyAddress ? [storable(mail.replyAddress.toLowerCase())] : [])))];
    const loaded = games.length > 0 && recorded.some((mail) => mail.recorded) ? await this.gameAggregates('name', games, true, senders) : [];
    return { recorded, games: loaded };
  }

  loadGames(ids: readonly number[], options: { readonly forUpdate: boolean }): Promise<GameAggregate[]> {
    return this.gameAggregates('id', ids, options.forUpdate);
  }

  /** The held writes in order, some neighbours merged into one statement (combined-writes.ts). */
  async apply(changes: readonly StorageChange[]): Promise<void> {
    for (const write of combineWrites(changes)) {
      if (write.kind === 'change') await applyInOrder(this, [write.change]);
      else if (write.kind === 'replaceJobs') await replaceGameJobs(this.trx, write.gameId, write.jobs.map(jobRequest));
      else await this.writeResults(...write.args, write.punctualityAt);
    }
  }

  /**
   * Whole games (the row, seats, current phase, its orders, absences) in one statement; locked in
   * the order of `column`, so mails naming the same games lock them in one order.
   */
  private async gameAggregates(
    column: 'name' | 'id',
    keys: readonly (string | number)[],
    forUpdate: boolean,
    senders: readonly string[] = [],
  ): Promise<GameAggregate[]> {
    if (keys.length === 0) return [];
    // Locked by a statement of its own: one that waited for a lock reads the seats, phase and
    // orders of its own snapshot, from before the other transaction committed (READ COMMITTED
    // rechecks only the locked row), and a password changed meanwhile would be read stale.
    // A game the job queue locked before the handler ran (locked-games.ts) needs no second lock.
    const locked = column === 'id' && holdsGameLocks(this.trx, keys as readonly number[]);
    if (forUpdate && !locked) await this.trx.selectFrom('games').select('id').where(column, '=', anyOfKeys(column, keys)).orderBy(column).forUpdate().execute();
    const rows =
      column === 'name'
        ? await wholeGamesByName(this.trx, keys as readonly string[], [...senders])
        : await wholeGamesById(this.trx, keys as readonly number[], [...senders]);
    return rows.map(({ seat_rows, phase_row, order_rows, absence_rows: absences, orders_ahead_rows: ahead, password_failure_rows: failures, ...game }) => ({
      game: toGame(game),
      ...this.withExtraAddressHolders(game.id, readCurrentPlay({ seat_rows, phase_row, order_rows })),
      punctualityJudged: phase_row !== null && phase_row.punctuality_judged_at !== null,
      absences: absences.map((a) => ({ seatId: a.seat_id, start: new Date(a.starts_at), end: new Date(a.ends_at) })),
      ordersAhead: readOrdersAhead(ahead),
      // Inside JSON a timestamp is text.
      passwordFailures: failures.map((f) => ({
        target: f.seat_id !== null ? { kind: 'seat' as const, seatId: f.seat_id } : { kind: 'address' as const, address: mailAddress(f.address!) },
        failures: f.failures,
        lastFailureAt: new Date(f.last_failure_at),
        lockedUntil: f.locked_until === null ? null : new Date(f.locked_until),
      })),
    }));
  }

  findGame(name: GameName, options: { forUpdate?: boolean } = {}): Promise<Game | null> {
    return this.gameWhere('name', name, options.forUpdate ?? false);
  }

  findGameById(id: number, options: { forUpdate?: boolean } = {}): Promise<Game | null> {
    return this.gameWhere('id', id, options.forUpdate ?? false);
  }

  private async gameWhere(column: 'name' | 'id', value: string | number, forUpdate: boolean): Promise<Game | null> {
    let query = this.trx
      .selectFrom('games')
      .selectAll()
      .where(column, '=', value as never);
    if (forUpdate) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row ? toGame(row) : null;
  }

  async gameOverview(name: GameName): Promise<GameOverview | null> {
    const [row] = await gameOverviews(this.trx, name);
    if (!row) return null;
    const { seat_rows, phase_row, order_rows, record_rows: records, ...game } = row;
    const { seats, phase, orders } = readCurrentPlay({ seat_rows, phase_row, order_rows });
    return { game: toGame(game), seats, phase, orders, publicRecords: toPlayerRecords(records) };
  }

  async openings(limit: number): Promise<{ games: Game[]; more: boolean }> {
    const rows = await openingGames(this.trx, limit + 1);
    return { games: rows.slice(0, limit).map(toGame), more: rows.length > limit };
  }

  async takeoverOpenings(limit: number): Promise<{ games: TakeoverOpening[]; more: boolean }> {
    const rows = await takeoverGames(this.trx, limit + 1);
    const opening = (row: (typeof rows)[number]): TakeoverOpening => ({ game: toGame(row), powers: row.open_powers as PowerId[], seats: row.open_seats });
    return { games: rows.slice(0, limit).map(opening), more: rows.length > limit };
  }

  async searchGames(words: readonly string[], limit: number): Promise<{ games: Game[]; more: boolean }> {
    // The LIKE on game_search_text matches games_search_idx (sql/019), so the games holding the
    // words are found from the trigram index rather than by reading every listed game; with no
    // words, or words too short for trigrams, the plan walks the name index up to the limit.
    const rows = await this.trx
      .selectFrom('games')
      .selectAll()
      // A constant, so the generic plan of the named statement can use the partial index too.
      .where(sql<boolean>`listed`)
      .where((eb) =>
        eb.and(words.map((word) => sql<boolean>`game_search_text(games.name, games.status, games.variant, games.rules) LIKE ${`%${likeLiteral(word)}%`}`)),
      )
      .orderBy('name')
      .limit(limit + 1)
      .execute();
    return { games: rows.slice(0, limit).map(toGame), more: rows.length > limit };
  }

  async joinedPlayers(gameIds: readonly number[]): Promise<ReadonlyMap<number, number>> {
    const joined = new Map(gameIds.map((id) => [id, 0]));
    if (gameIds.length === 0) return joined;
    const rows = await this.trx
      .selectFrom('seats')
      .select(['game_id', sql<string>`count(*)`.as('players')])
      .where('game_id', '=', sql<number>`ANY(${[...gameIds]}::int4[])`)
      .where('role', '=', 'power')
      .where('left_at', 'is', null)
      .groupBy('game_id')
      .execute();
    for (const row of rows) joined.set(row.game_id, Number(row.players));
    return joined;
  }

  async gamesListPrint(limit: number): Promise<string> {
    // The rows searchGames([], limit) reads, each by its id and row version (xmin: a new one for
    // every update of the row), and the power seats of the forming ones (what the games page
    // counts); one short value back instead of the rows.
    const { rows } = await sql<{ print: string | null }>`
      SELECT md5(string_agg(g.id || '.' || g.xmin::text || '.' || coalesce(s.joined, -1), ',' ORDER BY g.name)) AS print
      FROM (SELECT id, name, xmin, status FROM games WHERE listed ORDER BY name LIMIT ${limit + 1}) AS g
      LEFT JOIN LATERAL (
        SELECT count(*) AS joined FROM seats
        WHERE seats.game_id = g.id AND seats.left_at IS NULL AND seats.role = 'power' AND g.status = 'forming'
      ) AS s ON g.status = 'forming'`.execute(this.trx);
    return rows[0]?.print ?? '';
  }

  async createGame(game: NewGameRecord): Promise<Game> {
    const row = await this.trx
      .insertInto('games')
      .values({
        name: game.name,
        variant: game.variant,
        status: game.status,
        rules: game.rules,
        description: game.description,
        listed: game.listed,
        private_word_hash: game.privateWordHash,
        timing: jsonb<JsonObject>(game.timing === null ? {} : { text: game.timing }),
        time_zone: game.timeZone,
        ...(game.kind !== undefined ? { kind: game.kind } : {}),
        ...(game.kindState !== undefined && game.kindState !== null ? { kind_state: jsonb<JsonValue>(game.kindState as JsonValue) } : {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toGame(row);
  }

  async updateGame(id: number, patch: GamePatch): Promise<void> {
    await this.trx
      .updateTable('games')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.rules !== undefined ? { rules: patch.rules } : {}),
        ...(patch.listed !== undefined ? { listed: patch.listed } : {}),
        ...(patch.timeZone !== undefined ? { time_zone: patch.timeZone } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(patch.currentPhase !== undefined ? { current_phase: patch.currentPhase } : {}),
        ...(patch.proposal !== undefined ? { proposal: patch.proposal } : {}),
        ...(patch.deadline !== undefined ? { deadline_at: patch.deadline } : {}),
        ...(patch.grace !== undefined ? { grace_at: patch.grace } : {}),
        ...(patch.processStart !== undefined ? { process_start_at: patch.processStart } : {}),
        ...(patch.processDelayMinutes !== undefined ? { process_delay_minutes: patch.processDelayMinutes } : {}),
        ...(patch.processAt !== undefined ? { process_at: patch.processAt } : {}),
        ...(patch.signonGates?.minDedication !== undefined ? { min_dedication: patch.signonGates.minDedication } : {}),
        ...(patch.signonGates?.minOnTimeRatio !== undefined ? { min_on_time_ratio: patch.signonGates.minOnTimeRatio } : {}),
        ...(patch.signonGates?.maxCivilDisorderRatio !== undefined ? { max_civil_disorder_ratio: patch.signonGates.maxCivilDisorderRatio } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.timing !== undefined ? { timing: jsonb<JsonObject>(patch.timing === null ? {} : { text: patch.timing }) } : {}),
        ...(patch.options !== undefined ? { options: jsonb<JsonObject>(patch.options as unknown as JsonObject) } : {}),
        ...(patch.privateWordHash !== undefined ? { private_word_hash: patch.privateWordHash } : {}),
        ...(patch.ending !== undefined ? { ending: patch.ending === null ? null : jsonb<JsonValue>(patch.ending) } : {}),
        ...(patch.kindState !== undefined ? { kind_state: patch.kindState === null ? null : jsonb<JsonValue>(patch.kindState as JsonValue) } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  async deleteGame(id: number): Promise<void> {
    await this.trx.deleteFrom('games').where('id', '=', id).execute();
  }

  async privateWordHash(gameId: number): Promise<string | null> {
    const row = await this.trx.selectFrom('games').select('private_word_hash').where('id', '=', gameId).executeTakeFirst();
    return row?.private_word_hash ?? null;
  }

  async seats(gameId: number): Promise<SeatRecord[]> {
    const seats = (await this.trx.selectFrom('seats').selectAll().where('game_id', '=', gameId).where('left_at', 'is', null).orderBy('id').execute()).map(
      toSeat,
    );
    return this.withExtraAddressHolders(gameId, { seats }).seats;
  }

  /** The rows the game's mail takes its further addresses from, as just read: enqueueMail need not read them again. */
  private withExtraAddressHolders<T extends { readonly seats: readonly SeatRecord[] }>(gameId: number, read: T): T {
    this.extraAddressHolders.set(
      gameId,
      read.seats.filter((seat) => (seat.extraAddresses?.length ?? 0) > 0).map((seat) => ({ address: seat.address, extraAddresses: seat.extraAddresses ?? [] })),
    );
    return read;
  }

  async addSeat(seat: NewSeatRecord): Promise<SeatRecord> {
    const row = await this.trx
      .insertInto('seats')
      .values({ game_id: seat.gameId, role: seat.role, power: seat.power, address: seat.address, password_hash: seat.passwordHash, name: seat.name ?? null })
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.trx.insertInto('seat_stints').values({ seat_id: row.id, address: seat.address }).execute();
    return toSeat(row);
  }

  async updateSeat(id: number, patch: SeatPatch): Promise<void> {
    const values = {
      ...(patch.power !== undefined ? { power: patch.power } : {}),
      ...(patch.address !== undefined ? { address: patch.address } : {}),
      ...(patch.passwordHash !== undefined ? { password_hash: patch.passwordHash } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.wait !== undefined ? { wait: patch.wait } : {}),
      ...(patch.drawVote !== undefined ? { draw_vote: patch.drawVote } : {}),
      ...(patch.concedeVote !== undefined ? { concede_vote: patch.concedeVote } : {}),
      ...(patch.proposalVote !== undefined ? { proposal_vote: patch.proposalVote } : {}),
      ...(patch.timeZone !== undefined ? { time_zone: patch.timeZone } : {}),
      ...(patch.mapPictures !== undefined ? { map_pictures: patch.mapPictures } : {}),
      ...(patch.preferences !== undefined ? { preferences: [...patch.preferences] } : {}),
      ...(patch.extraAddresses !== undefined ? { extra_addresses: patch.extraAddresses.map((a) => a.toLowerCase()) } : {}),
    };
    // Only a seat's address and further addresses are what its mail is copied to.
    if (patch.address !== undefined || patch.extraAddresses !== undefined) this.extraAddressHolders.clear();
    if (Object.keys(values).length > 0) await this.trx.updateTable('seats').set(values).where('id', '=', id).execute();
  }

  async votes(gameId: number): Promise<{ power: PowerId; draw: PowerId[] | null; concede: PowerId | null; proposal: boolean | null }[]> {
    const rows = await this.trx
      .selectFrom('seats')
      .select(['power', 'draw_vote', 'concede_vote', 'proposal_vote'])
      .where('game_id', '=', gameId)
      .where('power', 'is not', null)
      .where('left_at', 'is', null)
      .execute();
    return rows.map((row) => ({ power: row.power!, draw: row.draw_vote, concede: row.concede_vote, proposal: row.proposal_vote }));
  }

  async clearProposalVotes(gameId: number): Promise<void> {
    await this.trx.updateTable('seats').set({ proposal_vote: null }).where('game_id', '=', gameId).execute();
  }

  async markLate(seatIds: readonly number[]): Promise<void> {
    if (seatIds.length === 0) return;
    await this.trx
      .updateTable('seats')
      .set((eb) => ({ late_count: eb('late_count', '+', 1) }))
      .where('id', 'in', seatIds)
      .execute();
    await this.trx
      .updateTable('seat_stints')
      .set((eb) => ({ late_count: eb('late_count', '+', 1) }))
      .where('seat_id', 'in', seatIds)
      .where('ended_at', 'is', null)
      .execute();
  }

  async addDedication(changes: readonly DedicationChange[]): Promise<void> {
    if (changes.length === 0) return;
    // One statement for every seat (a turn credits seven at once): summed per seat first, as
    // one UPDATE may change a row only once.
    const bySeat = new Map<number, { seat_id: number; points: number; on_time: number; late: number; started: number; took_over: number; resigned: number }>();
    for (const change of changes) {
      const sum = bySeat.get(change.seatId) ?? { seat_id: change.seatId, points: 0, on_time: 0, late: 0, started: 0, took_over: 0, resigned: 0 };
      sum.points += change.points ?? 0;
      sum.on_time += change.onTime ?? 0;
      sum.late += change.late ?? 0;
      sum.started += change.started ?? 0;
      sum.took_over += change.tookOver ?? 0;
      sum.resigned += change.resigned ?? 0;
      bySeat.set(change.seatId, sum);
    }
    await sql`
      WITH change AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify([...bySeat.values()])}::jsonb)
          AS c(seat_id integer, points integer, on_time integer, late integer, started integer, took_over integer, resigned integer)
      ), stints AS (
        UPDATE seat_stints SET
          points = seat_stints.points + change.points,
          on_time_count = seat_stints.on_time_count + change.on_time,
          judged_count = seat_stints.judged_count + change.on_time + change.late,
          started_count = seat_stints.started_count + change.started,
          took_over_count = seat_stints.took_over_count + change.took_over,
          resigned_count = seat_stints.resigned_count + change.resigned
        FROM change WHERE seat_stints.seat_id = change.seat_id AND seat_stints.ended_at IS NULL
      ), seat_counts AS (
        UPDATE seats SET on_time_count = seats.on_time_count + change.on_time
        FROM change WHERE seats.id = change.seat_id AND change.on_time > 0
      )
      SELECT 1`.execute(this.trx);
  }

  async playerRecords(addresses: readonly MailAddress[], options: PlayerRecordOptions = {}): Promise<Map<MailAddress, PlayerRecord>> {
    const wanted = [...new Set(addresses)];
    if (wanted.length === 0) return new Map();
    return toPlayerRecords(await playerRecordRows(this.trx, () => sql<boolean>`lower(seat_stints.address) = ANY(${wanted}::text[])`, options).execute());
  }

  async judgePunctuality(gameId: number, phaseId: PhaseId, at: Date): Promise<boolean> {
    const row = await this.trx
      .updateTable('phases')
      .set({ punctuality_judged_at: at })
      .where('game_id', '=', gameId)
      .where('phase_id', '=', phaseId)
      .where('punctuality_judged_at', 'is', null)
      .returning('phase_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async removeSeat(id: number): Promise<void> {
    this.extraAddressHolders.clear();
    await this.trx.updateTable('seats').set({ left_at: sql`now()` }).where('id', '=', id).execute();
    await this.trx
      .updateTable('seat_stints')
      .set({ ended_at: sql`now()`, end_reason: 'left' })
      .where('seat_id', '=', id)
      .where('ended_at', 'is', null)
      .execute();
  }

  async changeHolder(seatId: number, address: string, reason: string): Promise<void> {
    // A new holder takes none of the last one's further addresses, nor a SET ADDRESS they left waiting.
    const before = await this.trx.selectFrom('seat_stints').select('address').where('seat_id', '=', seatId).where('ended_at', 'is', null).executeTakeFirst();
    if (before && before.address.toLowerCase() !== address.toLowerCase()) {
      await this.trx.updateTable('seats').set({ extra_addresses: [] }).where('id', '=', seatId).execute();
      await requestAddressChanges(this.trx, seatId, [], new Date());
      this.extraAddressHolders.clear();
    }
    await this.trx
      .updateTable('seat_stints')
      .set({ ended_at: sql`now()`, end_reason: reason })
      .where('seat_id', '=', seatId)
      .where('ended_at', 'is', null)
      .execute();
    await this.trx.insertInto('seat_stints').values({ seat_id: seatId, address }).execute();
  }

  async savePhase(gameId: number, phase: PhaseRecord): Promise<void> {
    // The game's rules and seats as the phase begins (GameSnapshot, for ROLLBACK), read by the
    // INSERT itself: one round trip instead of three, which a deadline storm pays per game.
    const snapshot = sql<JsonText<JsonValue>>`(
      SELECT jsonb_build_object(
        'rules', to_jsonb(g.rules),
        'seats', coalesce((
          SELECT jsonb_agg(jsonb_build_object('id', s.id, 'address', s.address, 'status', s.status, 'passwordHash', s.password_hash) ORDER BY s.id)
          FROM seats s WHERE s.game_id = g.id AND s.left_at IS NULL AND s.role IN ('power', 'master')), '[]'::jsonb))
      FROM games g WHERE g.id = ${gameId})`;
    await this.trx
      .insertInto('phases')
      .values({
        game_id: gameId,
        phase_id: phase.phaseId,
        seq: phase.seq,
        position: jsonb(phase.position),
        deadline_at: phase.deadline ?? null,
        game_snapshot: snapshot,
      })
      .onConflict((oc) =>
        oc.columns(['game_id', 'phase_id']).doUpdateSet({
          seq: phase.seq,
          position: jsonb(phase.position),
          deadline_at: phase.deadline ?? null,
          game_snapshot: sql<JsonText<JsonValue>>`excluded.game_snapshot`,
          results: null,
          results_text: null,
          processed_at: null,
          punctuality_judged_at: null,
        }),
      )
      .execute();
  }

  async phase(gameId: number, phaseId: PhaseId): Promise<PhaseRecord | null> {
    const row = await this.trx
      .selectFrom('phases')
      .select(['phase_id', 'seq', 'position', 'deadline_at'])
      .where('game_id', '=', gameId)
      .where('phase_id', '=', phaseId)
      .executeTakeFirst();
    return row
      ? { phaseId: row.phase_id, seq: row.seq, position: readStoredPosition(row.position, `game ${gameId} phase ${row.phase_id}`), deadline: row.deadline_at }
      : null;
  }

  async phases(gameId: number): Promise<(PhaseRecord & { resultsText: string | null; processedAt: Date | null })[]> {
    const game = await this.trx.selectFrom('games').select('current_phase').where('id', '=', gameId).executeTakeFirst();
    const all = await this.storedPhases(gameId);
    const current = all.find((p) => p.phaseId === game?.current_phase)?.seq ?? Number.POSITIVE_INFINITY;
    return all
      .filter((p) => p.seq <= current)
      .map((p) => ({
        phaseId: p.phaseId,
        seq: p.seq,
        position: p.position,
        deadline: p.deadline ?? null,
        resultsText: p.seq < current ? p.resultsText : null,
        processedAt: p.seq < current ? p.processedAt : null,
      }));
  }

  async storedPhases(gameId: number): Promise<PhaseHistory[]> {
    const rows = await this.trx.selectFrom('phases').selectAll().where('game_id', '=', gameId).orderBy('seq').execute();
    return rows.map((row) => {
      const where = `game ${gameId} phase ${row.phase_id}`;
      const stored = readStoredResults(row.results, where);
      return {
        phaseId: row.phase_id,
        seq: row.seq,
        position: readStoredPosition(row.position, where),
        deadline: row.deadline_at,
        resultsText: row.results_text,
        processedAt: row.processed_at,
        results: stored?.results ?? null,
        processedOrders: stored?.orders ?? null,
        snapshot: readGameSnapshot(row.game_snapshot, where),
      };
    });
  }

  async discardPhasesAfter(gameId: number, seq: number): Promise<void> {
    await this.trx.deleteFrom('phases').where('game_id', '=', gameId).where('seq', '>', seq).execute();
  }

  recordResults(gameId: number, phaseId: PhaseId, results: unknown, text: string, orders: readonly StoredOrders[]): Promise<void> {
    return this.writeResults(gameId, phaseId, results, text, orders, null);
  }

  /** recordResults; with `punctualityAt`, the phase's punctuality judged then too unless it already was (judgePunctuality). */
  private async writeResults(
    gameId: number,
    phaseId: PhaseId,
    results: unknown,
    text: string,
    orders: readonly StoredOrders[],
    punctualityAt: Date | null,
  ): Promise<void> {
    const stored: StoredResults = { results, orders };
    await this.trx
      .updateTable('phases')
      .set({
        results: jsonb(stored as unknown as JsonValue),
        results_text: text,
        processed_at: sql`clock_timestamp()`,
        ...(punctualityAt !== null ? { punctuality_judged_at: sql<Date>`coalesce(punctuality_judged_at, ${punctualityAt})` } : {}),
      })
      .where('game_id', '=', gameId)
      .where('phase_id', '=', phaseId)
      .execute();
  }

  async setPhaseDeadline(gameId: number, phaseId: PhaseId, deadline: Date | null): Promise<void> {
    await this.trx.updateTable('phases').set({ deadline_at: deadline }).where('game_id', '=', gameId).where('phase_id', '=', phaseId).execute();
  }

  async orders(gameId: number, phaseId: PhaseId): Promise<StoredOrders[]> {
    const rows = await this.trx.selectFrom('orders').selectAll().where('game_id', '=', gameId).where('phase_id', '=', phaseId).orderBy('power').execute();
    return rows.map((row) => ({
      power: row.power,
      lines: row.lines,
      parsed: readParsedOrderSet(row.parsed),
      submitted: row.submitted,
      hasErrors: row.has_errors,
    }));
  }

  async saveOrders(gameId: number, phaseId: PhaseId, orders: StoredOrders): Promise<void> {
    // A lone surrogate would make jsonb refuse the statement; as in a text parameter it becomes U+FFFD.
    const parsed = orders.parsed
      ? jsonb<JsonValue>({ ...orders.parsed, orders: orders.parsed.orders.map((o) => ({ ...o, text: o.text.toWellFormed() })) } as unknown as JsonValue)
      : null;
    const values = { lines: orders.lines, parsed, submitted: orders.submitted, has_errors: orders.hasErrors, updated_at: sql<Date>`now()` };
    await this.trx
      .insertInto('orders')
      .values({ game_id: gameId, phase_id: phaseId, power: orders.power, ...values })
      .onConflict((oc) => oc.columns(['game_id', 'phase_id', 'power']).doUpdateSet(values))
      .execute();
  }

  async replaceOrders(gameId: number, phaseId: PhaseId, orders: readonly StoredOrders[]): Promise<void> {
    await this.trx.deleteFrom('orders').where('game_id', '=', gameId).where('phase_id', '=', phaseId).execute();
    for (const order of orders) await this.saveOrders(gameId, phaseId, order);
  }

  async ordersAhead(gameId: number): Promise<OrdersAheadRecord[]> {
    const rows = await this.trx
      .selectFrom('orders_ahead')
      .select(['power', 'phase_id', 'steps'])
      .where('game_id', '=', gameId)
      .orderBy('phase_id')
      .orderBy('power')
      .execute();
    return readOrdersAhead(rows);
  }

  async saveOrdersAhead(gameId: number, record: OrdersAheadRecord): Promise<void> {
    // A lone surrogate would make jsonb refuse the statement: the steps go through JSON text made well formed.
    const steps = jsonb<JsonValue>(JSON.parse(JSON.stringify(storedAheadSteps(record.steps)).toWellFormed()) as JsonValue);
    await this.trx
      .insertInto('orders_ahead')
      .values({ game_id: gameId, power: record.power, phase_id: record.phaseId, steps })
      .onConflict((oc) => oc.columns(['game_id', 'power', 'phase_id']).doUpdateSet({ steps, updated_at: sql<Date>`now()` }))
      .execute();
  }

  async discardOrdersAhead(gameId: number, which: readonly { readonly power: PowerId; readonly phaseId: PhaseId }[]): Promise<void> {
    for (const { power, phaseId } of which)
      await this.trx.deleteFrom('orders_ahead').where('game_id', '=', gameId).where('power', '=', power).where('phase_id', '=', phaseId).execute();
  }

  async absences(gameId: number): Promise<AbsenceRecord[]> {
    const rows = await this.trx.selectFrom('absences').select(['seat_id', 'starts_at', 'ends_at']).where('game_id', '=', gameId).orderBy('starts_at').execute();
    return rows.map((row) => ({ seatId: row.seat_id, start: row.starts_at, end: row.ends_at }));
  }

  async replaceAbsences(gameId: number, seatId: number, absences: readonly Absence[]): Promise<void> {
    await this.trx.deleteFrom('absences').where('game_id', '=', gameId).where('seat_id', '=', seatId).execute();
    if (absences.length === 0) return;
    await this.trx
      .insertInto('absences')
      .values(absences.map((a) => ({ game_id: gameId, seat_id: seatId, starts_at: a.start, ends_at: a.end })))
      .execute();
  }

  async holders(seatId: number): Promise<{ address: MailAddress; endReason: string | null }[]> {
    const rows = await this.trx.selectFrom('seat_stints').select(['address', 'end_reason']).where('seat_id', '=', seatId).orderBy('id').execute();
    return rows.map((row) => ({ address: mailAddress(row.address), endReason: row.end_reason }));
  }

  async archivePress(press: PressRecord): Promise<void> {
    await this.trx
      .insertInto('press')
      .values({
        game_id: press.gameId,
        phase_id: press.phaseId,
        sender_seat_id: press.senderSeatId,
        sender_address: press.senderAddress,
        kind: press.kind,
        fake_sender: press.fakeSender,
        broadcast: press.broadcast,
        recipients: press.recipients,
        shown_recipients: press.shownRecipients,
        shown_broadcast: press.shownBroadcast,
        body: press.body,
      })
      .execute();
  }

  async pressSentSince(address: MailAddress, since: Date): Promise<number> {
    const row = await this.trx
      .selectFrom('press')
      .select((eb) => eb.fn.countAll<string>().as('sent'))
      .where('sender_address', '=', address)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.sent);
  }

  async addDiaryEntry(entry: NewDiaryEntry): Promise<number> {
    // The seat's next number, one past its highest kept: the row lock of the seat's game (held by the mail) keeps two from racing.
    const row = await this.trx
      .insertInto('diary_entries')
      .columns(['seat_id', 'number', 'game_id', 'body', 'created_at'])
      .expression(
        this.trx
          .selectFrom('diary_entries')
          .select([
            sql<number>`${entry.seatId}::integer`.as('seat_id'),
            sql<number>`coalesce(max(number), 0) + 1`.as('number'),
            sql<number>`${entry.gameId}::integer`.as('game_id'),
            sql<string>`${entry.body}::text`.as('body'),
            sql<Date>`${entry.createdAt}::timestamptz`.as('created_at'),
          ])
          .where('seat_id', '=', entry.seatId),
      )
      .returning('number')
      .executeTakeFirstOrThrow();
    return row.number;
  }

  async diaryEntries(gameId: number): Promise<DiaryEntry[]> {
    const rows = await this.trx.selectFrom('diary_entries').selectAll().where('game_id', '=', gameId).orderBy('seat_id').orderBy('number').execute();
    return rows.map((r) => ({ gameId: r.game_id, seatId: r.seat_id, number: r.number, body: r.body, createdAt: r.created_at }));
  }

  async deleteDiaryEntries(seatId: number, numbers: readonly number[]): Promise<number[]> {
    if (numbers.length === 0) return [];
    const rows = await this.trx
      .deleteFrom('diary_entries')
      .where('seat_id', '=', seatId)
      .where('number', 'in', [...numbers])
      .returning('number')
      .execute();
    return rows.map((r) => r.number).sort((a, b) => a - b);
  }

  async recordPasswordFailures(failures: readonly PasswordFailures[]): Promise<void> {
    // A count another transaction stored meanwhile may be higher: the higher count and the later lock stand.
    const columns = (f: PasswordFailures) => ({ failures: f.failures, last_failure_at: f.lastFailureAt, locked_until: f.lockedUntil });
    const seats = failures.flatMap((f) => (f.target.kind === 'seat' ? [{ seat_id: f.target.seatId, ...columns(f) }] : []));
    const addresses = failures.flatMap((f) => (f.target.kind === 'address' ? [{ address: storable(f.target.address.toLowerCase()), ...columns(f) }] : []));
    const merge = (table: 'seat_password_failures' | 'address_password_failures') => {
      const stored = sql.table(table);
      return {
        failures: sql<number>`greatest(excluded.failures, CASE WHEN excluded.last_failure_at - ${stored}.last_failure_at > interval '1 day' THEN 0 ELSE ${stored}.failures END)`,
        last_failure_at: sql<Date>`greatest(excluded.last_failure_at, ${stored}.last_failure_at)`,
        locked_until: sql<Date | null>`greatest(excluded.locked_until, ${stored}.locked_until)`,
      };
    };
    if (seats.length > 0)
      await this.trx
        .insertInto('seat_password_failures')
        .values(seats)
        .onConflict((oc) => oc.column('seat_id').doUpdateSet(merge('seat_password_failures')))
        .execute();
    if (addresses.length > 0)
      await this.trx
        .insertInto('address_password_failures')
        .values(addresses)
        .onConflict((oc) => oc.column('address').doUpdateSet(merge('address_password_failures')))
        .execute();
  }

  async archiveNotice(notice: NoticeRecord): Promise<void> {
    await this.trx
      .insertInto('game_notices')
      .values({ game_id: notice.gameId, phase_id: notice.phaseId, subject: notice.subject, body: notice.body })
      .execute();
  }

  async gameHistory(gameId: number): Promise<HistoryRecord[]> {
    const game = await this.trx.selectFrom('games').select('current_phase').where('id', '=', gameId).executeTakeFirst();
    const phases = await this.trx
      .selectFrom('phases')
      .select(['phase_id', 'seq', 'results_text', 'processed_at'])
      .where('game_id', '=', gameId)
      .orderBy('seq')
      .execute();
    const current = phases.find((p) => p.phase_id === game?.current_phase)?.seq ?? Number.POSITIVE_INFINITY;
    const records: HistoryRecord[] = phases
      .filter((p) => p.seq < current && p.results_text !== null && p.processed_at !== null)
      .map((p) => ({ kind: 'results', at: p.processed_at!, phaseId: p.phase_id, text: p.results_text! }));
    const notices = await this.trx
      .selectFrom('game_notices')
      .select(['phase_id', 'subject', 'body', 'created_at'])
      .where('game_id', '=', gameId)
      .orderBy('id')
      .execute();
    for (const n of notices) records.push({ kind: 'notice', at: n.created_at, phaseId: n.phase_id, subject: n.subject, body: n.body });
    const press = await this.trx
      .selectFrom('press')
      .leftJoin('seats', 'seats.id', 'press.sender_seat_id')
      .select([
        'press.phase_id',
        'press.kind',
        'press.broadcast',
        'press.recipients',
        'press.shown_recipients',
        'press.shown_broadcast',
        'press.fake_sender',
        'press.body',
        'press.created_at',
        'seats.role',
        'seats.power',
      ])
      .where('press.game_id', '=', gameId)
      .where('press.broadcast', '=', true)
      .orderBy('press.id')
      .execute();
    for (const p of press) {
      const sender = p.role === 'master' ? 'M' : p.role === 'observer' || p.role === 'monitor' ? 'O' : (p.power ?? null);
      records.push({
        kind: 'broadcast',
        at: p.created_at,
        phaseId: p.phase_id,
        sender,
        press: {
          kind: p.kind,
          broadcast: p.broadcast,
          recipients: p.recipients,
          shownRecipients: p.shown_recipients,
          shownBroadcast: p.shown_broadcast,
          fakeSender: p.fake_sender,
          body: p.body,
        },
      });
    }
    // Each row has the time it was written (clock_timestamp, sql/023), so this is the order of writing.
    return records.sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  async scheduleJob(job: GameJob): Promise<void> {
    await scheduleJob(this.trx, jobRequest(job));
  }

  async scheduleJobs(jobs: readonly GameJob[]): Promise<void> {
    await scheduleJobs(this.trx, jobs.map(jobRequest));
  }

  async cancelJobs(gameId: number): Promise<void> {
    await cancelJobs(this.trx, { gameId });
  }

  async cancelJob(dedupeKey: string): Promise<void> {
    await cancelJobs(this.trx, { dedupeKey });
  }

  markAddressProven(address: string, at: Date): Promise<boolean> {
    return markAddressProven(this.trx, address, at);
  }

  stopAddress(token: string, at: Date): Promise<{ readonly address: MailAddress; readonly already: boolean } | null> {
    return stopAddress(this.trx, token, at);
  }

  stoppedAddresses(addresses: readonly MailAddress[]): Promise<MailAddress[]> {
    return stoppedAddresses(this.trx, addresses);
  }

  seatsAtAddress(address: string): Promise<AddressSeat[]> {
    return seatsAtAddress(this.trx, address);
  }

  requestAddressChanges(seatId: number, changes: readonly PendingAddressChange[], at: Date): Promise<void> {
    return requestAddressChanges(this.trx, seatId, changes, at);
  }

  takeAddressChange(code: string, address: string, notBefore: Date): Promise<(PendingAddressChange & { readonly gameId: number }) | null> {
    return takeAddressChange(this.trx, code, address, notBefore);
  }

  async enqueueMail(mail: OutgoingMail): Promise<void> {
    const row = this.outboxRow(copiesToExtraAddresses(mail) ? withExtraAddresses(mail, await this.holdersWithExtraAddresses(mail.gameId!)) : mail);
    if (this.options.writeBehind) this.held.push({ kind: 'mail', row });
    else await queueMails([{ ...row, n: 0 }]).execute(this.trx);
  }

  /** The game's seats with further addresses (SET ADDRESS a,b), read once per game until a seat changes. */
  private async holdersWithExtraAddresses(gameId: number): Promise<Pick<SeatRecord, 'address' | 'extraAddresses'>[]> {
    let holders = this.extraAddressHolders.get(gameId);
    if (holders === undefined) {
      const rows = await this.trx
        .selectFrom('seats')
        .select(['address', 'extra_addresses'])
        .where('game_id', '=', gameId)
        .where('left_at', 'is', null)
        .where(sql<boolean>`cardinality(extra_addresses) > 0`)
        .execute();
      holders = rows.map((row) => ({ address: mailAddress(row.address), extraAddresses: row.extra_addresses.map(mailAddress) }));
      this.extraAddressHolders.set(gameId, holders);
    }
    return holders;
  }

  private outboxRow(mail: OutgoingMail): QueuedMail {
    return {
      message_id: `<${randomUUID()}@${this.messageIdDomain}>`,
      to_addresses: mail.to.map(storable),
      subject: storable(mail.subject),
      headers: Object.fromEntries(Object.entries(mail.headers ?? {}).map(([name, value]) => [name, storable(value)])),
      body: storable(mail.body),
      attachments: mail.attachments ?? [],
      game_id: mail.gameId ?? null,
      kind: mail.kind,
    };
  }
}

/**
 * Each player's dedication summed over their seat stints, one row per address (lower case), for
 * the addresses `which` picks; withoutHiddenGames leaves out gunboat and NO_REVEAL games. Cost
 * grows with the stints of those players only: `which` should pick by `lower(address) = ANY(…)`
 * (indexed), and hidden games are looked up per stint, never listed whole.
 */
function playerRecordRows(
  db: QueryCreator<Database>,
  which: (eb: ExpressionBuilder<Database, 'seat_stints'>) => Expression<SqlBool>,
  options: PlayerRecordOptions,
) {
  return db
    .selectFrom('seat_stints')
    .select((eb) => [
      sql<string>`lower(seat_stints.address)`.as('address'),
      eb.fn.sum<string>('seat_stints.points').as('points'),
      eb.fn.sum<string>('seat_stints.on_time_count').as('on_time'),
      eb.fn.sum<string>('seat_stints.judged_count').as('total'),
      eb.fn.sum<string>('seat_stints.started_count').as('started'),
      eb.fn.sum<string>('seat_stints.took_over_count').as('took_over'),
      eb.fn.sum<string>('seat_stints.resigned_count').as('resigned'),
    ])
    .where(which)
    .$if(options.withoutHiddenGames === true, (query) =>
      // A scalar sub-query, looked up per stint by primary keys: as NOT EXISTS the planner may
      // instead list every hidden game's seats first, which grows with the judge.
      query.where(
        sql<boolean>`NOT coalesce((SELECT hidden_game.rules && ${sql.val(PLAYER_HIDING_RULES)}::text[]
          FROM seats AS hidden JOIN games AS hidden_game ON hidden_game.id = hidden.game_id
          WHERE hidden.id = seat_stints.seat_id), false)`,
      ),
    )
    .groupBy(sql`lower(seat_stints.address)`);
}

/** The sums arrive as text from the driver and as numbers inside JSON. */
function toPlayerRecords(
  rows: readonly {
    address: string;
    points: string | number;
    on_time: string | number;
    total: string | number;
    started: string | number;
    took_over: string | number;
    resigned: string | number;
  }[],
): Map<MailAddress, PlayerRecord> {
  return new Map(
    rows.map((row) => [
      mailAddress(row.address),
      {
        points: Number(row.points),
        onTime: Number(row.on_time),
        total: Number(row.total),
        started: Number(row.started),
        tookOver: Number(row.took_over),
        resigned: Number(row.resigned),
      },
    ]),
  );
}

/**
 * Text a PostgreSQL text column holds: never a NUL (U+FFFD in its place; the judge's mail layer
 * already turned a mail's NULs into spaces, this is the last guard) nor a lone surrogate.
 */
/** The text as a LIKE pattern matching only itself: %, _ and the escape character mean themselves. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function storable(text: string): string {
  return text.replace(/\0/g, '\uFFFD').toWellFormed();
}

function nullableStorable(text: string | null): string | null {
  return text === null ? null : storable(text);
}

/** The reply address when it is not the From (null otherwise): the column holds only the difference. */
function replyElsewhere(mail: InboundRecord): string | null {
  return mail.replyAddress && mail.replyAddress !== mail.from ? mail.replyAddress : null;
}

/** The addresses a mail counts against in the hourly limit. */
function countedAddresses(mail: InboundRecord): string[] {
  const elsewhere = replyElsewhere(mail);
  return elsewhere === null ? [mail.from] : [mail.from, elsewhere];
}

/**
 * JSON for jsonb_to_recordset. A lone UTF-16 surrogate (text decoded from a broken mail) becomes
 * U+FFFD, as it does in a text parameter; jsonb would refuse the whole document over it.
 */
function jsonText(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' ? storable(item) : item));
}

/** An IMAP number as text for an int8[] parameter (pg cannot send a bigint inside an array). */
function nullableText(value: string | number | bigint | undefined): string | null {
  return value === undefined ? null : String(value);
}

/** The game event a scheduler job stands for; null for a job that is no game's (or whose payload is not one). */
export function gameEventOf(job: Pick<JobRow, 'kind' | 'game_id' | 'payload'>): GameEvent | null {
  const written = job.payload.phase ?? null;
  const phase = typeof written === 'string' ? readPhaseId(written) : null;
  if (job.game_id === null || (written !== null && phase === null)) return null;
  return { kind: job.kind, gameId: job.game_id, phase };
}
