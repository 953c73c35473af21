import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DELIVERY_FAILURE_NOTICES } from '../../src/mail/delivery-failure-notice.ts';
import { senderAuthentication } from '../../src/mail/inbound-message.ts';
import { createSmtpSender, type MailTransport } from '../../src/mail/smtp-sender.ts';
import { closingLines, listUnsubscribe, withheldReason } from '../../src/mail/unsubscribe.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/store/schema.ts';
import { outboxQueue, recipientStandings } from '../../src/store/outbox-queue.ts';
import { checkRecipients, type RecipientCheck, type RecipientState } from '../../src/store/mail-address-store.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.ts';

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

// The SMTP sender checks a round's recipients (the rows it claimed) in one statement (issue 35),
// and the round must come out as the same checks made one row after the other in claim order.
describeEachDatabase("one check of a round's recipients", (getStore) => {
  const day = '2026-11-21';
  const at = new Date(`${day}T12:00:00Z`);
  let capture: SmtpCapture;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeEach(async () => {
    capture = await startSmtpCapture();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await capture.close();
  });

  /** A sender to the capture with a cap of 3 a day for unproven addresses, its policy on `policyDb`. */
  function roundSender(db: Kysely<Database>, options: { policyDb?: Kysely<Database>; workerId?: string; transport?: MailTransport; now?: () => Date } = {}) {
    const pooled = nodemailer.createTransport({ host: capture.host, port: capture.port, secure: false, pool: true, maxConnections: 2 });
    cleanups.push(() => pooled.close());
    const sender = createSmtpSender({
      queue: outboxQueue(db, DELIVERY_FAILURE_NOTICES),
      transport: options.transport ?? pooled,
      from: JUDGE,
      workerId: options.workerId ?? 'w',
      batchSize: 20,
      leaseSeconds: 60,
      now: options.now ?? (() => at),
      backoff: () => 60_000,
      recipients: { standings: recipientStandings(options.policyDb ?? db), judgeAddress: JUDGE.address, maxPerDayUnproven: 3 },
    });
    cleanups.push(() => sender.close());
    return { sender, pooled };
  }

  /** Queues a row, due `order` seconds into 2000 so the claim takes the rows in that order. */
  async function queueRow(db: Kysely<Database>, order: number, to: string[], kind: string, attempts = 0) {
    return db
      .insertInto('outbox')
      .values({
        message_id: `<${kind}-${order}@judge.example>`,
        to_addresses: to,
        subject: `${kind} ${order}`,
        body: `${kind} ${order}\n`,
        kind,
        attempts,
        next_attempt_at: new Date(Date.UTC(2000, 0, 1, 0, 0, order)),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async function dayCounts(db: Kysely<Database>) {
    const rows = await db.selectFrom('mail_addresses').select(['address', 'token', 'day_count', 'game_day_count']).orderBy('address').execute();
    return new Map(rows.map((row) => [row.address, row]));
  }

  it('sends 3 of 5 replies of one round to one stranger (cap 3), counts game mail apart, skips a stopped address, in one statement', async () => {
    const { db } = getStore();
    await db
      .insertInto('mail_addresses')
      .values([
        { address: 'proven@players.example', token: 'provenprovenproven22', proven_at: at },
        { address: 'stopped@players.example', token: 'stoppedstoppedstopp2', day, day_count: 1, stopped_at: at },
      ])
      .execute();
    const stranger = 'Stranger@Elsewhere.example';
    for (const n of [1, 2, 3]) await queueRow(db, n, [stranger, 'proven@players.example'], 'reply');
    await queueRow(db, 4, [stranger], 'results');
    for (const n of [5, 6]) await queueRow(db, n, [stranger, 'stopped@players.example'], 'reply');
    // Observes the statements on the recipients' table; the database underneath is the real one.
    const statements: string[] = [];
    const observed = db.withPlugin({
      transformQuery: ({ node }) => {
        if (node.kind === 'RawNode' && node.sqlFragments.join('?').includes('mail_addresses')) statements.push(node.sqlFragments.join('?'));
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const { sender } = roundSender(db, { policyDb: observed });

    expect(await sender.drainOnce()).toEqual({ sent: 6, retried: 0, dead: 0 });
    expect(statements).toHaveLength(1);
    const captured = await capture.waitFor(7);
    const got = (address: string) =>
      captured
        .filter((message) => message.envelope.to.some((to) => to.toLowerCase() === address))
        .map((message) => message.parsed.subject)
        .sort();
    // The first three replies in claim order, and the results, which go on the game mail's day.
    expect(got('stranger@elsewhere.example')).toEqual(['reply 1', 'reply 2', 'reply 3', 'results 4']);
    expect(got('proven@players.example')).toEqual(['reply 1', 'reply 2', 'reply 3']);
    expect(got('stopped@players.example')).toEqual([]);
    const counts = await dayCounts(db);
    expect(counts.get('stranger@elsewhere.example')).toMatchObject({ day_count: 5, game_day_count: 1 });
    expect(counts.get('proven@players.example')).toMatchObject({ day_count: 3, game_day_count: 0 });
    expect(counts.get('stopped@players.example')).toMatchObject({ day_count: 1, game_day_count: 0 });
    // Each copy carries its own recipient's way out.
    for (const message of captured) {
      const [address] = message.envelope.to;
      expect(message.envelope.to).toHaveLength(1);
      const token = counts.get(address!.toLowerCase())!.token;
      expect(message.raw.toString('utf8').replace(/\r\n[ \t]+/g, ' ')).toContain(
        `\r\nList-Unsubscribe: <mailto:judge@judge.example?subject=STOP%20${token}>\r\n`,
      );
      expect(message.parsed.text).toContain(`STOP ${token}`);
    }
    expect((await db.selectFrom('outbox').select('status').distinct().execute()).map((row) => row.status)).toEqual(['sent']);
  });

  it('lets a retry in the round see the mails counted before it without counting it, and counts an address first met on a retry once', async () => {
    const { db } = getStore();
    await db.insertInto('mail_addresses').values({ address: 'stranger@elsewhere.example', token: 'strangerstrangerstr2', day, game_day_count: 2 }).execute();
    await queueRow(db, 1, ['stranger@elsewhere.example'], 'results'); // counted: 3, sent
    await queueRow(db, 2, ['stranger@elsewhere.example'], 'notice', 1); // a retry: sees 3, not counted, sent
    await queueRow(db, 3, ['stranger@elsewhere.example'], 'press'); // counted: 4, held back
    await queueRow(db, 4, ['newcomer@elsewhere.example'], 'notice', 2); // met first on a retry: counted, 1
    await queueRow(db, 5, ['newcomer@elsewhere.example'], 'notice', 1); // a retry: sees 1
    const { sender } = roundSender(db);
    expect(await sender.drainOnce()).toEqual({ sent: 5, retried: 0, dead: 0 });
    const captured = await capture.waitFor(4);
    expect(captured.map((message) => `${message.envelope.to[0]} ${message.parsed.subject}`).sort()).toEqual([
      'newcomer@elsewhere.example notice 4',
      'newcomer@elsewhere.example notice 5',
      'stranger@elsewhere.example notice 2',
      'stranger@elsewhere.example results 1',
    ]);
    const counts = await dayCounts(db);
    expect(counts.get('stranger@elsewhere.example')).toMatchObject({ day_count: 0, game_day_count: 4 });
    expect(counts.get('newcomer@elsewhere.example')).toMatchObject({ day_count: 0, game_day_count: 1 });
  });

  it('gives the same standings and counts for a round as for its mails checked one by one', async () => {
    const { db } = getStore();
    const seed = async () => {
      await db.deleteFrom('mail_addresses').execute();
      await db
        .insertInto('mail_addresses')
        .values([
          { address: 'a@x.example', token: 'aaaaaaaaaaaaaaaaaaa2', day, day_count: 2, game_day_count: 1 },
          // Counted yesterday: today starts again from nothing.
          { address: 'b@x.example', token: 'bbbbbbbbbbbbbbbbbbb2', day: '2026-11-20', day_count: 9, game_day_count: 9 },
          { address: 'c@x.example', token: 'ccccccccccccccccccc2', proven_at: at, day, day_count: 7 },
          { address: 'd@x.example', token: 'ddddddddddddddddddd2', stopped_at: at, day: '2026-11-20', day_count: 4 },
        ])
        .execute();
    };
    const mails: RecipientCheck[] = [
      { addresses: ['a@x.example', 'B@x.example', 'new1@x.example'], count: true, daily: 'replies' },
      { addresses: ['a@x.example', 'a@X.example', 'd@x.example'], count: false, daily: 'replies' },
      { addresses: ['new2@x.example', 'b@x.example'], count: false, daily: 'game' },
      { addresses: ['new2@x.example', 'c@x.example', 'd@x.example'], count: true, daily: 'game' },
      { addresses: ['a@x.example', 'new1@x.example', 'new2@x.example'], count: true, daily: 'replies' },
      { addresses: [], count: true, daily: 'game' },
      { addresses: ['new3@x.example'], count: false, daily: 'replies' },
      { addresses: ['new3@x.example', 'b@x.example'], count: false, daily: 'replies' },
    ];
    const table = async () =>
      (await db.selectFrom('mail_addresses').select(['address', 'day', 'day_count', 'game_day_count']).orderBy('address').execute()).map((row) => ({ ...row }));
    const withoutNewTokens = (states: readonly Map<string, RecipientState>[]) =>
      states.map((state) => [...state.values()].map(({ token, ...rest }) => ({ ...rest, token: rest.address.startsWith('new') ? 'new' : token })));

    await seed();
    const round = await checkRecipients(db, mails, at);
    const afterRound = await table();
    await seed();
    const oneByOne: Map<string, RecipientState>[] = [];
    for (const mail of mails) oneByOne.push(...(await checkRecipients(db, [mail], at)));
    expect(withoutNewTokens(round)).toEqual(withoutNewTokens(oneByOne));
    expect(afterRound).toEqual(await table());
    // The figures themselves, so the comparison is not between two equal mistakes.
    expect(round.map((state) => Object.fromEntries([...state].map(([address, s]) => [address, s.sentToday])))).toEqual([
      { 'a@x.example': 3, 'b@x.example': 1, 'new1@x.example': 1 },
      { 'a@x.example': 3, 'd@x.example': 0 },
      { 'new2@x.example': 1, 'b@x.example': 0 },
      { 'new2@x.example': 2, 'c@x.example': 1, 'd@x.example': 0 },
      { 'a@x.example': 4, 'new1@x.example': 2, 'new2@x.example': 1 },
      {},
      { 'new3@x.example': 1 },
      { 'new3@x.example': 1, 'b@x.example': 1 },
    ]);
    expect(afterRound).toEqual([
      { address: 'a@x.example', day, day_count: 4, game_day_count: 1 },
      { address: 'b@x.example', day, day_count: 1, game_day_count: 0 },
      { address: 'c@x.example', day, day_count: 7, game_day_count: 1 },
      // Stopped: not counted, though its day is set as a count would.
      { address: 'd@x.example', day, day_count: 4, game_day_count: 0 },
      { address: 'new1@x.example', day, day_count: 2, game_day_count: 0 },
      { address: 'new2@x.example', day, day_count: 1, game_day_count: 2 },
      { address: 'new3@x.example', day, day_count: 1, game_day_count: 0 },
    ]);
  });

  it('after a sender dies mid-round, sends what it had not sent once, and nothing it had sent again', async () => {
    const { db } = getStore();
    for (const n of [1, 2, 3, 4]) await queueRow(db, n, [`player${n}@players.example`], 'results');
    let now = at;
    // The first sender hands two mails to the server, then hangs for good: a process that died.
    const real = nodemailer.createTransport({ host: capture.host, port: capture.port, secure: false });
    cleanups.push(() => real.close());
    let handed = 0;
    const dying: MailTransport = {
      sendMail: (mail) => (++handed <= 2 ? real.sendMail(mail) : new Promise(() => undefined)),
    };
    const first = roundSender(db, { workerId: 'first', transport: dying, now: () => now });
    void first.sender.drainOnce();
    await expect.poll(async () => (await db.selectFrom('outbox').select('id').where('status', '=', 'sent').execute()).length).toBe(2);

    // Once the lease is up another sender takes the two it left.
    now = new Date(at.getTime() + 61_000);
    const second = roundSender(db, { workerId: 'second', now: () => now });
    expect(await second.sender.drainOnce()).toEqual({ sent: 2, retried: 0, dead: 0 });
    const captured = await capture.waitFor(4);
    expect(captured.map((message) => message.parsed.subject).sort()).toEqual(['results 1', 'results 2', 'results 3', 'results 4']);
    expect((await db.selectFrom('outbox').select('status').distinct().execute()).map((row) => row.status)).toEqual(['sent']);
    // As when each row was counted just before it was sent: the two the dead sender counted and
    // never sent are counted again when they are sent.
    const counts = await dayCounts(db);
    expect([1, 2, 3, 4].map((n) => counts.get(`player${n}@players.example`)!.game_day_count)).toEqual([1, 1, 2, 2]);
  });
});
