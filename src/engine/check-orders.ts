import { adjudicateAdjustments, adjustmentsDue } from './adjustment.ts';
import { prepareMovement } from './movement/adjudicate-movement.ts';
import { screenOwnerBorders } from './owner-borders.ts';
import { parsePhaseId } from './phase.ts';
import { PhaseError } from './adjudicate-phase.ts';
import type { OrderReading, OrderReason, OrderResult, SubmittedOrder } from './results.ts';
import { adjudicateRetreats } from './retreat.ts';
import type { LocationId, PowerId, Position } from './types.ts';
import type { Variant } from './variant.ts';

// Checking orders is not adjudicating them: a check binds each order to its unit under the
// phase's rules (which orders are illegal and why, how accepted ones were read, which units or
// adjustments get no order) and stops there. It never runs the movement resolver nor computes
// the next position, so a judge can check a power's set on every mail and adjudicate the game's
// orders only when the phase is processed. In retreat and adjustment phases binding is the
// whole of the rules, so the check applies them (cheap, one pass) without advancing the game.

export interface OrderCheck {
  /** Submitted orders that cannot be given, by index into the submitted list. */
  readonly illegal: readonly { readonly input: number; readonly power: PowerId; readonly unit: LocationId | null; readonly reason: OrderReason }[];
  /** How accepted orders were read where that could surprise (an inferred coast, a wrong unit type ignored), by input. */
  readonly notes: readonly { readonly input: number; readonly power: PowerId; readonly note: OrderReading }[];
  /** Units (or builds and removals, unit null for a build) that no legal order covers: they would get the default. */
  readonly defaulted: readonly { readonly power: PowerId; readonly unit: LocationId | null }[];
}

/** The reason of an illegal result that gave none (never expected: every rejection names one). */
const NOT_GIVEN: OrderReason = { code: 'not-given' };

/** Checks the orders against the position without resolving them (see above). */
export function checkPhaseOrders(variant: Variant, position: Position, orders: readonly SubmittedOrder[]): OrderCheck {
  const phase = parsePhaseId(position.phase);
  if (!phase) throw new PhaseError(`"${position.phase}" is not a phase id like S1901M, F1901R or W1901A`);
  if (phase.type === 'movement') {
    const screened = screenOwnerBorders(variant, position.supplyCenters, orders);
    const prepared = prepareMovement(variant.forPhase(phase), position.units, screened.orders);
    const notes: { input: number; power: PowerId; note: OrderReading }[] = [];
    const defaulted: { power: PowerId; unit: LocationId }[] = [];
    const accepted: OrderResult[] = [];
    prepared.board.units.forEach((unit, index) => {
      const input = prepared.bound.input[index]!;
      if (input < 0) {
        defaulted.push({ power: unit.power, unit: unit.location });
        return;
      }
      for (const note of prepared.bound.notes[index]!) notes.push({ input, power: unit.power, note });
      accepted.push({ power: unit.power, unit: unit.location, order: null, input, outcome: 'succeeds', reason: null, markers: [], notes: [] });
    });
    const illegal = screened.settle(prepared.rejected).map((r) => ({ input: r.input!, power: r.power, unit: r.unit, reason: r.reason ?? NOT_GIVEN }));
    for (const result of screened.settle(accepted)) {
      if (result.outcome === 'illegal') illegal.push({ input: result.input!, power: result.power, unit: result.unit, reason: result.reason! });
      else if (result.input === null && result.unit !== null) defaulted.push({ power: result.power, unit: result.unit });
    }
    return { illegal, notes, defaulted };
  }
  const results =
    phase.type === 'retreat'
      ? adjudicateRetreats(variant.forPhase(phase), position.units, position.dislodged, orders).results
      : adjudicateAdjustments(variant, position, orders).results;
  const illegal: { input: number; power: PowerId; unit: LocationId | null; reason: OrderReason }[] = [];
  const notes: { input: number; power: PowerId; note: OrderReading }[] = [];
  const defaulted: { power: PowerId; unit: LocationId | null }[] = [];
  for (const result of results) {
    if (result.input === null) defaulted.push({ power: result.power, unit: result.unit });
    else if (result.outcome === 'illegal') illegal.push({ input: result.input, power: result.power, unit: result.unit, reason: result.reason ?? NOT_GIVEN });
    else for (const note of result.notes) notes.push({ input: result.input, power: result.power, note });
  }
  return { illegal, notes, defaulted };
}

/** The powers with builds or removals due in an adjustment position (those the civil-disorder defaults would give a result). */
export function powersAdjusting(variant: Variant, position: Position): ReadonlySet<PowerId> {
  return new Set(variant.powers.map((p) => p.id).filter((power) => adjustmentsDue(variant, position, power) !== 0));
}
