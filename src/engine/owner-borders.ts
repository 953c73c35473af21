import { provinceOf } from './map.ts';
import type { OrderReason, OrderResult, SubmittedOrder } from './results.ts';
import type { DislodgedUnit, PowerId, ProvinceId } from './types.ts';
import type { Variant } from './variant.ts';

// Borders only the owner of a centre may use (DPjudge's `BLA(CON)` adjacency: in imperial a fleet
// passes between the Aegean and the Black Sea only for the power that owns Constantinople). Such a
// unit's move or support across the border is illegal and the unit holds; its retreats leave the
// border out. The owner is read from the centres at the start of the phase.

/** Why the power may not use the border from → to, or null when it may. */
export function ownerBorderRefusal(
  variant: Variant,
  centres: Readonly<Record<PowerId, readonly ProvinceId[]>>,
  power: PowerId,
  from: ProvinceId,
  to: ProvinceId,
): OrderReason | null {
  const needed = variant.map.province(from)?.ownerOnly?.[to];
  if (needed === undefined || (centres[power] ?? []).includes(needed)) return null;
  return { code: 'owner-only-border', centre: needed, from, to };
}

const unchanged = (results: readonly OrderResult[]): readonly OrderResult[] => results;
const OPEN_BORDERS = (orders: readonly SubmittedOrder[]) => ({ orders, settle: unchanged });

/**
 * The orders with those across a closed owner-only border replaced by holds, and the reasons by
 * input. `settle` turns the holds' results back into the refusal plus the unit's default hold.
 */
export function screenOwnerBorders(
  variant: Variant,
  centres: Readonly<Record<PowerId, readonly ProvinceId[]>>,
  orders: readonly SubmittedOrder[],
): { orders: readonly SubmittedOrder[]; settle: (results: readonly OrderResult[]) => readonly OrderResult[] } {
  if (!variant.map.hasOwnerBorders) return OPEN_BORDERS(orders);
  const refused = new Map<number, OrderReason>();
  const screened = orders.map((submitted, input) => {
    const order = submitted.order;
    const into = order.kind === 'move' ? order.to : order.kind === 'support' ? (order.to ?? order.supported.location) : null;
    if (into === null || !('unit' in order)) return submitted;
    const reason = ownerBorderRefusal(variant, centres, submitted.power, provinceOf(order.unit.location), provinceOf(into));
    if (reason === null) return submitted;
    refused.set(input, reason);
    return { power: submitted.power, order: { kind: 'hold', unit: order.unit } } as SubmittedOrder;
  });
  const settle = (results: readonly OrderResult[]): OrderResult[] =>
    results.flatMap((result) => {
      const reason = result.input === null ? undefined : refused.get(result.input);
      if (reason === undefined) return [result];
      if (result.outcome === 'illegal') return [{ ...result, reason }];
      return [
        { power: result.power, unit: result.unit, order: null, input: result.input, outcome: 'illegal', reason, markers: [], notes: [] },
        { ...result, input: null },
      ];
    });
  return { orders: screened, settle };
}

/** Dislodged units without the retreats across owner-only borders their power may not use. */
export function ownerBorderRetreats(
  variant: Variant,
  centres: Readonly<Record<PowerId, readonly ProvinceId[]>>,
  dislodged: readonly DislodgedUnit[],
): DislodgedUnit[] {
  if (!variant.map.hasOwnerBorders) return [...dislodged];
  return dislodged.map((d) => ({
    ...d,
    retreats: d.retreats.filter((r) => ownerBorderRefusal(variant, centres, d.power, provinceOf(d.location), provinceOf(r)) === null),
  }));
}
