import { expect, it } from 'vitest';
import { locationId as loc } from '../../src/engine/ids.ts';
import { readStoredOrderResults } from '../../src/judge/diplomacy/stored-results.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { gameName } from '../support/names.ts';
import { SPRING_1901_ORDERS, startGame } from './game-fixture.ts';

// The typed reasons of a processed phase (issue 27) as PostgreSQL's jsonb keeps them: written by the
// real store, read back by it, typed again. The rest is tested on the in-memory store
// (stored-results.test.ts) and without one (order-reason-format.test.ts).

describeWithDatabase('typed reasons in phases.results', (getStore) => {
  it('a phase played by mail keeps its reasons as codes, and the store reads them back typed', async () => {
    const db = getStore().db;
    const played = await startGame(db, '');
    for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) await played.as(power, orders.join('\n'));
    const row = await db.selectFrom('phases').select('results').where('phase_id', '=', 'S1901M').executeTakeFirstOrThrow();
    const raw = (row.results as { results: { unit: string; reason: unknown }[] }).results;
    expect(raw.filter((r) => r.reason !== null).map((r) => [r.unit, r.reason])).toEqual([
      ['vie', { code: 'bounced' }],
      ['sev', { code: 'bounced' }],
      ['war', { code: 'bounced' }],
      ['ank', { code: 'bounced' }],
    ]);

    const store = createJudgeStore(db, { messageIdDomain: 'judge.example' });
    const phases = await store.transaction(async (tx) => tx.storedPhases((await tx.findGame(gameName('demo')))!.id));
    const results = readStoredOrderResults(phases[0]!.results, 'demo S1901M');
    expect(results.find((r) => r.unit === loc('war'))).toMatchObject({ power: 'RUSSIA', outcome: 'fails', markers: ['bounce'], reason: { code: 'bounced' } });
    expect(results.find((r) => r.unit === loc('lon'))).toMatchObject({ outcome: 'succeeds', reason: null });
  });
});
