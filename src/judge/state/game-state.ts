import type { PhaseId } from '../../engine/types.ts';
import type { OrdersAheadRecord } from '../diplomacy/orders-ahead-format.ts';
import { mailAddress, type Game } from '../model.ts';
import type { AbsenceRecord, GameAggregate, GamePatch, PhaseRecord, SeatPatch, SeatRecord, StorageChange, StoredOrders } from '../ports.ts';

// One game's state as a value, and the pure updates the judge's writes make to it (issue 27). The
// unit of work holds a game as it was loaded and applies each write of a mail here, so the mail's
// later reads see it before the store does; the store applies the same writes, as data, in SQL.
// What a state does not know (a part not loaded, an earlier phase not read) it says so, rather than
// guess: a write the store would make from rows not held here leaves that part unknown, to be read.
// A store that keeps its games as states (the in-memory store of the tests) holds them complete:
// then nothing is unknown, and the same writes say what the store keeps.

/** What is known of one game: its row, and each part once read (absent, or not in a map: not known). */
export interface GameState {
  readonly game: Game;
  readonly seats?: readonly SeatRecord[];
  /** By phase; null: no such phase is stored. */
  readonly phases: ReadonlyMap<PhaseId, PhaseRecord | null>;
  /** The orders stored for each phase, by power. */
  readonly orders: ReadonlyMap<PhaseId, readonly StoredOrders[]>;
  /** Whether each phase's punctuality was judged (dedication). */
  readonly punctualityJudged: ReadonlyMap<PhaseId, boolean>;
  readonly absences?: readonly AbsenceRecord[];
  /** The powers' orders ahead on file, by phase and power. */
  readonly ordersAhead?: readonly OrdersAheadRecord[];
  /**
   * Every stored part is here (a store's own state): a phase not in `phases` is not stored, a stored
   * phase with no entry in `orders` has none, and the seats are known whatever changes hands.
   */
  readonly complete?: true;
}

/** The writes that change a game's state; the others (mail, jobs, records, press …) leave it as it is. */
export type GameChange = Extract<
  StorageChange,
  {
    readonly kind:
      | 'updateGame'
      | 'updateSeat'
      | 'removeSeat'
      | 'changeHolder'
      | 'judgePunctuality'
      | 'replaceAbsences'
      | 'savePhase'
      | 'discardPhasesAfter'
      | 'setPhaseDeadline'
      | 'saveOrders'
      | 'replaceOrders'
      | 'saveOrdersAhead'
      | 'discardOrdersAhead';
  }
>;

const GAME_CHANGES: ReadonlySet<StorageChange['kind']> = new Set<GameChange['kind']>([
  'updateGame',
  'updateSeat',
  'removeSeat',
  'changeHolder',
  'judgePunctuality',
  'replaceAbsences',
  'savePhase',
  'discardPhasesAfter',
  'setPhaseDeadline',
  'saveOrders',
  'replaceOrders',
  'saveOrdersAhead',
  'discardOrdersAhead',
]);

export function isGameChange(change: StorageChange): change is GameChange {
  return GAME_CHANGES.has(change.kind);
}

/** A game as the store loads it whole (open, loadGames): its current phase with its orders. */
export function gameStateOf(aggregate: GameAggregate): GameState {
  const { game, seats, phase, punctualityJudged, orders, absences, ordersAhead } = aggregate;
  const current = game.currentPhase;
  return {
    game,
    seats,
    phases: current === null ? new Map() : new Map([[current, phase]]),
    orders: current === null || phase === null ? new Map() : new Map([[current, orders]]),
    punctualityJudged: current === null || phase === null ? new Map() : new Map([[current, punctualityJudged]]),
    absences,
    ordersAhead,
  };
}

/** A game of which only its row is known (found by name, just created). */
export function gameRowState(game: Game): GameState {
  return { game, phases: new Map(), orders: new Map(), punctualityJudged: new Map() };
}

/** The state after `change`, as the store will hold it; the same state when the change is not about this game. */
export function applyGameChange(state: GameState, change: GameChange): GameState {
  const id = state.game.id;
  switch (change.kind) {
    case 'updateGame': {
      const [gameId, patch] = change.args;
      return gameId === id ? { ...state, game: patchedGame(state.game, patch) } : state;
    }
    case 'updateSeat': {
      const [seatId, patch] = change.args;
      return withSeat(state, seatId, (seat) => [patchedSeat(seat, patch)]);
    }
    case 'removeSeat':
      return withSeat(state, change.args[0], () => []);
    case 'changeHolder': {
      // The store may clear the seat's further addresses (by the holder it had): the seats are to be read anew
      // (a store's own state is told of that by the seat's own update).
      if (state.complete || !state.seats?.some((seat) => seat.id === change.args[0])) return state;
      const { seats: _stale, ...rest } = state;
      return rest;
    }
    case 'judgePunctuality': {
      const [gameId, phaseId] = change.args;
      return gameId === id ? { ...state, punctualityJudged: withEntry(state.punctualityJudged, phaseId, true) } : state;
    }
    case 'replaceAbsences': {
      const [gameId, seatId, absences] = change.args;
      if (gameId !== id || !state.absences) return state;
      const kept = state.absences.filter((absence) => absence.seatId !== seatId);
      const added = absences.map((absence) => ({ seatId, start: absence.start, end: absence.end }));
      return { ...state, absences: [...kept, ...added].sort((a, b) => a.start.getTime() - b.start.getTime()) };
    }
    case 'savePhase': {
      const [gameId, phase] = change.args;
      if (gameId !== id) return state;
      // A phase stored again (after a ROLLBACK) keeps the orders the store has for it: unknown here until read.
      return {
        ...state,
        phases: withEntry(state.phases, phase.phaseId, { phaseId: phase.phaseId, seq: phase.seq, position: phase.position, deadline: phase.deadline ?? null }),
        orders: state.complete ? withEntry(state.orders, phase.phaseId, state.orders.get(phase.phaseId) ?? []) : without(state.orders, phase.phaseId),
        punctualityJudged: withEntry(state.punctualityJudged, phase.phaseId, false),
      };
    }
    case 'discardPhasesAfter': {
      const [gameId, seq] = change.args;
      if (gameId !== id) return state;
      const kept = new Set([...state.phases].filter(([, phase]) => phase !== null && phase.seq <= seq).map(([phaseId]) => phaseId));
      return {
        ...state,
        phases: new Map([...state.phases].map(([phaseId, phase]) => [phaseId, phase !== null && phase.seq > seq ? null : phase] as const)),
        orders: new Map([...state.orders].filter(([phaseId]) => kept.has(phaseId))),
        punctualityJudged: new Map([...state.punctualityJudged].filter(([phaseId]) => kept.has(phaseId))),
      };
    }
    case 'setPhaseDeadline': {
      const [gameId, phaseId, deadline] = change.args;
      const phase = gameId === id ? state.phases.get(phaseId) : undefined;
      return phase ? { ...state, phases: withEntry(state.phases, phaseId, { ...phase, deadline }) } : state;
    }
    case 'saveOrders': {
      const [gameId, phaseId, orders] = change.args;
      const held = gameId === id ? (state.orders.get(phaseId) ?? (state.complete ? [] : undefined)) : undefined;
      if (!held) return state;
      return { ...state, orders: withEntry(state.orders, phaseId, byPower([...held.filter((o) => o.power !== orders.power), asStored(orders)])) };
    }
    case 'replaceOrders': {
      const [gameId, phaseId, orders] = change.args;
      return gameId === id ? { ...state, orders: withEntry(state.orders, phaseId, byPower(orders.map(asStored))) } : state;
    }
    case 'saveOrdersAhead': {
      const [gameId, record] = change.args;
      if (gameId !== id || !state.ordersAhead) return state;
      const others = state.ordersAhead.filter((r) => r.power !== record.power || r.phaseId !== record.phaseId);
      return { ...state, ordersAhead: byPhaseAndPower([...others, record]) };
    }
    case 'discardOrdersAhead': {
      const [gameId, which] = change.args;
      if (gameId !== id || !state.ordersAhead) return state;
      return { ...state, ordersAhead: state.ordersAhead.filter((r) => !which.some((w) => w.power === r.power && w.phaseId === r.phaseId)) };
    }
  }
}

/** Replaces the seat with `seatId`, when this game holds it, by what `update` gives: one seat, or none. */
function withSeat(state: GameState, seatId: number, update: (seat: SeatRecord) => SeatRecord[]): GameState {
  if (!state.seats?.some((seat) => seat.id === seatId)) return state;
  return { ...state, seats: state.seats.flatMap((seat) => (seat.id === seatId ? update(seat) : [seat])) };
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
export function asStored(orders: StoredOrders): StoredOrders {
  const parsed = orders.parsed ? { ...orders.parsed, orders: orders.parsed.orders.map((order) => ({ ...order, text: order.text.toWellFormed() })) } : null;
  return { ...orders, lines: orders.lines.map((line) => line.toWellFormed()), parsed };
}

/** Orders ahead as the store lists them: by phase, then power. */
export function byPhaseAndPower<T extends OrdersAheadRecord>(records: T[]): T[] {
  const key = (r: OrdersAheadRecord) => `${r.phaseId} ${r.power}`;
  return records.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Orders as the store lists them: by power. */
export function byPower<T extends StoredOrders>(orders: T[]): T[] {
  return orders.sort((a, b) => (a.power < b.power ? -1 : a.power > b.power ? 1 : 0));
}

/** The game row after `patch`; its privacy word's hash is not part of the row the judge holds. */
export function patchedGame(game: Game, patch: GamePatch): Game {
  const { signonGates, privateWordHash: _notHeld, ...fields } = patch;
  return {
    ...game,
    ...(definedOnly(fields) as Partial<Game>),
    ...(signonGates !== undefined && game.signonGates !== undefined ? { signonGates: { ...game.signonGates, ...definedOnly(signonGates) } } : {}),
  };
}

/** The seat after `patch`; its votes are not part of the seat the judge holds (votes() reads them). */
export function patchedSeat(seat: SeatRecord, patch: SeatPatch): SeatRecord {
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
