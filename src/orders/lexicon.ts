import { normaliseName, type GameMap } from '../engine/map.ts';
import type { Coast, ProvinceId } from '../engine/types.ts';
import { coastOfWord, grammarWords, isCoastDirection, isShortCoastWord, keywordOf, type Keyword } from './keywords.ts';

// The vocabulary of one map compiled for the parser, so that reading an order allocates no strings
// in the common case:
// - words are numbered; the tokeniser finds a word's number by walking a character trie as it scans,
//   without slicing or lower-casing the text;
// - province names are a trie of word numbers, so "mid atlantic ocean" is three integer steps.
// GameMap does not list its aliases, so phrases the tables have not seen are asked of map.lookup
// once and remembered (within limits, so that hostile input cannot grow memory without bound).

/** Characters of the trie alphabet: a-z (either case) 1-26, 0-9 27-36, apostrophe 37; 0 for anything else. */
const CHAR_INDEX: Uint8Array = (() => {
  const table = new Uint8Array(128);
  for (let c = 0; c < 26; c++) {
    table[97 + c] = c + 1;
    table[65 + c] = c + 1;
  }
  for (let d = 0; d < 10; d++) table[48 + d] = 27 + d;
  table[39] = 37;
  return table;
})();
export const ALPHABET = 38;

/** The node every unknown character sequence ends in. */
export const DEAD_NODE = 1;

export function trieIndex(code: number): number {
  return code < 128 ? CHAR_INDEX[code]! : 0;
}

// Limits on what the lexicon learns from players' text: enough for every alias and typo a game
// sees, small enough that a flood of nonsense costs a few megabytes. Beyond them, parsing still
// works, only slower.
const MAX_WORDS = 50_000;
/** Trie nodes cost ALPHABET × 4 bytes each; words beyond this are found by their text instead. */
const MAX_TRIE_NODES = 16_384;
const MAX_PHRASES = 50_000;
const MIN_PHRASE_WORDS = 4;

/** Per-word facts the grammar asks about, packed as bits. */
const SHORT_COAST = 1;
const DIRECTION = 2;
const COAST_NOUN = 4;

export class Lexicon {
  /** How many words the longest phrase to try has. */
  readonly maxWords: number;

  /**
   * Character trie: node × ALPHABET + character index → child node. Node 0 is the root; every missing
   * transition, and character index 0 (a letter outside the alphabet), leads to DEAD_NODE, which leads
   * only to itself, so the tokeniser's inner loop needs no tests.
   */
  trie = new Int32Array(1024 * ALPHABET).fill(DEAD_NODE);
  private wordAtNode = new Int32Array(1024).fill(-1);
  private nodeCount = 2;

  private readonly words: string[] = [];
  private readonly wordIds = new Map<string, number>();
  private readonly keywords: (Keyword | undefined)[] = [];
  private readonly coasts: (Coast | undefined)[] = [];
  private flags = new Uint8Array(256);

  // Phrase trie over word numbers. Node 0 is the root; its children are indexed by word number.
  private firstStep = new Int32Array(256);
  private readonly phraseProvince: (ProvinceId | null)[] = [null];
  private readonly phraseText: string[] = [''];
  private readonly phraseChildren: (Map<number, number> | undefined)[] = [undefined];
  /** Per phrase node: whether some name of the map starts with the phrase and has more words. */
  private readonly phraseContinues: boolean[] = [true];
  /** Every run of a name's first words that is shorter than the name: `north`, `north atlantic`. */
  private readonly namePrefixes = new Set<string>();

  constructor(private readonly map: GameMap) {
    let maxWords = MIN_PHRASE_WORDS;
    for (const word of grammarWords()) this.intern(word);
    for (const province of map.provinces) {
      const phrases = [province.id, normaliseName(province.name)];
      for (const phrase of phrases) {
        const words = phrase.split(' ');
        maxWords = Math.max(maxWords, words.length);
        for (const word of words) this.intern(word);
      }
    }
    this.maxWords = maxWords;
    for (const name of map.names()) {
      let end = name.indexOf(' ');
      while (end >= 0) {
        this.namePrefixes.add(name.slice(0, end));
        end = name.indexOf(' ', end + 1);
      }
    }
  }

  // ---- words ----

  /** The word ending at a trie node, or -1. */
  wordAt(node: number): number {
    return this.wordAtNode[node]!;
  }

  /** The number of a normalised word, learning it if new; -1 when the table is full. */
  intern(word: string): number {
    const known = this.wordIds.get(word);
    if (known !== undefined) return known;
    if (this.words.length >= MAX_WORDS || word === '') return -1;
    const id = this.words.length;
    this.words.push(word);
    this.wordIds.set(word, id);
    this.keywords.push(keywordOf(word));
    this.coasts.push(coastOfWord(word));
    if (id >= this.flags.length) this.flags = grow(this.flags, id + 1);
    this.flags[id] = (isShortCoastWord(word) ? SHORT_COAST : 0) | (isCoastDirection(word) ? DIRECTION : 0) | (word === 'coast' ? COAST_NOUN : 0);
    this.addToTrie(word, id);
    return id;
  }

  private addToTrie(word: string, id: number): void {
    let node = 0;
    for (let i = 0; i < word.length; i++) {
      const index = trieIndex(word.charCodeAt(i));
      if (index === 0) return; // outside the alphabet: found through `intern` instead
      const slot = node * ALPHABET + index;
      let next = this.trie[slot]!;
      if (next === DEAD_NODE) {
        if (this.nodeCount >= MAX_TRIE_NODES) return;
        next = this.nodeCount++;
        if (next >= this.wordAtNode.length) {
          this.wordAtNode = grow(this.wordAtNode, next + 1, -1);
          this.trie = grow(this.trie, this.wordAtNode.length * ALPHABET, DEAD_NODE);
        }
        this.trie[slot] = next;
      }
      node = next;
    }
    this.wordAtNode[node] = id;
  }

  text(word: number): string {
    return this.words[word] ?? '';
  }

  keyword(word: number): Keyword | undefined {
    return word < 0 ? undefined : this.keywords[word];
  }

  /** The coast a word names after `/` or `(`: n, north, nc… */
  coast(word: number): Coast | undefined {
    return word < 0 ? undefined : this.coasts[word];
  }

  /** nc, sc, ec, wc: a coast even without `/`. */
  isShortCoast(word: number): boolean {
    return word >= 0 && (this.flags[word]! & SHORT_COAST) !== 0;
  }

  /** north, south, east, west: a coast when followed by "coast". */
  isDirection(word: number): boolean {
    return word >= 0 && (this.flags[word]! & DIRECTION) !== 0;
  }

  isCoastNoun(word: number): boolean {
    return word >= 0 && (this.flags[word]! & COAST_NOUN) !== 0;
  }

  // ---- phrases ----

  /** The phrase node reached from `node` by one more word; -1 when the tables are full. */
  extend(node: number, word: number): number {
    if (word < 0 || node < 0) return -1;
    if (node === 0) {
      const known = word < this.firstStep.length ? this.firstStep[word]! : 0;
      if (known !== 0) return known;
      const created = this.newPhrase(node, word);
      if (created > 0) {
        if (word >= this.firstStep.length) this.firstStep = grow(this.firstStep, word + 1);
        this.firstStep[word] = created;
      }
      return created;
    }
    const children = this.phraseChildren[node];
    const known = children?.get(word);
    if (known !== undefined) return known;
    const created = this.newPhrase(node, word);
    if (created > 0) {
      if (children) children.set(word, created);
      else this.phraseChildren[node] = new Map([[word, created]]);
    }
    return created;
  }

  private newPhrase(parent: number, word: number): number {
    if (this.phraseText.length >= MAX_PHRASES) return -1;
    const text = parent === 0 ? this.words[word]! : `${this.phraseText[parent]} ${this.words[word]}`;
    this.phraseText.push(text);
    this.phraseProvince.push(this.map.lookup(text) ?? null);
    this.phraseChildren.push(undefined);
    this.phraseContinues.push(this.namePrefixes.has(text));
    return this.phraseText.length - 1;
  }

  province(node: number): ProvinceId | null {
    return this.phraseProvince[node] ?? null;
  }

  /** Whether a longer phrase from this node could still name a province: when not, reading more words is pointless. */
  continues(node: number): boolean {
    return this.phraseContinues[node] === true;
  }

  /** For the rare phrase the tables cannot hold: ask the map directly. */
  lookup(phrase: string): ProvinceId | null {
    return this.map.lookup(phrase) ?? null;
  }
}

function grow<T extends Int32Array | Uint8Array>(array: T, atLeast: number, fill = 0): T {
  let size = array.length * 2;
  while (size < atLeast) size *= 2;
  const bigger = new (array.constructor as new (size: number) => T)(size);
  if (fill !== 0) bigger.fill(fill);
  bigger.set(array);
  return bigger;
}

const lexicons = new WeakMap<GameMap, Lexicon>();

/** The lexicon of a map, compiled on first use. */
export function lexiconOf(map: GameMap): Lexicon {
  let lexicon = lexicons.get(map);
  if (!lexicon) {
    lexicon = new Lexicon(map);
    lexicons.set(map, lexicon);
  }
  return lexicon;
}
