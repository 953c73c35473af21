import type { LocationId, PowerId, ProvinceId } from './types.ts';

// Ids are typed (types.ts): a power id is upper case, province and location ids lower case, so the
// compiler refuses a province where a power is meant; a province id is a location, a location
// (which may name a coast) is no province id, so it refuses `stp/nc` where a province is meant. Text becomes an id
// here, where it enters: map and variant files, stored rows, names already matched to the map.
// On canonical text each is the identity.

export function powerId(text: string): PowerId {
  return text.toUpperCase() as PowerId;
}

export function provinceId(text: string): ProvinceId {
  return text.toLowerCase() as ProvinceId;
}

export function locationId(text: string): LocationId {
  return text.toLowerCase() as LocationId;
}

/** The keys of a record keyed by power, typed as such (Object.keys gives plain strings). */
export function powersOf<T>(record: Readonly<Record<PowerId, T>>): PowerId[] {
  return Object.keys(record) as PowerId[];
}

/** The entries of a record keyed by power, typed as such (Object.entries gives plain string keys). */
export function powerEntries<T>(record: Readonly<Record<PowerId, T>>): [PowerId, T][] {
  return Object.entries(record) as [PowerId, T][];
}
