import nodemailer from 'nodemailer';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DELIVERY_FAILURE_NOTICES } from '../../src/mail/delivery-failure-notice.ts';
import { createSmtpSender } from '../../src/mail/smtp-sender.ts';
import { outboxQueue } from '../../src/store/outbox-queue.ts';
import type { MailTransport, SenderLogger } from '../../src/mail/smtp-sender.ts';
import type { Database } from '../../src/store/index.ts';
import type { Kysely } from 'kysely';
import { describeEachDatabase } from '../support/databases.ts';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.ts';

// The sender loop's pacing: a wake finds the sender idle and sends at once; wakes that come
// while a round is in hand are served together by the next round, one claim for all of them,
// so a burst of replies does not cost a claim, an UPDATE and a log line per mail.

const JUDGE = { name: 'Diplomacy Judge', address: 'judge@judge.example.test' } as const;
let rowNumber = 0;

async function queue(db: Kysely<Database>): Promise<void> {
  rowNumber += 1;
  await db
    .insertInto('outbox')
    .values({
      message_id: `<pacing-${rowNumber}.${Date.now()}@judge.example.test>`,
      to_addresses: [`player${rowNumber}@example.test`],
      subject: `Reply ${rowNumber}`,
      body: `Body ${rowNumber}.\n`,
      kind: 'reply',
      next_attempt_at: new Date(Date.UTC(2000, 0, 1)),
    })
    .execute();
}

describeEachDatabase('SMTP sender pacing', (getStore) => {
  let capture: SmtpCapture;
  let transport: MailTransport & { close(): void };
  beforeEach(async () => {
    capture = await startSmtpCapture();
    transport = nodemailer.createTransport({ host: capture.host, port: capture.port, secure: false, pool: true, maxConnections: 2 });
  });
  afterEach(async () => {
    transport.close();
    await capture.close();
  });

  it('sends a lone mail at once and the mail queued during a round in one claim', async () => {
    const { db } = getStore();
    const rounds: number[] = [];
    const logger: SenderLogger = {
      info: (bindings, message) => {
        if (message === 'outbox batch done') rounds.push((bindings as { claimed: number }).claimed);
      },
      warn: () => undefined,
      error: () => undefined,
    };
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let sends = 0;
    const held: MailTransport = {
      async sendMail(mail) {
        sends += 1;
        if (sends === 2) await gate; // the second round's first mail waits until released
        return transport.sendMail(mail);
      },
    };
    const sender = createSmtpSender({ queue: outboxQueue(db, DELIVERY_FAILURE_NOTICES), from: JUDGE, workerId: 'pacing', logger, transport: held });
    // The interval is long beside a loaded machine's insert-and-send (over 1 s at load 20), so the
    // first check tells "sent at once" from "sent after the interval" however busy the machine is.
    const loop = sender.start({ pollMs: 60_000, roundIntervalMs: 4_000 });
    try {
      const started = Date.now();
      await queue(db);
      loop.wake();
      await capture.waitFor(1);
      // a lone mail waits neither for the interval nor for the minute-long poll
      expect(Date.now() - started).toBeLessThan(4_000);

      // the sender is idle again once that round is done: this wake starts a round at once
      // (not after the minute-long poll), held at SMTP; the polls allow 10 s, far from that minute,
      // so a loaded machine's slow round does not pass for a missed wake
      await expect.poll(() => rounds, { timeout: 10_000 }).toEqual([1]);
      await queue(db);
      loop.wake();
      await expect.poll(() => sends, { timeout: 10_000 }).toBe(2);
      await queue(db); // queued and announced while that round is in hand
      loop.wake();
      release();
      await expect.poll(() => rounds, { timeout: 10_000 }).toEqual([1, 1]);
      // the round is over, the interval is not: mail queued now joins the one still waiting
      await queue(db);
      loop.wake();
      await queue(db);
      loop.wake();
      await capture.waitFor(5);
      await expect.poll(() => rounds, { timeout: 10_000 }).toEqual([1, 1, 3]);
    } finally {
      await loop.stop();
      await sender.close();
    }
    expect(await db.selectFrom('outbox').select('status').where('status', '!=', 'sent').execute()).toEqual([]);
  });
});
