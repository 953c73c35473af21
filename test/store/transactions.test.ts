import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { jsonb } from '../../src/store/index.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { insertGame, samplePosition } from './fixtures.ts';

describeEachDatabase('transactions', (getStore) => {
  it('leaves nothing behind when the work throws', async () => {
    const { db } = getStore();
    const game = await insertGame(db);
    const failure = new Error('adjudication blew up');
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('phases')
          .values({ game_id: game.id, phase_id: 'S1901M', seq: 0, position: jsonb(samplePosition()) })
          .execute();
        await trx.updateTable('games').set({ current_phase: 'S1901M', status: 'active' }).where('id', '=', game.id).execute();
        await trx
          .insertInto('outbox')
          .values({ message_id: '<results@judge.test>', to_addresses: ['all@example.test'], subject: 'Results', body: '…' })
          .execute();
        await trx.insertInto('jobs').values({ game_id: game.id, kind: 'deadline', due_at: new Date() }).execute();
        throw failure;
      }),
    ).rejects.toBe(failure);

    expect(await db.selectFrom('games').select(['status', 'current_phase', 'version']).executeTakeFirstOrThrow()).toEqual({
      status: 'preparation',
      current_phase: null,
      version: 1,
    });
    expect(await db.selectFrom('phases').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('outbox').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('leaves nothing behind when a statement fails inside the transaction', async () => {
    const { db } = getStore();
    await expect(
      db.transaction().execute(async (trx) => {
        await insertGame(trx, { name: 'first' });
        await insertGame(trx, { name: 'first' });
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.selectFrom('games').selectAll().execute()).toEqual([]);
  });

  it('keeps a write made outside an open transaction when that transaction rolls back', async () => {
    // On PGlite (one session) the outside write must wait for the transaction instead of
    // running inside it and being rolled back with it.
    const { db } = getStore();
    let outside: Promise<unknown> | null = null;
    await expect(
      db.transaction().execute(async (trx) => {
        await insertGame(trx, { name: 'inside' });
        outside = insertGame(db, { name: 'outside' });
        await sleep(30);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await outside;
    expect(await db.selectFrom('games').select('name').execute()).toEqual([{ name: 'outside' }]);
  });
});
