import { provinceOf } from './map.ts';
import type { DislodgedUnit, PositionSight, PowerId, Position, ProvinceId, Unit, UnitType } from './types.ts';
import type { Variant } from './variant.ts';

// What one power sees of a position in a blind or fog-of-war game. Pure: the judge's visibility
// policy (src/judge/visibility/policy.ts) decides who reads with a power's sight; this module only
// says what that sight holds.
//
// BLIND (DPjudge's rule): a power sees its own units and centres, and a foreign unit when one of
// its "spotters" is in the unit's province or next to it (adjacent for an army or a fleet, coasts
// ignored). Spotters are the power's units (dislodged ones included) and its home centres with the
// provinces its units started the game in (a lost home still looks out, as in DPjudge). It sees who
// owns a centre under the same rule, counting every spotter. DPjudge's modifiers:
//   OWN_SCS_SEE     the centres the power owns look out instead of its homes
//   NO_SCS_SEE      centres do not look out at all
//   NO_UNITS_SEE    units do not look out (only centres do)
//   UNITS_SEE_SAME  an army sees only armies, a fleet only fleets (centres see both)
//   UNITS_SEE_OTHER an army sees only fleets, a fleet only armies
//   SEE_NO_UNITS    no foreign unit is ever seen
//   SEE_NO_SCS      no foreign centre's owner is ever seen
//   SEE_ALL_SCS     every centre's owner is seen
//
// FOG (the fog of war of dipwiki's "Fog of War" rules, the form vDiplomacy-style fog games use):
// a unit sees its own province and the provinces it could move to itself (an army by land, a fleet
// by sea, each coast as the fleet's moves say); an owned centre sees only itself. A power sees every
// unit, and every centre's owner, in a province it sees.

export type SightRule = 'BLIND' | 'FOG';

/** DPjudge's modifiers of BLIND that this judge honours. */
export const BLIND_MODIFIERS = [
  'OWN_SCS_SEE',
  'NO_SCS_SEE',
  'NO_UNITS_SEE',
  'UNITS_SEE_SAME',
  'UNITS_SEE_OTHER',
  'SEE_NO_UNITS',
  'SEE_NO_SCS',
  'SEE_ALL_SCS',
] as const;
export type BlindModifier = (typeof BLIND_MODIFIERS)[number];

export interface SightRules {
  readonly rule: SightRule;
  readonly modifiers: readonly BlindModifier[];
}

/** The sight rules a game's rules ask for, or null when the game shows the whole board. */
export function sightRulesOf(rules: readonly string[]): SightRules | null {
  const rule: SightRule | null = rules.includes('BLIND') ? 'BLIND' : rules.includes('FOG') ? 'FOG' : null;
  if (rule === null) return null;
  return { rule, modifiers: rule === 'BLIND' ? BLIND_MODIFIERS.filter((m) => rules.includes(m)) : [] };
}

/** Whether two provinces touch for sight: an army or a fleet could cross between them, either way. */
function touching(variant: Variant, a: number, b: number): boolean {
  const map = variant.map;
  return map.armyAdjacentByIndex(a, b) || map.fleetReachByIndex(a, b) || map.fleetReachByIndex(b, a);
}

/** Provinces within reach of the places (the places themselves and their neighbours). */
function aroundAll(variant: Variant, places: Iterable<ProvinceId>): Set<ProvinceId> {
  const map = variant.map;
  const seen = new Set<ProvinceId>();
  const from = [...new Set(places)].map((p) => map.indexOf(p)).filter((i) => i >= 0);
  for (const province of map.provinces) {
    if (from.some((i) => i === province.index || touching(variant, i, province.index))) seen.add(province.id);
  }
  return seen;
}

function ownUnits(position: Position, power: PowerId): Unit[] {
  return [...position.units, ...position.dislodged].filter((u) => u.power === power);
}

/** The power's home centres (as they stand) and where its units began the game. */
function homePlaces(variant: Variant, position: Position, power: PowerId): ProvinceId[] {
  const homes = position.homeCenters?.[power] ?? variant.power(power)?.homeCenters ?? [];
  const started = variant
    .startingPosition()
    .units.filter((u) => u.power === power)
    .map((u) => provinceOf(u.location));
  return [...homes, ...started];
}

function blindSight(variant: Variant, position: Position, power: PowerId, modifiers: readonly BlindModifier[]): PositionSight {
  const has = (m: BlindModifier) => modifiers.includes(m);
  const owned = position.supplyCenters[power] ?? [];
  const centres: ProvinceId[] = has('NO_SCS_SEE') ? [] : has('OWN_SCS_SEE') ? [...owned] : homePlaces(variant, position, power);
  const units = has('NO_UNITS_SEE') ? [] : ownUnits(position, power);
  const spotting = (type: UnitType | null) =>
    units
      .filter((u) => {
        if (type === null) return true;
        if (has('UNITS_SEE_SAME')) return u.type === type;
        if (has('UNITS_SEE_OTHER')) return u.type !== type;
        return true;
      })
      .map((u) => provinceOf(u.location));
  const provinces = aroundAll(variant, [...centres, ...spotting(null)]);
  const armies = has('SEE_NO_UNITS') ? new Set<ProvinceId>() : aroundAll(variant, [...centres, ...spotting('A')]);
  const fleets = has('SEE_NO_UNITS') ? new Set<ProvinceId>() : aroundAll(variant, [...centres, ...spotting('F')]);
  const everyCentre = variant.supplyCenters();
  const ownership = has('SEE_ALL_SCS') ? everyCentre : has('SEE_NO_SCS') ? [] : everyCentre.filter((c) => provinces.has(c));
  return sightValue(variant, power, provinces, armies, fleets, ownership);
}

function fogSight(variant: Variant, position: Position, power: PowerId): PositionSight {
  const seen = new Set<ProvinceId>(position.supplyCenters[power] ?? []);
  for (const unit of ownUnits(position, power)) {
    seen.add(provinceOf(unit.location));
    for (const to of variant.map.movesFrom(unit.type, unit.location)) seen.add(provinceOf(to));
  }
  const ownership = variant.supplyCenters().filter((c) => seen.has(c));
  return sightValue(variant, power, seen, seen, seen, ownership);
}

/** The sight as plain data, each list in map order (it goes into JSON and is compared as text). */
function sightValue(
  variant: Variant,
  power: PowerId,
  provinces: ReadonlySet<ProvinceId>,
  armies: ReadonlySet<ProvinceId>,
  fleets: ReadonlySet<ProvinceId>,
  centres: readonly ProvinceId[],
): PositionSight {
  const inMapOrder = (set: ReadonlySet<ProvinceId>) => variant.map.provinces.filter((p) => set.has(p.id)).map((p) => p.id);
  const owned = new Set(centres);
  return { power, provinces: inMapOrder(provinces), armies: inMapOrder(armies), fleets: inMapOrder(fleets), centres: inMapOrder(owned) };
}

/** What `power` sees of `position` under the rules. */
export function sightOf(variant: Variant, position: Position, power: PowerId, rules: SightRules): PositionSight {
  return rules.rule === 'FOG' ? fogSight(variant, position, power) : blindSight(variant, position, power, rules.modifiers);
}

/** Nothing at all: what the public and plain observers see of a blind game in play. */
export const NO_SIGHT: PositionSight = { power: null, provinces: [], armies: [], fleets: [], centres: [] };

/** Whether the sight shows this unit: the power's own always, another's where its type is seen. */
export function seesUnit(sight: PositionSight, unit: Pick<Unit, 'power' | 'type' | 'location'>): boolean {
  if (sight.power !== null && unit.power === sight.power) return true;
  return (unit.type === 'A' ? sight.armies : sight.fleets).includes(provinceOf(unit.location));
}

/** Whether the sight shows the province at all (the map shades the others). */
export function seesProvince(sight: PositionSight, province: ProvinceId): boolean {
  return sight.provinces.includes(province);
}

/**
 * The position as the sight shows it: the units seen, the owners of the centres seen (the power's
 * own always), and the sight itself, so that whatever writes the position can say what is unknown.
 */
export function sightedPosition(position: Position, sight: PositionSight): Position {
  const supplyCenters: Record<PowerId, ProvinceId[]> = {};
  for (const [owner, centres] of Object.entries(position.supplyCenters) as [PowerId, readonly ProvinceId[]][]) {
    const shown = owner === sight.power ? [...centres] : centres.filter((c) => sight.centres.includes(c));
    if (shown.length > 0 || owner === sight.power) supplyCenters[owner] = shown;
  }
  const undetermined = sight.power !== null ? position.undeterminedHomes?.[sight.power] : undefined;
  const { undeterminedHomes: _hidden, ...rest } = position;
  return {
    ...rest,
    units: position.units.filter((u) => seesUnit(sight, u)),
    dislodged: position.dislodged.filter((u: DislodgedUnit) => seesUnit(sight, u)),
    supplyCenters,
    ...(undetermined !== undefined && sight.power !== null ? { undeterminedHomes: { [sight.power]: undetermined } } : {}),
    sight,
  };
}
