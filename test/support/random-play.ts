import { adjustmentCentres, adjustmentsDue, buildableCenters } from '../../src/engine/adjustment.ts';
import { adjudicatePhase, skippingIdleRetreats } from '../../src/engine/adjudicate-phase.ts';
import { provinceOf } from '../../src/engine/map.ts';
import { parsePhaseId } from '../../src/engine/phase.ts';
import type { SubmittedOrder } from '../../src/engine/results.ts';
import type { Order, Position, Unit } from '../../src/engine/types.ts';
import type { Variant } from '../../src/engine/variant.ts';

// Random legal play of any variant, phase after phase, checking after each phase what must hold
// whatever the orders: no exception, one unit per province, every unit on a location it may
// stand on, no centre owned twice, and units conserved (movement: moved + dislodged = before;
// retreats never create units; adjustments bring each power to its centre count or towards it).

/** A small seeded generator (mulberry32), so a failing game can be replayed from its seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, list: readonly T[]): T | undefined {
  return list.length === 0 ? undefined : list[Math.floor(random() * list.length)];
}

function movementOrders(variant: Variant, position: Position, random: () => number): SubmittedOrder[] {
  // Seasonal provinces (loeb9's Arctic) are closed outside their season: the phase's own map says where units may go.
  const map = variant.forPhase(parsePhaseId(position.phase)!).map;
  const orders: SubmittedOrder[] = [];
  const byProvince = new Map(position.units.map((u) => [provinceOf(u.location), u]));
  for (const unit of position.units) {
    const self = { type: unit.type, location: unit.location };
    const moves = map.movesFrom(unit.type, unit.location);
    const roll = random();
    let order: Order = { kind: 'hold', unit: self };
    if (roll < 0.55 && moves.length > 0) {
      order = { kind: 'move', unit: self, to: pick(random, moves)!, viaConvoy: false, route: [] };
    } else if (roll < 0.85) {
      const neighbour = pick(
        random,
        moves.map((m) => byProvince.get(provinceOf(m))).filter((u): u is Unit => u !== undefined),
      );
      if (neighbour) {
        const targets = map.movesFrom(neighbour.type, neighbour.location).filter((t) => moves.some((m) => provinceOf(m) === provinceOf(t)));
        const to = random() < 0.5 ? pick(random, targets) : undefined;
        order = { kind: 'support', unit: self, supported: { type: neighbour.type, location: neighbour.location }, to: to ?? null };
      }
    }
    orders.push({ power: unit.power, order });
  }
  return orders;
}

function retreatOrders(position: Position, random: () => number): SubmittedOrder[] {
  return position.dislodged.map((unit) => {
    const to = random() < 0.8 ? pick(random, unit.retreats) : undefined;
    const self = { type: unit.type, location: unit.location };
    return { power: unit.power, order: to ? { kind: 'retreat', unit: self, to } : { kind: 'disband', unit: self } };
  });
}

function adjustmentOrders(variant: Variant, position: Position, random: () => number): SubmittedOrder[] {
  const orders: SubmittedOrder[] = [];
  for (const power of variant.powers) {
    const due = adjustmentsDue(variant, position, power.id);
    if (due > 0) {
      const sites = [...buildableCenters(variant, position, power.id)];
      for (let k = 0; k < due && sites.length > 0; k++) {
        const site = sites.splice(Math.floor(random() * sites.length), 1)[0]!;
        const province = variant.map.province(site)!;
        const fleet = province.terrain !== 'land' && random() < 0.5;
        const location = fleet ? pick(random, variant.map.locationsOf(province))! : site;
        orders.push({ power: power.id, order: { kind: 'build', unit: { type: fleet ? 'F' : 'A', location } } });
      }
    } else if (due < 0) {
      const own = position.units.filter((u) => u.power === power.id);
      for (let k = 0; k < -due && random() < 0.7; k++) {
        const unit = own.splice(Math.floor(random() * own.length), 1)[0]!;
        orders.push({ power: power.id, order: { kind: 'remove', unit: { type: unit.type, location: unit.location } } });
      }
    }
  }
  return orders;
}

export interface PlayReport {
  readonly phases: number;
  readonly winner: string | null;
  readonly last: string;
}

/**
 * Plays `maxPhases` phases of random legal orders from the starting position; throws on a broken
 * invariant. `onPhase` sees each phase's position and orders before it is adjudicated.
 */
export function playRandomGame(
  variant: Variant,
  seed: number,
  maxPhases: number,
  onPhase?: (position: Position, orders: readonly SubmittedOrder[]) => void,
): PlayReport {
  const random = seeded(seed);
  let position = variant.startingPosition();
  for (let n = 0; n < maxPhases; n++) {
    const phase = parsePhaseId(position.phase)!;
    const orders =
      phase.type === 'movement'
        ? movementOrders(variant, position, random)
        : phase.type === 'retreat'
          ? retreatOrders(position, random)
          : adjustmentOrders(variant, position, random);
    onPhase?.(position, orders);
    const outcome = skippingIdleRetreats(variant, adjudicatePhase(variant, position, orders));
    const next = outcome.position;
    const where = `${variant.name} seed ${seed} ${position.phase}→${next.phase}`;
    checkPosition(variant, next, where);
    if (phase.type === 'movement' && parsePhaseId(next.phase)!.type === 'retreat' && next.units.length + next.dislodged.length !== position.units.length) {
      throw new Error(`${where}: ${position.units.length} units became ${next.units.length} and ${next.dislodged.length} dislodged`);
    }
    if (phase.type === 'retreat' && next.units.length > position.units.length + position.dislodged.length) throw new Error(`${where}: retreats created units`);
    if (phase.type === 'adjustment') {
      for (const power of variant.powers) {
        const before = position.units.filter((u) => u.power === power.id).length;
        const after = next.units.filter((u) => u.power === power.id).length;
        // Undetermined homes (MOBILIZE) and partisan builds (1900) count as centres here.
        const centres = adjustmentCentres(variant, position, power.id);
        const ok = before > centres ? after === centres : after >= before && after <= centres;
        if (!ok) throw new Error(`${where}: ${power.id} had ${before} units and ${centres} centres, and has ${after} after adjustments`);
      }
    }
    position = next;
    if (outcome.winner !== null) return { phases: n + 1, winner: outcome.winner, last: position.phase };
  }
  return { phases: maxPhases, winner: null, last: position.phase };
}

function checkPosition(variant: Variant, position: Position, where: string): void {
  const seen = new Set<string>();
  for (const unit of position.units) {
    const province = provinceOf(unit.location);
    if (seen.has(province)) throw new Error(`${where}: two units in ${province}`);
    seen.add(province);
    if (!variant.map.canOccupy(unit.type, unit.location)) throw new Error(`${where}: ${unit.type} ${unit.location} cannot stand there`);
  }
  const owners = new Map<string, string>();
  for (const [power, list] of Object.entries(position.supplyCenters)) {
    for (const centre of list) {
      if (owners.has(centre)) throw new Error(`${where}: ${centre} owned by ${owners.get(centre)} and ${power}`);
      if (!variant.map.province(centre)?.supplyCenter) throw new Error(`${where}: ${power} owns ${centre}, not a centre`);
      owners.set(centre, power);
    }
  }
  if (parsePhaseId(position.phase) === null || variant.flowIndex(parsePhaseId(position.phase)!) < 0)
    throw new Error(`${where}: ${position.phase} is not a phase of the variant`);
}
