import type { RoleSet } from './definitions.ts';
import { phaseAt } from './phases.ts';
import type { GameState, Phase } from './state.ts';

// What one reader may know of a werewolf game from its state: the phase, who lives, who died when
// and their role (each death is told to everyone with the role), their own role when they play, and
// after the end every role and the winners. The visibility policy (src/judge/visibility) says who the
// reader is; nothing here names another player's role before the end.

export interface WerewolfView {
  readonly phase: Phase | null;
  readonly living: readonly string[];
  readonly dead: readonly { readonly player: string; readonly role: string; readonly phase: Phase }[];
  /** The reader's own role; null for anyone not playing. */
  readonly own: { readonly player: string; readonly role: string } | null;
  readonly ended: {
    readonly winners: readonly string[];
    readonly winningPlayers: readonly string[];
    readonly roles: readonly { readonly player: string; readonly role: string }[];
  } | null;
}

/** `viewer`: the player reading, or null for anyone else (the public, the Master, observers). */
export function werewolfView(set: RoleSet, state: GameState | null, viewer: string | null): WerewolfView {
  if (state === null) return { phase: null, living: [], dead: [], own: null, ended: null };
  const own = state.players.find((p) => p.name === viewer);
  const ended = state.ended;
  return {
    phase: phaseAt(set, state.phaseIndex),
    living: state.players.filter((p) => p.alive).map((p) => p.name),
    dead: state.players
      .filter((p) => !p.alive)
      .sort((a, b) => (a.diedIn ?? 0) - (b.diedIn ?? 0))
      .map((p) => ({ player: p.name, role: p.role, phase: phaseAt(set, p.diedIn ?? 0) })),
    own: own ? { player: own.name, role: own.role } : null,
    ended:
      ended === null
        ? null
        : {
            winners: ended.winners,
            winningPlayers: state.players.filter((p) => ended.winners.includes(set.roles.get(p.role)?.team ?? '')).map((p) => p.name),
            roles: state.players.map((p) => ({ player: p.name, role: p.role })),
          },
  };
}

/** A werewolf game by mail as one reader may see it: the table before the start, and the narrator's view. */
export interface WerewolfTableView extends WerewolfView {
  readonly status: 'forming' | 'running' | 'ended';
  readonly roleSet: string;
  readonly joined: readonly string[];
  /** How many players it starts with. */
  readonly players: number;
  readonly deadline: string | null;
}
