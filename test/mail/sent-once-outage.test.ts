import nodemailer from 'nodemailer';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DELIVERY_FAILURE_NOTICES } from '../../src/mail/delivery-failure-notice.ts';
import { createSmtpSender, type MailTransport } from '../../src/mail/smtp-sender.ts';
import { openStore, type Store } from '../../src/store/index.ts';
import { outboxQueue } from '../../src/store/outbox-queue.ts';
import type { ScratchDatabase } from '../support/scratch-postgres.ts';
import { migratedScratchDatabase } from '../support/postgres-template.ts';
import { startSmtpCapture } from '../support/smtp-capture.ts';

// Sent means sent once: PostgreSQL drops the sender's connections the moment the SMTP server
// has said 250 (a real outage of the database, on a real server), so the "sent" update fails.
// It is retried until the database answers; the mail is not sent again when its lease runs out.

let scratch: ScratchDatabase;
let store: Store;
beforeAll(async () => {
  scratch = await migratedScratchDatabase('dipjudge_sent_once');
  store = await openStore({ databaseUrl: scratch.url });
});
afterAll(async () => {
  await store?.close();
  await scratch?.drop();
});

it('retries marking a mail sent after the 250 until PostgreSQL answers again, and never sends it twice', { timeout: 60_000 }, async () => {
  const capture = await startSmtpCapture();
  const smtp = nodemailer.createTransport({ host: capture.host, port: capture.port, secure: false });
  const admin = new pg.Client({ connectionString: scratch.url });
  await admin.connect();
  let outages = 0;
  let outage: Promise<void> = Promise.resolve();
  // The SMTP transport itself is real; right after its 250 the database ends every other session,
  // again and again for a second and a half: a reconnecting client finds it gone too.
  const transport: MailTransport = {
    sendMail: async (mail) => {
      const info = await smtp.sendMail(mail);
      outages++;
      outage = (async () => {
        const until = Date.now() + 1500;
        while (Date.now() < until) {
          await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 50));
      return info;
    },
  };
  let time = Date.now();
  const sender = createSmtpSender({
    queue: outboxQueue(store.db, DELIVERY_FAILURE_NOTICES),
    from: { name: 'dipjudge', address: 'judge@judge.example' },
    workerId: 'w1',
    leaseSeconds: 60,
    now: () => new Date(time),
    transport,
  });
  try {
    await store.db
      .insertInto('outbox')
      .values({
        message_id: '<once@judge.example>',
        to_addresses: ['ann@players.example'],
        subject: 'Re: orders',
        body: 'ok\n',
        kind: 'reply',
        next_attempt_at: new Date(2000, 0, 1),
      })
      .execute();
    // The pool's connection is dropped under the claim's feet only after the 250, so the claim works.
    expect(await sender.drainOnce()).toEqual({ sent: 1, retried: 0, dead: 0 });
    expect(outages).toBe(1);
    await outage;
    expect(await store.db.selectFrom('outbox').select(['status', 'claimed_by']).executeTakeFirstOrThrow()).toEqual({ status: 'sent', claimed_by: null });
    // Long after the lease: nothing is due.
    time += 10 * 60_000;
    expect(await sender.drainOnce()).toEqual({ sent: 0, retried: 0, dead: 0 });
    expect(capture.messages.map((m) => m.messageId)).toEqual(['<once@judge.example>']);
  } finally {
    await sender.close();
    smtp.close();
    await admin.end();
    await capture.close();
  }
});
