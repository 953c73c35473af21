import { expect, it } from 'vitest';
import type { GameStatus, GameRule } from '../../src/judge/model.ts';
import type { JudgeStore } from '../../src/judge/ports.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { gameName } from '../support/names.ts';

// SEARCH reads a trigram index (sql/019_game_search.sql) instead of every listed game: it must
// still find exactly the games the plain reading finds (the in-memory store's, which looks at
// each game's name, status, variant and rules), with %, _ and \ meaning themselves.

const GAMES: readonly { name: string; variant: string; status: GameStatus; rules: GameRule[]; listed: boolean }[] = [
  { name: 'alpha', variant: 'standard', status: 'forming', rules: ['NO_PRESS'], listed: true },
  { name: 'bravo', variant: 'ancmed', status: 'preparation', rules: [], listed: true },
  { name: 'charlie', variant: 'standard', status: 'terminated', rules: ['NO_DRAW', 'QUIET'], listed: true },
  { name: 'delta', variant: 'standard', status: 'forming', rules: ['NO_PRESS'], listed: false },
  { name: 'echo', variant: 'chaos', status: 'terminated', rules: ['MUST_ORDER'], listed: true },
  { name: 'foxtrot', variant: 'standard', status: 'forming', rules: [], listed: true },
  { name: 'noxpress', variant: 'standard', status: 'forming', rules: [], listed: true },
];

const SEARCHES: readonly (readonly string[])[] = [
  [],
  ['alpha'],
  ['standard'],
  ['standard', 'forming'],
  ['no_press'],
  // _ is an underscore, not any character: noxpress does not match.
  ['o_p'],
  ['o%p'],
  ['o\\p'],
  // Short words (no whole trigram) and words spanning two parts of a game.
  ['a'],
  ['ch'],
  ['alpha standard'],
  ['aforming'],
  ['quiet', 'terminated'],
  ['delta'],
  ['nothing'],
];

async function addGames(store: JudgeStore): Promise<void> {
  await store.transaction(async (tx) => {
    for (const game of GAMES) {
      await tx.createGame({ ...game, name: gameName(game.name), description: '', privateWordHash: null, timing: null, timeZone: 'UTC' });
    }
  });
}

async function search(store: JudgeStore, words: readonly string[], limit: number): Promise<{ names: string[]; more: boolean }> {
  const { games, more } = await store.transaction((tx) => tx.searchGames(words, limit));
  return { names: games.map((g) => g.name), more };
}

describeEachDatabase('SEARCH from the trigram index', (getStore) => {
  it('finds the same listed games as reading each game, in name order, with the limit and whether there are more', async () => {
    const store = createJudgeStore(getStore().db, { messageIdDomain: 'judge.example' });
    const reference = new InMemoryJudgeStore();
    await addGames(store);
    await addGames(reference);
    for (const words of SEARCHES) {
      for (const limit of [2, 50]) {
        expect({ words, limit, found: await search(store, words, limit) }).toEqual({ words, limit, found: await search(reference, words, limit) });
      }
    }
    expect(await search(store, ['o_p'], 50)).toEqual({ names: ['alpha'], more: false });
    expect(await search(store, ['standard'], 2)).toEqual({ names: ['alpha', 'charlie'], more: true });
  });
});
