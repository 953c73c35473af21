import { diplomacy } from '../diplomacy/kind.ts';
import { mafia } from '../mafia/kind.ts';
import { kindOf, type Game, type GameKindId } from '../model.ts';
import { werewolf } from '../werewolf/kind.ts';
import type { GameKind } from './game-kind.ts';

// Every kind of game the judge hosts, by id. A new kind is one entry here, its id in
// GAME_KINDS (model.ts), and its room.

const KINDS: Readonly<Record<GameKindId, GameKind>> = { diplomacy, mafia, werewolf };

/** The kind a game follows. */
export function kindOfGame(game: Pick<Game, 'kind'>): GameKind {
  return KINDS[kindOf(game)];
}

/** The kind CREATE's first word picks (`mafia`), or null when the word is no kind's (a variant, an option, or nothing). */
export function kindNamedAtCreate(word: string | null): GameKind | null {
  if (word === null) return null;
  return Object.values(KINDS).find((kind) => kind.createWord !== null && kind.createWord === word.toLowerCase()) ?? null;
}

/** The kind CREATE makes: the one its word names, Diplomacy otherwise. */
export function kindForCreate(word: string | null): GameKind {
  return kindNamedAtCreate(word) ?? KINDS.diplomacy;
}

/** The kinds, in the order they were added. */
export function gameKinds(): readonly GameKind[] {
  return Object.values(KINDS);
}
