import type { SendMailOptions } from 'nodemailer';

// An outbox row as nodemailer mail options: the same options go to SMTP or, in the local
// spool mode, to a stream transport that writes .eml files. The Message-ID is the row's own,
// so a message sent twice after a crash can be recognised as one.

export interface OutboxMail {
  readonly message_id: string;
  readonly to_addresses: readonly string[];
  readonly cc_addresses: readonly string[];
  readonly bcc_addresses: readonly string[];
  readonly subject: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export function mailOptions(row: OutboxMail, from: { readonly name: string; readonly address: string }): SendMailOptions {
  const { 'In-Reply-To': inReplyTo, References: references, ...headers } = row.headers;
  return {
    from: { name: from.name, address: from.address },
    to: [...row.to_addresses],
    ...(row.cc_addresses.length > 0 ? { cc: [...row.cc_addresses] } : {}),
    ...(row.bcc_addresses.length > 0 ? { bcc: [...row.bcc_addresses] } : {}),
    subject: row.subject,
    text: row.body,
    messageId: row.message_id,
    ...(inReplyTo ? { inReplyTo } : {}),
    ...(references ? { references } : {}),
    headers: { 'Auto-Submitted': 'auto-generated', ...headers },
  };
}
