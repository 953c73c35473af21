import { expect, it } from 'vitest';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { startHarnessGame } from '../support/judge-harness.ts';
import { gameName } from '../support/names.ts';

// What orders ahead keep in the store (issue 30, sql/026), on PGlite and PostgreSQL: a PHASE block
// mailed is one typed row per game, power and phase, read back whole with the game, replaced by a
// later mail, and gone once its phase has begun and its orders became the power's orders. The rules
// themselves are played on the in-memory store (test/judge/orders-ahead-in-memory.test.ts).

describeEachDatabase('orders ahead, stored', (getStore) => {
  const db = () => getStore().db;

  it('keeps a block per power and phase, replaces it, and loads it into the orders when its phase begins', async () => {
    const store = createJudgeStore(db(), { messageIdDomain: 'judge.example' });
    const game = await startHarnessGame(store);
    await game.as('FRANCE', 'PHASE F1901M\nA Par - Bur');
    await game.as('FRANCE', 'PHASE F 1901 M\nIF NOT (Germany A Mun AND Germany A Ber)\nA Par - Pic\nELSE\nA Par - Bur\nENDIF\nPHASE W1901A\nWAIVE');
    const rows = await db().selectFrom('orders_ahead').select(['power', 'phase_id', 'steps']).orderBy('phase_id').execute();
    expect(rows.map((r) => [r.power, r.phase_id])).toEqual([
      ['FRANCE', 'F1901M'],
      ['FRANCE', 'W1901A'],
    ]);
    const held = await store.transaction(async (tx) => {
      const id = (await tx.findGame(gameName('demo')))!.id;
      const [aggregate] = await tx.loadGames([id], { forUpdate: false });
      return { read: await tx.ordersAhead(id), aggregate: aggregate!.ordersAhead };
    });
    expect(held.read).toEqual(held.aggregate);
    expect(held.read[0]).toEqual({
      power: 'FRANCE',
      phaseId: 'F1901M',
      steps: [
        {
          kind: 'if',
          line: 3,
          text: 'IF NOT (Germany A Mun AND Germany A Ber)',
          condition: {
            kind: 'not',
            condition: {
              kind: 'and',
              conditions: [
                { kind: 'unit', power: 'GERMANY', unitType: 'A', province: 'mun' },
                { kind: 'unit', power: 'GERMANY', unitType: 'A', province: 'ber' },
              ],
            },
          },
          whenTrue: [{ kind: 'orders', text: 'A Par - Pic', line: 4 }],
          whenFalse: [{ kind: 'orders', text: 'A Par - Bur', line: 6 }],
        },
      ],
    });

    for (const power of ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY']) {
      const units = await db().selectFrom('phases').select('position').where('phase_id', '=', 'S1901M').executeTakeFirstOrThrow();
      const own = (units.position as unknown as { units: { power: string; type: string; location: string }[] }).units.filter((u) => u.power === power);
      await game.as(power, own.map((u) => `${u.type} ${u.location} H`).join('\n'));
    }
    const fall = await db()
      .selectFrom('orders')
      .select(['lines', 'submitted'])
      .where('phase_id', '=', 'F1901M')
      .where('power', '=', 'FRANCE')
      .executeTakeFirstOrThrow();
    expect(fall).toEqual({ lines: ['A Par - Bur'], submitted: false });
    expect((await db().selectFrom('orders_ahead').select('phase_id').execute()).map((r) => r.phase_id)).toEqual(['W1901A']);
  });
});
