// A direct reader for the shape almost every judge mail has: one text/plain part (or no
// Content-Type at all), 7bit, 8bit or quoted-printable, in us-ascii or utf-8, under plain ASCII
// headers. mailparser's stream machinery costs several times what such a mail needs (issue 35),
// so inbound-message.ts tries this first and hands anything else to mailparser. It answers null
// for every mail it is not sure to read exactly as mailparser does: multipart, base64, other
// charsets, format=flowed, encoded words (RFC 2047) or non-ASCII, control characters or NUL in
// the header, a header line without a name, address syntax beyond the common forms, a Date
// mailparser would not read, and so on. test/mail/plain-mail-reader.test.ts holds it to
// mailparser's results over a corpus of ordinary and hostile mail.

/** One header as mailparser lists it: the name lower case, the line as written, folds joined by CRLF. */
export interface HeaderLine {
  readonly key: string;
  readonly line: string;
}

/** An address header as mailparser reads it: its addresses in order, a group's members under `group`. */
export interface AddressField {
  readonly value: readonly { readonly address?: string; readonly group?: readonly { readonly address?: string }[] }[];
}

/** The parsed Content-Type of the whole mail, e.g. `text/plain` with `{ charset: 'utf-8' }`. */
export interface ContentTypeField {
  readonly value: string;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * What the judge reads of a parsed mail, in mailparser's own terms (its ParsedMail has these
 * fields): inbound-message.ts reduces it to an InboundMessage the same way whichever reader made it.
 */
export interface MailParts {
  readonly headerLines: readonly HeaderLine[];
  readonly from?: AddressField | AddressField[];
  readonly replyTo?: AddressField | AddressField[];
  readonly subject?: string;
  readonly date?: Date;
  readonly messageId?: string;
  readonly inReplyTo?: string;
  readonly references?: string | string[];
  /** The body as text (mailparser's `text`); undefined when the body is empty. */
  readonly text?: string;
  readonly contentType: ContentTypeField | null;
}

/**
 * Header blocks longer than this go to mailparser: ordinary mail has a few hundred bytes of
 * header, and the long values of issue 25's abuse are better left to the reader that bounds them.
 * Even as 8,192 two-byte lines at mailsplit's 64-byte floor a line, it stays under the 1 MiB head
 * mailparser refuses (EMAXLEN), so no mail read here is one mailparser would have refused.
 */
const MAX_HEADER_BYTES = 16 * 1024;

/** The first empty line, which ends the header block (an LF, or a CRLF, right after a line's LF). */
const HEADER_END = /\n\r?\n/;
/** Anything but printable ASCII, space and tab in a header line, or a CR that ends no line. */
const UNUSUAL_HEADER_BYTE = /[^\t\x20-\x7e\r\n]|\r(?!\n)/;
/** A header line's name and colon; a name of printable ASCII with no space in it. */
const HEADER_NAME = /^([!-9;-~]+):/;
/** An RFC 2047 encoded word may start here: such a header is mailparser's to decode. */
const ENCODED_WORD_START = '=?';

const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";
/** local@domain in the plainest form: a dot-atom local part, a domain of letters, digits and hyphens. */
const ADDR_SPEC = `${ATEXT}+(?:\\.${ATEXT}+)*@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*`;
/**
 * One address in one of the forms players' mail programs write: `a@b`, `<a@b>`, `Name <a@b>`
 * (words of atext), `"Name, with punctuation" <a@b>`. Anything else (lists, groups, comments,
 * escapes, obsolete syntax) is mailparser's to read.
 */
const SIMPLE_ADDRESS = new RegExp(
  `^(?:(${ADDR_SPEC})|(?:${ATEXT}+(?:[ \\t]+${ATEXT}+)*[ \\t]*|"[A-Za-z0-9 !#$%&'*+/=?^_\`{|}~.,-]*"[ \\t]*)?<(${ADDR_SPEC})>)$`,
);

/** `text/plain`, alone or with a us-ascii or utf-8 charset: the body is then read as UTF-8, as mailparser reads it. */
const PLAIN_CONTENT_TYPE = /^text\/plain[ \t]*(?:;[ \t]*charset=("?)(us-ascii|ascii|utf-8|utf8)\1[ \t]*)?;?$/i;
/** The transfer encodings read here; base64 and anything odd go to mailparser. */
const PLAIN_TRANSFER_ENCODING = /^(?:7bit|8bit|binary|quoted-printable)$/i;

/** The headers whose values mailparser decodes encoded words in, of those the judge reads. */
const DECODED_HEADERS = new Set(['from', 'reply-to', 'subject', 'message-id', 'in-reply-to', 'references', 'content-type']);

/**
 * The mail read directly, with the same result mailparser gives, or null when it is not of the
 * plain shape this reader is sure of (the caller then asks mailparser).
 */
export function readPlainMail(raw: Buffer | string): MailParts | null {
  const bytes = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
  const head = bytes.toString('latin1', 0, Math.min(bytes.length, MAX_HEADER_BYTES + 2));
  const end = HEADER_END.exec(head);
  let headerText: string;
  let body: Buffer;
  if (end) {
    headerText = head.slice(0, end.index + 1);
    body = bytes.subarray(end.index + end[0].length);
  } else {
    // A mail of headers alone, as the judge reads an oversized mail's head.
    if (bytes.length > MAX_HEADER_BYTES) return null;
    headerText = head;
    body = bytes.subarray(bytes.length);
  }
  if (headerText.length > MAX_HEADER_BYTES || UNUSUAL_HEADER_BYTE.test(headerText)) return null;

  const headerLines = headerLinesOf(headerText);
  if (headerLines === null) return null;

  const values = new Map<string, string[]>();
  for (const { key, line } of headerLines) {
    const value = headerValue(line);
    if (DECODED_HEADERS.has(key) && value.includes(ENCODED_WORD_START)) return null;
    const list = values.get(key);
    if (list) list.push(value);
    else values.set(key, [value]);
  }

  if (values.has('content-disposition')) return null;
  const contentTypes = values.get('content-type') ?? [];
  const transferEncodings = values.get('content-transfer-encoding') ?? [];
  if (contentTypes.length > 1 || transferEncodings.length > 1) return null;
  const contentType = contentTypes[0] === undefined ? null : plainContentType(contentTypes[0]);
  if (contentType === undefined) return null;
  const transferEncoding = transferEncodings[0];
  if (transferEncoding !== undefined && !PLAIN_TRANSFER_ENCODING.test(transferEncoding)) return null;

  const dateValue = values.get('date')?.[0];
  const date = dateValue === undefined ? undefined : new Date(dateValue);
  // mailparser puts the time of reading in place of a Date it cannot read: no result to match.
  if (date !== undefined && Number.isNaN(date.getTime())) return null;

  const from = addressField(values.get('from')?.[0]);
  const replyTo = addressField(values.get('reply-to')?.[0]);
  if (from === null || replyTo === null) return null;

  const decoded = transferEncoding?.toLowerCase() === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
  const text = decoded.toString('utf8').replace(/\r?\n/g, '\n');
  const references = (values.get('references') ?? []).flatMap((value) => value.split(/\s+/).flatMap((id) => messageIdFormat(id) ?? []));

  return {
    headerLines,
    contentType,
    text: text === '' ? undefined : text,
    from,
    replyTo,
    date,
    subject: firstNonEmpty(values.get('subject')),
    messageId: messageIdFormat(firstNonEmpty(values.get('message-id'))),
    inReplyTo: messageIdFormat(firstNonEmpty(values.get('in-reply-to'))),
    // mailparser gives a single id as a string and several (or none) as a list.
    references: values.has('references') ? (references.length === 1 ? references[0] : references) : undefined,
  };
}

/** The header lines as mailparser lists them, or null when one has no name (or the block starts folded). */
function headerLinesOf(headerText: string): HeaderLine[] | null {
  const lines: { key: string; line: string }[] = [];
  for (const physical of headerText.replace(/[\r\n]+$/, '').split(/\r?\n/)) {
    if (physical.startsWith(' ') || physical.startsWith('\t')) {
      const last = lines.at(-1);
      if (last === undefined) return null;
      last.line += `\r\n${physical}`;
      continue;
    }
    const name = HEADER_NAME.exec(physical);
    if (name === null) return null;
    lines.push({ key: name[1]!.toLowerCase(), line: physical });
  }
  return lines;
}

/** A header's value, unfolded and trimmed, as mailparser reads it (libmime's decodeHeader). */
function headerValue(line: string): string {
  const unfolded = line.replace(/\r\n[ \t]*/g, ' ');
  return unfolded.slice(unfolded.indexOf(':') + 1).trim();
}

/** The Content-Type of a plain mail; undefined when it is of another shape. */
function plainContentType(value: string): ContentTypeField | undefined {
  const plain = PLAIN_CONTENT_TYPE.exec(value);
  if (plain === null) return undefined;
  return { value: value.slice(0, 'text/plain'.length), params: plain[2] === undefined ? {} : { charset: plain[2] } };
}

/** An address header of one plain address; undefined when absent, null when it is of another form. */
function addressField(value: string | undefined): AddressField | null | undefined {
  if (value === undefined) return undefined;
  if (value === '') return { value: [] };
  const match = SIMPLE_ADDRESS.exec(value);
  const address = match?.[1] ?? match?.[2];
  // mailparser turns a punycode domain into Unicode.
  if (address === undefined || /xn--/i.test(address)) return null;
  return { value: [{ address }] };
}

function firstNonEmpty(values: readonly string[] | undefined): string | undefined {
  return values?.find((value) => value !== '');
}

/** A Message-ID in angle brackets, as mailparser completes it; undefined for an empty one. */
function messageIdFormat(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  return `${value.startsWith('<') ? '' : '<'}${value}${value.endsWith('>') ? '' : '>'}`;
}

/**
 * Quoted-printable decoded as libqp (mailparser's decoder) does: spaces and tabs at line ends
 * dropped, soft line breaks removed, each `=XX` one byte, any other `=` kept as it is.
 */
function decodeQuotedPrintable(body: Buffer): Buffer {
  const input = body
    .toString('latin1')
    .replace(/(^|[^ \t])[ \t]+(?=[\n\r]|$)/g, '$1')
    .replace(/=(?:\r?\n|$)/g, '');
  const out = Buffer.allocUnsafe(input.length);
  let length = 0;
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i);
    if (code === 0x3d && i < input.length - 2) {
      const high = hexValue(input.charCodeAt(i + 1));
      const low = hexValue(input.charCodeAt(i + 2));
      if (high >= 0 && low >= 0) {
        out[length++] = high * 16 + low;
        i += 2;
        continue;
      }
    }
    out[length++] = code;
  }
  return out.subarray(0, length);
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x41 + 10;
  if (code >= 0x61 && code <= 0x66) return code - 0x61 + 10;
  return -1;
}
