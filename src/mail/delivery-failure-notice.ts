import type { MasterNotices, UndeliveredRecipient } from '../store/outbox-queue.ts';
import { deliveryFailureBody, deliveryFailureSubject } from '../render/mail-way-out.ts';

// The mail a game's Master gets when the judge gives up on delivering one of the game's
// messages. It names the message and the refused addresses but never quotes the body: the
// failed mail may be press the Master is not meant to read.

/** The kind of outbox row a delivery-failure notice is; a failed notice never makes another. */
export const DELIVERY_FAILURE_KIND = 'delivery-failure';

export type { UndeliveredRecipient };

export interface FailedMessage {
  readonly message_id: string;
  readonly subject: string;
  readonly kind: string | null;
  readonly attempts: number;
}

export interface DeliveryFailureNotice {
  readonly messageId: string;
  readonly to: string;
  readonly subject: string;
  readonly body: string;
}

/**
 * The notice for `master`, or null when none may be sent: the failed mail was itself a
 * notice, or the Master is one of the addresses that could not be reached.
 */
export function deliveryFailureNotice(
  failed: FailedMessage,
  undelivered: readonly UndeliveredRecipient[],
  master: { readonly address: string; readonly gameName: string },
  delivered: boolean,
): DeliveryFailureNotice | null {
  if (failed.kind === DELIVERY_FAILURE_KIND || undelivered.length === 0) return null;
  const masterAddress = master.address.toLowerCase();
  if (undelivered.some((recipient) => recipient.address.toLowerCase() === masterAddress)) return null;
  const body = deliveryFailureBody({
    gameName: master.gameName,
    delivered,
    subject: failed.subject,
    messageId: failed.message_id,
    attempts: failed.attempts,
    undelivered: undelivered.map((recipient) => ({ address: recipient.address, reason: oneLine(recipient.reason) })),
  });
  return {
    messageId: derivedMessageId(failed.message_id),
    to: master.address,
    subject: deliveryFailureSubject(failed.subject),
    body,
  };
}

/**
 * One notice per failed message, whoever notices the failure: the id is derived from the
 * failed message's, so queuing it twice (ON CONFLICT DO NOTHING) leaves one row.
 */
function derivedMessageId(messageId: string): string {
  const inner = messageId.replace(/^<|>$/g, '');
  return inner.includes('@') ? `<delivery-failure.${inner}>` : `<delivery-failure.${inner}@dipjudge.invalid>`;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 297)}...` : flat;
}

/** The notices the outbox queue sends a game's Master (store/outbox-queue.ts). */
export const DELIVERY_FAILURE_NOTICES: MasterNotices = { kind: DELIVERY_FAILURE_KIND, compose: deliveryFailureNotice };
