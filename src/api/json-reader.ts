// Reads a JSON value straight from UTF-8 bytes, the value JSON.parse would give for the same text:
// the adjudicate command's input arrives as bytes, and decoding it to a string first and then
// parsing cost more than the phase. Short ASCII strings (powers, locations, unit types, order
// texts) are read once and then shared: the next phase's "ENGLAND" is the same string, whose hash
// the engine's lookups have already computed. A fault is a JsonSyntaxFault naming the byte where
// it stands and what was expected there; the caller places it in the whole input (line, column).

import type { JsonExpected } from '../render/json-syntax.ts';

export type { JsonExpected };

/**
 * Bad JSON at byte `at` of the bytes read: `expected` was wanted there; `found` is null at the end of
 * the bytes. Its callers place it in the whole input and say it in words; it carries no stack trace:
 * reading a batch from stdin meets one at the end of nearly every piece (an item cut short, read
 * again with the next piece), and taking the trace cost about 30 µs each, 1.3 % of a batch's CPU.
 */
export class JsonSyntaxFault extends Error {
  override readonly name = 'JsonSyntaxFault';
  readonly at: number;
  readonly expected: JsonExpected;
  /** The character found (a control character as `U+000A`), or null at the end. */
  readonly found: string | null;

  constructor(at: number, expected: JsonExpected, found: string | null) {
    const traceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(`json-syntax ${expected} @${at}`);
    Error.stackTraceLimit = traceLimit;
    this.at = at;
    this.expected = expected;
    this.found = found;
  }
}

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

const quoted = (name: string) => new TextEncoder().encode(JSON.stringify(name));
const POWER = quoted('power');
const TYPE = quoted('type');
const LOCATION = quoted('location');

/** Strings of up to this many ASCII bytes are shared between reads. */
const SHARED_MAX_BYTES = 64;
/** Slots of the table of shared strings (a power of two): at most this many are kept, whatever the input. */
const SHARED_SLOTS = 8192;
const SHARED_PROBES = 8;

/**
 * Reads the JSON value in `bytes[start..end)` (whitespace around it allowed, nothing else), or throws
 * a JsonSyntaxFault. The value is JSON.parse's for the same text decoded as UTF-8.
 */
export function readJson(bytes: Uint8Array, start = 0, end = bytes.length): unknown {
  const reader = new JsonReader(bytes, start, end);
  const value = reader.value();
  reader.end();
  return value;
}

/** Checks that `bytes[start..end)` is one JSON value, building nothing; throws a JsonSyntaxFault if not. */
export function checkJson(bytes: Uint8Array, start = 0, end = bytes.length): void {
  const reader = new JsonReader(bytes, start, end, false);
  reader.value();
  reader.end();
}

/** The shared strings, by a hash of their bytes. */
const sharedStrings: (string | undefined)[] = new Array(SHARED_SLOTS).fill(undefined);

/**
 * Reads values one after another from the same bytes: `at` is where the next read starts (and,
 * after a value, where it ended). Line breaks are counted as they are passed (only whitespace may
 * hold one), so a caller reading many values from its input places a fault without a second scan.
 */
export class JsonReader {
  at: number;
  /** Line breaks passed so far. */
  lines = 0;
  /** Where the line after the last line break passed starts (-1: none passed). */
  lineStart = -1;
  private readonly text: Buffer;

  constructor(
    private readonly bytes: Uint8Array,
    start: number,
    private readonly stop: number,
    /** False: only check, building nothing. */
    private readonly build = true,
  ) {
    this.at = start;
    this.text = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  end(): void {
    this.skipSpace();
    if (this.at < this.stop) this.fail('end-of-input');
  }

  value(): unknown {
    const bytes = this.bytes;
    this.skipSpace();
    if (this.at >= this.stop) this.fail('value');
    const byte = bytes[this.at]!;
    if (byte === QUOTE) return this.string();
    if (byte === OPEN_BRACE) return this.object();
    if (byte === OPEN_BRACKET) return this.array();
    if (byte === MINUS || (byte >= ZERO && byte <= NINE)) return this.number();
    if (byte === 0x74 /* t */) return this.word('true', true);
    if (byte === 0x66 /* f */) return this.word('false', false);
    if (byte === 0x6e /* n */) return this.word('null', null);
    return this.fail('value');
  }

  private object(): Record<string, unknown> | undefined {
    const bytes = this.bytes;
    const object: Record<string, unknown> | undefined = this.build ? {} : undefined;
    this.at++; // {
    this.skipSpace();
    if (bytes[this.at] === CLOSE_BRACE && this.at < this.stop) {
      this.at++;
      return object;
    }
    for (;;) {
      this.skipSpace();
      if (this.at >= this.stop || bytes[this.at] !== QUOTE) this.fail('property-name');
      const key = this.string();
      this.skipSpace();
      if (this.at >= this.stop || bytes[this.at] !== COLON) this.fail('colon');
      this.at++;
      const value = this.value();
      if (object !== undefined) {
        // JSON.parse makes "__proto__" an own property like any other; an assignment would set the prototype.
        if (key === '__proto__') Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
        else object[key!] = value;
      }
      this.skipSpace();
      const next = this.at < this.stop ? bytes[this.at] : -1;
      this.at++;
      if (next === COMMA) continue;
      if (next === CLOSE_BRACE) return object;
      this.at--;
      this.fail('comma-or-closing-brace');
    }
  }

  private array(): unknown[] | undefined {
    const bytes = this.bytes;
    const array: unknown[] | undefined = this.build ? [] : undefined;
    this.at++; // [
    this.skipSpace();
    if (bytes[this.at] === CLOSE_BRACKET && this.at < this.stop) {
      this.at++;
      return array;
    }
    for (;;) {
      this.skipSpace();
      const value = array !== undefined && bytes[this.at] === OPEN_BRACE ? (this.unit() ?? this.value()) : this.value();
      if (array !== undefined) array.push(value);
      this.skipSpace();
      const next = this.at < this.stop ? bytes[this.at] : -1;
      this.at++;
      if (next === COMMA) continue;
      if (next === CLOSE_BRACKET) return array;
      this.at--;
      this.fail('comma-or-closing-bracket');
    }
  }

  /**
   * A unit as positions list them, `{"power": …, "type": …, "location": …}` with string values in
   * that order, made as one object of a known shape; anything else is left to `value` (undefined).
   */
  private unit(): { power: string; type: string; location: string } | undefined {
    const start = this.at;
    const { lines, lineStart } = this;
    this.at++; // {
    const power = this.property(POWER);
    const type = power !== undefined && this.comma() ? this.property(TYPE) : undefined;
    const location = type !== undefined && this.comma() ? this.property(LOCATION) : undefined;
    if (location !== undefined) {
      this.skipSpace();
      if (this.at < this.stop && this.bytes[this.at] === CLOSE_BRACE) {
        this.at++;
        return { power: power!, type: type!, location };
      }
    }
    // Read again by `value`: the line breaks passed are counted there.
    this.at = start;
    this.lines = lines;
    this.lineStart = lineStart;
    return undefined;
  }

  /** `"name": "value"` for the name given as its quoted bytes: the value, or undefined if the input has something else. */
  private property(name: Uint8Array): string | undefined {
    const bytes = this.bytes;
    this.skipSpace();
    if (this.at + name.length > this.stop) return undefined;
    for (let k = 0; k < name.length; k++) if (bytes[this.at + k] !== name[k]) return undefined;
    this.at += name.length;
    this.skipSpace();
    if (this.at >= this.stop || bytes[this.at] !== COLON) return undefined;
    this.at++;
    this.skipSpace();
    if (this.at >= this.stop || bytes[this.at] !== QUOTE) return undefined;
    return this.string();
  }

  private comma(): boolean {
    this.skipSpace();
    if (this.at >= this.stop || this.bytes[this.at] !== COMMA) return false;
    this.at++;
    return true;
  }

  /** A string: shared when short and plain ASCII, decoded as JSON.parse would otherwise. */
  private string(): string | undefined {
    const bytes = this.bytes;
    const stop = this.stop;
    const start = ++this.at; // after the quote
    let hash = 0;
    let i = start;
    for (; i < stop; i++) {
      const byte = bytes[i]!;
      if (byte === QUOTE) break;
      if (byte === BACKSLASH || byte < SPACE || byte >= 0x80) return this.unusualString(start);
      hash = (Math.imul(hash, 31) + byte) | 0;
    }
    if (i >= stop) {
      this.at = stop;
      this.fail('string-character');
    }
    this.at = i + 1;
    if (!this.build) return undefined;
    const length = i - start;
    if (length > SHARED_MAX_BYTES) return this.text.toString('latin1', start, i);
    let slot = hash & (SHARED_SLOTS - 1);
    for (let probe = 0; probe < SHARED_PROBES; probe++, slot = (slot + 1) & (SHARED_SLOTS - 1)) {
      const known = sharedStrings[slot];
      if (known === undefined) {
        const made = this.text.toString('latin1', start, i);
        sharedStrings[slot] = made;
        return made;
      }
      if (known.length === length && sameAscii(known, bytes, start)) return known;
    }
    return this.text.toString('latin1', start, i);
  }

  /** A string with escapes, control characters (refused) or bytes beyond ASCII, from its first byte `start`. */
  private unusualString(start: number): string | undefined {
    const bytes = this.bytes;
    const stop = this.stop;
    let escaped = false;
    let i = start;
    for (; i < stop; i++) {
      const byte = bytes[i]!;
      if (byte === QUOTE) break;
      if (byte < SPACE) {
        this.at = i;
        this.fail('string-character');
      }
      if (byte !== BACKSLASH) continue;
      escaped = true;
      const escapeByte = i + 1 < stop ? bytes[i + 1]! : -1;
      if (escapeByte === 0x75 /* u */) {
        for (let k = i + 2; k < i + 6; k++) {
          if (k >= stop || !isHexDigit(bytes[k]!)) {
            this.at = k;
            this.fail('hex-digit');
          }
        }
        i += 5;
      } else if (
        escapeByte === QUOTE ||
        escapeByte === BACKSLASH ||
        escapeByte === 0x2f /* / */ ||
        escapeByte === 0x62 /* b */ ||
        escapeByte === 0x66 /* f */ ||
        escapeByte === 0x6e /* n */ ||
        escapeByte === 0x72 /* r */ ||
        escapeByte === 0x74 /* t */
      )
        i++;
      else {
        this.at = i + 1;
        this.fail('escape');
      }
    }
    if (i >= stop) {
      this.at = stop;
      this.fail('string-character');
    }
    this.at = i + 1;
    if (!this.build) return undefined;
    // Escapes are ASCII and never inside a multi-byte character: the bytes decode alike whole or between escapes.
    const decoded = this.text.toString('utf8', start, i);
    return escaped ? unescaped(decoded) : decoded;
  }

  private number(): number | undefined {
    const bytes = this.bytes;
    const stop = this.stop;
    const start = this.at;
    let i = start;
    if (bytes[i] === MINUS) i++;
    if (i >= stop || !isDigit(bytes[i]!)) return this.failAt(i, 'digit');
    let simple = true;
    let whole = 0;
    if (bytes[i] === ZERO) i++;
    else for (; i < stop && isDigit(bytes[i]!); i++) whole = whole * 10 + (bytes[i]! - ZERO);
    if (i < stop && bytes[i] === DOT) {
      simple = false;
      i++;
      if (i >= stop || !isDigit(bytes[i]!)) return this.failAt(i, 'digit');
      while (i < stop && isDigit(bytes[i]!)) i++;
    }
    if (i < stop && (bytes[i] === 0x65 /* e */ || bytes[i] === 0x45) /* E */) {
      simple = false;
      i++;
      if (i < stop && (bytes[i] === PLUS || bytes[i] === MINUS)) i++;
      if (i >= stop || !isDigit(bytes[i]!)) return this.failAt(i, 'digit');
      while (i < stop && isDigit(bytes[i]!)) i++;
    }
    this.at = i;
    if (!this.build) return undefined;
    // Up to 15 digits a whole number is exact as it was summed; anything else is read as JavaScript reads it.
    if (simple && i - start <= 15) return bytes[start] === MINUS ? -whole : whole;
    return Number(this.text.toString('latin1', start, i));
  }

  private word<T>(word: string, value: T): T | undefined {
    const bytes = this.bytes;
    for (let k = 0; k < word.length; k++) {
      if (this.at + k >= this.stop || bytes[this.at + k] !== word.charCodeAt(k)) return this.failAt(this.at + k, 'value');
    }
    this.at += word.length;
    return this.build ? value : undefined;
  }

  skipSpace(): void {
    const bytes = this.bytes;
    let i = this.at;
    while (i < this.stop) {
      const byte = bytes[i]!;
      if (byte === LF) {
        this.lines++;
        this.lineStart = i + 1;
      } else if (byte !== SPACE && byte !== CR && byte !== TAB) break;
      i++;
    }
    this.at = i;
  }

  private failAt(at: number, expected: JsonExpected): never {
    this.at = at;
    return this.fail(expected);
  }

  private fail(expected: JsonExpected): never {
    // Past the end of what is read, the next byte (an array's comma or bracket after its item) is still the one found.
    throw new JsonSyntaxFault(this.at, expected, this.at < this.bytes.length ? characterAt(this.text, this.at) : null);
  }
}

function isDigit(byte: number): boolean {
  return byte >= ZERO && byte <= NINE;
}

function isHexDigit(byte: number): boolean {
  return (byte >= ZERO && byte <= NINE) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46);
}

function sameAscii(text: string, bytes: Uint8Array, start: number): boolean {
  for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) !== bytes[start + k]) return false;
  return true;
}

const ESCAPED: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** The escapes of a string already checked, replaced by what they stand for. */
function unescaped(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, sequence: string) =>
    sequence.length === 5 ? String.fromCharCode(Number.parseInt(sequence.slice(1), 16)) : ESCAPED[sequence]!,
  );
}

/** The character at byte `at` as an error names it: printable as itself, a control character as U+XXXX. */
export function characterAt(text: Uint8Array, at: number): string {
  const byte = text[at]!;
  let end = at + 1;
  if (byte >= 0xc0) while (end < text.length && end < at + 4 && (text[end]! & 0xc0) === 0x80) end++;
  const character = Buffer.from(text.buffer, text.byteOffset + at, end - at).toString('utf8');
  const code = character.codePointAt(0)!;
  return code < 0x20 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : character;
}
