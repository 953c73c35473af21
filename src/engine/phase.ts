import type { PhaseId, PhaseType } from './types.ts';

export type { PhaseId };

// Phase ids as judges write them: S1901M, F1901R, W1901A. njudge writes winter
// adjustments as F1901B, which we accept on input and can produce for the Mapper header.
// Text becomes a PhaseId where it enters (a command, a stored row, a file, a URL: readPhaseId);
// from there on the id is the currency and phaseOf gives its parts, parsing each id once.

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

export function formatPhaseId(phase: Phase): PhaseId {
  return `${phase.season}${phase.year}${TYPE_LETTER[phase.type]}` as PhaseId;
}

/** The id in the judge's spelling (F1901B becomes W1901A), or null when the text is not a phase id. */
export function readPhaseId(text: string): PhaseId | null {
  const phase = parsePhaseId(text);
  return phase === null ? null : formatPhaseId(phase);
}

const parsedIds = new Map<string, Phase>();

/** The parts of a phase id. Ids recur on every mail, so each is parsed once and remembered. */
export function phaseOf(id: PhaseId): Phase {
  let phase = parsedIds.get(id);
  if (phase === undefined) {
    const parsed = parsePhaseId(id);
    // Only a cast (a row written outside the judge, say) can make a PhaseId that is not one.
    if (parsed === null) throw new Error(`"${id}" is not a phase id`);
    phase = parsed;
    parsedIds.set(id, phase);
  }
  return phase;
}

/** parsePhaseId, remembering each id as phaseOf does (the engine reads the phase of every position it is given). */
export function knownPhase(text: string): Phase | null {
  let phase = parsedIds.get(text);
  if (phase === undefined) {
    const parsed = parsePhaseId(text);
    if (parsed === null) return null;
    phase = parsed;
    parsedIds.set(text, phase);
  }
  return phase;
}

/**
 * njudge's spelling, which result parsers such as the Mapper expect: an adjustment phase ends in B,
 * and winter's is written in the fall (F1901B); another season's keeps its letter (S1901B).
 */
export function formatNjudgePhaseId(phase: Phase): string {
  if (phase.type === 'adjustment') return `${phase.season === 'W' ? 'F' : phase.season}${phase.year}B`;
  return formatPhaseId(phase);
}
