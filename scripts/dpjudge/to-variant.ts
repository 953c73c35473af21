import type { BorderKind } from '../../src/engine/map-schema.ts';
import { abutList, abutsForMove, areaType, type DpMap, type DpPower } from './parse-map.ts';

// Turns a parsed DPjudge map into the project's map and variant data (the shapes of
// src/engine/map-schema.ts and variant-schema.ts). Province ids are DPjudge's abbreviations in
// lower case and coasts are `xxx/nc`, except where a variant family keeps ids of its own
// (`renames`, e.g. the standard map's `gol` for DPjudge's `lyo`); the DPjudge id then stays an alias.

export interface FamilyOverrides {
  /** DPjudge abbreviation (lower case) → the project's id. */
  readonly renames?: Readonly<Record<string, string>>;
  /** Project id → the full name the project uses. */
  readonly names?: Readonly<Record<string, string>>;
  /** Project id → aliases the project accepts beyond DPjudge's. */
  readonly extraAliases?: Readonly<Record<string, readonly string[]>>;
  /** Locations in the order the project lists starting units (results list a power's units in this order); others keep DPjudge's order after them. */
  readonly unitOrder?: readonly string[];
}

export interface ConvertedVariant {
  readonly map: MapJson;
  readonly powers: PowerJson[];
  readonly begin: { season: string; year: number; type: PhaseTypeName };
  readonly flow: FlowJson[];
  readonly victory: number;
  readonly builds: 'home' | 'owned' | 'owned-with-home' | 'any-home';
  /** RULE MOBILIZE: no starting units or centres, one undetermined home each. */
  readonly mobilize: boolean;
  /** NEWHOMES years. */
  readonly newHomesYears: number[];
  /** Places open only in some seasons (`IN SPRING: WATER ARC` over a SHUT place). */
  readonly seasonalProvinces: { province: string; seasons: string[] }[];
  /** Rules or data the engine does not play; a variant with any is left out. */
  readonly unsupported: string[];
  /** Map rules that change nothing the engine does (press rules and the like). */
  readonly ignoredRules: string[];
}

type PhaseTypeName = 'movement' | 'retreat' | 'adjustment';

export interface ProvinceJson {
  id: string;
  name: string;
  terrain: 'land' | 'coast' | 'sea';
  supplyCenter: boolean;
  port?: boolean;
  aliases?: string[];
  army?: string[];
  fleet?: string[];
  coasts?: Record<string, string[]>;
  borders?: Record<string, string>;
  ownerOnly?: Record<string, string>;
  dpjudgeId?: string;
}

export interface MapJson {
  name: string;
  borderKinds?: Record<string, BorderKind>;
  provinces: ProvinceJson[];
}

/**
 * DPjudge's special adjacencies as border kinds, with the rules its adjudicator (Game.py) gives them:
 * the strength a move across starts from (`strengths`), no support across (`validOrder`), when a move
 * across cuts support (`cutSupport`: exceptions D and E), and which retreat gives way (`otherResults`).
 */
export const DPJUDGE_BORDER_KINDS: Readonly<Record<string, { readonly name: string; readonly kind: BorderKind }>> = {
  '*': {
    name: 'half-strength',
    kind: {
      description:
        "DPjudge's *: a move across is at half strength and cuts support only by dislodging; no support across; a retreat across gives way to any other",
      moveStrength: 0.5,
      supportAcross: false,
      cutsSupport: 'never',
      retreatStrength: 0.5,
    },
  },
  '~': {
    name: 'strait',
    kind: {
      description:
        "DPjudge's ~: a move across has only its supports' strength and cuts support only when supported; no support across; a retreat across gives way first",
      moveStrength: 0,
      supportAcross: false,
      cutsSupport: 'when-supported',
      retreatStrength: 0,
    },
  },
};

export interface PowerJson {
  id: string;
  name: string;
  adjective: string;
  initial: string;
  homeCenters: string[];
  units: { type: 'A' | 'F'; location: string }[];
  ownedCenters?: string[];
  partisanSites?: string[];
}

export type FlowJson = { season: string; seasonName: string; type: PhaseTypeName } | { newYear: number } | { ifYearDivisibleBy: number; remainder: number };

const TERRAIN = { LAND: 'land', COAST: 'coast', PORT: 'coast', WATER: 'sea' } as const;
const COAST_NAMES = new Set(['nc', 'sc', 'ec', 'wc']);
/** Map rules that only concern press or the game's running, not the board. */
const BOARD_NEUTRAL_RULES = new Set(['FTF_PRESS']);
const BUILD_RULES: Record<string, ConvertedVariant['builds']> = { BUILD_ANY: 'owned', REMOTE_BUILDS: 'owned-with-home', HOME_BUILDS: 'any-home' };

export function convert(dp: DpMap, mapName: string, overrides: FamilyOverrides = {}): ConvertedVariant {
  const unsupported = [...dp.unsupported];
  // A SHUT place opened in some seasons is converted open; the variant closes it in the others.
  const opened = new Map<string, string[]>();
  for (const change of dp.seasonal) {
    const place = change.place.toUpperCase();
    if (areaType(dp, place) !== 'SHUT' && !opened.has(place)) {
      unsupported.push(`terrain that changes with the phase: IN ${change.season}: ${change.terrain} ${place} (only a SHUT place opened in a season is played)`);
      continue;
    }
    dp.locType.set(dp.locType.has(place) ? place : place.toLowerCase(), change.terrain);
    opened.set(place, [...(opened.get(place) ?? []), change.season[0]!]);
  }
  const renames = overrides.renames ?? {};
  const idOf = (dpLoc: string): string => {
    const [base, coast] = dpLoc.toLowerCase().split('/');
    const id = renames[base!] ?? base!;
    return coast === undefined ? id : `${id}/${coast}`;
  };

  const centres = new Set<string>(dp.unowned);
  for (const power of dp.powers.values()) for (const home of power.homes) centres.add(home);
  for (const owned of dp.owns.values()) for (const c of owned) centres.add(c);

  const bases = dp.locs.filter((l) => !l.includes('/') && areaType(dp, l) !== 'SHUT');
  const provinces: ProvinceJson[] = [];
  for (const base of bases) {
    const abbr = base.toUpperCase();
    const terrain = areaType(dp, abbr)!;
    if (terrain === 'SHUT') continue;
    const id = idOf(abbr);
    const coastLocs = dp.locs.filter((l) => l.toUpperCase().startsWith(`${abbr}/`));
    const province: ProvinceJson = {
      id,
      name: overrides.names?.[id] ?? dp.fullName.get(abbr) ?? abbr,
      terrain: TERRAIN[terrain],
      supplyCenter: centres.has(abbr),
    };
    if (terrain === 'PORT') province.port = true;
    const aliases = aliasesOf(dp, abbr, id, overrides);
    if (aliases.length > 0) province.aliases = aliases;
    if (terrain !== 'WATER') province.army = neighbours(dp, 'A', abbr).map(idOf);
    if (coastLocs.length > 0) {
      if (dp.locAbut.has(abbr)) unsupported.push(`${abbr} has split coasts but fleets may also stand on the province itself`);
      province.coasts = {};
      for (const loc of [...coastLocs].sort()) {
        const coast = loc.split('/')[1]!.toLowerCase();
        if (!COAST_NAMES.has(coast)) unsupported.push(`coast ${loc} is not north, south, east or west`);
        province.coasts[coast] = neighbours(dp, 'F', loc.toUpperCase()).map(idOf);
      }
    } else if (terrain !== 'LAND') {
      province.fleet = neighbours(dp, 'F', abbr).map(idOf);
    }
    if (id !== abbr.toLowerCase()) province.dpjudgeId = abbr.toLowerCase();
    provinces.push(province);
  }

  const provinceAt = (place: string) => provinces.find((p) => p.id === idOf(place.split('/')[0]!));
  const borderKinds: Record<string, BorderKind> = {};
  for (const [code, pairs] of dp.abutRules) {
    const special = DPJUDGE_BORDER_KINDS[code];
    if (special) {
      for (const [from, to] of pairs) {
        const province = provinces.find((p) => p.id === idOf(from.split('/')[0]!));
        if (!province) continue;
        province.borders = { ...province.borders, [idOf(to.split('/')[0]!)]: special.name };
        borderKinds[special.name] = special.kind;
      }
    } else if (code.endsWith(')') && /^[A-Z0-9]+\)$/.test(code) && pairs.length > 0) {
      // `BLA(CON)`: only the owner of the centre may use the border (DPjudge's Game.abuts).
      for (const [from, to] of pairs) {
        const province = provinceAt(from);
        if (province) province.ownerOnly = { ...(province.ownerOnly ?? {}), [idOf(to)]: idOf(code.slice(0, -1)) };
      }
    } else if (pairs.length > 0) {
      unsupported.push(
        `adjacency open only to ${code.endsWith(':') ? `the power ${code.slice(0, -1)}` : `the owner of ${code.replace(/\)$/, '')}`} (${pairs.map((p) => p.join('-')).join(', ')})`,
      );
    }
  }
  for (const p of provinces) {
    for (const key of ['army', 'fleet'] as const) if (p[key]) p[key] = [...new Set(p[key])].sort();
    if (p.coasts) for (const c of Object.keys(p.coasts)) p.coasts[c] = [...new Set(p.coasts[c])].sort();
  }
  provinces.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const powers = [...dp.powers.values()]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((p) => powerJson(p, dp, idOf, unsupported, overrides.unitOrder ?? []));
  if (dp.dummies.length > 0) unsupported.push(`dummy powers (${dp.dummies.join(', ')})`);
  const newHomesYears = dp.newHomes.map(Number);
  if (newHomesYears.some((y) => !Number.isInteger(y))) unsupported.push(`NEWHOMES ${dp.newHomes.join(' ')} (not a list of years)`);
  const ignoredRules: string[] = [];
  let builds: ConvertedVariant['builds'] = 'home';
  let mobilize = false;
  for (const rule of dp.rules) {
    if (BUILD_RULES[rule]) builds = BUILD_RULES[rule];
    else if (rule === 'MOBILIZE') mobilize = true;
    else if (rule === 'HIBERNATE' && opened.size > 0) continue;
    else if (BOARD_NEUTRAL_RULES.has(rule)) ignoredRules.push(rule);
    else unsupported.push(`RULE ${rule}`);
  }
  const { begin, flow } = phases(dp, unsupported);
  if (opened.size > 0 && !dp.rules.includes('HIBERNATE'))
    unsupported.push('terrain that changes with the phase without RULE HIBERNATE (units there would be destroyed)');
  const seasonalProvinces = [...opened].map(([place, seasons]) => ({ province: idOf(place), seasons: [...new Set(seasons)] }));
  if (mobilize) {
    // DPjudge (Power.initialize) gives a mobilizing power no units and one undetermined home centre.
    if (begin.type !== 'adjustment') unsupported.push('MOBILIZE with a BEGIN that is not an adjustment phase');
    for (const power of powers) {
      power.units = [];
      delete power.ownedCenters;
    }
  }
  const victory = dp.victory?.[0] ?? Math.floor(centres.size / 2) + 1;
  if ((dp.victory?.length ?? 0) > 1) unsupported.push(`a VICTORY count that changes by year (${dp.victory!.join(' ')})`);
  const map: MapJson = Object.keys(borderKinds).length > 0 ? { name: mapName, borderKinds, provinces } : { name: mapName, provinces };
  return { map, powers, begin, flow, victory, builds, mobilize, newHomesYears, seasonalProvinces, unsupported, ignoredRules };
}

function neighbours(dp: DpMap, type: 'A' | 'F', loc: string): string[] {
  const out: string[] = [];
  for (const place of abutList(dp, loc)) {
    const up = place.toUpperCase();
    const target = type === 'A' ? up.split('/')[0]! : up;
    // A place listed among its own neighbours (empire's HOL) is a slip in the map file: no unit moves to where it is.
    if (target.split('/')[0] === loc.toUpperCase().split('/')[0]) continue;
    if (abutsForMove(dp, type, loc, target)) out.push(target);
  }
  return out;
}

function aliasesOf(dp: DpMap, abbr: string, id: string, overrides: FamilyOverrides): string[] {
  const written = (dp.aliases.get(abbr) ?? []).filter((a) => !a.endsWith('?') && !a.includes('/') && !a.includes('('));
  const list = written.map((a) => a.replace(/\+/g, ' ').toLowerCase());
  if (id !== abbr.toLowerCase()) list.unshift(abbr.toLowerCase());
  list.push(...(overrides.extraAliases?.[id] ?? []));
  const name = (overrides.names?.[id] ?? dp.fullName.get(abbr) ?? '').toLowerCase();
  return [...new Set(list)].filter((a) => a !== id && a.toLowerCase() !== name);
}

function displayName(written: string): string {
  const spaced = written.replace(/\+/g, ' ');
  return spaced === spaced.toUpperCase() ? spaced.toLowerCase().replace(/(^|[\s.-])([a-z])/g, (_, b: string, l: string) => b + l.toUpperCase()) : spaced;
}

function powerJson(p: DpPower, dp: DpMap, idOf: (loc: string) => string, unsupported: string[], unitOrder: readonly string[]): PowerJson {
  const rank = (location: string) => (unitOrder.includes(location) ? unitOrder.indexOf(location) : unitOrder.length);
  if (p.factory.length + p.alternative.length + p.hidden.length > 0) {
    unsupported.push(`${p.key}'s special build sites (${[...p.factory, ...p.alternative, ...p.hidden].join(' ')})`);
  }
  const json: PowerJson = {
    id: p.key,
    name: displayName(p.name),
    adjective: displayName(p.adjective),
    initial: p.abbrev ?? p.key[0]!,
    homeCenters: p.homes.map(idOf).sort(),
    units: p.units.map((u) => ({ type: u[0] as 'A' | 'F', location: idOf(u.slice(2)) })).sort((a, b) => rank(a.location) - rank(b.location)),
  };
  const owned = dp.owns.get(p.key);
  if (owned) json.ownedCenters = owned.map(idOf).sort();
  if (p.partisan.length > 0) json.partisanSites = p.partisan.map(idOf).sort();
  return json;
}

const PHASE_TYPES: Record<string, PhaseTypeName> = { M: 'movement', R: 'retreat', A: 'adjustment' };

function phases(dp: DpMap, unsupported: string[]): { begin: ConvertedVariant['begin']; flow: FlowJson[] } {
  const written = dp.flow.length > 0 ? dp.flow : ['SPRING:MOVEMENT,RETREATS', 'FALL:MOVEMENT,RETREATS', 'WINTER:ADJUSTMENTS'];
  const flow: FlowJson[] = [];
  for (const item of written) {
    if (item === 'NEWYEAR') {
      flow.push({ newYear: 1 });
      continue;
    }
    const [season, rest] = item.split(':') as [string, string];
    if (season === 'NEWYEAR') flow.push({ newYear: Number(rest) });
    else if (season === 'IFYEARDIV') {
      const [by, remainder] = rest.split('=').map(Number);
      flow.push({ ifYearDivisibleBy: by!, remainder: remainder ?? 0 });
    } else {
      for (const phase of rest.split(',')) {
        const type = PHASE_TYPES[phase[0]!];
        if (!type) {
          unsupported.push(`${phase} phases`);
          continue;
        }
        flow.push({ season: season[0]!, seasonName: displayName(season), type });
      }
    }
  }
  if (!flow.some((f) => 'newYear' in f)) flow.unshift({ newYear: 1 });
  const [seasonWord, yearWord, typeWord] = (dp.begin ?? 'SPRING 1901 MOVEMENT').split(/\s+/);
  const type = PHASE_TYPES[typeWord?.[0] ?? ''];
  if (!type || !Number.isInteger(Number(yearWord))) throw new Error(`bad BEGIN ${dp.begin}`);
  return { begin: { season: seasonWord![0]!, year: Number(yearWord), type }, flow };
}
