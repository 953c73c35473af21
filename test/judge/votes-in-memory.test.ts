import { describe, expect, it } from 'vitest';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { startHarnessGame } from '../support/judge-harness.ts';
import { gameName } from '../support/names.ts';

// Draws, concessions and proposals on the in-memory storage port: the judge's vote rules alone, in
// milliseconds (test/judge/votes.test.ts plays the same by mail on PGlite and PostgreSQL).

const NOW = new Date('2026-11-21T12:00:00Z');
const POWERS = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];

async function voting(rules: string) {
  const store = new InMemoryJudgeStore();
  const game = await startHarnessGame(store, rules, () => NOW);
  const seats = await store.transaction(async (tx) => tx.seats((await tx.findGame(gameName('demo')))!.id));
  const addressOf = new Map<string | null, string>(seats.map((s) => [s.power, s.address]));
  /** Sends `lines` as the power and returns the judge's reply to it. */
  const as = async (power: string, lines: string): Promise<string> => {
    const before = store.outbox().length;
    await game.as(power, lines);
    const reply = store
      .outbox()
      .slice(before)
      .find((m) => m.kind === 'reply' && m.to.some((to) => to === addressOf.get(power)));
    return reply?.body ?? '';
  };
  const status = async () => store.transaction(async (tx) => (await tx.findGame(gameName('demo')))!.status);
  return { store, as, status };
}

describe('votes on the in-memory store', () => {
  it('ends the game in a draw of all survivors once every survivor votes for it', async () => {
    const { store, as, status } = await voting('');
    for (const power of POWERS.slice(0, 6)) expect(await as(power, 'SET DRAW')).toMatch(/Your vote for a draw including all survivors has been recorded\./);
    expect(await as('ENGLAND', 'SET NODRAW')).toMatch(/Your draw vote has been withdrawn\./);
    expect(await as('TURKEY', 'VOTE DIAS')).toMatch(/recorded/);
    expect(await status()).toBe('active');
    expect(await as('ENGLAND', 'VOTE DRAW')).toMatch(
      /Game 'demo' is over\. It ends in a draw between Austria, England, France, Germany, Italy, Russia, Turkey\./,
    );
    expect(await status()).toBe('completed');
    // The notice of the end is a final summary: the players and the position the game ended in (issue 29).
    const end = store.outbox().find((m) => m.kind === 'notice' && /Diplomacy game 'demo' is over/.test(m.body))!;
    expect(end.body).toContain(
      'The game ends in this position:\n\nStatus of the Movement phase for Spring of 1901.  (demo.001)\n\nAustria: Army Budapest.\nAustria: Army Vienna.',
    );
    expect(end.body).toMatch(/\nOwnership of supply centers:\n[\s\S]*\nTurkey: {4}3 Supply centers, {2}3 Units: {2}Builds {3}0 units\.\n$/);
  });

  it('names the powers of a NO_DIAS draw and withdraws a concession', async () => {
    const { as } = await voting('RULES NO_DIAS');
    expect(await as('FRANCE', 'SET DRAW FGE')).toMatch(/Your vote for a draw between England, France, Germany has been recorded\./);
    expect(await as('FRANCE', 'SET CONCEDE Russia')).toMatch(/You concede the game to Russia\./);
    expect(await as('FRANCE', 'SET NOCONCEDE')).toMatch(/Your concession has been withdrawn\./);
    expect(await as('FRANCE', 'VOTE SOLO')).toMatch(/Your votes for a draw or concession have been withdrawn\./);
  });

  it('opens, rejects and passes proposals under PROPOSE_DIAS', async () => {
    const { as, status } = await voting('RULES PROPOSE_DIAS');
    expect(await as('FRANCE', 'PROPOSE DIAS')).toMatch(/Your proposal of a draw including all survivors is open; you have accepted it\./);
    expect(await as('ENGLAND', 'VOTE NO')).toMatch(/You reject the proposal; it is withdrawn\./);
    expect(await as('ENGLAND', 'PROPOSE Russia')).toMatch(/Your proposal of conceding the game to Russia is open/);
    for (const power of ['AUSTRIA', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA']) expect(await as(power, 'VOTE YES')).toMatch(/You accept the proposal\./);
    expect(await status()).toBe('active');
    expect(await as('TURKEY', 'VOTE YES')).toMatch(/Russia wins/);
    expect(await status()).toBe('completed');
  });
});
