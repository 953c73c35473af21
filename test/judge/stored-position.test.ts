import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { Judge, type JudgeLog } from '../../src/judge/judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { HARNESS_JUDGE, inboundMail, startHarnessGame } from '../support/judge-harness.ts';
import { SPRING_1901_ORDERS } from './game-fixture.ts';

// A game whose stored position, seat snapshot or processed orders were spoiled (by hand, or by a
// faulty migration): the judge refuses to judge or restore from them. The mail fails as a whole
// with its one reply, the judgekeeper's log names the row and the field, and the game stays as it was.

describeWithDatabase('stored phase data that does not fit', (getStore) => {
  it('fails the mail cleanly, tells the judgekeeper where, and changes nothing', async () => {
    const db = getStore().db;
    const store = createJudgeStore(db, { messageIdDomain: 'judge.example' });
    await startHarnessGame(store);
    await sql`UPDATE phases SET position = jsonb_set(position, '{units,0,type}', '"X"') WHERE phase_id = 'S1901M'`.execute(db);
    const france = await db.selectFrom('seats').select('address').where('power', '=', 'FRANCE').executeTakeFirstOrThrow();
    const logged: string[] = [];
    const log: JudgeLog = { error: (details) => logged.push(String(details.error)) };
    const judge = new Judge(
      store,
      HARNESS_JUDGE,
      () => 0.3,
      () => new Date(),
      log,
    );
    const ordersBefore = await db.selectFrom('orders').selectAll().execute();

    const outcome = await judge.receive(inboundMail(france.address, `SIGNON Fdemo pw${france.address.slice(1, 2)}\nA Par - Bur\nF Bre - Mao\nA Mar - Spa`));

    expect(outcome.status).toBe('failed');
    expect(logged).toEqual([expect.stringMatching(/^StoredPositionError: the stored position of .*S1901M does not fit at units\.0\.type/)]);
    const replies = await db
      .selectFrom('outbox')
      .select('body')
      .where(sql<boolean>`${france.address} = ANY(to_addresses)`)
      .where('kind', '=', 'reply')
      .execute();
    expect(replies.at(-1)!.body).toMatch(/Nothing in that mail was done/);
    expect(await db.selectFrom('orders').selectAll().execute()).toEqual(ordersBefore);
    expect((await db.selectFrom('games').select('current_phase').executeTakeFirstOrThrow()).current_phase).toBe('S1901M');
  });

  it.each([
    [
      'seat snapshot',
      `UPDATE phases SET game_snapshot = jsonb_set(game_snapshot, '{seats,0,status}', '"bogus"') WHERE phase_id = 'S1901M'`,
      'ROLLBACK S1901M FULL',
      /^StoredPhaseError: the stored seat snapshot of game \d+ phase S1901M does not fit at seats\.0\.status/,
    ],
    [
      'processed orders',
      `UPDATE phases SET results = jsonb_set(results, '{orders,0,submitted}', '"yes"') WHERE phase_id = 'S1901M'`,
      'ROLLBACK S1901M RESTORE',
      /^StoredPhaseError: the stored results of game \d+ phase S1901M does not fit at orders\.0\.submitted/,
    ],
  ])('refuses a ROLLBACK from a spoiled %s, naming it, and rolls nothing back', async (_what, spoil, command, logLine) => {
    const db = getStore().db;
    const store = createJudgeStore(db, { messageIdDomain: 'judge.example' });
    const game = await startHarnessGame(store);
    for (const [power, lines] of Object.entries(SPRING_1901_ORDERS)) await game.as(power, lines.join('\n'));
    expect((await db.selectFrom('games').select('current_phase').executeTakeFirstOrThrow()).current_phase).toBe('F1901M');
    await sql.raw(spoil).execute(db);
    const logged: string[] = [];
    const judge = new Judge(
      store,
      HARNESS_JUDGE,
      () => 0.3,
      () => new Date(),
      { error: (details) => logged.push(String(details.error)) },
    );

    const outcome = await judge.receive(inboundMail('gm@players.example', `SIGNON Mdemo gmpass\n${command}`));

    expect(outcome.status).toBe('failed');
    expect(logged).toEqual([expect.stringMatching(logLine)]);
    expect((await db.selectFrom('games').select('current_phase').executeTakeFirstOrThrow()).current_phase).toBe('F1901M');
  });
});
