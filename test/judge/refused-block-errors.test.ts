import { describe, expect, it } from 'vitest';
import { withoutMarks } from '../../src/render/wrap.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { inboundMail, startHarnessGame } from '../support/judge-harness.ts';
import { gameName } from '../support/names.ts';

// Issue 29: a refused block names every error it holds, so one mail with two mistakes takes one
// round trip: a bad SET or vote line no longer stops the orders after it being checked, and every
// bad SET line is named.

const NOW = new Date('2026-11-02T12:00:00Z');

describe('a refused block lists every error', () => {
  it('names two bad SET lines, a bad vote and a bad order of one block', async () => {
    const store = new InMemoryJudgeStore();
    const game = await startHarnessGame(store, '', () => NOW);
    const seats = await store.transaction(async (tx) => tx.seats((await tx.findGame(gameName('demo')))!.id));
    const austria = seats.find((s) => s.power === 'AUSTRIA')!;
    const before = store.outbox().length;
    await game.judge.receive(
      inboundMail(
        austria.address,
        `SIGNON Ademo pw${austria.address.slice(1, 2)}\nSET DEADLINE someday\nSET CONCEDE Narnia\nA Vie - Xyz\nSET WIBBLE\nA Bud - Ser`,
      ),
    );
    const reply = withoutMarks(
      store
        .outbox()
        .slice(before)
        .find((m) => m.kind === 'reply')!.body,
    );
    expect(reply).toMatch(/Nothing in this block was done, because of these 4 errors:/);
    expect(reply).toMatch(/Line 2: SET DEADLINE someday\n/);
    expect(reply).toMatch(/Line 3: SET CONCEDE Narnia\n/);
    expect(reply).toMatch(/Line 4: A Vie - Xyz\n/);
    expect(reply).toMatch(/Line 5: SET WIBBLE\n/);
    expect(reply).toMatch(/the order on line 6 was not entered/);
  });
});
