import { describe, expect, it } from 'vitest';
import { gameEndTitle, soloWinText } from '../../src/render/end-notices.ts';
import { noticeTitle } from '../../src/render/notice-titles.ts';

// The Game over notice's title and a solo's reason, as players have always had them
// (test/judge/votes.test.ts, reports.test.ts and the seven-player game read them from the outbox).

describe('end notices', () => {
  it('titles the end by its victors, or Game over', () => {
    expect(gameEndTitle(['F'])).toBe('Victory: F');
    expect(gameEndTitle(['E', 'F'])).toBe('Victory: EF');
    expect(gameEndTitle([])).toBe('Game over');
  });

  it('says who won a solo, and titles the players revealed', () => {
    expect(soloWinText('France')).toBe('France has won the game.');
    expect(noticeTitle('players-revealed')).toBe('Players revealed');
  });
});
