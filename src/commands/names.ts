// Game names and mail addresses as their own types (issue 11): each is read and normalised once,
// where it enters (the command parser, the mail layer, a stored row), so a name cannot be passed
// where an address is meant, and no use case lower-cases either again.

declare const gameNameBrand: unique symbol;
declare const mailAddressBrand: unique symbol;

/** A game's name: letters, digits, - and _, lower case. */
export type GameName = string & { readonly [gameNameBrand]: true };

/** A mail address, lower case. */
export type MailAddress = string & { readonly [mailAddressBrand]: true };

/**
 * The longest game name the judge reads: no stored game has a longer one (sql/001's CHECK), and
 * whatever the judge keys on must stay far below PostgreSQL's index row limit (issue 25).
 */
export const MAX_GAME_NAME_LENGTH = 64;
/** The longest address the judge reads (RFC 5321's 256-octet path less its angle brackets); longer is no address. */
export const MAX_ADDRESS_LENGTH = 254;

const GAME_NAME = /^[a-z0-9][a-z0-9_-]*$/i;
/** What CREATE and RENAME accept for a new game (the judge's own rule, stricter in length). */
const NEW_GAME_NAME = /^[a-z0-9_-]{1,32}$/;

/** A game name as a command writes it (any case), or null when the word is none (or is over MAX_GAME_NAME_LENGTH). */
export function readGameName(word: string): GameName | null {
  return word.length <= MAX_GAME_NAME_LENGTH && GAME_NAME.test(word) ? (word.toLowerCase() as GameName) : null;
}

/** Whether the word has a game name's letters but is longer than any game's name may be. */
export function isOverlongGameName(word: string): boolean {
  return word.length > MAX_GAME_NAME_LENGTH && GAME_NAME.test(word);
}

/** The name a new or renamed game may take: at most 32 letters, digits, - or _ (any case); null: not one. */
export function readNewGameName(word: string): GameName | null {
  const name = word.toLowerCase();
  return NEW_GAME_NAME.test(name) ? (name as GameName) : null;
}

/** A name the judge stored: it was read by readGameName or readNewGameName when it came in. */
/**
 * Stands for the game of njudge's `SIGN ON ? password`: the next forming game, which the judge
 * names (src/judge/players/next-forming.ts) before it opens the mail's games; no game is called so.
 */
export const NEXT_FORMING_GAME = '?' as GameName;

export function storedGameName(name: string): GameName {
  return name as GameName;
}

const ADDRESS = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/** Whether the text has the shape of a player's address (local@domain.tld, no spaces or brackets, at most MAX_ADDRESS_LENGTH). */
export function isMailAddress(text: string): boolean {
  return text.length <= MAX_ADDRESS_LENGTH && ADDRESS.test(text);
}

/**
 * An address the mail layer or a command has read (a header's address, a checked command
 * argument, a stored row), made lower case here once.
 */
export function mailAddress(address: string): MailAddress {
  return address.toLowerCase() as MailAddress;
}
