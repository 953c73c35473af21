import { beforeAll, describe, expect, it } from 'vitest';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { inboundMail, startHarnessGame, type HarnessGame } from '../support/judge-harness.ts';
import { SPRING_1901_ORDERS } from './game-fixture.ts';
import { gameName } from '../support/names.ts';
import { mailAddress } from '../../src/judge/model.ts';

// njudge's UNSTART and ROLLBACK FORMING (issue 13): a game still in its first phase goes back to
// forming; one game on the in-memory storage port, no database.

const GM = 'gm@players.example';

describe('UNSTART / ROLLBACK FORMING', () => {
  const store = new InMemoryJudgeStore();
  let game: HarnessGame;
  const lastReply = (to: string) =>
    store
      .outbox()
      .filter((m) => m.kind === 'reply' && m.to.includes(mailAddress(to)))
      .at(-1)!.body;
  const master = async (lines: string) => {
    await game.judge.receive(inboundMail(GM, `SIGNON Mdemo gmpass\n${lines}`));
    return lastReply(GM);
  };
  const read = () =>
    store.transaction(async (tx) => {
      const g = (await tx.findGame(gameName('demo')))!;
      return { game: g, seats: (await tx.seats(g.id)).filter((s) => s.role === 'power'), phases: await tx.storedPhases(g.id) };
    });

  beforeAll(async () => {
    game = await startHarnessGame(store);
  });

  it('takes a started game back to forming; ACTIVATE starts it again, and it is refused once a phase was processed', async () => {
    await game.as('FRANCE', SPRING_1901_ORDERS.FRANCE!.join('\n'));
    const reply = await master('UNSTART');
    expect(reply).toMatch(/Game 'demo' is forming again with 7 of 7 players; it starts when it is full or you ACTIVATE it\./);
    const forming = await read();
    expect(forming.game).toMatchObject({ status: 'forming', currentPhase: null, deadline: null });
    expect(forming.seats.map((s) => s.power)).toEqual([null, null, null, null, null, null, null]);
    expect(forming.phases).toEqual([]);
    expect(store.jobs().map((j) => j.kind)).toEqual(['forming']);
    const notice = store
      .outbox()
      .filter((m) => m.subject.endsWith('Game unstarted'))
      .at(-1)!;
    expect(notice.body).toBe("The Master has taken game 'demo' back to forming: 7 of 7 players; powers are assigned again when it starts.\n");
    expect(await master('UNSTART')).toMatch(/Game 'demo' is forming; only a game that has started can go back to forming/);

    // The Master starts it again (it is full): powers are drawn anew.
    expect(await master('ACTIVATE')).toMatch(/started|starts/);
    const started = await read();
    expect(started.game).toMatchObject({ status: 'active', currentPhase: 'S1901M' });
    expect(new Set(started.seats.map((s) => s.power)).size).toBe(7);
    expect(await master('ROLLBACK FORMING S1901M')).toMatch(/ROLLBACK FORMING takes nothing else/);
    expect(await master('ROLLFORWARD FORMING')).toMatch(/ROLLFORWARD FORMING means nothing/);

    const holders = new Map<string, string>(started.seats.map((s) => [s.power!, s.address]));
    for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) {
      const address = holders.get(power)!;
      const password = `pw${address.slice(1, 2)}`;
      await game.judge.receive(inboundMail(address, `SIGNON ${power.charAt(0)}demo ${password}\n${orders.join('\n')}`));
    }
    expect((await read()).game.currentPhase).toBe('F1901M');
    expect(await master('ROLLBACK FORMING')).toMatch(/has processed S1901M already: only a game still in its first phase can go back to forming/);
  });
});
