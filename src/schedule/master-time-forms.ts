import { scheduleError, type ScheduleError } from './errors.ts';
import { parseDuration, type Duration } from './parse-duration.ts';

// The Mafia tracker's GM lines about time (seeds 000/001), read as data. Case does not matter and
// other words may stand in between ("DEADLINE FOR DAY 3 IS MOVED 1 DAY 12 HOURS LATER"):
//   DEADLINE … MOVED <length> LATER|EARLIER       the words in this order, the length between
//   DAY|NIGHT … HAS ENDED [EARLY]                 the current phase ends now
//   DAY|NIGHT … HAS BEGUN
//   GAME HAS ENDED | GAME ENDED | GAME IS OVER
//   UNEND GAME | GAME HAS UNENDED | GAME UNENDED
// A line that is none of these is not an error (null): GMs write prose. A DEADLINE … MOVED line
// whose length cannot be read is, and names the word.

export type MasterTimeCommand =
  | { readonly kind: 'deadline-moved'; readonly direction: 'later' | 'earlier'; readonly duration: Duration }
  | { readonly kind: 'phase-ended'; readonly phase: 'day' | 'night'; readonly early: boolean }
  | { readonly kind: 'phase-begun'; readonly phase: 'day' | 'night' }
  | { readonly kind: 'game-ended' }
  | { readonly kind: 'game-unended' };

export type MasterTimeResult = { readonly ok: true; readonly command: MasterTimeCommand | null } | { readonly ok: false; readonly error: ScheduleError };

interface Word {
  /** Upper case, punctuation at either end removed. */
  readonly key: string;
  readonly original: string;
}

function words(line: string): Word[] {
  return line
    .split(/\s+/)
    .map((original) => ({ key: original.toUpperCase().replace(/^[^A-Z0-9]+|[^A-Z0-9]+$/g, ''), original }))
    .filter((word) => word.key !== '');
}

function hasSequence(list: readonly string[], sequence: readonly string[]): boolean {
  for (let start = 0; start + sequence.length <= list.length; start++) {
    if (sequence.every((word, offset) => list[start + offset] === word)) return true;
  }
  return false;
}

export function parseMasterTimeLine(line: string): MasterTimeResult {
  const tokens = words(line);
  const list = tokens.map((word) => word.key);
  const found = (command: MasterTimeCommand | null): MasterTimeResult => ({ ok: true, command });

  if (hasSequence(list, ['UNEND', 'GAME']) || hasSequence(list, ['GAME', 'HAS', 'UNENDED']) || hasSequence(list, ['GAME', 'UNENDED'])) {
    return found({ kind: 'game-unended' });
  }
  if (hasSequence(list, ['GAME', 'HAS', 'ENDED']) || hasSequence(list, ['GAME', 'ENDED']) || hasSequence(list, ['GAME', 'IS', 'OVER'])) {
    return found({ kind: 'game-ended' });
  }

  const deadlineAt = list.indexOf('DEADLINE');
  const movedAt = deadlineAt < 0 ? -1 : list.indexOf('MOVED', deadlineAt + 1);
  const directionAt = movedAt < 0 ? -1 : list.findIndex((word, index) => index > movedAt && (word === 'LATER' || word === 'EARLIER'));
  if (directionAt >= 0) {
    // The length as written, so an error names the sender's word.
    const length = tokens
      .slice(movedAt + 1, directionAt)
      .map((word) => word.original)
      .join(' ');
    if (length === '') {
      return {
        ok: false,
        error: scheduleError('missing-value', null, { kind: 'moved-needs-length' }),
      };
    }
    const parsed = parseDuration(length, { bareNumber: 'hours' });
    if (!parsed.ok) return { ok: false, error: { ...parsed.error, problem: { kind: 'deadline-moved', problem: parsed.error.problem } } };
    return found({ kind: 'deadline-moved', direction: list[directionAt] === 'LATER' ? 'later' : 'earlier', duration: parsed.duration });
  }

  const phaseAt = list.findIndex((word) => word === 'DAY' || word === 'NIGHT');
  if (phaseAt >= 0) {
    const phase = list[phaseAt] === 'DAY' ? 'day' : 'night';
    const rest = list.slice(phaseAt + 1);
    if (hasSequence(rest, ['HAS', 'ENDED', 'EARLY']) || hasSequence(rest, ['ENDED', 'EARLY'])) return found({ kind: 'phase-ended', phase, early: true });
    if (hasSequence(rest, ['HAS', 'ENDED'])) return found({ kind: 'phase-ended', phase, early: false });
    if (hasSequence(rest, ['HAS', 'BEGUN'])) return found({ kind: 'phase-begun', phase });
  }
  return found(null);
}
