import { loadRoleSet, roleSetNames } from '../../catalog/roleset-catalog.ts';
import { renderRoleSetsHelp, renderWerewolfStatus } from '../../render/werewolf-mail.ts';
import { roleSetProblemLine } from '../../render/werewolf-problems.ts';
import type { Game } from '../model.ts';
import { werewolfViewFor } from '../visibility/policy.ts';
import { PUBLIC } from '../visibility/reader.ts';
import { werewolfTableOf } from './werewolf-state.ts';

// What anyone may ask of werewolf games without signing on: HELP ROLES (the role sets on disk and
// their roles) and LIST game (the game's public view).

/** HELP ROLES: every set in rolesets/, its roles by team and its role lists, or its problems when it does not load. */
export function roleSetsHelp(): string {
  return renderRoleSetsHelp(
    roleSetNames().map((name) => {
      const loaded = loadRoleSet(name);
      return loaded.ok ? { name, set: loaded.roleSet } : { name, problems: loaded.problems.map(roleSetProblemLine) };
    }),
  );
}

/** LIST game of a werewolf game: its public view. */
export function werewolfListText(game: Game, zone: string | null): string {
  const table = werewolfTableOf(game);
  const loaded = loadRoleSet(table.settings.roleSet);
  if (!loaded.ok) throw new Error(`the role set ${table.settings.roleSet} of game '${game.name}' no longer loads`);
  return renderWerewolfStatus(werewolfViewFor(table, loaded.roleSet, PUBLIC), game.name, zone ?? game.timeZone);
}
