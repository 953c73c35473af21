import { describe, expect, it } from 'vitest';
import { loadVariant, variantNames } from '../../src/catalog/variant-catalog.ts';
import { mapDataSchema } from '../../src/engine/map-schema.ts';
import { MapError } from '../../src/engine/map.ts';
import { Variant } from '../../src/engine/variant.ts';
import { variantDataSchema } from '../../src/engine/variant-schema.ts';

// Every variant on disk loads and passes the loader's checks; each check names the entry it is about.

describe('the variant catalogue', () => {
  it.each(variantNames())('%s loads, validates and starts with one unit per province on its own centres', (name) => {
    const variant = loadVariant(name);
    expect(variant.powers.length).toBeGreaterThanOrEqual(2);
    const start = variant.startingPosition();
    const provinces = start.units.map((u) => u.location.split('/')[0]);
    expect(new Set(provinces).size).toBe(provinces.length);
    expect(variant.victoryCenters).toBeLessThanOrEqual(variant.supplyCenters().length);
    expect(variant.powers.every((p) => !['M', 'O'].includes(p.initial))).toBe(true);
  });

  it('holds the 34 one-centre powers of chaos, with digits as initials where letters run out', () => {
    const chaos = loadVariant('chaos');
    expect(chaos.powers).toHaveLength(34);
    expect(chaos.startingPosition().phase).toBe('W1900A');
    expect(chaos.power('3')?.name).toBe('St Petersburg');
    expect(chaos.builds).toBe('owned');
  });
});

const tinyMap = {
  name: 'tiny',
  provinces: [
    { id: 'aaa', name: 'Aaa', terrain: 'land', supplyCenter: true, army: ['bbb'] },
    { id: 'bbb', name: 'Bbb', terrain: 'coast', supplyCenter: true, army: ['aaa'], fleet: ['sea'] },
    { id: 'sea', name: 'Sea', terrain: 'sea', fleet: ['bbb'] },
  ],
};
const tinyVariant = {
  name: 'tiny',
  title: 'Tiny',
  description: 'Two powers.',
  map: 'tiny',
  begin: { season: 'S', year: 1, type: 'movement' },
  flow: [{ newYear: 1 }, { season: 'S', seasonName: 'Spring', type: 'movement' }, { season: 'W', seasonName: 'Winter', type: 'adjustment' }],
  victory: { centers: 2 },
  powers: [
    { id: 'ONE', name: 'One', adjective: 'First', initial: 'A', homeCenters: ['aaa'], units: [{ type: 'A', location: 'aaa' }] },
    { id: 'TWO', name: 'Two', adjective: 'Second', initial: 'B', homeCenters: ['bbb'], units: [{ type: 'F', location: 'bbb' }] },
  ],
};

function problems(change: (variant: typeof tinyVariant, map: typeof tinyMap) => void): string {
  const variant = structuredClone(tinyVariant);
  const map = structuredClone(tinyMap);
  change(variant, map);
  try {
    new Variant(variantDataSchema.parse(variant), mapDataSchema.parse(map));
    return '';
  } catch (error) {
    if (!(error instanceof MapError)) throw error;
    return error.message;
  }
}

describe('loader validation', () => {
  it('accepts a consistent variant', () => {
    expect(problems(() => {})).toBe('');
  });

  it('names a one-way border, a unit where it cannot stand, a reserved or shared initial, and an unreachable victory', () => {
    expect(problems((_, m) => (m.provinces[0]!.army = ['bbb', 'sea']))).toMatch(/aaa: army move to the sea sea/);
    expect(problems((_, m) => (m.provinces[2]!.fleet = ['bbb', 'aaa']))).toMatch(/sea: fleet move inland to aaa/);
    expect(problems((_, m) => (m.provinces[1]!.army = []))).toMatch(/aaa: army border with bbb is one-way/);
    expect(problems((v) => (v.powers[0]!.units = [{ type: 'F', location: 'aaa' }]))).toMatch(/power ONE: unit F aaa cannot stand there/);
    expect(problems((v) => (v.powers[1]!.initial = 'M'))).toMatch(/power TWO: the initial M is reserved for the Master/);
    expect(problems((v) => (v.powers[1]!.initial = 'A'))).toMatch(/power TWO: initial A is also ONE's/);
    expect(problems((v) => (v.victory.centers = 3))).toMatch(/victory: 3 centres are needed but the map has only 2/);
    expect(problems((v) => (v.powers[1]!.homeCenters = ['sea']))).toMatch(/power TWO: home sea is not a supply centre/);
    expect(problems((v) => (v.begin.type = 'retreat'))).toMatch(/begin: S retreat is not a phase of the flow/);
  });
});
