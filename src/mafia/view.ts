import type { VoteCount } from './effects.ts';
import { upcomingDeadlines } from './schedule.ts';
import { currentPhase, phaseAt, type Death, type FormerPlayer, type Instant, type MafiaSettings, type MafiaState, type Phase, type PersonId } from './state.ts';
import { voteCount } from './votes.ts';

// What a reader may see of a Mafia game (the status page, STATUS, LIST): the tracker's page. Roles
// are secret: a player reads their own, the GMs read all, everyone else none; the dead's flips (the
// GM's public comment) are shown to all. The count follows the VOTE COUNTS setting. No address.

export type MafiaReader = { readonly kind: 'gm' } | { readonly kind: 'person'; readonly person: PersonId } | { readonly kind: 'public' };

export interface MafiaSeatView {
  readonly seat: number;
  readonly nick: string;
  readonly alive: boolean;
  readonly death: Death | null;
  readonly formerly: readonly Pick<FormerPlayer, 'nick' | 'phase'>[];
  /** Shown only to the player holding the seat and to the GMs. */
  readonly role: string | null;
  /** Its player resigned; it waits for a replacement. */
  readonly open: boolean;
}

export interface MafiaView {
  readonly status: MafiaState['status'];
  readonly phase: Phase | null;
  readonly deadline: Instant | null;
  /** The deadlines of the next three phases, while the game runs. */
  readonly upcoming: readonly { readonly phase: Phase; readonly deadline: Instant }[];
  readonly zone: string;
  readonly living: readonly MafiaSeatView[];
  readonly dead: readonly MafiaSeatView[];
  /** Before the start, and the standbys after it: who has joined under which nick. */
  readonly joined: readonly (string | null)[];
  readonly count: VoteCount | null;
  readonly settings: Omit<MafiaSettings, 'roles'> & { readonly roleCount: number };
  /** The reader's own role, when they play. */
  readonly yourRole: string | null;
}

export function mafiaView(state: MafiaState, reader: MafiaReader): MafiaView {
  const seats: MafiaSeatView[] = state.players.map((p) => ({
    seat: p.seat,
    nick: p.nick,
    alive: p.alive,
    death: p.death,
    formerly: p.formerly.map((f) => ({ nick: f.nick, phase: f.phase })),
    role: reader.kind === 'gm' || (reader.kind === 'person' && reader.person === p.person && !p.open) ? p.role : null,
    open: p.open === true,
  }));
  const running = state.status === 'running' && state.schedule !== null;
  const countShown = state.status !== 'forming' && (state.settings.voteCounts === 'public' || reader.kind === 'gm');
  const { roles, ...settings } = state.settings;
  return {
    status: state.status,
    phase: state.status === 'forming' ? null : currentPhase(state),
    deadline: running ? state.schedule!.deadline : null,
    upcoming: running
      ? upcomingDeadlines(state.schedule!, state.settings, state.phaseIndex, 3).map((u) => ({ phase: phaseAt(u.index), deadline: u.deadline.toISOString() }))
      : [],
    zone: state.settings.zone,
    living: seats.filter((s) => s.alive),
    dead: seats.filter((s) => !s.alive),
    joined: state.joined.map((j) => j.nick),
    count: countShown && currentPhase(state).kind === 'day' ? voteCount(state) : null,
    settings: { ...settings, roleCount: roles.length },
    yourRole: reader.kind === 'person' ? (state.players.find((p) => p.person === reader.person && !p.open)?.role ?? null) : null,
  };
}
