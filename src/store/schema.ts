import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';
import type { PhaseId, Position, PowerId } from '../engine/types.ts';
import { GAME_STATUSES, SEAT_ROLES, SEAT_STATUSES, type GameStatus, type SeatRole, type SeatStatus } from '../judge/model.ts';
import { PRESS_KINDS, type PressKind } from '../judge/press/press-types.ts';
import type { MailAttachment } from '../judge/ports.ts';

// Row types of sql/*.sql for kysely. Keep in step with the migrations: test/store/schema.test.ts
// checks every vocabulary below against the CHECK constraints on both backends.
//
// How values come back (pg's type parsers, identical on PostgreSQL and on PGlite's pg shim):
//   integer → number; bigint → string; timestamptz → Date; text[] → string[]; jsonb → parsed JSON.
// jsonb goes in as JSON text made by `jsonb()`, because pg would turn a JS array into a
// PostgreSQL array literal rather than JSON.

// ------------------------------------------------------------------------------------------------
// Vocabularies (the CHECK constraints in sql/001_initial.sql)
// ------------------------------------------------------------------------------------------------

// The judge owns its domain's vocabularies; the store re-exports them.
export { GAME_STATUSES, PRESS_KINDS, SEAT_ROLES, SEAT_STATUSES };
export type { GameStatus, PressKind, SeatRole, SeatStatus };

export const INBOUND_OUTCOMES = ['received', 'processed', 'rejected', 'ignored', 'failed'] as const;
export type InboundOutcome = (typeof INBOUND_OUTCOMES)[number];

export const OUTBOX_STATUSES = ['pending', 'sent', 'dead'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Press recipient tokens besides power ids. */
export const PRESS_TO_MASTER = 'M';
export const PRESS_TO_OBSERVERS = 'O';

// ------------------------------------------------------------------------------------------------
// Column helpers
// ------------------------------------------------------------------------------------------------

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | readonly JsonValue[] | { readonly [key: string]: JsonValue };
export type JsonObject = { readonly [key: string]: JsonValue };

declare const jsonText: unique symbol;
/** JSON text that remembers the type it was made from, so jsonb inserts stay type-checked. */
export type JsonText<T> = string & { readonly [jsonText]: T };

/** Serialises a value for a jsonb column. */
export function jsonb<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

type Jsonb<T> = ColumnType<T, JsonText<T>, JsonText<T>>;
type JsonbDefaulted<T> = ColumnType<T, JsonText<T> | undefined, JsonText<T>>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type TextArray = ColumnType<string[], readonly string[], readonly string[]>;
type DefaultedTextArray = ColumnType<string[], readonly string[] | undefined, readonly string[]>;
type NullableTextArray = ColumnType<string[] | null, readonly string[] | null | undefined, readonly string[] | null>;
/** bigint: pg returns it as a string so no precision is lost. */
type NullableInt8 = ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

// ------------------------------------------------------------------------------------------------
// Tables
// ------------------------------------------------------------------------------------------------

export interface GamesTable {
  id: Generated<number>;
  /** Lower case `[a-z0-9_-]`, unique. */
  name: string;
  variant: string;
  status: Defaulted<GameStatus>;
  rules: DefaultedTextArray;
  press: JsonbDefaulted<JsonObject>;
  description: Defaulted<string>;
  /** `scrypt$N$r$p$salt$hash`; null = public game. */
  private_word_hash: Nullable<string>;
  listed: Defaulted<boolean>;
  timing: JsonbDefaulted<JsonObject>;
  /** IANA zone, e.g. `Europe/London`. */
  time_zone: Defaulted<string>;
  /** References phases(game_id, phase_id). */
  current_phase: Nullable<PhaseId>;
  deadline_at: NullableTimestamp;
  grace_at: NullableTimestamp;
  /** PROPOSE_DIAS: the open proposal, `DIAS` or a power id (sql/002). */
  proposal: Nullable<PowerId>;
  /** The earliest the current phase may be processed, njudge's `start` (sql/004). */
  process_start_at: NullableTimestamp;
  /** The wait after the last complete orders, njudge's `delay` (sql/004). */
  process_delay_minutes: Nullable<number>;
  /** When the current phase is due to be processed now that every order is in (sql/004). */
  process_at: NullableTimestamp;
  /** Signon gates, njudge's DEDICATION, ONTIMERAT and RESRAT; null: none (sql/006). */
  min_dedication: Nullable<number>;
  min_on_time_ratio: Nullable<number>;
  max_civil_disorder_ratio: Nullable<number>;
  /** Game options with a value (maximum absence, ALLOW/DENY lists), src/judge/master/game-options.ts (sql/012). */
  options: JsonbDefaulted<JsonObject>;
  /** Why the game ended, src/judge/reports/ending-format.ts; null while in play (sql/022). */
  ending: ColumnType<JsonValue | null, JsonText<JsonValue> | null | undefined, JsonText<JsonValue> | null>;
  /** Which kind of game, src/judge/kinds/ (sql/029). */
  kind: Defaulted<string>;
  /** A kind's whole state; null for Diplomacy (sql/029). */
  kind_state: ColumnType<JsonValue | null, JsonText<JsonValue> | null | undefined, JsonText<JsonValue> | null>;
  /** Bumped by a trigger on every UPDATE of the row. */
  version: ColumnType<number, never, number>;
  created_at: DefaultedTimestamp;
  /** Set by the same trigger. */
  updated_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface SeatsTable {
  id: Generated<number>;
  game_id: number;
  role: SeatRole;
  /** Upper-case power id; null for non-power roles and before powers are assigned. */
  power: Nullable<PowerId>;
  address: string;
  /** njudge's SET ADDRESS a,b: the addresses after the first, each sent a copy of the seat's game mail (sql/015). */
  extra_addresses: DefaultedTextArray;
  /** Display name the holder gave (observers sign on with one). */
  name: Nullable<string>;
  /** `scrypt$N$r$p$salt$hash`. */
  password_hash: Nullable<string>;
  status: Defaulted<SeatStatus>;
  preferences: ColumnType<PowerId[], readonly PowerId[] | undefined, readonly PowerId[]>;
  time_zone: Nullable<string>;
  wait: Defaulted<boolean>;
  /** false after SET MAP OFF: results without the map picture (sql/012). */
  map_pictures: Defaulted<boolean>;
  /** null = no vote; [] = draw including all survivors; else the powers named. */
  draw_vote: ColumnType<PowerId[] | null, readonly PowerId[] | null | undefined, readonly PowerId[] | null>;
  concede_vote: Nullable<PowerId>;
  /** Answer to the open proposal: true yes, false no, null not answered (sql/002). */
  proposal_vote: Nullable<boolean>;
  late_count: Defaulted<number>;
  on_time_count: Defaulted<number>;
  joined_at: DefaultedTimestamp;
  left_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
}

/** Who held a seat when; the open stint (ended_at null) is the current holder. */
export interface SeatStintsTable {
  id: Generated<number>;
  seat_id: number;
  address: string;
  started_at: DefaultedTimestamp;
  ended_at: NullableTimestamp;
  /** Set exactly when ended_at is. */
  end_reason: Nullable<string>;
  late_count: Defaulted<number>;
  on_time_count: Defaulted<number>;
  /** Dedication points earned in this stint (sql/003). */
  points: Defaulted<number>;
  /** Phases judged for punctuality; on_time_count of them were on time (sql/003). */
  judged_count: Defaulted<number>;
  /** 1 when the stint began with the game (sql/003). */
  started_count: Defaulted<number>;
  /** 1 when the stint began by taking over a vacated power (sql/003). */
  took_over_count: Defaulted<number>;
  /** Abandonments and civil disorders (sql/003). */
  resigned_count: Defaulted<number>;
}

export interface AbsencesTable {
  id: Generated<number>;
  game_id: number;
  seat_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  created_at: DefaultedTimestamp;
}

export interface PhasesTable {
  game_id: number;
  /** `S1901M`, `F1901R`, `W1901A`. */
  phase_id: PhaseId;
  /** 0, 1, 2 … in play order. */
  seq: number;
  position: Jsonb<Position>;
  game_snapshot: ColumnType<JsonValue | null, JsonText<JsonValue> | null | undefined, JsonText<JsonValue> | null>;
  deadline_at: NullableTimestamp;
  results: ColumnType<JsonValue | null, JsonText<JsonValue> | null | undefined, JsonText<JsonValue> | null>;
  results_text: Nullable<string>;
  processed_at: NullableTimestamp;
  /** When the phase's punctuality was judged: its first late notice, or its processing (sql/003). */
  punctuality_judged_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
}

export interface OrdersTable {
  game_id: number;
  phase_id: PhaseId;
  power: PowerId;
  lines: DefaultedTextArray;
  submitted: Defaulted<boolean>;
  has_errors: Defaulted<boolean>;
  /** The orders as read, versioned (sql/008_parsed_orders.sql); null for rows written before. */
  parsed: ColumnType<JsonValue | null, JsonText<JsonValue> | null | undefined, JsonText<JsonValue> | null>;
  updated_at: DefaultedTimestamp;
}

/** njudge's PHASE blocks: a power's orders for a later phase, as read (sql/026_orders_ahead.sql). */
export interface OrdersAheadTable {
  game_id: number;
  power: PowerId;
  phase_id: PhaseId;
  steps: ColumnType<JsonValue, JsonText<JsonValue>, JsonText<JsonValue>>;
  updated_at: DefaultedTimestamp;
}

export interface PressTable {
  id: Generated<string>;
  game_id: number;
  phase_id: Nullable<PhaseId>;
  sender_seat_id: Nullable<number>;
  sender_address: string;
  kind: PressKind;
  fake_sender: Nullable<PowerId>;
  broadcast: boolean;
  /** Power ids, `M` (Master), `O` (observers). */
  /** Press parties (press-types.ts PartyId), upper case like power ids. */
  recipients: ColumnType<PowerId[], readonly PowerId[], readonly PowerId[]>;
  shown_recipients: ColumnType<PowerId[] | null, readonly PowerId[] | null | undefined, readonly PowerId[] | null>;
  shown_broadcast: Nullable<boolean>;
  body: string;
  created_at: DefaultedTimestamp;
}

export interface InboundMailTable {
  id: Generated<string>;
  message_id: string;
  mailbox: Nullable<string>;
  uidvalidity: NullableInt8;
  uid: NullableInt8;
  from_address: Defaulted<string>;
  /** Where replies to it go, when not the From (Reply-To, Resent-From); counted by the hourly limit. */
  reply_address: Nullable<string>;
  subject: Defaulted<string>;
  received_at: DefaultedTimestamp;
  game_id: Nullable<number>;
  outcome: Defaulted<InboundOutcome>;
}

export interface OutboxTable {
  id: Generated<string>;
  message_id: string;
  to_addresses: TextArray;
  cc_addresses: DefaultedTextArray;
  bcc_addresses: DefaultedTextArray;
  subject: string;
  headers: JsonbDefaulted<Readonly<Record<string, string>>>;
  body: string;
  /** Files sent with the text (sql/012): a map picture. */
  attachments: JsonbDefaulted<readonly MailAttachment[]>;
  /** Whether an attachment is still to be drawn (sql/033, computed from attachments). */
  drawing: GeneratedAlways<boolean>;
  status: Defaulted<OutboxStatus>;
  attempts: Defaulted<number>;
  next_attempt_at: DefaultedTimestamp;
  claimed_by: Nullable<string>;
  claimed_at: NullableTimestamp;
  last_error: Nullable<string>;
  game_id: Nullable<number>;
  kind: Nullable<string>;
  created_at: DefaultedTimestamp;
  sent_at: NullableTimestamp;
}

export interface JobsTable {
  id: Generated<string>;
  game_id: Nullable<number>;
  /** `^[a-z][a-z0-9_-]*$`: deadline, grace, reminder, process … */
  kind: string;
  due_at: Timestamp;
  payload: JsonbDefaulted<JsonObject>;
  /** Unique among open jobs (done_at null). */
  dedupe_key: Nullable<string>;
  claimed_by: Nullable<string>;
  claimed_at: NullableTimestamp;
  done_at: NullableTimestamp;
  attempts: Defaulted<number>;
  last_error: Nullable<string>;
  created_at: DefaultedTimestamp;
}

export interface JudgeStateTable {
  key: string;
  value: Jsonb<JsonValue>;
  updated_at: DefaultedTimestamp;
}

/** The bytes of mail the judge failed on, for a retry (sql/011). */
export interface FailedMailTable {
  message_id: string;
  raw: Buffer;
  kept_at: DefaultedTimestamp;
}

/** Mail recorded by the mailbox reader, waiting to be judged by any process (sql/017). */
export interface InboundQueueTable {
  id: Generated<string>;
  message_id: string;
  mail: ColumnType<JsonValue | null, JsonText<unknown> | null, JsonText<unknown> | null>;
  unreadable: Nullable<string>;
  raw: Buffer;
  mailbox: Nullable<string>;
  uidvalidity: Nullable<string>;
  uid: Nullable<string>;
  order_keys: ColumnType<string[], string[] | undefined, string[]>;
  attempts: ColumnType<number, number | undefined, number>;
  queued_at: DefaultedTimestamp;
}

/** Notices everyone following a game got, kept once for HISTORY (sql/013). */
export interface GameNoticesTable {
  id: Generated<string>;
  game_id: number;
  phase_id: Nullable<PhaseId>;
  subject: string;
  body: string;
  created_at: DefaultedTimestamp;
}

/** Addresses the judge writes to: unsubscribe token, stop, proof and the day's count (sql/014). */
export interface MailAddressesTable {
  address: string;
  token: string;
  stopped_at: NullableTimestamp;
  proven_at: NullableTimestamp;
  /** UTC day (YYYY-MM-DD) day_count counts. */
  day: ColumnType<string | null, string | null | undefined, string | null>;
  day_count: Defaulted<number>;
  /** Game mail (results, notices, press) sent on `day`, counted apart from replies (sql/025). */
  game_day_count: Defaulted<number>;
  created_at: DefaultedTimestamp;
}

/** Wrong passwords counted for a seat or an address (sql/025, src/judge/passwords/password-guard.ts). */
interface PasswordFailuresColumns {
  failures: number;
  last_failure_at: Timestamp;
  locked_until: NullableTimestamp;
}
export interface SeatPasswordFailuresTable extends PasswordFailuresColumns {
  seat_id: number;
}
export interface AddressPasswordFailuresTable extends PasswordFailuresColumns {
  address: string;
}

/** A SET ADDRESS waiting for the new address to send its code back (sql/014). */
export interface AddressChangesTable {
  code: string;
  seat_id: number;
  address: string;
  /** The whole list the SET ADDRESS asked for, lower case, first address first (sql/015); null: `address` alone. */
  addresses: NullableTextArray;
  requested_at: Timestamp;
}

/** njudge's DIARY entries (sql/028): numbered per seat, sent to everyone when the game ends. */
export interface DiaryEntriesTable {
  seat_id: number;
  number: number;
  game_id: number;
  body: string;
  created_at: Date;
}

export interface Database {
  games: GamesTable;
  seats: SeatsTable;
  seat_stints: SeatStintsTable;
  absences: AbsencesTable;
  phases: PhasesTable;
  orders: OrdersTable;
  orders_ahead: OrdersAheadTable;
  press: PressTable;
  inbound_mail: InboundMailTable;
  inbound_queue: InboundQueueTable;
  outbox: OutboxTable;
  jobs: JobsTable;
  judge_state: JudgeStateTable;
  failed_mail: FailedMailTable;
  game_notices: GameNoticesTable;
  mail_addresses: MailAddressesTable;
  address_changes: AddressChangesTable;
  seat_password_failures: SeatPasswordFailuresTable;
  address_password_failures: AddressPasswordFailuresTable;
  diary_entries: DiaryEntriesTable;
}

export type TableName = keyof Database;

// ------------------------------------------------------------------------------------------------
// Row shapes for callers
// ------------------------------------------------------------------------------------------------

export type GameRow = Selectable<GamesTable>;
export type NewGame = Insertable<GamesTable>;
export type GameUpdate = Updateable<GamesTable>;
export type SeatRow = Selectable<SeatsTable>;
export type NewSeat = Insertable<SeatsTable>;
export type SeatUpdate = Updateable<SeatsTable>;
export type SeatStintRow = Selectable<SeatStintsTable>;
export type NewSeatStint = Insertable<SeatStintsTable>;
export type AbsenceRow = Selectable<AbsencesTable>;
export type NewAbsence = Insertable<AbsencesTable>;
export type PhaseRow = Selectable<PhasesTable>;
export type NewPhase = Insertable<PhasesTable>;
export type OrdersRow = Selectable<OrdersTable>;
export type NewOrders = Insertable<OrdersTable>;
export type PressRow = Selectable<PressTable>;
export type NewPress = Insertable<PressTable>;
export type InboundMailRow = Selectable<InboundMailTable>;
export type NewInboundMail = Insertable<InboundMailTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxMessage = Insertable<OutboxTable>;
export type JobRow = Selectable<JobsTable>;
export type NewJob = Insertable<JobsTable>;
export type JudgeStateRow = Selectable<JudgeStateTable>;
