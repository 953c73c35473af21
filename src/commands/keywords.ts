import { closest } from '../engine/suggest.ts';
import type { UnneededCommand } from './command-problems.ts';

// Keywords are read from the first words of a line, case-insensitively, and njudge
// lets players put spaces inside them: SIGN ON = SIGNON, SET NO WAIT = SET NOWAIT =
// SETNOWAIT. So we join the first one, two, three … words and look the result up in a
// table of spellings without spaces; the longest spelling found wins.

export const KEYWORDS = [
  // block openers
  'signon',
  'join',
  'observe',
  'monitor',
  'resign',
  'takeover',
  'create',
  // message and press ends
  'signoff',
  'endpress',
  'endbroadcast',
  // information (no SIGNON needed)
  'list',
  'summary',
  'history',
  'map',
  'search',
  'help',
  'version',
  'get-dedication',
  'info-player',
  // session
  'press',
  'broadcast',
  'clear',
  'status',
  'set',
  'set-address',
  'set-password',
  'set-wait',
  'set-nowait',
  'set-draw',
  'set-nodraw',
  'set-concede',
  'set-noconcede',
  'set-absence',
  'set-no-absence',
  'set-zone',
  'set-nozone',
  'set-map',
  'set-preference',
  'set-deadline',
  'set-grace',
  'set-listed',
  'set-unlisted',
  'set-dedication',
  'set-no-dedication',
  'set-ontimerat',
  'set-no-ontimerat',
  'set-resrat',
  'set-no-resrat',
  'vote',
  'propose',
  'phase',
  'rules',
  // Master
  'process',
  'process!',
  'preview',
  'rollback',
  'rollforward',
  'form',
  'activate',
  'wait',
  'terminate',
  'purge',
  'rename',
  'dummy',
  'revive',
  'become',
  'eject',
  'official',
  'reveal',
  'unend',
  'unstart',
  'deadline',
  'promote',
] as const;
export type Keyword = (typeof KEYWORDS)[number];

export const OPENER_KEYWORDS: ReadonlySet<Keyword> = new Set<Keyword>(['signon', 'join', 'observe', 'monitor', 'resign', 'takeover', 'create']);

/** Spellings (upper case, no spaces) of every keyword. */
const SPELLINGS: Readonly<Record<string, Keyword>> = {
  SIGNON: 'signon',
  HELLO: 'signon',
  LOGIN: 'signon',
  JOIN: 'join',
  OBSERVE: 'observe',
  OBSERVER: 'observe',
  OBS: 'observe',
  WATCH: 'observe',
  MONITOR: 'monitor',
  RESIGN: 'resign',
  WITHDRAW: 'resign',
  TAKEOVER: 'takeover',
  CREATE: 'create',
  SIGNOFF: 'signoff',
  ENDPRESS: 'endpress',
  ENDBROADCAST: 'endbroadcast',
  LIST: 'list',
  SUMMARY: 'summary',
  HISTORY: 'history',
  MAP: 'map',
  SEARCH: 'search',
  HELP: 'help',
  VERSION: 'version',
  GETDEDICATION: 'get-dedication',
  INFOPLAYER: 'info-player',
  PRESS: 'press',
  BROADCAST: 'broadcast',
  CLEAR: 'clear',
  NMR: 'clear',
  STATUS: 'status',
  SET: 'set',
  SETADDRESS: 'set-address',
  SETPASSWORD: 'set-password',
  SETWAIT: 'set-wait',
  SETNOWAIT: 'set-nowait',
  SETDRAW: 'set-draw',
  SETNODRAW: 'set-nodraw',
  SETCONCEDE: 'set-concede',
  SETCONC: 'set-concede',
  SETNOCONCEDE: 'set-noconcede',
  SETNOCONC: 'set-noconcede',
  SETABSENCE: 'set-absence',
  SETHOLIDAY: 'set-absence',
  SETVACATION: 'set-absence',
  SETNOABSENCE: 'set-no-absence',
  SETNOHOLIDAY: 'set-no-absence',
  SETNOVACATION: 'set-no-absence',
  SETZONE: 'set-zone',
  SETNOZONE: 'set-nozone',
  SETMAP: 'set-map',
  SETPREFERENCE: 'set-preference',
  SETPREFERENCES: 'set-preference',
  SETPREF: 'set-preference',
  SETDEADLINE: 'set-deadline',
  SETGRACE: 'set-grace',
  SETLISTED: 'set-listed',
  SETUNLISTED: 'set-unlisted',
  SETDEDICATION: 'set-dedication',
  SETNODEDICATION: 'set-no-dedication',
  SETONTIMERAT: 'set-ontimerat',
  SETNOONTIMERAT: 'set-no-ontimerat',
  SETRESRAT: 'set-resrat',
  SETNORESRAT: 'set-no-resrat',
  VOTE: 'vote',
  PROPOSE: 'propose',
  PHASE: 'phase',
  RULE: 'rules',
  RULES: 'rules',
  PROCESS: 'process',
  'PROCESS!': 'process!',
  PREVIEW: 'preview',
  ROLLBACK: 'rollback',
  ROLLFORWARD: 'rollforward',
  FORM: 'form',
  ACTIVATE: 'activate',
  // njudge's spellings of the Master's start with dummies, resume, pause and preview.
  FORCEBEGIN: 'activate',
  RESUME: 'activate',
  WAIT: 'wait',
  PAUSE: 'wait',
  PREDICT: 'preview',
  TERMINATE: 'terminate',
  PURGE: 'purge',
  RENAME: 'rename',
  DUMMY: 'dummy',
  REVIVE: 'revive',
  BECOME: 'become',
  EJECT: 'eject',
  OFFICIAL: 'official',
  REVEAL: 'reveal',
  UNEND: 'unend',
  UNSTART: 'unstart',
  PROMOTE: 'promote',
  DEADLINE: 'deadline',
  // the Mafia tracker's GMs write "Deadline: moved 1D later"
  'DEADLINE:': 'deadline',
};

/** Status lines a CREATE may be followed by (DPjudge's status-file directives). */
export const SETTING_KEYWORDS = [
  'variant',
  'map',
  'rules',
  'description',
  'private',
  'timing',
  'zone',
  'form',
  'set-listed',
  'set-unlisted',
  'set-dedication',
  'set-no-dedication',
  'set-ontimerat',
  'set-no-ontimerat',
  'set-resrat',
  'set-no-resrat',
] as const;
export type SettingKeyword = (typeof SETTING_KEYWORDS)[number];

const SETTING_SPELLINGS: Readonly<Record<string, SettingKeyword>> = {
  VARIANT: 'variant',
  MAP: 'map',
  RULE: 'rules',
  RULES: 'rules',
  DESC: 'description',
  DESCRIPTION: 'description',
  PRIVATE: 'private',
  TIMING: 'timing',
  ZONE: 'zone',
  FORM: 'form',
  SETLISTED: 'set-listed',
  SETUNLISTED: 'set-unlisted',
  SETDEDICATION: 'set-dedication',
  SETNODEDICATION: 'set-no-dedication',
  SETONTIMERAT: 'set-ontimerat',
  SETNOONTIMERAT: 'set-no-ontimerat',
  SETRESRAT: 'set-resrat',
  SETNORESRAT: 'set-no-resrat',
};

export interface KeywordMatch<K extends string> {
  readonly keyword: K;
  /** The words the keyword was spelled with, as written. */
  readonly keywordWords: readonly string[];
  /** The words after the keyword. */
  readonly args: readonly string[];
}

const LONGEST_SPELLING_IN_WORDS = 4;

function match<K extends string>(words: readonly string[], spellings: Readonly<Record<string, K>>): KeywordMatch<K> | null {
  let best: KeywordMatch<K> | null = null;
  let joined = '';
  for (let count = 1; count <= Math.min(LONGEST_SPELLING_IN_WORDS, words.length); count++) {
    joined += words[count - 1]!.toUpperCase();
    const keyword = Object.hasOwn(spellings, joined) ? spellings[joined] : undefined;
    if (keyword !== undefined) best = { keyword, keywordWords: words.slice(0, count), args: words.slice(count) };
  }
  return best;
}

export function splitWords(text: string): readonly string[] {
  const trimmed = text.trim();
  return trimmed === '' ? [] : trimmed.split(/\s+/);
}

export function readKeyword(words: readonly string[]): KeywordMatch<Keyword> | null {
  const found = match(words, SPELLINGS);
  // njudge's HELLO alias of SIGN ON; a mail that opens with "Hello," is a greeting.
  if (found && found.keywordWords.length === 1 && found.keywordWords[0]!.toUpperCase() === 'HELLO' && found.args.length !== 2) return null;
  return found;
}

export function readSettingKeyword(words: readonly string[]): KeywordMatch<SettingKeyword> | null {
  return match(words, SETTING_SPELLINGS);
}

/** The text after the first `count` words, spacing inside kept (descriptions, raw dates). */
export function textAfterWords(text: string, count: number): string {
  let rest = text.trim();
  for (let i = 0; i < count; i++) rest = rest.replace(/^\S+\s*/, '');
  return rest;
}

/** Spellings a misspelt first word may have been meant as ("PRSS" → PRESS); empty when none is close. */
export function nearKeywords(word: string): string[] {
  const cleaned = word.replace(/[,.!:;]+$/, '').toUpperCase();
  if (cleaned.length < 4 || !/^[A-Z]+$/.test(cleaned)) return [];
  // HELLO is also a greeting, so "Hallo," is never taken for it.
  const near = closest(
    cleaned,
    Object.keys(SPELLINGS).filter((s) => /^[A-Z]+$/.test(s) && s !== 'HELLO'),
  );
  return near.length === 1 && near[0] === cleaned ? [] : near;
}

/**
 * njudge commands this judge does not need, with what to use instead. REGISTER is followed by a
 * form of `Field: value` lines up to END, which belongs to it.
 */
export function unneededNjudgeCommand(words: readonly string[]): { readonly name: string; readonly unneeded: UnneededCommand; readonly form: boolean } | null {
  const upper = words.map((w) => w.toUpperCase());
  const joined = upper.slice(0, 3).join(' ');
  if (upper[0] === 'REGISTER') return { name: 'REGISTER', form: true, unneeded: 'register' };
  if (joined.startsWith('I AM ALSO') || upper[0] === 'IAMALSO') return { name: 'I AM ALSO', form: false, unneeded: 'i-am-also' };
  if (upper[0] === 'WHOIS' || (upper[0] === 'WHO' && upper[1] === 'IS') || (upper[0] === 'GET' && upper[1] === 'WHOIS')) {
    return { name: 'WHOIS', form: false, unneeded: 'whois' };
  }
  if ((upper[0] === 'GET' || upper[0] === 'SEND') && upper.length >= 2 && upper[1] !== 'DEDICATION') {
    return { name: `${upper[0]} ${upper[upper[1] === 'ME' ? 2 : 1] ?? ''}`.trim(), form: false, unneeded: 'files' };
  }
  return null;
}
