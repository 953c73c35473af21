import type { BodyLine, GameSetting, RuleSetting } from './command-types.ts';
import { readSettingKeyword, splitWords, textAfterWords } from './keywords.ts';
import { redactLine } from './redact.ts';
import { readGateLine } from './signon-gate.ts';

// The status lines a Master may put after CREATE (DPjudge): MAP or VARIANT, RULE[S],
// DESC, PRIVATE, TIMING, ZONE, FORM and SET [UN]LISTED. DPjudge silently kept bad
// lines; we report them, since a game created with a misspelt rule is hard to undo.

export type SettingResult = { readonly ok: true; readonly setting: GameSetting } | { readonly ok: false; readonly message: string };

const KNOWN = 'MAP, VARIANT, RULE, DESC, PRIVATE, TIMING, ZONE, FORM, SET UNLISTED or SET DEDICATION / ONTIMERAT / RESRAT';

export function readRules(words: readonly string[]): RuleSetting[] | string {
  const rules: RuleSetting[] = [];
  for (const item of words
    .join(' ')
    .split(/[\s,]+/)
    .filter((w) => w !== '')) {
    const negated = item.startsWith('!');
    const name = (negated ? item.slice(1) : item).toUpperCase();
    if (!/^[A-Z][A-Z0-9_]*!?$/.test(name)) return `"${item}" is not a rule name`;
    rules.push({ name, negated });
  }
  return rules;
}

export function parseSettingLine(bodyLine: BodyLine): SettingResult {
  const words = splitWords(bodyLine.text);
  const match = readSettingKeyword(words);
  const base = { line: bodyLine.line, text: redactLine(bodyLine.text) };
  const fail = (message: string): SettingResult => ({ ok: false, message });
  // njudge's SET options (SET GREY, SET NMR …): the judge reads them against its options table.
  if (!match && words[0]?.toUpperCase() === 'SET' && words.length > 1) {
    return { ok: true, setting: { kind: 'option', ...base, words: words.slice(1), rest: textAfterWords(bodyLine.text, 1) } };
  }
  if (!match) return fail(`"${words[0] ?? ''}" is not a game setting; after CREATE write ${KNOWN}`);
  const { keyword, args } = match;
  const name = match.keywordWords.join(' ').toUpperCase();
  const rest = textAfterWords(bodyLine.text, match.keywordWords.length);

  switch (keyword) {
    case 'map':
    case 'variant':
      return args.length === 1
        ? { ok: true, setting: { kind: 'variant', ...base, keyword: keyword === 'map' ? 'MAP' : 'VARIANT', name: args[0]!.toLowerCase() } }
        : fail(`${name} takes one name`);
    case 'rules': {
      if (args.length === 0) return fail(`${name} needs at least one rule`);
      const rules = readRules(args);
      return typeof rules === 'string' ? fail(rules) : { ok: true, setting: { kind: 'rules', ...base, rules } };
    }
    case 'description':
      return rest === '' ? fail(`${name} needs a text`) : { ok: true, setting: { kind: 'description', ...base, description: rest } };
    case 'private':
      return args.length === 1 ? { ok: true, setting: { kind: 'private', ...base, privacy: args[0]! } } : fail('PRIVATE takes one word, the privacy password');
    case 'timing':
      return rest === '' ? fail('TIMING needs settings, e.g. TIMING NEXT 2D AT 12:00') : { ok: true, setting: { kind: 'timing', ...base, args: rest } };
    case 'zone':
      return args.length === 1 ? { ok: true, setting: { kind: 'zone', ...base, zone: args[0]! } } : fail('ZONE takes one time zone, e.g. ZONE Europe/London');
    case 'form':
      return args.length === 0 ? { ok: true, setting: { kind: 'form', ...base } } : fail('FORM takes no arguments');
    case 'set-listed':
    case 'set-unlisted':
      return args.length === 0 ? { ok: true, setting: { kind: 'listed', ...base, listed: keyword === 'set-listed' } } : fail(`${name} takes no arguments`);
    case 'set-dedication':
    case 'set-no-dedication':
    case 'set-ontimerat':
    case 'set-no-ontimerat':
    case 'set-resrat':
    case 'set-no-resrat': {
      const gate = readGateLine(keyword, name, args);
      return gate.ok ? { ok: true, setting: { kind: 'signon-gate', ...base, gate: gate.gate, value: gate.value } } : fail(gate.message);
    }
  }
}
