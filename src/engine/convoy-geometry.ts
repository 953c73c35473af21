import type { GameMap } from './map.ts';
import type { ProvinceId } from './types.ts';

// Which seas could ever carry an army between two coastal provinces, judged from the
// map alone. Orders that could never be part of such a route are illegal (DATC 4.E.1).

const cache = new WeakMap<GameMap, Map<string, ReadonlySet<number>>>();

function seasTouching(map: GameMap, province: number): number[] {
  const seas: number[] = [];
  for (const p of map.provinces) if (p.terrain === 'sea' && map.fleetReachByIndex(p.index, province)) seas.push(p.index);
  return seas;
}

function seaComponent(map: GameMap, start: readonly number[]): Set<number> {
  const seen = new Set<number>(start);
  const queue = [...start];
  while (queue.length > 0) {
    const sea = queue.pop()!;
    for (const p of map.provinces) {
      if (p.terrain === 'sea' && !seen.has(p.index) && map.fleetReachByIndex(sea, p.index)) {
        seen.add(p.index);
        queue.push(p.index);
      }
    }
  }
  return seen;
}

/** Seas that lie on some simple chain of seas from `from` to `to`; empty when no convoy could connect them. */
export function convoySeas(map: GameMap, from: ProvinceId, to: ProvinceId): ReadonlySet<number> {
  let perMap = cache.get(map);
  if (!perMap) cache.set(map, (perMap = new Map()));
  const key = `${from}>${to}`;
  const cached = perMap.get(key);
  if (cached) return cached;
  const a = map.indexOf(from);
  const b = map.indexOf(to);
  const result = new Set<number>();
  const coastal = (i: number) => map.provinces[i]!.terrain === 'coast';
  if (a !== b && coastal(a) && coastal(b)) {
    // Candidates: seas connected to both ends. A dead-end bay can still be in both
    // components, so confirm each by finding a simple path through it.
    const candidates = seaComponent(map, seasTouching(map, a));
    const nearB = seaComponent(map, seasTouching(map, b));
    for (const sea of candidates) if (!nearB.has(sea)) candidates.delete(sea);
    const onPath: number[] = [];
    const visiting = new Set<number>();
    const walk = (sea: number): void => {
      if (result.size === candidates.size) return;
      visiting.add(sea);
      onPath.push(sea);
      if (map.fleetReachByIndex(sea, b)) for (const s of onPath) result.add(s);
      for (const next of candidates) {
        if (!visiting.has(next) && map.fleetReachByIndex(sea, next)) walk(next);
      }
      onPath.pop();
      visiting.delete(sea);
    };
    for (const sea of seasTouching(map, a)) if (candidates.has(sea)) walk(sea);
  }
  perMap.set(key, result);
  return result;
}
