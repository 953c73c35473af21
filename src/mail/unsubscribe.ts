import type { SendMailOptions } from 'nodemailer';
import { dailyCountOf, type RecipientCheck } from '../store/mail-address-store.ts';
import { wayOutLines, withheldText } from '../render/mail-way-out.ts';
import { envelopeRecipients, type OutboxMail } from './outgoing-message.ts';

// Every mail the judge sends carries a way out for the address it goes to (issue 10): a
// List-Unsubscribe mailto whose Subject holds the address's own token (RFC 2369), and, when the
// judgekeeper gives the judge's public HTTPS address (DIPJUDGE_PUBLIC_URL), RFC 8058's one-click
// link to POST /unsubscribe/<token> (src/web/server.ts) before it; and a closing line saying the
// same in words. A mail to "STOP <token>" or that POST stops all mail to that address
// (src/judge/mail/mail-addresses.ts). Both senders, SMTP and the spool outbox, go through
// addressedCopies: they leave out addresses that stopped and, past the day's cap, addresses that
// never proved themselves (a valid password, a confirmed code, DMARC/SPF), so a forged JOIN or
// CREATE cannot turn the judge on a stranger for more than a few mails. Replies and game mail are
// capped apart (issue 25), so forged mail cannot spend a player's results. The SMTP sender reads
// the standings of a whole round's mails at once (one statement, not one per mail, issue 35);
// the spool, one mail at a time in the transaction that writes its files.

/** What the outbox knows of one recipient (store/mail-address-store.ts countRecipients). */
export interface RecipientStanding {
  readonly token: string;
  readonly stopped: boolean;
  readonly proven: boolean;
  readonly sentToday: number;
}

/** The sender's policy on recipients; without one every recipient is sent to as addressed. */
export interface RecipientPolicy {
  /**
   * The standings of each mail's recipients (keyed lower case), one map per mail: a mail that
   * counts adds to its recipients' day (on its own daily count) before the mails after it are
   * read, as if they were checked one by one in that order.
   */
  standings(mails: readonly RecipientCheck[], now: Date): Promise<readonly ReadonlyMap<string, RecipientStanding>[]>;
  /** The judge's own address, where STOP mails go. */
  readonly judgeAddress: string;
  /** Mails a day to an address that never proved itself; more are held back. Undefined: no cap. */
  readonly maxPerDayUnproven?: number;
  /** The judge's public HTTPS base URL, no trailing slash (DIPJUDGE_PUBLIC_URL): adds the one-click link. */
  readonly publicUrl?: string;
}

/** Where the judge's way out is written: its address and, when it serves one, its public URL. */
export type WayOut = Pick<RecipientPolicy, 'judgeAddress' | 'publicUrl'>;

/** Why a recipient gets nothing, or null when it gets the mail. */
export function withheldReason(standing: RecipientStanding | undefined, maxPerDayUnproven: number | undefined): string | null {
  if (standing === undefined) return null;
  if (standing.stopped) return withheldText({ kind: 'stopped' });
  if (!standing.proven && maxPerDayUnproven !== undefined && standing.sentToday > maxPerDayUnproven) {
    return withheldText({ kind: 'unproven-cap', perDay: maxPerDayUnproven });
  }
  return null;
}

/** The List-Unsubscribe header's value for an address's token: the mailto alone. */
export function listUnsubscribe(judgeAddress: string, token: string): string {
  return `<mailto:${judgeAddress}?subject=${encodeURIComponent(`STOP ${token}`)}>`;
}

/** The page that stops mail to the token's address (GET shows a button, POST stops: src/web/server.ts). */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe/${token}`;
}

/**
 * The unsubscribe headers of one copy: with a public URL, RFC 8058's HTTPS link first (mail
 * programs' one-click button POSTs `List-Unsubscribe=One-Click` to it) and the mailto after it.
 */
export function unsubscribeHeaders(way: WayOut, token: string): Record<string, string> {
  const mailto = listUnsubscribe(way.judgeAddress, token);
  if (way.publicUrl === undefined) return { 'List-Unsubscribe': mailto };
  return { 'List-Unsubscribe': `<${unsubscribeUrl(way.publicUrl, token)}>, ${mailto}`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The closing line of every mail, after the signature separator. */
export function closingLines(judgeAddress: string, token: string, publicUrl?: string): string {
  return wayOutLines(judgeAddress, token, publicUrl === undefined ? null : unsubscribeUrl(publicUrl, token));
}

/**
 * The message as one recipient gets it: addressed to them alone, with their List-Unsubscribe and
 * closing line. Players' addresses stay hidden from each other as before, each being sent their own copy.
 */
export function forRecipient(options: SendMailOptions, address: string, way: WayOut, token: string): SendMailOptions {
  const text = typeof options.text === 'string' ? options.text : '';
  return {
    ...alone(options, address),
    text: `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}\n${closingLines(way.judgeAddress, token, way.publicUrl)}\n`,
    headers: { ...(options.headers as Record<string, string> | undefined), ...unsubscribeHeaders(way, token) },
  };
}

/** Who gets a mail under the policy: one copy per recipient that may have it, and who is held back and why. */
export interface AddressedCopies {
  readonly copies: readonly { readonly address: string; readonly mail: SendMailOptions }[];
  readonly withheld: readonly { readonly address: string; readonly reason: string }[];
}

/** What the policy asks about an outbox row: its recipients, counted on its first attempt only, on the day of its kind. */
export function recipientCheckOf(row: OutboxMail & { readonly attempts: number; readonly kind: string | null }): RecipientCheck {
  return { addresses: envelopeRecipients(row), count: row.attempts === 0, daily: dailyCountOf(row.kind) };
}

/**
 * The one recipient policy of both senders (SMTP and the spool outbox), given the recipients'
 * standings (policy.standings): stopped and capped ones are held back, and the others get their
 * own copy with their way out.
 */
export function addressedCopies(
  addresses: readonly string[],
  mail: SendMailOptions,
  policy: WayOut & Pick<RecipientPolicy, 'maxPerDayUnproven'>,
  standings: ReadonlyMap<string, RecipientStanding>,
): AddressedCopies {
  const copies: { address: string; mail: SendMailOptions }[] = [];
  const withheld: { address: string; reason: string }[] = [];
  for (const address of addresses) {
    const standing = standings.get(address.toLowerCase());
    const reason = withheldReason(standing, policy.maxPerDayUnproven);
    if (reason !== null) withheld.push({ address, reason });
    else copies.push({ address, mail: standing === undefined ? alone(mail, address) : forRecipient(mail, address, policy, standing.token) });
  }
  return { copies, withheld };
}

/** The mail addressed to one recipient only. */
function alone(mail: SendMailOptions, address: string): SendMailOptions {
  const { envelope: _envelope, cc: _cc, bcc: _bcc, ...rest } = mail;
  return { ...rest, to: [address] };
}
