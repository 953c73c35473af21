import type { PhaseType } from './types.ts';

// Phase ids as judges write them: S1901M, F1901R, W1901A. njudge writes winter
// adjustments as F1901B, which we accept on input and can produce for the Mapper header.

export interface Phase {
  /** Upper-case season letter from the variant's flow, e.g. `S`. */
  readonly season: string;
  readonly year: number;
  readonly type: PhaseType;
}

const TYPE_LETTER: Record<PhaseType, string> = { movement: 'M', retreat: 'R', adjustment: 'A' };
const LETTER_TYPE: Record<string, PhaseType> = { M: 'movement', R: 'retreat', A: 'adjustment', B: 'adjustment' };

export function parsePhaseId(id: string): Phase | null {
  const match = /^([A-Za-z])(\d{1,5})([MRABmrab])$/.exec(id.trim());
  if (!match) return null;
  const type = LETTER_TYPE[match[3]!.toUpperCase()]!;
  let season = match[1]!.toUpperCase();
  // njudge's F1901B is the winter adjustment phase.
  if (match[3]!.toUpperCase() === 'B' && season === 'F') season = 'W';
  return { season, year: Number(match[2]), type };
}

export function formatPhaseId(phase: Phase): string {
  return `${phase.season}${phase.year}${TYPE_LETTER[phase.type]}`;
}

/** njudge's spelling, which result parsers such as the Mapper expect: winter adjustments are F1901B. */
export function formatNjudgePhaseId(phase: Phase): string {
  if (phase.type === 'adjustment') return `F${phase.year}B`;
  return formatPhaseId(phase);
}
