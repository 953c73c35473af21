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

/** Whitespace as JSON has it (JSON.parse accepts no other). */
function isJsonSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** Items found in the bytes fed so far: item k is `bytes.subarray(starts[k], ends[k])`. */
export interface SplitItems {
  readonly bytes: Uint8Array;
  readonly starts: readonly number[];
  readonly ends: readonly number[];
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
  private readonly cursor: ItemCursor = { depth: 0, inString: false };
  private itemsSeen = 0;

  /** The item bytes completed by `chunk`. */
  feed(chunk: Uint8Array): SplitItems {
    const bytes = this.held.length === 0 ? chunk : concat(this.held, chunk);
    const starts: number[] = [];
    const ends: number[] = [];
    let itemStart = 0;
    let i = this.scanAt;
    const length = bytes.length;
    scan: while (i < length) {
      switch (this.state) {
        case 'before array': {
          const byte = bytes[i]!;
          if (isJsonSpace(byte)) {
            i++;
            continue;
          }
          if (byte !== OPEN_BRACKET) {
            this.state = 'not an array';
            break scan;
          }
          i++;
          itemStart = i;
          this.state = 'in item';
          continue;
        }
        case 'in item': {
          i = scanItem(bytes, i, this.cursor);
          if (i >= length) break scan; // the item goes on in the next piece
          const byte = bytes[i]!;
          if (byte === COMMA) {
            starts.push(itemStart);
            ends.push(i);
            this.itemsSeen++;
            itemStart = ++i;
          } else if (byte === CLOSE_BRACKET) {
            // The array's closing bracket: `[]` and `[ ]` hold no item; otherwise the last item ends here.
            if (this.itemsSeen > 0 || !onlySpace(bytes, itemStart, i)) {
              starts.push(itemStart);
              ends.push(i);
              this.itemsSeen++;
            }
            i++;
            this.state = 'after array';
          } else {
            this.state = 'malformed';
            break scan;
          }
          continue;
        }
        case 'after array': {
          if (!isJsonSpace(bytes[i]!)) {
            this.state = 'malformed';
            break scan;
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
      this.scanAt = i - itemStart;
    } else {
      this.held = new Uint8Array(0);
      this.scanAt = 0;
    }
    return { bytes, starts, ends };
  }

  /** Once all input is fed: what it was. An array cut short is malformed. */
  finish(): SplitShape {
    if (this.state === 'not an array' || this.state === 'before array') return 'not an array';
    return this.state === 'after array' ? 'array' : 'malformed';
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

/** Where the scan of an item stands: inside how many brackets, and inside a string or not. */
interface ItemCursor {
  depth: number;
  inString: boolean;
}

/**
 * Scans an item from `from` to its end: the index of the comma, closing bracket or stray closing
 * brace at the item's own level, or past the end of `bytes` when the item goes on in the next
 * piece (`cursor` then says where the scan stands). Most of an item is strings, so a string is
 * skipped in a loop of its own.
 */
function scanItem(bytes: Uint8Array, from: number, cursor: ItemCursor): number {
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
