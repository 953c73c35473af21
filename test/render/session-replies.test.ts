import { describe, expect, it } from 'vitest';
import { renderSessionReply } from '../../src/render/session-replies.ts';

// The words of the replies to a player's own settings and orders, as players have always had them
// (test/judge/judge-basics.test.ts, game-options.test.ts and replacements.test.ts play them by mail).

describe('session replies', () => {
  it.each([
    [{ kind: 'orders-cleared' } as const, 'Your orders have been cleared.'],
    [{ kind: 'wait-set', wait: true } as const, 'Wait flag set: the turn will not be processed before the deadline.'],
    [{ kind: 'wait-set', wait: false } as const, 'Wait flag cleared.'],
    [{ kind: 'password-changed' } as const, 'Your password has been changed.'],
    [{ kind: 'map-set', gameName: 'demo', on: true } as const, "Results of game 'demo' will come to you with the map."],
    [{ kind: 'map-set', gameName: 'demo', on: false } as const, "Results of game 'demo' will come to you as text alone (SET MAP ON brings the map back)."],
    [{ kind: 'preferences-set', gameName: 'demo', powers: [] } as const, "You have no power preferences in game 'demo': you get any power."],
    [
      { kind: 'preferences-set', gameName: 'demo', powers: ['France', 'Italy'] } as const,
      "Your power preferences in game 'demo': France, Italy; any other power if none of these is free.",
    ],
    [{ kind: 'power-reclaimed', power: 'France', gameName: 'demo' } as const, "You play France in game 'demo' again."],
    [{ kind: 'game-state', gameName: 'demo', status: 'forming', phaseId: null } as const, "Game 'demo' is forming."],
    [{ kind: 'game-state', gameName: 'demo', status: 'active', phaseId: 'S1901M' } as const, "Game 'demo' is active, in S1901M."],
    [
      {
        kind: 'order-notes',
        notes: [
          { line: 4, text: 'A Bre-Mid', note: 'the fleet at Brest was read as such' },
          { line: null, text: 'F Spa-Por', note: 'the coast written was ignored' },
        ],
      } as const,
      'Line 4: A Bre-Mid\n  Note: the fleet at Brest was read as such.\nF Spa-Por\n  Note: the coast written was ignored.',
    ],
  ])('%j', (record, text) => {
    expect(renderSessionReply(record)).toBe(text);
  });
});
