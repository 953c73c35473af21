import { nearKeywords, OPENER_KEYWORDS, readKeyword, readSettingKeyword, splitWords, type Keyword } from './keywords.ts';

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
  // SET PRIVATE word: the game's privacy word (the other SET options hold no secret; see setPrivacyWord).
  set: 0,
  purge: 1,
  rename: 2,
  revive: 1,
};

function mask(keywordWords: readonly string[], args: readonly string[], from: number, to = args.length): string {
  const shown = args.map((word, index) => (index >= from && index < to ? MASK : word));
  return [...keywordWords, ...shown].join(' ');
}

/** `SET PRIVATE word` (also `SET PRIVATEword` run together) with the word masked; null for the other SET options. */
function setPrivacyWord(keywordWords: readonly string[], args: readonly string[]): string | null {
  const first = args[0]!.toUpperCase();
  if (first === 'PRIVATE') return args.length > 1 ? mask([...keywordWords, args[0]!], args.slice(1), 0) : null;
  if (first.startsWith('PRIVATE')) return mask(keywordWords, args, 0);
  return null;
}

/**
 * The line as a mailer that never decoded quoted-printable shows it (`CREATE=20g=20pw=00`, its headers
 * broken before Content-Transfer-Encoding), with the ASCII escapes read and a NUL as a space; null when
 * the line holds no such escape.
 */
function undecodedQuotedPrintable(text: string): string | null {
  if (!/=[0-7][0-9A-F]/i.test(text)) return null;
  return text.replace(/=([0-7][0-9A-F])/gi, (_escape, hex: string) => {
    const code = Number.parseInt(hex, 16);
    return code < 0x20 ? ' ' : String.fromCharCode(code);
  });
}

/** The line with its password words replaced by `****`; lines without a password come back trimmed. */
export function redactLine(text: string): string {
  // A password written in undecoded quoted-printable is still a password: the line is quoted decoded and masked.
  const decoded = undecodedQuotedPrintable(text);
  if (decoded !== null) {
    const redacted = redactWords(decoded);
    if (redacted !== decoded.trim()) return redacted;
  }
  return redactWords(text);
}

function redactWords(text: string): string {
  const words = splitWords(text);
  const match = readKeyword(words);
  if (match) {
    const from = FIRST_SECRET_ARGUMENT[match.keyword];
    if (from === undefined || from >= match.args.length) return text.trim();
    // CREATE game pw variant options: only the password is secret, when the line has its normal shape.
    if (match.keyword === 'create' && match.args.length >= 2) return mask(match.keywordWords, match.args, 1, 2);
    if (match.keyword === 'set') return setPrivacyWord(match.keywordWords, match.args) ?? text.trim();
    return mask(match.keywordWords, match.args, from);
  }
  // A misspelt opener ("SINGON Fdemo pw") is quoted with the error that suggests the right
  // spelling: its password is masked as the opener's would be. Only openers: an order such as
  // "Remove A cal" is near REVIVE, and the order is read from the quoted text.
  for (const spelling of nearKeywords(words[0] ?? '')) {
    const meant = readKeyword([spelling, ...words.slice(1)]);
    const from = meant && OPENER_KEYWORDS.has(meant.keyword) ? FIRST_SECRET_ARGUMENT[meant.keyword] : undefined;
    if (from !== undefined && from < words.length - 1) return mask(words.slice(0, 1), words.slice(1), from);
  }
  // SETPRIVATE run together is no command, but the error that says so quotes the line; so is PASSWORD
  // without SET ("PASSWORD newsecret", a player's shorthand for SET PASSWORD), whose words may be one.
  if (/^(SETPRIVATE|PASSWORD$)/i.test(words[0] ?? '')) return mask(words.slice(0, 1), words.slice(1), 0);
  const setting = readSettingKeyword(words);
  if (setting?.keyword === 'private' && setting.args.length > 0) return mask(setting.keywordWords, setting.args, 0);
  return text.trim();
}
