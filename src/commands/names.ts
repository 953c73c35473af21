// Game names and mail addresses as their own types (issue 11): each is read and normalised once,
// where it enters (the command parser, the mail layer, a stored row), so a name cannot be passed
// where an address is meant, and no use case lower-cases either again.

declare const gameNameBrand: unique symbol;
declare const mailAddressBrand: unique symbol;

/** A game's name: letters, digits, - and _, lower case. */
export type GameName = string & { readonly [gameNameBrand]: true };

/** A mail address, lower case. */
export type MailAddress = string & { readonly [mailAddressBrand]: true };

const GAME_NAME = /^[a-z0-9][a-z0-9_-]*$/i;
/** What CREATE and RENAME accept for a new game (the judge's own rule, stricter in length). */
const NEW_GAME_NAME = /^[a-z0-9_-]{1,32}$/;

/** A game name as a command writes it (any case), or null when the word is none. */
export function readGameName(word: string): GameName | null {
  return GAME_NAME.test(word) ? (word.toLowerCase() as GameName) : null;
}

/** The name a new or renamed game may take: at most 32 letters, digits, - or _ (any case); null: not one. */
export function readNewGameName(word: string): GameName | null {
  const name = word.toLowerCase();
  return NEW_GAME_NAME.test(name) ? (name as GameName) : null;
}

/** A name the judge stored: it was read by readGameName or readNewGameName when it came in. */
export function storedGameName(name: string): GameName {
  return name as GameName;
}

const ADDRESS = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/** Whether the text has the shape of a player's address (local@domain.tld, no spaces or brackets). */
export function isMailAddress(text: string): boolean {
  return ADDRESS.test(text);
}

/**
 * An address the mail layer or a command has read (a header's address, a checked command
 * argument, a stored row), made lower case here once.
 */
export function mailAddress(address: string): MailAddress {
  return address.toLowerCase() as MailAddress;
}
