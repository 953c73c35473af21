// What can be wrong with a role-set file, as typed values: src/render/werewolf-problems.ts words them.
// Each names the file, the line and the element it is about, so the author can find it.

export type RoleSetProblemKind =
  /** A construct of the seed's language the narrator does not run (yet): refused by name, never ignored. */
  | { readonly kind: 'not-supported'; readonly construct: RefusedConstruct }
  /** A line that is not what its place in the element allows, e.g. an ability that does not read. */
  | { readonly kind: 'malformed'; readonly what: MalformedPart; readonly text: string }
  | { readonly kind: 'text-outside-element'; readonly text: string }
  | { readonly kind: 'duplicate-element'; readonly name: string }
  | { readonly kind: 'unclear-element' }
  | { readonly kind: 'unknown-role-class'; readonly written: string }
  | { readonly kind: 'unknown-category'; readonly written: string }
  | { readonly kind: 'missing-field'; readonly field: string }
  | { readonly kind: 'unknown-reference'; readonly referenceKind: ReferenceKind; readonly name: string }
  | { readonly kind: 'selector-out-of-context'; readonly selector: string; readonly trigger: string }
  | { readonly kind: 'role-list-size'; readonly players: number; readonly roles: number }
  | { readonly kind: 'unique-role-repeated'; readonly role: string }
  | { readonly kind: 'no-role-list' }
  | { readonly kind: 'no-team-for-role'; readonly role: string; readonly team: string }
  /** The catalogue has no set of that name. */
  | { readonly kind: 'unknown-role-set'; readonly name: string; readonly known: readonly string[] };

export type ReferenceKind = 'team' | 'group' | 'role' | 'attribute' | 'location' | 'class' | 'category';

export interface RoleSetProblem {
  readonly file: string;
  /** 1-based; 0 for the file as a whole. */
  readonly line: number;
  /** The element (role, team, group, poll …) the line belongs to; null outside any. */
  readonly element: string | null;
  readonly problem: RoleSetProblemKind;
}

/**
 * A construct of the seed's language the narrator refuses, by the seed's own name for it: its kind and,
 * where the seed has one, the element as written (the trigger "On Action", the ability type "Whispering").
 */
export interface RefusedConstruct {
  readonly kind: RefusedKind;
  readonly written: string;
}

export type RefusedKind =
  | 'ability-type'
  | 'ability-form'
  | 'killing-subtype'
  | 'protection-subtype'
  | 'targeting-type'
  | 'voting-power'
  | 'membership-type'
  | 'counter-value'
  | 'trigger'
  | 'target-type'
  | 'target-filter'
  | 'property-access'
  | 'host-information'
  | 'group-instance'
  | 'duration'
  | 'restriction'
  | 'compulsion'
  | 'scaling'
  | 'role-class'
  | 'player-type'
  | 'poll-opening'
  | 'poll-named-on-opening'
  | 'complex-actions'
  | 'haunted-roles'
  | 'ability-sets'
  | 'team-abilities'
  | 'group-abilities'
  | 'attribute-trigger'
  | 'poll-closed-outside-poll';

/** The part of the language a line failed to read as. */
export type MalformedPart =
  | 'ability'
  | 'ability-type'
  | 'ability-line'
  | 'bulleted-trigger-line'
  | 'compulsion'
  | 'restriction'
  | 'scaling'
  | 'disguise-level'
  | 'duration'
  | 'defended-killing'
  | 'protection-subtype'
  | 'target-type'
  | 'trigger'
  | 'voting-power'
  | 'count'
  | 'win-condition'
  | 'location-line'
  | 'player-type'
  | 'poll-line'
  | 'role-header'
  | 'solo-team'
  | 'role-list-line';
