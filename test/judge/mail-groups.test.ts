import { expect, it } from 'vitest';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { TEST_JUDGE } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// Judge.receiveAll: several mails in one transaction, as the daemon hands over a burst. Each mail
// must come out exactly as if it had been received alone, in the same order; and the group is
// all or nothing, so a mail the judge fails on can be found by receiving the mails one by one.

function brokenRandom(): number {
  throw new Error('the random source is unavailable');
}

describeWithDatabase('a group of mails in one transaction', (getStore) => {
  const db = () => getStore().db;
  const failures: string[] = [];
  const judgeWith = (options: { random?: () => number; maxMailsPerHour?: number } = {}) =>
    new MailJudge(
      createJudgeStore(db(), { messageIdDomain: 'judge.example' }),
      { ...TEST_JUDGE, ...(options.maxMailsPerHour ? { maxMailsPerHour: options.maxMailsPerHour } : {}) },
      options.random ?? (() => 0.3),
      () => new Date(),
      { error: (details) => void failures.push(String(details.messageId)) },
    );
  const replies = () => db().selectFrom('outbox').select(['to_addresses', 'subject', 'body']).where('kind', '=', 'reply').orderBy('id').execute();
  const mail = (from: string, id: string, body: string) => ({ raw: eml({ from, subject: id, messageId: `<${id}@players.example>` }, body) });

  it('handles each mail as if it came alone, in order: later mails see what earlier ones did', async () => {
    const outcomes = await judgeWith().receiveAll([
      mail('gm@players.example', 'create', 'CREATE demo gmpass\nFORM'),
      mail('ann@players.example', 'join', 'JOIN demo annpw'),
      mail('bob@players.example', 'list', 'LIST demo'),
      mail('bob@players.example', 'list', 'LIST demo'), // the same Message-ID twice in one group
      {
        raw: eml(
          { from: 'MAILER-DAEMON@players.example', messageId: '<bounce@players.example>', headers: { 'Auto-Submitted': 'auto-replied' } },
          'Undeliverable',
        ),
      },
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['processed', 'processed', 'processed', 'duplicate', 'ignored']);
    const answered = await replies();
    expect(answered.map((r) => [r.to_addresses, r.subject])).toEqual([
      [['gm@players.example'], 'Re: DIP:demo create'],
      [['ann@players.example'], 'Re: DIP:demo join'],
      [['bob@players.example'], 'Re: list'],
    ]);
    expect(answered[2]!.body).toMatch(/1 of 7 players have joined/);
    const inbound = await db().selectFrom('inbound_mail').select(['message_id', 'outcome']).orderBy('id').execute();
    expect(inbound.map((r) => r.outcome)).toEqual(['processed', 'processed', 'processed', 'ignored']);
    // The group again (the daemon crashed before moving it): nothing new at all.
    const again = await judgeWith().receiveAll([
      mail('gm@players.example', 'create', 'CREATE demo gmpass\nFORM'),
      mail('bob@players.example', 'list', 'LIST demo'),
    ]);
    expect(again.map((o) => o.status)).toEqual(['duplicate', 'duplicate']);
    expect(await replies()).toHaveLength(3);
  });

  it('checks a password against what earlier mails of the group made of it', async () => {
    const judge = judgeWith();
    await judge.receive(eml({ from: 'gm@players.example' }, 'CREATE demo gmpass\nFORM'));
    const outcomes = await judge.receiveAll([
      mail('gm@players.example', 'change', 'SIGNON Mdemo gmpass\nSET PASSWORD newpass'),
      mail('gm@players.example', 'old', 'SIGNON Mdemo gmpass\nSET UNLISTED'),
      mail('gm@players.example', 'new', 'SIGNON Mdemo newpass\nSET UNLISTED'),
    ]);
    expect(outcomes.map((o) => o.status === 'processed' && o.failedBlocks)).toEqual([0, 1, 0]);
    const bodies = (await replies()).slice(-3).map((r) => r.body);
    expect(bodies).toEqual([
      expect.stringMatching(/Your password has been changed/),
      expect.stringMatching(/Invalid game, power or password/),
      expect.stringMatching(/Game 'demo' is now unlisted/),
    ]);
  });

  it('counts the hourly limit across the group, answering only the first mail over it', async () => {
    const outcomes = await judgeWith({ maxMailsPerHour: 2 }).receiveAll(['1', '2', '3', '4'].map((n) => mail('robot@players.example', `r${n}`, 'LIST')));
    expect(outcomes.map((o) => o.status)).toEqual(['processed', 'processed', 'rejected', 'rejected']);
    expect((await replies()).map((r) => r.subject)).toEqual(['Re: r1', 'Re: r2', 'Re: r3']);
  });

  it('is all or nothing: when the judge fails on one mail nothing of the group stands, and one by one only that mail fails', async () => {
    const setUp = judgeWith();
    await setUp.receive(eml({ from: 'gm@players.example' }, 'CREATE demo gmpass\nFORM'));
    for (let i = 1; i <= 6; i++) await setUp.receive(eml({ from: `p${i}@players.example` }, `JOIN demo pw${i}`));
    const before = { games: await db().selectFrom('games').selectAll().execute(), replies: await replies() };
    // The seventh JOIN starts the game, which draws the powers from the broken random source.
    const group = [
      mail('x@players.example', 'first', 'LIST'),
      mail('p7@players.example', 'seventh', 'JOIN demo pw7'),
      mail('y@players.example', 'last', 'LIST'),
    ];
    const broken = judgeWith({ random: brokenRandom });

    await expect(broken.receiveAll(group)).rejects.toThrow('the random source is unavailable');
    expect({ games: await db().selectFrom('games').selectAll().execute(), replies: await replies() }).toEqual(before);
    expect(
      await db().selectFrom('inbound_mail').select('message_id').where('message_id', 'in', ['<first@players.example>', '<last@players.example>']).execute(),
    ).toEqual([]);

    const alone = [];
    for (const { raw } of group) alone.push((await broken.receive(raw)).status);
    expect(alone).toEqual(['processed', 'failed', 'processed']);
    expect(failures.splice(0)).toEqual(['<seventh@players.example>']);
  });
});
