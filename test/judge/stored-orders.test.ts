import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ORDER_FORMAT_VERSION, readParsedOrderSet } from '../../src/judge/diplomacy/order-format.ts';
import { jsonb } from '../../src/store/index.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { SPRING_1901_ORDERS, startGame } from './game-fixture.ts';

// Orders are stored as the judge read them, beside the text the player wrote: processing uses the
// stored form, so the text is read once, when it is submitted (a parser change in between cannot
// read old orders differently). Rows written before the parsed form existed are read from their text.

describe('the stored order format', () => {
  it('reads back a set of this version and refuses other versions and shapes', () => {
    const set = {
      version: ORDER_FORMAT_VERSION,
      orders: [{ text: 'A Par - Bur', order: { kind: 'move', unit: { type: 'A', location: 'par' }, to: 'bur', viaConvoy: false, route: [] } }],
    };
    expect(readParsedOrderSet(set)).toEqual(set);
    expect(readParsedOrderSet(null)).toBeNull();
    expect(readParsedOrderSet({ ...set, version: ORDER_FORMAT_VERSION + 1 })).toBeNull();
    expect(
      readParsedOrderSet({
        version: ORDER_FORMAT_VERSION,
        orders: [{ text: 'A Par - Bur', order: { kind: 'teleport', unit: { type: 'A', location: 'par' } } }],
      }),
    ).toBeNull();
    expect(
      readParsedOrderSet({ version: ORDER_FORMAT_VERSION, orders: [{ text: 'A Par H', order: { kind: 'hold', unit: { type: 'X', location: 'par' } } }] }),
    ).toBeNull();
  });
});

describeWithDatabase('orders stored parsed', (getStore) => {
  const playAllBut = async (game: Awaited<ReturnType<typeof startGame>>, but: string) => {
    for (const [power, lines] of Object.entries(SPRING_1901_ORDERS)) if (power !== but) await game.as(power, lines.join('\n'));
  };
  const franceUnits = async () => {
    const { db } = getStore();
    const phase = await db.selectFrom('phases').select('position').where('phase_id', '=', 'F1901M').executeTakeFirstOrThrow();
    return phase.position.units
      .filter((u) => u.power === 'FRANCE')
      .map((u) => u.location)
      .sort();
  };

  it('keeps what the player wrote and the orders as read, and processes the stored form', async () => {
    const { db } = getStore();
    const game = await startGame(db, '');
    await game.as('FRANCE', 'A Par - Bur\nA Mar S A Par - Bur\nF Bre - Mao');
    const row = await db.selectFrom('orders').select(['lines', 'parsed']).where('power', '=', 'FRANCE').executeTakeFirstOrThrow();
    expect(row.lines).toEqual(['A Par - Bur', 'A Mar S A Par - Bur', 'F Bre - Mao']);
    expect(row.parsed).toMatchObject({
      version: ORDER_FORMAT_VERSION,
      orders: [{ text: 'A Par - Bur', order: { kind: 'move', to: 'bur' } }, { order: { kind: 'support' } }, { order: { kind: 'move', to: 'mao' } }],
    });
    // The text changes under the judge (as a different parser would read it): processing keeps to what was read.
    await db
      .updateTable('orders')
      .set({ lines: ['A Par H', 'A Mar H', 'F Bre H'] })
      .where('power', '=', 'FRANCE')
      .execute();
    await playAllBut(game, 'FRANCE');
    expect(await franceUnits()).toEqual(['bur', 'mao', 'mar']);
  });

  it('reads rows without a parsed form, or with one it cannot use, from their text', async () => {
    const { db } = getStore();
    const game = await startGame(db, '');
    await game.as('FRANCE', 'A Par H\nA Mar H\nF Bre H');
    await db
      .updateTable('orders')
      .set({ lines: ['A Par - Bur', 'A Mar S A Par - Bur', 'F Bre - Mao'], parsed: null })
      .where('power', '=', 'FRANCE')
      .execute();
    await game.as('ENGLAND', SPRING_1901_ORDERS.ENGLAND!.join('\n'));
    await db
      .updateTable('orders')
      .set({ lines: ['F Lon - Eng', 'F Edi - Nth', 'A Lvp - Yor'], parsed: jsonb({ version: ORDER_FORMAT_VERSION + 1, orders: 'from a later judge' }) })
      .where('power', '=', 'ENGLAND')
      .execute();
    for (const [power, lines] of Object.entries(SPRING_1901_ORDERS)) if (power !== 'FRANCE' && power !== 'ENGLAND') await game.as(power, lines.join('\n'));
    expect(await franceUnits()).toEqual(['bur', 'mao', 'mar']);
    const phase = await db.selectFrom('phases').select('position').where('phase_id', '=', 'F1901M').executeTakeFirstOrThrow();
    expect(
      phase.position.units
        .filter((u) => u.power === 'ENGLAND')
        .map((u) => u.location)
        .sort(),
    ).toEqual(['eng', 'nth', 'yor']);
    expect(await db.selectFrom('orders').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).toEqual({ n: 7 });
  });
});
