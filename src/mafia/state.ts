import type { Duration } from '../schedule/index.ts';

// A Mafia game as one typed value (issue 32): who plays under which nick, who is alive or dead and
// how they died, the replacements, the day's votes, the phase, the settings and the schedule.
// It is stored whole as JSON (instants as ISO strings) and changed only by the pure updates of
// game.ts. The judge knows people by a number of its own (`PersonId`, its seat in the game) and
// their addresses; this value never holds an address.

/** An instant as an ISO 8601 string in UTC, so the state reads back from JSON unchanged. */
export type Instant = string;

/** The judge's number for a person in this game; the core never sees an address. */
export type PersonId = number;

export type PhaseKind = 'day' | 'night';

/** Day 1, Night 1, Day 2, …: the phase at index 0 is Day 1. */
export interface Phase {
  readonly kind: PhaseKind;
  readonly number: number;
}

export function phaseAt(index: number): Phase {
  return { kind: index % 2 === 0 ? 'day' : 'night', number: Math.floor(index / 2) + 1 };
}

export interface MafiaSettings {
  /** How long a day and a night last, on the wall clock of `zone` (through DST). */
  readonly dayLength: Duration;
  readonly nightLength: Duration;
  /** The end of Day 1; null: one day length after START. */
  readonly firstEndOfDay: Instant | null;
  /** The main GM's zone, whose DST changes the schedule follows. */
  readonly zone: string;
  /** The game starts by itself once this many players have joined with a name; null: only by START. */
  readonly players: number | null;
  /** Majority: a lynch needs more than half the living; plurality: the most votes at the deadline. */
  readonly lynch: 'majority' | 'plurality';
  /** Whether VOTE NO LYNCH is allowed. */
  readonly noLynch: boolean;
  /** Whether a majority reached ends the day at once ("hammer"). */
  readonly hammer: boolean;
  /** Who gets the count mailed when it changes: everyone, or the GMs only. */
  readonly voteCounts: 'public' | 'gm';
  /** Whether the dead may talk among themselves (never to the living). */
  readonly deadChat: boolean;
  /** How long before the end of a day the living who have not voted are reminded; null: never. */
  readonly reminder: Duration | null;
  /** Roles to deal at random at START (one per player), kept secret; empty: the GM sends ROLE mails. */
  readonly roles: readonly string[];
}

export const DEFAULT_SETTINGS: MafiaSettings = {
  dayLength: { days: 2, hours: 0, minutes: 0 },
  nightLength: { days: 1, hours: 0, minutes: 0 },
  firstEndOfDay: null,
  zone: 'UTC',
  players: null,
  lynch: 'majority',
  noLynch: true,
  hammer: true,
  voteCounts: 'public',
  deadChat: true,
  reminder: { days: 0, hours: 12, minutes: 0 },
  roles: [],
};

export interface Death {
  readonly phase: Phase;
  /** The GM's flip ("a Mafia Goon."): the words after "He/She was", or the whole line. Public. */
  readonly comment: string;
}

/** A nick a seat was played under before a replacement, and when the replacement came. */
export interface FormerPlayer {
  readonly nick: string;
  readonly person: PersonId;
  readonly phase: Phase;
}

export interface MafiaPlayer {
  /** The seat's number, 1 up in the order of joining; stays when the player is replaced. */
  readonly seat: number;
  readonly person: PersonId;
  readonly nick: string;
  readonly alive: boolean;
  readonly death: Death | null;
  /** The role text mailed to the player; secret (only the player and the GMs read it). */
  readonly role: string | null;
  readonly formerly: readonly FormerPlayer[];
  /** The player resigned: the seat (nick, role, vote) waits for a TAKEOVER or the GM's replacement line. Absent: held. */
  readonly open?: boolean;
}

/** Someone who joined: a player-to-be before START, afterwards a standby who may replace a player. */
export interface MafiaPerson {
  readonly person: PersonId;
  readonly nick: string | null;
}

export type VoteTarget = number | 'no-lynch';

/** One living seat's vote, in the order votes were cast (a new vote goes to the end). */
export interface Vote {
  readonly voter: number;
  readonly target: VoteTarget;
}

/** A private group (the mafia's night chat, masons): its posts reach its members and the GMs. */
export interface MafiaGroup {
  readonly name: string;
  readonly seats: readonly number[];
}

/**
 * The deadlines. `deadline` is the current phase's. Later phases' deadlines are counted from the
 * anchor, phase by phase on the wall clock; moving a deadline moves the anchor (so every later
 * deadline moves by the same amount), ending a phase early leaves it (later deadlines stay).
 */
export interface MafiaSchedule {
  readonly anchorIndex: number;
  readonly anchorDeadline: Instant;
  readonly deadline: Instant;
}

export interface MafiaState {
  readonly status: 'forming' | 'running' | 'ended';
  readonly settings: MafiaSettings;
  /** Before START every joiner; afterwards the standbys. */
  readonly joined: readonly MafiaPerson[];
  readonly players: readonly MafiaPlayer[];
  /** 0 = Day 1, 1 = Night 1, 2 = Day 2 … */
  readonly phaseIndex: number;
  readonly votes: readonly Vote[];
  readonly groups: readonly MafiaGroup[];
  readonly schedule: MafiaSchedule | null;
  /** The posts kept for replacements (thread.ts); absent in states stored before posts were kept. */
  readonly thread?: readonly KeptPost[];
  readonly threadDropped?: number;
}

export function newMafiaState(settings: MafiaSettings = DEFAULT_SETTINGS): MafiaState {
  return { status: 'forming', settings, joined: [], players: [], phaseIndex: 0, votes: [], groups: [], schedule: null };
}

export function currentPhase(state: MafiaState): Phase {
  return phaseAt(state.phaseIndex);
}

export function livingPlayers(state: MafiaState): readonly MafiaPlayer[] {
  return state.players.filter((player) => player.alive);
}

/** Votes a lynch needs under majority: more than half of the living. */
export function majorityOf(living: number): number {
  return Math.floor(living / 2) + 1;
}

/** A post as the game keeps it. */
export interface KeptPost {
  /** The author's nick as it was then; 'gm': the GMs. */
  readonly from: string;
  /** The author's seat (a replacement reads the seat's own posts, whoever wrote them); null: the GMs. */
  readonly seat: number | null;
  /** 'everyone' (the thread), 'dead', or a group's name. */
  readonly channel: string;
  readonly text: string;
  readonly phaseIndex: number;
}
