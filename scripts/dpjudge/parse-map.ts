import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Reads a DPjudge .map file with the files it USEs, the way DPjudge's map loader reads them
// (DPjudge/Map.py: load, addHomes, rename, drop, validate): place names and aliases, terrain and
// ABUTS lines with their case rules, powers with homes, OWNS and units, UNOWNED centres, DROP,
// renames, UNPLAYED, VICTORY, BEGIN, FLOW and RULE. What it does not understand it records in
// `unsupported`, so the importer can leave such a map out with the reason.

export type DpTerrain = 'LAND' | 'WATER' | 'COAST' | 'PORT' | 'SHUT';

export interface DpPower {
  /** Upper-case power name as DPjudge keys it (`ST+PETERSBURG` → `STPETERSBURG`). */
  readonly key: string;
  /** The name as written, `+` for blanks. */
  name: string;
  adjective: string;
  abbrev: string | null;
  homes: string[];
  partisan: string[];
  factory: string[];
  alternative: string[];
  hidden: string[];
  units: string[];
}

export interface DpMap {
  readonly files: string[];
  /** Place keys in order, with DPjudge's case (`bul` is the army-only base of a split-coast province). */
  locs: string[];
  locType: Map<string, DpTerrain>;
  locAbut: Map<string, string[]>;
  /** Special adjacency codes (`~`, `*`, `X:`, `SC)`) → pairs (PLACE, DEST3). */
  abutRules: Map<string, [string, string][]>;
  /** Abbreviation (upper) → full name as written. */
  fullName: Map<string, string>;
  /** Abbreviation (upper) → aliases as written (`+` for blanks, `?` marks an ambiguous one). */
  aliases: Map<string, string[]>;
  powers: Map<string, DpPower>;
  unowned: string[];
  /** Powers with OWNS lines → the centres they own at the start. */
  owns: Map<string, string[]>;
  victory: number[] | null;
  begin: string | null;
  flow: string[];
  rules: string[];
  newHomes: string[];
  /** One-line `IN <SEASON>: <TERRAIN> <PLACE>` changes (loeb9's spring Arctic), in file order. */
  seasonal: { season: string; terrain: DpTerrain; place: string }[];
  dummies: string[];
  unsupported: string[];
}

const TERRAINS = new Set(['AMEND', 'WATER', 'LAND', 'COAST', 'PORT', 'SHUT']);

export function parseDpjudgeMap(folder: string, file: string): DpMap {
  const map: DpMap = {
    files: [],
    locs: [],
    locType: new Map(),
    locAbut: new Map(),
    abutRules: new Map(),
    fullName: new Map(),
    aliases: new Map(),
    powers: new Map(),
    unowned: [],
    owns: new Map(),
    victory: null,
    begin: null,
    flow: [],
    rules: [],
    newHomes: [],
    seasonal: [],
    dummies: [],
    unsupported: [],
  };
  load(map, folder, file);
  return map;
}

function fail(file: string, line: number, message: string): never {
  throw new Error(`${file}:${line}: ${message}`);
}

function load(map: DpMap, folder: string, file: string): void {
  const path = join(folder, file);
  if (!existsSync(path)) throw new Error(`${file}: no such map file in ${folder}`);
  map.files.push(file);
  const lines = readFileSync(path, 'latin1').split(/\r?\n/);
  let power: DpPower | null = null;
  let directives = false;
  let dynamicPhase: string | null = null;
  lines.forEach((line, index) => {
    const at = index + 1;
    const word = line
      .trim()
      .split(/\s+/)
      .filter((w) => w !== '');
    if (word.length === 0 || word[0]!.startsWith('#')) return;
    const upword = word[0]!.toUpperCase();
    const last = word[word.length - 1]!.toUpperCase();
    if (last === 'DIRECTIVE' || last === 'DIRECTIVES') {
      directives = true;
      map.unsupported.push(`variant DIRECTIVES block (${file}:${at})`);
      return;
    }
    if (directives) {
      if (upword === 'END') directives = false;
      return;
    }
    if (upword === 'FROM' || upword === 'IN') {
      const data = word
        .slice(1)
        .join(' ')
        .split(':')
        .map((s) => s.trim());
      const change = upword === 'IN' && data.length === 2 && /^[A-Z]+$/i.test(data[0]!) ? /^(WATER|LAND|COAST|PORT)\s+(\S+)$/i.exec(data[1]!) : null;
      if (change) {
        map.seasonal.push({ season: data[0]!.toUpperCase(), terrain: change[1]!.toUpperCase() as DpTerrain, place: change[2]! });
        return;
      }
      map.unsupported.push(`terrain that changes with the phase: ${line.trim()} (${file}:${at})`);
      dynamicPhase = data.length > 1 && data[1] !== '' ? null : data[0]!;
      return;
    }
    if (dynamicPhase !== null) {
      map.unsupported.push(`terrain that changes with the phase: ${line.trim()} (${file}:${at})`);
      return;
    }
    switch (upword) {
      case 'TEXTONLY':
      case 'NOTIFY':
      case 'FLAGS':
      case 'FLAG':
        return;
      case 'VICTORY':
        map.victory = word.slice(1).map((w) => {
          const n = Number(w);
          if (!Number.isInteger(n)) fail(file, at, `bad VICTORY count "${w}"`);
          return n;
        });
        return;
      case 'USE':
      case 'USES':
      case 'MAP':
        for (let included of word.slice(1)) {
          if (!included.includes('.')) included += '.map';
          if (map.files.includes(included)) fail(file, at, `${included} is used twice`);
          load(map, folder, included);
        }
        return;
      case 'FLOW':
        if (word.length === 1) map.flow = [];
        else map.flow.push(...word.slice(1).map((w) => w.toUpperCase()));
        return;
      case 'BEGIN':
        map.begin = word.slice(1).join(' ').toUpperCase();
        return;
      case 'RULE':
      case 'RULES':
        map.rules.push(...word.slice(1).map((w) => w.toUpperCase()));
        return;
      case 'ROTATE':
        map.unsupported.push(`ROTATE (${file}:${at})`);
        return;
      case 'NEWHOMES':
        map.newHomes = word.slice(1);
        return;
    }
    if (line.includes('=')) {
      placeName(map, file, at, line);
      return;
    }
    if (upword === 'OWNS' || upword === 'CENTERS') {
      if (!power) fail(file, at, `${upword} before a power`);
      const listed = word.slice(1).map((w) => w.toUpperCase());
      const current = map.owns.get(power.key);
      if (upword === 'CENTERS' || !current) map.owns.set(power.key, listed);
      else current.push(...listed.filter((c) => !current.includes(c)));
      return;
    }
    if (upword === 'INHABITS' || upword === 'HOME' || upword === 'HOMES') {
      if (!power) fail(file, at, `${upword} before a power`);
      addHomes(map, power, word.slice(1), true);
      return;
    }
    if (upword === 'UNITS') {
      if (!power) fail(file, at, 'UNITS before a power');
      power.units = [];
      return;
    }
    if (['RESERVES', 'MILITIA', 'CONTROL', 'LEAGUE', 'TEAM', 'TEAMS'].includes(upword)) {
      map.unsupported.push(`${upword} (${file}:${at})`);
      return;
    }
    if (upword === 'A' || upword === 'F' || upword === 'W') {
      if (!power) fail(file, at, `unit before a power: ${line.trim()}`);
      if (word.length !== 2) fail(file, at, `bad unit: ${line.trim()}`);
      if (upword === 'W') map.unsupported.push(`wings (${file}:${at})`);
      const unit = `${upword} ${word[1]!.toUpperCase()}`;
      const province = unit.slice(2).split('/')[0]!;
      for (const other of map.powers.values()) other.units = other.units.filter((u) => u.slice(2).split('/')[0] !== province);
      power.units.push(unit);
      return;
    }
    if (upword === 'DUMMY' || upword === 'DUMMIES') {
      if (word.length === 1) {
        if (!power) fail(file, at, 'DUMMY before a power');
        map.dummies.push(power.key);
      } else {
        power = null;
        if (word[1]!.toUpperCase() === 'ALL') map.unsupported.push(`DUMMY ALL (${file}:${at})`);
        else map.dummies.push(...word.slice(1).map(powerKey));
      }
      return;
    }
    if (upword === 'DROP') {
      for (const place of word.slice(1)) drop(map, place.toUpperCase());
      return;
    }
    if (TERRAINS.has(upword) && word.length > 1) {
      terrain(map, file, at, word);
      return;
    }
    if (upword === 'UNPLAYED') {
      const goners = word.length === 1 ? (power ? [power.key] : []) : word.slice(1).map(powerKey);
      if (word[1]?.toUpperCase() === 'ALL') fail(file, at, 'UNPLAYED ALL is not supported');
      for (const goner of goners) {
        if (!map.powers.delete(goner)) fail(file, at, `no power ${goner} to remove`);
        map.owns.delete(goner);
        map.dummies = map.dummies.filter((d) => d !== goner);
      }
      power = null;
      return;
    }
    power = powerLine(map, file, at, word);
  });
}

function powerKey(word: string): string {
  return word
    .toUpperCase()
    .replace(/[+\-.,:]/g, '')
    .replace(/\s+/g, '');
}

function powerLine(map: DpMap, file: string, at: number, word: string[]): DpPower | null {
  let upword = word[0]!.toUpperCase();
  if (upword === 'NEUTRAL' || upword === 'CENTERS') upword = 'UNOWNED';
  if (word.length > 2 && word[1] === '->') fail(file, at, 'renaming a power is not supported');
  if (upword === 'UNOWNED') {
    for (const home of word
      .slice(1)
      .join(' ')
      .toUpperCase()
      .split(/\s+/)
      .filter((w) => w !== '')) {
      const remove = home.startsWith('-');
      const site = home.replace(/^[-*+~@]+/, '');
      map.unowned = map.unowned.filter((c) => c !== site);
      if (!remove) map.unowned.push(site);
    }
    return null;
  }
  const key = powerKey(upword);
  let power = map.powers.get(key);
  if (!power) {
    power = { key, name: word[0]!, adjective: word[0]!, abbrev: null, homes: [], partisan: [], factory: [], alternative: [], hidden: [], units: [] };
    map.powers.set(key, power);
  }
  let rest = word.slice(1);
  if (rest[0]?.startsWith('(')) {
    const inside = rest[0].slice(1, -1);
    const [adjective, abbrev] = inside.includes(':') ? inside.split(':') : [inside, undefined];
    power.adjective = adjective || power.name;
    if (abbrev !== undefined) {
      if (abbrev === '' || 'M?'.includes(abbrev[0]!.toUpperCase())) fail(file, at, `illegal power abbreviation "${abbrev}"`);
      power.abbrev = abbrev[0]!.toUpperCase();
    }
    rest = rest.slice(1);
  }
  addHomes(map, power, rest, false);
  return power;
}

function addHomes(map: DpMap, power: DpPower, words: string[], reinit: boolean): void {
  if (reinit) {
    power.homes = [];
    power.partisan = [];
    power.factory = [];
    power.alternative = [];
    power.hidden = [];
  }
  for (let home of words
    .join(' ')
    .toUpperCase()
    .split(/\s+/)
    .filter((w) => w !== '')) {
    let remove = false;
    let list: 'homes' | 'partisan' | 'factory' = 'homes';
    let alternative = false;
    let hidden = false;
    while (home !== '' && '-*+~@'.includes(home[0]!)) {
      if (home[0] === '-') remove = true;
      else if (home[0] === '*') list = 'partisan';
      else if (home[0] === '+') list = 'factory';
      else if (home[0] === '~') hidden = true;
      else alternative = true;
      home = home.slice(1);
    }
    if (home.includes('(')) home = home.slice(0, home.indexOf('('));
    if (home === '') continue;
    const site = home;
    power.alternative = power.alternative.filter((h) => h !== site);
    power.hidden = power.hidden.filter((h) => h !== site);
    if (power.factory.includes(site)) power.factory = power.factory.filter((h) => h !== site);
    else if (power.partisan.includes(site)) power.partisan = power.partisan.filter((h) => h !== site);
    else if (power.homes.includes(site)) {
      power.homes = power.homes.filter((h) => h !== site);
      if (!map.unowned.includes(site)) map.unowned.push(site);
    }
    if (remove) continue;
    if (alternative) power.alternative.push(site);
    if (hidden) power.hidden.push(site);
    power[list].push(site);
  }
}

function placeName(map: DpMap, file: string, at: number, line: string): void {
  const [left, right] = [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)];
  const words = right
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) fail(file, at, `no abbreviation: ${line.trim()}`);
  let name = left.trim();
  const parts = name.split('->').map((s) => s.trim());
  const abbr = words[0]!.toUpperCase();
  if (parts.length === 2) {
    name = parts[1]!;
    rename(map, parts[0]!.toUpperCase(), abbr);
  } else if (parts.length > 2) fail(file, at, `bad rename: ${name}`);
  map.fullName.set(abbr, name);
  map.aliases.set(abbr, words.slice(1));
}

function rename(map: DpMap, old: string, renamed: string): void {
  if (!map.fullName.has(old)) throw new Error(`rename of unknown place ${old}`);
  map.fullName.delete(old);
  map.aliases.delete(old);
  if (old === renamed) return;
  const swap = (site: string) => (site === old ? renamed : site === old.toLowerCase() ? renamed.toLowerCase() : site === title(old) ? title(renamed) : site);
  map.locs = map.locs.map(swap);
  for (const power of map.powers.values()) {
    for (const list of [power.homes, power.partisan, power.factory, power.alternative, power.hidden]) {
      const i = list.indexOf(old);
      if (i >= 0) list[i] = renamed;
    }
    power.units = power.units.map((u) => (u.slice(2) === old ? u.slice(0, 2) + renamed : u));
  }
  map.unowned = map.unowned.map((c) => (c === old ? renamed : c));
  for (const [p, list] of map.owns)
    map.owns.set(
      p,
      list.map((c) => (c === old ? renamed : c)),
    );
  for (const table of [map.locType, map.locAbut] as Map<string, unknown>[]) {
    const gone = table.has(old) ? old : old.toLowerCase();
    if (!table.has(gone)) continue;
    table.set(gone === old ? renamed : renamed.toLowerCase(), table.get(gone));
    table.delete(gone);
  }
  for (const [place, sites] of map.locAbut) map.locAbut.set(place, sites.map(swap));
}

/** Python's str.title(), which DPjudge uses for its Mixed-case adjacency rule: `spa/nc` → `Spa/Nc`. */
function title(word: string): string {
  return word.toLowerCase().replace(/(^|[^a-z])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}

function drop(map: DpMap, place: string): void {
  const startsWith = (site: string) => site.toUpperCase().startsWith(place);
  map.locs = map.locs.filter((l) => !startsWith(l));
  for (const abbr of [...map.fullName.keys()]) {
    if (abbr.startsWith(place)) {
      map.fullName.delete(abbr);
      map.aliases.delete(abbr);
    }
  }
  for (const power of map.powers.values()) {
    power.homes = power.homes.filter((h) => h !== place);
    power.units = power.units.filter((u) => u.slice(2, 5) !== place.slice(0, 3));
  }
  map.unowned = map.unowned.filter((c) => c !== place);
  for (const [p, list] of map.owns)
    map.owns.set(
      p,
      list.filter((c) => c !== place),
    );
  for (const [key, sites] of map.locAbut)
    map.locAbut.set(
      key,
      sites.filter((s) => !startsWith(s)),
    );
  for (const [code, pairs] of map.abutRules)
    map.abutRules.set(
      code,
      pairs.filter(([a, b]) => !a.startsWith(place) && !b.startsWith(place)),
    );
  for (const table of [map.locType, map.locAbut] as Map<string, unknown>[]) {
    for (const key of [...table.keys()]) if (key.startsWith(place) || key.startsWith(place.toLowerCase())) table.delete(key);
  }
}

function terrain(map: DpMap, file: string, at: number, word: string[]): void {
  const upword = word[0]!.toUpperCase();
  const place = word[1]!;
  const other = swapCase(place);
  if (other !== place && map.locs.includes(other)) {
    map.locs = map.locs.filter((l) => l !== other);
    if (upword === 'AMEND') {
      map.locType.set(place, map.locType.get(other)!);
      map.locAbut.set(place, map.locAbut.get(other)!);
    }
    map.locType.delete(other);
    map.locAbut.delete(other);
    if (place === place.toUpperCase()) for (const coast of map.locs.filter((l) => l.startsWith(`${place}/`))) drop(map, coast);
  }
  map.locs = map.locs.filter((l) => l !== place);
  map.locs.push(place);
  if (upword !== 'AMEND') {
    map.locType.set(place, upword as DpTerrain);
    if (word.length > 2 || !map.locAbut.has(place)) map.locAbut.set(place, []);
  } else if (!map.locType.has(place)) fail(file, at, `nothing to AMEND for ${place}`);
  if (word.length > 2 && word[2]!.toUpperCase() !== 'ABUTS') fail(file, at, `no ABUTS for ${place}`);
  const abuts = map.locAbut.get(place)!;
  for (let dest of word.slice(3)) {
    if (dest.startsWith('-')) {
      const gone = dest.slice(1).toUpperCase();
      map.locAbut.set(
        place,
        (map.locAbut.get(place) ?? []).filter((s) => !s.toUpperCase().startsWith(gone)),
      );
      for (const [code, pairs] of map.abutRules)
        map.abutRules.set(
          code,
          pairs.filter(([, b]) => !gone.startsWith(b)),
        );
      continue;
    }
    const codes: string[] = [];
    if ((dest.match(/:/g) ?? []).length === 1) {
      const [who, rest] = dest.split(':');
      codes.push(`${who!.toUpperCase()}:`);
      dest = rest!;
    }
    if ((dest.match(/\(/g) ?? []).length === 1 && dest.endsWith(')')) {
      const [rest, need] = dest.split('(');
      codes.push(need!.toUpperCase());
      dest = rest!;
    }
    while (dest !== '' && !/[A-Za-z0-9]/.test(dest[0]!)) {
      codes.push(dest[0]!);
      dest = dest.slice(1);
    }
    while (dest !== '' && !/[A-Za-z0-9]/.test(dest[dest.length - 1]!)) {
      codes.push(dest[dest.length - 1]!);
      dest = dest.slice(0, -1);
    }
    if (dest === '') fail(file, at, `bad special adjacency for ${place}`);
    for (const code of codes) {
      const pairs = map.abutRules.get(code) ?? [];
      pairs.push([place.toUpperCase(), dest.slice(0, 3).toUpperCase()]);
      map.abutRules.set(code, pairs);
    }
    (map.locAbut.get(place) ?? abuts).push(dest);
  }
}

function swapCase(word: string): string {
  return [...word].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
}

/** DPjudge's terrain lookup: the place as written in upper case, else in lower case. */
export function areaType(map: DpMap, loc: string): DpTerrain | undefined {
  return map.locType.get(loc.toUpperCase()) ?? map.locType.get(loc.toLowerCase());
}

/** DPjudge's abutList: the adjacency line of the place in upper case, else in lower case. */
export function abutList(map: DpMap, site: string): readonly string[] {
  return map.locAbut.get(site.toUpperCase()) ?? map.locAbut.get(site.toLowerCase()) ?? [];
}

/**
 * DPjudge's Map.abuts for a move (not a support or convoy): whether a unit of the type at unitLoc
 * may move to otherLoc. Lower-case neighbours are closed to fleets, Mixed-case ones to armies.
 */
export function abutsForMove(map: DpMap, unitType: 'A' | 'F', unitLoc: string, otherLoc: string): boolean {
  const other = otherLoc.toUpperCase();
  if (other.includes('/') && unitType === 'A') return false;
  const place = abutList(map, unitLoc).find((p) => {
    const up = p.toUpperCase();
    return other === up || other === up.split('/')[0];
  });
  if (place === undefined) return false;
  const otherType = areaType(map, other);
  if (otherType === undefined || otherType === 'SHUT') return false;
  if (unitType === 'F') {
    const locale = place.toUpperCase().split('/')[0]!;
    return otherType !== 'LAND' && place[0] === locale[0] && map.locType.has(other);
  }
  return otherType !== 'WATER' && place !== title(place);
}
