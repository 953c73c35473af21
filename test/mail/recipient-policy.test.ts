import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { DELIVERY_FAILURE_NOTICES } from '../../src/mail/delivery-failure-notice.ts';
import { senderAuthentication } from '../../src/mail/inbound-message.ts';
import { createSmtpSender, type MailTransport } from '../../src/mail/smtp-sender.ts';
import { closingLines, listUnsubscribe, withheldReason } from '../../src/mail/unsubscribe.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/store/schema.ts';
import { outboxQueue, recipientStandings } from '../../src/store/outbox-queue.ts';
import { describeEachDatabase } from '../support/databases.ts';

// Every mail the daemon sends gives its recipient a way out (issue 10): one copy per recipient
// with List-Unsubscribe and a closing STOP line holding the address's own token; stopped
// addresses get nothing, unproven ones at most the day's cap; a recipient whose server fails for a
// passing reason is queued again alone, so nobody gets the mail twice.

const JUDGE = { name: 'dipjudge', address: 'judge@judge.example' };
const TOKEN = 'abcdefghijkmnpqrst23';

describe('the way out, in words', () => {
  it('is a mailto with the token and a closing line saying the same', () => {
    expect(listUnsubscribe(JUDGE.address, TOKEN)).toBe(`<mailto:judge@judge.example?subject=STOP%20${TOKEN}>`);
    expect(closingLines(JUDGE.address, TOKEN)).toBe(
      `-- \nTo get no more mail from this judge at this address, send a mail to\njudge@judge.example with this line as its Subject:\nSTOP ${TOKEN}`,
    );
  });

  it('holds back stopped addresses, and unproven ones past the cap', () => {
    const standing = { token: TOKEN, stopped: false, proven: false, sentToday: 3 };
    expect(withheldReason(standing, 3)).toBeNull();
    expect(withheldReason({ ...standing, sentToday: 4 }, 3)).toMatch(/never proved itself/);
    expect(withheldReason({ ...standing, sentToday: 4, proven: true }, 3)).toBeNull();
    expect(withheldReason({ ...standing, stopped: true, proven: true }, 3)).toMatch(/asked to get no more mail/);
  });
});

describe("reading the judge's own mail server's Authentication-Results", () => {
  it.each([
    [['mx.judge.example; spf=pass smtp.mailfrom=a.example; dmarc=pass (p=reject) header.from=a.example'], 'pass'],
    [['mx.judge.example 1; spf=pass smtp.mailfrom=a.example; dmarc=fail header.from=a.example'], 'fail'],
    [['mx.judge.example; spf=fail smtp.mailfrom=a.example'], 'fail'],
    [['mx.judge.example; spf=softfail smtp.mailfrom=a.example'], null],
    [['MX.Judge.Example; dkim=pass header.d=a.example'], null],
    // A header the sender wrote, naming another server, is not read; the first of ours decides.
    [['evil.example; dmarc=pass', 'mx.judge.example; dmarc=fail', 'mx.judge.example; dmarc=pass'], 'fail'],
    [[], null],
  ])('%j is %s', (headers, verdict) => {
    expect(senderAuthentication(headers, 'mx.judge.example')).toBe(verdict);
  });
});

/** The SMTP sender with the recipient policy on the store, a daily cap of 3 for unproven addresses. */
function cappedSender(db: Kysely<Database>, transport: MailTransport, now: () => Date) {
  return createSmtpSender({
    queue: outboxQueue(db, DELIVERY_FAILURE_NOTICES),
    transport,
    from: JUDGE,
    workerId: 'w',
    now,
    backoff: () => 60_000,
    recipients: { standings: recipientStandings(db), judgeAddress: JUDGE.address, maxPerDayUnproven: 3 },
  });
}

describeEachDatabase('the sender with a recipient policy', (getStore) => {
  it('sends each recipient their own copy, holds back stopped and capped addresses, and queues a passing failure again alone', async () => {
    const { db } = getStore();
    const day = '2026-11-21';
    let now = new Date(`${day}T12:00:00Z`);
    await db
      .insertInto('mail_addresses')
      .values([
        { address: 'proven@players.example', token: 'provenprovenproven22', proven_at: now },
        { address: 'stopped@players.example', token: 'stoppedstoppedstopp2', proven_at: now, stopped_at: now },
        // Its day's game mail is used up (replies are counted apart: see the next test).
        { address: 'capped@players.example', token: 'cappedcappedcapped22', day, game_day_count: 3 },
      ])
      .execute();
    const row = await db
      .insertInto('outbox')
      .values({
        message_id: '<results-1@judge.example>',
        to_addresses: ['proven@players.example', 'stopped@players.example', 'fresh@players.example', 'capped@players.example', 'flaky@players.example'],
        subject: 'DIP:demo - S1901M Results',
        body: 'Results.\n',
        kind: 'results',
        next_attempt_at: new Date('2000-01-01T00:00:00Z'),
      })
      .returningAll()
      .executeTakeFirstOrThrow();

    const render = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const sent: { envelope: string[]; raw: Buffer }[] = [];
    let flakyFails = true;
    const transport: MailTransport = {
      async sendMail(mail: SendMailOptions) {
        const to = (mail.envelope as { to?: string[] } | undefined)?.to ?? (mail.to as string[]);
        if (flakyFails && to.includes('flaky@players.example')) throw Object.assign(new Error('451 try later'), { responseCode: 451, command: 'RCPT TO' });
        const info = await render.sendMail(mail);
        sent.push({ envelope: info.envelope.to, raw: info.message as Buffer });
        return {};
      },
    };
    const sender = cappedSender(db, transport, () => now);

    expect(await sender.drainOnce()).toEqual({ sent: 1, retried: 0, dead: 0 });
    expect(sent.map((s) => s.envelope)).toEqual([['proven@players.example'], ['fresh@players.example']]);
    const tokens = new Map((await db.selectFrom('mail_addresses').select(['address', 'token', 'game_day_count']).execute()).map((r) => [r.address, r]));
    for (const { envelope, raw } of sent) {
      const parsed = await simpleParser(raw);
      const token = tokens.get(envelope[0]!)!.token;
      expect(parsed.to).toMatchObject({ value: [{ address: envelope[0] }] });
      expect(raw.toString('utf8')).not.toMatch(
        /(stopped|capped|flaky|proven|fresh)@players\.example[\s\S]*(stopped|capped|flaky|proven|fresh)@players\.example.*\r\n\r\n/,
      );
      expect(raw.toString('utf8').replace(/\r\n[ \t]+/g, ' ')).toContain(`\r\nList-Unsubscribe: <mailto:judge@judge.example?subject=STOP%20${token}>\r\n`);
      expect(parsed.text).toBe(
        `Results.\n\n-- \nTo get no more mail from this judge at this address, send a mail to\njudge@judge.example with this line as its Subject:\nSTOP ${token}\n`,
      );
    }
    // The day's count: the capped address went past its 3, the others count this mail.
    expect(tokens.get('capped@players.example')!.game_day_count).toBe(4);
    expect(tokens.get('fresh@players.example')!.game_day_count).toBe(1);

    // The original row is sent; the flaky recipient waits on a row of its own.
    const rows = await db.selectFrom('outbox').select(['message_id', 'to_addresses', 'status', 'attempts', 'next_attempt_at']).orderBy('id').execute();
    expect(rows).toEqual([
      { message_id: row.message_id, to_addresses: row.to_addresses, status: 'sent', attempts: 1, next_attempt_at: row.next_attempt_at },
      {
        message_id: '<retry1.results-1@judge.example>',
        to_addresses: ['flaky@players.example'],
        status: 'pending',
        attempts: 1,
        next_attempt_at: new Date(now.getTime() + 60_000),
      },
    ]);

    // A minute later it goes through, to the flaky address alone, counted once today.
    flakyFails = false;
    now = new Date(now.getTime() + 60_000);
    sent.length = 0;
    expect(await sender.drainOnce()).toEqual({ sent: 1, retried: 0, dead: 0 });
    expect(sent.map((s) => s.envelope)).toEqual([['flaky@players.example']]);
    expect(
      (await db.selectFrom('mail_addresses').select('game_day_count').where('address', '=', 'flaky@players.example').executeTakeFirstOrThrow()).game_day_count,
    ).toBe(1);
    await sender.close();
  });

  it("counts replies apart from game mail: forged mail that used up an unproven player's replies leaves their results (issue 25)", async () => {
    const { db } = getStore();
    const now = new Date('2026-11-21T12:00:00Z');
    const player = 'joined@players.example';
    const row = (n: number, kind: string) => ({
      message_id: `<${kind}-${n}@judge.example>`,
      to_addresses: [player],
      subject: kind,
      body: `${kind} ${n}\n`,
      kind,
      next_attempt_at: new Date('2000-01-01T00:00:00Z'),
    });
    // Four forged mails "from" the player got their replies queued, then the game's results.
    await db
      .insertInto('outbox')
      .values([...[1, 2, 3, 4].map((n) => row(n, 'reply')), row(1, 'results'), row(2, 'notice')])
      .execute();
    const sent: string[] = [];
    const render = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const transport: MailTransport = {
      async sendMail(mail: SendMailOptions) {
        await render.sendMail(mail);
        sent.push(String(mail.text).split('\n')[0]!);
        return {};
      },
    };
    const sender = cappedSender(db, transport, () => now);
    while ((await sender.drainOnce()).sent > 0);
    await sender.close();
    // The sender claims rows in batches: which three replies go first is not the question.
    expect(sent.filter((text) => text.startsWith('reply'))).toHaveLength(3);
    expect(sent.filter((text) => !text.startsWith('reply')).sort()).toEqual(['notice 2', 'results 1']);
    expect(await db.selectFrom('mail_addresses').select(['day_count', 'game_day_count']).where('address', '=', player).executeTakeFirstOrThrow()).toEqual({
      day_count: 4,
      game_day_count: 2,
    });
  });
});
