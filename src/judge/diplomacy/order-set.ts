import { checkPhaseOrders, powersAdjusting } from '../../engine/check-orders.ts';
import type { OrderRefusal } from '../../render/order-problems.ts';
import { phaseOf } from '../../engine/phase.ts';
import type { OrderReading, SubmittedOrder } from '../../engine/results.ts';
import { provinceOf } from '../../engine/map.ts';
import { seesUnit } from '../../engine/sight.ts';
import type { Order, PositionSight, PowerId, Position, UnitRef } from '../../engine/types.ts';
import type { Variant } from '../../engine/variant.ts';
import { parseOrderLine } from '../../orders/index.ts';
import { parsedOrderSet, type ParsedOrderSet } from './order-format.ts';

// A power's orders for a phase are always a full set, replaced by each mail (njudge and
// DPjudge). Checking a set runs the engine on it alone, so a player learns about every order
// the adjudicator would ignore, in the adjudicator's own words, before the deadline. Why an order
// does not stand is typed (OrderRefusal); the reply words it (src/render/order-problems.ts).

export interface OrderEntry {
  readonly text: string;
  /** Line in the mail, for error messages; null for orders read back from storage. */
  readonly line: number | null;
}

export interface CheckedOrder {
  readonly text: string;
  readonly line: number | null;
  readonly order: Order | null;
  /** Why the order does not stand; null when it does. */
  readonly error: OrderRefusal | null;
}

export interface OrderSetCheck {
  readonly orders: readonly CheckedOrder[];
  /** Blind: orders accepted unjudged because they name a unit out of the power's sight (DPjudge's FICTIONAL_OK). */
  readonly fictional: readonly CheckedOrder[];
  readonly errorCount: number;
  /** Every unit (or adjustment) the power owes has a legal order. */
  readonly complete: boolean;
  /** How accepted orders were read where that could surprise (a wrong unit type ignored, DATC 4.C.2), by order. */
  readonly notes: readonly { readonly line: number | null; readonly text: string; readonly note: OrderReading }[];
}

/** Whether the power has anything to order in this position. */
export function owesOrders(variant: Variant, position: Position, power: PowerId): boolean {
  const phase = phaseOf(position.phase);
  if (phase.type === 'movement') return position.units.some((u) => u.power === power);
  // A unit with no retreat is disbanded whatever its player says, so it asks nothing of them.
  if (phase.type === 'retreat') return position.dislodged.some((u) => u.power === power && u.retreats.length > 0);
  return powersAdjusting(variant, position).has(power);
}

/** Parses a power's order lines into engine orders; lines that cannot be read carry their error. */
export function readOrders(variant: Variant, position: Position, power: PowerId, entries: readonly OrderEntry[]): CheckedOrder[] {
  const phase = phaseOf(position.phase);
  const checked: CheckedOrder[] = [];
  for (const entry of entries) {
    for (const parsed of parseOrderLine(entry.text, variant.map, phase.type)) {
      if (!parsed.ok) {
        checked.push({ text: parsed.text || entry.text, line: entry.line, order: null, error: { kind: 'unreadable', problem: parsed.error } });
        continue;
      }
      const named = parsed.power === null ? power : variant.power(parsed.power)?.id;
      const error: OrderRefusal | null =
        named === power
          ? null
          : {
              kind: 'refused',
              refusal: named === undefined ? { kind: 'order-not-a-power', written: parsed.power! } : { kind: 'order-other-power', power: named },
            };
      checked.push({ text: parsed.text, line: entry.line, order: error ? null : parsed.order, error });
    }
  }
  return checked;
}

export function checkOrderSet(
  variant: Variant,
  position: Position,
  power: PowerId,
  entries: readonly OrderEntry[],
  sight: PositionSight | null = null,
): OrderSetCheck {
  return checkReadOrders(variant, position, power, readOrders(variant, position, power, entries), sight);
}

/** The units an order names besides the one it is for: the unit supported or convoyed. */
function otherUnitsNamed(order: Order): UnitRef[] {
  if (order.kind === 'support') return [order.supported];
  if (order.kind === 'convoy') return [order.army];
  return [];
}

/**
 * In a blind game (the power's sight given) the engine's word on an order must not tell its player
 * what stands where the player cannot see: an order naming another unit out of sight is accepted
 * unjudged (DPjudge's FICTIONAL_OK; the adjudicator judges it against the true board), and an order
 * for a unit the power does not have, in a province out of sight, is refused as for an empty one
 * (typed: the power and the province by id; src/render/order-problems.ts names them).
 */
function blindVerdict(position: Position, power: PowerId, sight: PositionSight, order: Order): 'fictional' | OrderRefusal | null {
  if (!('unit' in order)) return null;
  const own = [...position.units, ...position.dislodged].some((u) => u.power === power && provinceOf(u.location) === provinceOf(order.unit.location));
  const unitProvince = provinceOf(order.unit.location);
  if (!own && order.kind !== 'build' && order.kind !== 'adjust' && !sight.provinces.includes(unitProvince))
    return {
      kind: 'refused',
      refusal: { kind: 'order-no-own-unit-unseen', power, province: unitProvince },
    };
  const unseen = otherUnitsNamed(order).some((ref) =>
    ref.type === null
      ? !sight.armies.includes(provinceOf(ref.location)) && !sight.fleets.includes(provinceOf(ref.location))
      : !seesUnit(sight, { power: '' as PowerId, ...ref, type: ref.type }),
  );
  return unseen ? 'fictional' : null;
}

/**
 * Checks orders already read (from a mail, or as stored) against the position with the engine's
 * check, which binds them to units without adjudicating (src/engine/check-orders.ts): a mail's
 * orders are adjudicated only when the phase is processed.
 */
export function checkReadOrders(
  variant: Variant,
  position: Position,
  power: PowerId,
  read: readonly CheckedOrder[],
  sight: PositionSight | null = null,
): OrderSetCheck {
  const submitted: SubmittedOrder[] = [];
  const indexOfInput: number[] = [];
  read.forEach((entry, index) => {
    if (!entry.order) return;
    indexOfInput[submitted.length] = index;
    submitted.push({ power, order: entry.order });
  });
  const check = checkPhaseOrders(variant, position, submitted);
  const errors = new Map<number, OrderRefusal>();
  const fictional = new Set<number>();
  /** Units whose order is accepted unjudged: the engine's check leaves them without one. */
  const fictionalUnits = new Set<string>();
  for (const { input, reason, unit } of check.illegal) {
    const index = indexOfInput[input]!;
    const verdict = sight === null ? null : blindVerdict(position, power, sight, read[index]!.order!);
    if (verdict === 'fictional') {
      fictional.add(index);
      if (unit !== null) fictionalUnits.add(unit);
    } else errors.set(index, verdict ?? { kind: 'illegal', reason });
  }
  // How an order was read tells nothing the player cannot see: a note on another unit out of sight is left out.
  const notes = check.notes
    .filter(({ input }) => !fictional.has(indexOfInput[input]!))
    .map(({ input, note }) => ({ line: read[indexOfInput[input]!]!.line, text: read[indexOfInput[input]!]!.text, note }));
  const orders = read.map((entry, index) => (errors.has(index) ? { ...entry, order: null, error: errors.get(index)! } : entry));
  const errorCount = orders.filter((o) => o.error !== null).length;
  const defaulted = check.defaulted.some((d) => d.power === power && !(d.unit !== null && fictionalUnits.has(d.unit)));
  return { orders, fictional: orders.filter((_, index) => fictional.has(index)), errorCount, complete: !defaulted && errorCount === 0, notes };
}

/** The orders of a set that passed its check, in the form they are stored in beside the lines. */
export function parsedOrdersOf(check: OrderSetCheck): ParsedOrderSet {
  return parsedOrderSet(check.orders.flatMap((entry) => (entry.order ? [{ text: entry.text, order: entry.order }] : [])));
}

/** A power's stored orders as read orders: their parsed form, or the lines read again where there is none. */
export function storedOrders(variant: Variant, position: Position, stored: StoredOrderLines): CheckedOrder[] {
  if (stored.parsed) return stored.parsed.orders.map(({ text, order }) => ({ text, line: null, order, error: null }));
  return readOrders(
    variant,
    position,
    stored.power,
    stored.lines.map((text) => ({ text, line: null })),
  );
}

/** What orders are stored as (ports.ts StoredOrders). */
export interface StoredOrderLines {
  readonly power: PowerId;
  readonly lines: readonly string[];
  readonly parsed?: ParsedOrderSet | null;
}

/** Submitted orders of every power, as stored (their parsed form; older rows read again from their lines). */
export function submittedOrders(variant: Variant, position: Position, stored: readonly StoredOrderLines[]): SubmittedOrder[] {
  const submitted: SubmittedOrder[] = [];
  for (const set of stored) {
    for (const entry of storedOrders(variant, position, set)) {
      if (entry.order) submitted.push({ power: set.power, order: entry.order });
    }
  }
  return submitted;
}
