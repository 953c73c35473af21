import { expect, it } from 'vitest';
import { storedGameName, type KindState } from '../../src/judge/model.ts';
import { UnitOfWork } from '../../src/judge/unit-of-work.ts';
import { loadRoleSet } from '../../src/catalog/roleset-catalog.ts';
import { newWerewolfTable, storedWerewolfTable, werewolfTableOf, DEFAULT_WEREWOLF_SETTINGS } from '../../src/judge/werewolf/werewolf-state.ts';
import { startGame, step } from '../../src/werewolf/engine.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeEachDatabase } from '../support/databases.ts';

// A game's kind and a kind's whole state (sql/029, src/judge/kinds/), stored on PGlite and
// PostgreSQL: written at CREATE, replaced whole by updateGame through the unit of work, and read
// back equal, in the game's own row. Diplomacy games keep no kind state.

const STATE: KindState = {
  phase: { type: 'day', number: 2 },
  players: [
    { nick: 'Ünal', alive: true, votes: ['Bob'] },
    { nick: 'Bob', alive: false, comment: 'He was a "Goon".\nAnd a liar.' },
  ],
  deadlines: ['2026-03-29T17:00:00.000Z'],
  counter: 3,
  ended: false,
};

describeEachDatabase('game kinds, stored', (getStore) => {
  const db = () => getStore().db;
  const store = () => createJudgeStore(db(), { messageIdDomain: 'judge.example' });
  const newGame = { status: 'forming', rules: [], description: '', listed: true, privateWordHash: null, timing: null, timeZone: 'UTC' } as const;

  it('keeps a Diplomacy game Diplomacy, with no kind state', async () => {
    const game = await store().transaction((tx) => tx.createGame({ ...newGame, name: storedGameName('classic'), variant: 'standard' }));
    expect(game).toMatchObject({ kind: 'diplomacy', kindState: null });
    expect(await db().selectFrom('games').select(['kind', 'kind_state']).executeTakeFirstOrThrow()).toEqual({ kind: 'diplomacy', kind_state: null });
  });

  it("saves a kind's state whole through the unit of work and loads it back equal", async () => {
    const created = await store().transaction((tx) =>
      tx.createGame({ ...newGame, name: storedGameName('town'), variant: 'standard', kind: 'diplomacy', kindState: { counter: 1 } }),
    );
    expect(created.kindState).toEqual({ counter: 1 });
    await store().transaction(async (tx) => {
      const work = new UnitOfWork(tx);
      const held = await work.findGameById(created.id, { forUpdate: true });
      expect(held?.kindState).toEqual({ counter: 1 });
      await work.updateGame(created.id, { kindState: STATE });
      // Read back from the unit of work before it saves: the held game has the new state.
      expect((await work.findGameById(created.id))?.kindState).toEqual(STATE);
      await work.save();
    });
    const loaded = await store().transaction((tx) => tx.findGameById(created.id));
    expect(loaded?.kindState).toEqual(STATE);
    await store().transaction((tx) => tx.apply([{ kind: 'updateGame', args: [created.id, { kindState: null }] }]));
    expect((await store().transaction((tx) => tx.findGameById(created.id)))?.kindState).toBeNull();
  });

  it("keeps a werewolf game's table and the narrator's state whole: seed, dice, attributes, votes and the log", async () => {
    const loaded = loadRoleSet('classic');
    if (!loaded.ok) throw new Error('the classic set does not load');
    const players = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal', 'ivy'];
    const started = startGame(loaded.roleSet, { players, seed: 4_000_000_123 });
    if (!started.ok) throw new Error('no start');
    const wolf = started.state.players.find((p) => p.role === 'Werewolf')!.name;
    const vote = { kind: 'vote', player: wolf, poll: 'Wolfpack', choice: started.state.players.find((p) => p.role === 'Seer')!.name } as const;
    const voted = step(loaded.roleSet, started.state, vote);
    if (!voted.ok) throw new Error('vote refused');
    const table = {
      ...newWerewolfTable(DEFAULT_WEREWOLF_SETTINGS, 4_000_000_123),
      status: 'running' as const,
      joined: players.map((nick, i) => ({ seat: i + 2, nick })),
      game: voted.state,
      deadline: '2026-11-29T12:00:00.000Z',
      log: [vote],
    };
    const created = await store().transaction((tx) =>
      tx.createGame({
        ...newGame,
        name: storedGameName('village'),
        variant: 'standard',
        kind: 'werewolf',
        kindState: storedWerewolfTable(newWerewolfTable(DEFAULT_WEREWOLF_SETTINGS, 7)),
      }),
    );
    await store().transaction(async (tx) => {
      const work = new UnitOfWork(tx);
      await work.findGameById(created.id, { forUpdate: true });
      await work.updateGame(created.id, { kindState: storedWerewolfTable(table), status: 'active' });
      await work.save();
    });
    const loadedGame = await store().transaction((tx) => tx.findGameById(created.id));
    expect(loadedGame?.kind).toBe('werewolf');
    expect(werewolfTableOf(loadedGame!)).toEqual(table);
  });

  it('refuses a kind the judge does not host, in the database itself', async () => {
    await expect(db().insertInto('games').values({ name: 'bad', variant: 'standard', kind: 'Not A Kind' }).execute()).rejects.toThrow(/check/i);
  });
});
