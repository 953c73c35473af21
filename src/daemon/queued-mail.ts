import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Judge, ReceiveOutcome } from '../judge/judge.ts';
import { orderKeys } from '../judge/mail/mail-order.ts';
import type { InboundOrigin, StoreTransaction } from '../judge/ports.ts';
import { backoffDelay, backoffPolicy } from '../mail/backoff.ts';
import { Doorbell, waitForAny } from '../mail/doorbell.ts';
import type { ImapMail } from '../mail/imap-intake.ts';
import type { MailJudge } from '../mail/mail-judge.ts';
import { failedQueuedAttempt, judgeQueued, queueInbound, type ClaimedInbound, type QueuedInbound } from '../store/inbound-queue.ts';
import { listenForQueuedMail } from '../store/queue-notifications.ts';
import { isTransientStoreFailure } from '../store/transient-failure.ts';
import type { Database } from '../store/schema.ts';

// Judging on every process (PostgreSQL): the mailbox leader's intake only records each mail in
// the queue (recordQueuedMail, one statement per group, before the mail leaves the mailbox), and
// every `serve` process runs a QueuedMailJudge that claims recorded mail, judges it and takes it
// off the queue in one transaction (src/store/inbound-queue.ts says how the order is kept).
//
// A claim holds at most `groupSize` mails, judged together as Judge.receiveAll does; the first
// claim after a quiet spell holds FIRST_CLAIM, and each full claim doubles the next, so the first
// replies to a burst go out while the rest is judged. A claim the judge fails on whole is judged
// again one mail at a time, where a fault of the judge is recorded against its mail alone.

/** Mails in the first claim after a quiet spell. */
const FIRST_CLAIM = 8;
/** Pause before listening again after the notification connection failed. */
const LISTEN_RETRY_MS = 2_000;
/** Claims that fail on one mail for a lasting reason before it is set aside (its bytes kept in failed_mail). */
const MAX_ATTEMPTS = 5;

/** A mail to record: its bytes (only its head when `sizeBytes`, the whole size, is over the cap) and where it was read. */
export interface MailToRecord {
  readonly raw: Buffer;
  readonly origin: InboundOrigin | null;
  readonly sizeBytes?: number;
}

/** Records mail in the queue: read, keyed for order, one INSERT for them all. */
export async function recordMail(db: Kysely<Database>, reader: MailJudge, mails: readonly MailToRecord[]): Promise<void> {
  const queued: QueuedInbound[] = [];
  for (const { raw, origin, sizeBytes } of mails) {
    const read = await reader.readForQueue(raw, sizeBytes === undefined ? {} : { sizeBytes });
    queued.push(
      'mail' in read
        ? { messageId: read.mail.id, mail: read.mail, unreadable: null, raw, origin, orderKeys: orderKeys(read.mail) }
        : { messageId: read.id, mail: null, unreadable: read.unreadable, raw, origin, orderKeys: [] },
    );
  }
  await queueInbound(db, queued);
}

/** Records the IMAP intake's mail in the queue, each with its place in the mailbox. */
export async function recordQueuedMail(db: Kysely<Database>, reader: MailJudge, mails: readonly (ImapMail & { readonly sizeBytes?: number })[]): Promise<void> {
  await recordMail(
    db,
    reader,
    mails.map(({ raw, meta, sizeBytes }) => {
      const wholeSize = sizeBytes ?? meta.wholeSizeBytes;
      return {
        raw,
        origin: { mailbox: meta.mailbox, uidvalidity: meta.uidvalidity, uid: meta.uid },
        ...(wholeSize === undefined ? {} : { sizeBytes: wholeSize }),
      };
    }),
  );
}

export interface QueuedMailJudgeOptions {
  readonly db: Kysely<Database>;
  readonly judge: Judge;
  readonly messageIdDomain: string;
  /** Most mails judged in one transaction (default 50). */
  readonly groupSize?: number;
  /**
   * How often to look at the queue when nobody rang: with `notifications` only a fallback for
   * notices lost while their connection was down; without, how soon another process's mail is seen.
   */
  readonly pollMs: number;
  /** PostgreSQL: be woken at once by mail any process records (LISTEN on a connection of its own). */
  readonly notifications?: { readonly databaseUrl: string; readonly workerId: string };
  readonly logger: Logger;
  /** Each mail judged, with the time of its claim's transaction and the claim's size. */
  onJudged(outcome: ReceiveOutcome, ms: number, group: number): void;
}

export interface QueuedMailJudge {
  /** Mail was recorded (by this process): look at once. */
  wake(): void;
  /** Resolves the next time this judge finds nothing it may claim (it looks at once), or stops. */
  idle(): Promise<void>;
  /** Finishes the claim in hand, then stops. */
  stop(): Promise<void>;
}

export function startQueuedMailJudge(options: QueuedMailJudgeOptions): QueuedMailJudge {
  const { db, judge, messageIdDomain, logger } = options;
  const groupSize = Math.max(1, options.groupSize ?? 50);
  const bell = new Doorbell();
  const stopBell = new Doorbell();
  const backoff = backoffPolicy({ initialMs: 100, maxMs: 10_000 });
  let stopping = false;
  let limit = Math.min(groupSize, FIRST_CLAIM);
  let transientFailures = 0;
  const notifications =
    options.notifications === undefined
      ? null
      : listenForQueuedMail({ ...options.notifications, retryMs: LISTEN_RETRY_MS, logger, onQueued: () => bell.ring() });
  // Those waiting for idle(): resolved only by a claim that began after they asked.
  let idleWaiters: (() => void)[] = [];
  const resolveAll = (waiting: readonly (() => void)[]) => {
    for (const resolve of waiting) resolve();
  };

  const judged = (mails: readonly ClaimedInbound[], results: readonly { outcome: ReceiveOutcome }[], started: number) => {
    const ms = Date.now() - started;
    for (const { outcome } of results) options.onJudged(outcome, ms, mails.length);
  };

  /** One claim of up to `limit` mails, judged together; false when the queue had nothing to claim. */
  const claimGroup = async (): Promise<boolean> => {
    const started = Date.now();
    let claimed: readonly ClaimedInbound[] = [];
    try {
      const done = await judgeQueued(db, { messageIdDomain, limit }, async (tx, mails) => {
        claimed = mails;
        const outcomes = mails.every((m) => m.mail !== null)
          ? await judge.receiveAllIn(
              tx,
              mails.map((m) => ({ message: m.mail!, origin: m.origin })),
            )
          : await judgeEach(tx, mails);
        return outcomes.map((outcome) => ({ outcome, failed: outcome.status === 'failed' }));
      });
      if (done === null) return false;
      judged(done.mails, done.results, started);
      limit = done.mails.length >= limit ? Math.min(groupSize, limit * 2) : Math.min(groupSize, FIRST_CLAIM);
      transientFailures = 0;
      return true;
    } catch (error) {
      if (isTransientStoreFailure(error)) throw error;
      if (claimed.length === 0) throw error;
      // Judged alone, a mail the judge fails on is recorded as failed and the others go through.
      logger.warn({ err: error, mails: claimed.length }, 'judging the claimed mail together failed: judging it one mail at a time');
      for (const mail of claimed) await claimOne(mail);
      return true;
    }
  };

  const judgeEach = async (tx: StoreTransaction, mails: readonly ClaimedInbound[]) => {
    const outcomes: ReceiveOutcome[] = [];
    for (const m of mails)
      outcomes.push(await judge.receiveIn(tx, m.mail ?? { id: m.messageId, unreadable: new Error(m.unreadable ?? 'unreadable') }, m.origin));
    return outcomes;
  };

  /** One mail of a claim that failed whole, in a claim of its own (if nobody else took it meanwhile). */
  const claimOne = async (mail: ClaimedInbound) => {
    const started = Date.now();
    try {
      const done = await judgeQueued(db, { messageIdDomain, limit: 1, onlyId: mail.id }, async (tx, mails) => {
        const outcomes = await judgeEach(tx, mails);
        return outcomes.map((outcome) => ({ outcome, failed: outcome.status === 'failed' }));
      });
      if (done !== null) judged(done.mails, done.results, started);
    } catch (error) {
      if (isTransientStoreFailure(error)) throw error;
      const attempts = await failedQueuedAttempt(db, mail.id, MAX_ATTEMPTS);
      if (attempts === null)
        logger.error(
          { err: error, messageId: mail.messageId, ...originFields(mail.origin) },
          'the judge failed on a queued mail too often and could not record it: set aside in failed_mail',
        );
      else logger.warn({ err: error, messageId: mail.messageId, attempts }, 'the judge failed on a queued mail and could not record it: it is tried again');
    }
  };

  const loop = (async () => {
    while (!stopping) {
      let found = false;
      let delayMs = options.pollMs;
      const askedIdle = idleWaiters;
      idleWaiters = [];
      try {
        found = await claimGroup();
      } catch (error) {
        if (isTransientStoreFailure(error)) {
          delayMs = backoffDelay(backoff, transientFailures++);
          logger.warn({ err: error, delayMs }, 'judging queued mail failed for a passing reason: it is tried again');
        } else {
          delayMs = backoffDelay(backoff, transientFailures++);
          logger.error({ err: error, delayMs }, 'claiming queued mail failed');
        }
      }
      if (found || stopping) {
        // The next claim starts now and sees all mail recorded before it: a ring from the claim
        // just done (this process's own wake and its NOTIFY both ring for one mail) would only
        // cost an empty claim, a transaction of three statements, after it.
        bell.take();
        idleWaiters.push(...askedIdle);
        continue;
      }
      resolveAll(askedIdle);
      limit = Math.min(groupSize, FIRST_CLAIM);
      await waitForAny([bell, stopBell], delayMs);
    }
    resolveAll(idleWaiters);
  })();

  return {
    wake: () => bell.ring(),
    idle: () =>
      new Promise<void>((resolve) => {
        if (stopping) return resolve();
        idleWaiters.push(resolve);
        bell.ring();
      }),
    async stop() {
      stopping = true;
      stopBell.ring();
      await notifications?.stop();
      await loop;
    },
  };
}

function originFields(origin: InboundOrigin | null): Record<string, string> {
  return origin ? { mailbox: origin.mailbox, uid: String(origin.uid) } : {};
}
