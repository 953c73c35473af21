import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseRoleSet, type RoleSetParse } from '../werewolf/parse-roleset.ts';

// Reads the werewolf role sets from the repository's rolesets/ folder (one `<name>.md` file each, in the
// seed-004 language) and checks them with the pure parser. A set that does not load comes back with its
// typed problems (src/render/werewolf-problems.ts words them); nothing is thrown for a bad file.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FOLDER = 'rolesets';
const cache = new Map<string, RoleSetParse>();

export function roleSetNames(folder = `${ROOT}${FOLDER}`): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3))
    .sort();
}

/** The named set (any case), parsed and validated once per process. */
export function loadRoleSet(written: string, folder = `${ROOT}${FOLDER}`): RoleSetParse {
  const name = written.toLowerCase();
  const known = roleSetNames(folder);
  if (!/^[a-z0-9_-]+$/.test(name) || !known.includes(name)) {
    return { ok: false, problems: [{ file: `${FOLDER}/`, line: 0, element: null, problem: { kind: 'unknown-role-set', name: written, known } }] };
  }
  const key = `${folder}/${name}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const parsed = parseRoleSet(`${FOLDER}/${name}.md`, readFileSync(`${folder}/${name}.md`, 'utf8'), name);
  cache.set(key, parsed);
  return parsed;
}

/** Every set on disk, for the check at start-up: the sets that do not load, with their problems. */
export function loadAllRoleSets(folder = `${ROOT}${FOLDER}`): Map<string, RoleSetParse> {
  return new Map(roleSetNames(folder).map((name) => [name, loadRoleSet(name, folder)]));
}

/** A role's own lines in its set's file (its header and abilities, up to the next blank line or element): the role text mailed to its player. */
export function roleText(setName: string, role: { readonly line: number }, folder = `${ROOT}${FOLDER}`): string {
  const name = setName.toLowerCase();
  if (!/^[a-z0-9_-]+$/.test(name)) return '';
  const lines = readFileSync(`${folder}/${name}.md`, 'utf8').split(/\r?\n/);
  const taken: string[] = [];
  for (let i = role.line - 1; i < lines.length; i++) {
    const text = lines[i]!.trimEnd();
    if (text.trim() === '' || (i > role.line - 1 && text.startsWith('**'))) break;
    taken.push(text);
  }
  return taken.join('\n');
}
