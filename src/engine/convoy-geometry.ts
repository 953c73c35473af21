import type { GameMap } from './map.ts';
import type { ProvinceId } from './types.ts';

// Which chains of seas could carry an army between two coastal provinces, judged from the
// map alone. A chain counts only if every fleet on it is needed: only its first sea touches
// the start, only its last touches the end, and no two seas that are not neighbours in the
// chain touch each other. A convoy order for a fleet on no such chain is illegal (DATC 4.E.1,
// cases 6.F.12 and 6.G.19).

type Routes = readonly (readonly number[])[];

function touches(map: GameMap, sea: number, province: number): boolean {
  return map.fleetReachByIndex(sea, province);
}

function computeRoutes(map: GameMap, a: number, b: number): Routes {
  const isSea = (i: number) => map.provinces[i]!.terrain === 'sea';
  // Ports carry convoys too (DPjudge); an army's own start or end is never part of its chain.
  const seas = map.provinces.filter((p) => p.convoys && p.index !== a && p.index !== b).map((p) => p.index);
  const routes: number[][] = [];
  const path: number[] = [];
  const extend = (): void => {
    const last = path[path.length - 1]!;
    if (touches(map, last, b)) {
      routes.push([...path]);
      return;
    }
    for (const next of seas) {
      if (path.includes(next) || !map.fleetReachByIndex(last, next) || touches(map, next, a)) continue;
      // Reject a shortcut: the new sea may border only the last sea of the chain.
      if (path.some((s, k) => k < path.length - 1 && map.fleetReachByIndex(s, next))) continue;
      path.push(next);
      extend();
      path.pop();
    }
  };
  if (a !== b && !isSea(a) && !isSea(b) && map.provinces[a]!.terrain === 'coast' && map.provinces[b]!.terrain === 'coast') {
    for (const first of seas) {
      if (!touches(map, first, a)) continue;
      path.push(first);
      extend();
      path.pop();
    }
  }
  return routes;
}

const byIndex = new WeakMap<GameMap, Map<number, Routes>>();

/** Every chain of seas (province indices) along which a convoy could carry an army between the provinces of these indices. */
export function convoyRoutesByIndex(map: GameMap, from: number, to: number): Routes {
  let perMap = byIndex.get(map);
  if (!perMap) byIndex.set(map, (perMap = new Map()));
  const key = from * map.size + to;
  let routes = perMap.get(key);
  if (!routes) perMap.set(key, (routes = computeRoutes(map, from, to)));
  return routes;
}

/** Every chain of seas (province indices) along which a convoy could carry an army from `from` to `to`. */
export function convoyRoutes(map: GameMap, from: ProvinceId, to: ProvinceId): Routes {
  return convoyRoutesByIndex(map, map.indexOf(from), map.indexOf(to));
}

/** Whether a fleet at this sea could be needed for a convoy between the provinces of these indices. */
export function seaOnConvoyRouteByIndex(map: GameMap, from: number, to: number, sea: number): boolean {
  return convoyRoutesByIndex(map, from, to).some((route) => route.includes(sea));
}

/** Whether some convoy route between the provinces of these indices avoids the given sea (or any route exists, when avoid is -1). */
export function convoyPossibleByIndex(map: GameMap, from: number, to: number, avoid = -1): boolean {
  return convoyRoutesByIndex(map, from, to).some((route) => !route.includes(avoid));
}
