import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { adjudicatePhase } from '../../src/engine/adjudicate-phase.ts';
import { provinceOf } from '../../src/engine/map.ts';
import type { SubmittedOrder } from '../../src/engine/results.ts';
import type { Order, PhaseId, Position, Unit, UnitType } from '../../src/engine/types.ts';

// Properties of the movement adjudication over random boards and random (mostly legal) orders.

const variant = loadVariant('standard');
const map = variant.map;
const powers = variant.powers.map((p) => p.id);

const unitArbitrary = fc.record({
  province: fc.integer({ min: 0, max: map.size - 1 }),
  type: fc.constantFrom<UnitType>('A', 'F'),
  power: fc.constantFrom(...powers),
  coastPick: fc.nat(),
});

const boardArbitrary = fc.array(unitArbitrary, { minLength: 2, maxLength: 34 }).map((raw) => {
  const taken = new Set<string>();
  const units: Unit[] = [];
  for (const r of raw) {
    const province = map.provinces[r.province]!;
    if (taken.has(province.id)) continue;
    const locations = map.locationsOf(province).filter((l) => map.canOccupy(r.type, l));
    const fallback = map.canOccupy('A', province.id) ? 'A' : 'F';
    const type: UnitType = locations.length > 0 ? r.type : fallback;
    const options = map.locationsOf(province).filter((l) => map.canOccupy(type, l));
    if (options.length === 0) continue;
    taken.add(province.id);
    units.push({ power: r.power, type, location: options[r.coastPick % options.length]! });
  }
  return units;
});

function orderFor(units: readonly Unit[], index: number, pick: readonly number[]): Order {
  const unit = units[index]!;
  const self = { type: unit.type, location: unit.location };
  const moves = map.movesFrom(unit.type, unit.location);
  const other = units[pick[1]! % units.length]!;
  const otherMoves = map.movesFrom(other.type, other.location);
  switch (pick[0]! % 6) {
    case 0:
      return { kind: 'hold', unit: self };
    case 1:
    case 2:
      return { kind: 'move', unit: self, to: moves[pick[2]! % Math.max(1, moves.length)] ?? unit.location, viaConvoy: false, route: [] };
    case 3:
      return { kind: 'support', unit: self, supported: { type: null, location: other.location }, to: null };
    case 4: {
      const to = otherMoves[pick[2]! % Math.max(1, otherMoves.length)];
      return { kind: 'support', unit: self, supported: { type: null, location: other.location }, to: to ? provinceOf(to) : null };
    }
    default: {
      const target = map.provinces[pick[2]! % map.size]!.id;
      return { kind: 'convoy', unit: self, army: { type: 'A', location: other.location }, to: target };
    }
  }
}

const scenarioArbitrary = boardArbitrary.chain((units) =>
  fc.tuple(
    fc.constant(units),
    fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { minLength: units.length, maxLength: units.length }),
    fc.constantFrom('S1901M', 'F1901M'),
  ),
);

function scenario([units, picks, phase]: [Unit[], [number, number, number][], PhaseId]): { position: Position; orders: SubmittedOrder[] } {
  const position: Position = { variant: 'standard', phase, units, dislodged: [], supplyCenters: variant.startingPosition().supplyCenters };
  const orders = units.map((unit, i) => ({ power: unit.power, order: orderFor(units, i, picks[i]!) }));
  return { position, orders };
}

function outcomesByUnit(results: ReturnType<typeof adjudicatePhase>['results']): string[] {
  return results
    .filter((r) => r.order !== null)
    .map((r) => `${r.unit} ${r.order!.kind} ${r.outcome} ${r.markers.join(',')}`)
    .sort();
}

describe('movement adjudication properties', () => {
  it('never throws, keeps one unit per province and conserves units', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (raw) => {
        const { position, orders } = scenario(raw);
        const outcome = adjudicatePhase(variant, position, orders);
        const after = outcome.position;
        expect(after.units.length + after.dislodged.length).toBe(position.units.length);
        const provinces = after.units.map((u) => provinceOf(u.location));
        expect(new Set(provinces).size).toBe(provinces.length);
        for (const unit of after.units) expect(map.canOccupy(unit.type, unit.location)).toBe(true);
        for (const d of after.dislodged) {
          for (const r of d.retreats) expect(provinces).not.toContain(provinceOf(r));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic and independent of the order in which orders arrive', () => {
    fc.assert(
      fc.property(scenarioArbitrary, fc.nat(), (raw, seed) => {
        const { position, orders } = scenario(raw);
        const first = adjudicatePhase(variant, position, orders);
        const again = adjudicatePhase(variant, position, orders);
        expect(again).toEqual(first);
        const shuffled = [...orders].sort((a, b) => ((orders.indexOf(a) * 7919 + seed) % 101) - ((orders.indexOf(b) * 7919 + seed) % 101));
        const permuted = adjudicatePhase(variant, position, shuffled);
        expect(outcomesByUnit(permuted.results)).toEqual(outcomesByUnit(first.results));
        const sortUnits = (u: readonly Unit[]) => [...u].map((x) => `${x.power} ${x.type} ${x.location}`).sort();
        expect(sortUnits(permuted.position.units)).toEqual(sortUnits(first.position.units));
        expect(sortUnits(permuted.position.dislodged)).toEqual(sortUnits(first.position.dislodged));
      }),
      { numRuns: 200 },
    );
  });

  it('moves a unit only where one order sent it', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (raw) => {
        const { position, orders } = scenario(raw);
        const outcome = adjudicatePhase(variant, position, orders);
        for (const result of outcome.results) {
          if (result.order?.kind !== 'move' || result.outcome !== 'succeeds') continue;
          const target = (result.order as Extract<Order, { kind: 'move' }>).to;
          expect(outcome.position.units.some((u) => u.location === target && u.power === result.power)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
