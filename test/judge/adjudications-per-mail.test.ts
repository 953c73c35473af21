import { beforeAll, describe, expect, it, vi } from 'vitest';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { startHarnessGame, type HarnessGame } from '../support/judge-harness.ts';
import { SPRING_1901_ORDERS } from './game-fixture.ts';
import { gameName } from '../support/names.ts';

// At most one adjudication per mail, none where nothing changed (issue 11): a mail's orders are
// checked (bound to their units, src/engine/check-orders.ts) and the game's orders adjudicated
// only by the mail that makes the phase ready. Counted at the engine: adjudicatePhase (the
// results and the next position) and the movement resolver. One game, played in order, on the
// in-memory storage port: a judge unit test, no database.

const calls = vi.hoisted(() => ({ adjudicatePhase: 0, resolveMovement: 0 }));

vi.mock('../../src/engine/adjudicate-phase.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/engine/adjudicate-phase.ts')>();
  return {
    ...original,
    adjudicatePhase: (...args: Parameters<typeof original.adjudicatePhase>) => {
      calls.adjudicatePhase++;
      return original.adjudicatePhase(...args);
    },
  };
});
vi.mock('../../src/engine/movement/resolver.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/engine/movement/resolver.ts')>();
  return {
    ...original,
    resolveMovement: (...args: Parameters<typeof original.resolveMovement>) => {
      calls.resolveMovement++;
      return original.resolveMovement(...args);
    },
  };
});

/** What one mail cost in adjudications. */
async function counted(send: () => Promise<unknown>): Promise<{ adjudicatePhase: number; resolveMovement: number }> {
  calls.adjudicatePhase = 0;
  calls.resolveMovement = 0;
  await send();
  return { ...calls };
}

describe('adjudications per mail', () => {
  const store = new InMemoryJudgeStore();
  let game: HarnessGame;
  const phaseNow = () => store.transaction(async (tx) => (await tx.findGame(gameName('demo')))!.currentPhase);
  /** Hold orders for every unit the power has, as written by a player. */
  const holdAll = (power: string) =>
    store.transaction(async (tx) => {
      const current = (await tx.findGame(gameName('demo')))!;
      const phase = (await tx.phase(current.id, current.currentPhase!))!;
      return phase.position.units
        .filter((u) => u.power === power)
        .map((u) => `${u.type} ${u.location} H`)
        .join('\n');
    });

  beforeAll(async () => {
    game = await startHarnessGame(store);
  });

  it('a mail with orders that leave the phase waiting adjudicates nothing; the one that completes it adjudicates once', async () => {
    const powers = Object.keys(SPRING_1901_ORDERS);
    for (const power of powers.slice(0, -1)) {
      expect(await counted(() => game.as(power, SPRING_1901_ORDERS[power]!.join('\n')))).toEqual({ adjudicatePhase: 0, resolveMovement: 0 });
    }
    expect(await counted(() => game.as('FRANCE', 'STATUS'))).toEqual({ adjudicatePhase: 0, resolveMovement: 0 });
    const last = powers.at(-1)!;
    expect(await counted(() => game.as(last, SPRING_1901_ORDERS[last]!.join('\n')))).toEqual({ adjudicatePhase: 1, resolveMovement: 1 });
    expect(await phaseNow()).toBe('F1901M');
  });

  it('in an adjustment phase, readiness and the checks adjudicate nothing; the last builds adjudicate once', async () => {
    const powers = Object.keys(SPRING_1901_ORDERS);
    for (const power of powers) await game.as(power, await holdAll(power));
    expect(await phaseNow()).toBe('W1901A');
    // Austria (Serbia), Germany (Denmark) and Turkey (Bulgaria) have one build each.
    expect(await counted(() => game.as('AUSTRIA', 'Build A Bud'))).toEqual({ adjudicatePhase: 0, resolveMovement: 0 });
    expect(await counted(() => game.as('GERMANY', 'Build A Ber'))).toEqual({ adjudicatePhase: 0, resolveMovement: 0 });
    expect(await counted(() => game.as('TURKEY', 'Build A Smy'))).toEqual({ adjudicatePhase: 1, resolveMovement: 0 });
    expect(await phaseNow()).toBe('S1902M');
  });
});
