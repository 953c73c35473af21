import type { SendMailOptions } from 'nodemailer';
import { attachmentBytes } from '../judge/reports/map-pictures.ts';
import type { MailAttachment } from '../judge/ports.ts';
import { withoutMarks, wrapLongLines } from '../render/wrap.ts';
import { headerText } from './inbound-message.ts';

// An outbox row as nodemailer mail options: the same options go to SMTP or, in the local
// spool mode, to a stream transport that writes .eml files. The Message-ID is the row's own,
// so a message sent twice after a crash can be recognised as one.
//
// A mail to several people (results, notices, broadcasts) names none of them: the recipients
// travel only in the SMTP envelope and the To header is the empty group
// `undisclosed-recipients:;`. Players' addresses stay hidden from each other (njudge mailed
// each player separately), which gunboat games depend on.
//
// No control character reaches a header (issue 25): nodemailer encodes only non-ASCII text, so an
// escape sequence quoted from a player's mail (a Subject, an id) would go out raw.

export interface OutboxMail {
  readonly message_id: string;
  readonly to_addresses: readonly string[];
  readonly cc_addresses: readonly string[];
  readonly bcc_addresses: readonly string[];
  readonly subject: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** reply, notice, press, results …: replies and notices are sent with lines of at most 76 characters. */
  readonly kind?: string | null;
  /** Files after the text (a map picture); absent or empty: a plain text mail. */
  readonly attachments?: readonly MailAttachment[];
}

export const UNDISCLOSED_RECIPIENTS = 'undisclosed-recipients:;';

/** Everyone the mail goes to, in the order the row names them. */
export function envelopeRecipients(row: OutboxMail): string[] {
  return [...new Set([...row.to_addresses, ...row.cc_addresses, ...row.bcc_addresses])];
}

export function mailOptions(row: OutboxMail, from: { readonly name: string; readonly address: string }): SendMailOptions {
  const {
    'In-Reply-To': inReplyTo,
    References: references,
    ...headers
  } = Object.fromEntries(Object.entries(row.headers).map(([name, value]) => [name, headerText(value)]));
  const shown = row.to_addresses.length + row.cc_addresses.length;
  const addressing: SendMailOptions =
    shown <= 1
      ? {
          to: [...row.to_addresses],
          ...(row.cc_addresses.length > 0 ? { cc: [...row.cc_addresses] } : {}),
          ...(row.bcc_addresses.length > 0 ? { bcc: [...row.bcc_addresses] } : {}),
        }
      : { to: UNDISCLOSED_RECIPIENTS, envelope: { from: from.address, to: envelopeRecipients(row) } };
  const files = (row.attachments ?? []).flatMap((a) => {
    const content = attachmentBytes(a);
    return content === null
      ? []
      : [{ filename: a.filename, content, contentType: a.contentType, contentDisposition: a.inline ? ('inline' as const) : ('attachment' as const) }];
  });
  return {
    from: { name: from.name, address: from.address },
    ...addressing,
    subject: headerText(row.subject),
    // The judge's own words wrap at 76 columns (7bit-friendly); press is the player's text, and
    // results keep njudge's classic layout byte for byte, in a reply too (HISTORY, a press echo:
    // marked verbatim where the judge copied them).
    text: row.kind === 'reply' || row.kind === 'notice' ? wrapLongLines(row.body) : withoutMarks(row.body),
    // The text stays the first part, exactly as a text-only mail carries it: readers and result
    // parsers that take the first text/plain part see what they always saw (multipart/mixed).
    // A map picture queued as SVG is drawn here, by the sender, outside the judge's transaction.
    ...(files.length > 0 ? { attachments: files } : {}),
    messageId: row.message_id,
    ...(inReplyTo ? { inReplyTo } : {}),
    ...(references ? { references } : {}),
    headers: { 'Auto-Submitted': 'auto-generated', ...headers },
  };
}
