import { ALPHABET, trieIndex, type Lexicon } from './lexicon.ts';

// Splits a line of orders into words and punctuation in one pass over its characters. Words are
// identified by number through the lexicon's character trie as they are scanned, so the common
// word costs no substring and no lower-casing. Tokens are kept in reusable typed arrays: parsing
// is synchronous and never re-entered, so one buffer serves every call.

export const WORD = 1;
/** `-`, `->`, `=>`, `>`, `=`, and the dashes and arrows word processors substitute. */
export const DASH = 2;
export const SLASH = 3;
/** `(` or `[`. */
export const OPEN = 4;
/** `)` or `]`. */
export const CLOSE = 5;
/** `,` or `;` between orders. */
export const SEPARATOR = 6;
export const COLON = 7;
/** Any other punctuation, kept so that messages can quote it. */
export const OTHER = 8;
export type TokenKind = typeof WORD | typeof DASH | typeof SLASH | typeof OPEN | typeof CLOSE | typeof SEPARATOR | typeof COLON | typeof OTHER;

export class TokenBuffer {
  count = 0;
  kind = new Uint8Array(64);
  /** Offsets into the source, so messages quote exactly what the player wrote. */
  start = new Int32Array(64);
  end = new Int32Array(64);
  /** Word number in the lexicon; -1 for punctuation and for words the lexicon could not take. */
  word = new Int32Array(64);
  /** 1 when no blank precedes the token: `Mid-Atlantic` glues its hyphen, `Lon - Nth` does not. */
  glued = new Uint8Array(64);

  /** Makes room for `size` tokens, so that the tokeniser need not check on every token. */
  reserve(size: number): void {
    if (size > this.kind.length) this.grow(size);
  }

  private grow(atLeast: number): void {
    let size = this.kind.length * 2;
    while (size < atLeast) size *= 2;
    const kind = new Uint8Array(size);
    const start = new Int32Array(size);
    const end = new Int32Array(size);
    const word = new Int32Array(size);
    const glued = new Uint8Array(size);
    kind.set(this.kind);
    start.set(this.start);
    end.set(this.end);
    word.set(this.word);
    glued.set(this.glued);
    this.kind = kind;
    this.start = start;
    this.end = end;
    this.word = word;
    this.glued = glued;
  }
}

// One table lookup per character gives both its class and its column in the lexicon's trie:
// 0 … ALPHABET - 1 are word characters (0: one outside the trie alphabet, such as an accented letter).
const DOT = ALPHABET;
const BLANK = ALPHABET + 1;
const PUNCTUATION = ALPHABET + 2;

const ASCII_CLASS: Uint8Array = (() => {
  const table = new Uint8Array(128).fill(PUNCTUATION);
  for (let c = 0; c <= 32; c++) table[c] = BLANK;
  table[127] = BLANK;
  table[0x5f] = BLANK; // '_' separates words, as normaliseName treats it
  table[0x2e] = DOT;
  for (let c = 0; c < 128; c++) {
    const index = trieIndex(c);
    if (index !== 0) table[c] = index;
  }
  return table;
})();

function classify(code: number): number {
  return code < 128 ? ASCII_CLASS[code]! : classifyWide(code);
}

function classifyWide(code: number): number {
  if (code === 0xa0 || code === 0xfeff || code === 0x3000 || (code >= 0x2000 && code <= 0x200b) || code === 0x2028 || code === 0x2029) {
    return BLANK;
  }
  return isWideDash(code) ? PUNCTUATION : 0;
}

/** En dash, em dash, minus sign and arrows that mail clients and word processors put in place of `-` or `->`. */
function isWideDash(code: number): boolean {
  return (code >= 0x2010 && code <= 0x2014) || code === 0x2212 || code === 0x2192 || code === 0x27f6;
}

function punctuationKind(code: number): TokenKind {
  switch (code) {
    case 0x2d: // -
    case 0x3d: // =
    case 0x3e: // >
      return DASH;
    case 0x2f:
      return SLASH;
    case 0x28:
    case 0x5b:
      return OPEN;
    case 0x29:
    case 0x5d:
      return CLOSE;
    case 0x2c:
    case 0x3b:
      return SEPARATOR;
    case 0x3a:
      return COLON;
    default:
      return isWideDash(code) ? DASH : OTHER;
  }
}

const DOTS = /\./g;

/** Fills `into` with the tokens of `source`. Never throws. */
export function tokenise(source: string, lexicon: Lexicon, into: TokenBuffer): void {
  const length = source.length;
  into.reserve(length); // never more tokens than characters
  const { kind: kinds, start: starts, end: ends, word: words, glued: glues } = into;
  let count = 0;
  let i = 0;
  let glued = false;
  while (i < length) {
    const code = source.charCodeAt(i);
    const kind = classify(code);
    if (kind === BLANK) {
      glued = false;
      i++;
    } else if (kind === PUNCTUATION) {
      const start = i++;
      // '->' and '=>' are one token.
      if ((code === 0x2d || code === 0x3d) && i < length && source.charCodeAt(i) === 0x3e) i++;
      kinds[count] = punctuationKind(code);
      starts[count] = start;
      ends[count] = i;
      words[count] = -1;
      glues[count++] = glued ? 1 : 0;
      glued = true;
    } else if (kind === DOT) {
      // A dot outside a word ends a sentence or an abbreviation: skip it; what follows stays glued.
      i++;
    } else {
      // A word: walk the lexicon's character trie while scanning, so a known word needs no substring.
      const trie = lexicon.trie;
      const start = i;
      let end = i;
      let node = 0;
      let hasDot = false;
      let charClass = kind;
      for (;;) {
        if (charClass === DOT)
          hasDot = true; // dropped, as normaliseName drops it: "n.c." is "nc"
        else {
          node = trie[node * ALPHABET + charClass]!;
          end = i + 1;
        }
        if (++i >= length) break;
        charClass = classify(source.charCodeAt(i));
        if (charClass > DOT) break;
      }
      let word = lexicon.wordAt(node);
      if (word < 0) {
        let text = source.slice(start, end).toLowerCase();
        if (hasDot) text = text.replace(DOTS, '');
        word = lexicon.intern(text);
      }
      kinds[count] = WORD;
      starts[count] = start;
      ends[count] = end;
      words[count] = word;
      glues[count++] = glued ? 1 : 0;
      glued = true;
    }
  }
  into.count = count;
}
