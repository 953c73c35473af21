import { Board, refOf } from './board.ts';
import { powerEntries } from './ids.ts';
import type { GameMap } from './map.ts';
import { coastOf, provinceOf } from './map.ts';
import { illegal, type Checked, type OrderReason, type OrderResult, type SubmittedOrder } from './results.ts';
import type { Holdings, LocationId, PowerId, ProvinceId, Unit, UnitRef, UnitType } from './types.ts';
import type { Variant } from './variant.ts';

// Winter adjustments. Orders are taken one by one in the order given (DATC 4.D.4–4.D.6):
// the first legal builds or removals count and the rest are illegal. Builds not ordered are
// waived; removals not ordered follow the civil-disorder rule of the 2023 rulebook (DATC 4.D.8):
// the unit farthest from the power's nearest owned supply centre, counting moves over land
// and sea alike, fleets before armies, then the province that comes first alphabetically.

/** The power's home centres in this game: the variant's, or those a NEWHOMES year gave it. */
export function homesOf(variant: Variant, holdings: Pick<Holdings, 'homeCenters'>, power: PowerId): readonly ProvinceId[] {
  return holdings.homeCenters?.[power] ?? variant.power(power)?.homeCenters ?? [];
}

/**
 * Extra builds a power draws from its partisan sites (DPjudge's `*` homes, 1900's Siberia for
 * Russia): one per site while the power has lost some but not all of its home centres.
 */
export function partisanBonus(variant: Variant, holdings: Pick<Holdings, 'supplyCenters' | 'homeCenters'>, power: PowerId): number {
  const sites = variant.power(power)?.partisanSites ?? [];
  if (sites.length === 0) return 0;
  const owned = holdings.supplyCenters[power] ?? [];
  const homes = homesOf(variant, holdings, power);
  const lost = homes.filter((h) => !owned.includes(h)).length;
  return lost > 0 && lost < homes.length ? sites.length : 0;
}

/** What the power's builds are counted from: owned centres, undetermined homes and partisan builds. */
export function adjustmentCentres(variant: Variant, holdings: Holdings, power: PowerId): number {
  return (holdings.supplyCenters[power]?.length ?? 0) + (holdings.undeterminedHomes?.[power] ?? 0) + partisanBonus(variant, holdings, power);
}

/** Builds (positive) or removals (negative) the power has this winter. */
export function adjustmentsDue(variant: Variant, holdings: Holdings, power: PowerId): number {
  return adjustmentCentres(variant, holdings, power) - holdings.units.filter((u) => u.power === power).length;
}

/**
 * Places where the power may build under the variant's rules, occupied or not: its owned home
 * centres (standard), any owned centre (DPjudge's BUILD_ANY), or any owned centre while it holds
 * one of its home centres (DPjudge's REMOTE_BUILDS); while it has an undetermined home (MOBILIZE)
 * also the home centres nobody owns, and while it draws partisan builds its partisan sites.
 */
export function buildSites(variant: Variant, holdings: Pick<Holdings, 'supplyCenters' | 'undeterminedHomes' | 'homeCenters'>, power: PowerId): ProvinceId[] {
  const owned = holdings.supplyCenters[power] ?? [];
  const homes = homesOf(variant, holdings, power);
  let sites: ProvinceId[];
  switch (variant.builds) {
    case 'home':
      sites = homes.filter((c) => owned.includes(c));
      break;
    case 'owned':
      sites = [...owned];
      break;
    case 'owned-with-home':
      sites = owned.some((c) => homes.includes(c)) ? [...owned] : [];
      break;
    case 'any-home': {
      const anyHome = new Set(variant.powers.flatMap((p) => homesOf(variant, holdings, p.id)));
      sites = owned.filter((c) => anyHome.has(c));
      break;
    }
  }
  if ((holdings.undeterminedHomes?.[power] ?? 0) > 0) {
    const taken = new Set(Object.values(holdings.supplyCenters).flat());
    sites.push(...homes.filter((h) => !taken.has(h)));
  }
  if (partisanBonus(variant, holdings, power) > 0) sites.push(...(variant.power(power)?.partisanSites ?? []));
  return [...new Set(sites)];
}

/** Places where the power could build right now. */
export function buildableCenters(variant: Variant, holdings: Holdings, power: PowerId): ProvinceId[] {
  const occupied = new Set(holdings.units.map((u) => provinceOf(u.location)));
  return buildSites(variant, holdings, power).filter((c) => !occupied.has(c));
}

export interface Adjusted {
  readonly results: OrderResult[];
  readonly units: Unit[];
  /** Centres after the builds: a build on an undetermined home makes it the power's. */
  readonly supplyCenters: Record<PowerId, ProvinceId[]>;
  readonly undeterminedHomes?: Record<PowerId, number>;
}

export function adjudicateAdjustments(variant: Variant, holdings: Holdings, orders: readonly SubmittedOrder[]): Adjusted {
  const { units, supplyCenters } = holdings;
  const board = new Board(variant, units);
  const undetermined = new Map(Object.entries(holdings.undeterminedHomes ?? {}));
  const claimed = new Map<PowerId, ProvinceId[]>();
  const results: OrderResult[] = [];
  const built: Unit[] = [];
  const removed = new Set<number>();
  const used = new Map<PowerId, number>();

  // biome-ignore lint/suspicious/useIterableCallbackReturn: `return reject(…)` ends one order's check; reject returns nothing
  orders.forEach((submitted, input) => {
    const { power, order } = submitted;
    const due = adjustmentsDue(variant, holdings, power);
    const count = used.get(power) ?? 0;
    const reject = (reason: OrderReason, unit: LocationId | null): void => {
      results.push({ power, unit, order: null, input, outcome: 'illegal', reason, markers: [], notes: [] });
    };
    const kind = order.kind === 'adjust' ? (due > 0 ? 'build' : due < 0 ? 'remove' : 'none') : order.kind;
    if (kind === 'build' || kind === 'waive') {
      const location = order.kind === 'waive' ? null : (order as { unit: UnitRef }).unit.location;
      if (due <= 0) return reject({ code: 'no-builds', power }, location);
      if (count >= due) return reject({ code: 'too-many-builds', power, allowed: due }, location);
      if (kind === 'waive') {
        used.set(power, count + 1);
        results.push({ power, unit: null, order: { kind: 'waive' }, input, outcome: 'succeeds', reason: null, markers: [], notes: [] });
        return;
      }
      const checked = checkBuild(board, holdings, undetermined.get(power) ?? 0, built, power, (order as { unit: UnitRef }).unit);
      if (!checked.ok) return reject(checked.reason, location);
      used.set(power, count + 1);
      built.push(checked.value);
      const site = provinceOf(checked.value.location);
      if (!(supplyCenters[power] ?? []).includes(site) && variant.map.province(site)?.supplyCenter && (undetermined.get(power) ?? 0) > 0) {
        undetermined.set(power, undetermined.get(power)! - 1);
        claimed.set(power, [...(claimed.get(power) ?? []), site]);
      }
      results.push({
        power,
        unit: checked.value.location,
        order: { kind: 'build', unit: refOf(checked.value) },
        input,
        outcome: 'succeeds',
        reason: null,
        markers: [],
        notes: checked.notes,
      });
      return;
    }
    if (kind === 'remove' || kind === 'disband') {
      const ref = (order as { unit: UnitRef }).unit;
      if (due >= 0) return reject({ code: 'no-removals', power }, ref.location);
      const found = board.findOwn(power, ref);
      if (!found.ok) return reject(found.reason, ref.location);
      if (removed.has(found.value)) return reject({ code: 'already-removed' }, ref.location);
      if (count >= -due) return reject({ code: 'too-many-removals', power, allowed: -due }, ref.location);
      used.set(power, count + 1);
      removed.add(found.value);
      const unit = units[found.value]!;
      results.push({
        power,
        unit: unit.location,
        order: { kind: 'remove', unit: refOf(unit) },
        input,
        outcome: 'succeeds',
        reason: null,
        markers: [],
        notes: [],
      });
      return;
    }
    if (kind === 'none') return reject({ code: 'no-adjustments', power }, 'unit' in order ? order.unit.location : null);
    return reject({ code: 'adjustment-phase-orders-only' }, 'unit' in order ? order.unit.location : null);
  });

  for (const power of variant.powers) {
    const due = adjustmentsDue(variant, holdings, power.id);
    const missing = Math.abs(due) - (used.get(power.id) ?? 0);
    if (missing <= 0) continue;
    if (due > 0) {
      for (let k = 0; k < missing; k++)
        results.push({ power: power.id, unit: null, order: { kind: 'waive' }, input: null, outcome: 'succeeds', reason: null, markers: [], notes: [] });
      continue;
    }
    for (const index of civilDisorderRemovals(board, supplyCenters[power.id] ?? [], power.id, removed, missing)) {
      removed.add(index);
      const unit = units[index]!;
      results.push({
        power: power.id,
        unit: unit.location,
        order: { kind: 'remove', unit: refOf(unit) },
        input: null,
        outcome: 'succeeds',
        reason: null,
        markers: [],
        notes: [],
      });
    }
  }
  const centres: Record<PowerId, ProvinceId[]> = {};
  for (const [power, list] of powerEntries(supplyCenters)) centres[power] = [...list];
  for (const [power, list] of claimed) centres[power] = [...(centres[power] ?? []), ...list].sort();
  const left = [...undetermined].filter(([, n]) => n > 0);
  return {
    results,
    units: [...units.filter((_, i) => !removed.has(i)), ...built],
    supplyCenters: centres,
    ...(left.length > 0 ? { undeterminedHomes: Object.fromEntries(left) } : {}),
  };
}

function checkBuild(board: Board, holdings: Holdings, undetermined: number, built: readonly Unit[], power: PowerId, ref: UnitRef): Checked<Unit> {
  const variant = board.variant;
  const map = variant.map;
  const provinceId = provinceOf(ref.location);
  const province = map.province(provinceId)!;
  const homes = homesOf(variant, holdings, power);
  const sites = buildSites(variant, { ...holdings, undeterminedHomes: { [power]: undetermined } }, power);
  if (!sites.includes(provinceId)) {
    if ((variant.power(power)?.partisanSites ?? []).includes(provinceId)) return illegal({ code: 'partisan-site-closed', power, province: provinceId });
    if (variant.builds === 'home' && !homes.includes(provinceId)) return illegal({ code: 'not-home-centre', power, province: provinceId });
    if (!(holdings.supplyCenters[power] ?? []).includes(provinceId)) {
      const owner = Object.entries(holdings.supplyCenters).find(([, list]) => list.includes(provinceId));
      if (homes.includes(provinceId) && (holdings.undeterminedHomes?.[power] ?? 0) > 0 && !owner) return illegal({ code: 'undetermined-home-chosen', power });
      return illegal({ code: 'not-owned', power, province: provinceId });
    }
    return illegal({ code: 'not-build-site', power, province: provinceId, rule: variant.builds });
  }
  if (board.indexAt(provinceId) >= 0) return illegal({ code: 'occupied', province: provinceId });
  if (built.some((u) => provinceOf(u.location) === provinceId)) return illegal({ code: 'already-building', province: provinceId });
  const coast = coastOf(ref.location);
  const validCoast = coast !== null && province.coasts.includes(coast);
  // DATC 4.C.3: without a unit type, an army on land, a fleet where a coast was named.
  const type: UnitType = ref.type ?? (province.terrain === 'land' || !validCoast ? 'A' : 'F');
  if (ref.type === null && province.terrain === 'coast' && !validCoast) {
    return illegal({ code: 'unit-type-needed', province: provinceId });
  }
  if (type === 'A') return { ok: true, value: { power, type, location: provinceId }, notes: coast ? [{ kind: 'army-coast-ignored', order: 'build' }] : [] };
  if (province.terrain === 'land') return illegal({ code: 'fleet-build-inland', province: provinceId });
  if (province.coasts.length > 0 && !validCoast) return illegal({ code: 'coast-needed', province: provinceId, options: map.locationsOf(province) });
  return { ok: true, value: { power, type, location: validCoast ? ref.location : provinceId }, notes: [] };
}

function civilDisorderRemovals(board: Board, owned: readonly ProvinceId[], power: PowerId, removed: ReadonlySet<number>, count: number): number[] {
  const distance = distancesFrom(board.variant.map, owned);
  const candidates = board.units
    .map((unit, index) => ({ unit, index }))
    .filter(({ unit, index }) => unit.power === power && !removed.has(index))
    .map(({ unit, index }) => ({
      index,
      type: unit.type,
      distance: distance.get(provinceOf(unit.location)) ?? Infinity,
      name: board.variant.map.province(provinceOf(unit.location))?.name ?? provinceOf(unit.location),
    }));
  candidates.sort((a, b) => b.distance - a.distance || (a.type === b.type ? 0 : a.type === 'F' ? -1 : 1) || a.name.localeCompare(b.name, 'en'));
  return candidates.slice(0, count).map((c) => c.index);
}

/** Moves from each province to the nearest of the given ones, where any unit may cross land and sea. */
function distancesFrom(map: GameMap, targets: readonly ProvinceId[]): Map<ProvinceId, number> {
  const distance = new Map<ProvinceId, number>(targets.map((t) => [t, 0]));
  let frontier = [...targets];
  for (let d = 1; frontier.length > 0; d++) {
    const next: ProvinceId[] = [];
    for (const id of frontier) {
      const a = map.indexOf(id);
      for (const p of map.provinces) {
        if (!distance.has(p.id) && (map.armyAdjacentByIndex(a, p.index) || map.fleetReachByIndex(a, p.index) || map.fleetReachByIndex(p.index, a))) {
          distance.set(p.id, d);
          next.push(p.id);
        }
      }
    }
    frontier = next;
  }
  return distance;
}
