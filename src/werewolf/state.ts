import type { AbilityKind, DefendedKilling, Duration, KillingSubtype, PhaseTime, RoleClass, RoleCategory, VotingPower } from './definitions.ts';

// A werewolf game as one JSON value (kept whole in games.kind_state by the wiring to come), the commands
// the narrator takes and the typed effects it returns. Words for effects and refusals live in src/render.

export type AttributeValues =
  | { readonly type: 'disguise'; readonly role: string; readonly strength: 'weak' | 'strong' }
  | {
      readonly type: 'defense';
      readonly from: DefendedKilling;
      readonly defense: 'Active' | 'Passive';
      /** Only against these attackers; null: anyone. */
      readonly by: readonly string[] | null;
      readonly during: PhaseTime | null;
    }
  | { readonly type: 'manipulation'; readonly power: VotingPower; readonly mode: 'to' | 'by'; readonly value: number }
  | { readonly type: 'membership'; readonly group: string }
  | { readonly type: 'obstruction'; readonly abilities: AbilityKind | 'all' }
  | {
      readonly type: 'redirection';
      readonly to: string;
      /** Whose abilities are redirected; null: everyone's but the holder's. */
      readonly from: readonly string[] | null;
      readonly abilities: AbilityKind | 'all' | 'non-killing';
    }
  | { readonly type: 'custom'; readonly name: string };

export type Attribute = AttributeValues & {
  readonly id: number;
  readonly sourcePlayer: string | null;
  readonly sourceRole: string | null;
  readonly duration: Duration;
  /** The phase (index from the game's first) it was applied in. */
  readonly appliedPhase: number;
  /** Times it was used (a defense that stopped a killing, a disguise that fooled an investigation). */
  uses: number;
  /** Set for what a Passive ability applied: the next application replaces it. */
  readonly origin: string | null;
};

export interface PlayerState {
  readonly name: string;
  readonly role: string;
  alive: boolean;
  /** The phase index of the death, or null. */
  diedIn: number | null;
  attributes: Attribute[];
  /** Set by Targeting (@Target). */
  target: string | null;
  counter: number;
}

export interface PollState {
  readonly name: string;
  readonly location: string;
  readonly openedIn: number;
  /** Voter -> a player's name, 'Abstain' or 'Random'. */
  votes: Record<string, string>;
}

/** An action chosen by a player, run at the phase's end (End …) or at the next phase's start (Start …). */
export interface Submission {
  readonly player: string;
  readonly actionId: string;
  readonly selection: string | null;
  readonly submittedIn: number;
  readonly runs: 'phase-end' | 'next-phase-start';
}

/** An action that ran, for the restrictions (quantity, succession). */
export interface Usage {
  readonly player: string;
  readonly actionId: string;
  readonly phase: number;
  readonly selection: string | null;
}

export interface GameState {
  readonly roleSet: string;
  readonly seed: number;
  /** The dice's state now: every random choice so far came from `seed`. */
  rng: number;
  /** Index of the current phase from the first (0). */
  phaseIndex: number;
  players: PlayerState[];
  /** The counters of groups and teams, by name. */
  counters: Record<string, number>;
  polls: PollState[];
  submissions: Submission[];
  usages: Usage[];
  nextAttributeId: number;
  ended: { readonly winners: readonly string[] } | null;
}

export interface Phase {
  readonly time: PhaseTime;
  readonly number: number;
}

/** Who may see an effect. The wiring mails it to exactly these. */
export type Audience =
  | { readonly kind: 'public' }
  | { readonly kind: 'player'; readonly player: string }
  /** The members of a group (its channel), as they were when the effect happened. */
  | { readonly kind: 'group'; readonly group: string; readonly members: readonly string[] }
  /** A location the set defines: the players its Members and Viewers lines name (Alive, Dead, All). */
  | { readonly kind: 'location'; readonly location: string; readonly members: readonly string[] };

export type EffectBody =
  | {
      readonly kind: 'role-dealt';
      readonly player: string;
      readonly role: string;
      readonly roleClass: RoleClass;
      readonly category: RoleCategory;
      readonly team: string;
    }
  | { readonly kind: 'group-members'; readonly group: string; readonly members: readonly string[] }
  | { readonly kind: 'phase-started'; readonly phase: Phase }
  | { readonly kind: 'poll-opened'; readonly poll: string; readonly location: string }
  | {
      readonly kind: 'poll-closed';
      readonly poll: string;
      /** Most votes first; voters only when the poll shows them. */
      readonly tally: readonly { readonly choice: string; readonly votes: number; readonly voters: readonly string[] | null }[];
      readonly winner: string | null;
    }
  | {
      readonly kind: 'investigated';
      readonly investigator: string;
      readonly target: string;
      readonly subtype: 'Role' | 'Alignment' | 'Category' | 'Class';
      readonly result: string;
    }
  | { readonly kind: 'attribute-investigated'; readonly investigator: string; readonly target: string; readonly attribute: string; readonly present: boolean }
  | { readonly kind: 'death'; readonly player: string; readonly role: string; readonly cause: KillingSubtype }
  /** A killing a defense stopped: told to the defended player's protector only. */
  | { readonly kind: 'protected'; readonly protector: string; readonly target: string }
  | { readonly kind: 'obstructed'; readonly player: string; readonly actionId: string }
  | { readonly kind: 'revealed'; readonly player: string; readonly role: string; readonly location: string }
  | { readonly kind: 'announced'; readonly text: string }
  | { readonly kind: 'learned'; readonly player: string; readonly text: string }
  | { readonly kind: 'targeted'; readonly player: string; readonly target: string | null }
  | {
      readonly kind: 'game-ended';
      readonly winners: readonly string[];
      readonly winningPlayers: readonly string[];
      readonly roles: readonly { player: string; role: string }[];
    };

export type Effect = EffectBody & { readonly audience: Audience };

export type Command =
  /** Choose (or change) what an action does this phase: one selection per use (none for an action without @Selection). */
  | { readonly kind: 'act'; readonly player: string; readonly actionId: string; readonly selections: readonly string[] }
  | { readonly kind: 'withdraw'; readonly player: string; readonly actionId: string }
  | { readonly kind: 'vote'; readonly player: string; readonly poll: string; readonly choice: string }
  | { readonly kind: 'unvote'; readonly player: string; readonly poll: string }
  /** The deadline passed (or every player is done): resolve the phase and open the next. */
  | { readonly kind: 'end-phase' };

export type Refusal =
  | { readonly kind: 'game-over' }
  | { readonly kind: 'not-a-player'; readonly player: string }
  | { readonly kind: 'dead'; readonly player: string }
  | { readonly kind: 'no-such-action'; readonly actionId: string }
  | {
      readonly kind: 'restricted';
      readonly actionId: string;
      readonly why: 'temporal' | 'quantity' | 'succession' | 'target-succession' | 'attribute' | 'phase';
    }
  | { readonly kind: 'bad-selection'; readonly written: string; readonly choices: readonly string[] }
  | { readonly kind: 'selection-count'; readonly most: number; readonly given: number }
  | { readonly kind: 'nothing-to-withdraw'; readonly actionId: string }
  | { readonly kind: 'no-such-poll'; readonly poll: string }
  | { readonly kind: 'not-a-voter'; readonly poll: string }
  | { readonly kind: 'bad-choice'; readonly written: string; readonly choices: readonly string[] }
  | { readonly kind: 'no-role-list'; readonly players: number; readonly sizes: readonly number[] }
  | { readonly kind: 'duplicate-player'; readonly player: string };

export type StepResult =
  | { readonly ok: true; readonly state: GameState; readonly effects: readonly Effect[] }
  | { readonly ok: false; readonly refusal: Refusal };

/** What a player may do now, for the prompt: an action by its verb and choices, or a vote in a poll. */
export type AvailableAction =
  | {
      readonly kind: 'action';
      readonly actionId: string;
      /** The command word: INVESTIGATE, PROTECT, KILL … (numbered when a player has two of one). */
      readonly verb: string;
      readonly timing: 'Start' | 'End' | 'Immediate';
      /** The players it may name; empty when it names nobody. */
      readonly choices: readonly string[];
      readonly needsSelection: boolean;
      /** How many it may name this phase. */
      readonly uses: number;
      /** What is chosen now (changeable until the phase ends). */
      readonly chosen: readonly string[];
      readonly prompt: string | null;
    }
  | { readonly kind: 'vote'; readonly poll: string; readonly choices: readonly string[]; readonly chosen: string | null };
