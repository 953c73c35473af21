import type { MapData } from '../../src/engine/map-schema.ts';
import type { MapGeometry } from '../../src/catalog/map-geometry.ts';
import { isFreehandDrawing, readFreehandMap } from './freehand-drawing.ts';
import { isGlobeDrawing, readGlobeMap } from './globe-drawing.ts';
import { readPostScriptMap, type Figure, type Point, type Segment } from './postscript.ts';
import { provinceOutlines } from './regions.ts';
import type { ProvinceId } from '../../src/engine/types.ts';

// One DPjudge drawing to the project's geometry: coordinates flipped to y-down, DPjudge's abbreviations
// renamed to the map's province ids where the map is known, province outlines traced from the lines.

export const LICENSE_NOTE = 'Derived from DPjudge map drawings, Copyright 2017 Manus Hand, MIT licence (see geometry/LICENSE)';

/**
 * Sea borders a drawing leaves out (DPjudge's drawings rely on the reader's eye there), in the drawing's
 * own coordinates: without them two seas would flood into one.
 */
const MISSING_LINES: Readonly<Record<string, readonly (readonly Point[])[]>> = {
  // Tyrrhenian Sea / Ionian Sea: across the Strait of Messina, from Sicily to the toe of Naples.
  standard: [
    [
      [303, 82],
      [310, 78],
    ],
  ],
  // Black Sea / Aegean Sea: across the Bosporus (the Propontis beyond it goes with the Aegean).
  ancmed: [
    [
      [636.2, 455.1],
      [639.6, 454.1],
    ],
  ],
};
/** Drawings that are copies of another's, with the same gaps. */
const SAME_LINES_AS: Readonly<Record<string, string>> = {
  brazilian: 'standard',
  britain: 'standard',
  chaos: 'standard',
  crowded: 'standard',
  fiveman: 'standard',
  milan: 'standard',
  minorpower: 'standard',
  renaissance: 'standard',
  v8: 'standard',
  void: 'standard',
};

/** Where a unit is drawn for a province the drawing marks but gives no unit point: this far above the mark. */
const UNIT_ABOVE_MARKER = 9;
/** Where a province's name goes when the drawing writes none (youngstown's off-board boxes): this far below its unit point, as most drawings place theirs. */
const NAME_BELOW_UNIT = 7;

export interface GeometryImport {
  readonly geometry: MapGeometry;
  /** Provinces of the drawing that got no outline, and why. */
  readonly problems: readonly string[];
  /** Provinces whose outline was split off a face they share with others (no border line drawn). */
  readonly shared: readonly string[];
}

/** Room around what is drawn and the unit points: a unit (8 units across a fleet) at the edge stays whole. */
const MARGIN = 10;

const round = (value: number) => Math.round(value * 10) / 10;
const fmt = (value: number) => String(round(value));

/**
 * Maps DPjudge abbreviations (e.g. `LYO`, `SPA/NC`) to the map's location ids: the lower-cased abbreviation
 * when the map has it, else the province whose alias or name matches (standard's `gol` for `LYO`).
 */
export function idResolver(map: MapData | null, info: readonly { abbreviation: string; name: string }[]): (abbr: string) => string {
  const lowered = (abbr: string) => abbr.toLowerCase();
  if (!map) return lowered;
  const ids = new Set(map.provinces.map((p) => p.id));
  const byAlias = new Map<string, string>();
  for (const province of map.provinces) {
    for (const alias of province.aliases) byAlias.set(alias.toLowerCase(), province.id);
    byAlias.set(province.name.toLowerCase(), province.id);
  }
  const names = new Map(info.map((entry) => [entry.abbreviation.toLowerCase(), entry.name.toLowerCase()]));
  return (abbr) => {
    const [province = '', coast] = lowered(abbr).split('/');
    let id = province;
    if (!ids.has(province as ProvinceId)) id = byAlias.get(province) ?? byAlias.get(names.get(province) ?? '') ?? province;
    return coast ? `${id}/${coast}` : id;
  };
}

function pathData(figures: readonly Figure[], flip: (p: Point) => Point): string {
  const parts: string[] = [];
  const xy = (p: Point) => {
    const [x, y] = flip(p);
    return `${fmt(x)} ${fmt(y)}`;
  };
  for (const figure of figures) {
    for (const segment of figure.segments as Segment[]) {
      if (segment.kind === 'move') parts.push(`M${xy(segment.to)}`);
      else if (segment.kind === 'line') parts.push(`L${xy(segment.to)}`);
      else parts.push(`C${xy(segment.c1)} ${xy(segment.c2)} ${xy(segment.to)}`);
    }
    if (figure.closed) parts.push('Z');
  }
  return parts.join('');
}

function ringsPath(rings: readonly Point[][]): string {
  return rings.map((ring) => `M${ring.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join('L')}Z`).join('');
}

function flipFigure(figure: Figure, flip: (p: Point) => Point): Figure {
  return {
    closed: figure.closed,
    segments: figure.segments.map(
      (s): Segment => (s.kind === 'curve' ? { kind: 'curve', c1: flip(s.c1), c2: flip(s.c2), to: flip(s.to) } : { kind: s.kind, to: flip(s.to) }),
    ),
  };
}

function sortedRecord<T>(entries: Iterable<[string, T]>): Record<string, T> {
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function buildGeometry(mapName: string, sourceName: string, source: string, map: MapData | null): GeometryImport {
  const drawing = isGlobeDrawing(source) ? readGlobeMap(source) : isFreehandDrawing(source) ? readFreehandMap(source) : readPostScriptMap(source);
  const [rx, ry, rw, rh] = drawing.frame;
  const flip = ([x, y]: Point): Point => [x, ry + rh - (y - ry)];
  // Some drawings fill a sea rectangle far larger than the map: the picture is what is drawn, within it.
  const drawn = drawing.layers.flatMap((layer) => layer.figures.flatMap((f) => f.segments.map((s) => s.to)));
  const xs = [...drawn, ...drawing.info.map((e) => e.point)].map((p) => p[0]);
  const ys = [...drawn, ...drawing.info.map((e) => e.point)].map((p) => p[1]);
  const left = Math.max(rx, Math.min(...xs) - MARGIN);
  const right = Math.min(rx + rw, Math.max(...xs) + MARGIN);
  const bottom = Math.max(ry, Math.min(...ys) - MARGIN);
  const top = Math.min(ry + rh, Math.max(...ys) + MARGIN);
  const [fx, fy, fw, fh] = [left, flip([0, top])[1], right - left, top - bottom];
  const resolve = idResolver(map, drawing.info);

  const locations = new Map<string, Point>();
  for (const entry of drawing.info) {
    const [x, y] = flip(entry.point);
    locations.set(resolve(entry.abbreviation), [round(x), round(y)]);
  }
  const names = new Map<string, { at: Point; sea: boolean }>();
  for (const name of drawing.names) {
    const [x, y] = flip(name.point);
    const id = resolve(name.abbreviation);
    const sea = name.sea ?? map?.provinces.find((p) => p.id === id)?.terrain === 'sea';
    names.set(id, { at: [round(x), round(y)], sea });
  }
  const supplyCenters = new Map<string, Point>();
  for (const [abbr, point] of drawing.supplyCenters) {
    const [x, y] = flip(point);
    supplyCenters.set(resolve(abbr), [round(x), round(y)]);
  }

  // Each province is flooded from its own point; its name and supply-centre points are tried when the
  // point itself lies on a line or in a face another province already took.
  const provinceEntries = drawing.info.filter((entry) => !entry.abbreviation.includes('/'));
  const seeds = provinceEntries.map((entry) => {
    const id = resolve(entry.abbreviation);
    const candidates: Point[] = [flip(entry.point)];
    const name = names.get(id);
    if (name) candidates.push([name.at[0], name.at[1] - 4]);
    const centre = supplyCenters.get(id);
    if (centre) candidates.push(centre);
    const terrain = map?.provinces.find((p) => p.id === id)?.terrain;
    return { id, candidates, ...(centre ? { pieces: [centre] } : {}), ...(terrain === undefined ? {} : { water: terrain === 'sea' }) };
  });
  // A province of the map the INFO table leaves out but the drawing marks (loeb9's Ireland has only its
  // centre): flooded from its marker, its unit drawn a little above it.
  for (const province of map?.provinces ?? []) {
    if (locations.has(province.id)) continue;
    const marker = supplyCenters.get(province.id) ?? names.get(province.id)?.at;
    if (!marker) continue;
    const unit: Point = [round(marker[0]), round(marker[1] - UNIT_ABOVE_MARKER)];
    locations.set(province.id, unit);
    seeds.push({ id: province.id, candidates: [marker, unit], water: province.terrain === 'sea' });
  }
  // A province the drawing never names (youngstown's twelve off-board boxes) is named below its unit point.
  for (const province of map?.provinces ?? []) {
    const unit = locations.get(province.id);
    if (names.has(province.id) || !unit) continue;
    names.set(province.id, { at: [unit[0], round(unit[1] + NAME_BELOW_UNIT)], sea: province.terrain === 'sea' });
  }
  const drawingName = sourceName.replace(/\.ps$/, '');
  const missing = (MISSING_LINES[SAME_LINES_AS[drawingName] ?? drawingName] ?? []).map(
    (line): Figure => ({ closed: false, segments: line.map((to, i) => ({ kind: i === 0 ? 'move' : 'line', to })) }),
  );
  const walls = [...drawing.layers.filter((layer) => layer.separates).flatMap((layer) => layer.figures), ...missing].map((f) => flipFigure(f, flip));
  const cellsPerUnit = Math.min(4, 2400 / Math.max(fw, fh));
  // Where the drawing paints water and land, as the picture does (src/render/map-picture.ts's layerFill).
  const blue = (fill: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(fill.slice(i, i + 2), 16)) as [number, number, number];
    return b > r && b > g;
  };
  const backgroundWater = parseInt(drawing.background.slice(5, 7), 16) > parseInt(drawing.background.slice(1, 3), 16);
  // A layer in the background's colour is of the background's kind: lakes cut out of land on a sea
  // background, islands (empire's Cuba) set on seas painted over a land background.
  const isWater = (fill: string) => (fill === drawing.background ? backgroundWater : blue(fill));
  const painted = {
    backgroundWater,
    areas: drawing.layers
      .filter((layer) => layer.fill !== null)
      .map((layer) => ({ water: isWater(layer.fill!), figures: layer.figures.map((f) => flipFigure(f, flip)) })),
  };
  const regions = provinceOutlines([fx, fy, fw, fh], walls, seeds, cellsPerUnit, painted);
  const provinces = new Map<string, string>();
  for (const [id, rings] of regions.outlines) if (rings.length > 0) provinces.set(id, ringsPath(rings));

  const geometry: MapGeometry = {
    map: mapName,
    source: sourceName,
    license: LICENSE_NOTE,
    viewBox: [round(fx), round(fy), round(fw), round(fh)],
    background: drawing.background,
    layers: drawing.layers
      .filter((layer) => layer.figures.length > 0)
      .map((layer) => ({
        fill: layer.fill,
        stroke: round(layer.strokeWidth * 100) / 100,
        dashed: layer.dashed,
        d: pathData(layer.figures, flip),
      })),
    provinces: sortedRecord(provinces),
    locations: sortedRecord(locations),
    names: sortedRecord(names),
    supplyCenters: sortedRecord(supplyCenters),
  };
  return { geometry, problems: regions.problems, shared: regions.shared };
}
