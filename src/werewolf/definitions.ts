// The typed form of a role-set file written in the WWR formalization language (seed 004): roles,
// teams, groups, polls, locations, custom attributes and role lists. The parser builds these, the
// narrator's engine runs them; nothing here knows about files, mail or words.

export type RoleClass = 'Townsfolk' | 'Werewolf' | 'Solo';
export const ROLE_CATEGORIES = ['Elected', 'Align', 'Recruitment', 'Killing', 'Group', 'Investigative', 'Power', 'Miscellaneous'] as const;
export type RoleCategory = (typeof ROLE_CATEGORIES)[number];

export type PhaseTime = 'Night' | 'Day';

/** When an ability happens. Action timings are chosen by the player; the rest fire by themselves. */
export type Trigger =
  /** Chosen by the player in the phase before `time` (or in any phase's predecessor for 'Phase'), run when `time` starts. */
  | { readonly kind: 'action'; readonly timing: 'Start' | 'End' | 'Immediate'; readonly time: PhaseTime | 'Phase' }
  | { readonly kind: 'starting' }
  /** Re-applied at the game's start and at every phase start; what it applies replaces its earlier application. */
  | { readonly kind: 'passive' }
  | { readonly kind: 'passive-phase'; readonly timing: 'Start' | 'End'; readonly time: PhaseTime | 'Phase' }
  | { readonly kind: 'on-death' }
  | { readonly kind: 'on-killed' }
  | { readonly kind: 'on-lynch' }
  /** On Visited, or On Visited [<Ability Type>]. */
  | { readonly kind: 'on-visited'; readonly abilityType: AbilityKind | null }
  /** Only in a poll's definition: the ability run with the poll's winner. */
  | { readonly kind: 'on-poll-closed' };

/** Who or what an ability acts on. */
export type Selector =
  | { readonly kind: 'self' }
  | { readonly kind: 'selection' }
  | { readonly kind: 'target' }
  /** @All (and @Alive): every living player. */
  | { readonly kind: 'all' }
  | { readonly kind: 'others' }
  | { readonly kind: 'dead' }
  | { readonly kind: 'dead-alive' }
  | { readonly kind: 'attacker' }
  | { readonly kind: 'visitor' }
  | { readonly kind: 'winner' }
  /** @(Role:Seer,Align:!Werewolf,AliveOnly:False …): players matching every filter. */
  | { readonly kind: 'filter'; readonly filters: readonly PlayerFilter[]; readonly aliveOnly: boolean }
  /** &Team: the team's members (in a win condition or an option list). */
  | { readonly kind: 'team'; readonly team: string }
  /** #Group: the group's members. */
  | { readonly kind: 'group'; readonly group: string };

export interface PlayerFilter {
  readonly field: 'Attr' | 'Group' | 'Align' | 'Role' | 'Cat' | 'Class';
  readonly value: string;
  readonly negated: boolean;
}

/** ~Permanent and ~Persistent last for the game (no role changes run); the others end as the seed says. */
export type Duration = 'Permanent' | 'Persistent' | 'Phase' | 'NextDay' | 'NextNight' | 'UntilUse' | 'UntilSecondUse';

export type KillingSubtype = 'Kill' | 'Attack' | 'Lynch' | 'True Kill';
/** What a defense stops: Kills contains Attacks; All is attacks, kills and lynches. */
export type DefendedKilling = 'Attacks' | 'Kills' | 'Lynches' | 'Attacks & Lynches' | 'All';
export type InvestigationSubtype = 'Role' | 'Alignment' | 'Category' | 'Class';
export type VotingPower = 'public voting power' | 'private voting power';

export type AbilityKind =
  | 'Killing'
  | 'Investigating'
  | 'Targeting'
  | 'Protecting'
  | 'Disguising'
  | 'Applying'
  | 'Redirecting'
  | 'Vote Manipulating'
  | 'Joining'
  | 'Announcements'
  | 'Counting'
  | 'Obstructing'
  | 'Nothing';

export type Ability =
  | { readonly kind: 'Killing'; readonly subtype: KillingSubtype; readonly target: Selector }
  | {
      readonly kind: 'Investigating';
      readonly subtype: InvestigationSubtype;
      readonly target: Selector;
      /** Disguises the investigation is fooled by: WD weak, SD strong. */
      readonly fooledByWeak: boolean;
      readonly fooledByStrong: boolean;
    }
  | { readonly kind: 'Investigating'; readonly subtype: 'Attribute'; readonly target: Selector; readonly attribute: string }
  | { readonly kind: 'Targeting'; readonly target: Selector | null }
  | {
      readonly kind: 'Protecting';
      readonly target: Selector;
      readonly from: DefendedKilling;
      readonly by: Selector | null;
      readonly defense: 'Active' | 'Passive';
      readonly during: PhaseTime | null;
      readonly duration: Duration;
    }
  | { readonly kind: 'Disguising'; readonly strength: 'weak' | 'strong'; readonly target: Selector; readonly role: string; readonly duration: Duration }
  | { readonly kind: 'Applying'; readonly mode: 'apply'; readonly attribute: string; readonly target: Selector; readonly duration: Duration }
  | { readonly kind: 'Applying'; readonly mode: 'remove'; readonly attribute: string; readonly target: Selector }
  | {
      readonly kind: 'Redirecting';
      /** An ability kind, or 'all', or 'non-killing'. */
      readonly abilities: AbilityKind | 'all' | 'non-killing';
      readonly from: Selector | null;
      readonly to: Selector;
      readonly duration: Duration;
    }
  | {
      readonly kind: 'Vote Manipulating';
      readonly target: Selector;
      readonly power: VotingPower;
      readonly mode: 'to' | 'by';
      readonly value: number;
      readonly duration: Duration;
    }
  | { readonly kind: 'Joining'; readonly mode: 'join' | 'leave'; readonly group: string; readonly target: Selector; readonly duration: Duration }
  | { readonly kind: 'Announcements'; readonly mode: 'reveal'; readonly target: Selector; readonly to: string }
  | { readonly kind: 'Announcements'; readonly mode: 'announce' | 'learn' | 'know'; readonly text: string }
  | { readonly kind: 'Counting'; readonly mode: 'increment' | 'decrement' | 'set'; readonly value: number; readonly target: Selector | null }
  | { readonly kind: 'Obstructing'; readonly target: Selector; readonly abilities: AbilityKind | 'all'; readonly duration: Duration }
  | { readonly kind: 'Nothing' };

export type Restriction =
  /** Temporal: Night 2 (only then) or Night 2+ (then and after). */
  | { readonly kind: 'temporal'; readonly time: PhaseTime; readonly number: number; readonly orLater: boolean }
  | { readonly kind: 'no-succession' }
  | { readonly kind: 'no-target-succession' }
  | { readonly kind: 'quantity'; readonly uses: number }
  | { readonly kind: 'attribute'; readonly has: boolean; readonly attribute: string };

/** How many times the action may be used in one phase: a number or the players divided by a number. */
export type Scaling =
  | { readonly kind: 'times'; readonly times: number }
  | { readonly kind: 'per-players'; readonly count: 'total' | 'living'; readonly per: number };

/** One trigger line and what it does: a single ability or a bulleted list run together on one selection. */
export interface Action {
  /** Unique in the role set: `<Role>#<n>` (n counting the role's trigger lines from 1), `Attribute:<Name>#<n>`, `Poll:<Name>#closed`. */
  readonly id: string;
  readonly line: number;
  readonly trigger: Trigger;
  readonly abilities: readonly Ability[];
  readonly restrictions: readonly Restriction[];
  /** {Forced}: when the player chose nothing, a random selection is made for them. */
  readonly forced: boolean;
  /** {Direct}: not redirected. {Visitless}: no visit (no On Visited) and not redirected. */
  readonly direct: boolean;
  readonly visitless: boolean;
  readonly scaling: Scaling;
  /** |Prompt Overwrite|: the words a prompt shows instead of the default. */
  readonly prompt: string | null;
}

export interface RoleDefinition {
  readonly name: string;
  readonly line: number;
  readonly roleClass: RoleClass;
  readonly category: RoleCategory;
  /** The team the role plays for: its class, or for a Solo role the team after the dash. */
  readonly team: string;
  readonly unique: boolean;
  readonly actions: readonly Action[];
}

/** One way a team wins. */
export type WinCondition =
  /** The seed's form: every living player matches one of the selectors. */
  | { readonly kind: 'all-living-match'; readonly selectors: readonly Selector[] }
  /** `<Selector>->Count <op> <Selector>->Count|<number>`. */
  | { readonly kind: 'compare'; readonly left: Selector; readonly op: '>' | '<' | '>=' | '<=' | '='; readonly right: Selector | number }
  /** `<Selector> exists`: some player matches. */
  | { readonly kind: 'exists'; readonly selector: Selector };

export interface TeamDefinition {
  readonly name: string;
  readonly line: number;
  /** Any one of them wins the game for the team. */
  readonly winConditions: readonly WinCondition[];
}

export interface GroupDefinition {
  readonly name: string;
  readonly line: number;
  readonly team: string;
  readonly unique: boolean;
}

export type PollOption = { readonly kind: 'players'; readonly selector: Selector } | { readonly kind: 'abstain' } | { readonly kind: 'random' };

export interface PollDefinition {
  readonly name: string;
  readonly line: number;
  readonly options: readonly PollOption[];
  readonly voters: readonly Selector[];
  readonly showVoters: boolean;
  readonly random: Selector;
  /** When the poll opens (a passive phase timing) and where: a public channel or a group's channel. */
  readonly opens: { readonly timing: 'Start'; readonly time: PhaseTime; readonly location: string } | null;
  /** Run with @Winner when the poll closes with a winner. */
  readonly onClosed: Action | null;
}

export type LocationAudience = 'Alive' | 'Dead' | 'All' | 'None';

export interface LocationDefinition {
  readonly name: string;
  readonly line: number;
  readonly sortIndex: number;
  readonly members: readonly LocationAudience[];
  readonly viewers: readonly LocationAudience[];
}

export interface AttributeDefinition {
  readonly name: string;
  readonly line: number;
  readonly actions: readonly Action[];
}

/** Which roles are dealt for a number of players (our addition: the seed leaves the role list to the host). */
export interface RoleList {
  readonly players: number;
  readonly line: number;
  readonly roles: readonly string[];
}

export interface RoleSet {
  readonly name: string;
  readonly file: string;
  readonly firstPhase: { readonly time: PhaseTime; readonly number: number };
  readonly roles: ReadonlyMap<string, RoleDefinition>;
  readonly teams: ReadonlyMap<string, TeamDefinition>;
  readonly groups: ReadonlyMap<string, GroupDefinition>;
  readonly polls: ReadonlyMap<string, PollDefinition>;
  readonly locations: ReadonlyMap<string, LocationDefinition>;
  readonly attributes: ReadonlyMap<string, AttributeDefinition>;
  readonly roleLists: readonly RoleList[];
}

/** The public channels every game has; a poll may open in one of them or in a group's channel. */
export const PUBLIC_CHANNELS = ['story_time', 'town_square', 'tavern', 'voting_booth'] as const;
