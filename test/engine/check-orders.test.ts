import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { adjudicatePhase } from '../../src/engine/adjudicate-phase.ts';
import { checkPhaseOrders, powersAdjusting } from '../../src/engine/check-orders.ts';
import type { SubmittedOrder } from '../../src/engine/results.ts';
import { powerEntries, locationId as loc, provinceId as prov } from '../../src/engine/ids.ts';
import type { Position } from '../../src/engine/types.ts';
import { parseOrderLine } from '../../src/orders/index.ts';

// Checking a set of orders (the judge does it on every mail) must say what adjudicating them
// would say of each order -- illegal and why, how it was read, which units get no order -- without
// resolving anything: the same facts as the adjudication's results, for every kind of phase.

const variant = loadVariant('standard');

function orders(position: Position, lines: Record<string, string[]>): SubmittedOrder[] {
  const type = position.phase.endsWith('M') ? 'movement' : position.phase.endsWith('R') ? 'retreat' : 'adjustment';
  return powerEntries(lines).flatMap(([power, texts]) =>
    texts.flatMap((text) => parseOrderLine(text, variant.map, type).flatMap((parsed) => (parsed.ok ? [{ power, order: parsed.order }] : []))),
  );
}

/** The facts a check gives, read from a full adjudication's results instead. */
function fromAdjudication(position: Position, submitted: readonly SubmittedOrder[]) {
  const results = adjudicatePhase(variant, position, submitted).results;
  return {
    illegal: results
      .filter((r) => r.input !== null && r.outcome === 'illegal')
      .map((r) => ({ input: r.input!, power: r.power, unit: r.unit, reason: r.reason ?? { code: 'not-given' } })),
    notes: results
      .filter((r) => r.input !== null && r.outcome !== 'illegal')
      .flatMap((r) => r.notes.map((note) => ({ input: r.input!, power: r.power, note }))),
    defaulted: results.filter((r) => r.input === null).map((r) => ({ power: r.power, unit: r.unit })),
  };
}

function expectSameFacts(position: Position, submitted: readonly SubmittedOrder[]) {
  const check = checkPhaseOrders(variant, position, submitted);
  const expected = fromAdjudication(position, submitted);
  const sorted = <T>(list: readonly T[]) => [...list].map((x) => JSON.stringify(x)).sort();
  expect(sorted(check.illegal)).toEqual(sorted(expected.illegal));
  expect(sorted(check.notes)).toEqual(sorted(expected.notes));
  expect(sorted(check.defaulted)).toEqual(sorted(expected.defaulted));
  return check;
}

describe('checking orders without adjudicating them', () => {
  const start = variant.startingPosition();

  it('movement: illegal orders with their reasons, notes, replaced orders and units left without orders', () => {
    const submitted = orders(start, {
      FRANCE: ['A Par - Bur', 'F Par - Pic', 'F Bre - Lon', 'A Mar - Spa/sc'],
      ENGLAND: ['F Lon - Nth', 'F Lon - Eng', 'A Lvp - Edi', 'F Edi S F Lon - Nth'],
      RUSSIA: ['F Stp - Bot', 'A Mos - Sev', 'A War S A Mos - Ukr'],
      TURKEY: ['A Smy - Sev'],
    });
    const check = expectSameFacts(start, submitted);
    expect(check.illegal.length).toBeGreaterThan(2);
    expect(check.notes.length).toBeGreaterThan(0);
    expect(check.defaulted.some((d) => d.power === 'GERMANY')).toBe(true);
  });

  it('retreats and adjustments give the same facts as their adjudication', () => {
    const spring = adjudicatePhase(variant, start, orders(start, { GERMANY: ['A Mun - Bur'], FRANCE: ['A Par - Bur'] })).position;
    const fall = adjudicatePhase(
      variant,
      spring,
      orders(spring, { GERMANY: ['A Mun - Bur', 'A Ber - Mun', 'F Kie - Ruh'], FRANCE: ['A Mar - Bur', 'A Par - Bur'], AUSTRIA: ['A Vie - Bud'] }),
    ).position;
    // A contrived retreat: a French army is dislodged from Burgundy with two ways out.
    const retreat: Position = {
      ...fall,
      phase: 'F1901R',
      dislodged: [{ power: 'FRANCE', type: 'A', location: loc('bur'), retreats: [loc('pic'), loc('gas')], attackerFrom: prov('mun') }],
    };
    expectSameFacts(retreat, orders(retreat, { FRANCE: ['A Bur - Pic', 'A Bur - Bel'] }));
    expectSameFacts(retreat, orders(retreat, { FRANCE: ['A Bur - Bre'] }));
    expectSameFacts(retreat, []);
    // Winter: Germany has a centre more than units, France one fewer.
    const winter: Position = {
      ...start,
      phase: 'W1901A',
      supplyCenters: { ...start.supplyCenters, GERMANY: [...start.supplyCenters.GERMANY!, prov('hol')], FRANCE: [prov('par'), prov('bre')] },
    };
    expect([...powersAdjusting(variant, winter)].sort()).toEqual(['FRANCE', 'GERMANY']);
    expectSameFacts(winter, orders(winter, { GERMANY: ['Build A Kie', 'Build A Ber'], FRANCE: ['Build F Bre'], ITALY: ['Remove A Rom'] }));
    expectSameFacts(winter, orders(winter, { FRANCE: ['Remove A Mar', 'Remove F Bre'] }));
    expectSameFacts(winter, []);
  });
});
