import { generateKeyPairSync } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DELIVERY_FAILURE_KIND, DELIVERY_FAILURE_NOTICES } from '../../src/mail/delivery-failure-notice.ts';
import { outboxQueue } from '../../src/store/outbox-queue.ts';
import { classifySendError, createSmtpSender, exponentialBackoff } from '../../src/mail/smtp-sender.ts';
import type { DrainResult, MailTransport, SmtpConnection, SmtpSender, SmtpSenderSettings } from '../../src/mail/smtp-sender.ts';
import { jsonb, openStore } from '../../src/store/index.ts';
import type { Database, NewOutboxMessage, OutboxRow, Store } from '../../src/store/index.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { distinctMessageIds, startSmtpCapture } from '../support/smtp-capture.ts';
import type { CapturedMessage, SmtpCapture } from '../support/smtp-capture.ts';

// The outbox drained through real SMTP (an in-process smtp-server) on both databases. The
// sender's clock is a variable the tests move, so backoff and leases cost no waiting.

const JUDGE = { name: 'Diplomacy Judge', address: 'judge@judge.example.test' } as const;
const SECOND = 1000;
const NOTHING: DrainResult = { sent: 0, retried: 0, dead: 0 };
const QUEUED_AT = new Date(Date.UTC(2000, 0, 1));

interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

function testClock(start = Date.now()): TestClock {
  let time = start;
  return { now: () => new Date(time), advance: (ms) => void (time += ms) };
}

let rowNumber = 0;

async function queue(db: Kysely<Database>, values: Partial<NewOutboxMessage> = {}): Promise<OutboxRow> {
  rowNumber += 1;
  return db
    .insertInto('outbox')
    .values({
      message_id: `<outbox-${rowNumber}.${Date.now()}@judge.example.test>`,
      to_addresses: [`player${rowNumber}@example.test`],
      subject: `DIP:demo - S1901M Message ${rowNumber}`,
      body: `Body of message ${rowNumber}.\n`,
      kind: 'reply',
      // due long before any test clock starts, whatever the database's own clock says
      next_attempt_at: QUEUED_AT,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function outboxRow(db: Kysely<Database>, id: string): Promise<OutboxRow> {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function gameWithMaster(db: Kysely<Database>): Promise<number> {
  const game = await db.insertInto('games').values({ name: 'demo', variant: 'standard' }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('seats')
    .values([
      { game_id: game.id, role: 'master', address: 'gm@example.test' },
      { game_id: game.id, role: 'power', power: 'ENGLAND', address: 'england@example.test' },
    ])
    .execute();
  return game.id;
}

function pooledTransport(capture: SmtpCapture): MailTransport & { close(): void } {
  return nodemailer.createTransport({ host: capture.host, port: capture.port, secure: false, pool: true, maxConnections: 2 });
}

function byMessageId(messages: readonly CapturedMessage[], messageId: string): CapturedMessage {
  const found = messages.find((message) => message.messageId === messageId);
  if (!found) throw new Error(`no captured message ${messageId}; have ${distinctMessageIds(messages).join(', ')}`);
  return found;
}

describe('classifySendError', () => {
  const error = (fields: Record<string, unknown>) => Object.assign(new Error('failed'), fields);
  it.each([
    ['550 to RCPT TO', { code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' }, 'permanent'],
    ['554 after DATA', { code: 'EMESSAGE', responseCode: 554, command: 'DATA' }, 'permanent'],
    ['451 to RCPT TO', { code: 'EENVELOPE', responseCode: 451, command: 'RCPT TO' }, 'temporary'],
    ['421 on connect', { code: 'ECONNECTION', responseCode: 421, command: 'CONN' }, 'temporary'],
    ['530 to MAIL FROM (relay wants auth)', { code: 'EENVELOPE', responseCode: 530, command: 'MAIL FROM' }, 'temporary'],
    ['535 bad credentials', { code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' }, 'temporary'],
    ['connection refused', { code: 'ESOCKET' }, 'temporary'],
    ['timeout', { code: 'ETIMEDOUT' }, 'temporary'],
    ['no recipients (nodemailer itself)', { code: 'EENVELOPE', command: 'API' }, 'permanent'],
  ])('%s is %s', (_name, fields, kind) => {
    expect(classifySendError(error(fields)).kind).toBe(kind);
  });
});

describeEachDatabase('SMTP sender', (getStore, getDatabase) => {
  let capture: SmtpCapture;
  let clock: TestClock;
  const cleanups: (() => Promise<void> | void)[] = [];
  const extraStores: Store[] = [];

  beforeEach(async () => {
    capture = await startSmtpCapture();
    clock = testClock();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await capture.close();
  });
  // Registered after the harness's afterAll, so it runs first (hooks unwind as a stack).
  afterAll(async () => {
    await Promise.all(extraStores.splice(0).map((store) => store.close()));
  });

  /** A sender on the test clock; by default over a pooled transport to the capture. */
  function newSender(settings: Partial<SmtpSenderSettings> = {}, connection?: SmtpConnection): SmtpSender {
    if (connection === undefined) {
      const transport = pooledTransport(capture);
      cleanups.push(() => transport.close());
      connection = { transport };
    }
    const sender = createSmtpSender({
      queue: outboxQueue(getStore().db, DELIVERY_FAILURE_NOTICES),
      from: JUDGE,
      workerId: 'sender-a',
      batchSize: 20,
      leaseSeconds: 60,
      maxAttempts: 5,
      now: clock.now,
      backoff: exponentialBackoff(30 * SECOND, 10 * 60 * SECOND),
      ...settings,
      ...connection,
    });
    cleanups.push(() => sender.close());
    return sender;
  }

  it('delivers each row once with its envelope, subject, Message-ID, threading and Auto-Submitted headers', async () => {
    const { db } = getStore();
    const sender = newSender();
    const plain = await queue(db, { to_addresses: ['alice@example.test'], kind: 'results', headers: jsonb({ 'X-Dipjudge-Game': 'demo' }) });
    const reply = await queue(db, {
      to_addresses: ['bob@example.test'],
      subject: 'Re: orders',
      headers: jsonb({ 'Auto-Submitted': 'auto-replied', 'In-Reply-To': '<orders-1@example.org>', References: '<start@example.org> <orders-1@example.org>' }),
    });
    const copies = await queue(db, {
      to_addresses: ['carol@example.test'],
      cc_addresses: ['dave@example.test'],
      bcc_addresses: ['erin@example.test'],
      kind: 'press',
    });

    expect(await sender.drainOnce()).toEqual({ sent: 3, retried: 0, dead: 0 });
    const messages = await capture.waitFor(3);
    expect(messages).toHaveLength(3);

    const first = byMessageId(messages, plain.message_id);
    expect(first.envelope).toEqual({ from: JUDGE.address, to: ['alice@example.test'] });
    expect(first.parsed.subject).toBe(plain.subject);
    expect(first.parsed.from?.value).toEqual([{ name: JUDGE.name, address: JUDGE.address }]);
    expect(first.parsed.text).toBe(plain.body);
    expect(first.parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(first.parsed.headers.get('x-dipjudge-game')).toBe('demo');
    expect(first.parsed.inReplyTo).toBeUndefined();

    const second = byMessageId(messages, reply.message_id);
    expect(second.envelope.to).toEqual(['bob@example.test']);
    expect(second.parsed.subject).toBe('Re: orders');
    expect(second.parsed.headers.get('auto-submitted')).toBe('auto-replied');
    expect(second.parsed.inReplyTo).toBe('<orders-1@example.org>');
    expect(second.parsed.references).toEqual(['<start@example.org>', '<orders-1@example.org>']);

    // A mail to several people names none of them: each is reached through the envelope only.
    const third = byMessageId(messages, copies.message_id);
    expect([...third.envelope.to].sort()).toEqual(['carol@example.test', 'dave@example.test', 'erin@example.test']);
    expect(third.raw.toString('utf8')).not.toMatch(/(carol|dave|erin)@example\.test/);
    expect(third.parsed.headers.get('to')).toMatchObject({ value: [{ name: 'undisclosed-recipients', group: [] }] });
    expect(third.parsed.cc).toBeUndefined();

    const rows = await db.selectFrom('outbox').selectAll().orderBy('id').execute();
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'sent', attempts: 1, claimed_by: null, claimed_at: null, last_error: null });
      expect(row.sent_at).toEqual(clock.now());
    }
    expect(await sender.drainOnce()).toEqual(NOTHING);
    expect(capture.messages).toHaveLength(3);
  });

  it('retries 451 answers with exponential backoff on the injected clock and delivers each message exactly once', async () => {
    const { db } = getStore();
    const sender = newSender();
    const rows = [await queue(db), await queue(db), await queue(db)];
    capture.inject({ kind: 'refuse', stage: 'rcpt', code: 451, message: '4.7.1 Greylisted, try again later', times: 4 });
    const start = clock.now().getTime();

    expect(await sender.drainOnce()).toEqual({ sent: 0, retried: 3, dead: 0 });
    for (const row of rows) {
      const stored = await outboxRow(db, row.id);
      expect(stored).toMatchObject({ status: 'pending', attempts: 1, claimed_by: null, claimed_at: null });
      expect(stored.next_attempt_at).toEqual(new Date(start + 30 * SECOND));
      expect(stored.last_error).toMatch(/451/);
    }
    expect(await sender.drainOnce()).toEqual(NOTHING); // nothing due yet
    clock.advance(29 * SECOND);
    expect(await sender.drainOnce()).toEqual(NOTHING);

    clock.advance(1 * SECOND); // one refusal left in the server: one of the three waits again
    expect(await sender.drainOnce()).toEqual({ sent: 2, retried: 1, dead: 0 });
    const waiting = await db.selectFrom('outbox').selectAll().where('status', '=', 'pending').execute();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ attempts: 2, next_attempt_at: new Date(start + 30 * SECOND + 60 * SECOND) });

    clock.advance(59 * SECOND);
    expect(await sender.drainOnce()).toEqual(NOTHING);
    clock.advance(1 * SECOND);
    expect(await sender.drainOnce()).toEqual({ sent: 1, retried: 0, dead: 0 });

    const delivered = await capture.waitFor(3);
    expect(distinctMessageIds(delivered).sort()).toEqual(rows.map((row) => row.message_id).sort());
    expect(delivered).toHaveLength(3); // no duplicates in this scenario
    expect(capture.stats.refused).toBe(4);
    const final = await db.selectFrom('outbox').select(['status', 'attempts']).orderBy('attempts').execute();
    expect(final).toEqual([
      { status: 'sent', attempts: 2 },
      { status: 'sent', attempts: 2 },
      { status: 'sent', attempts: 3 },
    ]);
  });

  it('gives up after maxAttempts temporary failures and tells the Master', async () => {
    const { db } = getStore();
    const gameId = await gameWithMaster(db);
    const sender = newSender({ maxAttempts: 3 });
    const row = await queue(db, { to_addresses: ['england@example.test'], game_id: gameId, kind: 'results' });
    capture.inject({ kind: 'refuse', stage: 'rcpt', code: 451, recipients: ['england@example.test'] });

    expect(await sender.drainOnce()).toMatchObject({ retried: 1 });
    clock.advance(30 * SECOND);
    expect(await sender.drainOnce()).toMatchObject({ retried: 1 });
    clock.advance(60 * SECOND);
    expect(await sender.drainOnce()).toEqual({ sent: 0, retried: 0, dead: 1 });
    const dead = await outboxRow(db, row.id);
    expect(dead).toMatchObject({ status: 'dead', attempts: 3, claimed_by: null });
    expect(dead.last_error).toMatch(/^gave up after 3 attempts: .*451/);

    expect(await sender.drainOnce()).toEqual({ sent: 1, retried: 0, dead: 0 }); // the notice
    const [notice] = await capture.waitFor(1);
    expect(notice!.envelope.to).toEqual(['gm@example.test']);
    expect(notice!.parsed.text).toMatch(/england@example\.test: .*451/);
  });

  it('marks a 550 dead at once and queues one notice to the Master, never to the failed address or about a notice', async () => {
    const { db } = getStore();
    const gameId = await gameWithMaster(db);
    const sender = newSender();
    capture.inject({ kind: 'refuse', stage: 'rcpt', code: 550, message: '5.1.1 No such user here', recipients: ['england@example.test', 'gm@example.test'] });
    const toPlayer = await queue(db, { to_addresses: ['england@example.test'], game_id: gameId, kind: 'results', body: 'SECRET PRESS TEXT\n' });
    const toMaster = await queue(db, { to_addresses: ['gm@example.test'], game_id: gameId, kind: 'master' });
    const noGame = await queue(db, { to_addresses: ['england@example.test'], kind: 'reply' });

    expect(await sender.drainOnce()).toEqual({ sent: 0, retried: 0, dead: 3 });
    capture.clearFaults();
    for (const row of [toPlayer, toMaster, noGame]) {
      const stored = await outboxRow(db, row.id);
      expect(stored).toMatchObject({ status: 'dead', attempts: 1, claimed_by: null, sent_at: null });
      expect(stored.last_error).toMatch(/550 5\.1\.1 No such user here/);
    }
    const notices = await db.selectFrom('outbox').selectAll().where('kind', '=', DELIVERY_FAILURE_KIND).execute();
    expect(notices).toHaveLength(1);
    const notice = notices[0]!;
    expect(notice).toMatchObject({ to_addresses: ['gm@example.test'], game_id: gameId, status: 'pending', subject: `Undeliverable: ${toPlayer.subject}` });
    expect(notice.body).toContain(toPlayer.message_id);
    expect(notice.body).toMatch(/england@example\.test: .*550/);
    expect(notice.body).not.toContain('SECRET PRESS TEXT');

    expect(await sender.drainOnce()).toEqual({ sent: 1, retried: 0, dead: 0 });
    const [delivered] = await capture.waitFor(1);
    expect(delivered!.envelope.to).toEqual(['gm@example.test']);
    expect(delivered!.messageId).toBe(notice.message_id);
    expect(delivered!.parsed.subject).toBe(notice.subject);

    // a notice that fails makes no notice of its own
    capture.inject({ kind: 'refuse', stage: 'rcpt', code: 550 });
    const failedNotice = await queue(db, { to_addresses: ['deputy@example.test'], game_id: gameId, kind: DELIVERY_FAILURE_KIND });
    expect(await sender.drainOnce()).toEqual({ sent: 0, retried: 0, dead: 1 });
    expect(await outboxRow(db, failedNotice.id)).toMatchObject({ status: 'dead' });
    expect(await db.selectFrom('outbox').select('id').where('status', '=', 'pending').execute()).toEqual([]);
  });

  it('sends to the recipients that accept and reports the refused one to the Master', async () => {
    const { db } = getStore();
    const gameId = await gameWithMaster(db);
    const sender = newSender();
    capture.inject({ kind: 'refuse', stage: 'rcpt', code: 550, recipients: ['gone@example.test'] });
    const row = await queue(db, { to_addresses: ['england@example.test', 'gone@example.test'], game_id: gameId, kind: 'results' });

    expect(await sender.drainOnce()).toEqual({ sent: 1, retried: 0, dead: 0 });
    const [message] = await capture.waitFor(1);
    expect(message!.envelope.to).toEqual(['england@example.test']);
    expect(message!.raw.toString('utf8')).not.toMatch(/(england|gone)@example\.test/);
    const stored = await outboxRow(db, row.id);
    expect(stored.status).toBe('sent');
    expect(stored.last_error).toMatch(/gone@example\.test: .*550/);
    const notice = await db.selectFrom('outbox').selectAll().where('kind', '=', DELIVERY_FAILURE_KIND).executeTakeFirstOrThrow();
    expect(notice.to_addresses).toEqual(['gm@example.test']);
    expect(notice.body).toMatch(/gone@example\.test/);
    expect(notice.body).not.toMatch(/england@example\.test/);
  });

  it('retries when the server is down and delivers once it is back on its port', async () => {
    const { db } = getStore();
    const port = capture.port;
    await capture.close(); // nothing listens on the port now: connection refused
    const sender = newSender({}, { smtpUrl: `smtp://127.0.0.1:${port}`, smtpOptions: { connectionTimeout: 2_000, maxConnections: 2 } });
    const rows = [await queue(db), await queue(db)];

    expect(await sender.drainOnce()).toEqual({ sent: 0, retried: 2, dead: 0 });
    for (const row of rows) {
      const stored = await outboxRow(db, row.id);
      expect(stored).toMatchObject({ status: 'pending', attempts: 1, claimed_by: null });
      expect(stored.last_error).toMatch(/ECONNREFUSED|connect/i);
    }

    capture = await startSmtpCapture({ port });
    clock.advance(30 * SECOND);
    expect(await sender.drainOnce()).toEqual({ sent: 2, retried: 0, dead: 0 });
    const delivered = await capture.waitFor(2);
    expect(distinctMessageIds(delivered).sort()).toEqual(rows.map((row) => row.message_id).sort());
    expect(delivered).toHaveLength(2);
  });

  it('resends a message whose 250 was lost, under the same Message-ID (at-least-once)', async () => {
    const { db } = getStore();
    const sender = newSender();
    const row = await queue(db);
    capture.inject({ kind: 'drop', stage: 'after-data', times: 1 });

    expect(await sender.drainOnce()).toEqual({ sent: 0, retried: 1, dead: 0 });
    expect((await outboxRow(db, row.id)).last_error).toMatch(/closed|ECONNECTION/i);
    clock.advance(30 * SECOND);
    expect(await sender.drainOnce()).toEqual({ sent: 1, retried: 0, dead: 0 });
    const delivered = await capture.waitFor(2);
    expect(delivered).toHaveLength(2);
    expect(distinctMessageIds(delivered)).toEqual([row.message_id]);
    expect(await outboxRow(db, row.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('lets two senders with their own pools drain 200 rows concurrently, each delivered exactly once', async () => {
    const { db } = getStore();
    const { databaseUrl } = getDatabase();
    let otherDb = db; // PGlite is one session: the second sender can only share it
    if (databaseUrl !== null) {
      const other = await openStore({ databaseUrl, migrate: false, poolSize: 4 });
      extraStores.push(other);
      otherDb = other.db;
    }
    const rowCount = 200;
    await db
      .insertInto('outbox')
      .values(
        Array.from({ length: rowCount }, (_, index) => ({
          message_id: `<bulk-${index}@judge.example.test>`,
          to_addresses: [`player${index % 7}@example.test`],
          subject: `bulk ${index}`,
          body: `message ${index}\n`,
          next_attempt_at: QUEUED_AT,
        })),
      )
      .execute();
    const a = newSender({ workerId: 'sender-a', batchSize: 10, now: () => new Date() });
    const b = newSender({ queue: outboxQueue(otherDb, DELIVERY_FAILURE_NOTICES), workerId: 'sender-b', batchSize: 10, now: () => new Date() });
    await Promise.all([sql`SELECT 1`.execute(db), sql`SELECT 1`.execute(otherDb)]);

    const drainAll = async (sender: SmtpSender) => {
      let sent = 0;
      for (;;) {
        const result = await sender.drainOnce();
        expect(result.retried + result.dead).toBe(0);
        if (result.sent === 0) return sent;
        sent += result.sent;
      }
    };
    const [sentByA, sentByB] = await Promise.all([drainAll(a), drainAll(b)]);

    expect(sentByA + sentByB).toBe(rowCount);
    if (databaseUrl !== null) {
      expect(sentByA).toBeGreaterThan(0);
      expect(sentByB).toBeGreaterThan(0);
    }
    const delivered = await capture.waitFor(rowCount);
    expect(delivered).toHaveLength(rowCount);
    expect(distinctMessageIds(delivered)).toHaveLength(rowCount);
    const statuses = await db
      .selectFrom('outbox')
      .select(['status', 'attempts', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy(['status', 'attempts'])
      .execute();
    expect(statuses).toEqual([{ status: 'sent', attempts: 1, count: String(rowCount) }]);
  });

  it('takes over a claim older than the lease, and ignores the crashed sender if it reports late', async () => {
    const { db } = getStore();
    const sender = newSender({ leaseSeconds: 60 });
    const row = await queue(db);
    const crashedClaim = { workerId: 'crashed-sender', claimedAt: new Date(clock.now().getTime() - 10 * SECOND) };
    await db.updateTable('outbox').set({ claimed_by: crashedClaim.workerId, claimed_at: crashedClaim.claimedAt }).where('id', '=', row.id).execute();

    expect(await sender.drainOnce()).toEqual(NOTHING); // the lease still holds
    clock.advance(50 * SECOND);
    expect(await sender.drainOnce()).toEqual(NOTHING); // 60 s exactly: still held
    clock.advance(1 * SECOND);
    expect(await sender.drainOnce()).toEqual({ sent: 1, retried: 0, dead: 0 });
    const [message] = await capture.waitFor(1);
    expect(message!.messageId).toBe(row.message_id);
    expect(await outboxRow(db, row.id)).toMatchObject({ status: 'sent', claimed_by: null });

    // the crashed sender wakes up and reports a failure for its old claim: it must not land
    const late = await outboxQueue(db, DELIVERY_FAILURE_NOTICES).recordOutcome(row, crashedClaim, {
      kind: 'retry',
      at: clock.now(),
      retryAt: clock.now(),
      error: 'late',
    });
    expect(late).toEqual({ recorded: false, noticeMessageId: null });
    expect(await outboxRow(db, row.id)).toMatchObject({ status: 'sent', last_error: null });
  });

  it('signs with DKIM when a key is configured', async () => {
    const { db } = getStore();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const sender = newSender({
      dkim: { domainName: 'judge.example.test', keySelector: 'dip2026', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
    });
    await queue(db);
    expect(await sender.drainOnce()).toMatchObject({ sent: 1 });
    const [message] = await capture.waitFor(1);
    const signature = message!.raw.toString('utf8').match(/^DKIM-Signature:(.*(?:\r\n[ \t].*)*)/im);
    expect(signature).not.toBeNull();
    const tags = signature![1]!.replace(/\s+/g, '');
    expect(tags).toContain('d=judge.example.test');
    expect(tags).toContain('s=dip2026');
    expect(tags).toContain('a=rsa-sha256');
    expect(tags).toMatch(/h=[^;]*from/i);
    expect(tags).toMatch(/b=[A-Za-z0-9+/=]{100,}/);
  });

  it('records the 250s of a batch in one or two UPDATEs, not a transaction per message', async () => {
    const { db } = getStore();
    // Observes the statements the sender runs; the database underneath is the real one.
    const statements: string[] = [];
    const observed = db.withPlugin({
      transformQuery: ({ node }) => {
        statements.push(node.kind === 'RawNode' ? node.sqlFragments.join('?') : node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const real = pooledTransport(capture);
    cleanups.push(() => real.close());
    const rowCount = 12;
    const rows = [];
    for (let i = 0; i < rowCount; i++) rows.push(await queue(db));
    // Every message's 250 is handed back at the same moment, as under load.
    let accepted = 0;
    let releaseAll: () => void = () => undefined;
    const allAccepted = new Promise<void>((resolve) => (releaseAll = resolve));
    const together: MailTransport = {
      async sendMail(mail) {
        const info = await real.sendMail(mail);
        if (++accepted === rowCount) releaseAll();
        await allAccepted;
        return info;
      },
    };
    const sender = newSender({ queue: outboxQueue(observed, DELIVERY_FAILURE_NOTICES) }, { transport: together });

    expect(await sender.drainOnce()).toEqual({ sent: rowCount, retried: 0, dead: 0 });
    const sentUpdates = statements.filter((text) => /UPDATE outbox\s+SET status = 'sent'/.test(text));
    expect(sentUpdates.length).toBeGreaterThanOrEqual(1);
    expect(sentUpdates.length).toBeLessThanOrEqual(2);
    expect(statements.filter((kind) => kind === 'UpdateQueryNode')).toHaveLength(1); // the claim
    for (const row of rows) {
      const stored = await outboxRow(db, row.id);
      expect(stored).toMatchObject({ status: 'sent', attempts: 1, claimed_by: null, claimed_at: null, last_error: null });
      expect(stored.sent_at).toEqual(clock.now());
    }
    expect(distinctMessageIds(await capture.waitFor(rowCount))).toHaveLength(rowCount);
  });

  it('gathers 250s that come one by one into one UPDATE, and writes them without waiting for a delivery that hangs', async () => {
    const { db } = getStore();
    const statements: string[] = [];
    const observed = db.withPlugin({
      transformQuery: ({ node }) => {
        if (node.kind === 'RawNode') statements.push(node.sqlFragments.join('?'));
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const sentUpdates = () => statements.filter((text) => /UPDATE outbox\s+SET status = 'sent'/.test(text)).length;
    const real = pooledTransport(capture);
    cleanups.push(() => real.close());

    // A round whose 250s trickle in, each a few milliseconds after the one before: one UPDATE.
    const trickled = [];
    for (let i = 0; i < 6; i++) trickled.push(await queue(db));
    let order = 0;
    const oneByOne: MailTransport = {
      async sendMail(mail) {
        const info = await real.sendMail(mail);
        await new Promise((resolve) => setTimeout(resolve, 3 * ++order));
        return info;
      },
    };
    // A gathering far longer than the round, however slow the machine.
    const sender = newSender({ queue: outboxQueue(observed, DELIVERY_FAILURE_NOTICES), sentGatherMs: 60_000 }, { transport: oneByOne });
    expect(await sender.drainOnce()).toEqual({ sent: 6, retried: 0, dead: 0 });
    expect(sentUpdates()).toBe(1);
    for (const row of trickled) expect(await outboxRow(db, row.id)).toMatchObject({ status: 'sent', attempts: 1 });

    // A round with one delivery held at SMTP: the others' "sent" is written meanwhile, after the
    // gathering, not when the held one ends.
    const quick = [await queue(db), await queue(db)];
    const held = await queue(db);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const oneHeld: MailTransport = {
      async sendMail(mail) {
        if (mail.subject === held.subject) await gate;
        return real.sendMail(mail);
      },
    };
    const second = newSender({ queue: outboxQueue(observed, DELIVERY_FAILURE_NOTICES), sentGatherMs: 200 }, { transport: oneHeld });
    const round = second.drainOnce();
    await expect
      .poll(async () => (await Promise.all(quick.map((row) => outboxRow(db, row.id)))).map((row) => row.status), { timeout: 10_000 })
      .toEqual(['sent', 'sent']);
    expect((await outboxRow(db, held.id)).status).toBe('pending');
    release();
    expect(await round).toEqual({ sent: 3, retried: 0, dead: 0 });
    expect((await outboxRow(db, held.id)).status).toBe('sent');
  });

  it('runs as a loop that wakes on demand, and stop() waits for the message in hand', async () => {
    const { db } = getStore();
    const real = pooledTransport(capture);
    cleanups.push(() => real.close());
    let releaseSend: () => void = () => undefined;
    const sendGate = new Promise<void>((resolve) => (releaseSend = resolve));
    let sendsStarted = 0;
    const slow: MailTransport = {
      async sendMail(mail) {
        sendsStarted += 1;
        if (sendsStarted === 3) await sendGate; // the third message hangs until released
        return real.sendMail(mail);
      },
    };
    const sender = newSender({ now: () => new Date() }, { transport: slow });
    const loop = sender.start({ pollMs: 60_000 });
    await queue(db);
    await queue(db);
    loop.wake();
    await capture.waitFor(2);

    const third = await queue(db);
    loop.wake();
    await expect.poll(() => sendsStarted).toBe(3);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false); // still sending the third message
    releaseSend();
    await stopping;
    expect(await outboxRow(db, third.id)).toMatchObject({ status: 'sent', claimed_by: null });
    expect(capture.messages).toHaveLength(3);

    await queue(db);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(capture.messages).toHaveLength(3); // stopped: the fourth stays in the outbox
    expect(await db.selectFrom('outbox').select('id').where('status', '=', 'pending').execute()).toHaveLength(1);
  });
});
