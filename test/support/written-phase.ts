import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { adjudicatePhase } from '../../src/engine/adjudicate-phase.ts';
import { powerId } from '../../src/engine/ids.ts';
import type { OrderResult, PhaseOutcome, SubmittedOrder } from '../../src/engine/results.ts';
import type { PhaseId, Position, Unit } from '../../src/engine/types.ts';
import { parseOrderLine } from '../../src/orders/index.ts';
import { orderProblemText } from '../../src/render/order-problems.ts';

// A movement phase written as the players write it: each power's order lines, one per unit, the
// units standing where the orders say. For rule tests that read like the issue or rulebook case they
// reproduce, rather than like arrays of typed orders.

export interface WrittenPhase {
  readonly position: Position;
  readonly orders: readonly SubmittedOrder[];
}

export function writtenPhase(variantName: string, phase: PhaseId, byPower: Readonly<Record<string, readonly string[]>>): WrittenPhase {
  const variant = loadVariant(variantName);
  const units: Unit[] = [];
  const orders: SubmittedOrder[] = [];
  for (const [name, lines] of Object.entries(byPower)) {
    const power = powerId(name);
    for (const line of lines) {
      for (const parsed of parseOrderLine(line, variant.map, 'movement')) {
        if (!parsed.ok) throw new Error(`${line}: ${orderProblemText(parsed.error)}`);
        const { order } = parsed;
        if (!('unit' in order) || order.unit.type === null) throw new Error(`${line}: write the unit's type`);
        units.push({ power, type: order.unit.type, location: order.unit.location });
        orders.push({ power, order });
      }
    }
  }
  return { position: { variant: variantName, phase, units, dislodged: [], supplyCenters: variant.startingPosition().supplyCenters }, orders };
}

/** Adjudicates the phase with its units and orders in the order given. */
export function adjudicateWritten(written: WrittenPhase): PhaseOutcome {
  return adjudicatePhase(loadVariant(written.position.variant), written.position, written.orders);
}

/** The same phase with its units and its orders each turned round by `shift` places. */
export function rotated(written: WrittenPhase, shift: number): WrittenPhase {
  const turn = <T>(list: readonly T[]): T[] => list.map((_, i) => list[(i + shift) % list.length]!);
  return { position: { ...written.position, units: turn(written.position.units) }, orders: turn(written.orders) };
}

/** One line per order result, `POWER unit kind outcome markers`, sorted: comparable whatever order the units came in. */
export function resultLines(results: readonly OrderResult[]): string[] {
  return results.map((r) => `${r.power} ${r.unit} ${r.order?.kind ?? '-'} ${r.outcome}${r.markers.length > 0 ? ` ${r.markers.join(',')}` : ''}`).sort();
}
