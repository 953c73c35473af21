import { describe, expect, it } from 'vitest';
import { gameEndText, gameEndTitle, soloWinText } from '../../src/render/end-notices.ts';
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

  it('says why a game ended, from its typed ending', () => {
    expect(gameEndText({ kind: 'solo', winner: 'France' })).toBe('France has won the game.');
    expect(gameEndText({ kind: 'draw', between: ['England', 'France'] })).toBe('It ends in a draw between England, France.');
    expect(gameEndText({ kind: 'concession', winner: 'Russia' })).toBe('Russia wins: every other power has conceded.');
    expect(gameEndText({ kind: 'master' })).toBe('The Master has ended the game.');
    expect(gameEndText({ kind: 'terminated' })).toBe('The Master terminated the game.');
    expect(gameEndText({ kind: 'told', text: 'France has won.' })).toBe('France has won.');
  });
});
