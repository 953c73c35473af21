import { describe, expect, it } from 'vitest';
import { absenceLines, renderTimeReply } from '../../src/render/time-replies.ts';

// The words of the time-command replies, as players and Masters have always had them
// (test/judge/time-commands.test.ts and deadlines.test.ts play them by mail).

const window = { start: 'Mon 3 Mar 2025 09:00', end: 'Wed 5 Mar 2025 09:00' };

describe('time replies', () => {
  it.each([
    [{ kind: 'phase-begun-noted', phase: 'DAY 2' } as const, 'Noted: the DAY 2 has begun (the phase before it ended above).'],
    [{ kind: 'phase-ended', phaseId: 'S1901M', processed: true } as const, 'S1901M has ended and has been processed.'],
    [{ kind: 'phase-ended', phaseId: 'S1901M', processed: false } as const, 'S1901M has ended; the late powers have been told.'],
    [{ kind: 'game-ended', gameName: 'demo' } as const, "Game 'demo' has ended."],
    [{ kind: 'game-unended', gameName: 'demo', phaseId: 'F1902M', vacant: [] } as const, "Game 'demo' is being played again from F1902M."],
    [
      { kind: 'game-unended', gameName: 'demo', phaseId: 'F1902M', vacant: ['Austria', 'Italy'] } as const,
      "Game 'demo' is being played again from F1902M; it waits for a replacement for Austria, Italy.",
    ],
    [
      { kind: 'deadline-set', gameName: 'demo', deadline: 'Fri 7 Mar 2025 12:00 UTC', grace: 'Sat 8 Mar 2025 12:00 UTC', movedPastAbsence: false } as const,
      "The deadline of game 'demo' is now Fri 7 Mar 2025 12:00 UTC; the grace period ends Sat 8 Mar 2025 12:00 UTC.",
    ],
    [
      { kind: 'deadline-set', gameName: 'demo', deadline: 'Fri 7 Mar 2025 12:00 UTC', grace: 'Sat 8 Mar 2025 12:00 UTC', movedPastAbsence: true } as const,
      "The deadline of game 'demo' is now Fri 7 Mar 2025 12:00 UTC; the grace period ends Sat 8 Mar 2025 12:00 UTC. It has been moved past an absence.",
    ],
    [
      { kind: 'absences', change: 'recorded', who: 'France', pending: [window] } as const,
      'Absence recorded: no new deadline will fall inside it.\nPending absences of France:\n  Mon 3 Mar 2025 09:00 to Wed 5 Mar 2025 09:00',
    ],
    [{ kind: 'absences', change: 'cancelled', who: 'you', pending: [] } as const, 'Absence cancelled.\nYou have no absences pending.'],
    [{ kind: 'absences', change: 'cancelled', who: 'the Master', pending: [] } as const, 'Absence cancelled.\nThe Master has no absences pending.'],
    [{ kind: 'absences', change: 'cancelled', who: 'France', pending: [] } as const, 'Absence cancelled.\nFrance has no absences pending.'],
    [{ kind: 'game-zone-set', gameName: 'demo', zone: 'Europe/London' } as const, "Game 'demo' now keeps its deadlines in Europe/London."],
    [
      { kind: 'own-zone-set', zone: 'Asia/Tokyo', gameZone: 'UTC', deadline: 'Fri 7 Mar 2025 21:00 JST' } as const,
      'Deadlines in mail to you are now shown in Asia/Tokyo. The deadline is Fri 7 Mar 2025 21:00 JST.',
    ],
    [{ kind: 'own-zone-set', zone: 'Asia/Tokyo', gameZone: 'UTC', deadline: null } as const, 'Deadlines in mail to you are now shown in Asia/Tokyo.'],
    [
      { kind: 'own-zone-set', zone: null, gameZone: 'UTC', deadline: 'Fri 7 Mar 2025 12:00 UTC' } as const,
      "Deadlines in mail to you are shown in the game's zone, UTC, again. The deadline is Fri 7 Mar 2025 12:00 UTC.",
    ],
  ])('%j', (record, text) => {
    expect(renderTimeReply(record)).toBe(text);
  });

  it('lists pending absences the same way in the reply and in the notice to the Master', () => {
    expect(absenceLines([window, { start: 'a', end: 'b' }])).toEqual(['  Mon 3 Mar 2025 09:00 to Wed 5 Mar 2025 09:00', '  a to b']);
  });
});
