import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { locationId as loc, provinceId as prov } from '../../src/engine/ids.ts';
import type { OrderReason, OrderReasonCode, OrderResult } from '../../src/engine/results.ts';
import { readStoredOrderResults, storedResultsJson } from '../../src/judge/diplomacy/stored-results.ts';
import { orderReasonText, storedOrderReasonText } from '../../src/render/order-reasons.ts';

// Every code of the engine's OrderReason goes into phases.results as JSON and comes back the same
// typed reason, which render words as it words the engine's own (issue 27). Pure: no store. The
// table is typed by code, so a code added to the engine and not here fails to compile, and one
// missing from the stored form's schema fails here.

const SAMPLES: { readonly [C in OrderReasonCode]: Extract<OrderReason, { readonly code: C }> } = {
  bounced: { code: 'bounced' },
  'convoy-disrupted': { code: 'convoy-disrupted' },
  'not-convoyed': { code: 'not-convoyed' },
  dislodged: { code: 'dislodged' },
  'support-not-matched': { code: 'support-not-matched' },
  'supporter-dislodged': { code: 'supporter-dislodged' },
  'support-cut': { code: 'support-cut' },
  'convoy-not-matched': { code: 'convoy-not-matched' },
  'convoying-fleet-dislodged': { code: 'convoying-fleet-dislodged' },
  'carried-by-other-fleets': { code: 'carried-by-other-fleets' },
  'no-convoy-fleets': { code: 'no-convoy-fleets', from: prov('lon'), to: prov('bre') },
  'retreat-outside-retreat-phase': { code: 'retreat-outside-retreat-phase' },
  'adjustment-outside-adjustment-phase': { code: 'adjustment-outside-adjustment-phase' },
  'retreat-phase-orders-only': { code: 'retreat-phase-orders-only' },
  'adjustment-phase-orders-only': { code: 'adjustment-phase-orders-only' },
  replaced: { code: 'replaced' },
  'not-given': { code: 'not-given' },
  'unit-not-found': { code: 'unit-not-found' },
  'no-own-unit': { code: 'no-own-unit', power: 'FRANCE', province: prov('mun'), dislodged: true },
  'unit-of-other-power': { code: 'unit-of-other-power', province: prov('mun'), owner: 'GERMANY', power: 'FRANCE' },
  'no-unit': { code: 'no-unit', province: prov('bur') },
  'wrong-unit-type': { code: 'wrong-unit-type', location: loc('stp/sc'), unitType: 'F', written: 'A' },
  'already-there': { code: 'already-there', unitType: 'A', province: prov('par') },
  'army-to-sea': { code: 'army-to-sea', province: prov('eng') },
  'no-convoy-route': { code: 'no-convoy-route', from: prov('par'), to: prov('lon') },
  'not-adjacent': { code: 'not-adjacent', from: prov('par'), to: prov('mos') },
  'only-armies-convoyed': { code: 'only-armies-convoyed' },
  'fleet-inland': { code: 'fleet-inland', province: prov('bur') },
  'fleet-cannot-reach': { code: 'fleet-cannot-reach', from: loc('stp/nc'), to: loc('bot') },
  'fleet-cannot-move': { code: 'fleet-cannot-move', from: loc('spa/sc'), to: prov('gas') },
  'coast-needed': { code: 'coast-needed', province: prov('spa'), options: [loc('spa/nc'), loc('spa/sc')] },
  'no-unit-to-support': { code: 'no-unit-to-support', province: prov('bur') },
  'support-self': { code: 'support-self' },
  'cannot-reach-to-support-hold': { code: 'cannot-reach-to-support-hold', unitType: 'F', from: prov('bre'), to: prov('par') },
  'cannot-reach-to-support-move': { code: 'cannot-reach-to-support-move', unitType: 'A', from: prov('par'), to: prov('mun') },
  'cannot-support-across': { code: 'cannot-support-across', from: prov('spa'), to: prov('gol') },
  'supported-already-there': { code: 'supported-already-there', province: prov('par') },
  'support-into-own-province': { code: 'support-into-own-province' },
  'supported-cannot-reach': { code: 'supported-cannot-reach', unitType: 'A', from: prov('par'), to: prov('mos') },
  'owner-only-border': { code: 'owner-only-border', centre: prov('con'), from: prov('bla'), to: prov('aeg') },
  'only-fleets-convoy': { code: 'only-fleets-convoy' },
  'fleet-cannot-convoy-here': { code: 'fleet-cannot-convoy-here', province: prov('bre') },
  'no-unit-to-convoy': { code: 'no-unit-to-convoy', province: prov('lon') },
  'not-on-convoy-route': { code: 'not-on-convoy-route', fleet: prov('nao'), from: prov('lon'), to: prov('bel') },
  'retreat-gave-way': { code: 'retreat-gave-way' },
  'retreat-bounced': { code: 'retreat-bounced' },
  'cannot-retreat': { code: 'cannot-retreat', unit: loc('mun'), to: prov('sil'), retreats: [loc('boh'), loc('tyr')] },
  'fleet-cannot-retreat': { code: 'fleet-cannot-retreat', unit: loc('bre'), to: loc('spa/sc'), retreats: [] },
  'no-builds': { code: 'no-builds', power: 'ITALY' },
  'too-many-builds': { code: 'too-many-builds', power: 'RUSSIA', allowed: 1 },
  'no-removals': { code: 'no-removals', power: 'TURKEY' },
  'too-many-removals': { code: 'too-many-removals', power: 'AUSTRIA', allowed: 2 },
  'already-removed': { code: 'already-removed' },
  'no-adjustments': { code: 'no-adjustments', power: 'ENGLAND' },
  'partisan-site-closed': { code: 'partisan-site-closed', power: 'FRANCE', province: prov('par') },
  'not-home-centre': { code: 'not-home-centre', power: 'FRANCE', province: prov('bel') },
  'undetermined-home-chosen': { code: 'undetermined-home-chosen', power: 'GERMANY' },
  'not-owned': { code: 'not-owned', power: 'GERMANY', province: prov('hol') },
  'not-build-site': { code: 'not-build-site', power: 'GERMANY', province: prov('hol'), rule: 'owned-with-home' },
  occupied: { code: 'occupied', province: prov('ber') },
  'already-building': { code: 'already-building', province: prov('kie') },
  'unit-type-needed': { code: 'unit-type-needed', province: prov('kie') },
  'fleet-build-inland': { code: 'fleet-build-inland', province: prov('mun') },
};

const REASONS: readonly OrderReason[] = Object.values(SAMPLES);

/** A failed order of France's with `reason`, as the engine hands it back. */
function failed(reason: OrderReason): OrderResult {
  return {
    power: 'FRANCE',
    unit: loc('par'),
    order: null,
    input: 0,
    outcome: 'illegal',
    reason,
    markers: ['void'],
    notes: [{ kind: 'convoy-route-unchecked' }],
  };
}

describe('a typed reason kept in phases.results', () => {
  it('comes back the same for every code, through the JSON the store keeps', () => {
    expect(REASONS).toHaveLength(63);
    const kept = JSON.parse(JSON.stringify(storedResultsJson(REASONS.map(failed)))) as unknown;
    const read = readStoredOrderResults(kept, 'demo S1901M');
    expect(read.map((r) => r.reason)).toEqual(REASONS);
    expect(read[0]).toEqual({ power: 'FRANCE', unit: 'par', order: null, input: 0, outcome: 'illegal', markers: ['void'], reason: { code: 'bounced' } });
  });

  it('is kept as its code and fields, not its words', () => {
    const kept = JSON.parse(JSON.stringify(storedResultsJson([failed(SAMPLES['not-adjacent'])]))) as { reason: unknown }[];
    expect(kept[0]!.reason).toEqual({ code: 'not-adjacent', from: 'par', to: 'mos' });
  });

  it('is worded by render, read back, as the engine’s own reason is', () => {
    const variant = loadVariant('standard');
    const read = readStoredOrderResults(JSON.parse(JSON.stringify(storedResultsJson(REASONS.map(failed)))), 'demo S1901M');
    expect(read.map((r) => storedOrderReasonText(r.reason!, variant))).toEqual(REASONS.map((reason) => orderReasonText(reason, variant)));
    expect(storedOrderReasonText(read.find((r) => r.reason !== null && 'code' in r.reason && r.reason.code === 'not-adjacent')!.reason!, variant)).toBe(
      'Paris is not adjacent to Moscow',
    );
    expect(storedOrderReasonText({ words: 'The move bounced' }, variant)).toBe('The move bounced');
  });
});
