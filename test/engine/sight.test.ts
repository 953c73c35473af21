import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { NO_SIGHT, sightedPosition, sightOf, sightRulesOf } from '../../src/engine/sight.ts';

// What a power sees of a position under BLIND (DPjudge) and its modifiers, and under FOG: pure, on the standard opening.

const standard = loadVariant('standard');
const opening = standard.startingPosition();
const see = (rules: string[]) => sightOf(standard, opening, 'FRANCE', sightRulesOf(rules)!);

describe('sight', () => {
  it('BLIND: units and home centres see their provinces and the neighbours, coasts ignored', () => {
    const sight = see(['BLIND']);
    expect(sight.provinces).toEqual(expect.arrayContaining(['par', 'bur', 'pic', 'gas', 'pie', 'spa', 'mao', 'eng', 'gol']));
    expect(sight.provinces).not.toContain('mun');
    expect(sight.centres).toEqual(expect.arrayContaining(['bre', 'par', 'mar', 'spa']));
    expect(sight.centres).not.toContain('bel');
    // Nothing foreign stands next to France at the start.
    expect(sightedPosition(opening, sight).units.every((u) => u.power === 'FRANCE')).toBe(true);
  });

  it('BLIND modifiers: units of the same type, no units or centres seen, every owner', () => {
    expect(see(['BLIND', 'SEE_NO_UNITS']).armies).toEqual([]);
    expect(see(['BLIND', 'SEE_NO_SCS']).centres).toEqual([]);
    expect(see(['BLIND', 'SEE_ALL_SCS']).centres).toHaveLength(34);
    // Homes see either type; with NO_SCS_SEE, only France's fleet at Brest sees fleets, and only its armies see armies.
    const same = see(['BLIND', 'NO_SCS_SEE', 'UNITS_SEE_SAME']);
    expect(same.fleets).toContain('eng');
    expect(same.armies).not.toContain('eng');
    expect(same.armies).toContain('bur');
    expect(see(['BLIND', 'NO_SCS_SEE', 'NO_UNITS_SEE']).provinces).toEqual([]);
  });

  it('FOG: a unit sees where it could move, a centre only itself', () => {
    const fog = see(['FOG']);
    expect(fog.provinces).toContain('mao');
    expect(fog.provinces).toContain('bur');
    // Ruhr is next to Burgundy, where no French unit stands yet; Belgium's owner is out of sight.
    expect(fog.provinces).not.toContain('ruh');
    expect(fog.centres).not.toContain('bel');
    expect(sightRulesOf(['FOG', 'SEE_ALL_SCS'])!.modifiers).toEqual([]);
  });

  it('the empty sight shows no unit and no owner', () => {
    const shown = sightedPosition(opening, NO_SIGHT);
    expect(shown.units).toEqual([]);
    expect(shown.supplyCenters).toEqual({});
    expect(shown.sight).toBe(NO_SIGHT);
  });
});
