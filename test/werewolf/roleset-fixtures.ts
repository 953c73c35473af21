import type { RoleSet } from '../../src/werewolf/definitions.ts';
import { parseRoleSet } from '../../src/werewolf/parse-roleset.ts';
import { roleSetProblemLine } from '../../src/render/werewolf-problems.ts';
import type { GameState } from '../../src/werewolf/state.ts';

// Small role sets written inline, and helpers to find players by role in a dealt game.

/** The teams and the wolf pack most test sets share. */
export const BASE = `
**Townsfolk**
Win Condition: @(Align:Townsfolk)

**Werewolf**
Win Condition: @(Align:Werewolf)->Count >= @(Align:!Werewolf)->Count

**Wolfpack** | Werewolf Group
Unique Group

**Wolfpack** | Poll
Available Options: @(Align:!Werewolf), Abstain
Allowed Voters: @(Group:Wolfpack)
Start Night: Create Poll in #Wolfpack
On Poll Closed: Attack @Winner

**Lynch** | Poll
Available Options: @All, Abstain
Allowed Voters: @All
Start Day: Create Poll in #voting_booth
On Poll Closed: Lynch @Winner

**Villager** | Townsfolk Miscellaneous
No Abilities

**Werewolf** | Werewolf Killing
Starting: Join 'Wolfpack'
`;

export function roleSet(text: string, file = 'test.md'): RoleSet {
  const parsed = parseRoleSet(file, text);
  if (!parsed.ok) throw new Error(parsed.problems.map(roleSetProblemLine).join('\n'));
  return parsed.roleSet;
}

/** A set of the base roles plus `roles`, dealing `list` to as many players. */
export function setWith(roles: string, list: string, extra = ''): RoleSet {
  const count = list.split(',').reduce((sum, item) => sum + Number(/ x(\d+)$/.exec(item.trim())?.[1] ?? 1), 0);
  return roleSet(`${BASE}\n${roles}\n${extra}\n**Test** | Role List\n${count}: ${list}\n`);
}

/** The player dealt the role (the first, if several). */
export function who(state: GameState, role: string): string {
  const player = state.players.find((p) => p.role === role);
  if (!player) throw new Error(`no ${role} dealt`);
  return player.name;
}

export function all(state: GameState, role: string): string[] {
  return state.players.filter((p) => p.role === role).map((p) => p.name);
}

export const NAMES = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal', 'ivy', 'joe', 'kim', 'lee'];
