import type { PhaseId, PowerId } from '../engine/types.ts';
import type { OrdersAheadRecord } from './diplomacy/orders-ahead-format.ts';
import { mailAddress, type Game, type GameName, type MailAddress } from './model.ts';
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
  StoredOrders,
  TakeoverOpening,
} from './ports.ts';
import type { Absence } from '../schedule/index.ts';

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

/** A game as held: what was loaded or read of it, with the mail's writes applied. */
interface HeldGame {
  readonly game: Game;
  /** Whether the game's row is locked (FOR UPDATE) in this transaction. */
  readonly locked: boolean;
  /** Absent: not read yet. */
  readonly seats?: readonly SeatRecord[];
  /** By phase; null: the phase is not stored; a phase not in the map was not read. */
  readonly phases: ReadonlyMap<PhaseId, PhaseRecord | null>;
  readonly orders: ReadonlyMap<PhaseId, readonly StoredOrders[]>;
  readonly punctualityJudged: ReadonlyMap<PhaseId, boolean>;
  readonly absences?: readonly AbsenceRecord[];
  /** The orders ahead on file; absent: not read yet. */
  readonly ordersAhead?: readonly OrdersAheadRecord[];
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

  constructor(private readonly store: JudgeTransaction) {}

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

  async apply(changes: readonly StorageChange[]): Promise<void> {
    this.pending.push(...changes);
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
    const held = this.games.get(gameId);
    if (held?.seats) return [...held.seats];
    const seats = await this.passRead(() => this.store.seats(gameId));
    this.change(gameId, (game) => ({ ...game, seats }));
    return [...seats];
  }

  async phase(gameId: number, phaseId: PhaseId): Promise<PhaseRecord | null> {
    const held = this.games.get(gameId)?.phases;
    if (held?.has(phaseId)) return held.get(phaseId)!;
    const phase = await this.passRead(() => this.store.phase(gameId, phaseId));
    this.change(gameId, (game) => ({ ...game, phases: withEntry(game.phases, phaseId, phase) }));
    return phase;
  }

  async orders(gameId: number, phaseId: PhaseId): Promise<StoredOrders[]> {
    const held = this.games.get(gameId)?.orders.get(phaseId);
    if (held) return [...held];
    const orders = await this.passRead(() => this.store.orders(gameId, phaseId));
    this.change(gameId, (game) => ({ ...game, orders: withEntry(game.orders, phaseId, orders) }));
    return [...orders];
  }

  async absences(gameId: number): Promise<AbsenceRecord[]> {
    const held = this.games.get(gameId)?.absences;
    if (held) return [...held];
    const absences = await this.passRead(() => this.store.absences(gameId));
    this.change(gameId, (game) => ({ ...game, absences }));
    return [...absences];
  }

  async ordersAhead(gameId: number): Promise<OrdersAheadRecord[]> {
    const held = this.games.get(gameId)?.ordersAhead;
    if (held) return [...held];
    const ordersAhead = await this.passRead(() => this.store.ordersAhead(gameId));
    this.change(gameId, (game) => ({ ...game, ordersAhead }));
    return [...ordersAhead];
  }

  // Writes held until save, applied to the held games as the store will apply them.

  async updateGame(id: number, patch: GamePatch): Promise<void> {
    this.holdWrite('updateGame', [id, patch]);
    const held = this.games.get(id);
    if (!held) return;
    if (patch.name !== undefined && patch.name !== held.game.name) {
      this.names.delete(held.game.name);
      this.names.set(patch.name, id);
    }
    this.change(id, (game) => ({ ...game, game: patchedGame(game.game, patch) }));
  }

  async updateSeat(id: number, patch: SeatPatch): Promise<void> {
    this.holdWrite('updateSeat', [id, patch]);
    this.changeSeats(id, (seat) => [patchedSeat(seat, patch)]);
  }

  async removeSeat(id: number): Promise<void> {
    this.holdWrite('removeSeat', [id]);
    this.changeSeats(id, () => []);
  }

  async changeHolder(seatId: number, address: MailAddress, reason: string): Promise<void> {
    this.holdWrite('changeHolder', [seatId, address, reason]);
    // The store may clear the seat's further addresses (by the holder it had): read the seats anew.
    for (const [gameId, held] of this.games) if (held.seats?.some((seat) => seat.id === seatId)) this.change(gameId, ({ seats: _stale, ...game }) => game);
  }

  async markLate(seatIds: readonly number[]): Promise<void> {
    this.holdWrite('markLate', [seatIds]);
  }

  async addDedication(changes: readonly DedicationChange[]): Promise<void> {
    this.holdWrite('addDedication', [changes]);
  }

  async judgePunctuality(gameId: number, phaseId: PhaseId, at: Date): Promise<boolean> {
    const judged = this.games.get(gameId)?.punctualityJudged.get(phaseId);
    if (judged === undefined) {
      const first = await this.passWrite(() => this.store.judgePunctuality(gameId, phaseId, at));
      this.change(gameId, (game) => ({ ...game, punctualityJudged: withEntry(game.punctualityJudged, phaseId, true) }));
      return first;
    }
    if (judged) return false;
    this.holdWrite('judgePunctuality', [gameId, phaseId, at]);
    this.change(gameId, (game) => ({ ...game, punctualityJudged: withEntry(game.punctualityJudged, phaseId, true) }));
    return true;
  }

  async clearProposalVotes(gameId: number): Promise<void> {
    this.holdWrite('clearProposalVotes', [gameId]);
  }

  async replaceAbsences(gameId: number, seatId: number, absences: readonly Absence[]): Promise<void> {
    this.holdWrite('replaceAbsences', [gameId, seatId, absences]);
    this.change(gameId, (game) =>
      game.absences
        ? {
            ...game,
            absences: [...game.absences.filter((a) => a.seatId !== seatId), ...absences.map((a) => ({ seatId, start: a.start, end: a.end }))].sort(
              (a, b) => a.start.getTime() - b.start.getTime(),
            ),
          }
        : game,
    );
  }

  async savePhase(gameId: number, phase: PhaseRecord): Promise<void> {
    this.holdWrite('savePhase', [gameId, phase]);
    // A phase stored again (after a ROLLBACK) keeps its orders in the store: unknown here until read.
    this.change(gameId, (game) => ({
      ...game,
      phases: withEntry(game.phases, phase.phaseId, { phaseId: phase.phaseId, seq: phase.seq, position: phase.position, deadline: phase.deadline ?? null }),
      orders: without(game.orders, phase.phaseId),
      punctualityJudged: withEntry(game.punctualityJudged, phase.phaseId, false),
    }));
  }

  async discardPhasesAfter(gameId: number, seq: number): Promise<void> {
    this.holdWrite('discardPhasesAfter', [gameId, seq]);
    this.change(gameId, (game) => {
      const kept = new Set([...game.phases].filter(([, phase]) => phase !== null && phase.seq <= seq).map(([id]) => id));
      const phases = new Map([...game.phases].map(([id, phase]) => [id, phase !== null && phase.seq > seq ? null : phase] as const));
      return {
        ...game,
        phases,
        orders: new Map([...game.orders].filter(([id]) => kept.has(id))),
        punctualityJudged: new Map([...game.punctualityJudged].filter(([id]) => kept.has(id))),
      };
    });
  }

  async recordResults(gameId: number, phaseId: PhaseId, results: unknown, text: string, orders: readonly StoredOrders[]): Promise<void> {
    this.holdWrite('recordResults', [gameId, phaseId, results, text, orders]);
  }

  async setPhaseDeadline(gameId: number, phaseId: PhaseId, deadline: Date | null): Promise<void> {
    this.holdWrite('setPhaseDeadline', [gameId, phaseId, deadline]);
    this.change(gameId, (game) => {
      const phase = game.phases.get(phaseId);
      return phase ? { ...game, phases: withEntry(game.phases, phaseId, { ...phase, deadline }) } : game;
    });
  }

  async saveOrders(gameId: number, phaseId: PhaseId, orders: StoredOrders): Promise<void> {
    this.holdWrite('saveOrders', [gameId, phaseId, orders]);
    this.change(gameId, (game) => {
      const held = game.orders.get(phaseId);
      return held ? { ...game, orders: withEntry(game.orders, phaseId, byPower([...held.filter((o) => o.power !== orders.power), asStored(orders)])) } : game;
    });
  }

  async replaceOrders(gameId: number, phaseId: PhaseId, orders: readonly StoredOrders[]): Promise<void> {
    this.holdWrite('replaceOrders', [gameId, phaseId, orders]);
    this.change(gameId, (game) => ({ ...game, orders: withEntry(game.orders, phaseId, byPower(orders.map(asStored))) }));
  }

  async saveOrdersAhead(gameId: number, record: OrdersAheadRecord): Promise<void> {
    this.holdWrite('saveOrdersAhead', [gameId, record]);
    this.change(gameId, (game) =>
      game.ordersAhead
        ? { ...game, ordersAhead: byPhaseAndPower([...game.ordersAhead.filter((r) => r.power !== record.power || r.phaseId !== record.phaseId), record]) }
        : game,
    );
  }

  async discardOrdersAhead(gameId: number, which: readonly { readonly power: PowerId; readonly phaseId: PhaseId }[]): Promise<void> {
    this.holdWrite('discardOrdersAhead', [gameId, which]);
    this.change(gameId, (game) =>
      game.ordersAhead ? { ...game, ordersAhead: game.ordersAhead.filter((r) => !which.some((w) => w.power === r.power && w.phaseId === r.phaseId)) } : game,
    );
  }

  async archivePress(press: PressRecord): Promise<void> {
    this.holdWrite('archivePress', [press]);
  }

  async archiveNotice(notice: NoticeRecord): Promise<void> {
    this.holdWrite('archiveNotice', [notice]);
  }

  async scheduleJob(job: GameJob): Promise<void> {
    this.holdWrite('scheduleJob', [job]);
  }

  async scheduleJobs(jobs: readonly GameJob[]): Promise<void> {
    this.holdWrite('scheduleJobs', [jobs]);
  }

  async cancelJobs(gameId: number): Promise<void> {
    this.holdWrite('cancelJobs', [gameId]);
  }

  async cancelJob(dedupeKey: string): Promise<void> {
    this.holdWrite('cancelJob', [dedupeKey]);
  }

  async enqueueMail(mail: OutgoingMail): Promise<void> {
    this.holdWrite('enqueueMail', [mail]);
  }

  async markInbound(messageId: string, outcome: InboundOutcome, gameId: number | null): Promise<void> {
    this.holdWrite('markInbound', [messageId, outcome, gameId]);
  }

  async requestAddressChanges(seatId: number, changes: readonly PendingAddressChange[], at: Date): Promise<void> {
    this.holdWrite('requestAddressChanges', [seatId, changes, at]);
  }

  async recordPasswordFailures(failures: readonly PasswordFailures[]): Promise<void> {
    this.holdWrite('recordPasswordFailures', [failures]);
  }

  /** markAddressProven when nothing needs to know whether a stop was lifted: held like any write. */
  proveAddress(address: MailAddress, at: Date): void {
    this.holdWrite('markAddressProven', [address, at]);
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
    if (held) this.names.set(held.game.name, null);
    this.games.delete(id);
  }

  async addSeat(seat: NewSeatRecord): Promise<SeatRecord> {
    const added = await this.passWrite(() => this.store.addSeat(seat));
    this.change(seat.gameId, (game) => (game.seats ? { ...game, seats: [...game.seats, added] } : game));
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
    const { game, seats, phase, punctualityJudged, orders, absences, ordersAhead } = aggregate;
    const current = game.currentPhase;
    this.names.set(game.name, game.id);
    this.games.set(game.id, {
      game,
      locked: locked || (this.games.get(game.id)?.locked ?? false),
      seats,
      phases: current === null ? new Map() : new Map([[current, phase]]),
      orders: current === null || phase === null ? new Map() : new Map([[current, orders]]),
      punctualityJudged: current === null || phase === null ? new Map() : new Map([[current, punctualityJudged]]),
      absences,
      ordersAhead,
    });
  }

  /** A game read alone (findGame, createGame): its other parts are read when asked for. */
  private holdGame(game: Game, locked: boolean): void {
    const held = this.games.get(game.id);
    this.names.set(game.name, game.id);
    this.games.set(
      game.id,
      held ? { ...held, game, locked: held.locked || locked } : { game, locked, phases: new Map(), orders: new Map(), punctualityJudged: new Map() },
    );
  }

  /**
   * The held game; locked first when asked and not yet. Locking reads the game again whole: its
   * seats, phase and orders as read before the lock may have changed since, and a decision taken
   * under the lock must see them as they are now (as the store's own reads did before this unit).
   */
  private async heldGame(id: number, forUpdate: boolean): Promise<Game | null> {
    const held = this.games.get(id)!;
    if (!forUpdate || held.locked) return held.game;
    const [loaded] = await this.loadGames([id], { forUpdate: true });
    if (!loaded) this.games.delete(id);
    return loaded?.game ?? null;
  }

  private change(gameId: number, update: (game: HeldGame) => HeldGame): void {
    const held = this.games.get(gameId);
    if (held) this.games.set(gameId, update(held));
  }

  /** Replaces the seat with `id` (wherever it is held) by what `update` gives: one seat, or none. */
  private changeSeats(id: number, update: (seat: SeatRecord) => SeatRecord[]): void {
    for (const [gameId, held] of this.games) {
      if (held.seats?.some((seat) => seat.id === id))
        this.change(gameId, (game) => ({ ...game, seats: game.seats!.flatMap((seat) => (seat.id === id ? update(seat) : [seat])) }));
    }
  }

  private holdWrite<K extends BufferedWrite>(kind: K, args: Parameters<JudgeTransaction[K]>): void {
    this.pending.push({ kind, args } as StorageChange);
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

function withEntry<K, V>(map: ReadonlyMap<K, V>, key: K, value: V): Map<K, V> {
  return new Map(map).set(key, value);
}

function without<K, V>(map: ReadonlyMap<K, V>, key: K): Map<K, V> {
  const copy = new Map(map);
  copy.delete(key);
  return copy;
}

/**
 * Orders as the store gives them back: a lone surrogate (text from a broken mail) as U+FFFD, as
 * PostgreSQL keeps it, so the results recorded from them can be stored as JSON.
 */
function asStored(orders: StoredOrders): StoredOrders {
  const parsed = orders.parsed ? { ...orders.parsed, orders: orders.parsed.orders.map((order) => ({ ...order, text: order.text.toWellFormed() })) } : null;
  return { ...orders, lines: orders.lines.map((line) => line.toWellFormed()), parsed };
}

/** Orders ahead as the store lists them: by phase, then power. */
function byPhaseAndPower(records: OrdersAheadRecord[]): OrdersAheadRecord[] {
  const key = (r: OrdersAheadRecord) => `${r.phaseId} ${r.power}`;
  return records.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Orders as the store lists them: by power. */
function byPower(orders: StoredOrders[]): StoredOrders[] {
  return orders.sort((a, b) => (a.power < b.power ? -1 : a.power > b.power ? 1 : 0));
}

function patchedGame(game: Game, patch: GamePatch): Game {
  const { signonGates, privateWordHash: _notHeld, ...fields } = patch;
  return {
    ...game,
    ...(definedOnly(fields) as Partial<Game>),
    ...(signonGates !== undefined && game.signonGates !== undefined ? { signonGates: { ...game.signonGates, ...definedOnly(signonGates) } } : {}),
  };
}

function patchedSeat(seat: SeatRecord, patch: SeatPatch): SeatRecord {
  const { drawVote: _draw, concedeVote: _concede, proposalVote: _proposal, extraAddresses, preferences, ...fields } = patch;
  return {
    ...seat,
    ...(definedOnly(fields) as Partial<SeatRecord>),
    ...(patch.address !== undefined ? { address: mailAddress(patch.address) } : {}),
    ...(preferences !== undefined ? { preferences: [...preferences] } : {}),
    ...(extraAddresses !== undefined ? { extraAddresses: extraAddresses.map(mailAddress) } : {}),
  };
}

function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
