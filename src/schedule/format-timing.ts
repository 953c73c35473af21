import type { PhaseType } from '../engine/types.ts';
import { formatDuration } from './parse-duration.ts';
import { PHASE_TYPES, type PhaseTiming, type Timing } from './timing.ts';

// A Timing written out: njudge's LIST lines, and a TIMING text that parseTiming reads back to the
// same Timing (what the judge stores and what a Master can copy and edit).

const LABELS: Readonly<Record<PhaseType, string>> = { movement: 'Move', retreat: 'Retreat', adjustment: 'Adjust' };
const KEYWORDS: Readonly<Record<PhaseType, string>> = { movement: 'MOVE', retreat: 'RETREAT', adjustment: 'ADJUST' };

function hours(minutes: number, width: number): string {
  return (minutes / 60).toFixed(2).padStart(width);
}

function clockText(clocks: readonly number[]): string {
  return clocks.length === 0 ? '-1' : clocks.join(',');
}

/** njudge's LIST line: "Move    clock 1410 min 12.00 next  71.00 grace 167.00 delay 0.50 days -MTWTF-". */
export function formatPhaseTimingLine(phaseType: PhaseType, phase: PhaseTiming): string {
  return (
    `${LABELS[phaseType].padEnd(8)}clock ${clockText(phase.clocks).padStart(4)} min ${hours(phase.minimumMinutes, 5)}` +
    ` next ${hours(phase.nextMinutes, 6)} grace ${hours(phase.graceMinutes, 6)} delay ${hours(phase.delayMinutes, 4)} days ${phase.days}`
  );
}

export function formatTimingLines(timing: Timing): string[] {
  return PHASE_TYPES.map((phaseType) => formatPhaseTimingLine(phaseType, timing[phaseType]));
}

/** "MOVE CLOCK 1410 MIN 12H NEXT 2D23H … WARN 4H FUDGE 0H", read back exactly by parseTiming. */
export function formatTimingDirective(timing: Timing): string {
  const sections = PHASE_TYPES.map((phaseType) => {
    const phase = timing[phaseType];
    return (
      `${KEYWORDS[phaseType]} CLOCK ${clockText(phase.clocks)} MIN ${formatDuration(phase.minimumMinutes)} NEXT ${formatDuration(phase.nextMinutes)}` +
      ` GRACE ${formatDuration(phase.graceMinutes)} DELAY ${formatDuration(phase.delayMinutes)} DAYS ${phase.days}`
    );
  });
  const warn = timing.warnMinutes.length === 0 ? '0' : timing.warnMinutes.map(formatDuration).join(',');
  return `${sections.join(' ')} WARN ${warn} FUDGE ${formatDuration(timing.fudgeMinutes)}`;
}
