import type { SendMailOptions } from 'nodemailer';

// Every mail the judge sends carries a way out for the address it goes to (issue 10): a
// List-Unsubscribe mailto whose Subject holds the address's own token (RFC 2369; RFC 8058's
// one-click needs an HTTPS URL, which this judge does not serve yet), and a closing line saying
// the same in words. A mail to "STOP <token>" stops all mail to that address (src/judge/mail-addresses.ts).
// The sender also leaves out addresses that stopped and, past the day's cap, addresses that never
// proved themselves (a valid password, a confirmed code, DMARC/SPF), so a forged JOIN or CREATE
// cannot turn the judge on a stranger for more than a few mails.

/** What the outbox knows of one recipient (store/mail-address-store.ts countRecipients). */
export interface RecipientStanding {
  readonly token: string;
  readonly stopped: boolean;
  readonly proven: boolean;
  readonly sentToday: number;
}

/** The sender's policy on recipients; without one every recipient is sent to as addressed. */
export interface RecipientPolicy {
  /** States of the addresses, lower case; `count` adds this mail to each one's day. */
  standings(addresses: readonly string[], now: Date, count: boolean): Promise<ReadonlyMap<string, RecipientStanding>>;
  /** The judge's own address, where STOP mails go. */
  readonly judgeAddress: string;
  /** Mails a day to an address that never proved itself; more are held back. Undefined: no cap. */
  readonly maxPerDayUnproven?: number;
}

/** Why a recipient gets nothing, or null when it gets the mail. */
export function withheldReason(standing: RecipientStanding | undefined, maxPerDayUnproven: number | undefined): string | null {
  if (standing === undefined) return null;
  if (standing.stopped) return 'the address asked to get no more mail';
  if (!standing.proven && maxPerDayUnproven !== undefined && standing.sentToday > maxPerDayUnproven) {
    return `the address never proved itself and had its ${maxPerDayUnproven} mails today`;
  }
  return null;
}

/** The List-Unsubscribe header's value for an address's token. */
export function listUnsubscribe(judgeAddress: string, token: string): string {
  return `<mailto:${judgeAddress}?subject=${encodeURIComponent(`STOP ${token}`)}>`;
}

/** The closing line of every mail, after the signature separator. */
export function closingLines(judgeAddress: string, token: string): string {
  return [
    '-- ',
    // Lines under 76 characters, as the rest of the judge's mail (src/render/wrap.ts).
    'To get no more mail from this judge at this address, send a mail to',
    `${judgeAddress} with this line as its Subject:`,
    `STOP ${token}`,
  ].join('\n');
}

/**
 * The message as one recipient gets it: addressed to them alone, with their List-Unsubscribe and
 * closing line. Players' addresses stay hidden from each other as before, each being sent their own copy.
 */
export function forRecipient(options: SendMailOptions, address: string, judgeAddress: string, token: string): SendMailOptions {
  const { envelope: _envelope, cc: _cc, bcc: _bcc, ...rest } = options;
  const text = typeof options.text === 'string' ? options.text : '';
  return {
    ...rest,
    to: [address],
    text: `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}\n${closingLines(judgeAddress, token)}\n`,
    headers: { ...(options.headers as Record<string, string> | undefined), 'List-Unsubscribe': listUnsubscribe(judgeAddress, token) },
  };
}
