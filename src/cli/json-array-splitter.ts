import { characterAt } from '../api/json-reader.ts';

// Cuts a JSON array arriving in pieces (stdin) into the bytes of its items, so each item is parsed
// on its own when it is reached: parsing a batch of 20,000 phases in one JSON.parse made 20,000
// object trees that lived until the end, and the garbage collector copied and marked them again
// and again. Only the array's own punctuation is checked here; each item's bytes go to
// JSON.parse, which checks the rest. UTF-8 never uses the bytes of ASCII punctuation inside a
// multi-byte character, so scanning bytes finds the same structure as scanning characters.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const LF = 0x0a;

/** Whitespace as JSON has it (JSON.parse accepts no other). */
function isJsonSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** Where a byte stands in the whole input: its offset (from 0), its line and column (from 1; the column counted in bytes). */
export interface TextPlace {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

/** Items found in the bytes fed so far: item k is `bytes.subarray(starts[k], ends[k])`; the first starts at `firstPlace`. */
export interface SplitItems {
  readonly bytes: Uint8Array;
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  readonly firstPlace: TextPlace | null;
}

/**
 * What the input turned out to be: an array (its items come from `feed`), not an array at all (the
 * whole text is to be parsed as before), or an array whose punctuation is broken (JSON.parse of the
 * whole text says how).
 */
export type SplitShape = 'array' | 'not an array' | 'malformed';

type State = 'before array' | 'in item' | 'after array' | 'not an array' | 'malformed';

export class JsonArraySplitter {
  private state: State = 'before array';
  /** Bytes of the item in progress (and any after it) not yet handed out. */
  private held: Uint8Array = new Uint8Array(0);
  /** Where scanning resumes in `held`. */
  private scanAt = 0;
  private readonly cursor: ItemCursor = { depth: 0, inString: false, lines: 0, lineStart: 0 };
  private itemsSeen = 0;
  /** The offset in the whole input of `held[0]`. */
  private heldOffset = 0;
  /** Where the item in progress starts. */
  private itemPlace: TextPlace = { offset: 0, line: 1, column: 1 };
  /** Where the input went wrong: the array's broken punctuation, or its end when the array is cut short. */
  private faultPlace: TextPlace | null = null;
  private faultFound: string | null = null;
  /** The bytes of the item the fault cut short, to be read for a fault of its own (which would come first). */
  private unfinishedItem: { readonly bytes: Uint8Array; readonly place: TextPlace } | null = null;
  private fedBytes = 0;

  /** The item bytes completed by `chunk`. */
  feed(chunk: Uint8Array): SplitItems {
    const bytes = this.held.length === 0 ? chunk : concat(this.held, chunk);
    const base = this.heldOffset;
    this.fedBytes += chunk.length;
    const cursor = this.cursor;
    const starts: number[] = [];
    const ends: number[] = [];
    let firstPlace: TextPlace | null = null;
    let itemStart = 0;
    let i = this.scanAt;
    const length = bytes.length;
    const placeAt = (at: number): TextPlace => ({ offset: base + at, line: cursor.lines + 1, column: base + at - cursor.lineStart + 1 });
    scan: while (i < length) {
      switch (this.state) {
        case 'before array': {
          const byte = bytes[i]!;
          if (isJsonSpace(byte)) {
            if (byte === LF) {
              cursor.lines++;
              cursor.lineStart = base + i + 1;
            }
            i++;
            continue;
          }
          if (byte !== OPEN_BRACKET) {
            this.state = 'not an array';
            break scan;
          }
          i++;
          itemStart = i;
          this.itemPlace = placeAt(i);
          this.state = 'in item';
          continue;
        }
        case 'in item': {
          i = scanItem(bytes, i, cursor, base);
          if (i >= length) break scan; // the item goes on in the next piece
          const byte = bytes[i]!;
          if (byte === COMMA) {
            if (starts.length === 0) firstPlace = this.itemPlace;
            starts.push(itemStart);
            ends.push(i);
            this.itemsSeen++;
            itemStart = ++i;
            this.itemPlace = placeAt(i);
          } else if (byte === CLOSE_BRACKET) {
            // The array's closing bracket: `[]` and `[ ]` hold no item; otherwise the last item ends here.
            if (this.itemsSeen > 0 || !onlySpace(bytes, itemStart, i)) {
              if (starts.length === 0) firstPlace = this.itemPlace;
              starts.push(itemStart);
              ends.push(i);
              this.itemsSeen++;
            }
            i++;
            this.state = 'after array';
          } else {
            this.faultPlace = placeAt(i);
            this.faultFound = characterAt(bytes, i);
            this.unfinishedItem = { bytes: bytes.slice(itemStart, i + 1), place: this.itemPlace };
            this.state = 'malformed';
            break scan;
          }
          continue;
        }
        case 'after array': {
          const byte = bytes[i]!;
          if (!isJsonSpace(byte)) {
            this.faultPlace = placeAt(i);
            this.faultFound = characterAt(bytes, i);
            this.state = 'malformed';
            break scan;
          }
          if (byte === LF) {
            cursor.lines++;
            cursor.lineStart = base + i + 1;
          }
          i++;
          continue;
        }
        default:
          break scan;
      }
    }
    if (this.state === 'in item') {
      // An escape's backslash may be the last byte: `i` then stands one past the end.
      this.held = bytes.subarray(itemStart);
      this.heldOffset = base + itemStart;
      this.scanAt = i - itemStart;
    } else {
      this.held = new Uint8Array(0);
      this.heldOffset = this.fedBytes;
      this.scanAt = 0;
    }
    return { bytes, starts, ends, firstPlace };
  }

  /** Once all input is fed: what it was. An array cut short is malformed. */
  finish(): SplitShape {
    if (this.state === 'not an array' || this.state === 'before array') return 'not an array';
    if (this.state === 'in item' && this.faultPlace === null) {
      const cursor = this.cursor;
      this.faultPlace = { offset: this.fedBytes, line: cursor.lines + 1, column: this.fedBytes - cursor.lineStart + 1 };
      this.unfinishedItem = { bytes: this.held, place: this.itemPlace };
    }
    return this.state === 'after array' ? 'array' : 'malformed';
  }

  /**
   * Where a malformed array went wrong (its end, when it was cut short), the character found there
   * (null at the end) and the item it cut short: known once `finish` says so.
   */
  get fault(): {
    readonly place: TextPlace;
    readonly found: string | null;
    readonly unfinished: { readonly bytes: Uint8Array; readonly place: TextPlace } | null;
  } | null {
    return this.faultPlace && { place: this.faultPlace, found: this.faultFound, unfinished: this.unfinishedItem };
  }

  /** True once the input's first character was an array's opening bracket. */
  get seenArray(): boolean {
    return this.state !== 'before array' && this.state !== 'not an array';
  }

  /** Known before the end: the input is no array, or its punctuation is broken. */
  get shape(): SplitShape | 'unknown' {
    return this.state === 'not an array' ? 'not an array' : this.state === 'malformed' ? 'malformed' : 'unknown';
  }

  /** True when the array held no item (`[]`): known once the input is finished. */
  get empty(): boolean {
    return this.itemsSeen === 0;
  }
}

/** Where the scan of an item stands: inside how many brackets, inside a string or not, and the line breaks so far. */
interface ItemCursor {
  depth: number;
  inString: boolean;
  /** Line breaks seen outside strings (inside one, a line break is a fault the item's reader names). */
  lines: number;
  /** The offset in the whole input of the line's first byte. */
  lineStart: number;
}

/**
 * Scans an item from `from` to its end: the index of the comma, closing bracket or stray closing
 * brace at the item's own level, or past the end of `bytes` when the item goes on in the next
 * piece (`cursor` then says where the scan stands). Most of an item is strings, so a string is
 * skipped in a loop of its own.
 */
function scanItem(bytes: Uint8Array, from: number, cursor: ItemCursor, base: number): number {
  const length = bytes.length;
  let { depth, inString } = cursor;
  let i = from;
  for (; i < length; i++) {
    let byte = bytes[i]!;
    if (inString || byte === QUOTE) {
      if (!inString) i++;
      for (; i < length; i++) {
        byte = bytes[i]!;
        if (byte === QUOTE) break;
        if (byte === BACKSLASH) i++; // the escaped character, whatever it is
      }
      inString = i >= length;
      if (inString) break;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
    else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      if (depth === 0) break;
      depth--;
    } else if (byte === COMMA && depth === 0) break;
    else if (byte === LF) {
      cursor.lines++;
      cursor.lineStart = base + i + 1;
    }
  }
  cursor.depth = depth;
  cursor.inString = inString;
  return i;
}

function onlySpace(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isJsonSpace(bytes[i]!)) return false;
  return true;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}
