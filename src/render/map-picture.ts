import type { MapGeometry } from '../catalog/map-geometry.ts';
import { provinceOf } from '../engine/map.ts';
import { phaseOf } from '../engine/phase.ts';
import type { ResultFacts } from '../engine/results.ts';
import type { LocationId, Order, Position, Unit, UnitType } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';
import { contrastOn, MAP_COLOURS, powerColours } from './map-colours.ts';
import { zoomedGeometry, type DetailRegion } from './map-detail.ts';

// A position, and the orders of the phase played from it, drawn as SVG: pure, no I/O. Provinces are
// tinted by the power owning the centre or holding the province; units carry their power's colour and
// initial; orders are drawn as DPjudge and webDiplomacy draw them (moves as arrows, supports dashed to
// the supported move or unit, convoys along their route); an order that failed is dashed and crossed in
// red, so a bounce never looks like a convoy that went through.

export interface MapPictureInput {
  readonly variant: Variant;
  readonly geometry: MapGeometry;
  /** The position the orders were given in (or the position to show, without orders). */
  readonly position: Position;
  /** The phase's orders with their outcomes; absent for a position alone. */
  readonly results?: readonly ResultFacts[];
  /** A crowded region drawn again, enlarged, in a panel under the map (src/render/map-detail.ts). */
  readonly detail?: DetailRegion | null;
  readonly title: { readonly game: string; readonly date?: string | null };
}

type Point = readonly [number, number];

const TITLE_BAND = 20;
const LEGEND_BAND = 16;
/** Units are drawn this far above their location's point, leaving the name below readable. */
const UNIT_LIFT = 2;
const UNIT_RADIUS = 5.5;
/** Where a dislodged unit is drawn, relative to its location's point: set apart from the unit that took its place. */
const DISLODGED_OFFSET: Point = [7, 6];

const PHASE_WORDS = { movement: 'Movement', retreat: 'Retreats', adjustment: 'Adjustments' } as const;

const num = (v: number) => String(Math.round(v * 10) / 10);
const xy = (p: Point) => `${num(p[0])} ${num(p[1])}`;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

class Picture {
  private readonly parts: string[] = [];
  add(part: string): void {
    this.parts.push(part);
  }
  lines(): string[] {
    return [...this.parts];
  }
}

/** The fill the picture uses for a layer of the drawing: DPjudge's colours mapped to the picture's own. */
function layerFill(fill: string, background: string, pattern: string): string {
  // Lakes cut out of land on a sea background; islands set on seas painted over a land background.
  if (fill === background) return backgroundFill(background);
  const r = parseInt(fill.slice(1, 3), 16);
  const g = parseInt(fill.slice(3, 5), 16);
  const b = parseInt(fill.slice(5, 7), 16);
  if (b > r && b > g) return MAP_COLOURS.water;
  if (r === g && g === b) return r > 200 ? MAP_COLOURS.ice : `url(#${pattern})`;
  return MAP_COLOURS.land;
}

/**
 * Impassable land (Switzerland) is hatched, not a flat grey: no power's tint can be taken for it
 * (Germany's grey tint came within a few shades of the old flat grey).
 */
const IMPASSABLE_PATTERN = 'impassable';
const impassableDefs = (id: string) =>
  `<defs><pattern id="${id}" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="4" height="4" fill="${MAP_COLOURS.impassable}"/><rect width="1.6" height="4" fill="${MAP_COLOURS.impassableHatch}"/></pattern></defs>`;

/** The background is water unless the drawing paints its seas as shapes on land (then the first layer is sea). */
function backgroundFill(b: string): string {
  const isBlue = parseInt(b.slice(5, 7), 16) > parseInt(b.slice(1, 3), 16);
  return isBlue ? MAP_COLOURS.water : MAP_COLOURS.land;
}

/**
 * A picture in the layers a PNG is composed from (src/render/map-png.ts): what depends on the drawing alone
 * (`base` under the tints, `overlay` over them) is the same for every position of a map and is rasterised
 * once; the tints and `top` (centres, units, orders, title, legend) change with the position.
 */
export interface MapLayers {
  /** The `<svg …>` element's opening tag: the picture's size and view box. */
  readonly open: string;
  /** Water and land. */
  readonly base: readonly string[];
  /**
   * Each tinted province (never a sea) with its owner's colour, drawn at TINT_OPACITY over `base`; a
   * detail panel's tints carry their outline as the panel draws it.
   */
  readonly tints: readonly { readonly province: string; readonly colour: string; readonly outline?: string }[];
  /** Coast and border lines, province names. */
  readonly overlay: readonly string[];
  /** Supply centres, units, orders, title band and legend. */
  readonly top: readonly string[];
}

export const TINT_OPACITY = 0.45;

export function renderMapSvg(input: MapPictureInput): string {
  const layers = mapLayers(input);
  return `${[layers.open, ...layers.base, tintGroup(layers.tints, input.geometry), ...layers.overlay, POSITION_MARK, ...layers.top, '</svg>'].join('\n')}\n`;
}

/**
 * The line of a picture's SVG between the drawing's layers and the position's own (`top`): the PNG is
 * composed from the layers on either side of it (src/render/map-png.ts).
 */
export const POSITION_MARK = '<!-- the position -->';
/** How the tints' line starts: one line with every tinted province. */
export const TINT_GROUP_START = `<g fill-opacity="${TINT_OPACITY}" fill-rule="evenodd">`;

/** The tints as one SVG group: each province's outline in its owner's colour. */
export function tintGroup(tints: MapLayers['tints'], geometry: MapGeometry): string {
  const paths = tints.map((t) => `<path d="${t.outline ?? geometry.provinces[t.province]}" fill="${t.colour}"/>`);
  return `${TINT_GROUP_START}${paths.join('')}</g>`;
}

/** A picture's width and height in the drawing's units: the map, its title band, legend and detail panels. */
export function pictureSize(geometry: MapGeometry, variant: Variant, detail: DetailRegion | null = null): [number, number] {
  const [, , vw, vh] = geometry.viewBox;
  const panel = detail ? TITLE_BAND + (detail.box[3] * vw) / detail.box[2] : 0;
  return [vw, vh + TITLE_BAND + LEGEND_BAND * legendLayout(variant, vw).rows + panel];
}

/** The drawing's own part of a picture: the same for every position of the map. */
export function staticLayers(
  geometry: MapGeometry,
  variant: Variant,
  detail: DetailRegion | null = null,
  pattern = IMPASSABLE_PATTERN,
): Pick<MapLayers, 'open' | 'base' | 'overlay'> {
  const provinces = variant.map.provinces;
  const [vx, vy, vw, vh] = geometry.viewBox;
  const top = vy - TITLE_BAND;
  const [, height] = pictureSize(geometry, variant, detail);
  const open = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${num(vx)} ${num(top)} ${num(vw)} ${num(height)}" width="${num(vw)}" height="${num(height)}" font-family="DejaVu Sans" font-weight="bold">`;
  const base = [
    impassableDefs(pattern),
    `<rect x="${num(vx)}" y="${num(vy)}" width="${num(vw)}" height="${num(vh)}" fill="${backgroundFill(geometry.background)}"/>`,
  ];
  for (const layer of geometry.layers) {
    if (layer.fill) base.push(`<path d="${layer.d}" fill="${layerFill(layer.fill, geometry.background, pattern)}" fill-rule="evenodd"/>`);
  }
  const overlay: string[] = [];
  for (const layer of geometry.layers) {
    const colour = layer.fill ? MAP_COLOURS.coast : MAP_COLOURS.border;
    const width = Math.max(0.4, Math.min(1.5, layer.stroke || 0.6));
    const dash = layer.dashed ? ` stroke-dasharray="${num(width * 4)} ${num(width * 2)}"` : '';
    overlay.push(`<path d="${layer.d}" fill="none" stroke="${colour}" stroke-width="${num(width)}" stroke-linejoin="round"${dash}/>`);
  }
  const names: string[] = [];
  for (const province of provinces) {
    const name = geometry.names[province.id];
    if (name && name.at[0] >= vx && name.at[0] <= vx + vw && name.at[1] >= vy && name.at[1] <= vy + vh) names.push(nameText(province.id, name));
  }
  overlay.push(`<g font-size="${NAME_SIZE}" text-anchor="middle">${names.join('')}</g>`);
  // The detail panel's water, land, lines and names are the drawing's too: kept with the map's. The
  // panel is painted first and the map over it, so what the panel's shapes reach beyond its top is
  // covered (by the map, then the bands and legend), with no clip: resvg pays a mask the size of the
  // whole picture for one. Its lines go under the tints with its land, and those that reach little
  // above it over them too, with its names.
  const panel = detail ? panelOf(geometry, variant, detail) : null;
  if (panel) {
    const drawn = staticLayers(panel.geometry, variant, null, `${pattern}-detail`);
    const near = staticLayers({ ...panel.geometry, layers: panel.nearLayers }, variant, null, `${pattern}-detail`);
    const place = `<g transform="translate(${num(vx)} ${num(panel.top)})">`;
    base.splice(1, 0, `${place}${[...drawn.base, ...drawn.overlay.slice(0, -1)].join('')}</g>`);
    overlay.push(`${place}${near.overlay.join('')}</g>`);
  }
  return { open, base, overlay };
}

const NAME_SIZE = 6;
/** DejaVu Sans Bold's advance, about, per character at size 1; its capitals' height and its descent. */
const NAME_ADVANCE = 0.68;
const NAME_ASCENT = 0.73;
const NAME_DESCENT = 0.24;
/** How far below its point a province's name has its baseline. */
const NAME_BASELINE = 2.5;

/** A province's name as the picture writes it: Par, Stp; longer ids (imperial's) in capitals. */
function provinceLabel(id: string): string {
  return id.length <= 3 ? id[0]!.toUpperCase() + id.slice(1) : id.toUpperCase();
}

function nameText(id: string, name: { readonly at: Point; readonly sea: boolean }): string {
  return `<text x="${num(name.at[0])}" y="${num(name.at[1] + NAME_BASELINE)}" fill="${name.sea ? MAP_COLOURS.seaName : MAP_COLOURS.landName}">${escapeXml(provinceLabel(id))}</text>`;
}

/** The box a province's name covers: [left, top, right, bottom]. */
export function nameBox(id: string, at: Point): readonly [number, number, number, number] {
  const half = (provinceLabel(id).length * NAME_ADVANCE * NAME_SIZE) / 2;
  const baseline = at[1] + NAME_BASELINE;
  return [at[0] - half, baseline - NAME_ASCENT * NAME_SIZE, at[0] + half, baseline + NAME_DESCENT * NAME_SIZE];
}

/** Whether a convex polygon and a box overlap (no axis of either separates them). */
function overlaps(polygon: readonly Point[], [left, top, right, bottom]: readonly [number, number, number, number]): boolean {
  const corners: Point[] = [
    [left, top],
    [right, top],
    [right, bottom],
    [left, bottom],
  ];
  const axes: Point[] = [
    [1, 0],
    [0, 1],
  ];
  polygon.forEach((p, i) => {
    const q = polygon[(i + 1) % polygon.length]!;
    axes.push([q[1] - p[1], p[0] - q[0]]);
  });
  return axes.every(([ax, ay]) => {
    const span = (points: readonly Point[]) => points.map(([x, y]) => x * ax + y * ay);
    const a = span(polygon);
    const b = span(corners);
    return Math.max(...a) > Math.min(...b) && Math.max(...b) > Math.min(...a);
  });
}

/**
 * Where a supply centre's dot is drawn: at the drawing's point, unless that puts it on a province's
 * name (classical's drawing marks its centres where it writes their names); then just beside that
 * name (right, left, above or below, the first place clear of every name).
 */
function centreDotAt(province: string, geometry: MapGeometry, variant: Variant): Point | null {
  const kept = centreDots.get(geometry) ?? new Map<string, Point | null>();
  centreDots.set(geometry, kept);
  if (!kept.has(province)) kept.set(province, placeCentreDot(province, geometry, variant));
  return kept.get(province)!;
}

/** Where each drawing's centre dots go, worked out on its first picture. */
const centreDots = new WeakMap<MapGeometry, Map<string, Point | null>>();

function placeCentreDot(province: string, geometry: MapGeometry, variant: Variant): Point | null {
  const at = geometry.supplyCenters[province];
  if (!at) return null;
  const boxes = variant.map.provinces.flatMap((p) => (geometry.names[p.id] ? [nameBox(p.id, geometry.names[p.id]!.at)] : []));
  const onName = (p: Point) => {
    const r = CENTRE_RADIUS;
    const square: Point[] = [
      [p[0] - r, p[1] - r],
      [p[0] + r, p[1] - r],
      [p[0] + r, p[1] + r],
      [p[0] - r, p[1] + r],
    ];
    return boxes.find((box) => overlaps(square, box)) ?? null;
  };
  const box = onName(at);
  if (box === null) return at;
  const gap = CENTRE_RADIUS + 1;
  const middle = (box[1] + box[3]) / 2;
  const beside: Point[] = [
    [box[2] + gap, middle],
    [box[0] - gap, middle],
    [at[0], box[1] - gap],
    [at[0], box[3] + gap],
  ];
  return beside.find((p) => onName(p) === null) ?? at;
}

const CENTRE_RADIUS = 2.6;

export function mapLayers(input: MapPictureInput): MapLayers {
  const { variant, geometry, position } = input;
  const colours = powerColours(variant.powers.map((p) => p.id));
  const colourOf = (power: string) => colours.get(power) ?? '#888888';
  const [vx, vy, vw, vh] = geometry.viewBox;
  const top = vy - TITLE_BAND;
  const detail = input.detail ?? null;
  const { open, base, overlay } = staticLayers(geometry, variant, detail);
  const { tints, parts } = drawPosition(input, geometry, colourOf);
  const svg = new Picture();
  for (const part of parts) svg.add(part);

  // Title band and legend.
  const phase = phaseOf(position.phase);
  const phaseName = `${variant.seasonName(phase)} ${phase.year} ${PHASE_WORDS[phase.type]}`;
  svg.add(band([vx, top], vw, `${input.title.game} · ${phaseName}`));
  if (input.title.date) {
    svg.add(
      `<text x="${num(vx + vw - 6)}" y="${num(top + 13.5)}" font-size="8" text-anchor="end" fill="${MAP_COLOURS.bandText}">${escapeXml(input.title.date)}</text>`,
    );
  }
  svg.add(legend(variant, position, colourOf, [vx, vy + vh], vw));
  // The detail panel: a band naming it, its tints in the picture's own coordinates (cut at the
  // panel's edge), its centres, units and orders in the panel's.
  const allTints = [...tints];
  if (detail) {
    const panel = panelOf(geometry, variant, detail);
    // Only what stands inside the panel is drawn (a clip would cost resvg a mask the size of the
    // picture); what sticks out a little at its top is covered by its band, drawn after it.
    const inside = ([x, y]: Point) => x >= 0 && x <= vw && y >= PANEL_MARGIN && y <= panel.height;
    const drawn = drawPosition(input, panel.geometry, colourOf, inside);
    for (const tint of drawn.tints) {
      const outline = clippedOutline(panel.geometry.provinces[tint.province]!, [0, 0, vw, panel.height], [vx, panel.top]);
      if (outline !== '') allTints.push({ ...tint, outline });
    }
    svg.add(`<g transform="translate(${num(vx)} ${num(panel.top)})">${drawn.parts.join('')}</g>`);
    svg.add(band([vx, panel.top - TITLE_BAND], vw, `${panel.detail.name}, enlarged ${Math.round(panel.zoom * 10) / 10}×`));
  }
  return { open, base, tints: allTints, overlay, top: svg.lines() };
}

/** How far below a panel's top edge a unit or centre must stand to be drawn in it: the unit stays under the band. */
const PANEL_MARGIN = 10;

/** A dark band across the picture with a title: over the map, and over the detail panel. */
function band([x, y]: Point, width: number, title: string): string {
  return (
    `<rect x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${TITLE_BAND}" fill="${MAP_COLOURS.band}"/>\n` +
    `<text x="${num(x + 6)}" y="${num(y + 13.5)}" font-size="10" fill="${MAP_COLOURS.bandText}">${escapeXml(title)}</text>`
  );
}

interface Panel {
  readonly detail: DetailRegion;
  /** The drawing moved and scaled into the panel's own coordinates, from (0, 0). */
  readonly geometry: MapGeometry;
  readonly nearLayers: MapGeometry['layers'];
  readonly zoom: number;
  readonly height: number;
  /** Where the panel starts in the picture, under its band. */
  readonly top: number;
}

/** The detail panel below the legend, under a band naming it. */
function panelOf(geometry: MapGeometry, variant: Variant, detail: DetailRegion): Panel {
  const [, vy, vw, vh] = geometry.viewBox;
  const top = vy + vh + LEGEND_BAND * legendLayout(variant, vw).rows + TITLE_BAND;
  const zoomed = zoomedGeometry(geometry, detail.box, vw);
  return { detail, geometry: zoomed.geometry, nearLayers: zoomed.nearLayers, zoom: zoomed.zoom, height: zoomed.height, top };
}

/** An outline of straight rings (M … L … Z) cut to a box and moved by `offset`: each ring clipped alone, which keeps the even-odd fill. */
function clippedOutline(d: string, [bx, by, bw, bh]: readonly [number, number, number, number], [ox, oy]: Point): string {
  const rings = d
    .split('M')
    .filter((part) => part.trim() !== '')
    .map((part) =>
      part
        .replace(/Z/g, '')
        .split('L')
        .map((pair) => pair.trim().split(/\s+/).map(Number) as unknown as Point),
    );
  const edges: ((p: Point) => number)[] = [(p) => p[0] - bx, (p) => bx + bw - p[0], (p) => p[1] - by, (p) => by + bh - p[1]];
  const out: string[] = [];
  for (const ring of rings) {
    let points: Point[] = ring;
    for (const inside of edges) {
      const kept: Point[] = [];
      points.forEach((p, i) => {
        const q = points[(i + 1) % points.length]!;
        const [a, b] = [inside(p), inside(q)];
        if (a >= 0) kept.push(p);
        if (a >= 0 !== b >= 0) {
          const t = a / (a - b);
          kept.push([p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t]);
        }
      });
      points = kept;
      if (points.length === 0) break;
    }
    if (points.length >= 3) out.push(`M${points.map((p) => xy([p[0] + ox, p[1] + oy])).join('L')}Z`);
  }
  return out.join('');
}

/** The position drawn on a drawing: the provinces' tints, then centres, units and orders. */
function drawPosition(
  input: MapPictureInput,
  geometry: MapGeometry,
  colourOf: (power: string) => string,
  shown: (p: Point) => boolean = () => true,
): { tints: MapLayers['tints']; parts: string[] } {
  const { variant, position } = input;
  const pointOf = (location: LocationId): Point | null => {
    const p = geometry.locations[location] ?? geometry.locations[provinceOf(location)] ?? null;
    return p && shown(p) ? p : null;
  };
  const unitAt = (location: LocationId): Point | null => {
    const p = pointOf(location);
    return p ? [p[0], p[1] - UNIT_LIFT] : null;
  };
  // Tints: a supply centre in its owner's colour (an unowned one stays untinted, whoever stands on it),
  // any other land province in the colour of the power holding it.
  const centres = new Set(variant.map.provinces.filter((p) => p.supplyCenter).map((p) => p.id));
  const owner = new Map<string, string>();
  for (const unit of position.units) if (!centres.has(provinceOf(unit.location))) owner.set(provinceOf(unit.location), unit.power);
  for (const [power, owned] of Object.entries(position.supplyCenters)) for (const centre of owned) owner.set(centre, power);
  const tints: { province: string; colour: string }[] = [];
  const sight = position.sight;
  for (const province of variant.map.provinces) {
    // A blind reader's picture shades what it cannot see.
    if (sight !== undefined && !sight.provinces.includes(province.id) && geometry.provinces[province.id]) {
      tints.push({ province: province.id, colour: MAP_COLOURS.unseen });
      continue;
    }
    const power = owner.get(province.id);
    if (!power || !geometry.provinces[province.id] || province.terrain === 'sea') continue;
    tints.push({ province: province.id, colour: colourOf(power) });
  }

  const svg = new Picture();
  // Supply centres: white when nobody owns them, else in the owner's colour.
  const centreOwner = new Map<string, string>();
  for (const [power, centres] of Object.entries(position.supplyCenters)) for (const c of centres) centreOwner.set(c, power);
  const markers: string[] = [];
  for (const province of variant.map.provinces) {
    if (!province.supplyCenter) continue;
    const at = centreDotAt(province.id, geometry, variant);
    if (!at || !shown(at)) continue;
    const power = centreOwner.get(province.id);
    const unknown = sight !== undefined && !power && !sight.centres.includes(province.id);
    const fill = power ? colourOf(power) : unknown ? MAP_COLOURS.unseen : MAP_COLOURS.unowned;
    markers.push(`<circle cx="${num(at[0])}" cy="${num(at[1])}" r="${CENTRE_RADIUS}" fill="${fill}" stroke="#000" stroke-width="0.7"/>`);
  }
  svg.add(`<g>${markers.join('')}</g>`);

  const results = input.results ?? [];
  const dislodgedHere = new Set(results.filter((r) => r.markers.includes('dislodged') && r.unit).map((r) => r.unit!));
  const removed = new Set(
    results.filter((r) => r.outcome === 'succeeds' && r.unit && (r.order?.kind === 'remove' || r.order?.kind === 'disband')).map((r) => r.unit!),
  );

  // Units, then the units dislodged in a retreat phase, set apart.
  const units: string[] = [];
  for (const unit of position.units) {
    const at = unitAt(unit.location);
    if (at) units.push(drawUnit(unit, at, colourOf(unit.power), variant, { dislodged: dislodgedHere.has(unit.location), removed: removed.has(unit.location) }));
  }
  for (const unit of position.dislodged) {
    const at = unitAt(unit.location);
    if (at) {
      const apart: Point = [at[0] + DISLODGED_OFFSET[0], at[1] + DISLODGED_OFFSET[1]];
      units.push(drawUnit(unit, apart, colourOf(unit.power), variant, { dislodged: true, removed: removed.has(unit.location) }));
    }
  }
  svg.add(`<g>${units.join('')}</g>`);

  svg.add(drawOrders({ geometry, results, position, colourOf, unitAt, variant }));
  return { tints, parts: svg.lines() };
}

/**
 * The legend's rows: each power's colour, name and centres/units, as many to a row as fit at the usual
 * size (a variant with many powers or long names gets more rows, never overlapping labels).
 */
function legendLayout(variant: Variant, width: number): { rows: number; perRow: number; step: number } {
  const longest = Math.max(...variant.powers.map((p) => p.name.length)) + ' 99/99'.length;
  // DejaVu Sans Bold at 6.5 units is about 4.6 units a character; the swatch and gaps take 16.
  const wanted = 16 + longest * 4.6;
  const perRow = Math.max(1, Math.min(variant.powers.length, Math.floor(width / wanted)));
  const rows = Math.ceil(variant.powers.length / perRow);
  return { rows, perRow, step: width / perRow };
}

function legend(variant: Variant, position: Position, colourOf: (p: string) => string, [x, y]: Point, width: number): string {
  const { rows, perRow, step } = legendLayout(variant, width);
  const parts = [`<rect x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${LEGEND_BAND * rows}" fill="#ffffff"/>`];
  variant.powers.forEach((power, i) => {
    const left = x + (i % perRow) * step + 4;
    const row = y + Math.floor(i / perRow) * LEGEND_BAND;
    const centres = position.supplyCenters[power.id]?.length ?? 0;
    const units = position.units.filter((u) => u.power === power.id).length;
    // A blind reader knows the counts of its own power only.
    const counts = position.sight === undefined || position.sight.power === power.id ? ` ${centres}/${units}` : '';
    parts.push(`<rect x="${num(left)}" y="${num(row + 4)}" width="8" height="8" fill="${colourOf(power.id)}" stroke="#000" stroke-width="0.5"/>`);
    parts.push(`<text x="${num(left + 10)}" y="${num(row + 11)}" font-size="6.5" fill="#000">${escapeXml(`${power.name}${counts}`)}</text>`);
  });
  return `<g>${parts.join('')}</g>`;
}

function drawUnit(unit: Unit, [x, y]: Point, colour: string, variant: Variant, state: { dislodged: boolean; removed: boolean }): string {
  const initial = variant.power(unit.power)?.initial ?? unit.power[0] ?? '?';
  const text = contrastOn(colour);
  const shape = unitShape(unit.type, x, y, colour, state.dislodged ? MAP_COLOURS.failed : '#000000', state.dislodged ? 1.2 : 0.7);
  const letter = `<text x="${num(x)}" y="${num(y + 2.3)}" font-size="6.2" text-anchor="middle" fill="${text}">${escapeXml(initial)}</text>`;
  const cross = state.removed ? crossAt([x, y], 5) : '';
  return `<g${state.dislodged ? ' opacity="0.85"' : ''}>${shape}${letter}${cross}</g>`;
}

/** An army is a round counter, a fleet a boat-shaped one: the type reads without colour or letter. */
function unitShape(type: UnitType, x: number, y: number, fill: string, stroke: string, width: number): string {
  if (type === 'A') return `<circle cx="${num(x)}" cy="${num(y)}" r="${UNIT_RADIUS}" fill="${fill}" stroke="${stroke}" stroke-width="${width}"/>`;
  const d = `M${xy([x - 8, y - 3.5])}L${xy([x + 8, y - 3.5])}L${xy([x + 5, y + 4])}L${xy([x - 5, y + 4])}Z`;
  return `<path d="${d}" fill="${fill}" stroke="${stroke}" stroke-width="${width}" stroke-linejoin="round"/>`;
}

function crossAt([x, y]: Point, size: number): string {
  const s = size / 2;
  return `<path d="M${xy([x - s, y - s])}L${xy([x + s, y + s])}M${xy([x - s, y + s])}L${xy([x + s, y - s])}" stroke="${MAP_COLOURS.failed}" stroke-width="1.6" stroke-linecap="round"/>`;
}

interface OrderContext {
  readonly geometry: MapGeometry;
  readonly results: readonly ResultFacts[];
  readonly position: Position;
  readonly colourOf: (power: string) => string;
  readonly unitAt: (location: LocationId) => Point | null;
  readonly variant: Variant;
}

/** Shortens a polyline at both ends so arrows start and stop at the edge of the units. */
function trimmed(points: readonly Point[], start: number, end: number): Point[] {
  const out = points.map((p) => [p[0], p[1]] as [number, number]);
  const cut = (a: [number, number], b: readonly [number, number], by: number) => {
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length <= by * 1.5) return;
    a[0] += ((b[0] - a[0]) * by) / length;
    a[1] += ((b[1] - a[1]) * by) / length;
  };
  if (out.length >= 2) {
    cut(out[0]!, out[1]!, start);
    cut(out[out.length - 1]!, out[out.length - 2]!, end);
  }
  return out;
}

/** An arrowhead's corners: its tip and the two ends of its base. */
function arrowHeadCorners(tip: Point, from: Point, size = 7): [Point, Point, Point] {
  const angle = Math.atan2(tip[1] - from[1], tip[0] - from[0]);
  const left: Point = [tip[0] - size * Math.cos(angle - 0.42), tip[1] - size * Math.sin(angle - 0.42)];
  const right: Point = [tip[0] - size * Math.cos(angle + 0.42), tip[1] - size * Math.sin(angle + 0.42)];
  return [tip, left, right];
}

function arrowHead(corners: readonly Point[], colour: string): string {
  return `<path d="M${corners.map(xy).join('L')}Z" fill="${colour}" stroke="${MAP_COLOURS.orderEdge}" stroke-width="0.8" stroke-linejoin="round"/>`;
}

/**
 * A line with a dark edge, so it reads over any tint: a power's arrow over its own land (Turkey's yellow
 * over yellow) as much as over the sea. `dash` for supports and failed orders.
 */
function line(points: readonly Point[], colour: string, width: number, dash: string | null): string {
  const d = `M${points.map(xy).join('L')}`;
  const dashed = dash ? ` stroke-dasharray="${dash}"` : '';
  return (
    `<path d="${d}" fill="none" stroke="${MAP_COLOURS.orderEdge}" stroke-width="${num(width + ORDER_EDGE * 2)}" stroke-linecap="round" stroke-linejoin="round"${dashed}/>` +
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${num(width)}" stroke-linecap="round" stroke-linejoin="round"${dashed}/>`
  );
}

/** How far an order's dark edge shows on either side of its colour. */
const ORDER_EDGE = 0.7;

function drawOrders(ctx: OrderContext): string {
  const { results, colourOf, unitAt } = ctx;
  const dislodgedAt = new Set(ctx.position.dislodged.map((u) => u.location));
  const from = (location: LocationId): Point | null => {
    const p = unitAt(location);
    if (!p) return null;
    return dislodgedAt.has(location) && ctx.position.phase.endsWith('R') ? [p[0] + DISLODGED_OFFSET[0], p[1] + DISLODGED_OFFSET[1]] : p;
  };
  const convoyRoute = (army: LocationId, to: LocationId): Point[] => {
    // The fleets ordered to convoy this army to this province, taken nearest first from the army.
    const fleets = results
      .filter((r) => r.order?.kind === 'convoy' && r.order.army.location === army && provinceOf(r.order.to) === provinceOf(to) && r.unit)
      .map((r) => unitAt(r.unit!))
      .filter((p): p is Point => p !== null);
    const route: Point[] = [];
    let at = unitAt(army)!;
    const left = [...fleets];
    while (left.length > 0) {
      left.sort((a, b) => Math.hypot(a[0] - at[0], a[1] - at[1]) - Math.hypot(b[0] - at[0], b[1] - at[1]));
      at = left.shift()!;
      route.push(at);
    }
    return route;
  };
  const supports: string[] = [];
  const moves: string[] = [];
  const marks: string[] = [];
  const heads: Point[][] = [];
  for (const result of results) {
    const order = result.order;
    if (!order || result.outcome === 'illegal') continue;
    const colour = colourOf(result.power);
    const failed = result.outcome === 'fails';
    const unitLocation = result.unit ?? ('unit' in order ? order.unit.location : null);
    if (!unitLocation) continue;
    const start = from(unitLocation);
    if (!start) continue;
    switch (order.kind) {
      case 'move':
      case 'retreat': {
        const end = unitAt(order.to);
        if (!end) break;
        const via = order.kind === 'move' ? convoyRoute(unitLocation, order.to) : [];
        const path = trimmed([start, ...via, end], UNIT_RADIUS + 0.5, UNIT_RADIUS + 1.5);
        const width = order.kind === 'retreat' ? 1.8 : 2.2;
        // The line stops where the head begins, so a dashed line never runs through it.
        const tip = path[path.length - 1]!;
        const body = trimmed(path, 0, 5);
        moves.push(line(body, colour, width, failed ? '4 3' : null));
        const head = arrowHeadCorners(tip, path[path.length - 2]!);
        heads.push(head);
        moves.push(arrowHead(head, colour));
        if (failed) {
          // A bounce is crossed at the arrow's tip; a disrupted convoy halfway along its route.
          const broken = result.markers.includes('disrupted') || result.markers.includes('no convoy');
          const at = broken && path.length > 2 ? path[Math.floor(path.length / 2)]! : tip;
          marks.push(crossAt(at, 5));
        }
        break;
      }
      case 'hold': {
        if (result.input === null) {
          // No order was given: the unit stood by default, which is not the same as holding.
          marks.push(noOrderBadge(start));
          break;
        }
        moves.push(
          `<circle cx="${num(start[0])}" cy="${num(start[1])}" r="${UNIT_RADIUS + 2.2}" fill="none" stroke="${colour}" stroke-width="1.4"${failed ? ' stroke-dasharray="2 1.5"' : ''}/>`,
        );
        break;
      }
      case 'support': {
        const supported = unitAt(order.supported.location);
        if (!supported) break;
        let target: Point = supported;
        let ring = true;
        if (order.to !== null) {
          const destination = unitAt(order.to);
          if (destination) {
            // Ends on the supported move's arrow, a little past its middle.
            target = [supported[0] + (destination[0] - supported[0]) * 0.6, supported[1] + (destination[1] - supported[1]) * 0.6];
            ring = false;
          }
        }
        const path = trimmed([start, target], UNIT_RADIUS + 0.5, ring ? UNIT_RADIUS + 2.2 : 0.5);
        supports.push(line(path, colour, 1.4, '3 2'));
        const end = path[path.length - 1]!;
        supports.push(
          ring
            ? `<circle cx="${num(supported[0])}" cy="${num(supported[1])}" r="${UNIT_RADIUS + 2.2}" fill="none" stroke="${colour}" stroke-width="1.2" stroke-dasharray="2.5 1.8"/>`
            : `<circle cx="${num(end[0])}" cy="${num(end[1])}" r="1.6" fill="${colour}" stroke="#ffffff" stroke-width="0.5"/>`,
        );
        if (failed) marks.push(crossAt([(start[0] + end[0]) / 2, (start[1] + end[1]) / 2], 5));
        break;
      }
      case 'convoy': {
        // The fleet is ringed; the army's own arrow runs through it.
        supports.push(
          `<circle cx="${num(start[0])}" cy="${num(start[1])}" r="${UNIT_RADIUS + 2.4}" fill="none" stroke="${colour}" stroke-width="1.2" stroke-dasharray="1 1.2"/>`,
        );
        if (failed) marks.push(crossAt(start, 6));
        break;
      }
      case 'build':
      case 'adjust': {
        if (order.kind === 'adjust' && ctx.position.units.some((u) => u.location === unitLocation)) break;
        if (failed) break;
        const type = order.unit.type ?? 'A';
        const at = unitAt(unitLocation);
        if (!at) break;
        const unit: Unit = { power: result.power, type, location: unitLocation };
        moves.push(
          `<circle cx="${num(at[0])}" cy="${num(at[1])}" r="${UNIT_RADIUS + 2.6}" fill="#ffffff" fill-opacity="0.7" stroke="#000" stroke-width="0.8" stroke-dasharray="1.5 1"/>`,
        );
        moves.push(drawUnit(unit, at, colour, ctx.variant, { dislodged: false, removed: false }));
        break;
      }
      case 'remove':
      case 'disband':
      case 'waive':
        // Drawn with the unit (crossed) or not at all.
        break;
      default:
        assertNever(order);
    }
  }
  return `<g>${supports.join('')}</g>\n<g>${moves.join('')}</g>\n<g>${marks.join('')}</g>\n${namesOver(heads, ctx)}`;
}

/** The mark of a unit that was given no order: a small white tag with a question mark on its shoulder. */
function noOrderBadge([x, y]: Point): string {
  const at: Point = [x + UNIT_RADIUS, y - UNIT_RADIUS];
  return `<g class="no-order"><circle cx="${num(at[0])}" cy="${num(at[1])}" r="3" fill="#ffffff" stroke="#000" stroke-width="0.6"/><text x="${num(at[0])}" y="${num(at[1] + 1.7)}" font-size="4.6" text-anchor="middle" fill="#000">?</text></g>`;
}

/**
 * The province names an arrowhead would cover, written again over the orders with a pale edge: the
 * arrow still shows where it ends, and the name stays readable.
 */
function namesOver(heads: readonly Point[][], ctx: OrderContext): string {
  const covered: string[] = [];
  for (const province of ctx.variant.map.provinces) {
    const name = ctx.geometry.names[province.id];
    if (!name) continue;
    const box = nameBox(province.id, name.at);
    if (heads.some((head) => overlaps(head, box))) covered.push(nameText(province.id, name));
  }
  if (covered.length === 0) return '<g class="names-over"></g>';
  return `<g class="names-over" font-size="${NAME_SIZE}" text-anchor="middle" stroke="#ffffff" stroke-width="1.6" stroke-linejoin="round" paint-order="stroke">${covered.join('')}</g>`;
}

function assertNever(order: never): never {
  throw new Error(`unknown order ${(order as Order).kind}`);
}
