// Writes plain data as JSON straight into UTF-8 bytes, the same bytes as JSON.stringify's text
// (compact, or indented by two spaces as JSON.stringify(value, null, 2) indents) encoded as UTF-8:
// the adjudicate command's output goes out as bytes, and JSON.stringify's string, flattened and
// encoded again for writing, cost more than the phase. Plain data: objects, arrays, strings,
// finite and other numbers, booleans and null, as the adjudicate operation returns them (no
// toJSON, no replacer); undefined and functions are left out as JSON.stringify leaves them out.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const SPACE = 0x20;
const LF = 0x0a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const HEX = '0123456789abcdef';
/** The short escapes JSON.stringify writes; other control characters become \u00XX. */
const SHORT_ESCAPES: (number | undefined)[] = [];
for (const [code, letter] of [
  [0x08, 0x62],
  [0x09, 0x74],
  [0x0a, 0x6e],
  [0x0c, 0x66],
  [0x0d, 0x72],
  [0x22, 0x22],
  [0x5c, 0x5c],
])
  SHORT_ESCAPES[code!] = letter;

const EMPTY = Buffer.alloc(0);

/** A growing run of output bytes: `bytes[0..length)` is written. */
export class JsonBytes {
  /** A Buffer, whose own write copies a long string's characters without first making it one flat string. */
  bytes: Buffer;
  length = 0;

  constructor(private readonly capacity = 64 * 1024) {
    this.bytes = Buffer.allocUnsafeSlow(capacity);
  }

  /** The bytes written, handed over (the taker may keep them): the next write starts a fresh run. */
  take(): Uint8Array {
    const taken = this.bytes.subarray(0, this.length);
    this.bytes = EMPTY;
    this.length = 0;
    return taken;
  }

  /** Room for `count` more bytes. */
  reserve(count: number): void {
    if (this.length + count <= this.bytes.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.bytes.length * 2, this.capacity, this.length + count));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  /** ASCII text as it is (punctuation, numbers): the caller knows it needs no escape. */
  ascii(text: string): void {
    this.reserve(text.length);
    const bytes = this.bytes;
    let at = this.length;
    for (let k = 0; k < text.length; k++) bytes[at++] = text.charCodeAt(k);
    this.length = at;
  }

  byte(byte: number): void {
    this.reserve(1);
    this.bytes[this.length++] = byte;
  }

  /** A line break and the indent of `depth` levels of two spaces. */
  newline(depth: number): void {
    this.reserve(1 + 2 * depth);
    const bytes = this.bytes;
    let at = this.length;
    bytes[at++] = LF;
    for (let k = 2 * depth; k > 0; k--) bytes[at++] = SPACE;
    this.length = at;
  }

  /** A JSON string, quoted and escaped as JSON.stringify escapes it, in UTF-8. */
  string(text: string): void {
    // A UTF-16 unit takes at most 3 bytes, or 6 as an escape.
    this.reserve(2 + 6 * text.length);
    this.length = putString(this.bytes, this.length, text);
  }
}

/** Strings from this many characters are written by Buffer's own write. */
const NATIVE_FROM = 24;

/** Room a string may take written by putString. */
export function stringRoom(text: string): number {
  return 2 + 6 * text.length;
}

/** Copies `run` to `bytes` at `at` (room reserved); returns the end. */
export function putBytes(bytes: Uint8Array, at: number, run: Uint8Array): number {
  for (let k = 0; k < run.length; k++) bytes[at++] = run[k]!;
  return at;
}

/** Writes `text` as a JSON string to `bytes` at `at` (stringRoom reserved): quoted and escaped as JSON.stringify escapes it, in UTF-8. Returns the end. */
export function putString(bytes: Buffer, at: number, text: string): number {
  const count = text.length;
  bytes[at++] = QUOTE;
  if (count >= NATIVE_FROM) {
    // A long string (an order's echo, built piece by piece) is copied by Buffer's own write, which
    // reads the pieces where they are; if a byte needs JSON's care (an escape, a character beyond
    // ASCII), the string is written again below, character by character.
    const written = bytes.write(text, at, 3 * count, 'utf8');
    let plain = written === count;
    for (let k = at, end = at + written; plain && k < end; k++) {
      const byte = bytes[k]!;
      if (byte < SPACE || byte >= 0x80 || byte === QUOTE || byte === BACKSLASH) plain = false;
    }
    if (plain) {
      bytes[at + written] = QUOTE;
      return at + written + 1;
    }
  }
  for (let k = 0; k < count; k++) {
    const code = text.charCodeAt(k);
    if (code >= SPACE && code < 0x80 && code !== QUOTE && code !== BACKSLASH) bytes[at++] = code;
    else {
      at = putUnusual(bytes, at, text, k);
      if (code >= 0xd800 && code <= 0xdbff && k + 1 < count) {
        const next = text.charCodeAt(k + 1);
        if (next >= 0xdc00 && next <= 0xdfff) k++; // the pair was written as one character
      }
    }
  }
  bytes[at++] = QUOTE;
  return at;
}

/** The character at `k` of `text` that is not plain printable ASCII: escaped, or encoded in UTF-8 (a surrogate pair whole). */
function putUnusual(bytes: Uint8Array, at: number, text: string, k: number): number {
  const code = text.charCodeAt(k);
  if (code < 0x80) {
    const short = SHORT_ESCAPES[code];
    bytes[at++] = BACKSLASH;
    if (short !== undefined) bytes[at++] = short;
    else at = writeUnicodeEscape(bytes, at, code);
  } else if (code < 0x800) {
    bytes[at++] = 0xc0 | (code >> 6);
    bytes[at++] = 0x80 | (code & 0x3f);
  } else if (code < 0xd800 || code > 0xdfff) {
    at = writeThreeBytes(bytes, at, code);
  } else {
    const next = k + 1 < text.length ? text.charCodeAt(k + 1) : 0;
    if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      const point = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
      bytes[at++] = 0xf0 | (point >> 18);
      bytes[at++] = 0x80 | ((point >> 12) & 0x3f);
      bytes[at++] = 0x80 | ((point >> 6) & 0x3f);
      bytes[at++] = 0x80 | (point & 0x3f);
    } else {
      // A lone surrogate: JSON.stringify writes it as an escape.
      bytes[at++] = BACKSLASH;
      at = writeUnicodeEscape(bytes, at, code);
    }
  }
  return at;
}

function writeUnicodeEscape(bytes: Uint8Array, at: number, code: number): number {
  bytes[at++] = 0x75; // u
  for (let shift = 12; shift >= 0; shift -= 4) bytes[at++] = HEX.charCodeAt((code >> shift) & 0xf);
  return at;
}

function writeThreeBytes(bytes: Uint8Array, at: number, code: number): number {
  bytes[at++] = 0xe0 | (code >> 12);
  bytes[at++] = 0x80 | ((code >> 6) & 0x3f);
  bytes[at++] = 0x80 | (code & 0x3f);
  return at;
}

/**
 * Writes `value` as JSON.stringify(value) would, or with `pretty` as JSON.stringify(value, null, 2)
 * would for a value standing `depth` levels in (its lines indented by `depth` more levels).
 * Returns false, writing nothing, for a value JSON.stringify leaves out (undefined, a function).
 */
export function writeJson(out: JsonBytes, value: unknown, pretty: boolean, depth = 0): boolean {
  switch (typeof value) {
    case 'string':
      out.string(value);
      return true;
    case 'number':
      out.ascii(Number.isFinite(value) ? String(value) : 'null');
      return true;
    case 'boolean':
      out.ascii(value ? 'true' : 'false');
      return true;
    case 'object':
      if (value === null) out.ascii('null');
      else if (Array.isArray(value)) writeArray(out, value, pretty, depth);
      else writeObject(out, value as Record<string, unknown>, pretty, depth);
      return true;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    default:
      return false;
  }
}

function writeArray(out: JsonBytes, array: readonly unknown[], pretty: boolean, depth: number): void {
  if (array.length === 0) {
    out.ascii('[]');
    return;
  }
  out.byte(OPEN_BRACKET);
  for (let k = 0; k < array.length; k++) {
    if (k > 0) out.byte(COMMA);
    if (pretty) out.newline(depth + 1);
    if (!writeJson(out, array[k], pretty, depth + 1)) out.ascii('null');
  }
  if (pretty) out.newline(depth);
  out.byte(CLOSE_BRACKET);
}

function writeObject(out: JsonBytes, object: Record<string, unknown>, pretty: boolean, depth: number): void {
  let first = true;
  out.byte(OPEN_BRACE);
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    const value = object[key];
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    if (!first) out.byte(COMMA);
    first = false;
    if (pretty) out.newline(depth + 1);
    out.string(key);
    out.byte(COLON);
    if (pretty) out.byte(SPACE);
    writeJson(out, value, pretty, depth + 1);
  }
  if (!first && pretty) out.newline(depth);
  out.byte(CLOSE_BRACE);
}

/**
 * A property name written often, as the bytes that lead to its value: `,"name":` (compact) or
 * `,\n    "name": ` (pretty, at each depth), without the comma for an object's first property.
 */
export class JsonName {
  private readonly leads: Uint8Array[] = [];

  constructor(private readonly name: string) {}

  lead(first: boolean, pretty: boolean, depth: number): Uint8Array {
    const key = (pretty ? 2 + 2 * depth : 0) + (first ? 1 : 0);
    let lead = this.leads[key];
    if (lead === undefined) {
      const out = new JsonBytes(64 + 2 * depth);
      if (!first) out.byte(COMMA);
      if (pretty) out.newline(depth);
      out.string(this.name);
      out.byte(COLON);
      if (pretty) out.byte(SPACE);
      lead = this.leads[key] = out.bytes.slice(0, out.length);
    }
    return lead;
  }
}

/**
 * A property of an object being written: its separator (none before the first), its line when
 * pretty, and its name. The value is written next.
 */
export function writeName(out: JsonBytes, name: JsonName, first: boolean, pretty: boolean, depth: number): void {
  const lead = name.lead(first, pretty, depth);
  out.reserve(lead.length);
  out.bytes.set(lead, out.length);
  out.length += lead.length;
}

/** A string, or null. */
export function writeStringOrNull(out: JsonBytes, text: string | null): void {
  if (text === null) out.ascii('null');
  else out.string(text);
}

/** An array of strings. */
export function writeStrings(out: JsonBytes, texts: readonly string[], pretty: boolean, depth: number): void {
  if (texts.length === 0) {
    out.ascii('[]');
    return;
  }
  out.byte(OPEN_BRACKET);
  for (let k = 0; k < texts.length; k++) {
    if (k > 0) out.byte(COMMA);
    if (pretty) out.newline(depth + 1);
    out.string(texts[k]!);
  }
  if (pretty) out.newline(depth);
  out.byte(CLOSE_BRACKET);
}

/** Opens an object or array (`{` or `[`) and closes it, with its closing line when pretty and not empty. */
export function openWith(out: JsonBytes, open: '{' | '['): void {
  out.byte(open === '{' ? OPEN_BRACE : OPEN_BRACKET);
}

export function closeWith(out: JsonBytes, close: '}' | ']', pretty: boolean, depth: number, empty: boolean): void {
  if (pretty && !empty) out.newline(depth);
  out.byte(close === '}' ? CLOSE_BRACE : CLOSE_BRACKET);
}
