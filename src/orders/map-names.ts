import type { GameMap } from '../engine/map.ts';
import { closest } from '../engine/suggest.ts';
import type { Coast, LocationId, ProvinceId } from '../engine/types.ts';
import type { ProvinceSuggestion } from './order-problems.ts';

// The full names and coast location ids of one map, computed once: the echo writes names,
// and the parser builds `stp/nc` without concatenating strings.

export interface MapNames {
  /** `stp` + `nc` → `stp/nc`; undefined when the province has no such coast. */
  location(province: ProvinceId, coast: Coast): LocationId | undefined;
  /** The map's full name of the province, or its id if the map does not know it. */
  name(province: ProvinceId): string;
  /** The provinces close to a misspelt name ("Pra", "Pariss": Paris), or null when nothing is close. */
  suggest(written: string): readonly ProvinceSuggestion[] | null;
}

const compiled = new WeakMap<GameMap, MapNames>();

export function mapNames(map: GameMap): MapNames {
  let names = compiled.get(map);
  if (!names) {
    names = compile(map);
    compiled.set(map, names);
  }
  return names;
}

function compile(map: GameMap): MapNames {
  const locations = new Map<ProvinceId, Partial<Record<Coast, LocationId>>>();
  const fullNames = new Map<ProvinceId, string>();
  for (const province of map.provinces) {
    fullNames.set(province.id, province.name);
    const coasts: Partial<Record<Coast, LocationId>> = {};
    for (const coast of province.coasts) coasts[coast] = `${province.id}/${coast}` as LocationId;
    locations.set(province.id, coasts);
  }
  const provinceByWord = new Map<string, ProvinceId>();
  for (const province of map.provinces) {
    provinceByWord.set(province.id, province.id);
    provinceByWord.set(province.name.toLowerCase(), province.id);
  }
  const words = [...provinceByWord.keys()];
  return {
    location: (province, coast) => locations.get(province)?.[coast],
    name: (province) => fullNames.get(province) ?? province,
    suggest: (written) => {
      // A typo of a name has letters only ("Nrth Sea", "Pra"); anything else is not worth the search.
      if (written.length > 30 || !/^[\p{L} .'-]+$/u.test(written)) return null;
      const provinces = [...new Set(closest(written.toLowerCase(), words).map((word) => provinceByWord.get(word)!))];
      if (provinces.length === 0) return null;
      return provinces.map((id) => ({ id, name: fullNames.get(id)! }));
    },
  };
}
