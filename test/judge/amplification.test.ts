import { expect, it } from 'vitest';
import { DEFAULT_MAX_REPLY_BYTES } from '../../src/judge/judge.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { TEST_JUDGE } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// The judge is no amplifier: the hourly limit counts every address a reply goes to, and a reply
// never grows past its cap however many commands a mail holds.

describeWithDatabase('amplification', (getStore) => {
  const db = () => getStore().db;
  const judge = (extra: { maxMailsPerHour?: number; maxReplyBytes?: number } = {}) =>
    new MailJudge(createJudgeStore(db(), { messageIdDomain: 'judge.example' }), { ...TEST_JUDGE, maxMailsPerHour: 3, ...extra });
  const outbox = () => db().selectFrom('outbox').select(['to_addresses', 'body']).orderBy('id').execute();

  it('counts mails whose replies go to one address against that address, whatever their From', async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 12; i++) {
      const headers: Record<string, string> = i % 2 === 0 ? { 'Reply-To': 'victim@players.example' } : { 'Resent-From': 'victim@players.example' };
      statuses.push((await judge().receive(eml({ from: `forger${i}@spoof.example`, headers }, 'HELP'))).status);
    }
    expect(statuses).toEqual(['processed', 'processed', 'processed', ...Array(9).fill('rejected')]);
    const toVictim = (await outbox()).filter((m) => m.to_addresses.includes('victim@players.example'));
    expect(toVictim).toHaveLength(4);
    expect(toVictim[3]!.body).toMatch(/more than 3 mails to this judge in the last hour/);
    // The victim's own mail is refused too this hour (the count is the victim's), and a bystander is not.
    expect((await judge().receive(eml({ from: 'victim@players.example' }, 'LIST'))).status).toBe('rejected');
    expect((await judge().receive(eml({ from: 'bystander@players.example' }, 'LIST'))).status).toBe('processed');
  });

  it('answers a repeated information command once and says so', async () => {
    const body = Array(43_000).fill('HELP').join('\n');
    expect((await judge().receive(eml({ from: 'helpful@players.example' }, body))).status).toBe('processed');
    const [reply] = await outbox();
    expect(Buffer.byteLength(reply!.body)).toBeLessThan(DEFAULT_MAX_REPLY_BYTES);
    expect(reply!.body).toContain('42999 repeated information commands were answered once, above.');
    const helpTitle = /^\S.*$/m.exec(reply!.body)![0];
    expect(reply!.body.split(helpTitle).length - 1).toBe(1);
  });

  it('cuts a reply at its cap with one line saying what was left out', async () => {
    // HELP and ten refused blocks (a mail reads no more than ten blocks naming a game) outgrow 4 KB.
    const body = ['HELP', ...Array.from({ length: 10 }, (_, i) => `OBSERVE nosuchgame${i} password`)].join('\n\n');
    expect((await judge({ maxReplyBytes: 4096 }).receive(eml({ from: 'curious@players.example' }, body))).status).toBe('processed');
    const [reply] = await outbox();
    expect(Buffer.byteLength(reply!.body)).toBeLessThanOrEqual(4096);
    expect(reply!.body).toMatch(/was left out: a reply from this judge is at most 4 KB\. All the commands of your mail were handled/);
  });
});
