import { beforeAll, describe, expect, it } from 'vitest';
import type { InboundRecord, StoredOrders } from '../../src/judge/ports.ts';
import { UnitOfWork } from '../../src/judge/unit-of-work.ts';
import { mailAddress } from '../../src/judge/model.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { startHarnessGame } from '../support/judge-harness.ts';
import { recordingTransaction } from '../support/recording-transaction.ts';
import { gameName } from '../support/names.ts';

// The unit of work (src/judge/unit-of-work.ts) on the in-memory store: the reads of a game it
// opened never reach the store, its writes wait (and later reads see them) until save, anything
// it does not hold first writes what waits, and a failed block leaves nothing of itself, taking a
// SAVEPOINT only when it wrote to the store.

const DEMO = gameName('demo');
const MAIL: InboundRecord = { messageId: '<uow@players.example>', from: 'p1@players.example', subject: 'orders' };
const FRANCE_HOLDS: StoredOrders = { power: 'F', lines: ['A Par H'], parsed: null, submitted: false, hasErrors: false };

describe('the unit of work', () => {
  const store = new InMemoryJudgeStore();
  let mailSerial = 0;

  beforeAll(async () => {
    await startHarnessGame(store);
  });

  /** Runs `work` on a unit of work over a store transaction, opened for demo; returns the calls the store saw. */
  async function withUnit(work: (unit: UnitOfWork) => Promise<void>): Promise<string[]> {
    const calls: string[] = [];
    await store.transaction(async (tx) => {
      const unit = new UnitOfWork(recordingTransaction(tx, calls));
      await unit.open([{ ...MAIL, messageId: `<uow-${++mailSerial}@players.example>` }], [DEMO]);
      await work(unit);
      await unit.save();
    });
    return calls;
  }

  const ordersOnFile = () =>
    store.transaction(async (tx) => {
      const game = (await tx.findGame(DEMO))!;
      return tx.orders(game.id, game.currentPhase!);
    });

  it('serves the reads of an opened game without the store, and saves its writes in one call', async () => {
    const calls = await withUnit(async (unit) => {
      const game = (await unit.findGame(DEMO, { forUpdate: true }))!;
      expect(await unit.findGameById(game.id, { forUpdate: true })).toEqual(game);
      expect((await unit.seats(game.id)).filter((s) => s.role === 'power')).toHaveLength(7);
      expect((await unit.phase(game.id, game.currentPhase!))!.phaseId).toBe('S1901M');
      expect(await unit.orders(game.id, game.currentPhase!)).toEqual([]);
      expect(await unit.absences(game.id)).toEqual([]);
      await unit.saveOrders(game.id, game.currentPhase!, FRANCE_HOLDS);
      await unit.updateGame(game.id, { description: 'held' });
      const seat = (await unit.seats(game.id))[0]!;
      await unit.updateSeat(seat.id, { wait: true, address: mailAddress('Moved@Players.Example') });
      // Later reads see the writes, as the store will hold them.
      expect(await unit.orders(game.id, game.currentPhase!)).toEqual([FRANCE_HOLDS]);
      expect((await unit.findGame(DEMO))!.description).toBe('held');
      expect((await unit.seats(game.id))[0]).toMatchObject({ wait: true, address: 'moved@players.example' });
    });
    expect(calls).toEqual(['open', 'apply(saveOrders,updateGame,updateSeat)']);
    expect(await ordersOnFile()).toEqual([FRANCE_HOLDS]);
  });

  it('holds writes handed over as data (apply) as it holds those made one by one: later reads see them, the store gets them at save', async () => {
    const calls = await withUnit(async (unit) => {
      const game = (await unit.findGame(DEMO, { forUpdate: true }))!;
      const before = await unit.orders(game.id, game.currentPhase!);
      const moves = { ...FRANCE_HOLDS, lines: ['A Par - Bur'] };
      await unit.apply([
        { kind: 'saveOrders', args: [game.id, game.currentPhase!, moves] },
        { kind: 'updateGame', args: [game.id, { name: gameName('renamed') }] },
      ]);
      expect(await unit.orders(game.id, game.currentPhase!)).toEqual([moves]);
      expect((await unit.findGame(gameName('renamed')))?.id).toBe(game.id);
      await unit.apply([
        { kind: 'replaceOrders', args: [game.id, game.currentPhase!, before] },
        { kind: 'updateGame', args: [game.id, { name: DEMO }] },
      ]);
    });
    expect(calls).toEqual(['open', 'apply(saveOrders,updateGame,replaceOrders,updateGame)']);
  });

  it('reads a game again whole when it locks a game it had read without the lock', async () => {
    const calls: string[] = [];
    await store.transaction(async (tx) => {
      const unit = new UnitOfWork(recordingTransaction(tx, calls));
      await unit.open([{ ...MAIL, messageId: `<uow-${++mailSerial}@players.example>` }], []);
      const game = (await unit.findGame(DEMO))!;
      const seat = (await unit.seats(game.id)).find((s) => s.role === 'power')!;
      // Another mail's transaction changes the seat and commits while this one holds no lock.
      await tx.apply([{ kind: 'updateSeat', args: [seat.id, { wait: !seat.wait }] }]);
      await unit.findGameById(game.id, { forUpdate: true });
      expect((await unit.seats(game.id)).find((s) => s.id === seat.id)!.wait).toBe(!seat.wait);
      await tx.apply([{ kind: 'updateSeat', args: [seat.id, { wait: seat.wait }] }]);
    });
    expect(calls).toEqual(['open', 'findGame', 'seats', 'loadGames']);
  });

  it('writes what waits before a call it cannot answer itself', async () => {
    const calls = await withUnit(async (unit) => {
      const game = (await unit.findGame(DEMO))!;
      await unit.updateGame(game.id, { description: 'before LIST' });
      expect((await unit.openings(10)).games.map((g) => g.description)).not.toContain('before LIST');
      expect((await unit.gameOverview(DEMO))!.game.description).toBe('before LIST');
    });
    expect(calls).toEqual(['open', 'apply(updateGame)', 'openings', 'gameOverview']);
  });

  it('undoes a failed block in memory, without a SAVEPOINT, when it wrote nothing to the store', async () => {
    const calls = await withUnit(async (unit) => {
      const game = (await unit.findGame(DEMO))!;
      await unit.updateGame(game.id, { description: 'before the block' });
      await expect(
        unit.nested(async () => {
          await unit.replaceOrders(game.id, game.currentPhase!, []);
          await unit.updateGame(game.id, { description: 'in the block' });
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await unit.orders(game.id, game.currentPhase!)).toEqual([FRANCE_HOLDS]);
      expect((await unit.findGame(DEMO))!.description).toBe('before the block');
    });
    expect(calls).toEqual(['open', 'apply(updateGame)']);
    expect(await ordersOnFile()).toEqual([FRANCE_HOLDS]);
  });

  it('takes the SAVEPOINT when a block first writes to the store, and rolls back to it when the block fails', async () => {
    const calls = await withUnit(async (unit) => {
      const game = (await unit.findGame(DEMO))!;
      await unit.updateGame(game.id, { description: 'kept' });
      await expect(
        unit.nested(async () => {
          await unit.replaceOrders(game.id, game.currentPhase!, []);
          await unit.playerRecords([mailAddress('p1@players.example')]);
          await unit.updateGame(game.id, { description: 'undone' });
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await unit.orders(game.id, game.currentPhase!)).toEqual([FRANCE_HOLDS]);
      // A block that stands releases its SAVEPOINT.
      await unit.nested(async () => {
        await unit.archiveNotice({ gameId: game.id, phaseId: null, subject: 'Note', body: 'kept' });
        await unit.votes(game.id);
      });
    });
    // The write before the block went in under the SAVEPOINT, was undone with it, and is written again.
    expect(calls).toEqual([
      'open',
      'savepoint',
      'apply(updateGame,replaceOrders)',
      'playerRecords',
      'rollback',
      'savepoint',
      'apply(updateGame,archiveNotice)',
      'votes',
      'release',
    ]);
    expect(await ordersOnFile()).toEqual([FRANCE_HOLDS]);
    expect(await store.transaction(async (tx) => (await tx.findGame(DEMO))!.description)).toBe('kept');
  });
});
