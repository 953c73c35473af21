// Reads the parts of a DPjudge map drawing (`.ps`, written by dpmap/DPeye) that are facts about the map:
// the `% INFO` table of location points, the supply-centre and name points, the colours, and the outline
// procedures the map form paints (land, lakes, mountains, borders). Nothing is executed: the drawing
// procedures follow one fixed pattern, and a file that does not follow it is reported, not guessed at.

export type Point = readonly [number, number];

export type Segment =
  | { readonly kind: 'move'; readonly to: Point }
  | { readonly kind: 'line'; readonly to: Point }
  | { readonly kind: 'curve'; readonly c1: Point; readonly c2: Point; readonly to: Point };

/** One figure of an outline procedure, from `m` to `fk`; `closed` when it is filled or closed with `p`. */
export interface Figure {
  readonly segments: readonly Segment[];
  readonly closed: boolean;
}

/** One `Include…` step of the map form: its figures, already scaled, and how they are painted. */
export interface PaintedLayer {
  readonly name: string;
  /** The fill colour as #rrggbb when the figures are filled, else null. */
  readonly fill: string | null;
  readonly strokeWidth: number;
  readonly dashed: boolean;
  /** Outline procedures separate provinces; `Shape…` procedures (pointers, boxes, bridges) only decorate. */
  readonly separates: boolean;
  readonly figures: readonly Figure[];
}

export interface InfoEntry {
  readonly abbreviation: string;
  readonly name: string;
  readonly point: Point;
}

export interface NamePlacement {
  readonly abbreviation: string;
  readonly point: Point;
  /** Whether the name is written on water; when the drawing does not say, the map's terrain does. */
  readonly sea?: boolean;
}

export interface PostScriptMap {
  /** The sea rectangle the map form fills first: x, y, width, height (PostScript coordinates, y up). */
  readonly frame: readonly [number, number, number, number];
  /** The colour of that rectangle (the sea, or land on maps whose seas are drawn as shapes). */
  readonly background: string;
  readonly info: readonly InfoEntry[];
  readonly supplyCenters: ReadonlyMap<string, Point>;
  readonly names: readonly NamePlacement[];
  readonly layers: readonly PaintedLayer[];
}

export class PostScriptFormatError extends Error {}

/** The body of `/Name { … } bd` (or `def`), or null when the file has no such procedure. */
export function procedureBody(source: string, name: string, from = 0): string | null {
  const found = new RegExp(`^\\s*/${name}\\s*\\{`, 'm').exec(source.slice(from));
  if (!found) return null;
  const start = from + found.index;
  let depth = 0;
  for (let i = source.indexOf('{', start); i < source.length; i += 1) {
    const ch = source[i];
    if (ch === '{') depth += 1;
    else if (ch === '}') {
      depth -= 1;
      if (depth === 0) return source.slice(source.indexOf('{', start) + 1, i);
    }
  }
  return null;
}

export function withoutComments(text: string): string {
  return text.replace(/%[^\n]*/g, '');
}

export function readInfo(source: string): InfoEntry[] {
  const table = /^% INFO\n([\s\S]*?)^% MAP/m.exec(source);
  if (!table?.[1]) throw new PostScriptFormatError('no "% INFO" table of location points');
  const entries: InfoEntry[] = [];
  for (const line of table[1].split('\n')) {
    const match = /^%\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(\S+)\s+(.*?)\s*$/.exec(line);
    if (match) entries.push({ point: [Number(match[1]), Number(match[2])], abbreviation: match[3]!, name: match[4]! });
  }
  if (entries.length === 0) throw new PostScriptFormatError('the "% INFO" table lists no locations');
  return entries;
}

/** Supply centres: `s` draws one, `h` a home centre (canton's drawing marks them apart). */
export function readSupplyCenters(source: string): Map<string, Point> {
  const body = procedureBody(source, 'VisitSupplies') ?? procedureBody(source, 'VisitCenters') ?? '';
  const centers = new Map<string, Point>();
  for (const match of withoutComments(body).matchAll(/\/(\S+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+[sh]\b/g)) {
    centers.set(match[1]!, [Number(match[2]), Number(match[3])]);
  }
  return centers;
}

/**
 * `VisitTerritories` names each location with a category letter: c(oast), l(and), w(ater), g (a province
 * with split coasts), b (one of its coasts), m (impassable). DPjudge writes the abbreviation half-size,
 * 7 points below the point, for c, l, w and g.
 */
export function readNames(source: string, below = 7): NamePlacement[] {
  const body = procedureBody(source, 'VisitTerritories') ?? '';
  const names: NamePlacement[] = [];
  // imperial's adds i (ice, impassable).
  for (const match of withoutComments(body).matchAll(/\((\S+)\)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+([clwgbmi])\b/g)) {
    const category = match[4]!;
    if (category === 'b' || category === 'm' || category === 'i') continue;
    names.push({ abbreviation: match[1]!, point: [Number(match[2]), Number(match[3]) - below], sea: category === 'w' });
  }
  return names;
}

function readColours(source: string): Map<string, string> {
  const body = withoutComments(procedureBody(source, 'VisitColors') ?? '');
  const colours = new Map<string, string>();
  const hex = (v: number) =>
    Math.round(Math.min(1, Math.max(0, v)) * 255)
      .toString(16)
      .padStart(2, '0');
  for (const match of body.matchAll(/\/(\w+)\s+([\d.]+)\s+(?:([\d.]+)\s+([\d.]+)\s+)?([rg])\b/g)) {
    const [r, g, b] = match[5] === 'g' ? [match[2], match[2], match[2]] : [match[2], match[3], match[4]];
    colours.set(match[1]!, `#${hex(Number(r))}${hex(Number(g))}${hex(Number(b))}`);
  }
  return colours;
}

/** The figures of one outline procedure: numbers and the path operators m, l, c, p, each ended by `end`. */
export function readFigures(body: string, scale: number, fill: boolean, end = 'fk'): Figure[] {
  const figures: Figure[] = [];
  let segments: Segment[] = [];
  let closed = false;
  const stack: number[] = [];
  // Shapes place themselves with t (translate), o (rotate, degrees) and x (scale), undone after: the
  // current transformation as [a b c d e f] (x' = a x + c y + e, y' = b x + d y + f).
  let [a, b, c, d, e, f] = [scale, 0, 0, scale, 0, 0];
  const point = (): Point => {
    const y = stack.pop()!;
    const x = stack.pop()!;
    return [a * x + c * y + e, b * x + d * y + f];
  };
  const finish = () => {
    if (segments.some((s) => s.kind !== 'move')) figures.push({ segments, closed: closed || fill });
    segments = [];
    closed = false;
  };
  for (const token of withoutComments(body).split(/\s+/)) {
    if (token === '') continue;
    if (/^-?(\d+\.?\d*|\.\d+)$/.test(token)) {
      stack.push(Number(token));
      continue;
    }
    switch (token) {
      case 'm':
        // A second figure can start before `fk` (several subpaths filled together).
        segments.push({ kind: 'move', to: point() });
        break;
      case 'l':
        segments.push({ kind: 'line', to: point() });
        break;
      case 'c': {
        const to = point();
        const c2 = point();
        const c1 = point();
        segments.push({ kind: 'curve', c1, c2, to });
        break;
      }
      case 'p':
        closed = true;
        break;
      case end:
        finish();
        break;
      case 't': {
        const [tx, ty] = [stack[stack.length - 2] ?? 0, stack[stack.length - 1] ?? 0];
        [e, f] = [a * tx + c * ty + e, b * tx + d * ty + f];
        stack.length = 0;
        break;
      }
      case 'o': {
        const angle = ((stack[stack.length - 1] ?? 0) * Math.PI) / 180;
        const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
        [a, b, c, d] = [a * cos + c * sin, b * cos + d * sin, -a * sin + c * cos, -b * sin + d * cos];
        stack.length = 0;
        break;
      }
      case 'x': {
        const [sx, sy] = [stack[stack.length - 2] ?? 1, stack[stack.length - 1] ?? 1];
        [a, b, c, d] = [a * sx, b * sx, c * sy, d * sy];
        stack.length = 0;
        break;
      }
      default:
        stack.length = 0;
    }
  }
  finish();
  return figures;
}

function readLayer(source: string, name: string, colours: Map<string, string>): PaintedLayer {
  const body = withoutComments(procedureBody(source, name) ?? '');
  const scaleMatch = /([\d.]+)\s+([\d.]+)\s+x\b/.exec(body);
  const scale = scaleMatch ? Number(scaleMatch[1]) : 1;
  const fkBody = /\/fk\s*\{([^}]*)\}/.exec(body)?.[1] ?? '';
  const fillColourName = /s\s+(\w+)\s+f\s+r/.exec(fkBody)?.[1];
  const fills = /\bf\b/.test(fkBody);
  const afterFk = body.slice(body.indexOf('bd', body.indexOf('/fk')) + 2);
  const widthMatch = /([\d.]+)\s+w\b/.exec(afterFk);
  const procedures = [...afterFk.matchAll(/\b((?:Outline|Shape)\w+)/g)].map((m) => m[1]!);
  const figures = procedures.flatMap((procedure) => {
    const procBody = procedureBody(source, procedure);
    if (procBody === null) throw new PostScriptFormatError(`${name} calls ${procedure}, which the file does not define`);
    return readFigures(procBody, scale, fills);
  });
  return {
    name,
    fill: fills ? (colours.get(fillColourName ?? '') ?? '#808080') : null,
    strokeWidth: widthMatch ? Number(widthMatch[1]) * scale : 0,
    dashed: /\]\s*[\d.]+\s+d\b/.test(afterFk),
    // Connections (hundred's red line across the Strait of Dover) join provinces, they do not part them.
    separates: name !== 'IncludeConnections' && procedures.some((p) => p.startsWith('Outline')),
    figures,
  };
}

/**
 * The rectangle the map form fills first and its colour: `Colour x y w h rectfill`, or `Colour clippath
 * fill`, which fills the form's bounding box (its BBox through its Matrix; hundred's drawing).
 */
function seaRectangle(formSource: string, form: string): { colour: string; frame: [number, number, number, number]; clipped: boolean } | null {
  const rect = /(\w+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+rectfill/.exec(form);
  if (rect) return { colour: rect[1]!, frame: [Number(rect[2]), Number(rect[3]), Number(rect[4]), Number(rect[5])], clipped: false };
  const clip = /(\w+)\s+clippath\s+fill/.exec(form);
  const numbers = (key: string) => new RegExp(`/${key}\\s*\\[([^\\]]*)\\]`).exec(formSource);
  const bbox = numbers('BBox')?.[1]?.trim().split(/\s+/).map(Number);
  const matrix = numbers('Matrix')?.[1]?.trim().split(/\s+/).map(Number);
  if (!clip || bbox?.length !== 4 || matrix?.length !== 6 || [...bbox, ...matrix].some(Number.isNaN)) return null;
  const [a, , , d, e, f] = matrix as [number, number, number, number, number, number];
  const [x0, y0, x1, y1] = bbox as [number, number, number, number];
  return { colour: clip[1]!, frame: [a * x0 + e, d * y0 + f, a * (x1 - x0), d * (y1 - y0)], clipped: true };
}

/**
 * A drawing whose form fills its whole box (`clippath fill`) but clips the map to an outline (`ClipMap`,
 * hundred's): what lies outside that outline is no province. It is painted as off the map, and the
 * outline parts the provinces like a coast.
 */
function outsideLayer(source: string, sea: { colour: string; frame: readonly [number, number, number, number]; clipped: boolean }): PaintedLayer[] {
  const body = sea.clipped ? procedureBody(source, 'ClipMap') : null;
  if (body === null) return [];
  const procedures = [...withoutComments(body).matchAll(/\b((?:Outline|Shape)\w+)/g)].map((m) => m[1]!);
  const edge = procedures.flatMap((procedure) => readFigures(procedureBody(source, procedure) ?? '', 1, true));
  if (edge.length === 0) return [];
  return offTheMap(sea.frame, edge);
}

/** What lies outside `edge` within `frame`, painted off the map; the edge parts provinces like a coast. */
export function offTheMap(frame: readonly [number, number, number, number], edge: readonly Figure[]): PaintedLayer[] {
  const [x, y, w, h] = frame;
  const corners: Point[] = [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ];
  const box: Figure = { closed: true, segments: corners.map((to, i) => ({ kind: i === 0 ? 'move' : 'line', to })) };
  return [{ name: 'ClipMap', fill: OFF_THE_MAP, strokeWidth: 1, dashed: false, separates: true, figures: [box, ...edge] }];
}

/**
 * youngstown's off-board seas: `VisitOffBoardBoxes` lists each box's point, `DrawOffBoard` draws the
 * rounded square around it (four arcs, scaled). Each box is the province's outline and parts it from the
 * sea it lies in.
 */
function offBoardBoxes(source: string): PaintedLayer[] {
  const visit = procedureBody(source, 'VisitOffBoardBoxes');
  const draw = procedureBody(source, 'DrawOffBoard');
  if (visit === null || draw === null) return [];
  const body = withoutComments(draw);
  const scale = Number(/([\d.]+)\s+[\d.]+\s+x\b/.exec(body)?.[1] ?? 1);
  const arcs = [...body.matchAll(/(-?[\d.]+)\s+(-?[\d.]+)\s+([\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+a\b/g)].map(
    (m) => m.slice(1, 6).map(Number) as [number, number, number, number, number],
  );
  const width = Number(/([\d.]+)\s+w\b/.exec(body)?.[1] ?? 1) * scale;
  const figures: Figure[] = [];
  for (const match of withoutComments(visit).matchAll(/\((\S+)\)\s+\((\S*)\)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+\w\b/g)) {
    const [x, y] = [Number(match[3]), Number(match[4])];
    const points: Point[] = [];
    for (const [cx, cy, r, from, to] of arcs) {
      const end = to <= from ? to + 360 : to;
      for (let step = 0; step <= ARC_STEPS; step += 1) {
        const angle = ((from + ((end - from) * step) / ARC_STEPS) * Math.PI) / 180;
        points.push([x + (cx + r * Math.cos(angle)) * scale, y + (cy + r * Math.sin(angle)) * scale]);
      }
    }
    if (points.length > 2) figures.push({ closed: true, segments: points.map((to, i) => ({ kind: i === 0 ? 'move' : 'line', to })) });
  }
  return figures.length === 0 ? [] : [{ name: 'OffBoardBoxes', fill: null, strokeWidth: width, dashed: false, separates: true, figures }];
}

const ARC_STEPS = 6;

/** How a drawing's off-the-map area is painted (white, which the picture shows as ice: not a province). */
const OFF_THE_MAP = '#ffffff';

export function readPostScriptMap(source: string): PostScriptMap {
  const mapForm = source.indexOf('/MapForm');
  const form = mapForm < 0 ? null : procedureBody(source, 'PaintProc', mapForm);
  if (!form) throw new PostScriptFormatError('no map form (MapForm PaintProc)');
  const sea = seaRectangle(source.slice(mapForm), form);
  if (!sea) throw new PostScriptFormatError('the map form paints no sea rectangle');
  const includes = [...withoutComments(form).matchAll(/\b(Include\w+)/g)].map((m) => m[1]!);
  if (includes.length === 0) throw new PostScriptFormatError('the map form includes no outlines');
  const colours = readColours(source);
  return {
    frame: sea.frame,
    background: colours.get(sea.colour) ?? '#1a6699',
    info: readInfo(source),
    supplyCenters: readSupplyCenters(source),
    names: readNames(source),
    layers: [...includes.map((name) => readLayer(source, name, colours)), ...outsideLayer(source, sea), ...offBoardBoxes(source)],
  };
}
