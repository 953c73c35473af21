import type { MailAddress } from '../../commands/names.ts';

// A mail to the judge as the mail layer read it (src/mail decodes MIME and applies the rules
// on automatic mail): the judge's own type, so the judge reads no MIME and knows no mail library.

export interface InboundMail {
  /** What the mail is recorded under: its Message-ID, or one derived from its bytes when it has none. */
  readonly id: string;
  /** Its own Message-ID header, for the reply's In-Reply-To and References; null when it had none. */
  readonly messageId: string | null;
  /** First From address, lower case; null when the mail has none. */
  readonly from: MailAddress | null;
  /** Where a reply goes (Resent-From, else Reply-To, else From), lower case; null when the mail names none. */
  readonly replyAddress: MailAddress | null;
  readonly subject: string;
  readonly references: readonly string[];
  /** The body as text, with `\n` line ends. */
  readonly text: string;
  readonly sizeBytes: number;
  /**
   * Why the judge must not answer the mail at all (a bounce, an automatic reply, list mail, a
   * loop), as the mail layer's rules decided; null when it may be answered.
   */
  readonly noReplyReason: string | null;
  /**
   * Set when the mail layer could read only the headers (the MIME parser gave up on the body):
   * why, in a player's words; the judge refuses the mail with it.
   */
  readonly unreadable?: string;
  /**
   * What the judge's own mail server found of the From's DMARC/SPF (its Authentication-Results
   * header, read by the mail layer only when the judgekeeper names the server's authserv-id):
   * 'pass', 'fail', or absent/null when not checked or neither.
   */
  readonly senderAuth?: 'pass' | 'fail' | null;
}
