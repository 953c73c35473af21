import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mapDataSchema } from '../../src/engine/map-schema.ts';
import { Variant } from '../../src/engine/variant.ts';
import { variantDataSchema } from '../../src/engine/variant-schema.ts';
import { DPJUDGE_MAPS, ONE_VERSUS_ONE, STANDARD_FAMILY, type DpjudgeEntry } from './catalogue.ts';
import { formatJson } from './format-json.ts';
import { parseDpjudgeMap } from './parse-map.ts';
import { convert, type ConvertedVariant, type MapJson, type PowerJson } from './to-variant.ts';

// Everything `npm run import-maps` writes, computed without touching the disk: the map and
// variant files, and the variant table in docs/maps-and-variants.md. The test compares it with the checked-in
// files, so data edited by hand or an importer changed without re-running it fails the suite.

export const SOURCE_FOLDER = 'maps/dpjudge';
const SOURCE_NOTE = 'Imported from DPjudge map files (MIT licence, (c) 2017 Manus Hand; see maps/dpjudge/LICENSE) by npm run import-maps.';

export interface VariantRow {
  readonly id: string;
  readonly title: string;
  readonly powers: number;
  readonly centres: number;
  readonly victory: number;
  readonly rules: string;
  readonly leftOut: string | null;
  /** The map whose drawing (geometry/<map>.json) its pictures use. */
  readonly map?: string;
}

export interface Generated {
  /** Repository-relative path → file content. */
  readonly files: Map<string, string>;
  readonly rows: VariantRow[];
}

export function generate(root: string): Generated {
  const files = new Map<string, string>();
  const rows: VariantRow[] = [];
  const maps: MapJson[] = [];
  const folder = join(root, SOURCE_FOLDER);
  let standard: { converted: ConvertedVariant; mapName: string } | null = null;

  const emit = (id: string, title: string, description: string, converted: ConvertedVariant, source: string, extraRules: string[]): void => {
    const mapName = sharedMapName(maps, converted.map, id);
    const variant = {
      name: id,
      title,
      description,
      source,
      map: mapName,
      begin: converted.begin,
      flow: converted.flow,
      victory: { centers: converted.victory },
      builds: converted.builds,
      ...(converted.mobilize ? { mobilize: true } : {}),
      ...(converted.newHomesYears.length > 0 ? { newHomesYears: converted.newHomesYears } : {}),
      ...(converted.seasonalProvinces.length > 0 ? { seasonalProvinces: converted.seasonalProvinces } : {}),
      powers: converted.powers,
    };
    const row = rowOf(id, title, converted, extraRules);
    try {
      new Variant(variantDataSchema.parse(variant), mapDataSchema.parse({ ...converted.map, name: mapName }));
    } catch (error) {
      rows.push({ ...row, leftOut: `does not validate: ${(error as Error).message.split('\n').slice(0, 3).join('; ')}` });
      return;
    }
    if (mapName === id) {
      maps.push({ ...converted.map, name: id });
      files.set(`maps/${id}.json`, formatJson({ ...converted.map, name: id }));
    }
    files.set(`variants/${id}.json`, formatJson(variant));
    rows.push({ ...row, map: mapName });
  };

  for (const entry of DPJUDGE_MAPS) {
    const converted = importEntry(folder, entry);
    if (typeof converted === 'string') {
      rows.push({ id: entry.id, title: entry.title, powers: 0, centres: 0, victory: 0, rules: '', leftOut: converted });
      continue;
    }
    if (converted.unsupported.length > 0) {
      rows.push({ ...rowOf(entry.id, entry.title, converted, []), leftOut: `needs ${reasons(converted.unsupported)}` });
      continue;
    }
    emit(entry.id, entry.title, entry.description, converted, `${SOURCE_NOTE} Source: ${entry.file}.`, []);
    if (entry.id === 'standard') standard = { converted, mapName: 'standard' };
  }
  if (standard) {
    for (const game of ONE_VERSUS_ONE) {
      const converted = oneVersusOne(standard.converted, game.powers, game.victory);
      const [a, b] = game.powers.map((p) => converted.powers.find((q) => q.id === p)!.name);
      emit(
        game.id,
        game.title,
        `Two players on the standard map, ${a} against ${b}; the other centres neutral and empty (vDiplomacy's 1v1).`,
        converted,
        `${SOURCE_NOTE} Derived from standard.map: only ${a} and ${b} play.`,
        ['two of the seven powers, the rest neutral'],
      );
    }
  }
  files.set(VARIANTS_DOC, docWithTable(root, rows));
  return { files, rows };
}

/** The unsupported features once each, without their file positions, counting repeats: "LEAGUE (14 times)". */
function reasons(unsupported: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const item of unsupported) {
    const text = item
      .replace(/\s*\([\w.-]+\.(map|geography|politics|military|locations):\d+\)/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return [...counts].map(([text, n]) => (n > 1 ? `${text} (${n} times)` : text)).join('; ');
}

function importEntry(folder: string, entry: DpjudgeEntry): ConvertedVariant | string {
  if (!existsSync(join(folder, entry.file))) return `no map file ${entry.file}`;
  try {
    const parsed = parseDpjudgeMap(folder, entry.file);
    const family = parsed.files.includes('standard.geography') ? STANDARD_FAMILY : {};
    return convert(parsed, entry.id, family);
  } catch (error) {
    return `cannot be read: ${(error as Error).message}`;
  }
}

/** The name of an already written map with exactly these provinces, or the variant's own id. */
function sharedMapName(maps: readonly MapJson[], map: MapJson, id: string): string {
  const text = JSON.stringify(map.provinces);
  return maps.find((m) => JSON.stringify(m.provinces) === text)?.name ?? id;
}

function oneVersusOne(standard: ConvertedVariant, playing: readonly string[], victory: number): ConvertedVariant {
  const powers: PowerJson[] = standard.powers.filter((p) => playing.includes(p.id));
  return { ...standard, powers, victory };
}

function rowOf(id: string, title: string, converted: ConvertedVariant, extraRules: string[]): VariantRow {
  const rules: string[] = [];
  const begin = `${converted.begin.season}${converted.begin.year}${converted.begin.type[0]!.toUpperCase()}`;
  if (begin !== 'S1901M') rules.push(`begins ${begin}`);
  const steps = converted.flow.filter((f) => 'season' in f);
  const standardFlow = steps.length === 5 && converted.flow.length === 6;
  if (!standardFlow)
    rules.push(
      `flow ${converted.flow.map((f) => ('season' in f ? `${f.season}${f.type[0]!.toUpperCase()}` : 'newYear' in f ? `year${f.newYear > 0 ? '+' : ''}${f.newYear}` : `if year÷${f.ifYearDivisibleBy}`)).join(' ')}`,
    );
  if (converted.builds === 'owned') rules.push('build on any owned centre (BUILD_ANY)');
  if (converted.builds === 'owned-with-home') rules.push('build on any owned centre while a home is held (REMOTE_BUILDS)');
  if (converted.builds === 'any-home') rules.push("build on any owned centre that is some power's home (HOME_BUILDS)");
  for (const p of converted.map.provinces)
    for (const [to, centre] of Object.entries(p.ownerOnly ?? {})) rules.push(`only the owner of ${centre} moves or supports from ${p.id} to ${to}`);
  if (converted.powers.some((p) => p.ownedCenters)) rules.push('starts owning centres other than its homes');
  const centres = converted.map.provinces.filter((p) => p.supplyCenter).length;
  const owned = new Set(converted.powers.flatMap((p) => p.ownedCenters ?? p.homeCenters));
  if (centres > owned.size && !converted.mobilize) rules.push(`${centres - owned.size} neutral centres`);
  if (converted.mobilize) rules.push('no starting units: each power first builds one unit on a home centre of its choice, which it then owns (MOBILIZE)');
  else if (converted.powers.some((p) => p.units.length === 0)) rules.push('no starting units');
  for (const s of converted.seasonalProvinces) {
    const name = converted.map.provinces.find((p) => p.id === s.province)?.name ?? s.province;
    const seasonName = (letter: string) => converted.flow.flatMap((f) => ('season' in f && f.season === letter ? [f.seasonName] : []))[0] ?? letter;
    rules.push(`${name} is open only in ${s.seasons.map(seasonName).join(', ')}; a unit there when it closes holds until it opens (HIBERNATE)`);
  }
  if (converted.newHomesYears.length > 0) rules.push(`the centres owned in winter ${converted.newHomesYears.join(', ')} become the home centres (NEWHOMES)`);
  for (const p of converted.powers)
    if (p.partisanSites)
      rules.push(
        `${p.name} builds one more unit, in ${p.partisanSites.join(', ')} or at home, while it has lost some but not all of its home centres (partisan site)`,
      );
  if (converted.map.provinces.some((p) => p.port)) rules.push('ports (fleets convoy from a coast)');
  for (const [name, kind] of Object.entries(converted.map.borderKinds ?? {})) {
    const crossings = converted.map.provinces.flatMap((p) =>
      Object.entries(p.borders ?? {})
        .filter(([to, k]) => k === name && p.id < to)
        .map(([to]) => `${p.id}-${to}`),
    );
    rules.push(`${name} borders (${crossings.join(', ')}): ${kind.description.replace(/^DPjudge's .: /, '')}`);
  }
  if (converted.victory !== Math.floor(centres / 2) + 1) rules.push(`victory at ${converted.victory}`);
  for (const rule of converted.ignoredRules) rules.push(`${rule} (press rule of the map, not applied)`);
  rules.push(...extraRules);
  return { id, title, powers: converted.powers.length, centres, victory: converted.victory, rules: rules.join('; '), leftOut: null };
}

/** The page whose variant table the import writes. */
const VARIANTS_DOC = 'docs/maps-and-variants.md';
const TABLE_START = '<!-- variants table: written by npm run import-maps -->';
const TABLE_END = '<!-- end of variants table -->';

function docWithTable(root: string, rows: readonly VariantRow[]): string {
  const readme = readFileSync(join(root, VARIANTS_DOC), 'utf8');
  const playable = rows.filter((r) => r.leftOut === null);
  const leftOut = rows.filter((r) => r.leftOut !== null);
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  // A map picture needs the map's drawing (geometry/, written by npm run geometry).
  const picture = (r: VariantRow) => (r.map !== undefined && existsSync(join(root, 'geometry', `${r.map}.json`)) ? 'yes' : 'no');
  const table = [
    TABLE_START,
    '| variant | title | powers | centres | victory | picture | rules and notes |',
    '|---|---|---|---|---|---|---|',
    ...playable.map((r) => `| \`${r.id}\` | ${r.title} | ${r.powers} | ${r.centres} | ${r.victory} | ${picture(r)} | ${cell(r.rules) || '–'} |`),
    '',
    'Left out (the engine does not play what they need):',
    '',
    '| map | why |',
    '|---|---|',
    ...leftOut.map((r) => `| \`${r.id}\` | ${cell(r.leftOut!)} |`),
    TABLE_END,
  ].join('\n');
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < 0) throw new Error(`${VARIANTS_DOC} has no "${TABLE_START}" … "${TABLE_END}" section for the variant table`);
  return readme.slice(0, start) + table + readme.slice(end + TABLE_END.length);
}
