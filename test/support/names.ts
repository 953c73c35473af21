import { readGameName, type GameName } from '../../src/commands/names.ts';

/** A game name written in a test, read as the command parser reads one. */
export function gameName(text: string): GameName {
  const name = readGameName(text);
  if (name === null) throw new Error(`"${text}" is no game name`);
  return name;
}
