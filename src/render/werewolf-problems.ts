import type { MalformedPart, RefusedConstruct, RoleSetProblem, RoleSetProblemKind } from '../werewolf/problems.ts';

// The words for what is wrong with a role-set file: "rolesets/classic.md line 12 (Seer): …".

const MALFORMED: Readonly<Record<MalformedPart, string>> = {
  ability: 'ability',
  'ability-type': 'ability type',
  'ability-line': 'ability line (Trigger: Ability)',
  'bulleted-trigger-line': 'trigger line before a list of abilities (it holds no ability itself)',
  compulsion: 'action compulsion',
  restriction: 'action restriction',
  scaling: 'action scaling',
  'disguise-level': 'disguise level (WD, SD)',
  duration: 'duration',
  'defended-killing': 'killing subtype to protect from',
  'protection-subtype': 'protection subtype',
  'target-type': 'target type',
  trigger: 'trigger',
  'voting-power': 'voting power',
  count: 'count (<Target>->Count or a number)',
  'win-condition': 'win condition',
  'location-line': 'location line',
  'player-type': 'player type',
  'poll-line': 'poll line',
  'role-header': 'role header (| Group Category [- Team])',
  'solo-team': 'role header (a Solo role names its team after " - ", no other role does)',
  'role-list-line': 'role list line (<players>: Role, Role x2, …)',
};

/** A refused construct by the seed's name for it. */
export function constructText(construct: RefusedConstruct): string {
  const { written } = construct;
  switch (construct.kind) {
    case 'ability-type':
      return `the ability type ${written}`;
    case 'ability-form':
      return `the form ${written}`;
    case 'killing-subtype':
      return `the killing subtype ${written} (haunted mode)`;
    case 'protection-subtype':
      return `the protection subtype ${written}`;
    case 'targeting-type':
      return `targeting of the type ${written}`;
    case 'voting-power':
      return `the ${written}`;
    case 'membership-type':
      return `the group membership type ${written}`;
    case 'counter-value':
      return `the counter value ${written} (computed from variables)`;
    case 'trigger':
      return `the trigger ${written}`;
    case 'target-type':
      return `the target type ${written}`;
    case 'target-filter':
      return `the target type filter ${written}`;
    case 'property-access':
      return `the property access -> (in ${written})`;
    case 'host-information':
      return `host information (${written})`;
    case 'group-instance':
      return `group instances (${written})`;
    case 'duration':
      return `the duration ${written}`;
    case 'restriction':
      return `the action restriction ${written}`;
    case 'compulsion':
      return `the action compulsion {${written}}`;
    case 'scaling':
      return `the action scaling ${written}`;
    case 'role-class':
      return `${written} roles`;
    case 'player-type':
      return `the player type ${written}`;
    case 'poll-opening':
      return `opening a poll on the trigger ${written}`;
    case 'poll-named-on-opening':
      return `naming a poll as it opens (${written})`;
    case 'complex-actions':
      return `complex actions (${written})`;
    case 'haunted-roles':
      return 'haunted roles';
    case 'ability-sets':
      return 'ability sets';
    case 'team-abilities':
      return 'abilities of teams';
    case 'group-abilities':
      return "abilities of groups (a group's poll is a Poll element)";
    case 'attribute-trigger':
      return `the trigger ${written} in an attribute`;
    case 'poll-closed-outside-poll':
      return "On Poll Closed outside a poll's definition";
  }
}

function problemText(problem: RoleSetProblemKind): string {
  switch (problem.kind) {
    case 'not-supported':
      return `${constructText(problem.construct)} is not run by the narrator yet`;
    case 'malformed':
      return `this ${MALFORMED[problem.what]} does not read: "${problem.text}"`;
    case 'text-outside-element':
      return `"${problem.text}" stands outside any element (an element starts with a **Name** line)`;
    case 'duplicate-element':
      return `"${problem.name}" is defined twice`;
    case 'unclear-element':
      return 'an element with no "| kind" must be a team (Win Condition:) or a location (Sort Index:, Members:, Viewers:)';
    case 'unknown-role-class':
      return `"${problem.written}" is not a role group (Townsfolk, Werewolf or Solo)`;
    case 'unknown-category':
      return `"${problem.written}" is not a role category (Elected, Align, Recruitment, Killing, Group, Investigative, Power or Miscellaneous)`;
    case 'missing-field':
      return `the line "${problem.field}:" is missing`;
    case 'unknown-reference':
      return `no ${problem.referenceKind} "${problem.name}" is defined`;
    case 'selector-out-of-context':
      return `${problem.selector} means nothing in a ${problem.trigger} ability`;
    case 'role-list-size':
      return `a role list for ${problem.players} players names ${problem.roles} roles`;
    case 'unique-role-repeated':
      return `the unique role ${problem.role} is dealt more than once`;
    case 'no-role-list':
      return 'the set has no role list, so no game can be dealt';
    case 'no-team-for-role':
      return `the role ${problem.role} plays for the team ${problem.team}, which is not defined`;
    case 'unknown-role-set':
      return `there is no role set "${problem.name}"; known: ${problem.known.join(', ') || 'none'}`;
  }
}

/** One problem as one line: the file, the line, the element, then what is wrong. */
export function roleSetProblemLine(problem: RoleSetProblem): string {
  const where = problem.line > 0 ? `${problem.file} line ${problem.line}` : problem.file;
  const element = problem.element === null ? '' : ` (${problem.element})`;
  return `${where}${element}: ${problemText(problem.problem)}.`;
}
