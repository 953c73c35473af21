import { phaseOf, type Phase, type PhaseId } from '../engine/phase.ts';
import type { OrderResult } from '../engine/results.ts';
import type { PowerId, Position } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';
import { adjustmentReport } from './adjustment-report.ts';
import { nextPhaseName, phaseTitle } from './layout.ts';
import { movementReport } from './movement-report.ts';
import { renderOwnership, type PowerStanding } from './ownership.ts';
import { retreatReport } from './retreat-report.ts';

// The classic results body: what njudge writes below the `::` header of a results mail, and what
// the Mapper, floc.net, DipTool and jDip parse. The parts, in njudge's order:
//
//   Movement results for Spring of 1901.  (demo.001)     ← title; "Retreat results", "Adjustment results"
//                                                          (movement: a blank line before each power)
//   <one line per unit or adjustment>                     ← movement-report / retreat-report / adjustment-report
//   <dislodged units and their retreats>                  ← movement phases only
//   <Ownership of supply centers>                         ← when the phase ended a year's centre count
//
//   The next phase of 'demo' will be Movement for Fall of 1901.
//   The deadline for orders will be Mon Jan 19 2004 23:30:00 +0000.
//
// or, after a solo victory, "The game is over.  Thank you for playing." (dip.c).

export interface ResultsInput {
  readonly variant: Variant;
  /** The game's name as players write it, e.g. `demo`. */
  readonly gameName: string;
  /** The phase that was processed, e.g. `S1901M`. */
  readonly phase: PhaseId;
  /** How many phases the game has processed, this one included: 1 → "(demo.001)". */
  readonly sequence: number;
  /** The engine's results for the phase. Rejected orders are not shown (see movement-report). */
  readonly results: readonly OrderResult[];
  /** The position the phase was played from. */
  readonly before: Position;
  /** The position of the next phase, as the engine returned it. */
  readonly after: Position;
  readonly winner: PowerId | null;
  /** The next deadline, already formatted; null leaves the deadline sentence out. */
  readonly nextPhaseDeadline: string | null;
  /** Powers in civil disorder or abandoned, flagged in the ownership counts; leave out in a Quiet game. */
  readonly standing?: Readonly<Record<PowerId, PowerStanding>>;
}

/** The results body, every line ending in a newline. */
export function renderResults(input: ResultsInput): string {
  const { variant } = input;
  const phase = phaseOf(input.phase);
  const next = phaseOf(input.after.phase);
  const lines = [phaseTitle(variant, phase, 'results', input.gameName, input.sequence)];
  const sight = input.after.sight;
  if (sight !== undefined) lines.push('', blindNote(variant, sight.power));
  switch (phase.type) {
    case 'movement':
      lines.push(...movementReport(variant, input.results, input.before, input.after));
      break;
    case 'retreat':
      lines.push('', ...retreatReport(variant, input.results, input.before));
      break;
    case 'adjustment':
      lines.push('', ...adjustmentReport(variant, input.results, input.after));
      break;
  }
  let text = lines.map((line) => `${line}\n`).join('');
  if (input.winner !== null || countsCentres(variant, phase, next)) {
    text += renderOwnership({ variant, position: input.after, winner: input.winner, ...(input.standing ? { standing: input.standing } : {}) });
  }
  if (input.winner !== null) return `${text}\nThe game is over.  Thank you for playing.\n`;
  text += `\nThe next phase of '${input.gameName}' will be ${nextPhaseName(variant, next)}.\n`;
  if (input.nextPhaseDeadline !== null) text += `The deadline for orders will be ${input.nextPhaseDeadline}.\n`;
  return text;
}

/** The mark on a blind game's results (DPjudge sends each power its own copy): whose sight they show. */
export function blindNote(variant: Variant, power: PowerId | null): string {
  return power === null
    ? 'Blind game: the board is not shown until the game ends.'
    : `Blind game: this copy shows what ${variant.powerById(power).name} can see.`;
}

/** Whether going from `processed` to `next` reached an adjustment phase, where centre ownership changes. */
function countsCentres(variant: Variant, processed: Phase, next: Phase): boolean {
  return variant.centresChangeBetween(processed, next);
}
