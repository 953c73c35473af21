import type { CommandProblem } from './command-problems.ts';
import type { BodyLine, GameSetting, RuleSetting } from './command-types.ts';
import { readSettingKeyword, splitWords, textAfterWords } from './keywords.ts';
import { redactLine } from './redact.ts';
import { readGateLine } from './signon-gate.ts';

// The status lines a Master may put after CREATE (DPjudge): MAP or VARIANT, RULE[S],
// DESC, PRIVATE, TIMING, ZONE, FORM and SET [UN]LISTED. DPjudge silently kept bad
// lines; we report them, since a game created with a misspelt rule is hard to undo.

export type SettingResult = { readonly ok: true; readonly setting: GameSetting } | { readonly ok: false; readonly problem: CommandProblem };

export function readRules(words: readonly string[]): RuleSetting[] | CommandProblem {
  const rules: RuleSetting[] = [];
  for (const item of words
    .join(' ')
    .split(/[\s,]+/)
    .filter((w) => w !== '')) {
    const negated = item.startsWith('!');
    const name = (negated ? item.slice(1) : item).toUpperCase();
    if (!/^[A-Z][A-Z0-9_]*!?$/.test(name)) return { kind: 'not-a-rule', item };
    rules.push({ name, negated });
  }
  return rules;
}

export function parseSettingLine(bodyLine: BodyLine): SettingResult {
  const words = splitWords(bodyLine.text);
  const match = readSettingKeyword(words);
  const base = { line: bodyLine.line, text: redactLine(bodyLine.text) };
  const fail = (problem: CommandProblem): SettingResult => ({ ok: false, problem });
  // njudge's SET options (SET GREY, SET NMR …): the judge reads them against its options table.
  if (!match && words[0]?.toUpperCase() === 'SET' && words.length > 1) {
    return { ok: true, setting: { kind: 'option', ...base, words: words.slice(1), rest: textAfterWords(bodyLine.text, 1) } };
  }
  if (!match) return fail({ kind: 'not-a-setting', word: words[0] ?? '' });
  const { keyword, args } = match;
  const name = match.keywordWords.join(' ').toUpperCase();
  const rest = textAfterWords(bodyLine.text, match.keywordWords.length);

  switch (keyword) {
    case 'map':
    case 'variant':
      return args.length === 1
        ? { ok: true, setting: { kind: 'variant', ...base, keyword: keyword === 'map' ? 'MAP' : 'VARIANT', name: args[0]!.toLowerCase() } }
        : fail({ kind: 'takes-one-name', command: name });
    case 'rules': {
      if (args.length === 0) return fail({ kind: 'needs-rule', command: name });
      const rules = readRules(args);
      return Array.isArray(rules) ? { ok: true, setting: { kind: 'rules', ...base, rules } } : fail(rules);
    }
    case 'description':
      return rest === '' ? fail({ kind: 'needs-text', command: name }) : { ok: true, setting: { kind: 'description', ...base, description: rest } };
    case 'private':
      return args.length === 1 ? { ok: true, setting: { kind: 'private', ...base, privacy: args[0]! } } : fail({ kind: 'usage', usage: 'PRIVATE' });
    case 'timing':
      return rest === '' ? fail({ kind: 'usage', usage: 'TIMING' }) : { ok: true, setting: { kind: 'timing', ...base, args: rest } };
    case 'zone':
      return args.length === 1 ? { ok: true, setting: { kind: 'zone', ...base, zone: args[0]! } } : fail({ kind: 'usage', usage: 'ZONE' });
    case 'form':
      return args.length === 0 ? { ok: true, setting: { kind: 'form', ...base } } : fail({ kind: 'no-arguments', command: 'FORM' });
    case 'set-listed':
    case 'set-unlisted':
      return args.length === 0
        ? { ok: true, setting: { kind: 'listed', ...base, listed: keyword === 'set-listed' } }
        : fail({ kind: 'no-arguments', command: name });
    case 'set-dedication':
    case 'set-no-dedication':
    case 'set-ontimerat':
    case 'set-no-ontimerat':
    case 'set-resrat':
    case 'set-no-resrat': {
      const gate = readGateLine(keyword, name, args);
      return gate.ok ? { ok: true, setting: { kind: 'signon-gate', ...base, gate: gate.gate, value: gate.value } } : fail(gate.problem);
    }
  }
}
