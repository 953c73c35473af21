// Issue 29: DPjudge's DESC text, written after the Master's SIGNON, sets the game's description
// (njudge's SET COMMENT text) instead of being read as an order from a player; njudge's SET COMMENT
// BEGIN takes the lines after it, to SIGNOFF, as the comment (before, the comment became "BEGIN").

import { describe, expect, it } from 'vitest';
import { withoutMarks } from '../../src/render/wrap.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { inboundMail, startHarnessGame } from '../support/judge-harness.ts';
import { gameName } from '../support/names.ts';

describe('DESC after the Master signs on', () => {
  it('sets the description', async () => {
    const store = new InMemoryJudgeStore();
    const game = await startHarnessGame(store, '', () => new Date('2026-11-02T12:00:00Z'));
    const before = store.outbox().length;
    await game.judge.receive(inboundMail('gm@players.example', 'SIGNON Mdemo gmpass\nDESC A friendly game for newcomers.'));
    const reply = withoutMarks(
      store
        .outbox()
        .slice(before)
        .find((m) => m.kind === 'reply')!.body,
    );
    expect(reply).not.toMatch(/Nothing in this block was done/);
    expect((await store.transaction(async (tx) => tx.findGame(gameName('demo'))))!.description).toBe('A friendly game for newcomers.');
  });

  it('SET COMMENT BEGIN takes the lines up to SIGNOFF', async () => {
    const store = new InMemoryJudgeStore();
    const game = await startHarnessGame(store, '', () => new Date('2026-11-02T12:00:00Z'));
    await game.judge.receive(
      inboundMail('gm@players.example', 'SIGNON Mdemo gmpass\nSET COMMENT BEGIN\nA friendly game.\nNewcomers welcome.\nSIGNOFF\nA Par H'),
    );
    expect((await store.transaction(async (tx) => tx.findGame(gameName('demo'))))!.description).toBe('A friendly game.\nNewcomers welcome.');
  });
});
