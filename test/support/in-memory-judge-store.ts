import type { PhaseId, Position, PowerId } from '../../src/engine/types.ts';
import { withExtraAddresses } from '../../src/judge/mail/extra-addresses.ts';
import { PLAYER_HIDING_RULES } from '../../src/judge/visibility/hidden-players.ts';
import { mailAddress, TAKEOVER_STATUSES, type Game, type GameName, type MailAddress } from '../../src/judge/model.ts';
import {
  nestedInSavepoint,
  type BufferedWrite,
  type GameAggregate,
  type Savepoint,
  type StorageChange,
  type AbsenceRecord,
  type AddressSeat,
  type PasswordFailures,
  type PendingAddressChange,
  type DedicationChange,
  type DiaryEntry,
  type GameJob,
  type GameOverview,
  type GameSnapshot,
  type HistoryRecord,
  type InboundOutcome,
  type InboundRecord,
  type InboundRecorded,
  type JudgeStore,
  type StoreTransaction,
  type NewDiaryEntry,
  type NewGameRecord,
  type NewSeatRecord,
  type NoticeRecord,
  type OutgoingMail,
  type PhaseHistory,
  type PhaseRecord,
  type PlayerRecord,
  type PlayerRecordOptions,
  type PressRecord,
  type SeatRecord,
  type StoredOrders,
  type TakeoverOpening,
} from '../../src/judge/ports.ts';
import type { OrdersAheadRecord } from '../../src/judge/diplomacy/orders-ahead-format.ts';
import { applyGameChange, byPhaseAndPower, byPower, isGameChange, type GameChange, type GameState } from '../../src/judge/state/game-state.ts';

// The judge's storage port in memory (issue 11): for fast unit tests of the judge that need no
// database, beside (not instead of) the integration tests on PGlite and PostgreSQL, which test
// src/store/judge-store.ts itself. It keeps the same promises as that store where the judge can
// tell: a transaction commits all or nothing, `nested` undoes only its own block, a Message-ID
// is recorded once, the hourly count covers From and reply addresses, a dedupe key replaces an
// open job, game names are unique (case-insensitive), rows come back in the store's orders, and
// the store's timestamps are its own clock at the start of the transaction (PostgreSQL's now()).
// Everything read is a copy, so the judge cannot change the state behind the store's back.
// A game changes as the unit of work changes the games it holds: its whole state, complete, is
// changed by the judge's own pure update (src/judge/state/game-state.ts) and put back; only what
// the store keeps beside the state (votes, who held a seat when, snapshots, records, mail, jobs)
// is written here.

interface SeatRow extends SeatRecord {
  readonly gameId: number;
  readonly leftAt: Date | null;
  readonly lateCount: number;
  readonly onTimeCount: number;
  readonly drawVote: readonly PowerId[] | null;
  readonly concedeVote: PowerId | null;
  readonly proposalVote: boolean | null;
}

interface StintRow {
  readonly id: number;
  readonly seatId: number;
  readonly address: MailAddress;
  readonly endedAt: Date | null;
  readonly endReason: string | null;
  readonly points: number;
  readonly onTime: number;
  readonly judged: number;
  readonly started: number;
  readonly tookOver: number;
  readonly resigned: number;
  readonly late: number;
}

interface PhaseRow {
  readonly gameId: number;
  readonly phaseId: PhaseId;
  readonly seq: number;
  readonly position: Position;
  readonly deadline: Date | null;
  readonly snapshot: GameSnapshot;
  readonly results: { readonly results: unknown; readonly orders: readonly StoredOrders[] } | null;
  readonly resultsText: string | null;
  readonly processedAt: Date | null;
  readonly punctualityJudgedAt: Date | null;
}

export interface InboundRow {
  readonly messageId: string;
  readonly from: string;
  readonly replyAddress: string | null;
  readonly subject: string;
  readonly receivedAt: Date;
  readonly outcome: InboundOutcome | null;
  readonly gameId: number | null;
}

export interface QueuedMailRow extends OutgoingMail {
  readonly id: number;
}

export interface JobRow extends GameJob {
  readonly id: number;
}

interface State {
  games: (Game & { readonly privateWordHash: string | null })[];
  seats: SeatRow[];
  stints: StintRow[];
  phases: PhaseRow[];
  orders: (StoredOrders & { readonly gameId: number; readonly phaseId: PhaseId })[];
  absences: AbsenceRecord[];
  /** Orders ahead, PHASE blocks (sql/026). */
  ordersAhead: (OrdersAheadRecord & { readonly gameId: number })[];
  absenceGames: Map<number, number>;
  press: (PressRecord & { readonly id: number; readonly createdAt: Date })[];
  notices: (NoticeRecord & { readonly id: number; readonly createdAt: Date })[];
  jobs: JobRow[];
  inbound: InboundRow[];
  outbox: QueuedMailRow[];
  /** The stop list and proof of addresses, and SET ADDRESS codes waiting (sql/014). */
  addresses: { readonly address: MailAddress; readonly token: string; stoppedAt: Date | null; provenAt: Date | null }[];
  addressChanges: {
    readonly code: string;
    readonly seatId: number;
    readonly address: MailAddress;
    readonly addresses: readonly MailAddress[];
    readonly requestedAt: Date;
  }[];
  /** Wrong passwords counted per seat and per address (sql/025). */
  passwordFailures: PasswordFailures[];
  /** njudge's DIARY entries (sql/028). */
  diaries: DiaryEntry[];
  nextId: number;
}

const HOUR_MS = 3_600_000;

/** The held writes that are no game's state (mail, jobs, records, press …), each applied by this store's method of its name. */
type EffectWrite = Exclude<BufferedWrite, GameChange['kind']> | 'judgePunctuality';

export class InMemoryJudgeStore implements JudgeStore {
  private state: State = {
    games: [],
    seats: [],
    stints: [],
    phases: [],
    orders: [],
    absences: [],
    ordersAhead: [],
    absenceGames: new Map(),
    press: [],
    notices: [],
    jobs: [],
    inbound: [],
    outbox: [],
    addresses: [],
    addressChanges: [],
    passwordFailures: [],
    diaries: [],
    nextId: 1,
  };
  /** Transactions run one at a time, as the judge's row locks would order them. */
  private queue: Promise<unknown> = Promise.resolve();

  /** `clock` is the store's own (PostgreSQL's now()), read once per transaction; the judge's clock is another. */
  constructor(private readonly clock: () => Date = () => new Date()) {}

  transaction<T>(work: (tx: StoreTransaction) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      const tx = new InMemoryTransaction(structuredClone(this.state), this.clock());
      const result = await work(tx);
      this.state = tx.state;
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  isTransient(): boolean {
    return false;
  }

  /** What was queued to be sent, in order (a copy). */
  outbox(): readonly QueuedMailRow[] {
    return structuredClone(this.state.outbox);
  }

  /** The recorded inbound mails with their outcomes (a copy). */
  inbound(): readonly InboundRow[] {
    return structuredClone(this.state.inbound);
  }

  /** The open scheduled jobs (a copy). */
  jobs(): readonly JobRow[] {
    return structuredClone(this.state.jobs);
  }
}

class InMemoryTransaction implements StoreTransaction {
  constructor(
    public state: State,
    /** When the transaction started: what PostgreSQL's now() gives inside it. */
    private readonly now: Date,
  ) {}

  private clock(): Date {
    return new Date(this.now);
  }

  private id(): number {
    return this.state.nextId++;
  }

  async recordInbound(mails: readonly InboundRecord[]): Promise<InboundRecorded[]> {
    const now = this.clock();
    return mails.map((mail) => {
      const recorded = !this.state.inbound.some((row) => row.messageId === mail.messageId);
      const replyAddress = mail.replyAddress && mail.replyAddress !== mail.from ? mail.replyAddress : null;
      if (recorded)
        this.state.inbound.push({
          messageId: mail.messageId,
          from: mail.from,
          replyAddress,
          subject: mail.subject.slice(0, 500),
          receivedAt: now,
          outcome: null,
          gameId: null,
        });
      const recent = this.state.inbound.filter((row) => now.getTime() - row.receivedAt.getTime() < HOUR_MS);
      const count = (address: string) => recent.filter((row) => row.from === address).length + recent.filter((row) => row.replyAddress === address).length;
      return { recorded, fromSenderThisHour: Math.max(count(mail.from), replyAddress === null ? 0 : count(replyAddress)) };
    });
  }

  async markInbound(messageId: string, outcome: InboundOutcome, gameId: number | null): Promise<void> {
    this.state.inbound = this.state.inbound.map((row) => (row.messageId === messageId ? { ...row, outcome, gameId } : row));
  }

  private address(address: string): State['addresses'][number] {
    const lower = mailAddress(address);
    let row = this.state.addresses.find((a) => a.address === lower);
    if (!row) this.state.addresses.push((row = { address: lower, token: `token${this.id().toString().padStart(15, '0')}`, stoppedAt: null, provenAt: null }));
    return row;
  }

  async stoppedAddresses(addresses: readonly MailAddress[]): Promise<MailAddress[]> {
    const wanted = new Set(addresses.map((a) => a.toLowerCase()));
    return this.state.addresses.filter((a) => wanted.has(a.address) && a.stoppedAt !== null).map((a) => a.address);
  }

  async markAddressProven(address: string, at: Date): Promise<boolean> {
    const row = this.address(address);
    const wasStopped = row.stoppedAt !== null;
    row.provenAt ??= at;
    row.stoppedAt = null;
    return wasStopped;
  }

  async stopAddress(token: string, at: Date): Promise<{ readonly address: MailAddress; readonly already: boolean } | null> {
    const row = this.state.addresses.find((a) => a.token === token.toLowerCase());
    if (!row) return null;
    const already = row.stoppedAt !== null;
    row.stoppedAt ??= at;
    return { address: row.address, already };
  }

  async seatsAtAddress(address: string): Promise<AddressSeat[]> {
    const lower = address.toLowerCase();
    return this.state.seats
      .filter((s) => s.address.toLowerCase() === lower && s.leftAt === null)
      .flatMap((s) => {
        const game = this.state.games.find((g) => g.id === s.gameId);
        if (!game || game.status === 'completed') return [];
        // One row per sitting Master, as the SQL join gives (PROMOTE).
        const masters = this.state.seats.filter((m) => m.gameId === s.gameId && m.role === 'master' && m.leftAt === null);
        const row = (masterAddress: MailAddress | null) => ({ gameId: game.id, gameName: game.name, role: s.role, power: s.power, masterAddress });
        return masters.length === 0 ? [row(null)] : masters.map((m) => row(m.address));
      })
      .sort((a, b) => a.gameName.localeCompare(b.gameName));
  }

  async requestAddressChanges(seatId: number, changes: readonly PendingAddressChange[], at: Date): Promise<void> {
    const waiting = changes.map((change) => ({
      code: change.code,
      seatId,
      address: mailAddress(change.address),
      addresses: change.addresses.map(mailAddress),
      requestedAt: at,
    }));
    this.state.addressChanges = [...this.state.addressChanges.filter((c) => c.seatId !== seatId), ...waiting];
  }

  async takeAddressChange(code: string, address: string, notBefore: Date): Promise<(PendingAddressChange & { readonly gameId: number }) | null> {
    const found = this.state.addressChanges.find((c) => c.code === code.toUpperCase() && c.address === address.toLowerCase());
    if (!found) return null;
    this.state.addressChanges = this.state.addressChanges.filter((c) => c !== found);
    const seat = this.state.seats.find((s) => s.id === found.seatId);
    if (!seat || found.requestedAt < notBefore) return null;
    return { code: found.code, seatId: found.seatId, address: found.address, addresses: found.addresses, gameId: seat.gameId };
  }

  async enqueueMail(mail: OutgoingMail): Promise<void> {
    const holders = this.state.seats.filter((s) => s.gameId === mail.gameId && s.leftAt === null);
    const addressed = withExtraAddresses(mail, holders);
    // As the real store: an address that asked to stop is left out, a mail left to nobody is not queued.
    const stopped = new Set<string>(this.state.addresses.filter((a) => a.stoppedAt !== null).map((a) => a.address));
    const to = addressed.to.filter((address) => !stopped.has(address.toLowerCase()));
    if (to.length === 0) return;
    this.state.outbox.push(structuredClone({ ...addressed, to, id: this.id() }));
  }

  nested<T>(work: () => Promise<T>): Promise<T> {
    return nestedInSavepoint(this, work);
  }

  async savepoint(): Promise<Savepoint> {
    const before = structuredClone(this.state);
    return {
      release: async () => undefined,
      rollback: async () => {
        this.state = before;
      },
    };
  }

  async open(mails: readonly InboundRecord[], games: readonly GameName[]): Promise<{ recorded: InboundRecorded[]; games: GameAggregate[] }> {
    const recorded = await this.recordInbound(mails);
    if (!recorded.some((mail) => mail.recorded)) return { recorded, games: [] };
    const ids = this.state.games
      .filter((g) => games.includes(g.name))
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((g) => g.id);
    const senders = mails.flatMap((mail) => (mail.replyAddress ? [mail.replyAddress.toLowerCase()] : []));
    return { recorded, games: await this.loadGames(ids, { forUpdate: true }, senders) };
  }

  async loadGames(
    ids: readonly number[],
    _options: { readonly forUpdate: boolean } = { forUpdate: false },
    senders: readonly string[] = [],
  ): Promise<GameAggregate[]> {
    const aggregates: GameAggregate[] = [];
    for (const id of ids) {
      const state = this.stateOf(id);
      if (!state) continue;
      const { game, seats = [], absences = [], ordersAhead = [] } = state;
      const current = game.currentPhase;
      const phase = current === null ? null : (state.phases.get(current) ?? null);
      const passwordFailures = this.state.passwordFailures.filter(({ target }) =>
        target.kind === 'seat' ? seats.some((seat) => seat.id === target.seatId) : senders.includes(target.address),
      );
      aggregates.push({
        game,
        seats,
        phase,
        punctualityJudged: current !== null && state.punctualityJudged.get(current) === true,
        orders: current === null ? [] : (state.orders.get(current) ?? []),
        absences,
        ordersAhead,
        passwordFailures: structuredClone(passwordFailures),
      });
    }
    return aggregates;
  }

  async apply(changes: readonly StorageChange[]): Promise<void> {
    for (const change of changes) {
      if (isGameChange(change) && change.kind !== 'judgePunctuality') this.changeGame(change);
      else await (this[change.kind as EffectWrite] as (...args: readonly unknown[]) => Promise<unknown>).apply(this, change.args);
    }
  }

  /**
   * A write to a game, as the judge's unit of work makes it to the games it holds: what only the
   * store keeps (the privacy word's hash, the votes, who held a seat when, a phase's snapshot) is
   * written first, then the game's whole state is changed by the same pure update
   * (src/judge/state/game-state.ts) and put back.
   */
  private changeGame(change: GameChange): void {
    const gameId = this.gameOf(change);
    if (gameId === null || !this.state.games.some((g) => g.id === gameId)) return;
    this.keepStoreFacts(change);
    // Read after the store's facts: a phase stored again starts from its fresh row.
    this.putState(applyGameChange(this.stateOf(gameId)!, change));
  }

  private gameOf(change: GameChange): number | null {
    if (change.kind === 'updateSeat' || change.kind === 'removeSeat' || change.kind === 'changeHolder')
      return this.state.seats.find((s) => s.id === change.args[0])?.gameId ?? null;
    return change.args[0];
  }

  /** The facts of a game the store keeps beside its state: they are not the judge's to hold. */
  private keepStoreFacts(change: GameChange): void {
    const now = this.clock();
    switch (change.kind) {
      case 'updateGame': {
        const [id, { privateWordHash }] = change.args;
        if (privateWordHash !== undefined) this.state.games = this.state.games.map((g) => (g.id === id ? { ...g, privateWordHash } : g));
        return;
      }
      case 'updateSeat': {
        const [id, { drawVote, concedeVote, proposalVote }] = change.args;
        const votes = definedOnly({ drawVote, concedeVote, proposalVote });
        this.state.seats = this.state.seats.map((s) => (s.id === id ? { ...s, ...structuredClone(votes) } : s));
        return;
      }
      case 'removeSeat': {
        const [id] = change.args;
        this.state.seats = this.state.seats.map((s) => (s.id === id ? { ...s, leftAt: now } : s));
        this.state.stints = this.state.stints.map((s) => (s.seatId === id && s.endedAt === null ? { ...s, endedAt: now, endReason: 'left' } : s));
        return;
      }
      case 'changeHolder': {
        const [seatId, address, reason] = change.args;
        // A new holder takes none of the last one's further addresses, nor a SET ADDRESS they left waiting.
        const before = this.state.stints.find((s) => s.seatId === seatId && s.endedAt === null);
        if (before && before.address.toLowerCase() !== address.toLowerCase()) {
          this.state.seats = this.state.seats.map((s) => (s.id === seatId ? { ...s, extraAddresses: [] } : s));
          this.state.addressChanges = this.state.addressChanges.filter((c) => c.seatId !== seatId);
        }
        this.state.stints = this.state.stints.map((s) => (s.seatId === seatId && s.endedAt === null ? { ...s, endedAt: now, endReason: reason } : s));
        this.addStint(seatId, address);
        return;
      }
      case 'savePhase': {
        // A phase stored again starts afresh: its snapshot taken now, no results, punctuality not judged.
        const [gameId, phase] = change.args;
        const game = this.state.games.find((g) => g.id === gameId)!;
        const seats = this.state.seats
          .filter((s) => s.gameId === gameId && s.leftAt === null && (s.role === 'power' || s.role === 'master'))
          .sort((a, b) => a.id - b.id)
          .map((s) => ({ id: s.id, address: s.address, status: s.status, passwordHash: s.passwordHash }));
        const row: PhaseRow = {
          gameId,
          phaseId: phase.phaseId,
          seq: phase.seq,
          position: structuredClone(phase.position),
          deadline: phase.deadline ?? null,
          snapshot: { rules: [...game.rules], seats },
          results: null,
          resultsText: null,
          processedAt: null,
          punctualityJudgedAt: null,
        };
        this.state.phases = [...this.state.phases.filter((p) => !(p.gameId === gameId && p.phaseId === phase.phaseId)), row];
        return;
      }
      default:
        return;
    }
  }

  /** The game's whole state as this store keeps it: every stored phase with its orders (complete). */
  private stateOf(gameId: number): GameState | null {
    const game = this.game((g) => g.id === gameId);
    if (!game) return null;
    const phases = this.state.phases.filter((p) => p.gameId === gameId);
    const ordersOf = (phaseId: PhaseId) =>
      byPower(this.state.orders.filter((o) => o.gameId === gameId && o.phaseId === phaseId)).map(({ gameId: _game, phaseId: _phase, ...orders }) =>
        structuredClone({ ...orders, parsed: orders.parsed ?? null }),
      );
    return {
      game,
      seats: this.state.seats
        .filter((s) => s.gameId === gameId && s.leftAt === null)
        .sort((a, b) => a.id - b.id)
        .map(toSeatRecord),
      phases: new Map(phases.map((p) => [p.phaseId, structuredClone({ phaseId: p.phaseId, seq: p.seq, position: p.position, deadline: p.deadline })])),
      orders: new Map(phases.map((p) => [p.phaseId, ordersOf(p.phaseId)])),
      punctualityJudged: new Map(phases.map((p) => [p.phaseId, p.punctualityJudgedAt !== null])),
      absences: structuredClone(
        this.state.absences.filter((a) => this.state.absenceGames.get(a.seatId) === gameId).sort((a, b) => a.start.getTime() - b.start.getTime()),
      ),
      ordersAhead: byPhaseAndPower(this.state.ordersAhead.filter((r) => r.gameId === gameId)).map(({ gameId: _game, ...record }) => structuredClone(record)),
      complete: true,
    };
  }

  /** Puts a game's whole state back into the rows, beside the facts only the store keeps. */
  private putState(state: GameState): void {
    const id = state.game.id;
    this.state.games = this.state.games.map((g) => (g.id === id ? { ...structuredClone(state.game), privateWordHash: g.privateWordHash } : g));
    const seats = new Map((state.seats ?? []).map((seat) => [seat.id, seat]));
    this.state.seats = this.state.seats.map((row) => {
      const seat = seats.get(row.id);
      return seat ? { ...row, ...structuredClone(seat) } : row;
    });
    this.state.phases = this.state.phases.flatMap((row) => {
      if (row.gameId !== id) return [row];
      const phase = state.phases.get(row.phaseId);
      if (!phase) return [];
      const judged = state.punctualityJudged.get(row.phaseId) === true;
      return [
        {
          ...row,
          seq: phase.seq,
          position: structuredClone(phase.position),
          deadline: phase.deadline ?? null,
          punctualityJudgedAt: judged ? (row.punctualityJudgedAt ?? this.clock()) : null,
        },
      ];
    });
    this.state.orders = [
      ...this.state.orders.filter((o) => o.gameId !== id),
      ...[...state.orders].flatMap(([phaseId, orders]) => (state.phases.get(phaseId) ? orders.map((o) => structuredClone({ ...o, gameId: id, phaseId })) : [])),
    ];
    this.state.absences = [...this.state.absences.filter((a) => this.state.absenceGames.get(a.seatId) !== id), ...structuredClone(state.absences ?? [])];
    for (const absence of state.absences ?? []) this.state.absenceGames.set(absence.seatId, id);
    this.state.ordersAhead = [
      ...this.state.ordersAhead.filter((r) => r.gameId !== id),
      ...(state.ordersAhead ?? []).map((r) => structuredClone({ ...r, gameId: id })),
    ];
  }

  async findGame(name: GameName): Promise<Game | null> {
    return this.game((g) => g.name === name);
  }

  async findGameById(id: number): Promise<Game | null> {
    return this.game((g) => g.id === id);
  }

  private game(where: (game: Game) => boolean): Game | null {
    const found = this.state.games.find(where);
    if (!found) return null;
    const { privateWordHash: _hidden, ...game } = found;
    return structuredClone(game);
  }

  async gameOverview(name: GameName): Promise<GameOverview | null> {
    const found = await this.findGame(name);
    const [loaded] = found ? await this.loadGames([found.id]) : [];
    if (!loaded) return null;
    const { game, seats, phase, orders } = loaded;
    const publicRecords = await this.playerRecords(
      seats.map((s) => s.address),
      { withoutHiddenGames: true },
    );
    return { game, seats, phase, orders, publicRecords };
  }

  async openings(limit: number): Promise<{ games: Game[]; more: boolean }> {
    const games = this.listed().filter((g) => g.status === 'forming');
    return { games: games.slice(0, limit), more: games.length > limit };
  }

  async takeoverOpenings(limit: number): Promise<{ games: TakeoverOpening[]; more: boolean }> {
    const games = this.listed()
      .filter((g) => g.status === 'active' || g.status === 'waiting')
      .map((game) => {
        const open = this.state.seats.filter((s) => s.gameId === game.id && s.role === 'power' && s.leftAt === null && TAKEOVER_STATUSES.includes(s.status));
        return {
          game,
          powers: open.flatMap((s) => (s.power === null ? [] : [s.power])).sort(),
          seats: open.flatMap((s) => (s.power === null ? [s.id] : [])).sort((a, b) => a - b),
        };
      })
      .filter((opening) => opening.powers.length > 0 || opening.seats.length > 0);
    return { games: games.slice(0, limit), more: games.length > limit };
  }

  async searchGames(words: readonly string[], limit: number): Promise<{ games: Game[]; more: boolean }> {
    const games = this.listed().filter((g) =>
      words.every(
        (word) => g.name.includes(word) || g.status.includes(word) || g.variant.includes(word) || g.rules.some((r) => r.toLowerCase().includes(word)),
      ),
    );
    return { games: games.slice(0, limit), more: games.length > limit };
  }

  async joinedPlayers(gameIds: readonly number[]): Promise<ReadonlyMap<number, number>> {
    const count = (id: number) => this.state.seats.filter((s) => s.gameId === id && s.leftAt === null && s.role === 'power').length;
    return new Map(gameIds.map((id) => [id, count(id)]));
  }

  async gamesListPrint(limit: number): Promise<string> {
    const games = this.listed().slice(0, limit + 1);
    const joined = (game: Game) => this.state.seats.filter((s) => s.gameId === game.id && s.leftAt === null && s.role === 'power').length;
    return JSON.stringify(games.map((game) => [game, game.status === 'forming' ? joined(game) : -1]));
  }

  private listed(): Game[] {
    return this.state.games
      .filter((g) => g.listed)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((g) => this.game((x) => x.id === g.id)!);
  }

  async createGame(record: NewGameRecord): Promise<Game> {
    if (this.state.games.some((g) => g.name === record.name)) throw new Error(`duplicate game name ${record.name}`);
    const game = {
      id: this.id(),
      name: record.name,
      variant: record.variant,
      status: record.status,
      rules: [...record.rules],
      description: record.description,
      listed: record.listed,
      currentPhase: null,
      proposal: null,
      timing: record.timing,
      timeZone: record.timeZone,
      deadline: null,
      grace: null,
      processStart: null,
      processDelayMinutes: null,
      processAt: null,
      signonGates: { minDedication: null, minOnTimeRatio: null, maxCivilDisorderRatio: null },
      options: {},
      ending: null,
      kind: record.kind ?? 'diplomacy',
      kindState: structuredClone(record.kindState ?? null),
      privateWordHash: record.privateWordHash,
    };
    this.state.games.push(game);
    return (await this.findGameById(game.id))!;
  }

  async deleteGame(id: number): Promise<void> {
    const seatIds = new Set(this.state.seats.filter((s) => s.gameId === id).map((s) => s.id));
    this.state.games = this.state.games.filter((g) => g.id !== id);
    this.state.seats = this.state.seats.filter((s) => s.gameId !== id);
    this.state.stints = this.state.stints.filter((s) => !seatIds.has(s.seatId));
    this.state.phases = this.state.phases.filter((p) => p.gameId !== id);
    this.state.orders = this.state.orders.filter((o) => o.gameId !== id);
    this.state.ordersAhead = this.state.ordersAhead.filter((o) => o.gameId !== id);
    this.state.absences = this.state.absences.filter((a) => this.state.absenceGames.get(a.seatId) !== id);
    this.state.press = this.state.press.filter((p) => p.gameId !== id);
    this.state.notices = this.state.notices.filter((n) => n.gameId !== id);
    this.state.jobs = this.state.jobs.filter((j) => j.gameId !== id);
    this.state.diaries = this.state.diaries.filter((d) => d.gameId !== id);
  }

  async privateWordHash(gameId: number): Promise<string | null> {
    return this.state.games.find((g) => g.id === gameId)?.privateWordHash ?? null;
  }

  async seats(gameId: number): Promise<SeatRecord[]> {
    return [...(this.stateOf(gameId)?.seats ?? [])];
  }

  async addSeat(seat: NewSeatRecord): Promise<SeatRecord> {
    const row: SeatRow = {
      id: this.id(),
      gameId: seat.gameId,
      role: seat.role,
      power: seat.power,
      address: seat.address,
      status: 'active',
      wait: false,
      passwordHash: seat.passwordHash,
      name: seat.name ?? null,
      timeZone: null,
      mapPictures: true,
      leftAt: null,
      lateCount: 0,
      onTimeCount: 0,
      drawVote: null,
      concedeVote: null,
      proposalVote: null,
    };
    this.state.seats.push(row);
    this.addStint(row.id, seat.address);
    return toSeatRecord(row);
  }

  private addStint(seatId: number, address: MailAddress): void {
    this.state.stints.push({
      id: this.id(),
      seatId,
      address,
      endedAt: null,
      endReason: null,
      points: 0,
      onTime: 0,
      judged: 0,
      started: 0,
      tookOver: 0,
      resigned: 0,
      late: 0,
    });
  }

  async markLate(seatIds: readonly number[]): Promise<void> {
    const ids = new Set(seatIds);
    this.state.seats = this.state.seats.map((s) => (ids.has(s.id) ? { ...s, lateCount: s.lateCount + 1 } : s));
    this.state.stints = this.state.stints.map((s) => (ids.has(s.seatId) && s.endedAt === null ? { ...s, late: s.late + 1 } : s));
  }

  async addDedication(changes: readonly DedicationChange[]): Promise<void> {
    for (const change of changes) {
      const onTime = change.onTime ?? 0;
      this.state.stints = this.state.stints.map((s) =>
        s.seatId === change.seatId && s.endedAt === null
          ? {
              ...s,
              points: s.points + (change.points ?? 0),
              onTime: s.onTime + onTime,
              judged: s.judged + onTime + (change.late ?? 0),
              started: s.started + (change.started ?? 0),
              tookOver: s.tookOver + (change.tookOver ?? 0),
              resigned: s.resigned + (change.resigned ?? 0),
            }
          : s,
      );
      if (onTime > 0) this.state.seats = this.state.seats.map((s) => (s.id === change.seatId ? { ...s, onTimeCount: s.onTimeCount + onTime } : s));
    }
  }

  async playerRecords(addresses: readonly MailAddress[], options: PlayerRecordOptions = {}): Promise<Map<MailAddress, PlayerRecord>> {
    const wanted = new Set(addresses.map((a) => a.toLowerCase()));
    const records = new Map<MailAddress, PlayerRecord>();
    for (const stint of this.state.stints) {
      const address = mailAddress(stint.address);
      if (!wanted.has(address)) continue;
      if (options.withoutHiddenGames === true) {
        const seat = this.state.seats.find((s) => s.id === stint.seatId);
        const game = this.state.games.find((g) => g.id === seat?.gameId);
        if (game?.rules.some((rule) => PLAYER_HIDING_RULES.includes(rule))) continue;
      }
      const sum = records.get(address) ?? { points: 0, onTime: 0, total: 0, started: 0, tookOver: 0, resigned: 0 };
      records.set(address, {
        points: sum.points + stint.points,
        onTime: sum.onTime + stint.onTime,
        total: sum.total + stint.judged,
        started: sum.started + stint.started,
        tookOver: sum.tookOver + stint.tookOver,
        resigned: sum.resigned + stint.resigned,
      });
    }
    return records;
  }

  async judgePunctuality(gameId: number, phaseId: PhaseId, at: Date): Promise<boolean> {
    const phase = this.state.phases.find((p) => p.gameId === gameId && p.phaseId === phaseId);
    if (!phase || phase.punctualityJudgedAt !== null) return false;
    this.replacePhase({ ...phase, punctualityJudgedAt: at });
    return true;
  }

  async votes(gameId: number): Promise<{ power: PowerId; draw: readonly PowerId[] | null; concede: PowerId | null; proposal: boolean | null }[]> {
    return this.state.seats
      .filter((s) => s.gameId === gameId && s.power !== null && s.leftAt === null)
      .map((s) => structuredClone({ power: s.power!, draw: s.drawVote, concede: s.concedeVote, proposal: s.proposalVote }));
  }

  async clearProposalVotes(gameId: number): Promise<void> {
    this.state.seats = this.state.seats.map((s) => (s.gameId === gameId ? { ...s, proposalVote: null } : s));
  }

  private replacePhase(row: PhaseRow): void {
    this.state.phases = this.state.phases.map((p) => (p.gameId === row.gameId && p.phaseId === row.phaseId ? row : p));
  }

  async phase(gameId: number, phaseId: PhaseId): Promise<PhaseRecord | null> {
    return this.stateOf(gameId)?.phases.get(phaseId) ?? null;
  }

  async phases(gameId: number): Promise<(PhaseRecord & { resultsText: string | null; processedAt: Date | null })[]> {
    const game = this.state.games.find((g) => g.id === gameId);
    const all = await this.storedPhases(gameId);
    const current = all.find((p) => p.phaseId === game?.currentPhase)?.seq ?? Number.POSITIVE_INFINITY;
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
    return this.state.phases
      .filter((p) => p.gameId === gameId)
      .sort((a, b) => a.seq - b.seq)
      .map((p) =>
        structuredClone({
          phaseId: p.phaseId,
          seq: p.seq,
          position: p.position,
          deadline: p.deadline,
          resultsText: p.resultsText,
          processedAt: p.processedAt,
          results: p.results?.results ?? null,
          processedOrders: p.results?.orders ?? null,
          snapshot: p.snapshot,
        }),
      );
  }

  async recordResults(gameId: number, phaseId: PhaseId, results: unknown, text: string, orders: readonly StoredOrders[]): Promise<void> {
    const phase = this.state.phases.find((p) => p.gameId === gameId && p.phaseId === phaseId);
    if (phase) this.replacePhase({ ...phase, results: structuredClone({ results, orders }), resultsText: text, processedAt: this.clock() });
  }

  async orders(gameId: number, phaseId: PhaseId): Promise<StoredOrders[]> {
    return [...(this.stateOf(gameId)?.orders.get(phaseId) ?? [])];
  }

  async ordersAhead(gameId: number): Promise<OrdersAheadRecord[]> {
    return [...(this.stateOf(gameId)?.ordersAhead ?? [])];
  }

  async absences(gameId: number): Promise<AbsenceRecord[]> {
    return [...(this.stateOf(gameId)?.absences ?? [])];
  }

  async holders(seatId: number): Promise<{ address: MailAddress; endReason: string | null }[]> {
    return this.state.stints.filter((s) => s.seatId === seatId).map((s) => ({ address: s.address, endReason: s.endReason }));
  }

  async archivePress(press: PressRecord): Promise<void> {
    this.state.press.push(structuredClone({ ...press, id: this.id(), createdAt: this.clock() }));
  }

  async addDiaryEntry(entry: NewDiaryEntry): Promise<number> {
    const number = Math.max(0, ...this.state.diaries.filter((d) => d.seatId === entry.seatId).map((d) => d.number)) + 1;
    this.state.diaries.push(structuredClone({ ...entry, number }));
    return number;
  }

  async diaryEntries(gameId: number): Promise<DiaryEntry[]> {
    return structuredClone(this.state.diaries.filter((d) => d.gameId === gameId).sort((a, b) => a.seatId - b.seatId || a.number - b.number));
  }

  async deleteDiaryEntries(seatId: number, numbers: readonly number[]): Promise<number[]> {
    const removed = this.state.diaries.filter((d) => d.seatId === seatId && numbers.includes(d.number)).map((d) => d.number);
    this.state.diaries = this.state.diaries.filter((d) => !(d.seatId === seatId && numbers.includes(d.number)));
    return removed.sort((a, b) => a - b);
  }

  async pressSentSince(address: MailAddress, since: Date): Promise<number> {
    return this.state.press.filter((p) => p.senderAddress === address && p.createdAt > since).length;
  }

  async recordPasswordFailures(failures: readonly PasswordFailures[]): Promise<void> {
    const same = (a: PasswordFailures['target'], b: PasswordFailures['target']) =>
      a.kind === 'seat' ? b.kind === 'seat' && a.seatId === b.seatId : b.kind === 'address' && a.address === b.address;
    for (const given of failures) {
      const index = this.state.passwordFailures.findIndex((stored) => same(stored.target, given.target));
      const stored = this.state.passwordFailures[index];
      // As the store: a higher count stored meanwhile (within the day) and a later lock stand.
      const kept = stored && given.lastFailureAt.getTime() - stored.lastFailureAt.getTime() <= 86_400_000 ? stored.failures : 0;
      const lock = [given.lockedUntil, stored?.lockedUntil ?? null].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
      const merged = {
        target: given.target,
        failures: Math.max(given.failures, kept),
        lastFailureAt: stored && stored.lastFailureAt > given.lastFailureAt ? stored.lastFailureAt : given.lastFailureAt,
        lockedUntil: lock,
      };
      if (index < 0) this.state.passwordFailures.push(structuredClone(merged));
      else this.state.passwordFailures[index] = structuredClone(merged);
    }
  }

  async archiveNotice(notice: NoticeRecord): Promise<void> {
    this.state.notices.push(structuredClone({ ...notice, id: this.id(), createdAt: this.clock() }));
  }

  async gameHistory(gameId: number): Promise<HistoryRecord[]> {
    const game = this.state.games.find((g) => g.id === gameId);
    const phases = this.state.phases.filter((p) => p.gameId === gameId).sort((a, b) => a.seq - b.seq);
    const current = phases.find((p) => p.phaseId === game?.currentPhase)?.seq ?? Number.POSITIVE_INFINITY;
    const records: HistoryRecord[] = phases
      .filter((p) => p.seq < current && p.resultsText !== null && p.processedAt !== null)
      .map((p) => ({ kind: 'results', at: p.processedAt!, phaseId: p.phaseId, text: p.resultsText! }));
    for (const n of this.state.notices.filter((n) => n.gameId === gameId))
      records.push({ kind: 'notice', at: n.createdAt, phaseId: n.phaseId, subject: n.subject, body: n.body });
    for (const p of this.state.press.filter((p) => p.gameId === gameId && p.broadcast)) {
      const seat = this.state.seats.find((s) => s.id === p.senderSeatId);
      const sender = seat?.role === 'master' ? 'M' : seat?.role === 'observer' || seat?.role === 'monitor' ? 'O' : (seat?.power ?? null);
      records.push({
        kind: 'broadcast',
        at: p.createdAt,
        phaseId: p.phaseId,
        sender,
        press: {
          kind: p.kind,
          broadcast: p.broadcast,
          recipients: p.recipients,
          shownRecipients: p.shownRecipients,
          shownBroadcast: p.shownBroadcast,
          fakeSender: p.fakeSender,
          body: p.body,
        },
      });
    }
    return structuredClone(records.sort((a, b) => a.at.getTime() - b.at.getTime()));
  }

  async scheduleJob(job: GameJob): Promise<void> {
    this.state.jobs = this.state.jobs.filter((j) => j.dedupeKey !== job.dedupeKey);
    this.state.jobs.push(structuredClone({ ...job, id: this.id() }));
  }

  async scheduleJobs(jobs: readonly GameJob[]): Promise<void> {
    for (const job of jobs) await this.scheduleJob(job);
  }

  async cancelJobs(gameId: number): Promise<void> {
    this.state.jobs = this.state.jobs.filter((j) => j.gameId !== gameId);
  }

  async cancelJob(dedupeKey: string): Promise<void> {
    this.state.jobs = this.state.jobs.filter((j) => j.dedupeKey !== dedupeKey);
  }
}

function toSeatRecord(row: SeatRow): SeatRecord {
  return {
    id: row.id,
    role: row.role,
    power: row.power,
    address: row.address,
    status: row.status,
    wait: row.wait,
    passwordHash: row.passwordHash,
    name: row.name,
    timeZone: row.timeZone,
    mapPictures: row.mapPictures,
    preferences: row.preferences ?? [],
    extraAddresses: row.extraAddresses ?? [],
  };
}

function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
