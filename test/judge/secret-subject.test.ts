import { expect, it } from 'vitest';
import type { JudgeLog } from '../../src/judge/judge.ts';
import { secretFreeSubject } from '../../src/judge/mail/secret-free-subject.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { TEST_JUDGE } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

it('masks the subject’s own password and every body password found in it', () => {
  expect(secretFreeSubject('SIGNON Fdemo hunter2', '')).toBe('SIGNON Fdemo ****');
  expect(secretFreeSubject('Re: JOIN demo hunter2', '')).toBe('Re: JOIN demo ****');
  expect(secretFreeSubject('my password is hunter2, right?', 'JOIN demo hunter2\nLIST')).toBe('my password is **** right?');
  expect(secretFreeSubject('orders for demo', 'SIGNON Fdemo hunter2\nA Par - Bur')).toBe('orders for demo');
  expect(secretFreeSubject('orders', 'LIST')).toBe('orders');
  // Found by the fuzz run: the body's password glued to undecodable text; the subject holds its start.
  expect(secretFreeSubject('my password is zqpwwfxebhyk', 'JOIN g1 zqpwwfxebhyk\u1cc7\uc771')).toBe('my password is ****');
  // …also when that text makes the line huge (fuzz seed 20261125, mail 912: 93,777 characters).
  expect(secretFreeSubject('my password is zqpwxatjseva', `JOIN nosuch zqpwxatjseva${'\u1cc7\uc771\u711c'.repeat(31_000)}`)).toBe('my password is ****');
});

describeWithDatabase('a password in the Subject', (getStore) => {
  it('reaches neither the reply, nor the record of the mail, nor the log', async () => {
    const lines: string[] = [];
    const log: JudgeLog = { error: (details, message) => void lines.push(JSON.stringify({ details, message })) };
    const judge = new MailJudge(
      createJudgeStore(getStore().db, { messageIdDomain: 'judge.example' }),
      TEST_JUDGE,
      () => 0.3,
      () => new Date(),
      log,
    );
    await judge.receive(eml({ from: 'gm@players.example', subject: 'CREATE demo s3cretword' }, 'CREATE demo s3cretword\nFORM'));
    await judge.receive(eml({ from: 'ann@players.example', subject: 'Re: signon with hunter2x' }, 'SIGNON Fdemo hunter2x\nLIST'));
    const rows = await getStore().db.selectFrom('outbox').select(['subject', 'body']).execute();
    const inbound = await getStore().db.selectFrom('inbound_mail').select('subject').execute();
    const everything = JSON.stringify([rows, inbound, lines]);
    expect(everything).not.toContain('s3cretword');
    expect(everything).not.toContain('hunter2x');
    expect(rows.map((r) => r.subject)).toEqual(expect.arrayContaining(['Re: DIP:demo CREATE demo ****', 'Re: [Error Flag] DIP:demo signon with ****']));
  });
});
