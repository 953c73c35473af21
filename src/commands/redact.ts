import { readKeyword, readSettingKeyword, splitWords, type Keyword } from './keywords.ts';

// Passwords must never come back in a reply, a log line or an error: njudge and
// DPjudge both leaked them by echoing the SIGNON line. Every line we quote goes
// through redactLine, which masks the words that are (or may be) passwords.

export const MASK = '****';

/** For each keyword that carries a password: the index of the first argument to mask. */
const FIRST_SECRET_ARGUMENT: Partial<Record<Keyword, number>> = {
  signon: 1,
  join: 1,
  observe: 1,
  monitor: 1,
  takeover: 1,
  resign: 1,
  create: 1,
  'set-password': 0,
  purge: 1,
  rename: 2,
  revive: 1,
};

function mask(keywordWords: readonly string[], args: readonly string[], from: number, to = args.length): string {
  const shown = args.map((word, index) => (index >= from && index < to ? MASK : word));
  return [...keywordWords, ...shown].join(' ');
}

/** The line with its password words replaced by `****`; lines without a password come back trimmed. */
export function redactLine(text: string): string {
  const words = splitWords(text);
  const match = readKeyword(words);
  if (match) {
    const from = FIRST_SECRET_ARGUMENT[match.keyword];
    if (from === undefined || from >= match.args.length) return text.trim();
    // CREATE game pw variant options: only the password is secret, when the line has its normal shape.
    if (match.keyword === 'create' && match.args.length >= 2) return mask(match.keywordWords, match.args, 1, 2);
    return mask(match.keywordWords, match.args, from);
  }
  const setting = readSettingKeyword(words);
  if (setting?.keyword === 'private' && setting.args.length > 0) return mask(setting.keywordWords, setting.args, 0);
  return text.trim();
}
