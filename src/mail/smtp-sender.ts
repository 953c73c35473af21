import nodemailer from 'nodemailer';
import { gaveUpText } from '../render/mail-reasons.ts';
import type { SendMailOptions } from 'nodemailer';
import type { DKIMOptions } from 'nodemailer/lib/dkim';
import type { SMTPPoolOptions } from 'nodemailer/lib/smtp-pool';
import type { OutboxRow } from '../store/index.ts';
import type { DeliveryOutcome, OutboxClaim, OutboxQueue, RecordedOutcome, SentRow, UndeliveredRecipient } from '../store/outbox-queue.ts';
import { isTransientStoreFailure } from '../store/transient-failure.ts';
import { envelopeRecipients, mailOptions } from './outgoing-message.ts';
import { addressedCopies, recipientCheckOf, type RecipientPolicy, type RecipientStanding } from './unsubscribe.ts';

// Drains the outbox through SMTP: claim a batch under a lease (one short statement), check the
// batch's recipients against the stop list and the daily cap (one statement for the whole round,
// counting its mails in order), send each message with no transaction open, then record what
// became of it. Fully delivered messages are
// marked sent together (one UPDATE per small batch, see sentRecorder); a retry, a death or a
// partial refusal gets a short transaction of its own (it may queue a notice to the Master).
//
// SMTP is at-least-once: a row is only marked sent after the server's 250 for it, so a crash
// between that 250 and the "sent" update sends the message again once the lease has run out,
// with the same Message-ID. The window is the sentRecorder's gathering: a 250 waits for the
// round's other deliveries, at most SENDER_DEFAULTS.sentGatherMs, so that a round's 250s share
// one UPDATE (one commit) instead of one each as they trickle in; a lone 250 is written at once.
//
// What counts as whose fault:
//   - 4xx, connection and timeout errors: try again later, with exponential backoff;
//   - 5xx to RCPT TO or DATA: this message or recipient will never work, so it is dead;
//   - 5xx anywhere else (greeting, EHLO, AUTH, MAIL FROM) says our relay refuses us, not that
//     the message is bad: retried, so fixing the configuration saves the queue;
//   - after `maxAttempts` attempts a message is dead whatever the reason.

/** The slice of a nodemailer transport the sender uses (a `createTransport()` result fits). */
export interface MailTransport {
  sendMail(mail: SendMailOptions): Promise<SentInfo>;
  close?(): void;
}

export interface SentInfo {
  readonly rejected?: readonly (string | { readonly address: string })[];
  readonly rejectedErrors?: readonly unknown[];
}

/** pino-compatible. */
export interface SenderLogger {
  info(bindings: object, message: string): void;
  warn(bindings: object, message: string): void;
  error(bindings: object, message: string): void;
}

/** Delay before the next attempt, given how many attempts have failed so far (1, 2, …). */
export type RetryBackoff = (failedAttempts: number) => number;

export interface SmtpSenderSettings {
  /** The outbox (store/outbox-queue.ts: outboxQueue(db, DELIVERY_FAILURE_NOTICES)). */
  readonly queue: OutboxQueue;
  readonly from: { readonly name: string; readonly address: string };
  /** Names this sender in `claimed_by`; unique per process, e.g. `${hostname}:${pid}`. */
  readonly workerId: string;
  /** Rows claimed per round (default 20). */
  readonly batchSize?: number;
  /**
   * Of a round's rows, the most whose map picture is drawn as they are sent (default 4, some 0.1 s
   * of CPU for the standard map): mail without one goes first, so a deadline storm's thousands of
   * pictures are drawn a few per round and never hold other games' mail for more than a round.
   */
  readonly picturesPerRound?: number;
  /** Longest a 250 waits for its round's other deliveries before its "sent" is written (default SENDER_DEFAULTS.sentGatherMs). */
  readonly sentGatherMs?: number;
  /** A claim older than this is taken to belong to a crashed sender (default 300 s). */
  readonly leaseSeconds?: number;
  /** Attempts before a message is given up (default 12, about eight hours with the default backoff). */
  readonly maxAttempts?: number;
  readonly now?: () => Date;
  readonly backoff?: RetryBackoff;
  /** DKIM signing, passed to nodemailer with every message. */
  readonly dkim?: DKIMOptions;
  readonly logger?: SenderLogger;
  /**
   * The way out for every recipient (src/mail/unsubscribe.ts): with it each recipient gets a copy
   * of their own with List-Unsubscribe and the closing STOP line, stopped addresses get nothing and
   * unproven ones at most the day's cap. The daemon always gives one (src/daemon/outbox-sender.ts).
   */
  readonly recipients?: RecipientPolicy;
}

/** Where the mail goes: a transport the caller owns, or an SMTP URL the sender makes a pool for. */
export type SmtpConnection =
  | { readonly transport: MailTransport; readonly smtpUrl?: undefined; readonly smtpOptions?: undefined }
  | {
      /** smtp://user:pass@host:587 or smtps://…; the sender builds a pooled transport and owns it. */
      readonly smtpUrl: string;
      /** Extra nodemailer pool options (maxConnections, timeouts, tls …). */
      readonly smtpOptions?: SMTPPoolOptions;
      readonly transport?: undefined;
    };

export type SmtpSenderOptions = SmtpSenderSettings & SmtpConnection;

export interface DrainResult {
  readonly sent: number;
  readonly retried: number;
  readonly dead: number;
}

export interface SenderLoopOptions {
  /** Pause between rounds that found less than a full batch. */
  readonly pollMs: number;
  /**
   * Least time from the start of one round to the start of the next when a wake, not a full
   * batch, calls for it (default SENDER_DEFAULTS.roundIntervalMs). A lone mail is sent at once;
   * during a burst the wakes that arrive meanwhile are served by one claim of several rows
   * instead of one claim, one log line and one "sent" UPDATE per mail.
   */
  readonly roundIntervalMs?: number;
}

export interface RunningSender {
  /** Ends the pause early, e.g. right after the judge queued mail. */
  wake(): void;
  /** Finishes the batch in hand, then stops the loop. */
  stop(): Promise<void>;
}

export interface SmtpSender {
  /** Claims one batch of due messages, sends them and records the outcomes. */
  drainOnce(): Promise<DrainResult>;
  /** Drains in a loop until stopped; errors are logged and the loop goes on. */
  start(options: SenderLoopOptions): RunningSender;
  /** Stops a running loop and closes the transport if the sender made it. */
  close(): Promise<void>;
}

export const SENDER_DEFAULTS = {
  batchSize: 20,
  picturesPerRound: 4,
  leaseSeconds: 300,
  maxAttempts: 12,
  /** Timeouts of the transport built from `smtpUrl`: well inside the lease. */
  connectionTimeoutMs: 30_000,
  greetingTimeoutMs: 30_000,
  socketTimeoutMs: 60_000,
  maxConnections: 3,
  /** Messages per pooled SMTP connection before nodemailer opens a new one (its default is 100). */
  maxMessagesPerConnection: 1000,
  roundIntervalMs: 20,
  /**
   * Longest a 250 waits for the rest of its round before its "sent" is written (sentRecorder):
   * a round's 250s come over a few tens of milliseconds, and written as they came they cost one
   * UPDATE and one commit for every one or two mails (538 UPDATEs for 1,000 replies in a burst).
   */
  sentGatherMs: 50,
} as const;

/** 30 s, 1 min, 2 min, … doubling up to `maxMs` (default two hours). */
export function exponentialBackoff(baseMs = 30_000, maxMs = 2 * 60 * 60_000): RetryBackoff {
  return (failedAttempts) => Math.min(maxMs, baseMs * 2 ** Math.max(0, failedAttempts - 1));
}

export type SendFailure = { readonly kind: 'temporary' | 'permanent'; readonly reason: string };

/** Sorts a nodemailer error into "try again later" and "never going to work". */
export function classifySendError(error: unknown): SendFailure {
  const { responseCode, code, command } = error as { responseCode?: unknown; code?: unknown; command?: unknown };
  const reason = describeError(error);
  if (typeof responseCode === 'number' && responseCode >= 500) {
    const aboutTheMessage = command === 'RCPT TO' || (typeof command === 'string' && command.startsWith('DATA'));
    return { kind: aboutTheMessage ? 'permanent' : 'temporary', reason };
  }
  if (typeof responseCode === 'number') return { kind: 'temporary', reason };
  // Refused by nodemailer itself before talking to anyone (no recipients, unusable address):
  // the same row will fail the same way every time.
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return { kind: 'permanent', reason };
  return { kind: 'temporary', reason };
}

export function createSmtpSender(options: SmtpSenderOptions): SmtpSender {
  const batchSize = options.batchSize ?? SENDER_DEFAULTS.batchSize;
  const picturesPerRound = options.picturesPerRound ?? SENDER_DEFAULTS.picturesPerRound;
  const leaseMs = (options.leaseSeconds ?? SENDER_DEFAULTS.leaseSeconds) * 1000;
  const maxAttempts = options.maxAttempts ?? SENDER_DEFAULTS.maxAttempts;
  const now = options.now ?? (() => new Date());
  const backoff = options.backoff ?? exponentialBackoff();
  const { queue, from, workerId, logger } = options;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`batchSize must be a positive integer, not ${batchSize}`);
  if (!Number.isInteger(picturesPerRound) || picturesPerRound < 1) throw new Error(`picturesPerRound must be a positive integer, not ${picturesPerRound}`);
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error(`maxAttempts must be a positive integer, not ${maxAttempts}`);
  if (!(leaseMs > 0)) throw new Error('leaseSeconds must be positive');

  const ownsTransport = options.transport === undefined;
  const transport: MailTransport = options.transport ?? pooledTransport(options.smtpUrl, options.smtpOptions);
  let running: { loop: Promise<void>; handle: RunningSender } | null = null;
  const recorder = sentRecorder(queue, options.sentGatherMs ?? SENDER_DEFAULTS.sentGatherMs, (error, attempt) =>
    logger?.warn({ err: error, attempt }, 'recording sent mail failed for a passing reason: trying again (the mail is not sent again)'),
  );

  /** `standings`: the row's recipients under the policy, when there is one (checkRound). */
  async function deliver(row: OutboxRow, claim: OutboxClaim, standings: ReadonlyMap<string, RecipientStanding> | undefined): Promise<DeliveryOutcome> {
    const mail: SendMailOptions = { ...mailOptions(row, from), ...(options.dkim ? { dkim: options.dkim } : {}) };
    if (options.recipients) {
      // Never sent without its check: that would pass over the stop list.
      if (standings === undefined) throw new Error(`outbox row ${row.id} has no recipient check`);
      return deliverToEach(row, mail, options.recipients, standings);
    }
    try {
      const info = await transport.sendMail(mail);
      const at = now();
      if (at.getTime() - claim.claimedAt.getTime() > leaseMs) {
        logger?.warn({ id: row.id, messageId: row.message_id }, 'sending took longer than the lease; another sender may have sent it too');
      }
      return { kind: 'sent', at, undelivered: refusedRecipients(info) };
    } catch (error) {
      const failure = classifySendError(error);
      const at = now();
      const attempts = row.attempts + 1;
      if (failure.kind === 'permanent' || attempts >= maxAttempts) {
        const why = failure.kind === 'permanent' ? failure.reason : gaveUpText(attempts, failure.reason);
        return { kind: 'dead', at, error: why, undelivered: undeliveredFrom(row, failure.reason, errorRecipients(error)) };
      }
      return { kind: 'retry', at, retryAt: new Date(at.getTime() + backoff(attempts)), error: failure.reason };
    }
  }

  /**
   * One copy per recipient, each with its own way out; stopped and capped recipients are left out.
   * Recipients that fail for a passing reason while others got the mail are queued again on a row
   * of their own, so a retry never sends the mail twice to anyone.
   */
  async function deliverToEach(
    row: OutboxRow,
    mail: SendMailOptions,
    policy: RecipientPolicy,
    standings: ReadonlyMap<string, RecipientStanding>,
  ): Promise<DeliveryOutcome> {
    const { copies, withheld } = addressedCopies(envelopeRecipients(row), mail, policy, standings);
    if (withheld.length > 0) logger?.info({ id: row.id, messageId: row.message_id, kind: row.kind, withheld }, 'mail held back from some recipients');
    const settled = await Promise.allSettled(copies.map((copy) => transport.sendMail(copy.mail)));
    const at = now();
    const attempts = row.attempts + 1;
    let delivered = 0;
    const refused: UndeliveredRecipient[] = [];
    const passing: UndeliveredRecipient[] = [];
    for (const [index, result] of settled.entries()) {
      const { address } = copies[index]!;
      if (result.status === 'fulfilled') {
        const rejected = refusedRecipients(result.value);
        if (rejected.length > 0) refused.push(...rejected);
        else delivered++;
        continue;
      }
      const failure = classifySendError(result.reason);
      if (failure.kind === 'permanent') refused.push({ address, reason: failure.reason });
      else if (attempts >= maxAttempts) refused.push({ address, reason: gaveUpText(attempts, failure.reason) });
      else passing.push({ address, reason: failure.reason });
    }
    if (passing.length > 0 && delivered === 0 && refused.length === 0) {
      return { kind: 'retry', at, retryAt: new Date(at.getTime() + backoff(attempts)), error: passing[0]!.reason };
    }
    if (delivered === 0 && passing.length === 0 && refused.length > 0) {
      return { kind: 'dead', at, error: refused.map((r) => `${r.address}: ${r.reason}`).join('; '), undelivered: refused };
    }
    const requeue =
      passing.length > 0
        ? { addresses: passing.map((p) => p.address), retryAt: new Date(at.getTime() + backoff(attempts)), error: passing[0]!.reason }
        : undefined;
    return { kind: 'sent', at, undelivered: refused, ...(requeue ? { requeue } : {}) };
  }

  async function handle(
    row: OutboxRow,
    claim: OutboxClaim,
    standings: ReadonlyMap<string, RecipientStanding> | undefined,
  ): Promise<DeliveryOutcome['kind'] | null> {
    const started = Date.now();
    recorder.deliveryStarted();
    let outcome: DeliveryOutcome;
    try {
      outcome = await deliver(row, claim, standings);
    } catch (error) {
      recorder.deliveryEnded();
      throw error;
    }
    const fullyDelivered = outcome.kind === 'sent' && outcome.undelivered.length === 0 && outcome.requeue === undefined;
    if (!fullyDelivered) recorder.deliveryEnded();
    const recorded: RecordedOutcome = fullyDelivered
      ? { recorded: await recorder.sent({ id: row.id, at: outcome.at }), noticeMessageId: null }
      : outcome.kind === 'sent'
        ? // After a 250 the outcome must be written, or the lease's end sends the mail again.
          await untilRecorded(() => queue.recordOutcome(row, claim, outcome))
        : await queue.recordOutcome(row, claim, outcome);
    const bindings = { id: row.id, messageId: row.message_id, kind: row.kind, gameId: row.game_id, attempts: row.attempts + 1 };
    if (!recorded.recorded) {
      logger?.warn({ ...bindings, outcome: outcome.kind }, 'outbox row was no longer ours; outcome dropped');
      return null;
    }
    if (outcome.kind === 'retry') logger?.warn({ ...bindings, retryAt: outcome.retryAt, err: outcome.error }, 'mail deferred');
    if (outcome.kind === 'dead') logger?.error({ ...bindings, err: outcome.error, notice: recorded.noticeMessageId }, 'mail undeliverable');
    if (outcome.kind === 'sent' && outcome.undelivered.length > 0) {
      logger?.warn({ ...bindings, undelivered: outcome.undelivered, notice: recorded.noticeMessageId }, 'mail refused by some recipients');
    }
    if (outcome.kind === 'sent') logger?.info({ ...bindings, subject: row.subject, ms: Date.now() - started }, 'mail sent');
    return outcome.kind;
  }

  /**
   * The recipients of every row of the round under the policy, in one statement: each row's
   * first attempt is counted on its recipients' day, in the order the rows were claimed, so a
   * round's later mails to one unproven address see the earlier ones, as checks made one by one
   * did. Counting comes before sending, as it always did (each row was counted, then sent): a
   * crash after the count leaves the rows claimed with no attempt made, so once the lease runs
   * out they are sent once and counted again, as before; none is sent twice or lost. When the
   * check fails, nothing of the round is sent and its rows wait for their lease, as a row whose
   * check failed did.
   */
  async function checkRound(rows: readonly OutboxRow[]): Promise<readonly ReadonlyMap<string, RecipientStanding>[] | null> {
    if (!options.recipients || rows.length === 0) return null;
    return options.recipients.standings(rows.map(recipientCheckOf), now());
  }

  /** Whether the last round claimed its most pictures: more may be waiting. */
  let picturesLeft = false;

  async function drainOnce(): Promise<DrainResult> {
    const claimedAt = now();
    const rows = await queue.claimDue({ workerId, limit: batchSize, pictures: picturesPerRound, now: claimedAt, leaseMs });
    const claim: OutboxClaim = { workerId, claimedAt };
    // A round that took as many pictures as it may is followed by another at once, like a full one.
    picturesLeft = rows.filter((row) => row.drawing).length >= picturesPerRound;
    const standings = await checkRound(rows);
    // All at once: a pooled transport spreads them over its connections.
    const settled = await Promise.allSettled(rows.map((row, index) => handle(row, claim, standings?.[index])));
    const result = { sent: 0, retried: 0, dead: 0 };
    const failures: unknown[] = [];
    for (const entry of settled) {
      if (entry.status === 'rejected') failures.push(entry.reason);
      else if (entry.value === 'sent') result.sent += 1;
      else if (entry.value === 'retry') result.retried += 1;
      else if (entry.value === 'dead') result.dead += 1;
    }
    if (rows.length > 0) logger?.info({ workerId, claimed: rows.length, ...result }, 'outbox batch done');
    // A failed bookkeeping write leaves the row claimed: it is sent again once the lease runs out.
    if (failures.length > 0) throw new AggregateError(failures, `recording ${failures.length} outbox outcome(s) failed`);
    return result;
  }

  function start(loopOptions: SenderLoopOptions): RunningSender {
    if (running) throw new Error('this sender is already running');
    let stopping = false;
    // A wake that arrives mid-round must not be lost: the mail it announces may have been
    // queued after this round's claim.
    let wakeRequested = false;
    let wakeUp: (() => void) | null = null;
    const wake = () => {
      wakeRequested = true;
      wakeUp?.();
    };
    const roundIntervalMs = loopOptions.roundIntervalMs ?? SENDER_DEFAULTS.roundIntervalMs;
    /** Waits up to `ms`; a wake ends the wait early when `wakeEnds`, a stop always does. */
    const pause = (ms: number, wakeEnds: boolean) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wakeUp = () => {
          if (!wakeEnds && !stopping) return;
          clearTimeout(timer);
          resolve();
        };
      }).finally(() => (wakeUp = null));
    const loop = (async () => {
      while (!stopping) {
        wakeRequested = false;
        const roundStarted = Date.now();
        let fullBatch = false;
        try {
          const result = await drainOnce();
          fullBatch = result.sent + result.retried + result.dead >= batchSize || picturesLeft;
        } catch (error) {
          logger?.error({ err: error, workerId }, 'outbox round failed; trying again');
        }
        if (stopping || fullBatch) continue;
        if (wakeRequested) {
          // Mail queued during the round: claim it once the interval is up, together with
          // whatever else is queued by then.
          const rest = roundStarted + roundIntervalMs - Date.now();
          if (rest > 0) await pause(rest, false);
          continue;
        }
        await pause(loopOptions.pollMs, true);
      }
    })();
    const handle: RunningSender = {
      wake,
      async stop() {
        stopping = true;
        wakeUp?.();
        await loop;
        if (running?.handle === handle) running = null;
      },
    };
    running = { loop, handle };
    return handle;
  }

  let closed: Promise<void> | null = null;
  return {
    drainOnce,
    start,
    close: () =>
      (closed ??= (async () => {
        await running?.handle.stop();
        if (ownsTransport) transport.close?.();
      })()),
  };
}

/** What the sender tells its group commit of "sent" (sentRecorder). */
interface SentRecorder {
  /** A delivery began: its 250 may come and join the next UPDATE. */
  deliveryStarted(): void;
  /** A delivery ended without a 250 to record as sent (a retry, a death, a partial refusal, a fault). */
  deliveryEnded(): void;
  /** A delivery's 250: resolves true once written, when the row was still pending (false: someone else recorded it). */
  sent(row: SentRow): Promise<boolean>;
}

/**
 * Group commit for "sent": the 250s of the deliveries in flight are written by one UPDATE. A 250
 * waits until no other delivery is in flight, or until it has waited `gatherMs`, and while an
 * UPDATE runs new 250s gather for the next one. A lone message is recorded at once, a round's
 * messages share one statement, and a slow delivery holds the others back at most `gatherMs`.
 */
function sentRecorder(queue: OutboxQueue, gatherMs: number, onRetry?: (error: unknown, attempt: number) => void): SentRecorder {
  type Waiting = SentRow & { readonly since: number; resolve(recorded: boolean): void; reject(error: unknown): void };
  let waiting: Waiting[] = [];
  let writing = false;
  let delivering = 0;
  let timer: NodeJS.Timeout | null = null;
  const write = () => {
    const batch = waiting;
    waiting = [];
    writing = true;
    untilRecorded(() => queue.recordSent(batch), onRetry)
      .then(
        (recorded) => {
          for (const entry of batch) entry.resolve(recorded.has(entry.id));
        },
        (error: unknown) => {
          for (const entry of batch) entry.reject(error);
        },
      )
      .finally(() => {
        writing = false;
        consider();
      });
  };
  /** Writes what waits when nothing more can join it, or when the oldest has waited long enough. */
  const consider = () => {
    if (writing || waiting.length === 0) return;
    const waitedEnough = Date.now() - waiting[0]!.since >= gatherMs;
    if (delivering === 0 || waitedEnough) {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      write();
      return;
    }
    timer ??= setTimeout(
      () => {
        timer = null;
        consider();
      },
      waiting[0]!.since + gatherMs - Date.now(),
    );
  };
  return {
    deliveryStarted: () => {
      delivering += 1;
    },
    deliveryEnded: () => {
      delivering -= 1;
      consider();
    },
    sent: (row) =>
      new Promise<boolean>((resolve, reject) => {
        delivering -= 1;
        waiting.push({ ...row, since: Date.now(), resolve, reject });
        consider();
      }),
  };
}

/** Pause before the n-th retry of a write after a 250: 100 ms doubling up to 5 s. */
export function recordRetryDelayMs(attempt: number): number {
  return Math.min(5_000, 100 * 2 ** Math.min(attempt, 10));
}

/**
 * Runs a write that follows an SMTP 250 until the database answers: a passing failure (the
 * connection was lost, the server restarts) is retried for as long as it lasts, since giving up
 * would leave the row claimed and the mail would go out again when the lease ran out. Any other
 * error is thrown (a fault that a retry would repeat).
 */
export async function untilRecorded<T>(write: () => Promise<T>, onRetry?: (error: unknown, attempt: number) => void): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isTransientStoreFailure(error)) throw error;
      onRetry?.(error, attempt + 1);
      await new Promise((resolve) => setTimeout(resolve, recordRetryDelayMs(attempt)));
    }
  }
}

function pooledTransport(smtpUrl: string, extra: SMTPPoolOptions | undefined): MailTransport {
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SENDER_DEFAULTS.maxConnections,
    maxMessages: SENDER_DEFAULTS.maxMessagesPerConnection,
    connectionTimeout: SENDER_DEFAULTS.connectionTimeoutMs,
    greetingTimeout: SENDER_DEFAULTS.greetingTimeoutMs,
    socketTimeout: SENDER_DEFAULTS.socketTimeoutMs,
    ...extra,
  });
}

/** Recipients refused while the message went to the others. */
function refusedRecipients(info: SentInfo): UndeliveredRecipient[] {
  const reasons = new Map<string, string>();
  for (const error of info.rejectedErrors ?? []) {
    const recipient = (error as { recipient?: unknown }).recipient;
    if (typeof recipient === 'string') reasons.set(recipient.toLowerCase(), describeError(error));
  }
  return (info.rejected ?? []).map((entry) => {
    const address = typeof entry === 'string' ? entry : entry.address;
    return { address, reason: reasons.get(address.toLowerCase()) ?? 'refused' };
  });
}

/** Addresses named in an "all recipients were rejected" error, each with its own reason. */
function errorRecipients(error: unknown): UndeliveredRecipient[] | null {
  const { rejectedErrors } = error as { rejectedErrors?: unknown };
  if (!Array.isArray(rejectedErrors) || rejectedErrors.length === 0) return null;
  return refusedRecipients({ rejected: (error as { rejected?: string[] }).rejected ?? [], rejectedErrors });
}

function undeliveredFrom(row: OutboxRow, reason: string, known: UndeliveredRecipient[] | null): UndeliveredRecipient[] {
  if (known !== null && known.length > 0) return known;
  return envelopeRecipients(row).map((address) => ({ address, reason }));
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const { response } = error as { response?: unknown };
    // nodemailer's messages already end with the server's reply in most cases
    return typeof response === 'string' && !error.message.includes(response) ? `${error.message}: ${response}` : error.message;
  }
  return String(error);
}
