import {
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

// Reads a drawing written by hand in plain PostScript (classical's, by Juho Snellman after William
// Roberts): `DrawMap` draws the whole map as literal paths in its own units (`x y translate sx sy scale`
// into the map's), each ended by ISLAND (land, filled), SEA (water, filled), BORDER (a border line) or
// BRIDGE (a crossing, drawn only). The map's extent is its `minx`…`maxy`, unit points its INFO table and
// supply centres the `/ABC { x y } def` points `cen` marks with `supply`.

export function isFreehandDrawing(source: string): boolean {
  return !source.includes('/MapForm') && /^\/ISLAND\s*\{/m.test(source) && /^\/BORDER\s*\{/m.test(source) && /^\/DrawMap\b/m.test(source);
}

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
  if (!place) throw new PostScriptFormatError('DrawMap does not place its paths (x y translate sx sy scale)');
  const [tx, ty, sx, sy] = place.slice(1, 5).map(Number) as [number, number, number, number];
  const layers: PaintedLayer[] = [];
  const add = (name: string, fill: string | null, separates: boolean, figure: Figure) => {
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
    return [tx + x * sx, ty + y * sy];
  };
  for (const token of body.slice(place.index + place[0].length).split(/\s+/)) {
    if (token === '') continue;
    if (/^-?(\d+\.?\d*|\.\d+)$/.test(token)) {
      stack.push(Number(token));
      continue;
    }
    const figure = (closed: boolean): Figure => ({ segments, closed });
    switch (token) {
      case 'n':
        segments = [];
        break;
      case 'm':
        segments.push({ kind: 'move', to: point() });
        break;
      case 'l':
        segments.push({ kind: 'line', to: point() });
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
  const info = readInfo(source).filter((entry) => /^[A-Za-z0-9]+(\/[A-Za-z]+)?$/.test(entry.abbreviation));
  return {
    frame: [minx, miny, definedNumber(source, 'maxx') - minx, definedNumber(source, 'maxy') - miny],
    background: SEA,
    info,
    supplyCenters: supplyCenters(source),
    names: info.filter((entry) => !entry.abbreviation.includes('/')).map((entry) => ({ abbreviation: entry.abbreviation, point: [entry.point[0], entry.point[1] - NAME_BELOW] })),
    layers,
  };
}
