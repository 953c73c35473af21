import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { mapDataSchema } from '../../src/engine/map-schema.ts';
import { coastOf, normaliseName, provinceOf, type GameMap } from '../../src/engine/map.ts';
import { locationId, provinceId } from '../../src/engine/ids.ts';
import type { LocationId, ProvinceId, UnitType } from '../../src/engine/types.ts';
import { formatPhaseId, parsePhaseId } from '../../src/engine/phase.ts';

// The standard board checked three ways: internal consistency (symmetry, coasts, counts),
// edge-for-edge agreement with DPjudge's own map file (test/fixtures/dpjudge), and an explicit
// list of borders that the DATC never exercises, so a typo there would otherwise go unnoticed.

const variant = loadVariant('standard');
const map: GameMap = variant.map;
const rawMap = mapDataSchema.parse(JSON.parse(readFileSync(new URL('../../maps/standard.json', import.meta.url), 'utf8')));

function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/dpjudge/${name}`, import.meta.url), 'utf8');
}

const STANDARD_IDS =
  'adr aeg alb ank apu arm bal bar bel ber bla boh bot bre bud bul bur cly con den eas edi eng fin gal gas gol gre hel hol ion iri kie lon lvn lvp mao mar mos mun naf nao nap nth nwg nwy par pic pie por pru rom ruh rum ser sev sil ska smy spa stp swe syr tri tun tus tyn tyr ukr ven vie wal war wes yor'.split(
    ' ',
  );

/** Words players write as separate tokens in orders; a province alias equal to one would make orders ambiguous. */
const ORDER_WORDS = ['h', 's', 'c', 'm', 'd', 'b', 'r', 'a', 'f', 'to', 'via', 'convoy', 'support', 'hold', 'move', 'build', 'remove', 'disband', 'waive'];

/** Every directed step a unit of this type can take on our map, as `from>to`. */
function ourEdges(type: UnitType): Set<string> {
  const edges = new Set<string>();
  for (const province of map.provinces) {
    if (type === 'A' && province.terrain === 'sea') continue;
    if (type === 'F' && province.terrain === 'land') continue;
    const locations = type === 'A' ? [province.id] : map.locationsOf(province);
    for (const from of locations) for (const to of map.movesFrom(type, from)) edges.add(`${from}>${to}`);
  }
  return edges;
}

function asymmetries(type: UnitType): string[] {
  const edges = ourEdges(type);
  return [...edges].filter((e) => !edges.has(e.split('>').reverse().join('>'))).map((e) => `${type} ${e} has no way back`);
}

// ---------------------------------------------------------------------------------------------
// DPjudge's map format (see test/fixtures/dpjudge/README.md), read just far enough to compare.

type DpTerrain = 'LAND' | 'COAST' | 'WATER' | 'SHUT';

interface DpPlace {
  /** As written: `ADR`, `BUL/EC`, or lower-case `bul` for the land part of a split-coast province. */
  readonly name: string;
  readonly terrain: DpTerrain;
  readonly abuts: readonly string[];
}

interface DpNames {
  readonly longName: string;
  readonly abbreviation: string;
  readonly aliases: readonly string[];
}

interface DpGeography {
  readonly places: ReadonlyMap<string, DpPlace>;
  readonly names: readonly DpNames[];
}

function parseGeography(text: string): DpGeography {
  const places = new Map<string, DpPlace>();
  const names: DpNames[] = [];
  for (const rawLine of text.split('\n')) {
    const line = rawLine.replace(/#.*/, '').trim();
    if (line === '') continue;
    const naming = /^(.+?)\s*=\s*(.+)$/.exec(line);
    if (naming) {
      const [abbreviation, ...aliases] = naming[2]!.trim().split(/\s+/);
      names.push({ longName: naming[1]!, abbreviation: abbreviation!, aliases: aliases.map((a) => a.replace(/\+/g, ' ')) });
      continue;
    }
    const terrain = /^(LAND|COAST|WATER|SHUT)\s+(\S+)\s+ABUTS\s*(.*)$/.exec(line);
    if (!terrain) throw new Error(`unexpected line in DPjudge geography: ${line}`);
    const place = { name: terrain[2]!, terrain: terrain[1] as DpTerrain, abuts: terrain[3]!.split(/\s+/).filter(Boolean) };
    places.set(place.name.toUpperCase(), place);
  }
  return { places, names };
}

const isLowerCase = (word: string): boolean => word === word.toLowerCase();
/** `Xxx`: DPjudge's mark for a neighbour an army may not enter directly. */
const isCapitalised = (word: string): boolean => /^[A-Z][a-z]/.test(word);

/** Our location for a DPjudge place, translated through our own names (DPjudge writes LYO, TYS). */
function ourLocation(dpName: string): LocationId {
  const id = map.lookup(provinceOf(locationId(dpName)));
  if (id === undefined) return locationId(`?${dpName}`);
  const coast = coastOf(locationId(dpName));
  return coast === null ? id : locationId(`${id}/${coast}`);
}

/** The steps DPjudge allows a unit of this type, as `from>to` in our ids. */
function dpjudgeEdges(geography: DpGeography, type: UnitType): Set<string> {
  const edges = new Set<string>();
  for (const place of geography.places.values()) {
    const fromOk =
      type === 'A'
        ? (place.terrain === 'LAND' || place.terrain === 'COAST') && !place.name.includes('/')
        : (place.terrain === 'WATER' || place.terrain === 'COAST') && !isLowerCase(place.name);
    if (!fromOk) continue;
    for (const neighbour of place.abuts) {
      const target = geography.places.get(neighbour.toUpperCase());
      if (!target) {
        edges.add(`${ourLocation(place.name)}>?${neighbour}`);
        continue;
      }
      if (target.terrain === 'SHUT') continue;
      if (type === 'A' && (target.terrain === 'WATER' || isCapitalised(neighbour))) continue;
      if (type === 'F' && (target.terrain === 'LAND' || isLowerCase(neighbour))) continue;
      const to = type === 'A' ? provinceOf(ourLocation(neighbour)) : ourLocation(neighbour);
      edges.add(`${type === 'A' ? provinceOf(ourLocation(place.name)) : ourLocation(place.name)}>${to}`);
    }
  }
  return edges;
}

function differences(type: UnitType, dpjudge: Set<string>, ours: Set<string>): string[] {
  const unit = type === 'A' ? 'army' : 'fleet';
  return [
    ...[...dpjudge].filter((e) => !ours.has(e)).map((e) => `${unit} ${e}: in DPjudge, missing from maps/standard.json`),
    ...[...ours].filter((e) => !dpjudge.has(e)).map((e) => `${unit} ${e}: in maps/standard.json, not in DPjudge`),
  ].sort();
}

const geography = parseGeography(fixture('standard.geography'));

// ---------------------------------------------------------------------------------------------

describe('standard map: shape', () => {
  it('loads through the variant catalogue', () => {
    expect(variant.name).toBe('standard');
    expect(variant.title).toBe('Standard');
    expect(map.name).toBe('standard');
  });

  it('has exactly the 75 standard provinces, 19 of them seas', () => {
    expect(map.provinces.map((p) => p.id).sort()).toEqual([...STANDARD_IDS].sort());
    expect(map.provinces.filter((p) => p.terrain === 'sea')).toHaveLength(19);
    expect(map.provinces.filter((p) => p.terrain !== 'sea')).toHaveLength(56);
    expect(
      map.provinces
        .filter((p) => p.terrain === 'land')
        .map((p) => p.id)
        .sort(),
    ).toEqual(['boh', 'bud', 'bur', 'gal', 'mos', 'mun', 'par', 'ruh', 'ser', 'sil', 'tyr', 'ukr', 'vie', 'war']);
  });

  it('has 34 supply centres, 12 of them neutral at the start', () => {
    expect(variant.supplyCenters()).toHaveLength(34);
    const homes = new Set(variant.powers.flatMap((p) => p.homeCenters));
    expect(
      variant
        .supplyCenters()
        .filter((c) => !homes.has(c))
        .sort(),
    ).toEqual(['bel', 'bul', 'den', 'gre', 'hol', 'nwy', 'por', 'rum', 'ser', 'spa', 'swe', 'tun']);
  });

  it('splits the coasts of exactly St Petersburg, Spain and Bulgaria', () => {
    const split = map.provinces.filter((p) => p.coasts.length > 0).map((p) => `${p.id}:${[...p.coasts].sort().join(',')}`);
    expect(split.sort()).toEqual(['bul:ec,sc', 'spa:nc,sc', 'stp:nc,sc']);
  });

  it('keeps the file readable: sorted neighbour lists, no duplicates, the right list for each terrain', () => {
    const problems: string[] = [];
    const sortedUnique = (list: readonly string[]): boolean => list.every((x, i) => i === 0 || list[i - 1]! < x);
    for (const p of rawMap.provinces) {
      const lists: [string, readonly string[]][] = [
        ['army', p.army],
        ['fleet', p.fleet],
        ...Object.entries(p.coasts ?? {}).map(([c, l]): [string, readonly string[]] => [`coast ${c}`, l ?? []]),
      ];
      for (const [label, list] of lists) if (!sortedUnique(list)) problems.push(`${p.id} ${label} is not sorted or has duplicates`);
      if (p.terrain === 'sea' && p.army.length > 0) problems.push(`${p.id} is a sea with army moves`);
      if (p.terrain !== 'sea' && p.army.length === 0) problems.push(`${p.id} has no army moves`);
      if (p.terrain === 'land' && (p.fleet.length > 0 || p.coasts)) problems.push(`${p.id} is land with fleet moves`);
      if (p.coasts && p.fleet.length > 0) problems.push(`${p.id} has split coasts and a plain fleet list`);
      if (p.terrain !== 'land' && !p.coasts && p.fleet.length === 0) problems.push(`${p.id} has no fleet moves`);
    }
    expect(rawMap.provinces.map((p) => p.id)).toEqual([...STANDARD_IDS]);
    expect(problems).toEqual([]);
  });
});

describe('standard map: consistency', () => {
  it('army moves are symmetric and never enter a sea', () => {
    expect(asymmetries('A')).toEqual([]);
    const intoSea = [...ourEdges('A')].filter((e) => map.province(provinceId(e.split('>')[1]!))?.terrain === 'sea');
    expect(intoSea).toEqual([]);
  });

  it('fleet moves are symmetric location by location', () => {
    expect(asymmetries('F')).toEqual([]);
  });

  it('fleet moves name a coast exactly when the province is split, and never enter land', () => {
    const problems: string[] = [];
    for (const edge of ourEdges('F')) {
      const to = locationId(edge.split('>')[1]!);
      const province = map.province(provinceOf(to))!;
      if (province.terrain === 'land') problems.push(`${edge} enters land`);
      if (province.coasts.length > 0 && coastOf(to) === null) problems.push(`${edge} names a split province without its coast`);
      if (province.coasts.length === 0 && coastOf(to) !== null) problems.push(`${edge} names a coast of an unsplit province`);
    }
    expect(problems).toEqual([]);
  });

  it('each split coast is listed back by every one of its neighbours', () => {
    const missing: string[] = [];
    for (const province of map.provinces.filter((p) => p.coasts.length > 0)) {
      for (const coast of map.locationsOf(province)) {
        for (const neighbour of map.movesFrom('F', coast)) {
          if (!map.movesFrom('F', neighbour).includes(coast)) missing.push(`${neighbour} does not list ${coast}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('a split province is reached by armies from each province its coasts touch', () => {
    const missing: string[] = [];
    for (const province of map.provinces.filter((p) => p.coasts.length > 0)) {
      for (const coast of map.locationsOf(province)) {
        for (const neighbour of map.movesFrom('F', coast)) {
          const other = map.province(provinceOf(neighbour))!;
          if (other.terrain !== 'sea' && !map.canMove('A', province.id, other.id)) missing.push(`A ${province.id}-${other.id}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('standard map: agrees with DPjudge border for border', () => {
  it('knows every DPjudge place except impassable Switzerland, with the same terrain', () => {
    const problems: string[] = [];
    const terrainOf: Record<DpTerrain, string> = { LAND: 'land', COAST: 'coast', WATER: 'sea', SHUT: 'impassable' };
    const provinces = new Set<string>();
    for (const place of geography.places.values()) {
      if (place.terrain === 'SHUT') continue;
      const ours = ourLocation(place.name);
      if (!map.isLocation(ours)) {
        problems.push(`DPjudge ${place.name} is unknown here (${ours})`);
        continue;
      }
      if (!place.name.includes('/')) {
        provinces.add(ours);
        if (map.province(provinceOf(ours))!.terrain !== terrainOf[place.terrain])
          problems.push(`${ours} is ${map.province(provinceOf(ours))!.terrain}, DPjudge says ${place.terrain}`);
      }
    }
    expect(problems).toEqual([]);
    expect([...provinces].sort()).toEqual([...STANDARD_IDS].sort());
    const dpCoasts = [...geography.places.values()].filter((p) => p.name.includes('/')).map((p) => ourLocation(p.name));
    const ourCoasts = map.provinces.filter((p) => p.coasts.length > 0).flatMap((p) => map.locationsOf(p));
    expect(dpCoasts.sort()).toEqual(ourCoasts.sort());
  });

  it('army adjacency matches edge for edge, both ways', () => {
    const dpjudge = dpjudgeEdges(geography, 'A');
    expect(differences('A', dpjudge, ourEdges('A'))).toEqual([]);
    expect(dpjudge.size).toBeGreaterThan(0);
  });

  it('fleet adjacency matches coast for coast, both ways', () => {
    const dpjudge = dpjudgeEdges(geography, 'F');
    expect(differences('F', dpjudge, ourEdges('F'))).toEqual([]);
    expect(dpjudge.size).toBeGreaterThan(0);
  });

  it('accepts every province name and alias DPjudge accepts, for the same province', () => {
    const wrong: string[] = [];
    for (const entry of geography.names) {
      if (entry.abbreviation.includes('/') || entry.abbreviation === 'swi') continue;
      const expected = ourLocation(entry.abbreviation);
      for (const name of [entry.longName, entry.abbreviation, ...entry.aliases]) {
        const found = map.lookup(name);
        if (found !== expected) wrong.push(`"${name}" gives ${found ?? 'nothing'}, DPjudge means ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('standard map: borders the DATC never exercises', () => {
  // Each pair is checked both ways; fleet pairs name the coast where the province is split.
  const fleetBorders: [LocationId, LocationId][] = [
    [locationId('bot'), locationId('stp/sc')],
    [locationId('tus'), locationId('tyn')],
    [locationId('fin'), locationId('stp/sc')],
    [locationId('lvn'), locationId('stp/sc')],
    [locationId('bar'), locationId('stp/nc')],
    [locationId('nwy'), locationId('stp/nc')],
    [locationId('bla'), locationId('bul/ec')],
    [locationId('rum'), locationId('bul/ec')],
    [locationId('con'), locationId('bul/ec')],
    [locationId('aeg'), locationId('bul/sc')],
    [locationId('gre'), locationId('bul/sc')],
    [locationId('con'), locationId('bul/sc')],
    [locationId('gas'), locationId('spa/nc')],
    [locationId('por'), locationId('spa/nc')],
    [locationId('mao'), locationId('spa/nc')],
    [locationId('mao'), locationId('spa/sc')],
    [locationId('mar'), locationId('spa/sc')],
    [locationId('gol'), locationId('spa/sc')],
    [locationId('wes'), locationId('spa/sc')],
    [locationId('por'), locationId('spa/sc')],
    [locationId('nap'), locationId('tyn')],
    [locationId('rom'), locationId('tyn')],
    [locationId('tun'), locationId('tyn')],
    [locationId('gol'), locationId('tyn')],
    [locationId('gol'), locationId('tus')],
    [locationId('naf'), locationId('tun')],
    [locationId('den'), locationId('swe')],
    [locationId('den'), locationId('kie')],
    [locationId('arm'), locationId('sev')],
    [locationId('ank'), locationId('arm')],
    [locationId('eas'), locationId('syr')],
    [locationId('cly'), locationId('nao')],
    [locationId('cly'), locationId('nwg')],
    [locationId('edi'), locationId('nwg')],
    [locationId('lvp'), locationId('nao')],
    [locationId('iri'), locationId('wal')],
    [locationId('den'), locationId('hel')],
    [locationId('ska'), locationId('swe')],
    [locationId('bal'), locationId('pru')],
    [locationId('ber'), locationId('pru')],
    [locationId('bal'), locationId('bot')],
    [locationId('alb'), locationId('tri')],
    [locationId('apu'), locationId('ven')],
    [locationId('alb'), locationId('gre')],
  ];
  const armyBorders: [ProvinceId, ProvinceId][] = [
    [provinceId('gal'), provinceId('ukr')],
    [provinceId('boh'), provinceId('gal')],
    [provinceId('gal'), provinceId('sil')],
    [provinceId('gal'), provinceId('rum')],
    [provinceId('ukr'), provinceId('war')],
    [provinceId('sev'), provinceId('ukr')],
    [provinceId('rum'), provinceId('ukr')],
    [provinceId('mos'), provinceId('sev')],
    [provinceId('lvn'), provinceId('mos')],
    [provinceId('lvn'), provinceId('stp')],
    [provinceId('fin'), provinceId('stp')],
    [provinceId('nwy'), provinceId('stp')],
    [provinceId('fin'), provinceId('nwy')],
    [provinceId('den'), provinceId('swe')],
    [provinceId('den'), provinceId('kie')],
    [provinceId('pie'), provinceId('tyr')],
    [provinceId('tri'), provinceId('tyr')],
    [provinceId('alb'), provinceId('tri')],
    [provinceId('ser'), provinceId('tri')],
    [provinceId('bul'), provinceId('con')],
    [provinceId('bul'), provinceId('ser')],
    [provinceId('gas'), provinceId('spa')],
    [provinceId('mar'), provinceId('spa')],
    [provinceId('por'), provinceId('spa')],
    [provinceId('naf'), provinceId('tun')],
    [provinceId('arm'), provinceId('syr')],
    [provinceId('ank'), provinceId('smy')],
    [provinceId('arm'), provinceId('smy')],
    [provinceId('bur'), provinceId('mar')],
    [provinceId('bel'), provinceId('bur')],
    [provinceId('edi'), provinceId('lvp')],
    [provinceId('lvp'), provinceId('yor')],
    [provinceId('wal'), provinceId('yor')],
    [provinceId('apu'), provinceId('rom')],
    [provinceId('rom'), provinceId('ven')],
    [provinceId('tus'), provinceId('ven')],
    [provinceId('pie'), provinceId('ven')],
  ];
  // Borders an engine has got wrong by adding them: coasts on the wrong side, land borders with no shared sea.
  const notFleet: [LocationId, LocationId][] = [
    [locationId('spa/nc'), locationId('gol')],
    [locationId('spa/nc'), locationId('wes')],
    [locationId('spa/nc'), locationId('mar')],
    [locationId('spa/sc'), locationId('gas')],
    [locationId('stp/nc'), locationId('bot')],
    [locationId('stp/nc'), locationId('fin')],
    [locationId('stp/sc'), locationId('bar')],
    [locationId('stp/sc'), locationId('nwy')],
    [locationId('bul/ec'), locationId('aeg')],
    [locationId('bul/ec'), locationId('gre')],
    [locationId('bul/sc'), locationId('bla')],
    [locationId('bul/sc'), locationId('rum')],
    [locationId('ank'), locationId('smy')],
    [locationId('arm'), locationId('syr')],
    [locationId('arm'), locationId('smy')],
    [locationId('wal'), locationId('yor')],
    [locationId('edi'), locationId('lvp')],
    [locationId('lvp'), locationId('yor')],
    [locationId('rom'), locationId('ven')],
    [locationId('apu'), locationId('rom')],
    [locationId('pie'), locationId('ven')],
    [locationId('tus'), locationId('ven')],
    [locationId('fin'), locationId('nwy')],
    [locationId('gas'), locationId('mar')],
    [locationId('bot'), locationId('nwy')],
    [locationId('bar'), locationId('fin')],
  ];
  const notArmy: [ProvinceId, ProvinceId][] = [
    [provinceId('bur'), provinceId('hol')],
    [provinceId('mar'), provinceId('par')],
    [provinceId('edi'), provinceId('lon')],
    [provinceId('nap'), provinceId('ven')],
    [provinceId('mun'), provinceId('pie')],
    [provinceId('boh'), provinceId('war')],
    [provinceId('gal'), provinceId('tyr')],
    [provinceId('ser'), provinceId('vie')],
    [provinceId('con'), provinceId('ser')],
    [provinceId('ber'), provinceId('den')],
    [provinceId('kie'), provinceId('sil')],
    [provinceId('hol'), provinceId('mun')],
    [provinceId('stp'), provinceId('swe')],
    [provinceId('fin'), provinceId('mos')],
    [provinceId('con'), provinceId('rum')],
    [provinceId('con'), provinceId('gre')],
    [provinceId('alb'), provinceId('bul')],
    [provinceId('bur'), provinceId('tyr')],
    [provinceId('mar'), provinceId('mun')],
  ];

  it.each(fleetBorders)('a fleet moves %s <-> %s', (a, b) => {
    expect(map.canMove('F', a, b)).toBe(true);
    expect(map.canMove('F', b, a)).toBe(true);
  });

  it.each(armyBorders)('an army moves %s <-> %s', (a, b) => {
    expect(map.canMove('A', a, b)).toBe(true);
    expect(map.canMove('A', b, a)).toBe(true);
  });

  it.each(notFleet)('no fleet moves %s <-> %s', (a, b) => {
    expect(map.canMove('F', a, b)).toBe(false);
    expect(map.canMove('F', b, a)).toBe(false);
  });

  it.each(notArmy)('no army moves %s <-> %s', (a, b) => {
    expect(map.canMove('A', a, b)).toBe(false);
    expect(map.canMove('A', b, a)).toBe(false);
  });

  it('names the coasts a fleet reaches in a split province', () => {
    expect(map.fleetTargets(locationId('mao'), provinceId('spa')).sort()).toEqual(['spa/nc', 'spa/sc']);
    expect(map.fleetTargets(locationId('por'), provinceId('spa')).sort()).toEqual(['spa/nc', 'spa/sc']);
    expect(map.fleetTargets(locationId('gas'), provinceId('spa'))).toEqual(['spa/nc']);
    expect(map.fleetTargets(locationId('gol'), provinceId('spa'))).toEqual(['spa/sc']);
    expect(map.fleetTargets(locationId('con'), provinceId('bul')).sort()).toEqual(['bul/ec', 'bul/sc']);
    expect(map.fleetTargets(locationId('bla'), provinceId('bul'))).toEqual(['bul/ec']);
    expect(map.fleetTargets(locationId('aeg'), provinceId('bul'))).toEqual(['bul/sc']);
    expect(map.fleetTargets(locationId('bot'), provinceId('stp'))).toEqual(['stp/sc']);
    expect(map.fleetTargets(locationId('nwy'), provinceId('stp'))).toEqual(['stp/nc']);
    expect(map.fleetTargets(locationId('bla'), provinceId('stp'))).toEqual([]);
  });

  it('lets a fleet support into a split province through any coast it touches', () => {
    expect(map.canReachProvince('F', locationId('gol'), provinceId('spa'))).toBe(true);
    expect(map.canReachProvince('F', locationId('bot'), provinceId('stp'))).toBe(true);
    expect(map.canReachProvince('F', locationId('spa/nc'), provinceId('gol'))).toBe(false);
    expect(map.canReachProvince('F', locationId('stp/nc'), provinceId('bot'))).toBe(false);
  });

  it('an army cannot stand on a coast, a fleet must name one in a split province', () => {
    expect(map.canOccupy('F', locationId('stp'))).toBe(false);
    expect(map.canOccupy('F', locationId('stp/sc'))).toBe(true);
    expect(map.canOccupy('A', locationId('stp/sc'))).toBe(false);
    expect(map.canOccupy('F', locationId('mun'))).toBe(false);
    expect(map.canOccupy('A', locationId('nth'))).toBe(false);
    expect(map.canMove('A', locationId('con'), locationId('bul/ec'))).toBe(false);
  });
});

describe('standard map: names players write', () => {
  it.each([
    ['Mid-Atlantic Ocean', 'mao'],
    ['MID', 'mao'],
    ['mat', 'mao'],
    ['Mid Atlantic', 'mao'],
    ['midatlantic', 'mao'],
    ['nrg', 'nwg'],
    ['Norwegian Sea', 'nwg'],
    ['NWG', 'nwg'],
    ['St. Petersburg', 'stp'],
    ['St Petersburg', 'stp'],
    ['Saint Petersburg', 'stp'],
    ['stp/sc', 'stp'],
    ['STP/NC', 'stp'],
    ['English Channel', 'eng'],
    ['channel', 'eng'],
    ['ech', 'eng'],
    ['lyo', 'gol'],
    ['Gulf of Lyon', 'gol'],
    ['Gulf of Lyons', 'gol'],
    ['gol', 'gol'],
    ['tys', 'tyn'],
    ['Tyrrhenian Sea', 'tyn'],
    ['TYRR', 'tyn'],
    ['gob', 'bot'],
    ['Gulf of Bothnia', 'bot'],
    ['gulf-of-bothnia', 'bot'],
    ['helgoland', 'hel'],
    ['Heligoland Bight', 'hel'],
    ['Helgoland Bight', 'hel'],
    ['North Africa', 'naf'],
    ['naf', 'naf'],
    ['North Atlantic Ocean', 'nao'],
    ['nat', 'nao'],
    ['North Sea', 'nth'],
    ['north_sea', 'nth'],
    ['nts', 'nth'],
    ['Skagerrak', 'ska'],
    ['Liverpool', 'lvp'],
    ['livp', 'lvp'],
    ['Livonia', 'lvn'],
    ['livo', 'lvn'],
    ['Norway', 'nwy'],
    ['nor', 'nwy'],
    ['Clyde', 'cly'],
    ['Tyrolia', 'tyr'],
    ['Tyrol', 'tyr'],
    ['Rumania', 'rum'],
    ['Romania', 'rum'],
    ['Western Mediterranean', 'wes'],
    ['wmed', 'wes'],
    ['Eastern Mediterranean', 'eas'],
    ['emed', 'eas'],
    ['Marseilles', 'mar'],
    ['spa/nc', 'spa'],
    ['Bul/EC', 'bul'],
    ['  Constantinople ', 'con'],
  ])('%s is %s', (name, id) => {
    expect(map.lookup(name)).toBe(id);
  });

  it.each(['Switzerland', 'swi', 'english', 'xyz', 'spa/ec', ''])('%j names no province', (name) => {
    expect(map.lookup(name)).toBeUndefined();
  });

  it('uses no order keyword or single letter as a name', () => {
    const clashes = rawMap.provinces.flatMap((p) =>
      [p.id, p.name, ...p.aliases].filter((n) => ORDER_WORDS.includes(normaliseName(n)) || normaliseName(n).length < 2).map((n) => `${p.id}: "${n}"`),
    );
    expect(clashes).toEqual([]);
  });
});

describe('standard variant', () => {
  const politics = fixture('standard.politics');
  const military = fixture('standard.military');

  it('has the seven great powers with their names, adjectives and initials', () => {
    expect(variant.powers.map((p) => [p.id, p.name, p.adjective, p.initial])).toEqual([
      ['AUSTRIA', 'Austria', 'Austrian', 'A'],
      ['ENGLAND', 'England', 'English', 'E'],
      ['FRANCE', 'France', 'French', 'F'],
      ['GERMANY', 'Germany', 'German', 'G'],
      ['ITALY', 'Italy', 'Italian', 'I'],
      ['RUSSIA', 'Russia', 'Russian', 'R'],
      ['TURKEY', 'Turkey', 'Turkish', 'T'],
    ]);
    expect(variant.power('english')?.id).toBe('ENGLAND');
    expect(variant.power('T')?.id).toBe('TURKEY');
  });

  it('gives each power three home centres, Russia four, as DPjudge does', () => {
    expect(variant.powers.map((p) => p.homeCenters.length)).toEqual([3, 3, 3, 3, 3, 4, 3]);
    const dpjudgeHomes = politics
      .split('\n')
      .map((line) => /^([A-Z]+)\s+\(([A-Z]+)\)\s+(.*)$/.exec(line.trim()))
      .filter((m) => m !== null)
      .map(
        (m) =>
          `${m[1]} ${m[2]} ${m[3]!
            .trim()
            .split(/\s+/)
            .map((c) => ourLocation(c))
            .sort()
            .join(' ')}`,
      );
    const ours = variant.powers.map((p) => `${p.id} ${p.adjective.toUpperCase()} ${[...p.homeCenters].sort().join(' ')}`);
    expect(ours).toEqual(dpjudgeHomes);
    const unowned = /^UNOWNED\s+(.*)$/m
      .exec(politics)![1]!
      .trim()
      .split(/\s+/)
      .map((c) => ourLocation(c));
    expect([...unowned, ...variant.powers.flatMap((p) => p.homeCenters)].sort()).toEqual(variant.supplyCenters().sort());
  });

  it('starts in Spring 1901 with the 22 units DPjudge places', () => {
    const start = variant.startingPosition();
    expect(start.variant).toBe('standard');
    expect(start.phase).toBe('S1901M');
    expect(start.dislodged).toEqual([]);
    expect(start.units).toHaveLength(22);
    let power = '';
    const dpjudgeUnits: string[] = [];
    for (const line of military
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean)) {
      const unit = /^([AF])\s+(\S+)$/.exec(line);
      if (unit) dpjudgeUnits.push(`${power} ${unit[1]} ${ourLocation(unit[2]!)}`);
      else power = line;
    }
    expect(start.units.map((u) => `${u.power} ${u.type} ${u.location}`).sort()).toEqual(dpjudgeUnits.sort());
    expect(start.units).toContainEqual({ power: 'RUSSIA', type: 'F', location: 'stp/sc' });
    expect(start.supplyCenters).toEqual(Object.fromEntries(variant.powers.map((p) => [p.id, [...p.homeCenters]])));
  });

  it('runs Spring, Fall and Winter, capturing centres on the way to the Winter adjustments, and needs 18 to win', () => {
    expect(variant.flow.map((s) => ('season' in s ? `${s.season} ${s.seasonName} ${s.type}` : JSON.stringify(s)))).toEqual([
      '{"newYear":1}',
      'S Spring movement',
      'S Spring retreat',
      'F Fall movement',
      'F Fall retreat',
      'W Winter adjustment',
    ]);
    const steps = ['S1901M', 'S1901R', 'F1901M', 'F1901R', 'W1901A'].map((id) => variant.nextPhase(parsePhaseId(id)!));
    expect(steps.map((s) => `${formatPhaseId(s.phase)} ${s.reachesAdjustment}`)).toEqual([
      'S1901R false',
      'F1901M false',
      'F1901R false',
      'W1901A true',
      'S1902M false',
    ]);
    expect(variant.victoryCenters).toBe(18);
  });
});
