import { expect, it } from 'vitest';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { runGameEventsUntil, startGame, TEST_JUDGE } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// njudge's PROCESS for games that are not being played: a forming game mails its followers every
// week with the number of players it still waits for, until it starts; a game the Master paused
// reminds the Master every three days, until ACTIVATE.

const START = new Date('2004-01-05T16:00:00Z');
const DAY = 24 * 3_600_000;
const GM = 'gm@players.example';

describeWithDatabase('reminders for forming and paused games', (getStore) => {
  let now = START;
  const clock = () => now;
  const db = () => getStore().db;
  const notices = (subjectLike: string) =>
    db()
      .selectFrom('outbox')
      .select(['to_addresses', 'subject', 'body', 'created_at'])
      .where('kind', '=', 'notice')
      .where('subject', 'like', subjectLike)
      .orderBy('id')
      .execute();
  const later = (days: number) => new Date(now.getTime() + days * DAY);
  const runFor = (days: number) => runGameEventsUntil(db(), later(days), (at) => void (now = at));

  it('a forming game tells its Master and players weekly how many players it lacks, until it starts', async () => {
    now = START;
    const judge = new MailJudge(createJudgeStore(db(), { messageIdDomain: 'judge.example' }), TEST_JUDGE, () => 0.3, clock);
    await judge.receive(eml({ from: GM }, 'CREATE demo gmpass\nRULE REAL_TIME\nFORM'));
    for (let i = 1; i <= 3; i++) await judge.receive(eml({ from: `p${i}@players.example` }, `JOIN demo pw${i}`));

    await runFor(6);
    expect(await notices('%Waiting for%player%')).toEqual([]);
    await runFor(1);
    const [first] = await notices('%Waiting for 4 players%');
    expect([...first!.to_addresses].sort()).toEqual([GM, 'p1@players.example', 'p2@players.example', 'p3@players.example']);
    expect(first!.body).toMatch(/is still forming: it waits for 4 more players/);
    expect(first!.body).toMatch(/JOIN demo <password>/);

    await judge.receive(eml({ from: 'p4@players.example' }, 'JOIN demo pw4'));
    await runFor(7);
    expect(await notices('%Waiting for 3 players%')).toHaveLength(1);

    for (let i = 5; i <= 7; i++) await judge.receive(eml({ from: `p${i}@players.example` }, `JOIN demo pw${i}`));
    expect((await db().selectFrom('games').select('status').executeTakeFirstOrThrow()).status).toBe('active');
    const open = await db().selectFrom('jobs').select('kind').where('done_at', 'is', null).execute();
    expect(open.map((j) => j.kind)).not.toContain('forming');
  });

  it('a paused game reminds only its Master every three days, until ACTIVATE', async () => {
    now = START;
    const played = await startGame(db(), '', clock);
    await played.judge.receive(eml({ from: GM }, 'SIGNON Mdemo gmpass\nWAIT'));

    await runFor(7);
    const reminders = await notices('%Game paused%');
    expect(reminders).toHaveLength(2);
    for (const reminder of reminders) {
      expect(reminder.to_addresses).toEqual([GM]);
      expect(reminder.body).toMatch(/is paused: nothing is processed until you ACTIVATE it/);
    }

    await played.judge.receive(eml({ from: GM }, 'SIGNON Mdemo gmpass\nACTIVATE'));
    expect((await db().selectFrom('games').select('status').executeTakeFirstOrThrow()).status).toBe('active');
    await runFor(10);
    expect(await notices('%Game paused%')).toHaveLength(2);
  });
});
