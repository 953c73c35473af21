import { adjudicatePhase } from '../../src/engine/adjudicate-phase.ts';
import { provinceOf, type GameMap } from '../../src/engine/map.ts';
import { parsePhaseId } from '../../src/engine/phase.ts';
import type { PhaseOutcome, SubmittedOrder } from '../../src/engine/results.ts';
import type { LocationId, Order, PhaseId, Position, ProvinceId, Unit, UnitRef } from '../../src/engine/types.ts';
import type { Variant } from '../../src/engine/variant.ts';
import { checkMovementPhase, checkRetreatPhase } from './phase-invariants.ts';
import { seeded } from './random-play.ts';

// Seeded random phases far denser than play reaches: most provinces occupied, armies convoyed over
// chains of fleets, the unit in a convoy's target supporting an attack on one of its fleets (the shape of
// the convoy paradoxes), rival attacks on convoying fleets, coasts written and left out, and illegal
// orders of every kind (foreign units, far moves, supports out of reach, convoys by armies, a second
// order for a unit). Each phase is adjudicated, checked by phase-invariants.ts, adjudicated again with
// its units and orders in another order, and its retreats played and checked the same way.

export interface DensePhase {
  readonly position: Position;
  readonly orders: SubmittedOrder[];
}

export interface DenseFigures {
  movement: number;
  retreat: number;
  /** Paradoxes settled by the Szykman rule (convoys declared disrupted with their fleets standing). */
  szykman: number;
  problems: string[];
}

function pick<T>(random: () => number, list: readonly T[]): T | undefined {
  return list.length === 0 ? undefined : list[Math.floor(random() * list.length)];
}

const ref = (unit: Unit): UnitRef => ({ type: unit.type, location: unit.location });

/** A random dense movement phase of the variant. */
export function densePhase(variant: Variant, random: () => number): DensePhase {
  const step = pick(
    random,
    variant.steps.filter((s) => s.type === 'movement'),
  )!;
  const phase = `${step.season}${parsePhaseId(variant.startingPosition().phase)!.year}M` as PhaseId;
  const map = variant.forPhase(parsePhaseId(phase)!).map;
  const powers = variant.powers.map((p) => p.id);
  const density = 0.45 + random() * 0.45;
  const units: Unit[] = [];
  for (const province of map.provinces) {
    if (random() > density) continue;
    const places = map
      .locationsOf(province)
      .flatMap((location) => (['A', 'F'] as const).filter((type) => map.canOccupy(type, location)).map((type) => ({ type, location })));
    const place = pick(random, places);
    if (place) units.push({ power: pick(random, powers)!, ...place });
  }
  const byProvince = new Map(units.map((u) => [provinceOf(u.location), u]));
  const orders = new Map<Unit, Order>();
  for (const unit of units) orders.set(unit, randomOrder(map, unit, units, byProvince, random));
  for (const army of units) if (army.type === 'A' && random() < 0.35) convoyAttempt(map, army, byProvince, orders, random);
  const submitted: SubmittedOrder[] = [];
  for (const unit of units) {
    const order = orders.get(unit)!;
    // A few orders come from a power that does not own the unit, or twice for one unit.
    const power = random() < 0.03 ? pick(random, powers)! : unit.power;
    if (random() < 0.04) submitted.push({ power, order: randomOrder(map, unit, units, byProvince, random) });
    if (random() < 0.93) submitted.push({ power, order });
  }
  if (random() < 0.2)
    submitted.push({
      power: pick(random, powers)!,
      order: { kind: 'retreat', unit: ref(pick(random, units) ?? { power: powers[0]!, type: 'A', location: map.provinces[0]!.id }), to: map.provinces[0]!.id },
    });
  return { position: { variant: variant.name, phase, units, dislodged: [], supplyCenters: variant.startingPosition().supplyCenters }, orders: submitted };
}

function randomOrder(map: GameMap, unit: Unit, units: readonly Unit[], byProvince: ReadonlyMap<ProvinceId, Unit>, random: () => number): Order {
  const self = ref(unit);
  const moves = map.movesFrom(unit.type, unit.location);
  const roll = random();
  if (roll < 0.1 || moves.length === 0) return { kind: 'hold', unit: self };
  if (roll < 0.45) {
    const to = pick(random, moves)!;
    // A fleet's target coast left out now and then: inferred when only one is reachable, refused otherwise.
    return { kind: 'move', unit: self, to: random() < 0.3 ? provinceOf(to) : to, viaConvoy: unit.type === 'A' && random() < 0.05, route: [] };
  }
  if (roll < 0.8) {
    const neighbours = moves.map((m) => byProvince.get(provinceOf(m))).filter((u): u is Unit => u !== undefined && u !== unit);
    const other = random() < 0.9 ? pick(random, neighbours) : pick(random, units);
    if (!other) return { kind: 'hold', unit: self };
    const reach = new Set(moves.map(provinceOf));
    const targets = map.movesFrom(other.type, other.location).filter((t) => reach.has(provinceOf(t)) || random() < 0.03);
    const to = random() < 0.6 ? pick(random, targets) : undefined;
    return { kind: 'support', unit: self, supported: ref(other), to: to === undefined ? null : random() < 0.7 ? provinceOf(to) : to };
  }
  // Convoy orders for any army to any coast: mostly illegal. Few, as each new pair of coasts costs the
  // order checker a search over the seas (convoy-geometry.ts), which on imperial's oceans is long.
  if (roll < 0.83) {
    const army = pick(
      random,
      units.filter((u) => u.type === 'A' || random() < 0.05),
    );
    const to = pick(
      random,
      map.provinces.filter((p) => p.terrain === 'coast'),
    );
    if (army && to) return { kind: 'convoy', unit: self, army: ref(army), to: to.id };
    return { kind: 'hold', unit: self };
  }
  // Far moves: illegal unless a convoy can run.
  const far = pick(random, map.provinces)!;
  return { kind: 'move', unit: self, to: far.id, viaConvoy: random() < 0.3, route: [] };
}

/**
 * An army sent by convoy over a chain of up to four seas, the fleets there ordered to carry it (mostly),
 * and often the paradox shape around it: the unit in the target supports a move into one of the seas
 * while another unit attacks that sea too.
 */
function convoyAttempt(map: GameMap, army: Unit, byProvince: ReadonlyMap<ProvinceId, Unit>, orders: Map<Unit, Order>, random: () => number): void {
  const from = provinceOf(army.location);
  const start = map.provinces[map.indexOf(from)]!;
  if (start.terrain !== 'coast') return;
  const route: ProvinceId[] = [];
  let here = from;
  for (let length = 1 + Math.floor(random() * 4); route.length < length; ) {
    const seas = map
      .movesFrom('F', here)
      .map(provinceOf)
      .filter((p) => map.province(p)!.convoys && p !== from && !route.includes(p) && byProvince.get(p)?.type === 'F');
    const next = pick(random, seas);
    if (!next) break;
    route.push(next);
    here = next;
  }
  if (route.length === 0) return;
  const landings = map
    .movesFrom('F', route[route.length - 1]!)
    .map(provinceOf)
    .filter((p) => p !== from && map.province(p)!.terrain === 'coast');
  const to = pick(random, landings);
  if (!to) return;
  orders.set(army, { kind: 'move', unit: ref(army), to, viaConvoy: random() < 0.3, route: [] });
  for (const sea of route) {
    const fleet = byProvince.get(sea)!;
    if (random() < 0.9) orders.set(fleet, { kind: 'convoy', unit: ref(fleet), army: ref(army), to });
  }
  const defender = byProvince.get(to);
  if (!defender || random() < 0.3) return;
  const sea = pick(random, route)!;
  const attackers = [...byProvince.values()].filter(
    (u) => u !== army && u !== defender && !route.includes(provinceOf(u.location)) && map.movesFrom(u.type, u.location).some((m) => provinceOf(m) === sea),
  );
  const rival = pick(random, attackers);
  if (!rival) return;
  const rivalTo = map.movesFrom(rival.type, rival.location).find((m) => provinceOf(m) === sea)!;
  orders.set(rival, { kind: 'move', unit: ref(rival), to: rivalTo, viaConvoy: false, route: [] });
  if (map.movesFrom(defender.type, defender.location).some((m) => provinceOf(m) === sea))
    orders.set(defender, { kind: 'support', unit: ref(defender), supported: ref(rival), to: sea });
  const other = pick(
    random,
    attackers.filter((u) => u !== rival),
  );
  if (!other) return;
  orders.set(other, {
    kind: 'move',
    unit: ref(other),
    to: map.movesFrom(other.type, other.location).find((m) => provinceOf(m) === sea)!,
    viaConvoy: false,
    route: [],
  });
  const helper = pick(
    random,
    [...byProvince.values()].filter(
      (u) =>
        ![army, defender, rival, other].includes(u) &&
        !route.includes(provinceOf(u.location)) &&
        map.movesFrom(u.type, u.location).some((m) => provinceOf(m) === sea),
    ),
  );
  if (helper && random() < 0.7) orders.set(helper, { kind: 'support', unit: ref(helper), supported: ref(other), to: sea });
}

/** The same phase with its units in another order and its orders in another order, each unit's own orders kept in theirs. */
export function reordered(phase: DensePhase, random: () => number): DensePhase {
  const units = [...phase.position.units]
    .map((u) => ({ u, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.u);
  const keyOf = new Map<string, number>();
  const key = (order: SubmittedOrder) => {
    const at = 'unit' in order.order ? provinceOf(order.order.unit.location) : '';
    if (!keyOf.has(at)) keyOf.set(at, random());
    return keyOf.get(at)!;
  };
  const orders = phase.orders
    .map((o, i) => ({ o, k: key(o), i }))
    .sort((a, b) => a.k - b.k || a.i - b.i)
    .map((x) => x.o);
  return { position: { ...phase.position, units }, orders };
}

/** Everything a result says, whatever order the units came in. */
export function outcomeSummary(outcome: PhaseOutcome): string {
  const results = outcome.results
    .map(
      (r) =>
        `${r.power} ${r.unit} ${r.order?.kind ?? '-'} ${r.outcome} ${r.markers.join(',')} ${r.input === null ? '' : r.reason === null ? '' : JSON.stringify(r.reason)}`,
    )
    .sort();
  const units = outcome.position.units.map((u) => `${u.power} ${u.type} ${u.location}`).sort();
  const dislodged = outcome.position.dislodged.map((u) => `${u.power} ${u.type} ${u.location} ${u.attackerFrom} ${[...u.retreats].sort().join('/')}`).sort();
  return [...results, '|', ...units, '|', ...dislodged].join('\n');
}

function retreatOrders(position: Position, random: () => number): SubmittedOrder[] {
  // Few choices, so retreats meet in one province often.
  const orders: SubmittedOrder[] = [];
  for (const unit of position.dislodged) {
    const roll = random();
    const self = ref(unit);
    if (roll < 0.7 && unit.retreats.length > 0)
      orders.push({ power: unit.power, order: { kind: 'retreat', unit: self, to: unit.retreats[Math.floor(random() * Math.min(2, unit.retreats.length))]! } });
    else if (roll < 0.85) orders.push({ power: unit.power, order: { kind: 'disband', unit: self } });
    else if (roll < 0.9) orders.push({ power: unit.power, order: { kind: 'retreat', unit: self, to: unit.location as LocationId } });
  }
  return orders;
}

/** Adjudicates `count` dense phases of the variant from the seed and checks each; adds to the figures. */
export function checkDensePhases(variant: Variant, seed: number, count: number, figures: DenseFigures): void {
  const random = seeded(seed);
  for (let n = 0; n < count; n++) {
    const phase = densePhase(variant, random);
    const where = `${variant.name} seed ${seed} phase ${n}`;
    let outcome: PhaseOutcome;
    try {
      outcome = adjudicatePhase(variant, phase.position, phase.orders);
    } catch (error) {
      figures.problems.push(`${where}: threw ${(error as Error).message}`);
      continue;
    }
    figures.movement++;
    const check = checkMovementPhase(variant, phase.position, outcome);
    figures.szykman += check.szykman;
    for (const problem of check.problems) figures.problems.push(`${where}: ${problem}`);
    const shuffled = reordered(phase, random);
    const again = adjudicatePhase(variant, shuffled.position, shuffled.orders);
    if (outcomeSummary(again) !== outcomeSummary(outcome)) figures.problems.push(`${where}: another order of the units or orders changes the result`);
    if (outcome.position.dislodged.length === 0) continue;
    const retreats = retreatOrders(outcome.position, random);
    const retreated = adjudicatePhase(variant, outcome.position, retreats);
    figures.retreat++;
    for (const problem of checkRetreatPhase(variant, outcome.position, retreated)) figures.problems.push(`${where} (retreats): ${problem}`);
  }
}

export function noFigures(): DenseFigures {
  return { movement: 0, retreat: 0, szykman: 0, problems: [] };
}
