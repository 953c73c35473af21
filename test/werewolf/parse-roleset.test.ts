import { describe, expect, it } from 'vitest';
import { constructText, roleSetProblemLine } from '../../src/render/werewolf-problems.ts';
import type { RoleSetProblem } from '../../src/werewolf/problems.ts';
import { parseRoleSet } from '../../src/werewolf/parse-roleset.ts';
import { BASE, roleSet } from './roleset-fixtures.ts';

// The role-set language: each element and ability form read into its typed definition, and every
// problem named with its file, line and element; constructs the narrator does not run refused by name.

const withList = (text: string, list = '2: Werewolf, Villager') => `${BASE}\n${text}\n**Test** | Role List\n${list}\n`;

/** The refused constructs among the problems, in words. */
const refusedConstructs = (problems: readonly RoleSetProblem[]) =>
  problems.map((p) => (p.problem.kind === 'not-supported' ? constructText(p.problem.construct) : p.problem.kind));

function problemsOf(text: string) {
  const parsed = parseRoleSet('rolesets/test.md', text);
  if (parsed.ok) throw new Error('expected problems');
  return parsed.problems;
}

describe('reading elements', () => {
  it('reads a role header, Unique Role and a single ability with restriction, compulsion, scaling and prompt', () => {
    const set = roleSet(
      withList(
        `**Seer** | Townsfolk Investigative\nUnique Role\nEnd Night: Role Investigate @Selection (WD) [Temporal: Night 2+, Quantity: 3] {Forced} ⟨x2⟩ |Whom do you look at?|`,
      ),
    );
    const seer = set.roles.get('Seer')!;
    expect(seer).toMatchObject({ roleClass: 'Townsfolk', category: 'Investigative', team: 'Townsfolk', unique: true });
    expect(seer.actions).toHaveLength(1);
    expect(seer.actions[0]).toMatchObject({
      id: 'Seer#1',
      trigger: { kind: 'action', timing: 'End', time: 'Night' },
      abilities: [{ kind: 'Investigating', subtype: 'Role', target: { kind: 'selection' }, fooledByWeak: true, fooledByStrong: false }],
      restrictions: [
        { kind: 'temporal', time: 'Night', number: 2, orLater: true },
        { kind: 'quantity', uses: 3 },
      ],
      forced: true,
      scaling: { kind: 'times', times: 2 },
      prompt: 'Whom do you look at?',
    });
  });

  it('reads a solo role with its team after the dash, and a trigger with a bulleted list of abilities', () => {
    const set = roleSet(
      withList(
        `**Tanner** | Solo Miscellaneous - Tanner\nOn Lynch:\n  • Apply 'Lynched' to @Self\n  • Announce 'The tanner laughs.'\n\n**Tanner**\nWin Condition: @(Attr:Lynched,AliveOnly:False) exists\n\n**Lynched** | Attribute\nNo Abilities`,
      ),
    );
    const tanner = set.roles.get('Tanner')!;
    expect(tanner.team).toBe('Tanner');
    expect(tanner.actions[0]!.abilities.map((a) => a.kind)).toEqual(['Applying', 'Announcements']);
    expect(set.teams.get('Tanner')!.winConditions).toEqual([
      { kind: 'exists', selector: { kind: 'filter', filters: [{ field: 'Attr', value: 'Lynched', negated: false }], aliveOnly: false } },
    ]);
  });

  it('reads teams, groups, polls, locations, attributes, role lists and the first phase', () => {
    const set = roleSet(
      `First Phase: Day 0\n${withList(`**Graveyard**\nSort Index: 3\nMembers: Dead\nViewers: *All*\n\n**Marked** | Attribute\nOn Death: Announce 'A marked one fell.'`, '2: Werewolf, Villager\n3: Werewolf, Villager x2')}`,
    );
    expect(set.firstPhase).toEqual({ time: 'Day', number: 0 });
    expect(set.teams.get('Werewolf')!.winConditions[0]).toMatchObject({ kind: 'compare', op: '>=' });
    expect(set.groups.get('Wolfpack')).toMatchObject({ team: 'Werewolf', unique: true });
    expect(set.polls.get('Wolfpack')).toMatchObject({
      options: [{ kind: 'players' }, { kind: 'abstain' }],
      voters: [{ kind: 'filter', filters: [{ field: 'Group', value: 'Wolfpack', negated: false }] }],
      showVoters: true,
      opens: { timing: 'Start', time: 'Night', location: 'Wolfpack' },
      onClosed: { abilities: [{ kind: 'Killing', subtype: 'Attack', target: { kind: 'winner' } }] },
    });
    expect(set.locations.get('Graveyard')).toMatchObject({ sortIndex: 3, members: ['Dead'], viewers: ['All'] });
    expect(set.attributes.get('Marked')!.actions[0]!.trigger).toEqual({ kind: 'on-death' });
    expect(set.roleLists.map((l) => [l.players, l.roles])).toEqual([
      [2, ['Werewolf', 'Villager']],
      [3, ['Werewolf', 'Villager', 'Villager']],
    ]);
  });

  it.each([
    ['Kill @Selection', { kind: 'Killing', subtype: 'Kill' }],
    ['True Kill @Selection', { kind: 'Killing', subtype: 'True Kill' }],
    ['Alignment Investigate @Selection', { kind: 'Investigating', subtype: 'Alignment', fooledByWeak: false }],
    ["Attribute Investigate @Selection for 'Marked'", { kind: 'Investigating', subtype: 'Attribute', attribute: 'Marked' }],
    ['Target @Selection', { kind: 'Targeting', target: { kind: 'selection' } }],
    [
      "Protect @Selection from 'Kills' by @(Align:Werewolf) through Passive Defense during Night (~NextNight)",
      { kind: 'Protecting', from: 'Kills', defense: 'Passive', during: 'Night', duration: 'NextNight' },
    ],
    ["Strongly Disguise @Selection as 'Villager' (~UntilUse)", { kind: 'Disguising', strength: 'strong', role: 'Villager', duration: 'UntilUse' }],
    ["Apply 'Marked' to @Selection (~Phase)", { kind: 'Applying', mode: 'apply', attribute: 'Marked', duration: 'Phase' }],
    ["Remove 'Marked' from @Selection", { kind: 'Applying', mode: 'remove', attribute: 'Marked' }],
    ["Redirect 'Killing' to @Selection (~Phase)", { kind: 'Redirecting', abilities: 'Killing', from: null }],
    ["Manipulate @Selection's 'private voting power' to '0' (~Phase)", { kind: 'Vote Manipulating', power: 'private voting power', mode: 'to', value: 0 }],
    ["Add @Selection to 'Wolfpack'", { kind: 'Joining', mode: 'join', group: 'Wolfpack', duration: 'Persistent' }],
    ["Remove @Selection from 'Wolfpack'", { kind: 'Joining', mode: 'leave', group: 'Wolfpack' }],
    ['Reveal @Self to #town_square', { kind: 'Announcements', mode: 'reveal', to: 'town_square' }],
    ["Learn 'You feel watched.'", { kind: 'Announcements', mode: 'learn', text: 'You feel watched.' }],
    ['Increment Counter by 2', { kind: 'Counting', mode: 'increment', value: 2, target: null }],
    ['Set Counter to 5 for @Selection', { kind: 'Counting', mode: 'set', value: 5 }],
    ['Obstruct Investigating for @Selection (~Phase)', { kind: 'Obstructing', abilities: 'Investigating', duration: 'Phase' }],
    ['*Nothing*', { kind: 'Nothing' }],
  ])('reads the ability %s', (ability, expected) => {
    const set = roleSet(withList(`**Actor** | Townsfolk Power\nImmediate Night: ${ability}\n\n**Marked** | Attribute\nNo Abilities`));
    expect(set.roles.get('Actor')!.actions[0]!.abilities[0]).toMatchObject(expected);
  });

  it.each([
    ['Starting', { kind: 'starting' }],
    ['Passive', { kind: 'passive' }],
    ['Passive End Day', { kind: 'passive-phase', timing: 'End', time: 'Day' }],
    ['Start Day', { kind: 'action', timing: 'Start', time: 'Day' }],
    ['Immediate', { kind: 'action', timing: 'Immediate', time: 'Phase' }],
    ['On Killed', { kind: 'on-killed' }],
    ['On Visited [Investigating]', { kind: 'on-visited', abilityType: 'Investigating' }],
  ])('reads the trigger %s', (trigger, expected) => {
    const set = roleSet(withList(`**Actor** | Townsfolk Power\n${trigger}: Learn 'x'`));
    expect(set.roles.get('Actor')!.actions[0]!.trigger).toEqual(expected);
  });
});

describe('problems', () => {
  it('names the file, the line and the element, and words it', () => {
    const text = withList(`**Seer** | Townsfolk Investigative\nEnd Night: Peek at @Selection`);
    const problems = problemsOf(text);
    const line = text.split('\n').indexOf('End Night: Peek at @Selection') + 1;
    expect(problems).toEqual([
      { file: 'rolesets/test.md', line, element: 'Seer', problem: { kind: 'malformed', what: 'ability', text: 'Peek at @Selection' } },
    ]);
    expect(roleSetProblemLine(problems[0]!)).toBe(`rolesets/test.md line ${line} (Seer): this ability does not read: "Peek at @Selection".`);
  });

  it.each([
    ["Whisper to #tavern as 'Villager'", 'the ability type Whispering'],
    ["Grant 'Sheriff' to @Selection", 'the ability type Granting'],
    ["Create 'Extra' Poll in #tavern", 'the ability type Poll Manipulating'],
    ["Role Change @Selection to 'Villager'", 'the ability type Changing'],
    ['Copy @Selection', 'the ability type Copying'],
    ['Switch with @Selection', 'the ability type Switching'],
    ['Banish @Selection', 'the killing subtype Banish (haunted mode)'],
    ["Protect @Selection from 'Attacks' through Partial Defense", 'the protection subtype Partial Defense'],
    ["Protect @Selection from 'Attacks' through Absence at #tavern", 'the protection subtype Absence'],
    ['Kill @SecondarySelection', 'the target type @SecondarySelection'],
    ['Kill @(OrigRole:Seer)', 'the target type filter OrigRole'],
    ['Kill @Target->Target', 'the property access -> (in @Target->Target)'],
    ["Protect @Selection from 'Attacks' through Active Defense (~DelayedPhase)", 'the duration ~DelayedPhase'],
    ['Kill @Selection [Condition: @Self has Marked]', 'the action restriction Condition'],
    ['Kill @Selection {Repeating}', 'the action compulsion {Repeating}'],
    ['Kill @Selection ⟨Odd: x1, Even: x2⟩', 'the action scaling Odd: x1, Even: x2'],
    ['Kill %Player%', 'host information (%Player%)'],
    ['Obstruct @Selection ⇒ Failure', 'the form Obstruct … ⇒ <Feedback>'],
  ])('refuses %s by name', (ability, construct) => {
    const problems = problemsOf(withList(`**Actor** | Townsfolk Power\nEnd Night: ${ability}`));
    expect(refusedConstructs(problems)).toEqual([construct]);
    expect(problems[0]!.element).toBe('Actor');
  });

  it("refuses by the seed's own name, typed: the kind of construct and the element as written", () => {
    expect(problemsOf(withList("**Actor** | Townsfolk Power\nEnd Night: Whisper to #tavern as 'Villager'"))[0]!.problem).toEqual({
      kind: 'not-supported',
      construct: { kind: 'ability-type', written: 'Whispering' },
    });
  });

  it.each([
    ['On Action', 'the trigger On Action'],
    ['On Seer Death', 'the trigger On Seer Death'],
    ['Pre-End Night', 'the trigger Pre-End Night'],
    ["Inherit: 'Base'", 'the trigger Inherit'],
  ])('refuses the trigger %s by name', (trigger, construct) => {
    const text = trigger.includes(':') ? trigger : `${trigger}: Learn 'x'`;
    expect(refusedConstructs(problemsOf(withList(`**Actor** | Townsfolk Power\n${text}`)))).toEqual([construct]);
  });

  it('refuses complex actions, haunted and unaligned roles, ability sets and abilities of groups and teams', () => {
    const problems = problemsOf(
      withList(
        [
          '**Complex** | Townsfolk Power',
          'End Night:',
          '  • Action: [Quantity: 1]',
          '  • Process:',
          '    ‣ Role Investigate @Selection',
          '',
          '**Ghost** | Townsfolk Power',
          'Haunted Role',
          '',
          '**Drifter** | Unaligned Miscellaneous',
          '',
          '**Shared** | Ability Set',
          '',
          '**Cult** | Townsfolk Group',
          'Unique Group',
          "Starting: Learn 'hi'",
        ].join('\n'),
      ),
    );
    expect(problems.map((p) => [p.element, refusedConstructs([p])[0]])).toEqual([
      ['Complex', 'complex actions (Action, Process, Evaluate)'],
      ['Ghost', 'haunted roles'],
      ['Drifter', 'Unaligned roles'],
      ['Shared', 'ability sets'],
      ['Cult', "abilities of groups (a group's poll is a Poll element)"],
    ]);
  });

  it('finds references to undefined teams, groups, roles, attributes and locations', () => {
    const problems = problemsOf(
      withList(
        "**Actor** | Solo Power - Jesters\nStarting: Join 'Coven'\nEnd Night: Weakly Disguise @Self as 'Ghoul'\nEnd Day: Apply 'Cursed' to @Selection\nImmediate Day: Reveal @Self to #attic",
        '2: Werewolf, Wizard',
      ),
    );
    expect(problems.map((p) => p.problem)).toEqual(
      expect.arrayContaining([
        { kind: 'unknown-reference', referenceKind: 'group', name: 'Coven' },
        { kind: 'unknown-reference', referenceKind: 'role', name: 'Ghoul' },
        { kind: 'unknown-reference', referenceKind: 'attribute', name: 'Cursed' },
        { kind: 'unknown-reference', referenceKind: 'location', name: 'attic' },
        { kind: 'unknown-reference', referenceKind: 'role', name: 'Wizard' },
        { kind: 'no-team-for-role', role: 'Actor', team: 'Jesters' },
      ]),
    );
  });

  it('checks role lists: their size, unique roles and that there is one', () => {
    const unique = '**Seer** | Townsfolk Investigative\nUnique Role\nNo Abilities';
    expect(problemsOf(withList(unique, '3: Werewolf, Seer x2, Villager')).map((p) => p.problem)).toEqual([
      { kind: 'role-list-size', players: 3, roles: 4 },
      { kind: 'unique-role-repeated', role: 'Seer' },
    ]);
    expect(problemsOf(BASE).map((p) => p.problem)).toEqual([{ kind: 'no-role-list' }]);
  });

  it('says when text stands outside an element, an element is defined twice, or a trigger uses a selector out of context', () => {
    const problems = problemsOf(
      `stray words\n${withList('**Villager** | Townsfolk Miscellaneous\n\n**Sniper** | Townsfolk Killing\nStarting: Kill @Selection\nOn Death: Kill @Visitor')}`,
    );
    expect(problems.map((p) => p.problem)).toEqual([
      { kind: 'text-outside-element', text: 'stray words' },
      { kind: 'duplicate-element', name: 'Villager' },
      { kind: 'selector-out-of-context', selector: '@Selection', trigger: 'Starting' },
      { kind: 'selector-out-of-context', selector: '@Visitor', trigger: 'On Death' },
    ]);
    expect(problems.map(roleSetProblemLine)[0]).toBe(
      'rolesets/test.md line 1: "stray words" stands outside any element (an element starts with a **Name** line).',
    );
  });

  it('refuses a poll without options, voters or opening line, and one that opens on an unsupported trigger', () => {
    const problems = problemsOf(withList('**Vote** | Poll\nShow Voters: No\nEnd Day: Create Poll in #tavern'));
    expect(problems.map((p) => p.problem)).toEqual([
      { kind: 'not-supported', construct: { kind: 'poll-opening', written: 'End Day' } },
      { kind: 'missing-field', field: 'Available Options' },
      { kind: 'missing-field', field: 'Allowed Voters' },
      { kind: 'missing-field', field: 'Start Night|Day: Create Poll in #<Location>' },
    ]);
  });

  it('refuses Starting and action timings in an attribute', () => {
    const problems = problemsOf(withList("**Cursed** | Attribute\nStarting: Learn 'x'\nEnd Night: Kill @Selection\nOn Death: Announce 'cursed'"));
    expect(refusedConstructs(problems)).toEqual(['the trigger Starting in an attribute', 'the trigger End Night in an attribute']);
  });
});
