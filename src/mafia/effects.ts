import type { Duration } from '../schedule/index.ts';
import type { MafiaRefusal } from './refusals.ts';
import type { SettingChange } from './settings.ts';
import type { Instant, MafiaState, Phase, PersonId } from './state.ts';

// What an update of a Mafia game does besides changing its state, as data: the judge turns each
// effect into mail (worded in src/render/mafia-*.ts) and jobs. Nothing here is a sentence.

/** Who reads a notice or a post: everyone in the game (players living and dead, standbys, GMs, observers), or these people, with or without the GMs. */
export type Audience =
  | { readonly kind: 'everyone' }
  | { readonly kind: 'people'; readonly people: readonly PersonId[]; readonly gms: boolean }
  | { readonly kind: 'gms' };

export interface CountLine {
  readonly target: string | 'no-lynch';
  readonly voters: readonly string[];
}

/** A vote count as forum players write it: most votes first, voters in the order they voted. */
export interface VoteCount {
  readonly phase: Phase;
  readonly lines: readonly CountLine[];
  readonly notVoting: readonly string[];
  readonly living: number;
  /** Votes a lynch needs (majority); under plurality the most votes win at the deadline. */
  readonly needed: number;
  readonly lynch: 'majority' | 'plurality';
}

/** What the count says at the end of a day; the GM still announces the death and its flip. */
export type DayOutcome =
  | { readonly kind: 'lynch'; readonly nick: string; readonly votes: number }
  | { readonly kind: 'no-lynch'; readonly votes: number }
  | { readonly kind: 'tie'; readonly nicks: readonly (string | 'no-lynch')[]; readonly votes: number }
  | { readonly kind: 'nobody'; readonly votes: number };

export type MafiaNotice =
  | { readonly kind: 'started'; readonly phase: Phase; readonly deadline: Instant; readonly players: readonly string[]; readonly zone: string }
  | { readonly kind: 'your-role'; readonly nick: string; readonly role: string }
  | { readonly kind: 'phase-begun'; readonly phase: Phase; readonly deadline: Instant; readonly zone: string }
  | { readonly kind: 'day-ended'; readonly phase: Phase; readonly count: VoteCount; readonly outcome: DayOutcome; readonly byMajority: boolean }
  | { readonly kind: 'vote-count'; readonly count: VoteCount }
  | { readonly kind: 'reminder'; readonly phase: Phase; readonly deadline: Instant; readonly zone: string }
  | { readonly kind: 'deadline-moved'; readonly phase: Phase; readonly deadline: Instant; readonly zone: string }
  | { readonly kind: 'game-ended'; readonly phase: Phase }
  | { readonly kind: 'game-unended'; readonly phase: Phase; readonly deadline: Instant; readonly zone: string }
  | { readonly kind: 'you-replace'; readonly nick: string; readonly old: string; readonly role: string | null; readonly earlier: EarlierPosts }
  | { readonly kind: 'you-were-replaced'; readonly nick: string; readonly by: string }
  /** To the GMs: a player or standby left; `open` when a seat of the game waits for a replacement. The role is not in it. */
  | { readonly kind: 'player-resigned'; readonly nick: string | null; readonly open: boolean }
  /** To the newcomer who took over an open seat: its nick and role are theirs. */
  | { readonly kind: 'you-took-over'; readonly nick: string; readonly role: string | null; readonly earlier: EarlierPosts }
  /** To everyone: a new player holds the seat under the same nick. */
  | { readonly kind: 'seat-taken-over'; readonly nick: string; readonly phase: Phase }
  | { readonly kind: 'setting-changed'; readonly change: SettingChange }
  | { readonly kind: 'group-formed'; readonly name: string; readonly members: readonly string[] };

/** What the sender is told their command did. */
export type MafiaReply =
  | { readonly kind: 'joined'; readonly nick: string | null; readonly standby: boolean }
  | { readonly kind: 'named'; readonly nick: string }
  | { readonly kind: 'voted'; readonly target: string | 'no-lynch'; readonly count: VoteCount | null }
  | { readonly kind: 'unvoted'; readonly count: VoteCount | null }
  | { readonly kind: 'vote-count'; readonly count: VoteCount }
  | { readonly kind: 'setting-set'; readonly change: SettingChange }
  | { readonly kind: 'role-sent'; readonly nick: string }
  | { readonly kind: 'group-set'; readonly name: string; readonly members: readonly string[] }
  | { readonly kind: 'posted'; readonly to: 'everyone' | 'dead' | string; readonly votes: number }
  | { readonly kind: 'died'; readonly nick: string; readonly comment: string; readonly phase: Phase }
  | { readonly kind: 'resurrected'; readonly nick: string }
  | { readonly kind: 'replaced'; readonly nick: string; readonly old: string }
  | { readonly kind: 'resigned'; readonly nick: string | null; readonly open: boolean }
  | { readonly kind: 'took-over'; readonly nick: string; readonly phase: Phase }
  | { readonly kind: 'phase-ended'; readonly phase: Phase; readonly next: Phase }
  | { readonly kind: 'phase-begun-noted'; readonly phase: Phase }
  | { readonly kind: 'deadline-moved'; readonly direction: 'later' | 'earlier'; readonly duration: Duration; readonly deadline: Instant; readonly zone: string }
  | { readonly kind: 'game-ended' }
  | { readonly kind: 'game-unended'; readonly phase: Phase; readonly deadline: Instant; readonly zone: string }
  /** "NIGHT … HAS ENDED" by day: the tracker ignores a phase line that does not match the phase. */
  | { readonly kind: 'phase-line-ignored'; readonly written: 'day' | 'night'; readonly verb: 'ended' | 'begun'; readonly phase: Phase }
  /** A line of a GM post or a vote in a post that was refused; the rest of the mail stands. */
  | { readonly kind: 'line-refused'; readonly line: number; readonly text: string; readonly refusal: MafiaRefusal };

export type MafiaEffect =
  | { readonly kind: 'notice'; readonly to: Audience; readonly notice: MafiaNotice }
  | { readonly kind: 'reply'; readonly reply: MafiaReply }
  /** A post to the game's thread, the dead or a group: the words as written, signed with the nick (or the GMs). */
  | { readonly kind: 'post'; readonly from: string | 'gm'; readonly to: Audience; readonly channel: 'everyone' | 'dead' | string; readonly text: string };

export type { MafiaRefusal } from './refusals.ts';

export type MafiaOutcome =
  | { readonly ok: true; readonly state: MafiaState; readonly effects: readonly MafiaEffect[] }
  | { readonly ok: false; readonly refusal: MafiaRefusal };

/** What a replacement is told of the posts before them. */
export interface EarlierPosts {
  readonly posts: readonly { readonly from: string; readonly channel: string; readonly text: string; readonly phase: Phase }[];
  /** Older posts the bounds let go. */
  readonly dropped: number;
}
