import { loadRoleSet } from '../../catalog/roleset-catalog.ts';
import type { RoleSet } from '../../werewolf/definitions.ts';
import { phaseAt, phaseName } from '../../werewolf/phases.ts';
import type { Command, GameState } from '../../werewolf/state.ts';
import { listedStatus, readKindState, storedKindState } from '../kinds/kind-state.ts';
import type { Game, GameStatus, KindState } from '../model.ts';

// A werewolf game as the store keeps it (games.kind_state, JSON): the table before the start, the
// narrator's state once it runs, the seed the dealing and every random choice came from, and every
// command since the start, so that the game replays exactly (tests, ROLLBACK).

export interface WerewolfSettings {
  /** The role set's name: rolesets/<name>.md. */
  readonly roleSet: string;
  /** The game starts by itself when this many have joined; null: the largest role list of the set. */
  readonly players: number | null;
  readonly dayMinutes: number;
  readonly nightMinutes: number;
}

export const DEFAULT_WEREWOLF_SETTINGS: WerewolfSettings = { roleSet: 'classic', players: null, dayMinutes: 48 * 60, nightMinutes: 24 * 60 };

export interface WerewolfTable {
  readonly version: 1;
  readonly status: 'forming' | 'running' | 'ended';
  readonly settings: WerewolfSettings;
  /** Drawn at CREATE and recorded here: the dealing and every random choice of the narrator follow from it. */
  readonly seed: number;
  /** Who joined, in seat order: their seat id and the nick they play under. */
  readonly joined: readonly { readonly seat: number; readonly nick: string }[];
  /** The narrator's state; null before the start. */
  readonly game: GameState | null;
  /** When the phase now open ends (ISO); null when none is open. */
  readonly deadline: string | null;
  /** The deadline (ISO) whose reminder has gone out; absent or null: none yet. */
  readonly remindedFor?: string | null;
  /** Players who wrote DONE in the phase now open. */
  readonly done: readonly string[];
  /** Every command the narrator took since the start, in order: the game replays from the seed and these. */
  readonly log: readonly Command[];
  /** The posts since CREATE, oldest first, within KEPT_POSTS and KEPT_POST_CHARACTERS; absent in tables stored before posts were kept. */
  readonly press?: readonly WerewolfPost[];
  /** How many older posts those bounds let go. */
  readonly pressDropped?: number;
}

/** A post as the table keeps it: a replacement reads what the seat could read before them, as a forum's replacement reads the thread. */
export interface WerewolfPost {
  /** The player's nick; null: the Master. */
  readonly from: string | null;
  readonly to: { readonly kind: 'everyone' } | { readonly kind: 'dead' } | { readonly kind: 'group'; readonly group: string };
  readonly body: string;
  /** The phase it was written in (as subjects name it, "Night1"); null before the start. */
  readonly phase: string | null;
}

// The table is loaded for every mail to the game, so what it keeps of the posts is bounded.
export const KEPT_POSTS = 500;
export const KEPT_POST_CHARACTERS = 256 * 1024;

/** The table with `post` kept, the oldest posts let go beyond the bounds. */
export function withPost(table: WerewolfTable, post: WerewolfPost): WerewolfTable {
  const posts = [...(table.press ?? []), post];
  let characters = posts.reduce((sum, p) => sum + p.body.length, 0);
  let dropped = 0;
  while (posts.length - dropped > KEPT_POSTS || (characters > KEPT_POST_CHARACTERS && posts.length - dropped > 1)) {
    characters -= posts[dropped]!.body.length;
    dropped++;
  }
  return { ...table, press: posts.slice(dropped), pressDropped: (table.pressDropped ?? 0) + dropped };
}

/** The kept posts a living player could read: those to everyone, to a group they are in now, and their own. */
export function postsReadableBy(table: WerewolfTable, nick: string, groups: readonly string[]): WerewolfPost[] {
  const member = new Set(groups.map((g) => g.toLowerCase()));
  return (table.press ?? []).filter(({ from, to }) => from === nick || to.kind === 'everyone' || (to.kind === 'group' && member.has(to.group.toLowerCase())));
}

export function newWerewolfTable(settings: WerewolfSettings, seed: number): WerewolfTable {
  return { version: 1, status: 'forming', settings, seed: seed >>> 0, joined: [], game: null, deadline: null, done: [], log: [] };
}

export function werewolfTableOf(game: Pick<Game, 'kindState'>): WerewolfTable {
  const table = readKindState<WerewolfTable>(game, ['version', 'joined'], 'werewolf');
  if (table === null) throw new Error('a werewolf game whose stored state is not one (games.kind_state)');
  return table;
}

/** The nicks of these resigned seats that TAKEOVER accepts: a player the narrator has alive, in a running game. */
export function openWerewolfSeats(game: Pick<Game, 'kindState'>, seatIds: readonly number[]): string[] {
  const table = werewolfTableOf(game);
  const alive = new Set(table.status === 'running' ? (table.game?.players ?? []).filter((p) => p.alive).map((p) => p.name) : []);
  return table.joined.flatMap((joined) => (seatIds.includes(joined.seat) && alive.has(joined.nick) ? [joined.nick] : []));
}

export function storedWerewolfTable(table: WerewolfTable): KindState {
  return storedKindState(table);
}

/** The game's status as the judge lists it. */
export function werewolfStatus(table: WerewolfTable): GameStatus {
  return listedStatus(table.status);
}

/** The role set of a game in play (checked when the game was created). */
export function roleSetOf(name: string): RoleSet {
  const loaded = loadRoleSet(name);
  if (!loaded.ok) throw new Error(`the role set ${name} of a game in play no longer loads`);
  return loaded.roleSet;
}

/** The number of players the game starts with: the setting, or the set's largest role list. */
export function tableSize(table: WerewolfTable, set: RoleSet): number {
  return table.settings.players ?? Math.max(...set.roleLists.map((l) => l.players));
}

/** The phase open now in the subject's spelling (Night1); null before the start. */
export function phaseLabel(table: WerewolfTable): string | null {
  if (table.game === null) return null;
  return phaseName(phaseAt(roleSetOf(table.settings.roleSet), table.game.phaseIndex)).replace(' ', '');
}
