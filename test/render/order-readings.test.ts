import { describe, expect, it } from 'vitest';
import { adjudicatePhase } from '../../src/engine/adjudicate-phase.ts';
import { locationId as loc, provinceId as prov } from '../../src/engine/ids.ts';
import type { OrderReading, SubmittedOrder } from '../../src/engine/results.ts';
import { parseOrderLine } from '../../src/orders/index.ts';
import { orderReadingText } from '../../src/render/order-readings.ts';
import { position, standard, unit } from './helpers.ts';

// The engine says how it read an order as a typed value (OrderReading); these are the words the
// reply to orders and the adjudicate operation give it (the sentences the engine used to write).

function readings(units: Parameters<typeof position>[1], lines: readonly string[]): readonly OrderReading[] {
  const submitted: SubmittedOrder[] = lines.map((text) => {
    const parsed = parseOrderLine(text, standard.map, 'movement')[0]!;
    if (!parsed.ok) throw new Error(`${text}: ${parsed.error}`);
    return { power: 'FRANCE', order: parsed.order };
  });
  return adjudicatePhase(standard, position('S1901M', units), submitted).results.flatMap((r) => r.notes);
}

describe('order readings', () => {
  it('come from the engine as values, not words', () => {
    expect(readings([unit('FRANCE', 'A', loc('par'))], ['F Par - Bur'])).toEqual([{ kind: 'unit-type-read', province: 'par', unitType: 'A' }]);
    expect(readings([unit('FRANCE', 'F', loc('gas'))], ['F Gas - Spa'])).toEqual([{ kind: 'coast-inferred', location: 'spa/nc' }]);
    expect(readings([unit('FRANCE', 'A', loc('mar'))], ['A Mar - Spa/sc'])).toEqual([{ kind: 'army-coast-ignored', order: 'move' }]);
  });

  it('are worded by render as the judge has always written them', () => {
    const text = (reading: OrderReading) => orderReadingText(reading, standard.map);
    expect(text({ kind: 'unit-type-read', province: prov('par'), unitType: 'A' })).toBe('the unit in Paris is an army; read as such');
    expect(text({ kind: 'fleet-coast-ignored', location: loc('stp/sc') })).toBe('the fleet is in St Petersburg (south coast); the coast written was ignored');
    expect(text({ kind: 'army-coast-ignored', order: 'move' })).toBe('an army moves to a province, not a coast; the coast was ignored');
    expect(text({ kind: 'army-coast-ignored', order: 'retreat' })).toBe('an army retreats to a province, not a coast; the coast was ignored');
    expect(text({ kind: 'army-coast-ignored', order: 'build' })).toBe('an army stands in a province, not on a coast; the coast was ignored');
    expect(text({ kind: 'convoy-route-unchecked' })).toBe('the convoy route written is not needed and was not checked (DATC 4.A.6)');
    expect(text({ kind: 'coast-inferred', location: loc('spa/nc') })).toBe('coast inferred: Spain (north coast) is the only coast the fleet can reach');
  });
});
