import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { adjudicatePhase, skippingIdleRetreats } from '../../src/engine/adjudicate-phase.ts';
import type { SubmittedOrder } from '../../src/engine/results.ts';
import type { PhaseId, Position, PowerId, Unit } from '../../src/engine/types.ts';
import { owesOrders } from '../../src/judge/diplomacy/order-set.ts';
import { parseOrderLine } from '../../src/orders/parse-order.ts';
import { locationId as loc } from '../../src/engine/ids.ts';

// njudge never opens a retreat phase in which nobody can retreat: units with nowhere to go are
// destroyed with the movement results. adjudicatePhase keeps the phase (the adjudicate format
// lists such units); skippingIdleRetreats is how the judge plays it.

const variant = loadVariant('standard');

function position(phase: PhaseId, units: Unit[]): Position {
  return { ...variant.startingPosition(), phase, units, dislodged: [] };
}

function orders(power: PowerId, ...lines: string[]): SubmittedOrder[] {
  return lines.map((line) => {
    const [parsed] = parseOrderLine(line, variant.map, 'movement');
    if (!parsed?.ok) throw new Error(`cannot read "${line}"`);
    return { power, order: parsed.order };
  });
}

// DATC 6.H.15: the fleet in Portugal is dislodged from Spain's south coast and has no retreat.
const cornered = [
  { power: 'ENGLAND', type: 'F', location: loc('por') },
  { power: 'FRANCE', type: 'F', location: loc('spa/sc') },
  { power: 'FRANCE', type: 'F', location: loc('mao') },
] as const satisfies readonly Unit[];
const attack = orders('FRANCE', 'F Spa/sc - Por', 'F Mao S F Spa/sc - Por');

describe('retreat phases nobody can play', () => {
  it('are skipped: the unit is gone and the next movement phase follows, with the movement results kept', () => {
    const outcome = adjudicatePhase(variant, position('S1901M', [...cornered]), attack);
    expect(outcome.position.phase).toBe('S1901R');
    expect(outcome.position.dislodged).toMatchObject([{ power: 'ENGLAND', location: 'por', retreats: [] }]);

    const played = skippingIdleRetreats(variant, outcome);
    expect(played.position.phase).toBe('F1901M');
    expect(played.position.dislodged).toEqual([]);
    expect(played.position.units.map((u) => `${u.power} ${u.location}`).sort()).toEqual(['FRANCE mao', 'FRANCE por']);
    expect(played.results).toBe(outcome.results);
  });

  it('in the autumn lead on to the adjustments with the centres taken', () => {
    const played = skippingIdleRetreats(variant, adjudicatePhase(variant, position('F1901M', [...cornered]), attack));
    expect(played.position.phase).toBe('W1901A');
    expect(played.position.supplyCenters.FRANCE).toContain('por');
    expect(played.position.supplyCenters.ENGLAND).not.toContain('por');
  });

  it('are kept when any dislodged unit can retreat, and then a power whose units cannot owes nothing', () => {
    const units: Unit[] = [
      ...cornered,
      { power: 'GERMANY', type: 'A', location: loc('mun') },
      { power: 'AUSTRIA', type: 'A', location: loc('tyr') },
      { power: 'AUSTRIA', type: 'A', location: loc('boh') },
    ];
    const outcome = skippingIdleRetreats(
      variant,
      adjudicatePhase(variant, position('S1901M', units), [...attack, ...orders('AUSTRIA', 'A Tyr - Mun', 'A Boh S A Tyr - Mun')]),
    );
    expect(outcome.position.phase).toBe('S1901R');
    expect(outcome.position.dislodged.map((u) => [u.power, u.retreats.length > 0])).toEqual(
      expect.arrayContaining([
        ['ENGLAND', false],
        ['GERMANY', true],
      ]),
    );
    expect(owesOrders(variant, outcome.position, 'GERMANY')).toBe(true);
    expect(owesOrders(variant, outcome.position, 'ENGLAND')).toBe(false);
  });
});
