import type { Kysely } from 'kysely';
import type { JudgeSettings } from '../config/config.ts';
import { DELIVERY_FAILURE_NOTICES } from '../mail/delivery-failure-notice.ts';
import type { RecipientPolicy } from '../mail/unsubscribe.ts';
import { createSmtpSender, exponentialBackoff, type SenderLogger, type SmtpSender } from '../mail/smtp-sender.ts';
import type { Database } from '../store/index.ts';
import { outboxQueue, recipientStandings } from '../store/outbox-queue.ts';

/** The SMTP sender as the settings describe it, whichever thread it runs on. */
export function outboxSender(db: Kysely<Database>, settings: JudgeSettings & { readonly smtpUrl: string }, workerId: string, logger: SenderLogger): SmtpSender {
  return createSmtpSender({
    queue: outboxQueue(db, DELIVERY_FAILURE_NOTICES),
    smtpUrl: settings.smtpUrl,
    from: settings.judge,
    workerId,
    leaseSeconds: settings.outbox.leaseSeconds,
    maxAttempts: settings.outbox.maxAttempts,
    backoff: exponentialBackoff(settings.outbox.retryMinSeconds * 1000, settings.outbox.retryMaxSeconds * 1000),
    ...(settings.dkim ? { dkim: settings.dkim } : {}),
    recipients: recipientPolicy(db, settings),
    logger,
  });
}

/**
 * Every recipient's way out, the stop list and the daily cap of unproven addresses (issue 10):
 * the one policy of the SMTP sender and the spool outbox.
 */
export function recipientPolicy(db: Kysely<Database>, settings: JudgeSettings): RecipientPolicy {
  return {
    standings: recipientStandings(db),
    judgeAddress: settings.judge.address,
    maxPerDayUnproven: settings.judge.maxMailsPerDayUnproven,
    ...(settings.publicUrl !== undefined ? { publicUrl: settings.publicUrl } : {}),
  };
}
