import type { GameMap } from './map.ts';
import { Int32Slot, Uint8Slot } from './scratch.ts';

// Which chains of seas could carry an army between two coastal provinces, judged from the
// map alone. A chain counts only if every fleet on it is needed: only its first sea touches
// the start, only its last touches the end, and no two seas that are not neighbours in the
// chain touch each other. A convoy order for a fleet on no such chain is illegal (DATC 4.E.1,
// cases 6.F.12 and 6.G.19).
//
// Listing every such chain is exponential in the number of seas: on imperial's oceans one pair
// of coasts took 28 s of CPU and a heap of chains. The questions the adjudicator asks need no
// list. "Is there a chain (over these seas)?" is a breadth-first search, because a shortest
// chain always counts: a sea touching the start later on, or two seas touching out of turn,
// would make a shorter one. "Can this sea be on a chain?" has no such shortcut, so it is a
// search with an early exit, behind two reachability tests that settle most cases at once.

/** The seas (and ports) a convoy may pass through, with the ones each reaches, per map. */
interface ConvoyGraph {
  readonly seas: readonly number[];
  readonly next: readonly (readonly number[])[];
}

const graphs = new WeakMap<GameMap, ConvoyGraph>();

function convoyGraph(map: GameMap): ConvoyGraph {
  let graph = graphs.get(map);
  if (graph) return graph;
  // Ports carry convoys too (DPjudge).
  const seas = map.provinces.filter((p) => p.convoys).map((p) => p.index);
  const next: number[][] = map.provinces.map(() => []);
  for (const from of seas) for (const to of seas) if (from !== to && map.fleetReachByIndex(from, to)) next[from]!.push(to);
  graphs.set(map, (graph = { seas, next }));
  return graph;
}

function coastalPair(map: GameMap, a: number, b: number): boolean {
  return a !== b && map.provinces[a]!.terrain === 'coast' && map.provinces[b]!.terrain === 'coast';
}

/**
 * Whether some convoy chain between the provinces of these indices uses only seas `allowed`
 * accepts (e.g. the seas holding fleets). An army's own start or end is never part of its chain.
 */
export function convoyChainOver(map: GameMap, a: number, b: number, allowed: (sea: number) => boolean): boolean {
  if (!coastalPair(map, a, b)) return false;
  const graph = convoyGraph(map);
  // Scratch arrays (scratch.ts): `allowed` never asks for a chain itself, so one pair serves every call.
  const seen = CHAIN_SEEN.take(map.size);
  const queue = CHAIN_QUEUE.takeAsItIs(map.size);
  seen[a] = 1;
  seen[b] = 1;
  let queued = 0;
  const seas = graph.seas;
  for (let k = 0; k < seas.length; k++) {
    const sea = seas[k]!;
    if (seen[sea] || !allowed(sea) || !map.fleetReachByIndex(sea, a)) continue;
    if (map.fleetReachByIndex(sea, b)) return true;
    seen[sea] = 1;
    queue[queued++] = sea;
  }
  for (let at = 0; at < queued; at += 1) {
    const next = graph.next[queue[at]!]!;
    for (let k = 0; k < next.length; k++) {
      const sea = next[k]!;
      if (seen[sea] || !allowed(sea)) continue;
      if (map.fleetReachByIndex(sea, b)) return true;
      seen[sea] = 1;
      queue[queued++] = sea;
    }
  }
  return false;
}

const CHAIN_SEEN = new Uint8Slot();
const CHAIN_QUEUE = new Int32Slot();

/** Seas reachable from `starts` through seas other than a and b that `passable` accepts. */
function reachable(map: GameMap, a: number, b: number, starts: readonly number[], passable: (sea: number) => boolean): Uint8Array {
  const graph = convoyGraph(map);
  const seen = new Uint8Array(map.size);
  const queue = [...starts];
  for (const sea of starts) seen[sea] = 1;
  for (let at = 0; at < queue.length; at += 1) {
    const sea = queue[at]!;
    if (!passable(sea)) continue;
    for (const to of graph.next[sea]!) {
      if (seen[to] || to === a || to === b) continue;
      seen[to] = 1;
      queue.push(to);
    }
  }
  return seen;
}

/**
 * Chain steps tried before a question about one sea is answered "yes" unsearched. Every chain on
 * the standard map and the DATC's is settled in far fewer; only open oceans of large variants
 * come near it, where a fleet that reaches both ends is then taken to be on a chain.
 */
const SEARCH_STEPS = 20_000;

function seaOnChain(map: GameMap, a: number, b: number, sea: number): boolean {
  if (!coastalPair(map, a, b) || sea === a || sea === b || !map.provinces[sea]!.convoys) return false;
  const graph = convoyGraph(map);
  const touchesA = (s: number) => map.fleetReachByIndex(s, a);
  const touchesB = (s: number) => map.fleetReachByIndex(s, b);
  // Only seas that do not touch the end may lead on to the sea asked about, and from it only seas
  // that do not touch the start may lead on to the end.
  const firsts = graph.seas.filter((s) => s !== a && s !== b && touchesA(s));
  if (!reachable(map, a, b, firsts, (s) => !touchesB(s))[sea]) return false;
  if (
    !touchesB(sea) &&
    !reachable(map, a, b, [sea], (s) => !touchesA(s) || s === sea).some((seen, s) => seen === 1 && s !== sea && touchesB(s) && !touchesA(s))
  ) {
    return false;
  }

  let steps = SEARCH_STEPS;
  const path: number[] = [];
  const onPath = new Uint8Array(map.size);
  // true: a chain through the sea; false: none from this path; null: out of steps.
  const extend = (): boolean | null => {
    if ((steps -= 1) < 0) return null;
    const last = path[path.length - 1]!;
    if (touchesB(last)) return onPath[sea] === 1;
    for (const next of graph.next[last]!) {
      if (onPath[next] || next === a || next === b || touchesA(next)) continue;
      // Reject a shortcut: the new sea may border only the last sea of the chain.
      let shortcut = false;
      for (let k = 0; k < path.length - 1 && !shortcut; k += 1) shortcut = map.fleetReachByIndex(path[k]!, next);
      if (shortcut) continue;
      path.push(next);
      onPath[next] = 1;
      const found = extend();
      path.pop();
      onPath[next] = 0;
      if (found !== false) return found;
    }
    return false;
  };
  for (const first of firsts) {
    path.push(first);
    onPath[first] = 1;
    const found = extend();
    path.pop();
    onPath[first] = 0;
    // Out of steps (null) counts as yes, as SEARCH_STEPS says.
    if (found !== false) return true;
  }
  return false;
}

const possibleCache = new WeakMap<GameMap, Map<number, boolean>>();
const onChainCache = new WeakMap<GameMap, Map<number, boolean>>();

/**
 * Answers kept per map at most: the keys run to the cube of the map's size (45 million on imperial), which
 * orders naming ever new armies, seas and coasts would fill without end; past it the cache starts again.
 */
const MAX_CACHED = 1 << 20;

function cached(caches: WeakMap<GameMap, Map<number, boolean>>, map: GameMap, key: number, answer: () => boolean): boolean {
  let perMap = caches.get(map);
  if (!perMap) caches.set(map, (perMap = new Map()));
  let known = perMap.get(key);
  if (known === undefined) {
    if (perMap.size >= MAX_CACHED) perMap.clear();
    perMap.set(key, (known = answer()));
  }
  return known;
}

/** Whether some convoy chain between the provinces of these indices avoids the given sea (or any chain exists, when avoid is -1). */
export function convoyPossibleByIndex(map: GameMap, from: number, to: number, avoid = -1): boolean {
  const key = (from * map.size + to) * (map.size + 1) + avoid + 1;
  return cached(possibleCache, map, key, () => convoyChainOver(map, from, to, (sea) => sea !== avoid));
}

/** Whether a fleet at this sea could be needed for a convoy between the provinces of these indices. */
export function seaOnConvoyRouteByIndex(map: GameMap, from: number, to: number, sea: number): boolean {
  const key = (from * map.size + to) * map.size + sea;
  return cached(onChainCache, map, key, () => seaOnChain(map, from, to, sea));
}
