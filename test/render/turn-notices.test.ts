import { describe, expect, it } from 'vitest';
import { renderTurnNotice, turnNoticeTitle } from '../../src/render/turn-notices.ts';

// The words of the lateness and reminder notices, as players and Masters have always had them
// (test/judge/lateness.test.ts, idle-game-reminders.test.ts and replacements.test.ts read them from the outbox).

const france = { name: 'France', initial: 'F' };
const italy = { name: 'Italy', initial: 'I' };
const deadline = 'Fri 7 Mar 2025 12:00 UTC';
const abandonment = 'Sat 8 Mar 2025 12:00 UTC';
const grace = 'Sun 9 Mar 2025 12:00 UTC';

describe('turn notices', () => {
  it.each([
    [{ kind: 'turn-waiting', gameName: 'demo' } as const, "Game 'demo' is ready to be processed and waits for your PROCESS (MANUAL PROCESS).\n"],
    [
      { kind: 'grace-over-abandoned', gameName: 'demo', vacant: [france] } as const,
      "The grace period of game 'demo' is over. France is now considered abandoned and free for takeover.\nThe game waits for replacements; anyone may take over with:\n  TAKEOVER france@demo <password>\n",
    ],
    [
      { kind: 'late', gameName: 'demo', whose: [france, italy], deadline, abandonment, civilDisorder: null } as const,
      `Diplomacy game 'demo' is waiting for France, Italy's orders.\nThe deadline was ${deadline}.\nIf they are not received by ${abandonment}, the late powers will be considered abandoned and free for takeover.\n`,
    ],
    [
      { kind: 'late', gameName: 'demo', whose: 'your', deadline, abandonment, civilDisorder: grace } as const,
      `Diplomacy game 'demo' is waiting for your orders.\nThe deadline was ${deadline}.\nIf they are not received by ${abandonment}, the late powers will be considered abandoned and free for takeover,\nand if nothing is received by ${grace}, they will be in civil disorder: their units hold.\n`,
    ],
    [
      { kind: 'abandoned', gameName: 'demo', abandoned: [france, italy], accepted: [], grace } as const,
      `Diplomacy game 'demo' is waiting for France, Italy's orders.\nFrance, Italy are now considered abandoned and free for takeover:\n  TAKEOVER france@demo <password>\n  TAKEOVER italy@demo <password>\nCivil disorder (units hold) if orders are not received by ${grace}.\n`,
    ],
    [
      { kind: 'abandoned', gameName: 'demo', abandoned: [france], accepted: [italy], grace } as const,
      `Diplomacy game 'demo' is waiting for France's orders.\nThe orders of Italy are accepted as they are.\nFrance is now considered abandoned and free for takeover:\n  TAKEOVER france@demo <password>\nCivil disorder (units hold) if orders are not received by ${grace}.\n`,
    ],
    [
      { kind: 'civil-disorder', gameName: 'demo', disorder: [france, italy] } as const,
      "The grace period of game 'demo' is over. France, Italy are in civil disorder: their units hold, retreats disband, builds are waived.\nA power in civil disorder holds up no later phase; it may be taken over with:\n  TAKEOVER france@demo <password>\n  TAKEOVER italy@demo <password>\n",
    ],
    [
      { kind: 'reminder', gameName: 'demo', power: 'France', deadline } as const,
      `Diplomacy game 'demo': orders for France are not complete.\nThe deadline is ${deadline}.\n`,
    ],
    [
      { kind: 'still-vacant', gameName: 'demo', vacant: [italy] } as const,
      "Diplomacy game 'demo' is still waiting for replacements for Italy.\nAnyone may take over with:\n  TAKEOVER italy@demo <password>\n",
    ],
    [
      { kind: 'still-forming', gameName: 'demo', missing: 1 } as const,
      "Diplomacy game 'demo' is still forming: it waits for 1 more player.\nPlayers may join with:\n  JOIN demo <password>\n",
    ],
    [
      { kind: 'still-forming', gameName: 'demo', missing: 3 } as const,
      "Diplomacy game 'demo' is still forming: it waits for 3 more players.\nPlayers may join with:\n  JOIN demo <password>\n",
    ],
    [{ kind: 'still-paused', gameName: 'demo' } as const, "Diplomacy game 'demo' is paused: nothing is processed until you ACTIVATE it.\n"],
  ])('%j', (notice, text) => {
    expect(renderTurnNotice(notice)).toBe(text);
  });

  it.each([
    [{ kind: 'turn-waiting' } as const, 'Turn Waiting'],
    [{ kind: 'late' } as const, 'Late Notice'],
    [{ kind: 'late-powers', powers: [france, italy] } as const, 'Late Notice: FI'],
    [{ kind: 'replacements', powers: [italy] } as const, 'Waiting for Replacements: I'],
    [{ kind: 'civil-disorder' } as const, 'Civil Disorder'],
    [{ kind: 'reminder' } as const, 'Reminder'],
    [{ kind: 'forming', missing: 1 } as const, 'Waiting for 1 player'],
    [{ kind: 'forming', missing: 2 } as const, 'Waiting for 2 players'],
    [{ kind: 'paused' } as const, 'Game paused'],
  ])('title %j', (title, text) => {
    expect(turnNoticeTitle(title)).toBe(text);
  });
});
