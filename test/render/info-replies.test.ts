import { describe, expect, it } from 'vitest';
import {
  endedWithoutReason,
  gameListLine,
  renderFullList,
  renderMapReply,
  renderOpenings,
  renderPlayerRecord,
  renderSearchResults,
  renderSummaryNotStarted,
  VERSION_TEXT,
} from '../../src/render/info-replies.ts';

// The words of the replies to LIST, SEARCH, GET DEDICATION / INFO PLAYER, MAP and SUMMARY, as
// players have always had them (test/judge/judge-basics.test.ts, takeover-openings.test.ts,
// player-record.test.ts and map-pictures.test.ts play them by mail).

const demo = { name: 'demo', variantTitle: 'Standard', status: 'active', phaseId: 'S1901M' };
const forming = { name: 'newbie', variantTitle: 'Standard', status: 'forming', phaseId: null };
const none = { games: [], more: false };

describe('info replies', () => {
  it('lines a game up in columns, without trailing blanks', () => {
    expect(gameListLine(demo)).toBe('  demo             Standard   active       S1901M');
    expect(gameListLine(forming)).toBe('  newbie           Standard   forming');
  });

  it('answers SEARCH', () => {
    expect(renderSearchResults(none, 50)).toBe('No listed game matches.');
    expect(renderSearchResults({ games: [demo], more: true }, 50)).toBe(
      '  demo             Standard   active       S1901M\n(only the first 50 are shown: add words to narrow the search)',
    );
  });

  it('answers LIST with the openings', () => {
    expect(renderOpenings(none, none, 50)).toBe(
      'There are no games on this judge taking players just now. Start one with CREATE game password.\n\nLIST game shows one game; SEARCH words finds games by name, status, variant or rule.',
    );
    expect(renderOpenings({ games: [forming], more: true }, { games: [{ game: demo, powers: ['France', 'Italy'], seats: [] }], more: true }, 50)).toBe(
      [
        'Games on this judge taking players (send JOIN game password):',
        '  newbie           Standard   forming',
        '(only the first 50 by name are shown: SEARCH forming words narrows them down)',
        '',
        'Games in play with a power open for TAKEOVER (send TAKEOVER power@game password):',
        '  demo             Standard   active       S1901M  France, Italy',
        '(only the first 50 by name are shown: SEARCH waiting words narrows them down)',
        '',
        'LIST game shows one game; SEARCH words finds games by name, status, variant or rule.',
      ].join('\n'),
    );
    const town = { name: 'town', variantTitle: 'Mafia', status: 'active', phaseId: 'Day 1' };
    expect(renderOpenings(none, { games: [{ game: town, powers: [], seats: ['Bob'] }], more: false }, 50)).toBe(
      [
        "Mafia and Werewolf games with a player's seat open for TAKEOVER (send TAKEOVER nick@game password):",
        '  town             Mafia      active       Day 1   Bob',
        '',
        'LIST game shows one game; SEARCH words finds games by name, status, variant or rule.',
      ].join('\n'),
    );
  });

  it('answers LIST FULL', () => {
    expect(renderFullList(none, 50)).toBe('There are no games on this judge yet. Start one with CREATE game password.');
    expect(
      renderFullList(
        {
          games: [
            { ...demo, rules: ['GUNBOAT', 'NO_DIAS'] },
            { ...forming, rules: [] },
          ],
          more: true,
        },
        50,
      ),
    ).toBe(
      [
        'Games on this judge:',
        '  demo             Standard   active       S1901M  GUNBOAT NO_DIAS',
        '  newbie           Standard   forming',
        '(only the first 50 by name are shown: SEARCH words narrows them down)',
      ].join('\n'),
    );
  });

  const record = { points: 3, onTimeRatio: 0.875, onTime: 7, total: 8, civilDisorderRatio: 0.5, resigned: 1, started: 2, tookOver: 0 };

  it("answers GET DEDICATION with the sender's own record", () => {
    expect(renderPlayerRecord({ ...record, address: null })).toBe(
      [
        'Your record on this judge:',
        '  Dedication points:  3',
        '  On time:            88% (7 of 8 phases judged)',
        '  Civil disorder:     50% (1 abandoned or in civil disorder)',
        '  Games started:      2',
        '  Powers taken over:  0',
        'Games whose players are hidden (gunboat, NO_REVEAL) count here; others do not see them in your record.',
      ].join('\n'),
    );
  });

  it("answers INFO PLAYER with another's record", () => {
    const text = renderPlayerRecord({ ...record, address: 'bob@players.example' });
    expect(text.split('\n')[0]).toBe('The record of bob@players.example on this judge:');
    expect(text.split('\n').at(-1)).toBe('Games whose players are hidden (gunboat, NO_REVEAL) are not counted.');
  });

  it('answers MAP, and writes the mail the picture comes in', () => {
    expect(renderMapReply({ gameName: 'demo', phaseId: 'S1901M', withOrders: false }, 'demo-S1901M.png')).toBe(
      "The map of game 'demo', S1901M, is attached to this reply (demo-S1901M.png).",
    );
    expect(renderMapReply({ gameName: 'demo', phaseId: 'S1901M', withOrders: true }, 'demo-S1901M.svg')).toBe(
      "The map of game 'demo', S1901M with its orders, is attached to this reply (demo-S1901M.svg).",
    );
  });

  it('answers SUMMARY of a game not started, and names the end of one that gave no reason', () => {
    expect(renderSummaryNotStarted('newbie')).toBe("Game 'newbie' has not started yet: there is nothing to sum up. LIST newbie shows it.");
    expect(endedWithoutReason('terminated')).toBe('The Master terminated the game.');
    expect(endedWithoutReason('completed')).toBe('The game is over.');
  });

  it('answers VERSION', () => {
    expect(VERSION_TEXT).toBe('dipjudge 0.1.0');
  });
});
