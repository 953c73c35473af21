import type { Coast, UnitType } from '../engine/types.ts';

// The words of the order language, as njudge's manual (§6.1) and the DATC spell them.

export const KEYWORDS = ['hold', 'move', 'to', 'support', 'convoy', 'disband', 'build', 'remove', 'waive', 'via', 'army', 'fleet'] as const;
export type Keyword = (typeof KEYWORDS)[number];

const KEYWORD_SPELLINGS: Readonly<Record<Keyword, readonly string[]>> = {
  hold: ['h', 'hold', 'holds', 'stand', 'stands'],
  move: ['m', 'move', 'moves'],
  to: ['to'],
  support: ['s', 'support', 'supports'],
  convoy: ['c', 'convoy', 'convoys', 't', 'transport', 'transports'],
  disband: ['d', 'disband', 'disbands'],
  build: ['b', 'build', 'builds'],
  remove: ['r', 'remove', 'removes'],
  waive: ['w', 'waive', 'waives'],
  via: ['via', 'by'],
  army: ['a', 'army'],
  fleet: ['f', 'fleet'],
};

const byWord = new Map<string, Keyword>();
for (const keyword of KEYWORDS) for (const word of KEYWORD_SPELLINGS[keyword]) byWord.set(word, keyword);

/** Every word the grammar itself knows: keywords, coast words and "coast". */
export function grammarWords(): string[] {
  return [...byWord.keys(), ...COAST_WORDS.keys(), 'coast'];
}

export function keywordOf(word: string): Keyword | undefined {
  return byWord.get(word);
}

export function unitTypeOf(keyword: Keyword | undefined): UnitType | null {
  return keyword === 'army' ? 'A' : keyword === 'fleet' ? 'F' : null;
}

/** Words that name a coast after `/` or inside parentheses: `/n`, `(north)`, `/nc`. */
const COAST_WORDS = new Map<string, Coast>([
  ['n', 'nc'],
  ['north', 'nc'],
  ['nc', 'nc'],
  ['s', 'sc'],
  ['south', 'sc'],
  ['sc', 'sc'],
  ['e', 'ec'],
  ['east', 'ec'],
  ['ec', 'ec'],
  ['w', 'wc'],
  ['west', 'wc'],
  ['wc', 'wc'],
]);

export function coastOfWord(word: string): Coast | undefined {
  return COAST_WORDS.get(word);
}

/** A coast written without `/` or parentheses must be unmistakable: `nc`, or `north` followed by `coast`. */
export function isShortCoastWord(word: string): boolean {
  return word === 'nc' || word === 'sc' || word === 'ec' || word === 'wc';
}

export function isCoastDirection(word: string): boolean {
  return word === 'north' || word === 'south' || word === 'east' || word === 'west';
}

export const COAST_NAMES: Readonly<Record<Coast, string>> = { nc: 'north', sc: 'south', ec: 'east', wc: 'west' };
