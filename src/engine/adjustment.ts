import { Board, refOf } from './board.ts';
import type { GameMap } from './map.ts';
import { coastOf, provinceOf } from './map.ts';
import { illegal, type Checked, type OrderResult, type SubmittedOrder } from './results.ts';
import type { LocationId, PowerId, ProvinceId, Unit, UnitRef, UnitType } from './types.ts';
import type { Variant } from './variant.ts';

// Winter adjustments. Orders are taken one by one in the order given (DATC 4.D.4–4.D.6):
// the first legal builds or removals count and the rest are illegal. Builds not ordered are
// waived; removals not ordered follow the civil-disorder rule of the 2023 rulebook (DATC 4.D.8):
// the unit farthest from the power's nearest owned supply centre, counting moves over land
// and sea alike, fleets before armies, then the province that comes first alphabetically.

export function adjustmentsDue(units: readonly Unit[], supplyCenters: Readonly<Record<PowerId, readonly ProvinceId[]>>, power: PowerId): number {
  return (supplyCenters[power]?.length ?? 0) - units.filter((u) => u.power === power).length;
}

/**
 * Centres where the power may build under the variant's rule, occupied or not: its owned home
 * centres (standard), any owned centre (DPjudge's BUILD_ANY), or any owned centre while it holds
 * one of its home centres (DPjudge's REMOTE_BUILDS).
 */
export function buildSites(variant: Variant, supplyCenters: Readonly<Record<PowerId, readonly ProvinceId[]>>, power: PowerId): ProvinceId[] {
  const owned = supplyCenters[power] ?? [];
  const homes = variant.power(power)?.homeCenters ?? [];
  switch (variant.builds) {
    case 'home':
      return homes.filter((c) => owned.includes(c));
    case 'owned':
      return [...owned];
    case 'owned-with-home':
      return owned.some((c) => homes.includes(c)) ? [...owned] : [];
  }
}

/** Centres where the power could build right now. */
export function buildableCenters(variant: Variant, units: readonly Unit[], supplyCenters: Readonly<Record<PowerId, readonly ProvinceId[]>>, power: PowerId): ProvinceId[] {
  const occupied = new Set(units.map((u) => provinceOf(u.location)));
  return buildSites(variant, supplyCenters, power).filter((c) => !occupied.has(c));
}

function buildRuleWords(variant: Variant): string {
  switch (variant.builds) {
    case 'home':
      return 'a home supply centre';
    case 'owned':
      return 'a supply centre';
    case 'owned-with-home':
      return 'a supply centre (builds away from home need a home centre held)';
  }
}

export function adjudicateAdjustments(
  variant: Variant,
  units: readonly Unit[],
  supplyCenters: Readonly<Record<PowerId, readonly ProvinceId[]>>,
  orders: readonly SubmittedOrder[],
): { results: OrderResult[]; units: Unit[] } {
  const board = new Board(variant, units);
  const results: OrderResult[] = [];
  const built: Unit[] = [];
  const removed = new Set<number>();
  const used = new Map<PowerId, number>();

  orders.forEach((submitted, input) => {
    const { power, order } = submitted;
    const due = adjustmentsDue(units, supplyCenters, power);
    const count = used.get(power) ?? 0;
    const reject = (reason: string, unit: LocationId | null) => results.push({ power, unit, order: null, input, outcome: 'illegal', reason, markers: [], notes: [] });
    const name = board.powerName(power);
    const kind = order.kind === 'adjust' ? (due > 0 ? 'build' : due < 0 ? 'remove' : 'none') : order.kind;
    if (kind === 'build' || kind === 'waive') {
      const location = order.kind === 'waive' ? null : (order as { unit: UnitRef }).unit.location;
      if (due <= 0) return reject(`${name} has no builds this winter`, location);
      if (count >= due) return reject(`${name} may build only ${due} unit${due === 1 ? '' : 's'}`, location);
      if (kind === 'waive') {
        used.set(power, count + 1);
        results.push({ power, unit: null, order: { kind: 'waive' }, input, outcome: 'succeeds', reason: null, markers: [], notes: [] });
        return;
      }
      const checked = checkBuild(board, supplyCenters, built, power, (order as { unit: UnitRef }).unit);
      if (!checked.ok) return reject(checked.reason, location);
      used.set(power, count + 1);
      built.push(checked.value);
      results.push({ power, unit: checked.value.location, order: { kind: 'build', unit: refOf(checked.value) }, input, outcome: 'succeeds', reason: null, markers: [], notes: checked.notes });
      return;
    }
    if (kind === 'remove' || kind === 'disband') {
      const ref = (order as { unit: UnitRef }).unit;
      if (due >= 0) return reject(`${name} has no units to remove this winter`, ref.location);
      const found = board.findOwn(power, ref);
      if (!found.ok) return reject(found.reason, ref.location);
      if (removed.has(found.value)) return reject('That unit is already being removed', ref.location);
      if (count >= -due) return reject(`${name} must remove only ${-due} unit${due === -1 ? '' : 's'}`, ref.location);
      used.set(power, count + 1);
      removed.add(found.value);
      const unit = units[found.value]!;
      results.push({ power, unit: unit.location, order: { kind: 'remove', unit: refOf(unit) }, input, outcome: 'succeeds', reason: null, markers: [], notes: [] });
      return;
    }
    if (kind === 'none') return reject(`${name} has no builds or removals this winter`, 'unit' in order ? order.unit.location : null);
    return reject('Only builds, removals and waives can be ordered in an adjustment phase', 'unit' in order ? order.unit.location : null);
  });

  for (const power of variant.powers) {
    const due = adjustmentsDue(units, supplyCenters, power.id);
    const missing = Math.abs(due) - (used.get(power.id) ?? 0);
    if (missing <= 0) continue;
    if (due > 0) {
      for (let k = 0; k < missing; k++) results.push({ power: power.id, unit: null, order: { kind: 'waive' }, input: null, outcome: 'succeeds', reason: null, markers: [], notes: [] });
      continue;
    }
    for (const index of civilDisorderRemovals(board, supplyCenters[power.id] ?? [], power.id, removed, missing)) {
      removed.add(index);
      const unit = units[index]!;
      results.push({ power: power.id, unit: unit.location, order: { kind: 'remove', unit: refOf(unit) }, input: null, outcome: 'succeeds', reason: null, markers: [], notes: [] });
    }
  }
  return { results, units: [...units.filter((_, i) => !removed.has(i)), ...built] };
}

function checkBuild(
  board: Board,
  supplyCenters: Readonly<Record<PowerId, readonly ProvinceId[]>>,
  built: readonly Unit[],
  power: PowerId,
  ref: UnitRef,
): Checked<Unit> {
  const map = board.variant.map;
  const provinceId = provinceOf(ref.location);
  const province = map.province(provinceId)!;
  const name = board.powerName(power);
  if (board.variant.builds === 'home' && !board.variant.power(power)?.homeCenters.includes(provinceId)) return illegal(`${province.name} is not a home supply centre of ${name}`);
  if (!(supplyCenters[power] ?? []).includes(provinceId)) return illegal(`${name} does not own ${province.name}`);
  if (!buildSites(board.variant, supplyCenters, power).includes(provinceId)) return illegal(`${name} may not build in ${province.name}: a build needs ${buildRuleWords(board.variant)}`);
  if (board.indexAt(provinceId) >= 0) return illegal(`${province.name} is occupied`);
  if (built.some((u) => provinceOf(u.location) === provinceId)) return illegal(`A unit is already being built in ${province.name}`);
  const coast = coastOf(ref.location);
  const validCoast = coast !== null && province.coasts.includes(coast);
  // DATC 4.C.3: without a unit type, an army on land, a fleet where a coast was named.
  const type: UnitType = ref.type ?? (province.terrain === 'land' || !validCoast ? 'A' : 'F');
  if (ref.type === null && province.terrain === 'coast' && !validCoast) {
    return illegal(`Say whether to build an army or a fleet in ${province.name}`);
  }
  if (type === 'A') return { ok: true, value: { power, type, location: provinceId }, notes: coast ? ['an army stands in a province, not on a coast; the coast was ignored'] : [] };
  if (province.terrain === 'land') return illegal(`A fleet cannot be built in ${province.name}, which has no coast`);
  if (province.coasts.length > 0 && !validCoast) return illegal(`${province.name} needs a coast for a fleet: ${map.locationsOf(province).join(' or ')}`);
  return { ok: true, value: { power, type, location: validCoast ? ref.location : provinceId }, notes: [] };
}

function civilDisorderRemovals(board: Board, owned: readonly ProvinceId[], power: PowerId, removed: ReadonlySet<number>, count: number): number[] {
  const distance = distancesFrom(board.variant.map, owned);
  const candidates = board.units
    .map((unit, index) => ({ unit, index }))
    .filter(({ unit, index }) => unit.power === power && !removed.has(index))
    .map(({ unit, index }) => ({ index, type: unit.type, distance: distance.get(provinceOf(unit.location)) ?? Infinity, name: board.name(provinceOf(unit.location)) }));
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
