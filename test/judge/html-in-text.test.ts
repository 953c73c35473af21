import { describe, expect, it } from 'vitest';
import { withoutMarks } from '../../src/render/wrap.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { inboundMail, startHarnessGame } from '../support/judge-harness.ts';
import { gameName } from '../support/names.ts';

// Issue 29: HTML pasted into a text/plain part is read as the text it shows (tags removed, a block
// tag or <br> ending a line, entities read) instead of being taken for a greeting and dropped.

describe('HTML in a plain-text part', () => {
  it('is read as text: the SIGNON and the orders count', async () => {
    const store = new InMemoryJudgeStore();
    const game = await startHarnessGame(store, '', () => new Date('2026-11-02T12:00:00Z'));
    const seats = await store.transaction(async (tx) => tx.seats((await tx.findGame(gameName('demo')))!.id));
    const france = seats.find((s) => s.power === 'FRANCE')!;
    const password = `pw${france.address.slice(1, 2)}`;
    const before = store.outbox().length;
    const html = `<html><body><div dir="ltr"><div>SIGNON Fdemo ${password}</div><div>A Par - Bur<br>A Mar&nbsp;S A Par - Bur</div>\n<div>F Bre - Mao</div><div><br></div><div>Cheers, Fran&ccedil;ois</div></div></body></html>`;
    await game.judge.receive(inboundMail(france.address, html));
    const reply = withoutMarks(
      store
        .outbox()
        .slice(before)
        .find((m) => m.kind === 'reply')!.body,
    );
    expect(reply).not.toMatch(/Nothing in this block was done/);
    expect(reply).toMatch(/France: Army Paris -> Burgundy\./);
    expect(reply).toMatch(/France: Army Marseilles SUPPORT Army Paris -> Burgundy\./);
    expect(reply).toMatch(/France: Fleet Brest -> Mid-Atlantic Ocean\./);
    expect(reply).not.toMatch(/<div|&nbsp;/);
  });
});
