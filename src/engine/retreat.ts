import { Board, refOf } from './board.ts';
import { coastOf, provinceOf } from './map.ts';
import type { OrderReading, OrderReason, OrderResult, SubmittedOrder } from './results.ts';
import type { DislodgedUnit, LocationId, Unit } from './types.ts';
import type { Variant } from './variant.ts';

// Retreat phase: each dislodged unit retreats to one of the places computed in the
// movement phase, or disbands. Of units retreating to the same province, those crossing a weaker
// border give way (map-schema.ts's retreatStrength, 1900's `*`); if more than one is left, all
// disband. A unit without an order disbands.

interface Chosen {
  readonly input: number;
  readonly to: LocationId | null;
  readonly notes: readonly OrderReading[];
}

export function adjudicateRetreats(
  variant: Variant,
  units: readonly Unit[],
  dislodged: readonly DislodgedUnit[],
  orders: readonly SubmittedOrder[],
): { results: OrderResult[]; units: Unit[] } {
  const board = new Board(variant, dislodged);
  const results: OrderResult[] = [];
  const chosen = new Map<number, Chosen>();
  orders.forEach((submitted, input) => {
    const reject = (reason: OrderReason) =>
      results.push({
        power: submitted.power,
        unit: 'unit' in submitted.order ? submitted.order.unit.location : null,
        order: null,
        input,
        outcome: 'illegal',
        reason,
        markers: [],
        notes: [],
      });
    const order = submitted.order;
    if (order.kind !== 'retreat' && order.kind !== 'move' && order.kind !== 'disband') {
      reject({ code: 'retreat-phase-orders-only' });
      return;
    }
    const found = board.findOwn(submitted.power, order.unit);
    if (!found.ok) {
      reject(found.reason.code === 'no-own-unit' ? { ...found.reason, dislodged: true } : found.reason);
      return;
    }
    const unit = dislodged[found.value]!;
    let to: LocationId | null = null;
    const notes: OrderReading[] = [];
    if (order.kind !== 'disband') {
      const target = retreatTarget(board, unit, order.to);
      if (!target.ok) {
        reject(target.reason);
        return;
      }
      to = target.to;
      notes.push(...target.notes);
    }
    const previous = chosen.get(found.value);
    if (previous)
      results.push({
        power: submitted.power,
        unit: unit.location,
        order: null,
        input: previous.input,
        outcome: 'illegal',
        reason: { code: 'replaced' },
        markers: [],
        notes: [],
      });
    chosen.set(found.value, { input, to, notes });
  });

  const standing = retreatsThatStand(variant, dislodged, chosen);
  const next = [...units];
  dislodged.forEach((unit, index) => {
    const c = chosen.get(index);
    const self = refOf(unit);
    if (!c?.to) {
      results.push({
        power: unit.power,
        unit: unit.location,
        order: { kind: 'disband', unit: self },
        input: c ? c.input : null,
        outcome: 'succeeds',
        reason: null,
        markers: [],
        notes: c?.notes ?? [],
      });
      return;
    }
    const order = { kind: 'retreat', unit: self, to: c.to } as const;
    const stands = standing.get(index);
    if (stands !== true) {
      const reason: OrderReason = stands === 'gave-way' ? { code: 'retreat-gave-way' } : { code: 'retreat-bounced' };
      results.push({
        power: unit.power,
        unit: unit.location,
        order,
        input: c.input,
        outcome: 'fails',
        reason,
        markers: ['bounce', 'destroyed'],
        notes: c.notes,
      });
      return;
    }
    next.push({ power: unit.power, type: unit.type, location: c.to });
    results.push({ power: unit.power, unit: unit.location, order, input: c.input, outcome: 'succeeds', reason: null, markers: [], notes: c.notes });
  });
  return { results, units: next };
}

/**
 * Which retreats stand, by dislodged unit: true, 'gave-way' (to a retreat over a stronger border) or
 * 'bounced'. Per province, the retreats of the weakest strength are all dropped while two or more remain
 * (DPjudge's otherResults); a retreat left alone stands.
 */
function retreatsThatStand(
  variant: Variant,
  dislodged: readonly DislodgedUnit[],
  chosen: ReadonlyMap<number, Chosen>,
): Map<number, true | 'gave-way' | 'bounced'> {
  const map = variant.map;
  const byTarget = new Map<string, { unit: number; strength: number }[]>();
  for (const [unit, c] of chosen) {
    if (!c.to) continue;
    const from = map.provinceIndexOfLocation(dislodged[unit]!.location);
    const kind = map.borderKindByIndex(from, map.provinceIndexOfLocation(c.to));
    const list = byTarget.get(provinceOf(c.to)) ?? [];
    list.push({ unit, strength: kind === null ? 1 : kind.retreatStrength });
    byTarget.set(provinceOf(c.to), list);
  }
  const standing = new Map<number, true | 'gave-way' | 'bounced'>();
  for (const retreats of byTarget.values()) {
    let left = retreats;
    for (const strength of [...new Set(retreats.map((r) => r.strength))].sort((a, b) => a - b)) {
      if (left.length < 2) break;
      const weakest = left.filter((r) => r.strength === strength);
      left = left.filter((r) => r.strength !== strength);
      for (const r of weakest) standing.set(r.unit, left.length === 0 ? 'bounced' : 'gave-way');
    }
    for (const r of left) standing.set(r.unit, true);
  }
  return standing;
}

function retreatTarget(
  board: Board,
  unit: DislodgedUnit,
  written: LocationId,
): { ok: true; to: LocationId; notes: OrderReading[] } | { ok: false; reason: OrderReason } {
  const province = provinceOf(written);
  const options = unit.retreats.filter((r) => provinceOf(r) === province);
  if (options.length === 0) return { ok: false, reason: { code: 'cannot-retreat', unit: unit.location, to: province, retreats: unit.retreats } };
  if (unit.type === 'A') return { ok: true, to: province, notes: coastOf(written) ? [{ kind: 'army-coast-ignored', order: 'retreat' }] : [] };
  const coast = coastOf(written);
  if (coast !== null && options.includes(written)) return { ok: true, to: written, notes: [] };
  if (coast !== null && board.variant.map.province(province)!.coasts.includes(coast)) {
    return { ok: false, reason: { code: 'fleet-cannot-retreat', unit: unit.location, to: written, retreats: unit.retreats } };
  }
  if (options.length === 1) {
    const notes: OrderReading[] = options[0] !== province ? [{ kind: 'coast-inferred', location: options[0]! }] : [];
    return { ok: true, to: options[0]!, notes };
  }
  return { ok: false, reason: { code: 'coast-needed', province, options } };
}
