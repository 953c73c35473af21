// Turns a map drawing's lines into one outline per province. The drawings have no province shapes, only
// coastlines and border lines, so the lines are drawn onto a fine grid as walls, each province's point is
// flooded up to the walls, the walls are shared out between the provinces on either side, and each
// province's cells are traced back into polygons and simplified. Everything is integer grid work, so the
// same drawing always gives the same outlines.

import type { Figure, Point } from './postscript.ts';

export interface RegionSeed {
  readonly id: string;
  /** Whether the province is sea or land, when known: a shared face is split along the drawn coast. */
  readonly water?: boolean;
  /** Points to try in turn: the first that lies in a face nobody has claimed yet wins. */
  readonly candidates: readonly Point[];
  /**
   * Points of further pieces of the province (its supply centre's marker): a face one of them lies in
   * joins the province when no province claimed it, as Denmark's island or Constantinople's European shore.
   */
  readonly pieces?: readonly Point[];
}

/** The drawing's filled areas in painting order (y down): each paints its cells water or land. */
export interface PaintedAreas {
  readonly backgroundWater: boolean;
  readonly areas: readonly { readonly water: boolean; readonly figures: readonly Figure[] }[];
}

export interface RegionResult {
  /** Per province id: closed rings in map coordinates (fill with the even-odd rule). */
  readonly outlines: ReadonlyMap<string, Point[][]>;
  /** Provinces that got no outline, with why. */
  readonly problems: readonly string[];
  /**
   * Faces the drawing leaves to several provinces (a border line it does not draw): each is shared out
   * between their points by distance within the face, and named here.
   */
  readonly shared: readonly string[];
}

interface Grid {
  readonly width: number;
  readonly height: number;
  readonly scale: number;
  readonly originX: number;
  readonly originY: number;
}

const BEZIER_STEPS = 12;
/** How far (map units) open lines are drawn past their ends. */
const EXTENSION = 3;
/** How far (map units) an open line's end that points past everything is joined to the nearest line. */
const GAP_JOIN = 3;

function flatten(figure: Figure): Point[][] {
  const runs: Point[][] = [];
  let run: Point[] = [];
  let start: Point | null = null;
  for (const segment of figure.segments) {
    if (segment.kind === 'move') {
      if (run.length > 1) runs.push(run);
      if (figure.closed && start && run.length > 1) runs.push([run[run.length - 1]!, start]);
      run = [segment.to];
      start = segment.to;
    } else if (segment.kind === 'line') {
      run.push(segment.to);
    } else {
      const from = run[run.length - 1] ?? segment.to;
      for (let i = 1; i <= BEZIER_STEPS; i += 1) {
        const t = i / BEZIER_STEPS;
        const u = 1 - t;
        run.push([
          u * u * u * from[0] + 3 * u * u * t * segment.c1[0] + 3 * u * t * t * segment.c2[0] + t * t * t * segment.to[0],
          u * u * u * from[1] + 3 * u * u * t * segment.c1[1] + 3 * u * t * t * segment.c2[1] + t * t * t * segment.to[1],
        ]);
      }
    }
  }
  if (run.length > 1) runs.push(run);
  if (figure.closed && start && run.length > 1) runs.push([run[run.length - 1]!, start]);
  return runs;
}

/** Marks the cells within `radius` cells of every line as walls. */
function drawWalls(grid: Grid, lines: readonly Figure[], radius: number): Uint8Array {
  const walls = new Uint8Array(grid.width * grid.height);
  const r = Math.ceil(radius);
  const stamp = (cx: number, cy: number) => {
    const x0 = Math.round(cx);
    const y0 = Math.round(cy);
    for (let dy = -r; dy <= r; dy += 1) {
      const y = y0 + dy;
      if (y < 0 || y >= grid.height) continue;
      for (let dx = -r; dx <= r; dx += 1) {
        const x = x0 + dx;
        if (x < 0 || x >= grid.width) continue;
        if ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= radius * radius) walls[y * grid.width + x] = 1;
      }
    }
  };
  for (const figure of lines) {
    for (const run of flatten(figure).map((r) => (figure.closed ? r : extendEnds(r, EXTENSION)))) {
      for (let i = 1; i < run.length; i += 1) {
        const [ax, ay] = toGrid(grid, run[i - 1]!);
        const [bx, by] = toGrid(grid, run[i]!);
        const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) * 2));
        for (let s = 0; s <= steps; s += 1) stamp(ax + ((bx - ax) * s) / steps, ay + ((by - ay) * s) / steps);
      }
    }
  }
  return walls;
}

/**
 * Hand-drawn border lines often stop just short of the coast they meet. Each open line is drawn a little
 * longer at both ends: a spur inside a face does not split it, and the gap is closed.
 */
function extendEnds(run: readonly Point[], length: number): Point[] {
  const extend = (end: Point, before: Point): Point => {
    const dx = end[0] - before[0];
    const dy = end[1] - before[1];
    const d = Math.hypot(dx, dy);
    return d === 0 ? end : [end[0] + (dx / d) * length, end[1] + (dy / d) * length];
  };
  if (run.length < 2) return [...run];
  return [extend(run[0]!, run[1]!), ...run, extend(run[run.length - 1]!, run[run.length - 2]!)];
}

/**
 * An open line whose end points past everything (1900's Prussia-Silesia border, stopping 2.5 units short of
 * Warsaw's and running alongside it) is joined to the nearest other line within GAP_JOIN, as the eye joins it.
 * Only where provinces would otherwise share a face: elsewhere such an end is a spur, or the gap is closed.
 */
function gapJoins(grid: Grid, lines: readonly Figure[]): { end: Point; line: Figure }[] {
  const runs = lines.map((figure) => ({ closed: figure.closed, runs: flatten(figure) }));
  const segments = runs.flatMap((figure, f) => figure.runs.flatMap((run, r) => run.slice(1).map((to, i) => ({ from: run[i]!, to, owner: `${f}:${r}` }))));
  const joins: { end: Point; line: Figure }[] = [];
  runs.forEach((figure, f) => {
    if (figure.closed) return;
    figure.runs.forEach((run, r) => {
      if (run.length < 2) return;
      for (const [end, before] of [
        [run[0]!, run[1]!],
        [run[run.length - 1]!, run[run.length - 2]!],
      ] as const) {
        const d = Math.hypot(end[0] - before[0], end[1] - before[1]);
        if (d === 0) continue;
        const direction: Point = [(end[0] - before[0]) / d, (end[1] - before[1]) / d];
        const others = segments.filter((s) => s.owner !== `${f}:${r}`);
        if (rayHits(end, direction, others, EXTENSION)) continue;
        let best: Point | null = null;
        let bestDistance = GAP_JOIN;
        for (const { from, to } of others) {
          const near = nearestOnSegment(end, from, to);
          const distance = Math.hypot(near[0] - end[0], near[1] - end[1]);
          if (distance < bestDistance) {
            best = near;
            bestDistance = distance;
          }
        }
        if (best && bestDistance > grid.scale ** -1)
          joins.push({
            end,
            line: {
              closed: false,
              segments: [
                { kind: 'move', to: end },
                { kind: 'line', to: best },
              ],
            },
          });
      }
    });
  });
  return joins;
}

function rayHits(from: Point, [ux, uy]: Point, segments: readonly { from: Point; to: Point }[], limit: number): boolean {
  for (const {
    from: [ax, ay],
    to: [bx, by],
  } of segments) {
    const ex = bx - ax;
    const ey = by - ay;
    const denominator = ux * ey - uy * ex;
    if (denominator === 0) continue;
    const t = ((ax - from[0]) * ey - (ay - from[1]) * ex) / denominator;
    const s = ((ax - from[0]) * uy - (ay - from[1]) * ux) / denominator;
    if (t >= 0 && t <= limit && s >= 0 && s <= 1) return true;
  }
  return false;
}

function nearestOnSegment(p: Point, a: Point, b: Point): Point {
  const ex = b[0] - a[0];
  const ey = b[1] - a[1];
  const length = ex * ex + ey * ey;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / length));
  return [a[0] + t * ex, a[1] + t * ey];
}

function toGrid(grid: Grid, [x, y]: Point): Point {
  return [(x - grid.originX) * grid.scale, (y - grid.originY) * grid.scale];
}

/** The open cell nearest to a point (searching a few cells around it), or -1. */
function openCellNear(grid: Grid, walls: Uint8Array, point: Point, reach: number): number {
  const [gx, gy] = toGrid(grid, point);
  const cx = Math.floor(gx);
  const cy = Math.floor(gy);
  for (let ring = 0; ring <= reach; ring += 1) {
    let best = -1;
    let bestDistance = Infinity;
    for (let dy = -ring; dy <= ring; dy += 1) {
      for (let dx = -ring; dx <= ring; dx += 1) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || y < 0 || x >= grid.width || y >= grid.height) continue;
        const cell = y * grid.width + x;
        const distance = dx * dx + dy * dy;
        if (walls[cell] === 0 && distance < bestDistance) {
          best = cell;
          bestDistance = distance;
        }
      }
    }
    if (best >= 0) return best;
  }
  return -1;
}

function flood(grid: Grid, walls: Uint8Array, labels: Int32Array, start: number, label: number, queue: Int32Array): void {
  let head = 0;
  let tail = 0;
  queue[tail++] = start;
  labels[start] = label;
  while (head < tail) {
    const cell = queue[head++]!;
    const x = cell % grid.width;
    const neighbours = [x > 0 ? cell - 1 : -1, x < grid.width - 1 ? cell + 1 : -1, cell - grid.width, cell + grid.width];
    for (const next of neighbours) {
      if (next < 0 || next >= labels.length || walls[next] !== 0 || labels[next] !== 0) continue;
      labels[next] = label;
      queue[tail++] = next;
    }
  }
}

/**
 * Re-floods one face from several points at once: each cell goes to the point it is nearest to within the
 * face. With `water` (per cell, from the drawing's fills) a sea's point first takes only water and a land's
 * only land, so a missing coastline is found again where the fills change; what is left goes to the nearest.
 */
function splitFace(
  grid: Grid,
  labels: Int32Array,
  face: number,
  sources: readonly { label: number; cell: number; water?: boolean }[],
  queue: Int32Array,
  water: Uint8Array | null,
): void {
  const cells: number[] = [];
  for (let cell = 0; cell < labels.length; cell += 1) {
    if (labels[cell] === face) {
      labels[cell] = 0;
      cells.push(cell);
    }
  }
  const inFace = new Uint8Array(labels.length);
  for (const cell of cells) inFace[cell] = 1;
  const waterOf = new Map(sources.map((s) => [s.label, s.water]));
  const spread = (restricted: boolean) => {
    let head = 0;
    let tail = 0;
    if (!restricted) {
      for (const cell of cells) if (labels[cell] !== 0) queue[tail++] = cell;
    } else {
      for (const source of sources) {
        labels[source.cell] = source.label;
        queue[tail++] = source.cell;
      }
    }
    while (head < tail) {
      const cell = queue[head++]!;
      const x = cell % grid.width;
      const own = waterOf.get(labels[cell]!);
      const neighbours = [x > 0 ? cell - 1 : -1, x < grid.width - 1 ? cell + 1 : -1, cell - grid.width, cell + grid.width];
      for (const next of neighbours) {
        if (next < 0 || next >= labels.length || inFace[next] === 0 || labels[next] !== 0) continue;
        if (restricted && water && own !== undefined && (water[next] === 1) !== own) continue;
        labels[next] = labels[cell]!;
        queue[tail++] = next;
      }
    }
  };
  if (water) {
    spread(true);
    // The fills did not tell the provinces apart (a point on the other side of the drawn coast, or an
    // island painted in a colour read as water): the face is split by distance alone.
    const taken = new Map<number, number>();
    for (const cell of cells) taken.set(labels[cell]!, (taken.get(labels[cell]!) ?? 0) + 1);
    const fair = cells.length / sources.length;
    if (sources.some((source) => (taken.get(source.label) ?? 0) < Math.min(200, fair / 10))) {
      for (const cell of cells) labels[cell] = 0;
      for (const source of sources) labels[source.cell] = source.label;
    }
  } else {
    for (const source of sources) labels[source.cell] = source.label;
  }
  spread(false);
}

/** How far (map units) a point set just off its coast is moved onto it. */
const COAST_REACH = 6;

/**
 * A province's point where the drawing paints the other kind (a land unit's point just off the coast):
 * the nearest open cell within COAST_REACH painted as the province is, else the point's own cell.
 */
function paintedCellNear(grid: Grid, walls: Uint8Array, water: Uint8Array, cell: number, isWater: boolean | undefined): number {
  if (isWater === undefined || (water[cell] === 1) === isWater) return cell;
  const x0 = cell % grid.width;
  const y0 = Math.floor(cell / grid.width);
  const reach = Math.ceil(COAST_REACH * grid.scale);
  let best = cell;
  let bestDistance = reach * reach + 1;
  for (let dy = -reach; dy <= reach; dy += 1) {
    for (let dx = -reach; dx <= reach; dx += 1) {
      const x = x0 + dx;
      const y = y0 + dy;
      if (x < 0 || y < 0 || x >= grid.width || y >= grid.height) continue;
      const at = y * grid.width + x;
      const distance = dx * dx + dy * dy;
      if (distance < bestDistance && walls[at] === 0 && (water[at] === 1) === isWater) {
        best = at;
        bestDistance = distance;
      }
    }
  }
  return best;
}

/** Per grid cell: 1 where the drawing paints water (cell centres, even-odd fill, later areas over earlier). */
function paintWater(grid: Grid, painted: PaintedAreas): Uint8Array {
  const water = new Uint8Array(grid.width * grid.height).fill(painted.backgroundWater ? 1 : 0);
  for (const area of painted.areas) {
    const edges: [number, number, number, number][] = [];
    for (const figure of area.figures) {
      for (const run of flatten(figure)) {
        for (let i = 0; i < run.length; i += 1) {
          const a = toGrid(grid, run[i]!);
          const b = toGrid(grid, run[(i + 1) % run.length]!);
          if (a[1] !== b[1]) edges.push([a[0], a[1], b[0], b[1]]);
        }
      }
    }
    for (let y = 0; y < grid.height; y += 1) {
      const cy = y + 0.5;
      const xs: number[] = [];
      for (const [ax, ay, bx, by] of edges) {
        if ((ay <= cy && by > cy) || (by <= cy && ay > cy)) xs.push(ax + ((cy - ay) * (bx - ax)) / (by - ay));
      }
      xs.sort((p, q) => p - q);
      for (let i = 0; i + 1 < xs.length; i += 2) {
        const from = Math.max(0, Math.ceil(xs[i]! - 0.5));
        const to = Math.min(grid.width - 1, Math.floor(xs[i + 1]! - 0.5));
        for (let x = from; x <= to; x += 1) water[y * grid.width + x] = area.water ? 1 : 0;
      }
    }
  }
  return water;
}

/** Gives every wall cell to a neighbouring province (breadth first, so each side gets half the wall). */
function shareWalls(grid: Grid, walls: Uint8Array, labels: Int32Array, queue: Int32Array): void {
  let head = 0;
  let tail = 0;
  for (let cell = 0; cell < labels.length; cell += 1) {
    if (labels[cell]! > 0 && isBesideWall(grid, walls, cell)) queue[tail++] = cell;
  }
  while (head < tail) {
    const cell = queue[head++]!;
    const x = cell % grid.width;
    const neighbours = [x > 0 ? cell - 1 : -1, x < grid.width - 1 ? cell + 1 : -1, cell - grid.width, cell + grid.width];
    for (const next of neighbours) {
      if (next < 0 || next >= labels.length || walls[next] === 0 || labels[next] !== 0) continue;
      labels[next] = labels[cell]!;
      queue[tail++] = next;
    }
  }
}

function isBesideWall(grid: Grid, walls: Uint8Array, cell: number): boolean {
  const x = cell % grid.width;
  return (
    (x > 0 && walls[cell - 1] === 1) ||
    (x < grid.width - 1 && walls[cell + 1] === 1) ||
    (cell >= grid.width && walls[cell - grid.width] === 1) ||
    (cell + grid.width < walls.length && walls[cell + grid.width] === 1)
  );
}

/**
 * The boundary of each label's cells as closed rings of grid corners. Every cell edge between two labels
 * becomes a directed edge of the label on its left; chaining them gives rings whose even-odd fill is
 * exactly the label's cells.
 */
function traceRings(grid: Grid, labels: Int32Array, labelCount: number): Map<number, Point[][]> {
  const W = grid.width;
  const H = grid.height;
  const stride = W + 1;
  const outgoing: Map<number, number[]>[] = Array.from({ length: labelCount + 1 }, () => new Map());
  const label = (x: number, y: number) => (x < 0 || y < 0 || x >= W || y >= H ? 0 : labels[y * W + x]!);
  const add = (l: number, from: number, to: number) => {
    if (l === 0) return;
    const list = outgoing[l]!.get(from);
    if (list) list.push(to);
    else outgoing[l]!.set(from, [to]);
  };
  // Horizontal edges (between rows y-1 and y) and vertical edges (between columns x-1 and x).
  for (let y = 0; y <= H; y += 1) {
    for (let x = 0; x < W; x += 1) {
      const above = label(x, y - 1);
      const below = label(x, y);
      if (above === below) continue;
      // With y growing downwards, the cell on the left of an eastward edge is the one above it.
      add(below, y * stride + x + 1, y * stride + x);
      add(above, y * stride + x, y * stride + x + 1);
    }
  }
  for (let y = 0; y < H; y += 1) {
    for (let x = 0; x <= W; x += 1) {
      const left = label(x - 1, y);
      const right = label(x, y);
      if (left === right) continue;
      add(right, y * stride + x, (y + 1) * stride + x);
      add(left, (y + 1) * stride + x, y * stride + x);
    }
  }
  const rings = new Map<number, Point[][]>();
  for (let l = 1; l <= labelCount; l += 1) {
    const edges = outgoing[l]!;
    const starts = [...edges.keys()].sort((a, b) => a - b);
    const result: Point[][] = [];
    for (const first of starts) {
      while ((edges.get(first)?.length ?? 0) > 0) {
        const ring: Point[] = [];
        let at = first;
        do {
          ring.push([at % stride, Math.floor(at / stride)]);
          const list = edges.get(at)!;
          const next = list.shift()!;
          if (list.length === 0) edges.delete(at);
          at = next;
        } while (at !== first && edges.has(at));
        result.push(ring);
      }
    }
    rings.set(l, result);
  }
  return rings;
}

/** Drops the corners of straight runs, then simplifies (Douglas-Peucker) within `tolerance`. */
export function simplifyRing(ring: readonly Point[], tolerance: number): Point[] {
  const corners = ring.filter((p, i) => {
    const prev = ring[(i + ring.length - 1) % ring.length]!;
    const next = ring[(i + 1) % ring.length]!;
    return (p[0] - prev[0]) * (next[1] - p[1]) !== (p[1] - prev[1]) * (next[0] - p[0]);
  });
  if (corners.length < 4) return corners;
  // Split the ring at its first corner and the corner farthest from it, and simplify both halves.
  let far = 1;
  let farDistance = -1;
  for (let i = 1; i < corners.length; i += 1) {
    const d = (corners[i]![0] - corners[0]![0]) ** 2 + (corners[i]![1] - corners[0]![1]) ** 2;
    if (d > farDistance) {
      farDistance = d;
      far = i;
    }
  }
  const first = douglasPeucker([...corners.slice(0, far + 1)], tolerance);
  const second = douglasPeucker([...corners.slice(far), corners[0]!], tolerance);
  return [...first.slice(0, -1), ...second.slice(0, -1)];
}

function douglasPeucker(points: readonly Point[], tolerance: number): Point[] {
  if (points.length <= 2) return [...points];
  const a = points[0]!;
  const b = points[points.length - 1]!;
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  let index = -1;
  let worst = tolerance;
  for (let i = 1; i < points.length - 1; i += 1) {
    const p = points[i]!;
    const distance = length === 0 ? Math.hypot(p[0] - a[0], p[1] - a[1]) : Math.abs((b[0] - a[0]) * (a[1] - p[1]) - (a[0] - p[0]) * (b[1] - a[1])) / length;
    if (distance > worst) {
      worst = distance;
      index = i;
    }
  }
  if (index < 0) return [a, b];
  const left = douglasPeucker(points.slice(0, index + 1), tolerance);
  return [...left.slice(0, -1), ...douglasPeucker(points.slice(index), tolerance)];
}

interface Faces {
  readonly labels: Int32Array;
  readonly owners: string[];
  /** Per label: the cell its flood started from, and the provinces whose point fell in its face later. */
  readonly starts: number[];
  readonly startWater: (boolean | undefined)[];
  readonly sharers: Map<number, { id: string; cell: number; water?: boolean }[]>;
  readonly problems: string[];
}

/** Floods each province's face from its point, in order; a point in a face already taken makes it shared. */
function floodSeeds(grid: Grid, walls: Uint8Array, seeds: readonly RegionSeed[], water: Uint8Array | null, queue: Int32Array): Faces {
  const cellsPerUnit = grid.scale;
  const labels = new Int32Array(grid.width * grid.height);
  const problems: string[] = [];
  const owners: string[] = [];
  const starts: number[] = [];
  const startWater: (boolean | undefined)[] = [];
  const sharers = new Map<number, { id: string; cell: number; water?: boolean }[]>();
  seeds.forEach((seed) => {
    let inTakenFace: { label: number; cell: number } | null = null;
    for (const candidate of seed.candidates) {
      const near = openCellNear(grid, walls, candidate, Math.ceil(cellsPerUnit * 3));
      if (near < 0) continue;
      const cell = water ? paintedCellNear(grid, walls, water, near, seed.water) : near;
      if (labels[cell] !== 0) {
        inTakenFace ??= { label: labels[cell]!, cell };
        continue;
      }
      owners.push(seed.id);
      starts.push(cell);
      startWater.push(seed.water);
      flood(grid, walls, labels, cell, owners.length, queue);
      return;
    }
    const [x, y] = seed.candidates[0] ?? [NaN, NaN];
    if (inTakenFace && inTakenFace.cell !== starts[inTakenFace.label - 1]) {
      const list = sharers.get(inTakenFace.label) ?? [];
      if (!list.some((s) => s.cell === inTakenFace!.cell)) {
        list.push({ id: seed.id, cell: inTakenFace.cell, ...(seed.water === undefined ? {} : { water: seed.water }) });
        sharers.set(inTakenFace.label, list);
        return;
      }
    }
    problems.push(`${seed.id}: its point (${x}, ${y}) lies on the lines or outside the map, or where another province's point is`);
  });
  for (const seed of seeds) {
    if (!owners.includes(seed.id)) continue;
    for (const piece of seed.pieces ?? []) {
      const cell = openCellNear(grid, walls, piece, Math.ceil(cellsPerUnit));
      if (cell < 0 || labels[cell] !== 0) continue;
      if (water && seed.water !== undefined && (water[cell] === 1) !== seed.water) continue;
      owners.push(seed.id);
      starts.push(cell);
      startWater.push(seed.water);
      flood(grid, walls, labels, cell, owners.length, queue);
    }
  }
  return { labels, owners, starts, startWater, sharers, problems };
}

/**
 * The province outlines inside `frame` (x, y, width, height in map coordinates, y down), bounded by the
 * given lines. `cellsPerUnit` sets the grid's fineness.
 */
export function provinceOutlines(
  frame: readonly [number, number, number, number],
  lines: readonly Figure[],
  seeds: readonly RegionSeed[],
  cellsPerUnit: number,
  painted: PaintedAreas | null = null,
): RegionResult {
  const grid: Grid = {
    width: Math.ceil(frame[2] * cellsPerUnit),
    height: Math.ceil(frame[3] * cellsPerUnit),
    scale: cellsPerUnit,
    originX: frame[0],
    originY: frame[1],
  };
  // Walls about half a map unit wide close the small gaps hand-drawn lines leave where they meet.
  const radius = Math.max(1, cellsPerUnit * 0.3);
  const queue = new Int32Array(grid.width * grid.height);
  const water = painted ? paintWater(grid, painted) : null;
  let walls = drawWalls(grid, lines, radius);
  let faces = floodSeeds(grid, walls, seeds, water, queue);
  if (faces.sharers.size > 0) {
    // A border line that stops short of the line it meets leaves two provinces one face: joined, and flooded again.
    const reach = Math.ceil(cellsPerUnit * GAP_JOIN);
    const joins = gapJoins(grid, lines).filter(({ end }) => faces.sharers.has(faces.labels[openCellNear(grid, walls, end, reach)] ?? 0));
    if (joins.length > 0) {
      walls = drawWalls(grid, [...lines, ...joins.map((join) => join.line)], radius);
      faces = floodSeeds(grid, walls, seeds, water, queue);
    }
  }
  const { labels, owners, starts, startWater, sharers, problems } = faces;
  const shared: string[] = [];
  for (const [label, others] of [...sharers].sort(([a], [b]) => a - b)) {
    const sources: { label: number; cell: number; water?: boolean }[] = [
      { label, cell: starts[label - 1]!, ...(startWater[label - 1] === undefined ? {} : { water: startWater[label - 1]! }) },
    ];
    for (const other of others) {
      owners.push(other.id);
      sources.push({ label: owners.length, cell: other.cell, ...(other.water === undefined ? {} : { water: other.water }) });
    }
    splitFace(grid, labels, label, sources, queue, water);
    shared.push(`${[owners[label - 1]!, ...others.map((o) => o.id)].join(', ')} share one face of the drawing (a border line is missing): split by distance`);
  }
  shareWalls(grid, walls, labels, queue);
  const rings = traceRings(grid, labels, owners.length);
  const outlines = new Map<string, Point[][]>();
  owners.forEach((id, index) => {
    const tolerance = cellsPerUnit * 0.3;
    const simplified = (rings.get(index + 1) ?? [])
      .map((ring) => simplifyRing(ring, tolerance))
      .filter((ring) => ring.length >= 3)
      .map((ring) => ring.map(([x, y]): Point => [grid.originX + x / cellsPerUnit, grid.originY + y / cellsPerUnit]));
    // A province in several pieces has a label per piece: its outline holds the rings of all.
    outlines.set(id, [...(outlines.get(id) ?? []), ...simplified]);
  });
  return { outlines, problems, shared };
}
