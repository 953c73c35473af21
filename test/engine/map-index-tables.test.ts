import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { provinceOf } from '../../src/engine/map.ts';
import { UNIT_TYPES } from '../../src/engine/types.ts';

// Movement binds orders on the compiled map's index tables (locations by number, fleet moves by
// location, reach and support by province number) instead of asking it by name. Each table must
// answer exactly what the named questions answer: on the standard map and on maps with straits
// one may not support across (1900, loeb9), ports (1900, ancmed) and many split coasts (youngstown).

const variantNames = ['standard', '1900', 'loeb9', 'ancmed', 'youngstown'];

describe.each(variantNames)('the index tables of %s', (name) => {
  const map = loadVariant(name).map;

  it('number every location once, with its province and coast', () => {
    expect(new Set(map.locations).size).toBe(map.locations.length);
    map.locations.forEach((location, at) => {
      expect(map.locationIndexOf(location)).toBe(at);
      expect(map.provinces[map.locationProvince[at]!]!.id).toBe(provinceOf(location));
      expect(map.locationCoast[at]).toBe(map.coastCodeOfLocation(location));
    });
    for (const province of map.provinces) expect(map.locations[map.provinceLocation[province.index]!]).toBe(province.id);
    expect(map.locationIndexOf('nowhere')).toBe(-1);
  });

  it('answer the moves, reach and support questions as the names do', () => {
    const differing: string[] = [];
    map.locations.forEach((from, at) => {
      for (const type of UNIT_TYPES) {
        if (type === 'A' && from !== provinceOf(from)) continue;
        expect(map.moveLocations(type, at).map((to) => map.locations[to])).toEqual(map.movesFrom(type, from));
      }
      map.locations.forEach((to, toAt) => {
        if (map.fleetMovesByLocation(at, toAt) !== map.canMove('F', from, to)) differing.push(`fleet move ${from}-${to}`);
      });
      const fromProvince = map.locationProvince[at]!;
      for (const province of map.provinces) {
        if (map.fleetReachesProvince(at, province.index) !== map.canReachProvince('F', from, province.id)) differing.push(`fleet reach ${from}-${province.id}`);
        if (map.canSupportAcrossByIndex(fromProvince, province.index) !== map.canSupportAcross(map.provinces[fromProvince]!.id, province.id)) {
          differing.push(`support ${from}-${province.id}`);
        }
      }
    });
    expect(differing).toEqual([]);
  });
});
