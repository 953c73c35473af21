import { readFileSync } from 'node:fs';
import type { KyselyPlugin } from 'kysely';
import { expect, it } from 'vitest';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { startHarnessGame } from '../support/judge-harness.ts';
import { recordingStore } from '../support/recording-transaction.ts';
import { SPRING_1901_ORDERS } from './game-fixture.ts';

// The walk of one order crosses each layer once (issue 11): the mail with the last orders of a
// phase goes from the judge to the store once to open (the mail recorded, its game loaded and
// locked) and once to save (the orders, the processed turn, the results and the reply), and the
// game plays as before: the results mail is the one the judge wrote before the unit of work
// (spring-1901-results.before.json, written at 09a09fe on the in-memory store, same clock).

const NOW = new Date('2026-11-21T12:00:00Z');
/**
 * The statements of that mail on the real store (the inbound mail, the game's lock, the game
 * whole, each write, the queued mail): 16; 28 before the unit of work (09a09fe: 29 port calls, a
 * SAVEPOINT and its RELEASE, the game and its seats read three times, the phase and orders twice).
 */
const MOST_STATEMENTS = 16;

describeWithDatabase('one order mail as a unit of work', (getStore) => {
  it('opens once and saves once, and writes the same results', async () => {
    const { db } = getStore();
    let recording = false;
    const calls: string[] = [];
    const statements: string[] = [];
    const counting: KyselyPlugin = {
      transformQuery(args) {
        if (recording) statements.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const store = recordingStore(createJudgeStore(db.withPlugin(counting), { messageIdDomain: 'judge.example' }), calls, () => recording);
    const game = await startHarnessGame(store, '', () => NOW);
    const powers = Object.entries(SPRING_1901_ORDERS);
    for (const [power, lines] of powers.slice(0, -1)) await game.as(power, lines.join('\n'));
    recording = true;
    const [last, lines] = powers.at(-1)!;
    await game.as(last, lines.join('\n'));
    recording = false;
    expect(calls).toEqual(['open', expect.stringMatching(/^apply\(saveOrders,.*enqueueMail,markAddressProven,enqueueMail,markInbound\)$/)]);
    expect(calls[1]).toContain('savePhase');
    console.log(`${getStore().kind}: the mail that completes the phase: ${calls.length} port calls, ${statements.length} statements`);
    expect(statements.length).toBeLessThanOrEqual(MOST_STATEMENTS);
    expect((await db.selectFrom('games').select('current_phase').executeTakeFirstOrThrow()).current_phase).toBe('F1901M');
    const results = await db.selectFrom('outbox').select(['to_addresses', 'subject', 'body']).where('kind', '=', 'results').orderBy('id').execute();
    const before = JSON.parse(readFileSync(new URL('./spring-1901-results.before.json', import.meta.url), 'utf8')) as unknown;
    expect(results.map((r) => ({ to: r.to_addresses, subject: r.subject, body: r.body }))).toEqual(before);
  });
});
