import type { ResultFacts } from '../engine/results.ts';
import type { PhaseId, Position, PowerId } from '../engine/types.ts';
import type { Absence } from '../schedule/index.ts';
import type { ParsedOrderSet } from './diplomacy/order-format.ts';
import type { OrdersAheadRecord } from './diplomacy/orders-ahead-format.ts';
import type {
  Game,
  GameEnding,
  GameKindId,
  KindState,
  GameName,
  GameOptionValues,
  MailAddress,
  GameRule,
  GameStatus,
  Seat,
  SeatRole,
  SeatStatus,
  SignonGates,
} from './model.ts';

// What the judge needs from storage. The store layer implements it (src/store/judge-store.ts);
// every call made inside `transaction` belongs to one database transaction.

export interface SeatRecord extends Seat {
  readonly passwordHash: string | null;
  /** Observer name, or null. */
  readonly name: string | null;
  /** The holder's own display zone (SET ZONE), or null for the game's. */
  readonly timeZone: string | null;
  /** Whether results come with the map picture (SET MAP ON, the default) or as text alone. */
  readonly mapPictures: boolean;
  /** njudge's SET PREFERENCE: the powers wanted when a forming game assigns them, best first (absent or empty: any). */
  readonly preferences?: readonly PowerId[];
  /** njudge's SET ADDRESS a,b: the confirmed addresses after `address`, each sent a copy of the seat's game mail. */
  readonly extraAddresses?: readonly MailAddress[];
}

/** A file sent after a mail's text, e.g. the map picture: the text stays the mail's first part. */
export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  /** The file's bytes in base64; empty while `draw` is set. */
  readonly content: string;
  /** Shown in the mail (an image) rather than offered as a file to save. */
  readonly inline: boolean;
  /**
   * A PNG picture not drawn yet: the outbox sender draws it just before sending (attachmentBytes in
   * map-pictures.ts). Drawing costs 30–100 ms of CPU; the turn's transaction must not spend it, or a
   * deadline storm of thousands of games takes hours (issue 16). It is queued as what the picture
   * shows (some 5 KB), not as its SVG (55 KB, whose making and storing cost a storm about 2 ms of CPU
   * a game: issue 35); mail queued before keeps its SVG and is drawn from it.
   */
  readonly draw?: { readonly picture: QueuedPicture } | { readonly svg: string; readonly width: number };
}

/** What a queued map picture shows, already as its reader may see it (a blind game's position is the reader's). */
export interface QueuedPicture {
  readonly gameName: string;
  /** The variant's name in the catalog. */
  readonly variant: string;
  readonly position: Position;
  readonly results: readonly ResultFacts[];
  readonly date: string | null;
}

export interface OutgoingMail {
  readonly to: readonly MailAddress[];
  readonly subject: string;
  readonly body: string;
  readonly attachments?: readonly MailAttachment[];
  readonly headers?: Readonly<Record<string, string>>;
  readonly gameId?: number | null;
  /** reply, press, results, notice … */
  readonly kind: string;
}

export interface StoredOrders {
  readonly power: PowerId;
  /** What the player wrote, kept for the echo and the history. */
  readonly lines: readonly string[];
  /** The lines as the judge read them when they were submitted; absent or null: read them again. */
  readonly parsed?: ParsedOrderSet | null;
  readonly submitted: boolean;
  readonly hasErrors: boolean;
}

export interface NewGameRecord {
  readonly name: GameName;
  readonly variant: string;
  readonly status: GameStatus;
  readonly rules: readonly GameRule[];
  readonly description: string;
  readonly listed: boolean;
  readonly privateWordHash: string | null;
  /** CREATE's TIMING line as written, kept for the deadline engine. */
  readonly timing: string | null;
  /** IANA time zone of the game's deadlines. */
  readonly timeZone: string;
  /** Absent: Diplomacy. */
  readonly kind?: GameKindId;
  readonly kindState?: KindState | null;
}

export interface NewSeatRecord {
  readonly gameId: number;
  readonly role: SeatRole;
  readonly power: PowerId | null;
  readonly address: MailAddress;
  readonly passwordHash: string | null;
  readonly name?: string | null;
}

/** A game in play with seats a newcomer may TAKEOVER. */
export interface TakeoverOpening {
  readonly game: Game;
  /** Diplomacy's open powers. */
  readonly powers: readonly PowerId[];
  /** Open player seats that hold no power (a Mafia or Werewolf player's), by id: the game's kind names them. */
  readonly seats: readonly number[];
}

export interface GamePatch {
  readonly name?: GameName;
  readonly status?: GameStatus;
  readonly rules?: readonly GameRule[];
  readonly listed?: boolean;
  readonly timeZone?: string;
  readonly currentPhase?: PhaseId | null;
  readonly proposal?: PowerId | null;
  readonly deadline?: Date | null;
  readonly grace?: Date | null;
  readonly processStart?: Date | null;
  readonly processDelayMinutes?: number | null;
  readonly processAt?: Date | null;
  /** Only the gates named change. */
  readonly signonGates?: Partial<SignonGates>;
  readonly description?: string;
  /** The TIMING text the deadline engine reads; null: njudge's defaults. */
  readonly timing?: string | null;
  /** Replaces every valued option. */
  readonly options?: GameOptionValues;
  /** The scrypt hash of a new privacy word; null: the game is public. */
  readonly privateWordHash?: string | null;
  /** Set when the game ends, cleared (null) by UNEND. */
  readonly ending?: GameEnding | null;
  /** Replaces the kind's whole state. */
  readonly kindState?: KindState | null;
}

/** A timed event of a game: its deadline, a reminder, the end of grace. */
export interface GameJob {
  readonly kind: 'deadline' | 'reminder' | 'grace' | 'process' | 'replacements' | 'forming' | 'paused';
  readonly gameId: number;
  readonly dueAt: Date;
  /** An open job with the same key is replaced: rescheduling is one call. */
  readonly dedupeKey: string;
  /** The phase the job was scheduled in (null before the game starts): a later phase ignores it. */
  readonly payload: { readonly phase: PhaseId | null };
}

export interface SeatPatch {
  readonly power?: PowerId | null;
  readonly address?: MailAddress;
  readonly passwordHash?: string;
  readonly status?: SeatStatus;
  readonly wait?: boolean;
  readonly drawVote?: readonly PowerId[] | null;
  readonly concedeVote?: PowerId | null;
  readonly proposalVote?: boolean | null;
  readonly timeZone?: string | null;
  readonly mapPictures?: boolean;
  readonly preferences?: readonly PowerId[];
  readonly extraAddresses?: readonly MailAddress[];
}

export interface PhaseRecord {
  readonly phaseId: PhaseId;
  readonly seq: number;
  readonly position: Position;
  readonly deadline?: Date | null;
}

/** A game as LIST shows it: its seats, its current phase and that phase's orders. */
export interface GameOverview {
  readonly game: Game;
  readonly seats: readonly SeatRecord[];
  readonly phase: PhaseRecord | null;
  readonly orders: readonly StoredOrders[];
  /** The records of the seats' holders, by lower-case address, as others may see them (withoutHiddenGames). */
  readonly publicRecords: ReadonlyMap<MailAddress, PlayerRecord>;
}

/** What a FULL rollback restores: the rules and who held which seat when the phase began. */
export interface GameSnapshot {
  readonly rules: readonly GameRule[];
  readonly seats: readonly { readonly id: number; readonly address: MailAddress; readonly status: SeatStatus; readonly passwordHash: string | null }[];
}

/** A stored phase with what became of it; results are null until it is processed. */
export interface PhaseHistory extends PhaseRecord {
  readonly resultsText: string | null;
  /** When the phase was processed (its results written), which may be before its deadline. */
  readonly processedAt: Date | null;
  /** The order results as stored; readStoredOrderResults (diplomacy/stored-results.ts) reads them typed. */
  readonly results: unknown;
  /** The orders the phase was processed with, kept for ROLLFORWARD. */
  readonly processedOrders: readonly StoredOrders[] | null;
  readonly snapshot: GameSnapshot | null;
}

export interface AbsenceRecord extends Absence {
  readonly seatId: number;
}

export interface PressRecord {
  readonly gameId: number;
  readonly phaseId: PhaseId | null;
  readonly senderSeatId: number;
  readonly senderAddress: MailAddress;
  readonly kind: 'white' | 'grey' | 'fake';
  readonly broadcast: boolean;
  readonly recipients: readonly PowerId[];
  readonly shownRecipients: readonly PowerId[] | null;
  readonly shownBroadcast: boolean | null;
  readonly fakeSender: PowerId | null;
  readonly body: string;
}

/** A notice every follower of a game got, kept once (as written in the game's zone) for HISTORY. */
export interface NoticeRecord {
  readonly gameId: number;
  /** The game's phase when it was sent; null before the start. */
  readonly phaseId: PhaseId | null;
  /** What the subject says after the game and phase, e.g. "Deadline Adjustment". */
  readonly subject: string;
  readonly body: string;
}

/** What HISTORY shows of a game, each entry with when it was written (the store's clock). */
export type HistoryRecord =
  | { readonly kind: 'results'; readonly at: Date; readonly phaseId: PhaseId; readonly text: string }
  | { readonly kind: 'notice'; readonly at: Date; readonly phaseId: PhaseId | null; readonly subject: string; readonly body: string }
  | {
      readonly kind: 'broadcast';
      readonly at: Date;
      readonly phaseId: PhaseId | null;
      /** The sender as a press party: a power id, `M` for the Master, `O` for an observer; null: unknown. */
      readonly sender: PowerId | null;
      readonly press: Pick<PressRecord, 'kind' | 'broadcast' | 'recipients' | 'shownRecipients' | 'shownBroadcast' | 'fakeSender' | 'body'>;
    };

/** Where an inbound mail was read: its IMAP mailbox and UID (ImapMessageMeta fits). */
/** A game's timed event (a scheduler job), as the store hands it to the judge (game-events.ts). */
export interface GameEvent {
  readonly kind: string;
  readonly gameId: number;
  /** The phase the event was scheduled in; null before the game has started. */
  readonly phase: PhaseId | null;
}

export interface InboundOrigin {
  readonly mailbox: string;
  readonly uidvalidity: string | number | bigint;
  readonly uid: string | number | bigint;
}

/**
 * Additions to the dedication record of a seat's current holder (njudge's points and plyrdata
 * counters); each field is added, none may be negative except points.
 */
export interface DedicationChange {
  readonly seatId: number;
  readonly points?: number;
  /** Judged on time: also counted as judged, and on the seat. */
  readonly onTime?: number;
  /** Judged late (the late count itself is markLate's). */
  readonly late?: number;
  readonly started?: number;
  readonly tookOver?: number;
  readonly resigned?: number;
}

/** A player's record over every seat held under one address. */
export interface PlayerRecord {
  readonly points: number;
  readonly onTime: number;
  /** Phases judged, on time or late. */
  readonly total: number;
  readonly started: number;
  readonly tookOver: number;
  readonly resigned: number;
}

export interface PlayerRecordOptions {
  /** Leave out seats in games whose players are hidden (visibility/hidden-players.ts): the record as others may see it. */
  readonly withoutHiddenGames?: boolean;
}

export interface InboundRecord {
  readonly messageId: string;
  readonly from: string;
  /** Where a reply goes, lower case (null: nowhere); counted by the hourly limit as well as the From. */
  readonly replyAddress?: string | null;
  readonly subject: string;
  readonly origin?: InboundOrigin | null;
}

export interface InboundRecorded {
  /** False when the Message-ID was seen before (a replay, or an earlier mail of the same call). */
  readonly recorded: boolean;
  /**
   * Mails of the last hour from this mail's From address or with replies going to its reply
   * address (whichever has more), this one and those before it included: what the hourly limit
   * counts, so varying the From cannot make the judge write to one address without end.
   * Meaningful only for a recorded mail.
   */
  readonly fromSenderThisHour: number;
}

/** What wrong passwords are counted against: one seat (a power, the Master, an observer), or one address writing to the judge. */
export type GuardedTarget = { readonly kind: 'seat'; readonly seatId: number } | { readonly kind: 'address'; readonly address: MailAddress };

/** Wrong passwords counted for one target (src/judge/passwords/password-guard.ts). */
export interface PasswordFailures {
  readonly target: GuardedTarget;
  readonly failures: number;
  readonly lastFailureAt: Date;
  /** Until when passwords for it are refused unchecked; null: not locked. */
  readonly lockedUntil: Date | null;
}

/** The wrong passwords counted per seat and per address (sql/025). */
export interface PasswordFailuresPort {
  /** Stores each target's count as given; a count stored meanwhile that is higher, or a later lock, stays. */
  recordPasswordFailures(failures: readonly PasswordFailures[]): Promise<void>;
}

export type InboundOutcome = 'processed' | 'rejected' | 'ignored' | 'failed';

/** A seat an address holds in a game not over, with the game's Master (src/judge/mail/mail-addresses.ts). */
export interface AddressSeat {
  readonly gameId: number;
  readonly gameName: GameName;
  readonly role: SeatRole;
  readonly power: PowerId | null;
  readonly masterAddress: MailAddress | null;
}

/** A SET ADDRESS waiting for the new address to send its code back. */
export interface PendingAddressChange {
  readonly code: string;
  readonly seatId: number;
  /** The new address. */
  readonly address: MailAddress;
  /** Every address the SET ADDRESS named, first address first: what the seat's addresses become. */
  readonly addresses: readonly MailAddress[];
}

/** The addresses the judge writes to: stop list, proof, unsubscribe tokens, pending SET ADDRESS (sql/014). */
export interface MailAddressPort {
  /** Marks the address as having proved itself (a valid password, a code sent back, DMARC/SPF) and lifts a stop; true when it had been stopped. */
  markAddressProven(address: MailAddress, at: Date): Promise<boolean>;
  /** Stops all mail to the address holding the unsubscribe token; null for a token the judge never gave. */
  stopAddress(token: string, at: Date): Promise<{ readonly address: MailAddress; readonly already: boolean } | null>;
  /** Which of these addresses asked to stop all mail (STOP token). */
  stoppedAddresses(addresses: readonly MailAddress[]): Promise<MailAddress[]>;
  /** The seats the address holds in games not over. */
  seatsAtAddress(address: MailAddress): Promise<AddressSeat[]>;
  /** Records a SET ADDRESS's new addresses, each waiting for its code (replacing what the seat had waiting; none: just that). */
  requestAddressChanges(seatId: number, changes: readonly PendingAddressChange[], at: Date): Promise<void>;
  /** The waiting change with this code to this address, used up; null when there is none or it was asked for before `notBefore`. */
  takeAddressChange(code: string, address: MailAddress, notBefore: Date): Promise<(PendingAddressChange & { readonly gameId: number }) | null>;
}

// The storage the judge sees, one port per aggregate (issue 11): a use case can ask for the part it
// needs. JudgeTransaction is all of them inside one database transaction; src/store/judge-store.ts
// implements it on PostgreSQL/PGlite, test/support/in-memory-judge-store.ts in memory.

/** Inbound mails recorded by Message-ID, each with what became of it. */
export interface InboundPort {
  /**
   * Records inbound mails by Message-ID, in order, with one result each (in one round trip for
   * all). The origin is kept when no other mail holds the same mailbox, UIDVALIDITY and UID (see
   * the store for why).
   */
  recordInbound(mails: readonly InboundRecord[]): Promise<InboundRecorded[]>;
  /** What became of a recorded mail; may be written only at commit (nothing reads it back before). */
  markInbound(messageId: string, outcome: InboundOutcome, gameId: number | null): Promise<void>;
}

/** The outbox: every reply and notice a use case writes. */
export interface OutboxPort {
  /** Queues outgoing mail; may be written only at commit (nothing reads the outbox back before). */
  enqueueMail(mail: OutgoingMail): Promise<void>;
}

/** The mail: inbound mails recorded by Message-ID, and the outbox. */
export interface MailPort extends InboundPort, OutboxPort {}

/** Games and their seats: players, Masters, observers, their records, votes and absences. */
export interface GamesPort {
  findGame(name: GameName, options?: { readonly forUpdate?: boolean }): Promise<Game | null>;
  findGameById(id: number, options?: { readonly forUpdate?: boolean }): Promise<Game | null>;
  /**
   * The game by name with its seats, current phase, orders and players' records, in one round
   * trip: for reading only (it takes no lock, and what it reads is one snapshot).
   */
  gameOverview(name: GameName): Promise<GameOverview | null>;
  /**
   * LIST: the listed games taking players (forming), by name, at most `limit`, and whether there
   * are more. Reads an index of those games only, whatever the number of games in play.
   */
  openings(limit: number): Promise<{ readonly games: readonly Game[]; readonly more: boolean }>;
  /**
   * LIST: listed games in play (active or waiting) with powers open for TAKEOVER (resigned,
   * abandoned or in civil disorder), by name, at most `limit`, each with those powers.
   */
  takeoverOpenings(limit: number): Promise<{ readonly games: readonly TakeoverOpening[]; readonly more: boolean }>;
  /**
   * SEARCH: listed games with every word (lower case) in their name, status, variant or a rule,
   * by name, at most `limit`, and whether there are more.
   */
  searchGames(words: readonly string[], limit: number): Promise<{ readonly games: readonly Game[]; readonly more: boolean }>;
  /**
   * A print of what `searchGames([], limit)` lists (the first listed games by name and whether there
   * are more) and of the players joined to each forming one: it changes whenever any of that may
   * have changed, by this process or another, so a page made from them can be kept until it does.
   */
  gamesListPrint(limit: number): Promise<string>;
  createGame(game: NewGameRecord): Promise<Game>;
  updateGame(id: number, patch: GamePatch): Promise<void>;
  deleteGame(id: number): Promise<void>;
  /** The scrypt hash of the game's privacy word, or null for a public game. */
  privateWordHash(gameId: number): Promise<string | null>;

  seats(gameId: number): Promise<SeatRecord[]>;
  /** The players holding a power seat (not left) in each of the games, by game id (0 for none): one read for a list of games. */
  joinedPlayers(gameIds: readonly number[]): Promise<ReadonlyMap<number, number>>;
  addSeat(seat: NewSeatRecord): Promise<SeatRecord>;
  updateSeat(id: number, patch: SeatPatch): Promise<void>;
  /** The seat's holder leaves the game (before it starts, or an observer stops watching). */
  removeSeat(id: number): Promise<void>;
  /** Counts one more late phase for each seat and its current holder. */
  markLate(seatIds: readonly number[]): Promise<void>;
  /** Adds to the records of the seats' current holders (and the seats' on-time counts). */
  addDedication(changes: readonly DedicationChange[]): Promise<void>;
  /** The record of everyone who played under these addresses, by address (lower case). */
  playerRecords(addresses: readonly MailAddress[], options?: PlayerRecordOptions): Promise<Map<MailAddress, PlayerRecord>>;
  /** Marks the phase's punctuality as judged (dedication); false when it already was. */
  judgePunctuality(gameId: number, phaseId: PhaseId, at: Date): Promise<boolean>;
  /** Votes of the power seats: the draw each votes for (null: none), and whom it concedes to. */
  votes(
    gameId: number,
  ): Promise<{ readonly power: PowerId; readonly draw: readonly PowerId[] | null; readonly concede: PowerId | null; readonly proposal: boolean | null }[]>;
  /** Forgets every seat's answer to the game's proposal. */
  clearProposalVotes(gameId: number): Promise<void>;
  /** Ends the current holder's stint and starts one for the new address. */
  changeHolder(seatId: number, address: MailAddress, reason: string): Promise<void>;

  /** The game's absences (SET ABSENCE), expired ones included. */
  absences(gameId: number): Promise<AbsenceRecord[]>;
  /** Replaces one seat's absences. */
  replaceAbsences(gameId: number, seatId: number, absences: readonly Absence[]): Promise<void>;
  /** Addresses that held the seat, earliest first, the current holder last. */
  holders(seatId: number): Promise<{ readonly address: MailAddress; readonly endReason: string | null }[]>;
}

/** A game's phases with their positions and results, and the orders stored for them. */
export interface OrdersPort {
  /** Stores the phase with a snapshot of the game's rules and seat holders (for ROLLBACK FULL). */
  savePhase(gameId: number, phase: PhaseRecord): Promise<void>;
  phase(gameId: number, phaseId: PhaseId): Promise<PhaseRecord | null>;
  /**
   * The phases the game has reached, in order; results only of phases before the current one.
   * Phases left by ROLLBACK (later than the current one) are not included: see `storedPhases`.
   */
  phases(gameId: number): Promise<(PhaseRecord & { readonly resultsText: string | null; readonly processedAt: Date | null })[]>;
  /** Every stored phase, rolled-back ones included, with results, processed orders and snapshot. */
  storedPhases(gameId: number): Promise<PhaseHistory[]>;
  /** Forgets the phases after `seq` (rolled back, now replaced by processing anew). */
  discardPhasesAfter(gameId: number, seq: number): Promise<void>;
  recordResults(gameId: number, phaseId: PhaseId, results: unknown, text: string, orders: readonly StoredOrders[]): Promise<void>;
  setPhaseDeadline(gameId: number, phaseId: PhaseId, deadline: Date | null): Promise<void>;

  orders(gameId: number, phaseId: PhaseId): Promise<StoredOrders[]>;
  saveOrders(gameId: number, phaseId: PhaseId, orders: StoredOrders): Promise<void>;
  /** Replaces every power's orders for the phase (an empty list clears them). */
  replaceOrders(gameId: number, phaseId: PhaseId, orders: readonly StoredOrders[]): Promise<void>;

  /** Every power's orders ahead (PHASE blocks) on file for later phases, by phase and power. */
  ordersAhead(gameId: number): Promise<OrdersAheadRecord[]>;
  /** Stores a power's block for a phase, replacing what it sent for that phase before. */
  saveOrdersAhead(gameId: number, record: OrdersAheadRecord): Promise<void>;
  /** Forgets these powers' blocks for these phases (withdrawn, loaded when the phase began, or passed). */
  discardOrdersAhead(gameId: number, which: readonly { readonly power: PowerId; readonly phaseId: PhaseId }[]): Promise<void>;
}

/** Press archived for the game's history. */
export interface PressPort {
  archivePress(press: PressRecord): Promise<void>;
  archiveNotice(notice: NoticeRecord): Promise<void>;
  /**
   * HISTORY's material, oldest first: the results of the phases before the current one, the
   * game's notices, and the press that went to everyone (true broadcasts only).
   */
  gameHistory(gameId: number): Promise<HistoryRecord[]>;
  /** How many press messages this address sent, in any game, since `since` (the hourly press cap). */
  pressSentSince(address: MailAddress, since: Date): Promise<number>;
  /** njudge's DIARY RECORD: stores the entry under the seat's next number (one past its highest) and returns that number. */
  addDiaryEntry(entry: NewDiaryEntry): Promise<number>;
  /** The game's diary entries, by seat and number. */
  diaryEntries(gameId: number): Promise<DiaryEntry[]>;
  /** njudge's DIARY DELETE: removes the seat's entries of these numbers; the numbers it removed. */
  deleteDiaryEntries(seatId: number, numbers: readonly number[]): Promise<number[]>;
}

export interface NewDiaryEntry {
  readonly gameId: number;
  readonly seatId: number;
  readonly body: string;
  readonly createdAt: Date;
}

export interface DiaryEntry extends NewDiaryEntry {
  readonly number: number;
}

/** Scheduled game events (deadlines, reminders, delayed processing). */
export interface JobsPort {
  scheduleJob(job: GameJob): Promise<void>;
  /** Several jobs at once (one round trip); their dedupe keys differ. */
  scheduleJobs(jobs: readonly GameJob[]): Promise<void>;
  /** Drops the game's open jobs (its deadline is being replaced, or it has ended). */
  cancelJobs(gameId: number): Promise<void>;
  /** Drops the open job with this dedupe key, if any (a pending early processing withdrawn). */
  cancelJob(dedupeKey: string): Promise<void>;
}

/** A SAVEPOINT taken: released when its work stands, rolled back to when it fails. */
export interface Savepoint {
  release(): Promise<void>;
  rollback(): Promise<void>;
}

export interface SavepointPort {
  /** Runs `work` so that a thrown error undoes only what it did (a SAVEPOINT). */
  nested<T>(work: () => Promise<T>): Promise<T>;
  /** Takes a SAVEPOINT now (the unit of work opens one only once it writes inside a block). */
  savepoint(): Promise<Savepoint>;
}

/**
 * A game with what a mail's commands read of it, in one round trip: the unit of work's identity
 * map (src/judge/unit-of-work.ts) serves the reads of the mail from it.
 */
export interface GameAggregate {
  readonly game: Game;
  readonly seats: readonly SeatRecord[];
  /** The current phase; null before the start. */
  readonly phase: PhaseRecord | null;
  /** Whether the current phase's punctuality was judged (judgePunctuality). */
  readonly punctualityJudged: boolean;
  /** The orders stored for the current phase, by power. */
  readonly orders: readonly StoredOrders[];
  readonly absences: readonly AbsenceRecord[];
  /** The powers' orders ahead on file (PHASE blocks), by phase and power. */
  readonly ordersAhead: readonly OrdersAheadRecord[];
  /** Wrong passwords counted for the game's seats and, opened with mails, for the addresses they came from. */
  readonly passwordFailures: readonly PasswordFailures[];
}

/**
 * The writes a unit of work holds until it saves: the port's own methods with their arguments,
 * applied by the store in the order given (their results, where they have one, are not needed).
 */
export type BufferedWrite =
  | 'updateGame'
  | 'updateSeat'
  | 'removeSeat'
  | 'markLate'
  | 'addDedication'
  | 'judgePunctuality'
  | 'clearProposalVotes'
  | 'changeHolder'
  | 'replaceAbsences'
  | 'savePhase'
  | 'discardPhasesAfter'
  | 'recordResults'
  | 'setPhaseDeadline'
  | 'saveOrders'
  | 'replaceOrders'
  | 'saveOrdersAhead'
  | 'discardOrdersAhead'
  | 'archivePress'
  | 'archiveNotice'
  | 'scheduleJob'
  | 'scheduleJobs'
  | 'cancelJobs'
  | 'cancelJob'
  | 'enqueueMail'
  | 'markInbound'
  | 'markAddressProven'
  | 'requestAddressChanges'
  | 'recordPasswordFailures';

export type StorageChange = { [K in BufferedWrite]: { readonly kind: K; readonly args: Parameters<JudgeTransaction[K]> } }[BufferedWrite];

/** The unit of work's two crossings to storage per mail: open (record and load) and apply (save). */
export interface UnitOfWorkPort {
  /**
   * Records the inbound mails (as recordInbound) and, when any was new, loads the named games
   * locked (FOR UPDATE, in name order, so two mails lock in one order), with the wrong passwords
   * counted for their seats and for the mails' reply addresses: one call.
   */
  open(mails: readonly InboundRecord[], games: readonly GameName[]): Promise<{ readonly recorded: InboundRecorded[]; readonly games: GameAggregate[] }>;
  /** The games with these ids, each whole, in one round trip. */
  loadGames(ids: readonly number[], options: { readonly forUpdate: boolean }): Promise<GameAggregate[]>;
  /** Applies the held writes in order. */
  apply(changes: readonly StorageChange[]): Promise<void>;
}

/**
 * What the use cases write through (the unit of work, src/judge/unit-of-work.ts): every port above,
 * each held write as a method. A store does not implement these one by one: see StoreTransaction.
 */
export interface JudgeTransaction
  extends MailPort,
    GamesPort,
    OrdersPort,
    PressPort,
    JobsPort,
    MailAddressPort,
    PasswordFailuresPort,
    SavepointPort,
    UnitOfWorkPort {}

/**
 * The writes a store takes only as data, through `apply`: the unit of work holds them, applies them
 * to the games it holds (state/game-state.ts) and hands them over when it saves. The two it also
 * passes straight on (whether punctuality was judged first, whether a stop was lifted) answer a
 * question, so a store still answers them.
 */
export type HeldWrite = Exclude<BufferedWrite, 'judgePunctuality' | 'markAddressProven'>;

/**
 * What a store implements (src/store/judge-store.ts; the in-memory store of the tests): a game
 * loaded whole (open, loadGames), the held writes saved as data (apply), the writes whose answer
 * the judge needs (a new game's or seat's id, a code taken, a diary number), and the read-only
 * query bundles (LIST, SEARCH, records, HISTORY, the web). Use cases never hold one: they get a
 * unit of work over it.
 */
export type StoreTransaction = Omit<JudgeTransaction, HeldWrite>;

/** nested() as any port does it: `work` under a SAVEPOINT, rolled back to it when `work` throws. */
export async function nestedInSavepoint<T>(port: Pick<SavepointPort, 'savepoint'>, work: () => Promise<T>): Promise<T> {
  const savepoint = await port.savepoint();
  try {
    const result = await work();
    await savepoint.release();
    return result;
  } catch (error) {
    await savepoint.rollback();
    throw error;
  }
}

/** apply() as any port does it: each change by the port's own method, in order. */
export async function applyInOrder(port: Pick<JudgeTransaction, BufferedWrite>, changes: readonly StorageChange[]): Promise<void> {
  for (const change of changes) await (port[change.kind] as (...args: readonly unknown[]) => Promise<unknown>).apply(port, change.args);
}

// What the use cases take (each the ports it uses, so a reader sees what a use case can touch and
// a unit test can hand it just that): the mail handling alone records inbound mail and opens
// savepoints; only the address commands reach the address book.

/** A notice to a game's followers: mailed, and kept for HISTORY. */
export type NoticePorts = OutboxPort & Pick<PressPort, 'archiveNotice'>;
/** A game's deadline and timed events: the game's times, the absences and seats that move it, the phase's deadline, the jobs. */
export type SchedulePorts = Pick<GamesPort, 'findGameById' | 'updateGame' | 'absences' | 'seats'> & Pick<OrdersPort, 'phase' | 'setPhaseDeadline'> & JobsPort;
/** A phase as stored and the orders on file for it: what adjudicating or showing the orders reads. */
export type PhaseOrdersPorts = Pick<OrdersPort, 'phase' | 'orders'>;
/** A power's orders ahead (PHASE blocks): read, stored, withdrawn. */
export type OrdersAheadPorts = Pick<OrdersPort, 'ordersAhead' | 'saveOrdersAhead' | 'discardOrdersAhead'>;
/** The players' records: punctuality judged per phase, late phases counted, dedication added. */
export type DedicationPorts = Pick<GamesPort, 'judgePunctuality' | 'markLate' | 'addDedication'>;
/** What the commands about one game may touch: the game, its phases and orders, press, jobs and the outbox. */
export type GamePorts = GamesPort & OrdersPort & PressPort & JobsPort & OutboxPort;
/** A session's commands: those about the game, and SET ADDRESS, which mails its codes to addresses not stopped. */
export type SessionPorts = GamePorts & Pick<MailAddressPort, 'stoppedAddresses' | 'requestAddressChanges'>;
/** What the information commands read (LIST, HISTORY, SUMMARY, SEARCH …), and the outbox for what they send. */
export type InfoPorts = Pick<
  GamesPort,
  'findGame' | 'gameOverview' | 'openings' | 'takeoverOpenings' | 'searchGames' | 'privateWordHash' | 'seats' | 'playerRecords'
> &
  Pick<OrdersPort, 'storedPhases'> &
  Pick<PressPort, 'gameHistory'> &
  OutboxPort;
/** What the public web pages read: games, their seats and phases; nothing is written. */
export type PublicViewPorts = Pick<GamesPort, 'findGame' | 'gameOverview' | 'searchGames' | 'gamesListPrint' | 'privateWordHash' | 'seats' | 'joinedPlayers'> &
  Pick<OrdersPort, 'phases' | 'storedPhases'>;
/** A store whose transactions only read what the public pages show (a JudgeStore is one). */
export interface PublicViewStore {
  transaction<T>(work: (tx: PublicViewPorts) => Promise<T>): Promise<T>;
}
/** The address commands (STOP, SET ADDRESS codes): the address book, the seats at an address, the outbox. */
export type AddressPorts = MailAddressPort & Pick<GamesPort, 'findGameById' | 'seats' | 'updateSeat'> & OutboxPort;

export interface JudgeStore {
  transaction<T>(work: (tx: StoreTransaction) => Promise<T>): Promise<T>;
  /**
   * Whether an error thrown by `transaction` may pass if the same work is tried again (the
   * connection was lost, a serialization failure or deadlock): then the caller retries the
   * mail. Any other error is a fault in the judge that would recur.
   */
  isTransient(error: unknown): boolean;
}
