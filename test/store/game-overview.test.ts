import { expect, it } from 'vitest';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { startGame, SPRING_1901_ORDERS } from '../judge/game-fixture.ts';
import { eml } from '../judge/mail-builder.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { gameName } from '../support/names.ts';
import { mailAddress } from '../../src/judge/model.ts';

// gameOverview reads in one statement what LIST took from five: it must give exactly what
// those reads give, the deadline a Date like everywhere else.

describeEachDatabase('the overview of a game', (getStore) => {
  it('gives the game, its seats, its current phase and that phase orders as the separate reads do', async () => {
    const { db } = getStore();
    const game = await startGame(db, 'TIMING NEXT 2D');
    await game.as('FRANCE', SPRING_1901_ORDERS.FRANCE!.join('\n'));
    await game.judge.receive(eml({ from: 'watcher@players.example' }, 'OBSERVE demo watchpw'));
    const store = createJudgeStore(db, { messageIdDomain: 'judge.example' });
    const { overview, separately } = await store.transaction(async (tx) => {
      const found = (await tx.findGame(gameName('demo')))!;
      const phase = await tx.phase(found.id, found.currentPhase!);
      const seats = await tx.seats(found.id);
      return {
        overview: await tx.gameOverview(gameName('DEMO')),
        separately: {
          game: found,
          seats,
          phase,
          orders: await tx.orders(found.id, found.currentPhase!),
          publicRecords: await tx.playerRecords(
            seats.map((s) => s.address),
            { withoutHiddenGames: true },
          ),
        },
      };
    });
    expect(overview).toEqual(separately);
    expect(overview!.phase!.deadline).toBeInstanceOf(Date);
    expect(overview!.seats).toHaveLength(9);
    expect(overview!.orders.map((o) => o.power)).toEqual(['FRANCE']);
    // A record for every holder: seven players, the Master and the observer.
    expect(overview!.publicRecords.size).toBe(9);
    expect(overview!.publicRecords.get(mailAddress('p1@players.example'))).toMatchObject({ started: 1 });
  });

  it('has no phase and no orders before the game starts, and nothing for an unknown game', async () => {
    const { db } = getStore();
    const store = createJudgeStore(db, { messageIdDomain: 'judge.example' });
    await store.transaction(async (tx) => {
      expect(await tx.gameOverview(gameName('nowhere'))).toBeNull();
    });
    const judge = (await startGame(db, '')).judge;
    await judge.receive(eml({ from: 'gm@players.example' }, 'CREATE later gmpass\nFORM'));
    const overview = await store.transaction((tx) => tx.gameOverview(gameName('later')));
    expect(overview).toMatchObject({ game: { name: 'later', status: 'forming', currentPhase: null }, phase: null, orders: [] });
    expect([...overview!.publicRecords.keys()]).toEqual(['gm@players.example']);
    expect(overview!.seats.map((s) => s.role)).toEqual(['master']);
  });
});
