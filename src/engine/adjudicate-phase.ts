import { adjudicateAdjustments } from './adjustment.ts';
import { advance, type Advanced } from './advance.ts';
import { adjudicateMovement } from './movement/adjudicate-movement.ts';
import { ownerBorderRetreats, screenOwnerBorders } from './owner-borders.ts';
import { knownPhase, parsePhaseId } from './phase.ts';
import type { PhaseOutcome, SubmittedOrder } from './results.ts';
import { adjudicateRetreats } from './retreat.ts';
import type { Holdings, Position, Unit } from './types.ts';
import type { Variant } from './variant.ts';

function withResults(results: PhaseOutcome['results'], advanced: Advanced): PhaseOutcome {
  return { results, position: advanced.position, winner: advanced.winner };
}

export class PhaseError extends Error {}

function holdingsOf(position: Position): Holdings {
  const { units, supplyCenters, undeterminedHomes, homeCenters } = position;
  return { units, supplyCenters, ...(undeterminedHomes ? { undeterminedHomes } : {}), ...(homeCenters ? { homeCenters } : {}) };
}

/** What a position holds, with the units a phase left. */
function heldAfter(position: Position, units: readonly Unit[]): Holdings {
  const { supplyCenters, undeterminedHomes, homeCenters } = position;
  if (undeterminedHomes === undefined && homeCenters === undefined) return { units, supplyCenters };
  return { units, supplyCenters, ...(undeterminedHomes ? { undeterminedHomes } : {}), ...(homeCenters ? { homeCenters } : {}) };
}

/** Adjudicates one phase of a game and returns the results and the position of the next phase. */
export function adjudicatePhase(variant: Variant, position: Position, orders: readonly SubmittedOrder[]): PhaseOutcome {
  const phase = knownPhase(position.phase);
  if (!phase) throw new PhaseError(`"${position.phase}" is not a phase id like S1901M, F1901R or W1901A`);
  if (variant.flowIndex(phase) < 0) throw new PhaseError(`the ${variant.title} variant has no phase ${position.phase}`);
  switch (phase.type) {
    case 'movement': {
      if (!variant.map.hasOwnerBorders) {
        const moved = adjudicateMovement(variant.forPhase(phase), position.units, orders);
        return withResults(moved.results, advance(variant, phase, heldAfter(position, moved.units), moved.dislodged));
      }
      const screened = screenOwnerBorders(variant, position.supplyCenters, orders);
      const moved = adjudicateMovement(variant.forPhase(phase), position.units, screened.orders);
      const dislodged = ownerBorderRetreats(variant, position.supplyCenters, moved.dislodged);
      return withResults(screened.settle(moved.results), advance(variant, phase, heldAfter(position, moved.units), dislodged));
    }
    case 'retreat': {
      const retreated = adjudicateRetreats(variant.forPhase(phase), position.units, position.dislodged, orders);
      return withResults(retreated.results, advance(variant, phase, heldAfter(position, retreated.units), []));
    }
    case 'adjustment': {
      const adjusted = adjudicateAdjustments(variant, holdingsOf(position), orders);
      const { undeterminedHomes: _spent, ...rest } = holdingsOf(position);
      const held: Holdings = {
        ...rest,
        units: adjusted.units,
        supplyCenters: adjusted.supplyCenters,
        ...(adjusted.undeterminedHomes ? { undeterminedHomes: adjusted.undeterminedHomes } : {}),
      };
      return withResults(adjusted.results, advance(variant, phase, held, []));
    }
  }
}

/**
 * The outcome as a judge plays it (njudge): when every dislodged unit has nowhere to go, they are
 * destroyed with the movement results and the game goes straight on to the phase after the
 * retreats. adjudicatePhase keeps such a retreat phase so that callers see the units listed.
 */
export function skippingIdleRetreats(variant: Variant, outcome: PhaseOutcome): PhaseOutcome {
  const next = outcome.position;
  if (parsePhaseId(next.phase)?.type !== 'retreat' || next.dislodged.some((unit) => unit.retreats.length > 0)) return outcome;
  const skipped = adjudicatePhase(variant, next, []);
  return { results: outcome.results, position: skipped.position, winner: outcome.winner ?? skipped.winner };
}
