import { describe, expect, it } from 'vitest';
import { renderRefusal } from '../../src/render/refusals.ts';

// The reasons MAP, HISTORY and the other commands taking a game name are refused, by kind
// (test/judge/map-pictures.test.ts and history tests meet them by mail).

describe('refusals', () => {
  it('asks for a missing game name', () => {
    expect(renderRefusal({ kind: 'game-name-missing' })).toBe('Which game? Write the game name after the command');
  });

  it('says why MAP draws nothing', () => {
    expect(renderRefusal({ kind: 'map-not-started', gameName: 'demo' })).toBe("Game 'demo' has not started: there is no map to draw yet");
    expect(renderRefusal({ kind: 'map-no-phase', gameName: 'demo', phase: 'F1905M', phases: ['S1901M', 'F1901M'] })).toBe(
      "Game 'demo' has no phase F1905M; its phases: S1901M, F1901M",
    );
    expect(renderRefusal({ kind: 'map-not-drawn', gameName: 'demo', variantTitle: 'Hundred' })).toBe(
      "The Hundred map has no drawing on this judge, so game 'demo' cannot be drawn",
    );
  });

  it('names the phases HISTORY could start or end at, or says there are none yet', () => {
    expect(renderRefusal({ kind: 'history-no-phase', gameName: 'demo', phase: 'F1905M', phases: ['S1901M'] })).toBe(
      "Game 'demo' has no phase F1905M; its phases: S1901M",
    );
    expect(renderRefusal({ kind: 'history-no-phase', gameName: 'demo', phase: 'F1905M', phases: [] })).toBe("Game 'demo' has no phase F1905M yet");
  });

  it('refuses a setting it does not know, or one only the Master may change', () => {
    expect(renderRefusal({ kind: 'unknown-setting', spelled: 'FROB NICATE NOW' })).toBe(
      'FROB NICATE is not a setting this judge knows; HELP lists the game options',
    );
    expect(renderRefusal({ kind: 'option-master-only', gameName: 'demo', optionTitle: 'Press', moderated: true })).toBe(
      "Only the Master can change press in game 'demo' (players can in UNMODERATED games)",
    );
    expect(renderRefusal({ kind: 'option-master-only', gameName: 'demo', optionTitle: 'Privacy', moderated: false })).toBe(
      "Only the Master can change privacy in game 'demo'",
    );
    expect(renderRefusal({ kind: 'rule-master-only', gameName: 'demo', rule: 'GUNBOAT' })).toBe("Only the Master can change the rule GUNBOAT of game 'demo'");
  });

  it("says why HISTORY's words cannot be read", () => {
    expect(renderRefusal({ kind: 'history-word-unknown', written: 'SINCE' })).toBe(
      'HISTORY takes FROM date, TO date, LINES n, EXCLSTART phase, EXCLEND phase and BROAD after the game name, not "SINCE"',
    );
    expect(renderRefusal({ kind: 'history-value-missing', word: 'LINES' })).toBe('HISTORY: LINES needs a number after it');
    expect(renderRefusal({ kind: 'history-value-missing', word: 'EXCLEND' })).toBe('HISTORY: EXCLEND needs a phase, e.g. S1901M after it');
    expect(renderRefusal({ kind: 'history-value-missing', word: 'FROM' })).toBe('HISTORY: FROM needs a date, e.g. 12 Jan 2004 after it');
    expect(renderRefusal({ kind: 'history-date', word: 'TO', written: 'Smarch 3', reason: 'no such month' })).toBe('HISTORY TO Smarch 3: no such month');
    expect(renderRefusal({ kind: 'history-lines', written: '0', max: 5000 })).toBe('HISTORY: LINES takes a number of lines from 1 to 5000, not "0"');
    expect(renderRefusal({ kind: 'history-phase-unreadable', word: 'EXCLSTART', written: 'spring' })).toBe(
      'HISTORY EXCLSTART takes a phase such as S1901M or F1901R, not "spring"',
    );
  });
});
