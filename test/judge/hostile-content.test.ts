import { expect, it } from 'vitest';
import type { JudgeLog } from '../../src/judge/judge.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { TEST_JUDGE } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// Whatever bytes a mail holds, it is recorded and answered: NULs and other characters PostgreSQL
// text cannot hold never reach a statement, and a NUL in the decoded body reads as a space.

function capturingLog(): JudgeLog & { readonly lines: string[] } {
  const lines: string[] = [];
  return { lines, error: (details, message) => void lines.push(JSON.stringify({ ...details, message })) };
}

describeWithDatabase('hostile content', (getStore) => {
  const db = () => getStore().db;
  const judge = (log: JudgeLog = capturingLog()) =>
    new MailJudge(
      createJudgeStore(db(), { messageIdDomain: 'judge.example' }),
      TEST_JUDGE,
      () => 0.3,
      () => new Date(),
      log,
    );
  const outbox = () => db().selectFrom('outbox').select(['to_addresses', 'subject', 'body']).orderBy('id').execute();
  const inbound = () => db().selectFrom('inbound_mail').select(['message_id', 'subject', 'outcome']).orderBy('id').execute();

  it('answers a Subject that decodes to a NUL, keeping the rest of the subject', async () => {
    const log = capturingLog();
    const outcome = await judge(log).receive(eml({ from: 'ann@players.example', subject: '=?utf-8?B?aGkAdGhlcmU=?=' }, 'LIST'));
    expect(outcome.status).toBe('processed');
    const [reply] = await outbox();
    expect(reply!.to_addresses).toEqual(['ann@players.example']);
    expect(reply!.subject).toBe('Re: hi there');
    expect((await inbound())[0]!.subject).toBe('hi there');
    expect(log.lines).toEqual([]);
  });

  it('answers raw NULs in the Subject and the Message-ID', async () => {
    const raw = Buffer.from(eml({ from: 'bob@players.example', subject: 'a\0b', messageId: '<nul\0id@players.example>' }, 'LIST'), 'latin1');
    const outcome = await judge().receive(raw);
    expect(outcome.status).toBe('processed');
    expect(outcome.messageId).not.toContain('\0');
    expect(await outbox()).toHaveLength(1);
    expect(JSON.stringify(await inbound())).not.toContain('\\u0000');
    // The same mail again is the same mail.
    expect((await judge().receive(raw)).status).toBe('duplicate');
  });

  it('reads a NUL in the decoded body as a space (quoted-printable, base64, UTF-16)', async () => {
    const qp = eml({ from: 'qp@players.example', headers: { 'Content-Transfer-Encoding': 'quoted-printable' } }, 'LIST=00\nHELP=00=00');
    const b64 = eml({ from: 'b64@players.example', headers: { 'Content-Transfer-Encoding': 'base64' } }, Buffer.from('LIST\0\nHELP\0').toString('base64'));
    const utf16 = eml(
      { from: 'utf16@players.example', headers: { 'Content-Type': 'text/plain; charset=utf-16le', 'Content-Transfer-Encoding': 'base64' } },
      Buffer.from('LIST\nHELP\n', 'utf16le').toString('base64'),
    );
    for (const mail of [qp, b64, utf16]) expect((await judge().receive(mail)).status).toBe('processed');
    const replies = await outbox();
    expect(replies).toHaveLength(3);
    for (const reply of replies) {
      expect(reply.body).not.toContain('could not handle');
      expect(reply.body).toContain('HELP');
      expect(reply.body).not.toContain('\0');
    }
  });

  it('answers a lone surrogate and other control characters in headers', async () => {
    const mail = eml({ from: 'eve@players.example', subject: `=?utf-8?B?${Buffer.from([0xed, 0xa0, 0x80, 0x41]).toString('base64')}?= \u0001\u007f` }, 'LIST');
    expect((await judge().receive(mail)).status).toBe('processed');
    expect(await outbox()).toHaveLength(1);
  });
});
