import { expect, it } from 'vitest';
import { Judge } from '../../src/judge/judge.ts';
import type { JudgeStore } from '../../src/judge/ports.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { HARNESS_JUDGE, inboundMail } from '../support/judge-harness.ts';

// LIST's games in play with a seat open for TAKEOVER: Diplomacy's powers, and a Mafia or Werewolf
// player's seat under its nick (TAKEOVER Bob@town), which has no power: its kind names it. LIST once
// showed such a game on PostgreSQL with no seat named and the power's spelling, and not at all on
// the in-memory store; both now list it the same way.

/** The reply LIST gets once a Mafia game's player has resigned, on `store`. */
async function listAfterMafiaResignation(store: JudgeStore, lastReply: () => Promise<string>): Promise<string> {
  const judge = new Judge(
    store,
    HARNESS_JUDGE,
    () => 0.3,
    () => new Date('2026-03-26T12:00:00Z'),
  );
  const ask = async (from: string, text: string) => {
    await judge.receive(inboundMail(from, text));
    return lastReply();
  };
  await ask('gm@players.example', 'CREATE town gmpass mafia\nSET ROLES Goon, Cop, Villager, Doctor');
  for (const [i, nick] of ['Alice', 'Bob', 'Carol', 'Dave'].entries()) await ask(`p${i}@players.example`, `JOIN town pw${i}xx\nNAME ${nick}`);
  await ask('gm@players.example', 'SIGNON master@town gmpass\nSTART');
  expect(await ask('p1@players.example', 'RESIGN Bob@town pw1xx')).toContain('You have resigned as Bob');
  return ask('stranger@players.example', 'LIST');
}

describeWithDatabase('LIST and an open Mafia seat', (getStore) => {
  it("offers the resigned Mafia player's seat by its nick, apart from Diplomacy's powers, on PostgreSQL as on the in-memory store", async () => {
    const db = getStore().db;
    const stored = await listAfterMafiaResignation(createJudgeStore(db, { messageIdDomain: 'judge.example' }), async () => {
      const [row] = await db.selectFrom('outbox').select('body').where('kind', '=', 'reply').orderBy('id', 'desc').limit(1).execute();
      return row!.body;
    });
    const memory = new InMemoryJudgeStore();
    const held = await listAfterMafiaResignation(
      memory,
      async () =>
        memory
          .outbox()
          .filter((m) => m.kind === 'reply')
          .at(-1)!.body,
    );
    expect(stored).not.toContain('a power open for TAKEOVER');
    expect(stored).toMatch(/Mafia and Werewolf games with a player's seat open for TAKEOVER \(send TAKEOVER nick@game password\):\n {2}town .* Bob$/m);
    expect(stored).toBe(held);
  });
});
