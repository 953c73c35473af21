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
    expect(renderRefusal({ kind: 'map-no-phase', gameName: 'demo', phase: 'F1905M', phases: ['S1901M', 'F1901M'] })).toBe("Game 'demo' has no phase F1905M; its phases: S1901M, F1901M");
    expect(renderRefusal({ kind: 'map-not-drawn', gameName: 'demo', variantTitle: 'Hundred' })).toBe("The Hundred map has no drawing on this judge, so game 'demo' cannot be drawn");
  });

  it('names the phases HISTORY could start or end at, or says there are none yet', () => {
    expect(renderRefusal({ kind: 'history-no-phase', gameName: 'demo', phase: 'F1905M', phases: ['S1901M'] })).toBe("Game 'demo' has no phase F1905M; its phases: S1901M");
    expect(renderRefusal({ kind: 'history-no-phase', gameName: 'demo', phase: 'F1905M', phases: [] })).toBe("Game 'demo' has no phase F1905M yet");
  });
});
