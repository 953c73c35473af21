import { describe, expect, it } from 'vitest';
import { deadlineAdjustmentTitle, MASTER_ENDED_GAME, renderTimeNotice } from '../../src/render/time-notices.ts';

// The words of the notices of time changes, as players and Masters have always had them
// (test/judge/time-commands.test.ts and deadlines.test.ts read them from the outbox).

const deadline = 'Fri 7 Mar 2025 12:00 UTC';
const grace = 'Sat 8 Mar 2025 12:00 UTC';

describe('time notices', () => {
  it.each([
    [{ kind: 'phase-ended-early', gameName: 'demo', phaseId: 'S1901M' } as const, "The Master has ended S1901M of game 'demo' early: its deadline is now.\n"],
    [
      { kind: 'resumed-waiting', gameName: 'demo', phaseId: 'F1902M', vacant: ['Austria', 'Italy'] } as const,
      "The Master has resumed game 'demo' in F1902M. It waits for a replacement for Austria, Italy before a deadline is set.\n",
    ],
    [
      { kind: 'resumed', gameName: 'demo', phaseId: 'F1902M', deadline } as const,
      `The Master has resumed game 'demo' in F1902M.\nThe deadline is ${deadline}.\n`,
    ],
    [{ kind: 'resumed', gameName: 'demo', phaseId: 'F1902M', deadline: null } as const, "The Master has resumed game 'demo' in F1902M.\n"],
    [
      {
        kind: 'deadline-changed',
        change: { who: 'The Master', verb: 'moved', what: 'deadline', moved: { minutes: 24 * 60, direction: 'later' } },
        gameName: 'demo',
        phaseId: 'S1901M',
        deadline,
        grace,
        movedPastAbsence: false,
      } as const,
      `The Master has moved the deadline of game 'demo' (S1901M) 1 day later.\nThe deadline is now ${deadline}.\nThe grace period ends ${grace}.\n`,
    ],
    [
      {
        kind: 'deadline-changed',
        change: { who: 'France', verb: 'extended', what: 'grace period' },
        gameName: 'demo',
        phaseId: 'S1901M',
        deadline,
        grace,
        movedPastAbsence: true,
      } as const,
      `France has extended the grace period of game 'demo' (S1901M).\nThe deadline is now ${deadline}. It has been moved past an absence.\nThe grace period ends ${grace}.\n`,
    ],
    [
      {
        kind: 'absence-changed',
        who: 'France',
        gameName: 'demo',
        change: 'set',
        pending: [{ start: 'Mon 3 Mar 2025 09:00', end: 'Wed 5 Mar 2025 09:00' }],
        zone: 'Europe/Paris',
      } as const,
      "France in game 'demo' has set an absence. Pending:\n  Mon 3 Mar 2025 09:00 to Wed 5 Mar 2025 09:00\n(times in Europe/Paris)\n",
    ],
    [
      { kind: 'absence-changed', who: 'France', gameName: 'demo', change: 'cancelled', pending: [], zone: 'UTC' } as const,
      "France in game 'demo' has cancelled an absence. Pending:\n  none\n(times in UTC)\n",
    ],
    [
      { kind: 'game-zone-set', gameName: 'demo', zone: 'Europe/Berlin', deadline } as const,
      `The Master has set the time zone of game 'demo' to Europe/Berlin.\nThe deadline is ${deadline}.\n`,
    ],
    [
      { kind: 'game-zone-set', gameName: 'demo', zone: 'Europe/Berlin', deadline: null } as const,
      "The Master has set the time zone of game 'demo' to Europe/Berlin.\n",
    ],
  ])('%j', (notice, text) => {
    expect(renderTimeNotice(notice)).toBe(text);
  });

  it("titles a deadline notice njudge's way, and says why a game the Master ended is over", () => {
    expect(deadlineAdjustmentTitle(deadline)).toBe(`Deadline Adjustment to: ${deadline}`);
    expect(MASTER_ENDED_GAME).toBe('The Master has ended the game.');
  });
});
