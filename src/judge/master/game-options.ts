import { DEFAULT_MAX_ABSENCE_DAYS, formatTimingLines, parseTiming } from '../../schedule/index.ts';
import {
  FLAG_TEXTS,
  flagUsage,
  optionHelpLine,
  optionLine,
  OPTION_TEXTS,
  PRESS_KIND_TEXTS,
  type FlagRule,
  type PressKindWord,
} from '../../render/option-texts.ts';
import { REFUSED_OPTIONS } from '../../render/refused-options.ts';
import { renderSessionRefusal, type OptionRefusal } from '../../render/session-refusals.ts';
import { BLIND_MODIFIERS } from '../../engine/sight.ts';
import { GAME_RULES, type GameOptionValues, type GameRule, type GameStatus } from '../model.ts';

// The game options as one declarative table (the lesson of DPjudge's RULE file with its implies
// and forbids): each option has its njudge spellings (`SET …` after the Master's SIGNON or after
// CREATE), the DPjudge rule it is stored as, when it may change, who may change it, and its
// announcement (the words are in src/render/option-texts.ts). The SET commands, CREATE's status
// lines, `RULE` lines, LIST game and the HELP text all read this table; an option's effect lives
// where the judge does that thing (press rules, deadlines, JOIN …) and reads the rule or value
// stored here.
//
// An njudge or DPjudge option this judge cannot honour is in REFUSED_OPTIONS (src/render/refused-options.ts)
// with the reason, so a Master is told by name instead of having the word ignored.

/** What a game's settings are made of, as far as options can change them. */
export interface GameSettings {
  readonly status: GameStatus;
  readonly rules: readonly GameRule[];
  readonly listed: boolean;
  readonly description: string;
  /** The TIMING text; null: njudge's defaults. */
  readonly timing: string | null;
  readonly options: GameOptionValues;
  /** Whether the game has a privacy word (the word itself is only ever stored hashed). */
  readonly isPrivate: boolean;
}

/** A change an option makes; `privacyWord` is the new word in clear, hashed by the caller. */
export interface SettingsChange {
  readonly rules?: readonly GameRule[];
  readonly listed?: boolean;
  readonly description?: string;
  readonly timing?: string | null;
  readonly options?: GameOptionValues;
  readonly privacyWord?: string | null;
}

/** Who may change an option: the Master, or (`moderator`) also any player of an UNMODERATED game. */
export type OptionChanger = 'master' | 'moderator';

export type OptionReading =
  | { readonly ok: true; readonly change: SettingsChange; readonly announcement: string }
  | { readonly ok: false; readonly message: string };

export interface GameOption {
  /** Heading in LIST game and HELP. */
  readonly title: string;
  /** How to write it after SET, for HELP and for error messages. */
  readonly usage: string;
  /** DPjudge's rule names it is stored as (RULE lines reach it through them). */
  readonly rules: readonly GameRule[];
  readonly states: readonly GameStatus[];
  readonly who: OptionChanger;
  /** Reads the words after SET (upper case); null: the words are not this option. */
  read(words: readonly string[], settings: GameSettings): OptionReading | null;
  /** The option's value as LIST game shows it; null: nothing to show. */
  show(settings: GameSettings): string | null;
}

const BEFORE_START: readonly GameStatus[] = ['preparation', 'forming'];
const NOT_ENDED: readonly GameStatus[] = ['preparation', 'forming', 'active', 'waiting'];

/** DPjudge's implies (`+`) and forbids (`!`) between rules. */
export const RULE_RELATIONS: Readonly<Partial<Record<GameRule, { readonly implies?: readonly GameRule[]; readonly forbids?: readonly GameRule[] }>>> = {
  NO_PRESS: { forbids: ['GREY_PRESS', 'WHITE_GREY', 'FAKE_PRESS', 'WATCH_ALL_PRESS', 'MUST_ORDER', 'PARTIAL_FAKES_BROADCAST', 'FAKES_BROADCAST_DEFAULT'] },
  // BY DEFAULT lets senders fake other recipients (FAKE TO …), so it is fake press; without it every press shows as a broadcast.
  FAKES_BROADCAST_DEFAULT: { implies: ['FAKE_PRESS'], forbids: ['PARTIAL_FAKES_BROADCAST'] },
  GUNBOAT: { implies: ['NO_REVEAL'] },
  NO_DRAW: { forbids: ['NO_DIAS', 'PROPOSE_DIAS'] },
  REAL_TIME: { forbids: ['ALWAYS_WAIT', 'MANUAL_PROCESS'] },
  NO_DEADLINE: { forbids: ['ALWAYS_WAIT', 'PLAYER_DEADLINES'] },
  // DPjudge: BLIND forbids NO_DIAS (a partial draw names powers a blind player may not know of).
  BLIND: { forbids: ['FOG', 'NO_DIAS'] },
  FOG: { forbids: ['NO_DIAS'] },
  OWN_SCS_SEE: { implies: ['BLIND'], forbids: ['NO_SCS_SEE'] },
  NO_SCS_SEE: { implies: ['BLIND'] },
  NO_UNITS_SEE: { implies: ['BLIND'] },
  UNITS_SEE_SAME: { implies: ['BLIND'], forbids: ['UNITS_SEE_OTHER'] },
  UNITS_SEE_OTHER: { implies: ['BLIND'] },
  SEE_NO_UNITS: { implies: ['BLIND'] },
  SEE_NO_SCS: { implies: ['BLIND'], forbids: ['SEE_ALL_SCS'] },
  SEE_ALL_SCS: { implies: ['BLIND'] },
};

/** The rules a rule forbids, both ways round: `NO_PRESS` forbids `GREY_PRESS` and the reverse. */
function forbidden(rule: GameRule): GameRule[] {
  const own = RULE_RELATIONS[rule]?.forbids ?? [];
  const others = (Object.keys(RULE_RELATIONS) as GameRule[]).filter((r) => RULE_RELATIONS[r]?.forbids?.includes(rule));
  return [...own, ...others];
}

/** The rules with `rule` added and what it implies; a conflict names the rule in the way. */
function withRule(rules: readonly GameRule[], rule: GameRule): { ok: true; rules: GameRule[] } | { ok: false; rule: GameRule; conflict: GameRule } {
  const result = new Set(rules);
  const adding = [rule];
  while (adding.length > 0) {
    const next = adding.pop()!;
    if (result.has(next)) continue;
    const conflict = forbidden(next).find((r) => result.has(r));
    if (conflict) return { ok: false, rule: next, conflict };
    result.add(next);
    adding.push(...(RULE_RELATIONS[next]?.implies ?? []));
  }
  return { ok: true, rules: [...result] };
}

/** As withRule, a conflict told in words. */
export function addRule(rules: readonly GameRule[], rule: GameRule): { ok: true; rules: GameRule[] } | { ok: false; message: string } {
  const added = withRule(rules, rule);
  return added.ok ? added : refused({ kind: 'rules-conflict', rule: added.rule, conflict: added.conflict });
}

function refused(refusal: OptionRefusal): { readonly ok: false; readonly message: string } {
  return { ok: false, message: renderSessionRefusal(refusal) };
}

function without(rules: readonly GameRule[], ...removed: GameRule[]): GameRule[] {
  return rules.filter((r) => !removed.includes(r));
}

const joined = (words: readonly string[]) => words.join('');

/** An on/off option stored as one rule; `on` and `off` are spellings without spaces. */
function flag(spec: {
  rule: FlagRule;
  on: readonly string[];
  off: readonly string[];
  states?: readonly GameStatus[];
  who?: OptionChanger;
  /** LIST shows the flag only when it is on (or only when off). */
  showWhen?: 'on' | 'off' | 'both';
}): GameOption {
  const texts = FLAG_TEXTS[spec.rule];
  return {
    title: texts.title,
    usage: flagUsage(spec.on[0]!, spec.off[0]!),
    rules: [spec.rule],
    states: spec.states ?? NOT_ENDED,
    who: spec.who ?? 'moderator',
    read(words, settings) {
      const word = joined(words);
      const on = spec.on.map((s) => s.replace(/ /g, '')).includes(word);
      const off = spec.off.map((s) => s.replace(/ /g, '')).includes(word);
      if (!on && !off) return null;
      if (off) return { ok: true, change: { rules: without(settings.rules, spec.rule) }, announcement: texts.off };
      const added = addRule(settings.rules, spec.rule);
      return added.ok ? { ok: true, change: { rules: added.rules }, announcement: texts.on } : { ok: false, message: added.message };
    },
    show(settings) {
      const isOn = settings.rules.includes(spec.rule);
      const when = spec.showWhen ?? 'on';
      if (when === 'on' && !isOn) return null;
      if (when === 'off' && isOn) return null;
      return isOn ? texts.on : texts.off;
    },
  };
}

/** njudge's press settings: WHITE, GREY, WHITE/GREY, GREY/WHITE, NO PRESS. */
const PRESS_KINDS: Readonly<Record<PressKindWord, { rules: GameRule[] }>> = {
  WHITE: { rules: [] },
  GREY: { rules: ['GREY_PRESS'] },
  'WHITE/GREY': { rules: ['WHITE_GREY'] },
  'GREY/WHITE': { rules: ['GREY_PRESS', 'WHITE_GREY'] },
  'NO PRESS': { rules: ['NO_PRESS'] },
};
const PRESS_RULES: readonly GameRule[] = ['NO_PRESS', 'GREY_PRESS', 'WHITE_GREY'];

function pressKindOf(rules: readonly GameRule[]): PressKindWord {
  if (rules.includes('NO_PRESS')) return 'NO PRESS';
  if (rules.includes('GREY_PRESS')) return rules.includes('WHITE_GREY') ? 'GREY/WHITE' : 'GREY';
  return rules.includes('WHITE_GREY') ? 'WHITE/GREY' : 'WHITE';
}

const pressKind: GameOption = {
  ...OPTION_TEXTS.press,
  rules: PRESS_RULES,
  states: NOT_ENDED,
  who: 'moderator',
  read(words, settings) {
    const word = words
      .join(' ')
      .replace(/\s*\/\s*/, '/')
      .replace(/^NOPRESS$/, 'NO PRESS')
      .replace(/^GRAY/, 'GREY')
      .replace(/\/GRAY$/, '/GREY');
    if (!Object.hasOwn(PRESS_KINDS, word)) return null;
    const kind = PRESS_KINDS[word as PressKindWord];
    let rules = without(settings.rules, ...PRESS_RULES);
    for (const rule of kind.rules) {
      const added = withRule(rules, rule);
      if (!added.ok) return refused({ kind: 'press-kind-conflict', word, rule: added.rule, conflict: added.conflict });
      rules = added.rules;
    }
    return { ok: true, change: { rules }, announcement: PRESS_KIND_TEXTS[word as PressKindWord] };
  },
  show: (settings) => PRESS_KIND_TEXTS[pressKindOf(settings.rules)],
};

const FAKE_RULES: readonly GameRule[] = ['FAKE_PRESS', 'PARTIAL_FAKES_BROADCAST', 'FAKES_BROADCAST_DEFAULT'];

/**
 * njudge's fake settings, one choice of four: PARTIAL MAY [BE FAKED] (senders may fake), NO FAKE,
 * PARTIAL FAKES BROADCAST (every player's press shows as a broadcast) and PARTIAL FAKES BROADCAST BY
 * DEFAULT (shows as a broadcast unless the sender fakes other recipients or writes NO FAKE).
 */
const fakes: GameOption = {
  title: OPTION_TEXTS.fakes.title,
  usage: OPTION_TEXTS.fakes.usage,
  rules: FAKE_RULES,
  states: NOT_ENDED,
  who: 'moderator',
  read(words, settings) {
    const word = joined(words);
    const choices: Readonly<Record<string, { rule: GameRule | null; announcement: string }>> = {
      FAKE: { rule: 'FAKE_PRESS', announcement: OPTION_TEXTS.fakes.may },
      PARTIALMAY: { rule: 'FAKE_PRESS', announcement: OPTION_TEXTS.fakes.may },
      PARTIALMAYBEFAKED: { rule: 'FAKE_PRESS', announcement: OPTION_TEXTS.fakes.may },
      NOFAKE: { rule: null, announcement: OPTION_TEXTS.fakes.none },
      NOFAKEBROADCAST: { rule: null, announcement: OPTION_TEXTS.fakes.none },
      PARTIALFAKESBROADCAST: { rule: 'PARTIAL_FAKES_BROADCAST', announcement: OPTION_TEXTS.fakes.broadcast },
      PARTIALFAKESBROADCASTBYDEFAULT: { rule: 'FAKES_BROADCAST_DEFAULT', announcement: OPTION_TEXTS.fakes.broadcastByDefault },
    };
    const choice = Object.hasOwn(choices, word) ? choices[word]! : null;
    if (choice === null) return null;
    const rules = without(settings.rules, ...FAKE_RULES);
    if (choice.rule === null) return { ok: true, change: { rules }, announcement: choice.announcement };
    const added = addRule(rules, choice.rule);
    return added.ok ? { ok: true, change: { rules: added.rules }, announcement: choice.announcement } : { ok: false, message: added.message };
  },
  show(settings) {
    if (settings.rules.includes('PARTIAL_FAKES_BROADCAST')) return OPTION_TEXTS.fakes.broadcast;
    if (settings.rules.includes('FAKES_BROADCAST_DEFAULT')) return OPTION_TEXTS.fakes.broadcastByDefault;
    return settings.rules.includes('FAKE_PRESS') ? OPTION_TEXTS.fakes.may : null;
  },
};

/** njudge's OBSERVER ANY | NO | WHITE: what observers may write. */
const observerPress: GameOption = {
  title: OPTION_TEXTS.observerPress.title,
  usage: OPTION_TEXTS.observerPress.usage,
  rules: ['MUTE_OBSERVERS', 'WHITE_OBSERVERS'],
  states: NOT_ENDED,
  who: 'moderator',
  read(words, settings) {
    if (words[0] !== 'OBSERVER' && words[0] !== 'OBSERVERS') return null;
    const choice = words.slice(1).join(' ');
    const rules = without(settings.rules, 'MUTE_OBSERVERS', 'WHITE_OBSERVERS');
    switch (choice) {
      case 'ANY':
        return { ok: true, change: { rules }, announcement: OPTION_TEXTS.observerPress.any };
      case 'NO':
      case 'NONE':
        return { ok: true, change: { rules: [...rules, 'MUTE_OBSERVERS'] }, announcement: OPTION_TEXTS.observerPress.mute };
      case 'WHITE':
        return { ok: true, change: { rules: [...rules, 'WHITE_OBSERVERS'] }, announcement: OPTION_TEXTS.observerPress.white };
      default:
        return refused({ kind: 'observer-choice' });
    }
  },
  show(settings) {
    if (settings.rules.includes('MUTE_OBSERVERS')) return OPTION_TEXTS.observerPress.mute;
    return settings.rules.includes('WHITE_OBSERVERS') ? OPTION_TEXTS.observerPress.white : null;
  },
};

/** njudge's MAX ABSENCE n (0–31 days). */
const maxAbsence: GameOption = {
  title: OPTION_TEXTS.maxAbsence.title,
  usage: OPTION_TEXTS.maxAbsence.usage,
  rules: [],
  states: NOT_ENDED,
  who: 'moderator',
  read(words, settings) {
    if (words[0] !== 'MAX' || words[1] !== 'ABSENCE') {
      if (joined(words.slice(0, 1)) !== 'MAXABSENCE') return null;
      words = ['MAX', 'ABSENCE', ...words.slice(1)];
    }
    const value = words[2];
    if (words.length !== 3 || !/^\d{1,2}$/.test(value!) || Number(value) > 31) return refused({ kind: 'max-absence-range' });
    const days = Number(value);
    return {
      ok: true,
      change: { options: { ...settings.options, maxAbsenceDays: days } },
      announcement: OPTION_TEXTS.maxAbsence.announcement(days),
    };
  },
  show(settings) {
    const days = settings.options.maxAbsenceDays;
    return days === undefined || days === DEFAULT_MAX_ABSENCE_DAYS ? null : OPTION_TEXTS.maxAbsence.shown(days);
  },
};

/** njudge's COMMENT text (and DPjudge's DESC): the game's description. */
const comment: GameOption = {
  title: OPTION_TEXTS.comment.title,
  usage: OPTION_TEXTS.comment.usage,
  rules: [],
  states: NOT_ENDED,
  who: 'moderator',
  read(words) {
    const first = words[0];
    if (joined(words) === 'NOCOMMENT' || joined(words) === 'NODESC')
      return { ok: true, change: { description: '' }, announcement: OPTION_TEXTS.comment.cleared };
    if (first !== 'COMMENT' && first !== 'DESC' && first !== 'DESCRIPTION') return null;
    // The text keeps the case it was written in: see readOption's `rawRest`.
    return refused({ kind: 'comment-needs-text' });
  },
  show: (settings) => (settings.description === '' ? null : settings.description),
};

/** njudge's [NO] LIST (whether LIST and SEARCH show the game). */
const listing: GameOption = {
  title: OPTION_TEXTS.listing.title,
  usage: OPTION_TEXTS.listing.usage,
  rules: [],
  states: ['preparation', 'forming', 'active', 'waiting', 'completed', 'terminated'],
  who: 'moderator',
  read(words) {
    const word = joined(words);
    if (word === 'LIST') return { ok: true, change: { listed: true }, announcement: OPTION_TEXTS.listing.listed };
    if (word === 'NOLIST') return { ok: true, change: { listed: false }, announcement: OPTION_TEXTS.listing.unlisted };
    return null;
  },
  show: (settings) => (settings.listed ? null : OPTION_TEXTS.listing.unlistedShown),
};

/** njudge's PRIVATE word / PUBLIC (DPjudge's privacy word in JOIN, TAKEOVER and OBSERVE). */
const privacy: GameOption = {
  title: OPTION_TEXTS.privacy.title,
  usage: OPTION_TEXTS.privacy.usage,
  rules: [],
  states: NOT_ENDED,
  who: 'master',
  read(words) {
    const word = joined(words);
    if (word === 'PUBLIC' || word === 'NOPRIVATE') return { ok: true, change: { privacyWord: null }, announcement: OPTION_TEXTS.privacy.public };
    if (words[0] !== 'PRIVATE') return null;
    return refused({ kind: 'private-needs-word' });
  },
  show: (settings) => (settings.isPrivate ? OPTION_TEXTS.privacy.privateShown : null),
};

/** njudge's ALLOW | DENY PLAYER [-]address: who may JOIN or TAKEOVER. */
const access: GameOption = {
  title: OPTION_TEXTS.access.title,
  usage: OPTION_TEXTS.access.usage,
  rules: [],
  states: NOT_ENDED,
  who: 'master',
  read(words, settings) {
    const list = words[0] === 'ALLOW' ? 'allow' : words[0] === 'DENY' ? 'deny' : null;
    if (list === null) return null;
    if (words[1] !== 'PLAYER') {
      return refused({ kind: words[1] === 'MASTER' ? 'access-master' : 'access-takes-player', word: list === 'allow' ? 'ALLOW' : 'DENY' });
    }
    const written = words[2];
    if (words.length !== 3 || written === undefined) return refused({ kind: 'access-one-address', word: list === 'allow' ? 'ALLOW' : 'DENY' });
    const removing = written.startsWith('-');
    const address = (removing ? written.slice(1) : written).toLowerCase();
    if (!/^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/.test(address))
      return { ok: false, message: renderSessionRefusal({ kind: 'not-an-address', address }) };
    const current = settings.options[list] ?? [];
    const next = removing ? current.filter((a) => a !== address) : [...new Set([...current, address])];
    // The announcement names no address: the game's players are not to learn who is listed.
    return {
      ok: true,
      change: { options: { ...settings.options, [list]: next } },
      announcement: OPTION_TEXTS.access.announcement(next.length, list),
    };
  },
  show(settings) {
    return OPTION_TEXTS.access.shown(settings.options.allow?.length ?? 0, settings.options.deny?.length ?? 0);
  },
};

/** njudge's MOVE | RETREAT | ADJUST CLOCK … MIN … NEXT … GRACE … DELAY … DAYS … (and DPjudge's TIMING words). */
const timing: GameOption = {
  title: OPTION_TEXTS.timing.title,
  usage: OPTION_TEXTS.timing.usage,
  rules: [],
  states: NOT_ENDED,
  who: 'moderator',
  read(words, settings) {
    const first = words[0] === 'TIMING' ? words[1] : words[0];
    if (
      ![
        'MOVE',
        'MOVES',
        'MOVEMENT',
        'RETREAT',
        'RETREATS',
        'ADJUST',
        'ADJUSTMENT',
        'ADJUSTMENTS',
        'BUILD',
        'BUILDS',
        'CLOCK',
        'AT',
        'MIN',
        'NEXT',
        'DELAY',
        'DAYS',
        'WARN',
      ].includes(first ?? '')
    )
      return null;
    const text = (words[0] === 'TIMING' ? words.slice(1) : words).join(' ');
    const parsed = parseTiming(text);
    if (!parsed.ok) return refused({ kind: 'timing-unreadable', errors: parsed.errors.map((e) => e.message) });
    if (parsed.vacations.length > 0) return refused({ kind: 'timing-absences' });
    const combined = settings.timing === null ? text : `${settings.timing} ${text}`;
    const all = parseTiming(combined);
    if (!all.ok) return refused({ kind: 'timing-unreadable', errors: all.errors.map((e) => e.message) });
    return { ok: true, change: { timing: combined }, announcement: OPTION_TEXTS.timing.announcement(formatTimingLines(all.timing)) };
  },
  show: () => null,
};

/** Every option a game has, in the order LIST and HELP show them. */
export const GAME_OPTIONS: readonly GameOption[] = [
  pressKind,
  flag({ rule: 'PUBLIC_PRESS', on: ['NO PARTIAL'], off: ['PARTIAL'] }),
  fakes,
  flag({ rule: 'POSTAL_PRESS', on: ['POSTAL PRESS'], off: ['NO POSTAL PRESS'] }),
  observerPress,
  flag({ rule: 'WATCH_ALL_PRESS', on: ['WATCH ALL PRESS'], off: ['NO WATCH ALL PRESS'] }),
  flag({ rule: 'MUST_ORDER', on: ['MUST ORDER'], off: ['NO MUST ORDER'] }),
  flag({ rule: 'NO_LATE_PRESS', on: ['NO LATE PRESS'], off: ['LATE PRESS'] }),
  flag({ rule: 'QUIET', on: ['QUIET'], off: ['NO QUIET'] }),
  flag({ rule: 'NO_DIAS', on: ['NO DIAS'], off: ['DIAS'] }),
  flag({ rule: 'NO_CONCESSIONS', on: ['NO CONCESSIONS', 'NO CONCESSION'], off: ['CONCESSIONS', 'CONCESSION'] }),
  flag({ rule: 'CIVIL_DISORDER', on: ['NMR', 'CD'], off: ['NO NMR', 'NO CD'] }),
  flag({ rule: 'NO_LATE_COUNT', on: ['NO LATE COUNT'], off: ['LATE COUNT'] }),
  flag({ rule: 'STRICT_GRACE', on: ['STRICT GRACE'], off: ['NO STRICT GRACE'] }),
  maxAbsence,
  flag({ rule: 'MANUAL_PROCESS', on: ['MANUAL PROCESS'], off: ['AUTO PROCESS'] }),
  flag({ rule: 'START_MASTER', on: ['MANUAL START'], off: ['AUTO START'], states: BEFORE_START }),
  flag({ rule: 'UNMODERATED', on: ['UNMODERATE', 'UNMODERATED'], off: ['MODERATE', 'MODERATED'], who: 'master' }),
  flag({ rule: 'GUNBOAT', on: ['GUNBOAT'], off: ['NO GUNBOAT'], states: BEFORE_START, who: 'master' }),
  flag({ rule: 'NO_REVEAL', on: ['NO REVEAL', 'NOREVEAL'], off: ['REVEAL'], states: NOT_ENDED, who: 'master' }),
  flag({ rule: 'PLAYER_DEADLINES', on: ['PLAYER DEADLINES'], off: ['NO PLAYER DEADLINES'] }),
  flag({ rule: 'APPROVAL', on: ['APPROVAL'], off: ['NO APPROVAL'], who: 'master' }),
  flag({ rule: 'AUTO_CREATE', on: ['AUTO CREATE'], off: ['NO AUTO CREATE'] }),
  flag({ rule: 'BLIND', on: ['BLIND'], off: ['NO BLIND'], states: BEFORE_START, who: 'master' }),
  flag({ rule: 'FOG', on: ['FOG', 'FOG OF WAR'], off: ['NO FOG'], states: BEFORE_START, who: 'master' }),
  flag({ rule: 'OMNISCIENT_OBSERVERS', on: ['OMNISCIENT OBSERVERS'], off: ['NO OMNISCIENT OBSERVERS'], states: BEFORE_START, who: 'master' }),
  ...BLIND_MODIFIERS.map((rule) => flag({ rule, on: [rule.replace(/_/g, ' ')], off: [`NO ${rule.replace(/_/g, ' ')}`], states: BEFORE_START, who: 'master' })),
  timing,
  comment,
  listing,
  privacy,
  access,
];

/** Words that may follow the variant in njudge's CREATE (njudge.md §1: Gunboat, Blind …). */
export function createOptionWord(word: string): { ok: true; rule: GameRule } | { ok: false; message: string } | null {
  const upper = word.toUpperCase();
  if (upper === 'GUNBOAT') return { ok: true, rule: 'GUNBOAT' };
  if (upper === 'NOREVEAL' || upper === 'NO_REVEAL') return { ok: true, rule: 'NO_REVEAL' };
  if (upper === 'BLIND') return { ok: true, rule: 'BLIND' };
  if (upper === 'FOG') return { ok: true, rule: 'FOG' };
  return REFUSED_OPTIONS[upper] ? refused({ kind: 'option-unavailable', key: upper }) : null;
}

/**
 * njudge's SIGN ON ? password [variant] [options]: whether a game has just the variant options
 * (CREATE's words after the variant: GUNBOAT, BLIND, FOG) that `words` name, as njudge requires them to match.
 */
export function hasCreateOptions(rules: readonly GameRule[], words: readonly string[]): boolean {
  const named = new Set(
    words.flatMap((word) => {
      const read = createOptionWord(word);
      return read?.ok ? [read.rule] : [];
    }),
  );
  // NO_REVEAL is left out: GUNBOAT implies it, and a game may set it later without a CREATE word.
  return (['GUNBOAT', 'BLIND', 'FOG'] as const).every((rule) => rules.includes(rule) === named.has(rule));
}

/** Whether the word is one of CREATE's variant options (GUNBOAT, NOREVEAL) or refused as one. */
export function isCreateOptionWord(word: string): boolean {
  return createOptionWord(word) !== null;
}

export function isGameRule(name: string): name is GameRule {
  return (GAME_RULES as readonly string[]).includes(name);
}

/** The option whose rule a DPjudge RULE line names, for its states and who may change it. */
export function optionOfRule(rule: GameRule): GameOption | undefined {
  return GAME_OPTIONS.find((o) => o.rules.includes(rule));
}

export type OptionLookup =
  | { readonly kind: 'option'; readonly option: GameOption; readonly reading: OptionReading }
  | { readonly kind: 'refused'; readonly message: string }
  | { readonly kind: 'unknown' };

/**
 * Reads `SET words…` against the table. `rawRest` is the text after SET as written, for the
 * options whose value keeps its case (COMMENT text, PRIVATE word).
 */
export function readOption(words: readonly string[], rawRest: string, settings: GameSettings): OptionLookup {
  const upper = words.map((w) => w.toUpperCase());
  const first = upper[0] ?? '';
  if ((first === 'COMMENT' || first === 'DESC' || first === 'DESCRIPTION') && words.length > 1) {
    const text = rawRest.replace(/^\s*\S+\s*/, '').trim();
    return { kind: 'option', option: comment, reading: { ok: true, change: { description: text }, announcement: OPTION_TEXTS.comment.set(text) } };
  }
  if (first === 'PRIVATE' && words.length === 2) {
    return { kind: 'option', option: privacy, reading: { ok: true, change: { privacyWord: words[1]! }, announcement: OPTION_TEXTS.privacy.private } };
  }
  for (const option of GAME_OPTIONS) {
    const reading = option.read(upper, settings);
    if (reading) return { kind: 'option', option, reading };
  }
  const spelled = upper.join('');
  const refusedKey = Object.keys(REFUSED_OPTIONS).find(
    (k) => spelled === k || spelled === `NO${k}` || (spelled.startsWith(k) && ['VARIANT', 'BN', 'MN', 'EP', 'LEVEL', 'ACCESS'].includes(k)),
  );
  if (refusedKey) return { kind: 'refused', message: renderSessionRefusal({ kind: 'option-refused', spelled: upper.join(' '), key: refusedKey }) };
  return { kind: 'unknown' };
}

/** Why the option may not change now, or null. */
export function stateProblem(option: GameOption, status: GameStatus, gameName: string): string | null {
  if (option.states.includes(status)) return null;
  if (status === 'completed' || status === 'terminated') return renderSessionRefusal({ kind: 'option-game-over', gameName, status, optionTitle: option.title });
  if (option.states.every((s) => BEFORE_START.includes(s))) return renderSessionRefusal({ kind: 'option-before-start', gameName, optionTitle: option.title });
  return renderSessionRefusal({ kind: 'option-not-while', gameName, status, optionTitle: option.title });
}

/** The lines LIST game shows for the options in force. */
export function optionLines(settings: GameSettings): string[] {
  const lines: string[] = [];
  for (const option of GAME_OPTIONS) {
    const shown = option.show(settings);
    if (shown !== null && option !== comment) lines.push(optionLine(option.title, shown));
  }
  return lines;
}

/** The HELP text's list of SET options, one usage a line. */
export function optionHelpLines(): string[] {
  return GAME_OPTIONS.map((o) => optionHelpLine(o.usage));
}
