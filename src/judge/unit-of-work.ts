import type { PhaseId, PowerId } from '../engine/types.ts';
import type { OrdersAheadRecord } from './diplomacy/orders-ahead-format.ts';
import type { Game, GameName, MailAddress } from './model.ts';
import type {
  AbsenceRecord,
  AddressSeat,
  BufferedWrite,
  DedicationChange,
  DiaryEntry,
  GameAggregate,
  GameJob,
  GameOverview,
  GamePatch,
  HistoryRecord,
  InboundOutcome,
  InboundRecord,
  InboundRecorded,
  JudgeTransaction,
  NewDiaryEntry,
  NewGameRecord,
  NewSeatRecord,
  NoticeRecord,
  OutgoingMail,
  PasswordFailures,
  PendingAddressChange,
  PhaseHistory,
  PhaseRecord,
  PlayerRecord,
  PlayerRecordOptions,
  PressRecord,
  Savepoint,
  SeatPatch,
  SeatRecord,
  StorageChange,
  StoreTransaction,
  StoredOrders,
  TakeoverOpening,
} from './ports.ts';
import type { Absence } from '../schedule/index.ts';
import { applyGameChange, gameRowState, gameStateOf, isGameChange, type GameState } from './state/game-state.ts';

// One mail's work against storage (issue 11: the walk of one order crosses each layer once).
// The mail opens it (one call: the inbound mail recorded, the games it names loaded and locked),
// the use cases decide on the games held here, and save() writes everything they did in one more
// call. Reads of a game held here never reach the store; writes change the held game (so later
// reads see them) and wait in order. Whatever it does not hold (LIST, player records, a new
// seat's id …) first writes what waits, so the store answers with the mail's own writes in it.
// A block of a mail (nested) that fails restores what was held and what waited at its start; a
// SAVEPOINT is taken only once the block writes to the store, since until then all it did is here.
//
// A group of mails shares one unit (Judge.receiveAll), and the public answers many of its mails
// ask for again (LIST's forming games and takeover openings, LIST game's overview and whether the
// game is private) are read from the store once and kept here: the answers are the same for
// every reader (each reply applies the reader's view to them), and they are forgotten when the
// unit writes anything that may change them (every write but those in KEEPS_ANSWERS) and when a
// block is undone. Other transactions' commits during the group are seen by the next group, as
// if this group's mails had come a few milliseconds earlier.

/** A game as held: its state as loaded or read, with the mail's writes applied (state/game-state.ts). */
interface HeldGame {
  readonly state: GameState;
  /** Whether the game's row is locked (FOR UPDATE) in this transaction. */
  readonly locked: boolean;
}

/**
 * Writes that change none of the kept answers (see the top): the mail the judge sends and its
 * record of the mail read, jobs, press and notices archived, wrong passwords counted, addresses
 * proven or asking for a change.
 */
const KEEPS_ANSWERS: ReadonlySet<BufferedWrite> = new Set<BufferedWrite>([
  'enqueueMail',
  'markInbound',
  'archivePress',
  'archiveNotice',
  'scheduleJob',
  'scheduleJobs',
  'cancelJobs',
  'cancelJob',
  'recordPasswordFailures',
  'markAddressProven',
  'requestAddressChanges',
]);

/** Answers kept per unit at most; past it they are all forgotten (a group of mails asks for a few). */
const MAX_KEPT_ANSWERS = 200;

/** What a block restores when it fails, and its SAVEPOINT once it has one. */
interface Block {
  readonly games: Map<number, HeldGame>;
  readonly names: Map<GameName, number | null>;
  readonly pending: StorageChange[];
  savepoint: Savepoint | null;
}

export class UnitOfWork implements JudgeTransaction {
  private games = new Map<number, HeldGame>();
  /** Game ids by name; null: no game has the name. */
  private names = new Map<GameName, number | null>();
  private pending: StorageChange[] = [];
  private readonly blocks: Block[] = [];
  /** Public answers read from the store, by what was asked (see the top); forgotten by writes that may change them. */
  private readonly answers = new Map<string, unknown>();
  /** Counts the times `answers` was forgotten, so an answer read across a write is not kept. */
  private answersForgotten = 0;

  constructor(private readonly store: StoreTransaction) {}

  /** Records the mails and loads, locked, the games they name: the first of the mail's two calls. */
  async open(mails: readonly InboundRecord[], games: readonly GameName[]): Promise<{ recorded: InboundRecorded[]; games: GameAggregate[] }> {
    await this.beforeWrite();
    const opened = await this.store.open(mails, [...new Set(games)].sort());
    if (opened.recorded.some((mail) => mail.recorded)) {
      for (const name of games) this.names.set(name, null);
      for (const aggregate of opened.games) this.holdAggregate(aggregate, true);
    }
    return opened;
  }

  /** Writes everything waiting: the mail's second call. */
  async save(): Promise<void> {
    await this.flush();
  }

  /** Holds the writes as if each were made by its own method: the held games see them at once. */
  async apply(changes: readonly StorageChange[]): Promise<void> {
    for (const change of changes) this.holdChange(change);
  }

  async loadGames(ids: readonly number[], options: { readonly forUpdate: boolean }): Promise<GameAggregate[]> {
    await this.flush();
    const loaded = await this.store.loadGames(ids, options);
    for (const aggregate of loaded) this.holdAggregate(aggregate, options.forUpdate);
    return loaded;
  }

  async nested<T>(work: () => Promise<T>): Promise<T> {
    const block: Block = { games: new Map(this.games), names: new Map(this.names), pending: [...this.pending], savepoint: null };
    this.blocks.push(block);
    try {
      const result = await work();
      this.blocks.pop();
      await block.savepoint?.release();
      return result;
    } catch (error) {
      this.blocks.pop();
      // What was read inside the block may hold its writes, now undone.
      this.forgetAnswers();
      await block.savepoint?.rollback();
      this.games = block.games;
      this.names = block.names;
      this.pending = block.pending;
      throw error;
    }
  }

  savepoint(): Promise<Savepoint> {
    return this.passWrite(() => this.store.savepoint(), { keepsAnswers: true });
  }

  // Reads served from the held games.

  async findGame(name: GameName, options: { readonly forUpdate?: boolean } = {}): Promise<Game | null> {
    const id = this.names.get(name);
    if (id === null) return null;
    if (id !== undefined && this.games.has(id)) return this.heldGame(id, options.forUpdate ?? false);
    const game = await this.passRead(() => this.store.findGame(name, options));
    if (game) this.holdGame(game, options.forUpdate ?? false);
    return game;
  }

  async findGameById(id: number, options: { readonly forUpdate?: boolean } = {}): Promise<Game | null> {
    if (this.games.has(id)) return this.heldGame(id, options.forUpdate ?? false);
    const [loaded] = await this.loadGames([id], { forUpdate: options.forUpdate ?? false });
    return loaded?.game ?? null;
  }

  async seats(gameId: number): Promise<SeatRecord[]> {
    const held = this.games.get(gameId)?.state.seats;
    if (held) return [...held];
    const seats = await this.passRead(() => this.store.seats(gameId));
    this.change(gameId, (state) => ({ ...state, seats }));
    return [...seats];
  }

  async phase(gameId: number, phaseId: PhaseId): Promise<PhaseRecord | null> {
    const held = this.games.get(gameId)?.state.phases;
    if (held?.has(phaseId)) return held.get(phaseId)!;
    const phase = await this.passRead(() => this.store.phase(gameId, phaseId));
    this.change(gameId, (state) => ({ ...state, phases: new Map(state.phases).set(phaseId, phase) }));
    return phase;
  }

  async orders(gameId: number, phaseId: PhaseId): Promise<StoredOrders[]> {
    const held = this.games.get(gameId)?.state.orders.get(phaseId);
    if (held) return [...held];
    const orders = await this.passRead(() => this.store.orders(gameId, phaseId));
    this.change(gameId, (state) => ({ ...state, orders: new Map(state.orders).set(phaseId, orders) }));
    return [...orders];
  }

  async absences(gameId: number): Promise<AbsenceRecord[]> {
    const held = this.games.get(gameId)?.state.absences;
    if (held) return [...held];
    const absences = await this.passRead(() => this.store.absences(gameId));
    this.change(gameId, (state) => ({ ...state, absences }));
    return [...absences];
  }

  async ordersAhead(gameId: number): Promise<OrdersAheadRecord[]> {
    const held = this.games.get(gameId)?.state.ordersAhead;
    if (held) return [...held];
    const ordersAhead = await this.passRead(() => this.store.ordersAhead(gameId));
    this.change(gameId, (state) => ({ ...state, ordersAhead }));
    return [...ordersAhead];
  }

  // Writes held until save, applied to the held games as the store will apply them (state/game-state.ts).

  async updateGame(id: number, patch: GamePatch): Promise<void> {
    this.hold('updateGame', [id, patch]);
  }

  async updateSeat(id: number, patch: SeatPatch): Promise<void> {
    this.hold('updateSeat', [id, patch]);
  }

  async removeSeat(id: number): Promise<void> {
    this.hold('removeSeat', [id]);
  }

  async changeHolder(seatId: number, address: MailAddress, reason: string): Promise<void> {
    this.hold('changeHolder', [seatId, address, reason]);
  }

  async markLate(seatIds: readonly number[]): Promise<void> {
    this.hold('markLate', [seatIds]);
  }

  async addDedication(changes: readonly DedicationChange[]): Promise<void> {
    this.hold('addDedication', [changes]);
  }

  async judgePunctuality(gameId: number, phaseId: PhaseId, at: Date): Promise<boolean> {
    const judged = this.games.get(gameId)?.state.punctualityJudged.get(phaseId);
    if (judged === undefined) {
      const first = await this.passWrite(() => this.store.judgePunctuality(gameId, phaseId, at));
      this.change(gameId, (state) => ({ ...state, punctualityJudged: new Map(state.punctualityJudged).set(phaseId, true) }));
      return first;
    }
    if (judged) return false;
    this.hold('judgePunctuality', [gameId, phaseId, at]);
    return true;
  }

  async clearProposalVotes(gameId: number): Promise<void> {
    this.hold('clearProposalVotes', [gameId]);
  }

  async replaceAbsences(gameId: number, seatId: number, absences: readonly Absence[]): Promise<void> {
    this.hold('replaceAbsences', [gameId, seatId, absences]);
  }

  async savePhase(gameId: number, phase: PhaseRecord): Promise<void> {
    this.hold('savePhase', [gameId, phase]);
  }

  async discardPhasesAfter(gameId: number, seq: number): Promise<void> {
    this.hold('discardPhasesAfter', [gameId, seq]);
  }

  async recordResults(gameId: number, phaseId: PhaseId, results: unknown, text: string, orders: readonly StoredOrders[]): Promise<void> {
    this.hold('recordResults', [gameId, phaseId, results, text, orders]);
  }

  async setPhaseDeadline(gameId: number, phaseId: PhaseId, deadline: Date | null): Promise<void> {
    this.hold('setPhaseDeadline', [gameId, phaseId, deadline]);
  }

  async saveOrders(gameId: number, phaseId: PhaseId, orders: StoredOrders): Promise<void> {
    this.hold('saveOrders', [gameId, phaseId, orders]);
  }

  async replaceOrders(gameId: number, phaseId: PhaseId, orders: readonly StoredOrders[]): Promise<void> {
    this.hold('replaceOrders', [gameId, phaseId, orders]);
  }

  async saveOrdersAhead(gameId: number, record: OrdersAheadRecord): Promise<void> {
    this.hold('saveOrdersAhead', [gameId, record]);
  }

  async discardOrdersAhead(gameId: number, which: readonly { readonly power: PowerId; readonly phaseId: PhaseId }[]): Promise<void> {
    this.hold('discardOrdersAhead', [gameId, which]);
  }

  async archivePress(press: PressRecord): Promise<void> {
    this.hold('archivePress', [press]);
  }

  async archiveNotice(notice: NoticeRecord): Promise<void> {
    this.hold('archiveNotice', [notice]);
  }

  async scheduleJob(job: GameJob): Promise<void> {
    this.hold('scheduleJob', [job]);
  }

  async scheduleJobs(jobs: readonly GameJob[]): Promise<void> {
    this.hold('scheduleJobs', [jobs]);
  }

  async cancelJobs(gameId: number): Promise<void> {
    this.hold('cancelJobs', [gameId]);
  }

  async cancelJob(dedupeKey: string): Promise<void> {
    this.hold('cancelJob', [dedupeKey]);
  }

  async enqueueMail(mail: OutgoingMail): Promise<void> {
    this.hold('enqueueMail', [mail]);
  }

  async markInbound(messageId: string, outcome: InboundOutcome, gameId: number | null): Promise<void> {
    this.hold('markInbound', [messageId, outcome, gameId]);
  }

  async requestAddressChanges(seatId: number, changes: readonly PendingAddressChange[], at: Date): Promise<void> {
    this.hold('requestAddressChanges', [seatId, changes, at]);
  }

  async recordPasswordFailures(failures: readonly PasswordFailures[]): Promise<void> {
    this.hold('recordPasswordFailures', [failures]);
  }

  /** markAddressProven when nothing needs to know whether a stop was lifted: held like any write. */
  proveAddress(address: MailAddress, at: Date): void {
    this.hold('markAddressProven', [address, at]);
  }

  // Passed to the store, after what waits is written.

  recordInbound(mails: readonly InboundRecord[]): Promise<InboundRecorded[]> {
    return this.passWrite(() => this.store.recordInbound(mails), { keepsAnswers: true });
  }

  markAddressProven(address: MailAddress, at: Date): Promise<boolean> {
    return this.passWrite(() => this.store.markAddressProven(address, at), { keepsAnswers: true });
  }

  stopAddress(token: string, at: Date): Promise<{ readonly address: MailAddress; readonly already: boolean } | null> {
    return this.passWrite(() => this.store.stopAddress(token, at), { keepsAnswers: true });
  }

  takeAddressChange(code: string, address: MailAddress, notBefore: Date): Promise<(PendingAddressChange & { readonly gameId: number }) | null> {
    return this.passWrite(() => this.store.takeAddressChange(code, address, notBefore));
  }

  async createGame(record: NewGameRecord): Promise<Game> {
    const game = await this.passWrite(() => this.store.createGame(record));
    this.holdGame(game, false);
    return game;
  }

  async deleteGame(id: number): Promise<void> {
    await this.passWrite(() => this.store.deleteGame(id));
    const held = this.games.get(id);
    if (held) this.names.set(held.state.game.name, null);
    this.games.delete(id);
  }

  async addSeat(seat: NewSeatRecord): Promise<SeatRecord> {
    const added = await this.passWrite(() => this.store.addSeat(seat));
    this.change(seat.gameId, (state) => (state.seats ? { ...state, seats: [...state.seats, added] } : state));
    return added;
  }

  stoppedAddresses(addresses: readonly MailAddress[]): Promise<MailAddress[]> {
    return this.passRead(() => this.store.stoppedAddresses(addresses));
  }

  seatsAtAddress(address: MailAddress): Promise<AddressSeat[]> {
    return this.passRead(() => this.store.seatsAtAddress(address));
  }

  gameOverview(name: GameName): Promise<GameOverview | null> {
    return this.keptRead(`overview ${name}`, () => this.store.gameOverview(name));
  }

  openings(limit: number): Promise<{ readonly games: readonly Game[]; readonly more: boolean }> {
    return this.keptRead(`openings ${limit}`, () => this.store.openings(limit));
  }

  takeoverOpenings(limit: number): Promise<{ readonly games: readonly TakeoverOpening[]; readonly more: boolean }> {
    return this.keptRead(`takeovers ${limit}`, () => this.store.takeoverOpenings(limit));
  }

  searchGames(words: readonly string[], limit: number): Promise<{ readonly games: readonly Game[]; readonly more: boolean }> {
    return this.passRead(() => this.store.searchGames(words, limit));
  }

  joinedPlayers(gameIds: readonly number[]): Promise<ReadonlyMap<number, number>> {
    return this.passRead(() => this.store.joinedPlayers(gameIds));
  }

  gamesListPrint(limit: number): Promise<string> {
    return this.passRead(() => this.store.gamesListPrint(limit));
  }

  privateWordHash(gameId: number): Promise<string | null> {
    return this.keptRead(`private ${gameId}`, () => this.store.privateWordHash(gameId));
  }

  playerRecords(addresses: readonly MailAddress[], options?: PlayerRecordOptions): Promise<Map<MailAddress, PlayerRecord>> {
    return this.passRead(() => this.store.playerRecords(addresses, options));
  }

  votes(gameId: number): ReturnType<JudgeTransaction['votes']> {
    return this.passRead(() => this.store.votes(gameId));
  }

  holders(seatId: number): Promise<{ readonly address: MailAddress; readonly endReason: string | null }[]> {
    return this.passRead(() => this.store.holders(seatId));
  }

  phases(gameId: number): Promise<(PhaseRecord & { readonly resultsText: string | null; readonly processedAt: Date | null })[]> {
    return this.passRead(() => this.store.phases(gameId));
  }

  storedPhases(gameId: number): Promise<PhaseHistory[]> {
    return this.passRead(() => this.store.storedPhases(gameId));
  }

  gameHistory(gameId: number): Promise<HistoryRecord[]> {
    return this.passRead(() => this.store.gameHistory(gameId));
  }

  addDiaryEntry(entry: NewDiaryEntry): Promise<number> {
    return this.passWrite(() => this.store.addDiaryEntry(entry), { keepsAnswers: true });
  }

  diaryEntries(gameId: number): Promise<DiaryEntry[]> {
    return this.passRead(() => this.store.diaryEntries(gameId));
  }

  deleteDiaryEntries(seatId: number, numbers: readonly number[]): Promise<number[]> {
    return this.passWrite(() => this.store.deleteDiaryEntries(seatId, numbers), { keepsAnswers: true });
  }

  pressSentSince(address: MailAddress, since: Date): Promise<number> {
    return this.passRead(() => this.store.pressSentSince(address, since));
  }

  // The machinery.

  private holdAggregate(aggregate: GameAggregate, locked: boolean): void {
    const { game } = aggregate;
    this.names.set(game.name, game.id);
    this.games.set(game.id, { state: gameStateOf(aggregate), locked: locked || (this.games.get(game.id)?.locked ?? false) });
  }

  /** A game read alone (findGame, createGame): its other parts are read when asked for. */
  private holdGame(game: Game, locked: boolean): void {
    const held = this.games.get(game.id);
    this.names.set(game.name, game.id);
    this.games.set(game.id, held ? { state: { ...held.state, game }, locked: held.locked || locked } : { state: gameRowState(game), locked });
  }

  /**
   * The held game; locked first when asked and not yet. Locking reads the game again whole: its
   * seats, phase and orders as read before the lock may have changed since, and a decision taken
   * under the lock must see them as they are now (as the store's own reads did before this unit).
   */
  private async heldGame(id: number, forUpdate: boolean): Promise<Game | null> {
    const held = this.games.get(id)!;
    if (!forUpdate || held.locked) return held.state.game;
    const [loaded] = await this.loadGames([id], { forUpdate: true });
    if (!loaded) this.games.delete(id);
    return loaded?.game ?? null;
  }

  /** A held game renamed is found by its new name, not its old. */
  private rename(id: number, patch: GamePatch): void {
    const held = this.games.get(id);
    if (!held || patch.name === undefined || patch.name === held.state.game.name) return;
    this.names.delete(held.state.game.name);
    this.names.set(patch.name, id);
  }

  private change(gameId: number, update: (state: GameState) => GameState): void {
    const held = this.games.get(gameId);
    if (held) this.games.set(gameId, { ...held, state: update(held.state) });
  }

  /** Holds the write until save, and applies it now to every game held that it changes. */
  private hold<K extends BufferedWrite>(kind: K, args: Parameters<JudgeTransaction[K]>): void {
    this.holdChange({ kind, args } as StorageChange);
  }

  private holdChange(change: StorageChange): void {
    if (change.kind === 'updateGame') this.rename(...change.args);
    this.pending.push(change);
    if (!isGameChange(change)) return;
    for (const [gameId, held] of this.games) {
      const state = applyGameChange(held.state, change);
      if (state !== held.state) this.games.set(gameId, { ...held, state });
    }
  }

  /** Writes what waits; inside a block, under the block's SAVEPOINT, taken now if not yet. */
  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    if (this.pending.some((change) => !KEEPS_ANSWERS.has(change.kind))) this.forgetAnswers();
    await this.beforeWrite();
    const changes = this.pending;
    this.pending = [];
    await this.store.apply(changes);
  }

  /** Every open block gets its SAVEPOINT before the store is written to inside it. */
  private async beforeWrite(): Promise<void> {
    for (const block of this.blocks) block.savepoint ??= await this.store.savepoint();
  }

  private async passRead<T>(read: () => Promise<T>): Promise<T> {
    await this.flush();
    return read();
  }

  /** `keepsAnswers`: the write changes none of the kept answers (as KEEPS_ANSWERS). */
  private async passWrite<T>(write: () => Promise<T>, options: { readonly keepsAnswers?: boolean } = {}): Promise<T> {
    await this.beforeWrite();
    await this.flush();
    if (options.keepsAnswers !== true) this.forgetAnswers();
    return write();
  }

  /** A public answer read once per unit (see the top), after what waits is written. */
  private async keptRead<T>(key: string, read: () => Promise<T>): Promise<T> {
    await this.flush();
    if (this.answers.has(key)) return this.answers.get(key) as T;
    const forgotten = this.answersForgotten;
    const answer = await read();
    // A write while it was read (a password check runs beside the mails) may not be in it.
    if (forgotten === this.answersForgotten) {
      if (this.answers.size >= MAX_KEPT_ANSWERS) this.answers.clear();
      this.answers.set(key, answer);
    }
    return answer;
  }

  private forgetAnswers(): void {
    this.answers.clear();
    this.answersForgotten += 1;
  }
}

/** `work` on a unit of work over `tx`, saved when it is done: the one way use cases write to a store. */
export async function inUnitOfWork<T>(tx: StoreTransaction, work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
  const unit = new UnitOfWork(tx);
  const result = await work(unit);
  await unit.save();
  return result;
}
