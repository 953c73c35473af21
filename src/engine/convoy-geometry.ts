import type { GameMap } from './map.ts';
import type { ProvinceId } from './types.ts';

// Which chains of seas could carry an army between two coastal provinces, judged from the
// map alone. A chain counts only if every fleet on it is needed: only its first sea touches
// the start, only its last touches the end, and no two seas that are not neighbours in the
// chain touch each other. A convoy order for a fleet on no such chain is illegal (DATC 4.E.1,
// cases 6.F.12 and 6.G.19).

type Routes = readonly (readonly number[])[];

const cache = new WeakMap<GameMap, Map<string, Routes>>();

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

/** Every chain of seas (province indices) along which a convoy could carry an army from `from` to `to`. */
export function convoyRoutes(map: GameMap, from: ProvinceId, to: ProvinceId): Routes {
  let perMap = cache.get(map);
  if (!perMap) cache.set(map, (perMap = new Map()));
  const key = `${from}>${to}`;
  let routes = perMap.get(key);
  if (!routes) perMap.set(key, (routes = computeRoutes(map, map.indexOf(from), map.indexOf(to))));
  return routes;
}

/** Whether a fleet at this sea could be needed for a convoy from `from` to `to`. */
export function seaOnConvoyRoute(map: GameMap, from: ProvinceId, to: ProvinceId, sea: number): boolean {
  return convoyRoutes(map, from, to).some((route) => route.includes(sea));
}

/** Whether some convoy route from `from` to `to` avoids the given sea (or any route exists, when avoid is -1). */
export function convoyPossible(map: GameMap, from: ProvinceId, to: ProvinceId, avoid = -1): boolean {
  return convoyRoutes(map, from, to).some((route) => !route.includes(avoid));
}
