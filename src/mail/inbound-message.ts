import { simpleParser, type HeaderValue, type StructuredHeader } from 'mailparser';
import { noReplyText } from '../render/mail-reasons.ts';
import { mailAddress, MAX_ADDRESS_LENGTH, type MailAddress } from '../judge/model.ts';
import { readPlainMail, type AddressField, type HeaderLine, type MailParts } from './plain-mail-reader.ts';

// An inbound judge mail reduced to what the judge reads: who to answer, the
// threading ids, the plain text of the body, and the headers that tell us not to
// answer at all (RFC 3834). MIME, charsets, quoted-printable and base64 are
// mailparser's job, but for the plain single-part mail most players send, which
// plain-mail-reader.ts reads directly to the same result. Attachments are dropped. Only
// the text/plain part is read when there is one, so the HTML copy of a SIGNON line never
// reaches a press body.
// Every header value the judge keys on or copies into a reply is bounded here (issue 25): a
// Message-ID that is junk or too long counts as none, an address too long for SMTP as none,
// and control characters never pass into a Subject or an id.

export interface AutomationHeaders {
  /** `Auto-Submitted` value without parameters, lower case; null when absent. */
  readonly autoSubmitted: string | null;
  readonly precedence: string | null;
  readonly listId: string | null;
  readonly listUnsubscribe: string | null;
  /** Every `X-Loop` header, in order. */
  readonly xLoop: readonly string[];
  /** Another njudge put its mark on the mail. */
  readonly xNjudge: string | null;
  /** Vacation responders that skip Auto-Submitted (`X-Autoreply`, `X-Autorespond`). */
  readonly xAutoreply: string | null;
  /** `Return-Path` address, lower case; '' for the null path `<>` of bounces; null when absent. */
  readonly returnPath: string | null;
  /** `Content-Type` of the whole mail, lower case, e.g. `multipart/report`. */
  readonly contentType: string;
  /** `report-type` parameter of a multipart/report (`delivery-status` for bounces). */
  readonly reportType: string | null;
}

export interface InboundMessage {
  /** The Message-ID when it is one (see messageIdOf); null when the mail has none, or only junk. */
  readonly messageId: string | null;
  /** First From address; null when the mail has none. */
  readonly from: MailAddress | null;
  readonly replyTo: MailAddress | null;
  readonly resentFrom: MailAddress | null;
  /** Where a reply goes: Resent-From, else Reply-To, else From (njudge's order). */
  readonly replyAddress: MailAddress | null;
  /** An address header held only addresses the judge cannot write to (over MAX_ADDRESS_LENGTH, control characters). */
  readonly unusableAddress: boolean;
  readonly subject: string;
  readonly date: Date | null;
  readonly inReplyTo: string | null;
  readonly references: readonly string[];
  /** The body as text, with `\n` line ends and trailing `<br>` removed. */
  readonly text: string;
  readonly headers: AutomationHeaders;
  /** Every `Authentication-Results` header, topmost first (senderAuthentication reads the judge's own server's). */
  readonly authenticationResults: readonly string[];
  readonly sizeBytes: number;
  /**
   * Set when only the headers could be read because the MIME parser gave up on the body: why,
   * in a player's words (the judge refuses the mail with it).
   */
  readonly unreadable?: string;
}

export type ReplyDecision = { readonly reply: true } | { readonly reply: false; readonly reason: string };

/** An address read from a header; `unusable` when it is one the judge cannot write to or key on. */
type ReadAddress = MailAddress | null | 'unusable';

function usable(address: string): ReadAddress {
  return address.length > MAX_ADDRESS_LENGTH || CONTROL.test(address) ? 'unusable' : mailAddress(address);
}

function firstAddress(field: AddressField | AddressField[] | undefined): ReadAddress {
  for (const object of Array.isArray(field) ? field : field ? [field] : []) {
    for (const entry of object.value) {
      const address = entry.address ?? entry.group?.find((member) => member.address)?.address;
      if (address) return usable(storableText(address));
    }
  }
  return null;
}

/** A bare address from a header value mailparser leaves as text (`Name <a@b>` or `a@b`). */
function addressIn(value: string): ReadAddress {
  const angled = /<([^<>\s]*)>/.exec(value);
  if (angled) return usable(angled[1]!);
  const bare = /[^\s<>"',;:]+@[^\s<>"',;:]+/.exec(value);
  return bare ? usable(bare[0]) : null;
}

function known(address: ReadAddress): MailAddress | null {
  return address === 'unusable' ? null : address;
}

/** Raw values of one header (unfolded), in order. */
function rawHeaders(lines: readonly HeaderLine[], name: string): string[] {
  return lines
    .filter((header) => header.key === name)
    .map((header) => storableText(header.line.slice(header.line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ')).trim());
}

function firstRaw(lines: readonly HeaderLine[], name: string): string | null {
  return rawHeaders(lines, name)[0] ?? null;
}

function returnPathOf(lines: readonly HeaderLine[]): string | null {
  const raw = firstRaw(lines, 'return-path');
  if (raw === null) return null;
  if (/^<\s*>$/.test(raw) || raw === '') return '';
  // Only read for the null path of bounces: an address too long to use is still not the null path.
  const address = addressIn(raw);
  return address === 'unusable' ? raw.slice(0, MAX_ADDRESS_LENGTH).toLowerCase() : (address ?? '');
}

/** C0 and C1 control characters: never in a header the judge writes or a line a terminal shows. */
const CONTROL = /[\x00-\x1f\x7f-\x9f]/;
const CONTROLS = /[\x00-\x1f\x7f-\x9f]+/g;

/** A header's text for the judge to keep and copy into a reply: each run of control characters becomes one space. */
export function headerText(text: string): string {
  return storableText(text).replace(CONTROLS, ' ');
}

/** The longest Message-ID the judge records as the mail's own; a longer one counts as none. */
export const MAX_MESSAGE_ID_LENGTH = 250;
/** `<left@right>`: neither side empty, no spaces, brackets, second @ or control characters. */
const MESSAGE_ID = /^<[^\s<>@\x00-\x1f\x7f-\x9f]+@[^\s<>@\x00-\x1f\x7f-\x9f]+>$/;

/**
 * A Message-ID as the judge records and quotes it, or null for junk (`<>`, `<   >`, `not-an-id`,
 * control characters, over MAX_MESSAGE_ID_LENGTH): junk ids are not unique (two senders' `<>`
 * would count as one mail, the second dropped as its duplicate), so the mail layer records such a
 * mail under an id derived from its bytes instead, and the reply quotes none of it.
 */
export function messageIdOf(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const id = storableText(text).replace(/\s+/g, '');
  return id.length <= MAX_MESSAGE_ID_LENGTH && MESSAGE_ID.test(id) ? id : null;
}

/** At most this many of a mail's References are carried into the reply's (the last ones, as RFC 5322 §3.6.4 allows). */
const MAX_REFERENCES = 20;

/**
 * Text PostgreSQL can store and the judge can read: a NUL (which no text column holds, and which
 * a mail can carry raw or as `=00`, base64 or UTF-16) becomes a space, a lone UTF-16 surrogate
 * (from a broken charset) becomes U+FFFD. Every string the judge takes from a mail passes here.
 */
export function storableText(text: string): string {
  return text.replace(/\0/g, ' ').toWellFormed();
}

function bodyText(mail: MailParts): string {
  // mailparser prefers text/plain and converts HTML-only mail to text itself.
  return storableText(mail.text ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/(?:\s*<br\s*\/?>)+\s*$/i, ''))
    .join('\n');
}

function referencesOf(mail: MailParts): string[] {
  const refs = mail.references;
  if (refs === undefined) return [];
  return (Array.isArray(refs) ? refs : [refs])
    .flatMap((r) => storableText(r).split(/\s+/))
    .flatMap((r) => messageIdOf(r) ?? [])
    .slice(-MAX_REFERENCES);
}

export async function parseInboundMessage(raw: Buffer | string): Promise<InboundMessage> {
  return inboundMessageOf(readPlainMail(raw) ?? (await parseWithMailparser(raw)), raw);
}

/** The mail as mailparser reads it: every mail the direct reader (plain-mail-reader.ts) leaves to it. */
export async function parseWithMailparser(raw: Buffer | string): Promise<MailParts> {
  const mail = await simpleParser(raw, {
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
    // A bounce's delivery report is not text the player wrote.
    keepDeliveryStatus: true,
  });
  const contentType = mail.headers.get('content-type');
  return { ...mail, contentType: isStructured(contentType) ? contentType : null };
}

/** The judge's reading of a parsed mail, whichever reader parsed it. */
export function inboundMessageOf(mail: MailParts, raw: Buffer | string): InboundMessage {
  const lines = mail.headerLines;
  const resentFromRaw = firstRaw(lines, 'resent-from');
  const read = [firstAddress(mail.from), firstAddress(mail.replyTo), resentFromRaw === null ? null : addressIn(resentFromRaw)] as const;
  const [from, replyTo, resentFrom] = [known(read[0]), known(read[1]), known(read[2])];
  const structured = mail.contentType;
  const autoSubmitted = firstRaw(lines, 'auto-submitted');
  const autoReply = firstRaw(lines, 'x-autoreply') ?? firstRaw(lines, 'x-autorespond');

  return {
    messageId: messageIdOf(mail.messageId),
    from,
    replyTo,
    resentFrom,
    replyAddress: resentFrom ?? replyTo ?? from,
    unusableAddress: read.includes('unusable'),
    subject: headerText(mail.subject ?? '').trim(),
    date: mail.date ?? null,
    inReplyTo: messageIdOf(mail.inReplyTo),
    references: referencesOf(mail),
    text: bodyText(mail),
    headers: {
      autoSubmitted: autoSubmitted === null ? null : autoSubmitted.split(/[;(]/, 1)[0]!.trim().toLowerCase(),
      precedence: firstRaw(lines, 'precedence')?.toLowerCase() ?? null,
      listId: firstRaw(lines, 'list-id'),
      listUnsubscribe: firstRaw(lines, 'list-unsubscribe'),
      xLoop: rawHeaders(lines, 'x-loop'),
      xNjudge: firstRaw(lines, 'x-njudge'),
      xAutoreply: autoReply,
      returnPath: returnPathOf(lines),
      contentType: (structured ? String(structured.value) : 'text/plain').toLowerCase(),
      reportType: structured?.params['report-type']?.toLowerCase() ?? null,
    },
    authenticationResults: rawHeaders(lines, 'authentication-results'),
    sizeBytes: typeof raw === 'string' ? Buffer.byteLength(raw, 'utf8') : raw.length,
  };
}

/**
 * What the judge's own mail server found of the sender (RFC 8601), or null when it says nothing
 * usable. Only the topmost Authentication-Results header naming `authservId` is read: the server
 * adds its own above whatever the mail came with (and should remove ones forged with its name).
 * DMARC decides when it was checked; without it SPF does ('softfail', 'neutral' and the like are
 * neither pass nor fail).
 */
export function senderAuthentication(results: readonly string[], authservId: string): 'pass' | 'fail' | null {
  for (const value of results) {
    const [head, ...methods] = value.replace(/\([^)]*\)/g, ' ').split(';');
    if ((head ?? '').trim().split(/\s+/)[0]?.toLowerCase() !== authservId.toLowerCase()) continue;
    const result = (method: string) =>
      methods.map((m) => new RegExp(`^\\s*${method}\\s*=\\s*([a-z]+)`, 'i').exec(m)?.[1]?.toLowerCase()).find((r) => r !== undefined) ?? null;
    const verdict = result('dmarc') ?? result('spf');
    return verdict === 'pass' ? 'pass' : verdict === 'fail' ? 'fail' : null;
  }
  return null;
}

const DAEMON_SENDERS = new Set(['mailer-daemon', 'postmaster', 'root']);
const BULK_PRECEDENCE = new Set(['bulk', 'junk', 'list']);

/**
 * Whether the judge may answer this mail (RFC 3834 §2 and the judges' own loop
 * guards): never bounces, automatic mail, list mail, or mail from itself.
 */
export function replyDecision(message: InboundMessage, judgeAddress: string): ReplyDecision {
  const judge = mailAddress(judgeAddress);
  const no = (reason: string): ReplyDecision => ({ reply: false, reason });
  const { headers } = message;

  if (message.replyAddress === null) return no(noReplyText({ kind: 'no-sender-address' }));
  if (headers.returnPath === '') return no(noReplyText({ kind: 'empty-return-path' }));
  const senderLocal = (message.from ?? '').split('@', 1)[0]!;
  if (DAEMON_SENDERS.has(senderLocal)) return no(noReplyText({ kind: 'daemon-sender', local: senderLocal }));
  if (headers.contentType === 'multipart/report') return no(noReplyText({ kind: 'report', reportType: headers.reportType ?? 'multipart/report' }));
  if (headers.autoSubmitted !== null && headers.autoSubmitted !== 'no') return no(noReplyText({ kind: 'auto-submitted', value: headers.autoSubmitted }));
  if (headers.xAutoreply !== null) return no(noReplyText({ kind: 'autoreply' }));
  if (headers.precedence !== null && BULK_PRECEDENCE.has(headers.precedence)) return no(noReplyText({ kind: 'bulk', precedence: headers.precedence }));
  if (headers.listId !== null) return no(noReplyText({ kind: 'list-id' }));
  if (headers.listUnsubscribe !== null) return no(noReplyText({ kind: 'list-unsubscribe' }));
  if (headers.xLoop.some((value) => value.toLowerCase().includes(judge))) return no(noReplyText({ kind: 'mail-loop' }));
  if (headers.xNjudge !== null) return no(noReplyText({ kind: 'other-judge' }));
  const addresses = [message.from, message.replyTo, message.resentFrom, message.replyAddress];
  if (addresses.includes(judge)) return no(noReplyText({ kind: 'from-itself' }));
  return { reply: true };
}

/** A header mailparser read as a value with parameters (Content-Type), not a List-* entry or an address. */
function isStructured(value: HeaderValue | undefined): value is StructuredHeader {
  return (
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    typeof value.value === 'string' &&
    'params' in value &&
    typeof value.params === 'object'
  );
}
