import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/api/adjudicate.ts';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { convoyChainOver, convoyPossibleByIndex, seaOnConvoyRouteByIndex } from '../../src/engine/convoy-geometry.ts';
import type { GameMap } from '../../src/engine/map.ts';
import { seeded } from '../support/random-play.ts';

// The convoy questions are answered without listing every chain of seas (a search on imperial's
// oceans took 28 s). Each answer must be the one the full list gives: the list is made here as
// the engine made it before, for every pair of coasts on the standard map and for pairs of the
// larger maps whose list stays small enough to make.

type Chains = readonly (readonly number[])[];

/** Every chain, as the engine listed them before; null when there are more than `limit` steps. */
function listChains(map: GameMap, a: number, b: number, limit = 200_000): Chains | null {
  const touches = (sea: number, province: number) => map.fleetReachByIndex(sea, province);
  const seas = map.provinces.filter((p) => p.convoys && p.index !== a && p.index !== b).map((p) => p.index);
  const chains: number[][] = [];
  const path: number[] = [];
  let steps = limit;
  const extend = (): void => {
    if ((steps -= 1) < 0) return;
    const last = path[path.length - 1]!;
    if (touches(last, b)) {
      chains.push([...path]);
      return;
    }
    for (const next of seas) {
      if (path.includes(next) || !map.fleetReachByIndex(last, next) || touches(next, a)) continue;
      if (path.some((s, k) => k < path.length - 1 && map.fleetReachByIndex(s, next))) continue;
      path.push(next);
      extend();
      path.pop();
    }
  };
  const coastal = (i: number) => map.provinces[i]!.terrain === 'coast';
  if (a !== b && coastal(a) && coastal(b)) {
    for (const first of seas) {
      if (!touches(first, a)) continue;
      path.push(first);
      extend();
      path.pop();
    }
  }
  return steps < 0 ? null : chains;
}

function compare(map: GameMap, a: number, b: number, random: () => number, limit?: number): string[] | null {
  const chains = listChains(map, a, b, limit);
  if (chains === null) return null;
  const wrong: string[] = [];
  const pair = `${map.provinces[a]!.id}→${map.provinces[b]!.id}`;
  const convoySeas = map.provinces.filter((p) => p.convoys).map((p) => p.index);
  if (convoyPossibleByIndex(map, a, b) !== chains.length > 0) wrong.push(`${pair}: possible`);
  for (const sea of convoySeas) {
    const on = chains.some((chain) => chain.includes(sea));
    if (seaOnConvoyRouteByIndex(map, a, b, sea) !== on) wrong.push(`${pair}: ${map.provinces[sea]!.id} on a chain`);
    const avoiding = chains.some((chain) => !chain.includes(sea));
    if (convoyPossibleByIndex(map, a, b, sea) !== avoiding) wrong.push(`${pair}: possible avoiding ${map.provinces[sea]!.id}`);
  }
  for (let trial = 0; trial < 4; trial += 1) {
    const fleets = new Set(convoySeas.filter(() => random() < 0.6));
    const over = chains.some((chain) => chain.every((sea) => fleets.has(sea)));
    if (convoyChainOver(map, a, b, (sea) => fleets.has(sea)) !== over) wrong.push(`${pair}: chain over fleets ${[...fleets].join(',')}`);
  }
  return wrong;
}

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)]!;

/**
 * Two coasts a few seas apart: on the large maps, coasts picked anywhere have too many chains
 * between them to list, so the pairs the list can check are the near ones.
 */
function nearbyCoasts(map: GameMap, random: () => number): [number, number] {
  const seas = map.provinces.filter((p) => p.terrain === 'sea').map((p) => p.index);
  const coastsBy = (sea: number) => map.provinces.filter((p) => p.terrain === 'coast' && map.fleetReachByIndex(sea, p.index)).map((p) => p.index);
  for (;;) {
    const start = pick(seas, random);
    let end = start;
    for (let step = Math.floor(random() * 4); step > 0; step -= 1) {
      const onward = seas.filter((sea) => map.fleetReachByIndex(end, sea));
      if (onward.length > 0) end = pick(onward, random);
    }
    const from = coastsBy(start);
    const to = coastsBy(end);
    if (from.length > 0 && to.length > 0) return [pick(from, random), pick(to, random)];
  }
}

const coasts = (map: GameMap) => map.provinces.filter((p) => p.terrain === 'coast').map((p) => p.index);

describe('convoy chains answered without listing them', () => {
  it('agree with the full list for every pair of coasts on the standard map', () => {
    const map = loadVariant('standard').map;
    const random = seeded(1901);
    const wrong = coasts(map).flatMap((a) => coasts(map).flatMap((b) => compare(map, a, b, random) ?? [`${a}→${b}: too many chains to list`]));
    expect(wrong).toEqual([]);
  });

  it.each(['1900', 'ancmed', 'youngstown', 'imperial', 'hundred'])('agree with the full list for pairs of coasts on %s', (name) => {
    const map = loadVariant(name).map;
    const random = seeded(1862);
    const wrong: string[] = [];
    let compared = 0;
    for (let trial = 0; trial < 60; trial += 1) {
      const [a, b] = nearbyCoasts(map, random);
      const found = compare(map, a, b, random, 20_000);
      if (found === null) continue;
      compared += 1;
      wrong.push(...found);
    }
    expect(wrong).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(20);
  });

  it("adjudicates imperial's open-ocean convoys as the full list did", () => {
    // A phase of the adjudicate corpus whose convoy questions took 28 s of CPU when every chain was listed.
    const { input, output } = JSON.parse(readFileSync(new URL('../fixtures/engine/imperial-ocean-convoys.json', import.meta.url), 'utf8')) as {
      input: unknown;
      output: unknown;
    };
    expect(adjudicate(input)).toEqual(output);
  });
});
