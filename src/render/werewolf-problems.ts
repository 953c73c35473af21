import type { RoleSetProblem, RoleSetProblemKind } from '../werewolf/problems.ts';

// The words for what is wrong with a role-set file: "rolesets/classic.md line 12 (Seer): …".

function problemText(problem: RoleSetProblemKind): string {
  switch (problem.kind) {
    case 'not-supported':
      return `${problem.construct} is not run by the narrator yet`;
    case 'malformed':
      return `this ${problem.what} does not read: "${problem.text}"`;
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
