import { expect, it } from 'vitest';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { eml } from './mail-builder.ts';

describeWithDatabase('inbound limits', (getStore) => {
  const judge = () =>
    new MailJudge(createJudgeStore(getStore().db, { messageIdDomain: 'judge.example' }), {
      address: 'judge@judge.example',
      name: 'dipjudge',
      code: 'DIP',
      maxMessageBytes: 4096,
      maxMailsPerHour: 3,
    });
  const replies = async () => getStore().db.selectFrom('outbox').selectAll().orderBy('id').execute();

  it('refuses an oversized mail with a reply that says the limit', async () => {
    const outcome = await judge().receive(eml({ from: 'big@players.example' }, `LIST\n${'x'.repeat(6000)}`));
    expect(outcome.status).toBe('rejected');
    const [reply] = await replies();
    expect(reply!.body).toMatch(/this judge accepts mail up to 4 KB\. Nothing in it was done/);
    expect((await getStore().db.selectFrom('inbound_mail').select('outcome').executeTakeFirstOrThrow()).outcome).toBe('rejected');
  });

  it('stops reading a sender past the hourly limit, answering only the first refused mail', async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await judge().receive(eml({ from: 'chatty@players.example' }, 'LIST'))).status);
    expect(statuses).toEqual(['processed', 'processed', 'processed', 'rejected', 'rejected']);
    const bodies = (await replies()).map((r) => r.body);
    expect(bodies).toHaveLength(4);
    expect(bodies[3]).toMatch(/more than 3 mails to this judge in the last hour/);
    expect((await judge().receive(eml({ from: 'calm@players.example' }, 'LIST'))).status).toBe('processed');
  });
});
