import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PhaseId, Position, PowerId } from '../../../src/engine/types.ts';
import { mailAddress, type Game } from '../../../src/judge/model.ts';
import type { GameAggregate, HeldWrite, JudgeTransaction, SeatRecord, StorageChange, StoredOrders, StoreTransaction } from '../../../src/judge/ports.ts';
import { applyGameChange, gameStateOf, isGameChange, type GameChange, type GameState } from '../../../src/judge/state/game-state.ts';
import { gameName } from '../../support/names.ts';

// A game's state as a value and the pure updates of the judge's writes (src/judge/state/game-state.ts),
// on states alone: no store, no unit of work.

const S1901M = 'S1901M' as PhaseId;
const F1901M = 'F1901M' as PhaseId;
const POSITION = { units: [], supplyCentres: {}, dislodged: [] } as unknown as Position;

const GAME: Game = {
  id: 7,
  name: gameName('demo'),
  variant: 'standard',
  status: 'active',
  rules: [],
  description: '',
  listed: true,
  currentPhase: S1901M,
  proposal: null,
  timing: null,
  timeZone: 'UTC',
  deadline: null,
  grace: null,
  processStart: null,
  processDelayMinutes: null,
  processAt: null,
  signonGates: { minDedication: null, minOnTimeRatio: null, maxCivilDisorderRatio: null },
  options: {},
  ending: null,
  kind: 'diplomacy',
  kindState: null,
};

function seat(id: number, power: string): SeatRecord {
  return {
    id,
    role: 'power',
    power: power as PowerId,
    address: mailAddress(`${power.toLowerCase()}@players.example`),
    status: 'active',
    wait: false,
    passwordHash: null,
    name: null,
    timeZone: null,
    mapPictures: true,
    preferences: [],
    extraAddresses: [],
  };
}

const orders = (power: string, line: string): StoredOrders => ({ power: power as PowerId, lines: [line], parsed: null, submitted: true, hasErrors: false });

const LOADED: GameAggregate = {
  game: GAME,
  seats: [seat(1, 'F'), seat(2, 'E')],
  phase: { phaseId: S1901M, seq: 1, position: POSITION, deadline: null },
  punctualityJudged: false,
  orders: [orders('F', 'A Par H')],
  absences: [],
  ordersAhead: [],
  passwordFailures: [],
};

function applied(state: GameState, ...changes: StorageChange[]): GameState {
  return changes.reduce((at, change) => (isGameChange(change) ? applyGameChange(at, change) : at), state);
}

describe("a game's state and its pure updates", () => {
  it('holds a loaded game with its current phase, orders and punctuality', () => {
    const state = gameStateOf(LOADED);
    expect(state.phases.get(S1901M)?.seq).toBe(1);
    expect(state.orders.get(S1901M)).toEqual([orders('F', 'A Par H')]);
    expect(state.punctualityJudged.get(S1901M)).toBe(false);
    expect(state.phases.has(F1901M)).toBe(false);
  });

  it('patches the game and a seat, keeps orders by power, and leaves other games alone', () => {
    const state = applied(
      gameStateOf(LOADED),
      { kind: 'updateGame', args: [7, { description: 'held', signonGates: { minDedication: 3 } }] },
      { kind: 'updateSeat', args: [2, { wait: true, address: mailAddress('Moved@Players.Example'), drawVote: ['E' as PowerId] }] },
      { kind: 'saveOrders', args: [7, S1901M, orders('E', 'F Lon H')] },
      { kind: 'updateGame', args: [8, { description: 'another game' }] },
    );
    expect(state.game.description).toBe('held');
    expect(state.game.signonGates).toEqual({ minDedication: 3, minOnTimeRatio: null, maxCivilDisorderRatio: null });
    expect(state.seats?.[1]).toMatchObject({ wait: true, address: 'moved@players.example' });
    expect(state.seats?.[1]).not.toHaveProperty('drawVote');
    expect(state.orders.get(S1901M)?.map((o) => o.power)).toEqual(['E', 'F']);
  });

  it('stores lone surrogates as the store gives them back', () => {
    const state = applied(gameStateOf(LOADED), { kind: 'saveOrders', args: [7, S1901M, orders('E', 'F Lon \uD800H')] });
    expect(state.orders.get(S1901M)?.[0]?.lines).toEqual(['F Lon \uFFFDH']);
  });

  it("a new phase has no orders known (a phase stored again keeps the store's), and discarding later phases forgets them", () => {
    const next = applied(gameStateOf(LOADED), { kind: 'savePhase', args: [7, { phaseId: F1901M, seq: 2, position: POSITION }] });
    expect(next.phases.get(F1901M)).toEqual({ phaseId: F1901M, seq: 2, position: POSITION, deadline: null });
    expect(next.orders.has(F1901M)).toBe(false);
    expect(next.punctualityJudged.get(F1901M)).toBe(false);
    const rolledBack = applied(next, { kind: 'discardPhasesAfter', args: [7, 1] });
    expect(rolledBack.phases.get(F1901M)).toBeNull();
    expect(rolledBack.orders.get(S1901M)).toEqual([orders('F', 'A Par H')]);
    expect(rolledBack.punctualityJudged.has(F1901M)).toBe(false);
  });

  it("a store's complete state knows what a held one leaves unknown: a phase stored again keeps its orders, a phase with none takes them", () => {
    const complete: GameState = { ...gameStateOf(LOADED), complete: true };
    const again = applied(complete, { kind: 'savePhase', args: [7, { phaseId: S1901M, seq: 1, position: POSITION }] });
    expect(again.orders.get(S1901M)).toEqual([orders('F', 'A Par H')]);
    const next = applied(
      complete,
      { kind: 'savePhase', args: [7, { phaseId: F1901M, seq: 2, position: POSITION }] },
      { kind: 'saveOrders', args: [7, F1901M, orders('E', 'F Lon H')] },
      { kind: 'changeHolder', args: [1, mailAddress('new@players.example'), 'takeover'] },
    );
    expect(next.orders.get(F1901M)).toEqual([orders('E', 'F Lon H')]);
    expect(next.seats).toHaveLength(2);
  });

  it('forgets the seats when a holder changes, since the store may clear their further addresses', () => {
    const state = applied(gameStateOf(LOADED), { kind: 'changeHolder', args: [1, mailAddress('new@players.example'), 'takeover'] });
    expect(state.seats).toBeUndefined();
    const untouched = gameStateOf(LOADED);
    expect(applied(untouched, { kind: 'changeHolder', args: [99, mailAddress('x@players.example'), 'takeover'] })).toBe(untouched);
  });

  it("replaces one seat's absences in date order and leaves unknown parts unknown", () => {
    const start = new Date('2026-12-01T00:00:00Z');
    const end = new Date('2026-12-05T00:00:00Z');
    const state = applied(gameStateOf(LOADED), { kind: 'replaceAbsences', args: [7, 2, [{ start, end }]] });
    expect(state.absences).toEqual([{ seatId: 2, start, end }]);
    const { absences: _unknown, ...withoutAbsences } = gameStateOf(LOADED);
    expect(applied(withoutAbsences, { kind: 'replaceAbsences', args: [7, 2, [{ start, end }]] }).absences).toBeUndefined();
  });

  it('keeps orders ahead by phase and power, and withdraws them', () => {
    const block = (power: string, phaseId: PhaseId) => ({ power: power as PowerId, phaseId, steps: [] });
    const state = applied(
      gameStateOf(LOADED),
      { kind: 'saveOrdersAhead', args: [7, block('F', F1901M)] },
      { kind: 'saveOrdersAhead', args: [7, block('E', F1901M)] },
      { kind: 'discardOrdersAhead', args: [7, [{ power: 'F' as PowerId, phaseId: F1901M }]] },
    );
    expect(state.ordersAhead?.map((r) => r.power)).toEqual(['E']);
  });

  it('says which writes change a game', () => {
    const change = (kind: StorageChange['kind']) => ({ kind, args: [] }) as unknown as StorageChange;
    expect(isGameChange(change('savePhase'))).toBe(true);
    expect(isGameChange(change('enqueueMail'))).toBe(false);
    expect(isGameChange(change('recordResults'))).toBe(false);
    const kinds: GameChange['kind'][] = ['updateGame', 'removeSeat'];
    expect(kinds.every((kind) => isGameChange(change(kind)))).toBe(true);
  });
});

describe('who writes a game', () => {
  it('a store takes the held writes only as data: StoreTransaction has none of them as a method', () => {
    expectTypeOf<Extract<keyof StoreTransaction, HeldWrite>>().toBeNever();
    expectTypeOf<StoreTransaction>().toHaveProperty('apply');
    expectTypeOf<JudgeTransaction>().toHaveProperty('updateGame');
  });
});
