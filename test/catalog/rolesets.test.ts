import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAllRoleSets, loadRoleSet, roleSetNames } from '../../src/catalog/roleset-catalog.ts';
import { roleSetProblemLine } from '../../src/render/werewolf-problems.ts';

// Every role set shipped in rolesets/ loads without a single problem; a bad file is reported by name and line.

describe('the role-set catalogue', () => {
  it('ships the classic set', () => {
    expect(roleSetNames()).toContain('classic');
  });

  it.each(roleSetNames())('%s loads and validates', (name) => {
    const loaded = loadRoleSet(name);
    expect(loaded.ok ? [] : loaded.problems.map(roleSetProblemLine)).toEqual([]);
  });

  it('holds the classic roles, the three teams and a 9-player list', () => {
    const loaded = loadRoleSet('Classic');
    if (!loaded.ok) throw new Error('classic does not load');
    const set = loaded.roleSet;
    expect([...set.roles.keys()]).toEqual(['Villager', 'Werewolf', 'Seer', 'Doctor', 'Hunter', 'Witch', 'Mayor', 'Tanner']);
    expect([...set.teams.keys()]).toEqual(['Townsfolk', 'Werewolf', 'Tanner']);
    expect(set.roleLists.find((l) => l.players === 9)?.roles).toHaveLength(9);
    expect(set.polls.get('Wolfpack')?.opens).toEqual({ timing: 'Start', time: 'Night', location: 'Wolfpack' });
  });

  it('answers an unknown name with the known ones', () => {
    const loaded = loadRoleSet('nosuch');
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(roleSetProblemLine(loaded.problems[0]!)).toBe(`rolesets/: there is no role set "nosuch"; known: ${roleSetNames().join(', ')}.`);
  });

  it('reports a broken file in a folder with its file, line and element', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'rolesets-'));
    writeFileSync(
      path.join(folder, 'broken.md'),
      "**Townsfolk**\nWin Condition: @All\n\n**Oracle** | Townsfolk Investigative\nEnd Night: Whisper to #tavern as 'Oracle'\n",
    );
    const all = loadAllRoleSets(folder);
    const broken = all.get('broken')!;
    expect(broken.ok).toBe(false);
    if (!broken.ok) {
      expect(broken.problems.map(roleSetProblemLine)).toEqual([
        'rolesets/broken.md line 5 (Oracle): the ability type Whispering is not run by the narrator yet.',
        'rolesets/broken.md: the set has no role list, so no game can be dealt.',
      ]);
    }
  });
});
