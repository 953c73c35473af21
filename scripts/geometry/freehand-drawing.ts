import {
  offTheMap,
  procedureBody,
  readInfo,
  withoutComments,
  PostScriptFormatError,
  type Figure,
  type PaintedLayer,
  type Point,
  type PostScriptMap,
  type Segment,
} from './postscript.ts';

// Reads a drawing written by hand in plain PostScript (William Roberts's layout): literal paths, each
// ended by ISLAND (land, filled), SEA (water, filled), BORDER or `st` (a border line) or BRIDGE (a
// crossing, drawn only). classical's `DrawMap` draws them itself in its own units (`x y translate sx sy
// scale` into the map's); chromatic's calls `part…` procedures in the units of its INFO table, drawn at
// `.1 .1 scale`, inside a round rim (`part0`'s arc) with nothing outside. The map's extent is its
// `minx`…`maxy`, unit points its INFO table and supply centres the `/ABC { x y } def` points `cen`
// marks with `supply`.

export function isFreehandDrawing(source: string): boolean {
  return !source.includes('/MapForm') && /^\/ISLAND\s*\{/m.test(source) && /^\/DrawMap\b/m.test(source);
}

/** Points of the round rim. */
const RIM_STEPS = 180;

const LAND = '#ccb366';
const SEA = '#1a6699';
/** DPjudge writes a name this far below its point (its NameOffset), as on the other drawings. */
const NAME_BELOW = 7;

function definedNumber(source: string, name: string): number {
  const match = new RegExp(`/${name}\\s+(-?[\\d.]+)\\s+def`).exec(source);
  if (!match) throw new PostScriptFormatError(`the drawing does not define ${name}`);
  return Number(match[1]);
}

function supplyCenters(source: string): Map<string, Point> {
  const centres = new Map<string, Point>();
  const marked = new Set([...withoutComments(procedureBody(source, 'cen') ?? '').matchAll(/\b(\w+)\s+supply\b/g)].map((m) => m[1]!));
  for (const match of source.matchAll(/^\/(\w+)\s*\{\s*(-?[\d.]+)\s+(-?[\d.]+)\s*\}\s*def/gm)) {
    if (marked.has(match[1]!)) centres.set(match[1]!, [Number(match[2]), Number(match[3])]);
  }
  return centres;
}

export function readFreehandMap(source: string): PostScriptMap {
  const drawMap = procedureBody(source, 'DrawMap');
  if (drawMap === null) throw new PostScriptFormatError('no DrawMap procedure');
  const body = withoutComments(drawMap);
  const place = /(-?[\d.]+)\s+(-?[\d.]+)\s+translate\s+(-?[\d.]+)\s+(-?[\d.]+)\s+scale/.exec(body);
  const parts = [...body.matchAll(/\b(part\w+)/g)].map((m) => m[1]!);
  if (!place && parts.length === 0) throw new PostScriptFormatError('DrawMap neither places its paths (x y translate sx sy scale) nor calls parts');
  // Paths in the map's units (classical), or everything in the INFO table's units at the page's scale.
  const [tx, ty, sx, sy] = place ? (place.slice(1, 5).map(Number) as [number, number, number, number]) : [0, 0, 1, 1];
  const unit = place ? 1 : Number(/^\s*(?:\w+\s+begin\s+)?([\d.]+)\s+[\d.]+\s+scale/.exec(body)?.[1] ?? 1);
  // Comments go first: chromatic writes `/part0 %{{{` before the procedure's brace.
  const paths = place ? body.slice(place.index + place[0].length) : parts.map((part) => procedureBody(withoutComments(source), part) ?? '').join('\n');
  const at = ([x, y]: Point): Point => [x * unit, y * unit];
  const layers: PaintedLayer[] = [];
  const add = (name: string, fill: string | null, separates: boolean, figure: Figure) => {
    if (!figure.segments.some((segment) => segment.kind === 'line')) return;
    const last = layers[layers.length - 1];
    // Each fill paints over what is drawn before it (one layer would fill even-odd: land drawn on land
    // would be a hole); consecutive lines make one layer.
    if (last && last.name === name && fill === null) (last.figures as Figure[]).push(figure);
    else layers.push({ name, fill, strokeWidth: fill ? 0.7 : 0.5, dashed: false, separates, figures: [figure] });
  };
  const stack: number[] = [];
  let segments: Segment[] = [];
  const point = (): Point => {
    const y = stack.pop()!;
    const x = stack.pop()!;
    return at([tx + x * sx, ty + y * sy]);
  };
  for (const token of paths.split(/\s+/)) {
    if (token === '') continue;
    if (/^-?(\d+\.?\d*|\.\d+)$/.test(token)) {
      stack.push(Number(token));
      continue;
    }
    const figure = (closed: boolean): Figure => ({ segments, closed });
    switch (token) {
      case 'n':
      case 'np':
      case 'newpath':
        segments = [];
        break;
      case 'm':
      case 'gm':
      case 'mt':
        segments.push({ kind: 'move', to: point() });
        break;
      case 'l':
      case 'lin':
      case 'l2':
        segments.push({ kind: 'line', to: point() });
        break;
      // Rounding to device pixels: the point stays as written.
      case 'itr':
        break;
      case 'ISLAND':
        add('ISLAND', LAND, true, figure(true));
        segments = [];
        break;
      case 'SEA':
        add('SEA', SEA, true, figure(true));
        segments = [];
        break;
      case 'BORDER':
      case 'st':
        add('BORDER', null, true, figure(false));
        break;
      case 'BRIDGE':
        add('BRIDGE', null, false, figure(false));
        break;
      default:
        stack.length = 0;
    }
  }
  const minx = definedNumber(source, 'minx');
  const miny = definedNumber(source, 'miny');
  const frame: [number, number, number, number] = [
    minx * unit,
    miny * unit,
    (definedNumber(source, 'maxx') - minx) * unit,
    (definedNumber(source, 'maxy') - miny) * unit,
  ];
  const rim = roundRim(paths, unit);
  const info = readInfo(source)
    .filter((entry) => /^[A-Za-z0-9]+(\/[A-Za-z]+)?$/.test(entry.abbreviation))
    .map((entry) => ({ ...entry, point: at(entry.point) }));
  return {
    frame,
    background: SEA,
    info,
    supplyCenters: new Map([...supplyCenters(source)].map(([id, point]) => [id, at(point)])),
    names: info
      .filter((entry) => !entry.abbreviation.includes('/'))
      .map((entry) => ({ abbreviation: entry.abbreviation, point: [entry.point[0], entry.point[1] - NAME_BELOW] })),
    layers: rim ? [...offTheMap(frame, [rim]), ...layers] : layers,
  };
}

/** chromatic's rim: `x y itr mt currentpoint translate np 0 0 r … arc`, a circle filled with the sea. */
function roundRim(paths: string, unit: number): Figure | null {
  const match = /(-?[\d.]+)\s+(-?[\d.]+)\s+itr\s+mt\s+currentpoint\s+translate\s+np\s+0\s+0\s+([\d.]+)\s+[\d.]+\s+[\d.]+\s+arc/.exec(paths);
  if (!match) return null;
  const [cx, cy, r] = match.slice(1, 4).map((v) => Number(v) * unit) as [number, number, number];
  const points: Point[] = [];
  for (let i = 0; i < RIM_STEPS; i += 1) points.push([cx + r * Math.cos((2 * Math.PI * i) / RIM_STEPS), cy + r * Math.sin((2 * Math.PI * i) / RIM_STEPS)]);
  return { closed: true, segments: points.map((to, i) => ({ kind: i === 0 ? 'move' : 'line', to })) };
}
