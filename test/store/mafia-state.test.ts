import { expect, it } from 'vitest';
import { Judge } from '../../src/judge/judge.ts';
import { mafiaStateOf } from '../../src/judge/mafia/mafia-state.ts';
import type { JudgeStore } from '../../src/judge/ports.ts';
import { onScheduledGameEvent } from '../../src/judge/kinds/events.ts';
import { createJudgeStore, gameEventOf, judgeTransaction } from '../../src/store/judge-store.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { HARNESS_JUDGE, inboundMail } from '../support/judge-harness.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { gameName } from '../support/names.ts';

// A Mafia game's whole state (games.kind_state) saved and loaded by the store on PGlite and
// PostgreSQL: the same mails give the same state as on the in-memory store, where the long game
// is played (test/judge/mafia-game.test.ts).

const NOW = new Date('2026-03-26T12:00:00Z');

async function play(store: JudgeStore) {
  const judge = new Judge(
    store,
    HARNESS_JUDGE,
    () => 0.42,
    () => NOW,
  );
  const mail = (from: string, text: string) => judge.receive(inboundMail(from, text));
  await mail('gm@players.example', 'CREATE town gmpass mafia\nSET ZONE Europe/Berlin\nSET ROLES Goon, Cop, Villager, Villager');
  const nicks = ['Ünal', 'Dark Lord', 'Carol', 'Dave'];
  for (const [i, nick] of nicks.entries()) await mail(`p${i}@players.example`, `JOIN town pw${i}xx\nNAME ${nick}`);
  await mail('gm@players.example', 'SIGNON master@town gmpass\nSTART\nGROUP scum: Dave, Carol');
  await mail('p0@players.example', 'SIGNON Ünal@town pw0xx\nVOTE: dark lord because "quiet"');
  await mail('gm@players.example', 'SIGNON master@town gmpass\nPRESS TO ALL\nDave has died. He was a "Goon".\nDeadline moved 1D 12H later\nENDPRESS');
  return store.transaction(async (tx) => (await tx.findGame(gameName('town')))!);
}

describeEachDatabase('a Mafia game, stored', (getStore) => {
  it('keeps the whole state through save and load, equal to the in-memory run', async () => {
    const stored = await play(createJudgeStore(getStore().db, { messageIdDomain: 'judge.example' }));
    const inMemory = await play(new InMemoryJudgeStore());
    expect(stored.kind).toBe('mafia');
    expect(stored.status).toBe('active');
    const state = mafiaStateOf(stored);
    expect(state.players.map((p) => [p.nick, p.alive])).toEqual([
      ['Ünal', true],
      ['Dark Lord', true],
      ['Carol', true],
      ['Dave', false],
    ]);
    expect(state.players[3]!.death).toEqual({ phase: { kind: 'day', number: 1 }, comment: 'a "Goon".' });
    expect(state.votes).toEqual([{ voter: 1, target: 2 }]);
    expect(state.groups).toEqual([{ name: 'scum', seats: [4, 3] }]);
    // Seat ids (person ids) are the store's own; everything else is the same state.
    const withoutPeople = (s: typeof state) => JSON.parse(JSON.stringify(s, (key, value) => (key === 'person' ? 0 : value)));
    expect(withoutPeople(state)).toEqual(withoutPeople(mafiaStateOf(inMemory)));
  });

  it("keeps the game's deadline and reminder as jobs, and the stored deadline job ends the day", async () => {
    const stored = await play(createJudgeStore(getStore().db, { messageIdDomain: 'judge.example' }));
    const jobs = await getStore().db.selectFrom('jobs').selectAll().where('game_id', '=', stored.id).orderBy('due_at').execute();
    const deadline = mafiaStateOf(stored).schedule!.deadline;
    expect(jobs.map((j) => [j.kind, new Date(j.due_at).toISOString()])).toEqual([
      ['reminder', new Date(Date.parse(deadline) - 12 * 3_600_000).toISOString()],
      ['deadline', deadline],
    ]);
    const event = gameEventOf(jobs[1]!)!;
    expect(event).toEqual({ kind: 'deadline', gameId: stored.id, phase: null });
    await getStore()
      .db.transaction()
      .execute((trx) => onScheduledGameEvent(judgeTransaction(trx, { messageIdDomain: 'judge.example' }), HARNESS_JUDGE, event, new Date(deadline)));
    const after = await createJudgeStore(getStore().db, { messageIdDomain: 'judge.example' }).transaction(async (tx) => (await tx.findGameById(stored.id))!);
    expect(mafiaStateOf(after).phaseIndex).toBe(1);
    const notices = await getStore().db.selectFrom('outbox').select('body').where('kind', '=', 'notice').execute();
    expect(notices.some((n) => n.body.includes("Day 1 has ended in 'town'.") && n.body.includes('Dark Lord (1): Ünal'))).toBe(true);
  });
});
