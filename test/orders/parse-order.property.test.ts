import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { PHASE_TYPES, type Order, type PhaseType, type UnitRef } from '../../src/engine/types.ts';
import { formatOrder, parseOrderLine } from '../../src/orders/index.ts';
import { orderProblemText } from '../../src/render/order-problems.ts';

const map = loadVariant('standard').map;
const phase = fc.constantFrom<PhaseType>(...PHASE_TYPES);

function wellFormed(text: string, p: PhaseType): void {
  const results = parseOrderLine(text, map, p);
  expect(results.length).toBeGreaterThan(0);
  for (const result of results) {
    if (result.ok) expect(typeof result.order.kind).toBe('string');
    else {
      expect(typeof result.error.kind).toBe('string');
      expect(orderProblemText(result.error).length).toBeGreaterThan(0);
    }
  }
}

// Pieces of real orders, so that random lines reach deep into the grammar and not only the first error.
const vocabulary = [
  'A',
  'F',
  'Army',
  'Fleet',
  'H',
  'hold',
  'S',
  'supports',
  'C',
  'convoys',
  'D',
  'disband',
  'build',
  'b',
  'remove',
  'r',
  'waive',
  'm',
  'move',
  'to',
  'via',
  'by',
  'convoy',
  'Lon',
  'Nth',
  'Nwy',
  'St.',
  'Petersburg',
  'StP',
  'North',
  'Sea',
  'Mid',
  'Atlantic',
  'Ocean',
  'Spa',
  'Bul',
  'nc',
  'sc',
  'ec',
  'coast',
  'east',
  'west',
  'Xyz',
  'England:',
  'Gulf',
  'of',
  '-',
  '->',
  '=>',
  '/',
  '(',
  ')',
  ',',
  ';',
  '.',
  ':',
  ' ',
  '/nc',
  '(sc)',
  '\u2013',
  '\u00a0',
];

describe('parseOrderLine on arbitrary input', () => {
  it('never throws on random strings and always answers ok or an error', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), phase, (text, p) => wellFormed(text, p)),
      { numRuns: 2000 },
    );
  });

  it('never throws on random unicode text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), phase, (text, p) => wellFormed(text, p)),
      { numRuns: 1000 },
    );
  });

  it('never throws on random sequences of order words', () => {
    const line = fc.array(fc.constantFrom(...vocabulary), { maxLength: 14 }).map((words) => words.join(' '));
    const glued = fc.array(fc.constantFrom(...vocabulary), { maxLength: 14 }).map((words) => words.join(''));
    fc.assert(
      fc.property(fc.oneof(line, glued), phase, (text, p) => wellFormed(text, p)),
      { numRuns: 3000 },
    );
  });
});

describe('formatOrder and parseOrderLine agree', () => {
  const locations = map.provinces.flatMap((p) => map.locationsOf(p));
  const provinces = map.provinces.map((p) => p.id);
  const location = fc.constantFrom(...locations);
  const province = fc.constantFrom(...provinces);
  const unitType = fc.constantFrom('A' as const, 'F' as const, null);
  const unit: fc.Arbitrary<UnitRef> = fc.record({ type: unitType, location });

  const movementOrder: fc.Arbitrary<Order> = fc.oneof(
    unit.map((u): Order => ({ kind: 'hold', unit: u })),
    fc
      .record({ unit, to: location, route: fc.array(province, { maxLength: 3 }), via: fc.boolean() })
      .map(({ unit: u, to, route, via }): Order => ({ kind: 'move', unit: u, to, route, viaConvoy: via || route.length > 0 })),
    fc
      .record({ unit, supported: unit, to: fc.option(province, { nil: null }) })
      .map(({ unit: u, supported, to }): Order => ({ kind: 'support', unit: u, supported, to })),
    fc
      .record({ unit, army: fc.record({ type: fc.constantFrom('A' as const, null), location }), to: province })
      .map(({ unit: u, army, to }): Order => ({ kind: 'convoy', unit: u, army, to })),
  );

  it('parses every echo of a movement order back to that order', () => {
    fc.assert(
      fc.property(movementOrder, (order) => {
        const [result] = parseOrderLine(formatOrder(order, map), map, 'movement');
        expect(result?.ok && result.order).toEqual(order);
      }),
      { numRuns: 2000 },
    );
  });
});
