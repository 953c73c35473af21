import {
  type Action,
  type AttributeDefinition,
  type GroupDefinition,
  type LocationAudience,
  type LocationDefinition,
  type PhaseTime,
  type PollDefinition,
  type PollOption,
  PUBLIC_CHANNELS,
  ROLE_CATEGORIES,
  type RoleCategory,
  type RoleClass,
  type RoleDefinition,
  type RoleList,
  type RoleSet,
  type Selector,
  type TeamDefinition,
  type WinCondition,
} from './definitions.ts';
import { buildAction, extractMeta, LineFailure, parseSelector, parseTrigger, triggerName, type Reference, ReferenceSink, splitList } from './parse-ability.ts';
import type { RoleSetProblem, RoleSetProblemKind } from './problems.ts';

// A role-set file in the seed's own format, read into a typed RoleSet. Pure: the caller hands in the
// file's name and text. Every problem is collected (not just the first) with its file, line and element.
//
// A file is a list of elements, each opened by a `**Name**` line:
//   **Seer** | Townsfolk Investigative          a role (Solo roles: `| Solo Killing - Tanner`)
//   **Townsfolk**  + Win Condition: …            a team
//   **Wolfpack** | Werewolf Group                a group
//   **Lynch** | Poll                             a poll
//   **Graveyard**  + Sort Index/Members/Viewers  a location
//   **Lynched** | Attribute                      a custom attribute
//   **Classic** | Role List  + `9: Werewolf x2, …` the roles dealt for a number of players (our addition)
// Markdown headings (`# …`) and blank lines are layout. Before the first element, `First Phase: Night 1`
// (the default) or `Day 0` says how the game opens.

export type RoleSetParse = { readonly ok: true; readonly roleSet: RoleSet } | { readonly ok: false; readonly problems: readonly RoleSetProblem[] };

interface SourceLine {
  readonly text: string;
  readonly line: number;
}

interface RawElement {
  readonly name: string;
  readonly kind: string | null;
  readonly line: number;
  readonly body: readonly SourceLine[];
}

const HEADER = /^\*\*(.+?)\*\*\s*(?:\|\s*(.*?))?\s*$/;
const BULLET = /^\s*[•\-*]\s+/;
const NESTED_BULLET = /^\s*[‣◦·⁃⹀]/;

class Collector {
  readonly problems: RoleSetProblem[] = [];
  constructor(readonly file: string) {}
  add(line: number, element: string | null, problem: RoleSetProblemKind): void {
    this.problems.push({ file: this.file, line, element, problem });
  }
  /** Runs `read`, recording its LineFailure as a problem; returns undefined then. */
  attempt<T>(line: number, element: string | null, read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof LineFailure)) throw error;
      this.add(line, element, error.problem);
      return undefined;
    }
  }
}

interface PendingReference extends Reference {
  readonly line: number;
  readonly element: string;
}

export function parseRoleSet(file: string, text: string, name = file.replace(/^.*\//, '').replace(/\.[^.]*$/, '')): RoleSetParse {
  const problems = new Collector(file);
  const references: PendingReference[] = [];
  const sinkFor = (line: number, element: string) => {
    const sink = new ReferenceSink();
    return {
      sink,
      flush: () => {
        for (const r of sink.references) references.push({ ...r, line, element });
      },
    };
  };

  // Split into elements.
  const elements: RawElement[] = [];
  let firstPhase: { time: PhaseTime; number: number } = { time: 'Night', number: 1 };
  let current: { name: string; kind: string | null; line: number; body: SourceLine[] } | null = null;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trimEnd();
    if (trimmed.trim() === '' || /^#+\s/.test(trimmed)) return;
    const header = HEADER.exec(trimmed.trim());
    if (header) {
      if (current) elements.push(current);
      current = { name: header[1]!.trim(), kind: header[2]?.trim() || null, line, body: [] };
      return;
    }
    if (current) {
      current.body.push({ text: trimmed, line });
      return;
    }
    const phase = /^First Phase: (Night|Day) (\d+)$/.exec(trimmed.trim());
    if (phase) firstPhase = { time: phase[1] as PhaseTime, number: Number(phase[2]) };
    else problems.add(line, null, { kind: 'text-outside-element', text: trimmed.trim() });
  });
  if (current) elements.push(current);

  const roles = new Map<string, RoleDefinition>();
  const teams = new Map<string, TeamDefinition>();
  const groups = new Map<string, GroupDefinition>();
  const polls = new Map<string, PollDefinition>();
  const locations = new Map<string, LocationDefinition>();
  const attributes = new Map<string, AttributeDefinition>();
  const roleLists: RoleList[] = [];
  const names = new Set<string>();

  for (const element of elements) {
    const kind = elementKind(element);
    if (kind !== 'role list') {
      const key = `${kind === 'role' ? 'role' : kind}:${element.name}`;
      if (names.has(key)) {
        problems.add(element.line, element.name, { kind: 'duplicate-element', name: element.name });
        continue;
      }
      names.add(key);
    }
    switch (kind) {
      case 'role': {
        const role = readRole(element, problems, sinkFor);
        if (role) roles.set(role.name, role);
        break;
      }
      case 'team': {
        const team = readTeam(element, problems, sinkFor);
        if (team) teams.set(team.name, team);
        break;
      }
      case 'group': {
        const group = readGroup(element, problems, sinkFor);
        if (group) groups.set(group.name, group);
        break;
      }
      case 'poll': {
        const poll = readPoll(element, problems, sinkFor);
        if (poll) polls.set(poll.name, poll);
        break;
      }
      case 'location': {
        const location = readLocation(element, problems);
        if (location) locations.set(location.name, location);
        break;
      }
      case 'attribute': {
        const actions = readActions(element, problems, sinkFor, 'attribute');
        attributes.set(element.name, { name: element.name, line: element.line, actions });
        break;
      }
      case 'role list':
        roleLists.push(...readRoleLists(element, problems, sinkFor));
        break;
      case 'ability set':
        problems.add(element.line, element.name, { kind: 'not-supported', construct: { kind: 'ability-sets', written: '' } });
        break;
      case 'unclear':
        problems.add(element.line, element.name, { kind: 'unclear-element' });
        break;
    }
  }

  // Cross-references, once everything is known.
  const defined = (reference: Reference): boolean => {
    switch (reference.kind) {
      case 'team':
        return teams.has(reference.name);
      case 'group':
        return groups.has(reference.name);
      case 'role':
        return roles.has(reference.name);
      case 'attribute':
        return attributes.has(reference.name);
      case 'location':
        return locations.has(reference.name) || groups.has(reference.name) || (PUBLIC_CHANNELS as readonly string[]).includes(reference.name);
      case 'class':
        return ['Townsfolk', 'Werewolf', 'Solo'].includes(reference.name);
      case 'category':
        return (ROLE_CATEGORIES as readonly string[]).includes(reference.name);
    }
  };
  for (const reference of references) {
    if (!defined(reference))
      problems.add(reference.line, reference.element, { kind: 'unknown-reference', referenceKind: reference.kind, name: reference.name });
  }
  for (const role of roles.values()) {
    if (!teams.has(role.team)) problems.add(role.line, role.name, { kind: 'no-team-for-role', role: role.name, team: role.team });
  }
  for (const list of roleLists) {
    if (list.roles.length !== list.players)
      problems.add(list.line, `${list.players} players`, { kind: 'role-list-size', players: list.players, roles: list.roles.length });
    for (const role of new Set(list.roles)) {
      if (roles.get(role)?.unique && list.roles.filter((r) => r === role).length > 1) {
        problems.add(list.line, `${list.players} players`, { kind: 'unique-role-repeated', role });
      }
    }
  }
  if (roleLists.length === 0) problems.add(0, null, { kind: 'no-role-list' });

  if (problems.problems.length > 0) return { ok: false, problems: problems.problems };
  return { ok: true, roleSet: { name, file, firstPhase, roles, teams, groups, polls, locations, attributes, roleLists } };
}

const ROLE_CLASSES = ['Townsfolk', 'Werewolf', 'Solo', 'Unaligned', 'Extra'];

type ElementKind = 'role' | 'team' | 'group' | 'poll' | 'location' | 'attribute' | 'role list' | 'ability set' | 'unclear';

function elementKind(element: RawElement): ElementKind {
  if (element.kind === null) {
    const first = element.body[0]?.text.trim() ?? '';
    if (first.startsWith('Win Condition:')) return 'team';
    if (/^(Sort Index|Members|Viewers):/.test(first)) return 'location';
    return 'unclear';
  }
  if (element.kind === 'Poll') return 'poll';
  if (element.kind === 'Attribute') return 'attribute';
  if (element.kind === 'Role List') return 'role list';
  if (element.kind === 'Ability Set') return 'ability set';
  if (/ Group$/.test(element.kind)) {
    // `| Townsfolk Group` is also a role of the category Group: it is a group when the prefix is no role
    // class, or when it says Unique Group, or has no Unique Role and no ability lines.
    const prefix = element.kind.replace(/ Group$/, '');
    const lines = element.body.map((b) => b.text.trim());
    const roleLike = lines.includes('Unique Role') || lines.some((l) => l.includes(':'));
    if (!ROLE_CLASSES.includes(prefix) || lines.includes('Unique Group') || !roleLike) return 'group';
  }
  return 'role';
}

type SinkFor = (line: number, element: string) => { sink: ReferenceSink; flush: () => void };

/** The ability lines of a role or attribute: single lines, or a trigger line followed by bullets. */
function readActions(element: RawElement, problems: Collector, sinkFor: SinkFor, owner: 'role' | 'attribute', lines = element.body): Action[] {
  const actions: Action[] = [];
  let index = 0;
  while (index < lines.length) {
    const { text, line } = lines[index]!;
    index += 1;
    const bullets: SourceLine[] = [];
    while (index < lines.length && (BULLET.test(lines[index]!.text) || NESTED_BULLET.test(lines[index]!.text))) bullets.push(lines[index++]!);
    const trimmed = text.trim();
    if (trimmed === 'No Abilities') continue;
    const { sink, flush } = sinkFor(line, element.name);
    const action = problems.attempt(line, element.name, () => {
      const colon = trimmed.indexOf(':');
      if (colon < 0) throw new LineFailure({ kind: 'malformed', what: 'ability-line', text: trimmed });
      const trigger = parseTrigger(trimmed.slice(0, colon));
      // An attribute is applied during the game and chosen by no one: it has no Starting and no action timings.
      if (owner === 'attribute' && (trigger.kind === 'action' || trigger.kind === 'starting'))
        throw new LineFailure({ kind: 'not-supported', construct: { kind: 'attribute-trigger', written: triggerName(trigger) } });
      if (trigger.kind === 'on-poll-closed') throw new LineFailure({ kind: 'not-supported', construct: { kind: 'poll-closed-outside-poll', written: '' } });
      const { rest, meta } = extractMeta(trimmed.slice(colon + 1), sink);
      let texts: string[];
      if (bullets.length > 0) {
        if (rest !== '') throw new LineFailure({ kind: 'malformed', what: 'bulleted-trigger-line', text: trimmed });
        texts = bullets.map((b) => {
          if (NESTED_BULLET.test(b.text) || /^(Action|Process|Evaluate|Feedback):/.test(b.text.replace(BULLET, ''))) {
            throw new LineFailure({ kind: 'not-supported', construct: { kind: 'complex-actions', written: 'Action, Process, Evaluate' } });
          }
          return b.text.replace(BULLET, '');
        });
      } else {
        if (rest === '') throw new LineFailure({ kind: 'malformed', what: 'ability-line', text: trimmed });
        texts = [rest];
      }
      // A role's actions are `<Role>#n` (what a player names in a command); an attribute's and a poll's are
      // kept apart from them, so an attribute named like a role never shares its uses.
      const prefix = owner === 'attribute' ? `Attribute:${element.name}` : element.name;
      return buildAction(`${prefix}#${actions.length + 1}`, line, trigger, meta, texts, sink);
    });
    if (action) {
      actions.push(action);
      flush();
    }
  }
  return actions;
}

function readRole(element: RawElement, problems: Collector, sinkFor: SinkFor): RoleDefinition | undefined {
  const header = /^(\w+) (\w+)(?: - (.+))?$/.exec(element.kind!);
  if (!header) {
    problems.add(element.line, element.name, { kind: 'malformed', what: 'role-header', text: element.kind! });
    return undefined;
  }
  const [, roleClass, category, soloTeam] = header as unknown as [string, string, string, string | undefined];
  if (roleClass === 'Unaligned' || roleClass === 'Extra') {
    problems.add(element.line, element.name, { kind: 'not-supported', construct: { kind: 'role-class', written: roleClass } });
    return undefined;
  }
  if (!['Townsfolk', 'Werewolf', 'Solo'].includes(roleClass)) {
    problems.add(element.line, element.name, { kind: 'unknown-role-class', written: roleClass });
    return undefined;
  }
  if (!(ROLE_CATEGORIES as readonly string[]).includes(category)) {
    problems.add(element.line, element.name, { kind: 'unknown-category', written: category });
    return undefined;
  }
  if ((roleClass === 'Solo') !== (soloTeam !== undefined)) {
    problems.add(element.line, element.name, {
      kind: 'malformed',
      what: 'solo-team',
      text: element.kind!,
    });
    return undefined;
  }
  let unique = false;
  const abilityLines: SourceLine[] = [];
  for (const source of element.body) {
    const t = source.text.trim();
    if (t === 'Unique Role') unique = true;
    else if (t === 'Haunted Role') problems.add(source.line, element.name, { kind: 'not-supported', construct: { kind: 'haunted-roles', written: '' } });
    else abilityLines.push(source);
  }
  const actions = readActions(element, problems, sinkFor, 'role', abilityLines);
  return {
    name: element.name,
    line: element.line,
    roleClass: roleClass as RoleClass,
    category: category as RoleCategory,
    team: soloTeam ?? roleClass,
    unique,
    actions,
  };
}

function readTeam(element: RawElement, problems: Collector, sinkFor: SinkFor): TeamDefinition | undefined {
  const winConditions: WinCondition[] = [];
  for (const { text, line } of element.body) {
    const t = text.trim();
    const { sink, flush } = sinkFor(line, element.name);
    if (!t.startsWith('Win Condition:')) {
      problems.add(line, element.name, { kind: 'not-supported', construct: { kind: 'team-abilities', written: '' } });
      continue;
    }
    const condition = problems.attempt(line, element.name, () => parseWinCondition(t.slice('Win Condition:'.length).trim(), sink));
    if (condition) {
      winConditions.push(condition);
      flush();
    }
  }
  return { name: element.name, line: element.line, winConditions };
}

function parseCountSide(text: string, sink: ReferenceSink): Selector | number {
  const t = text.trim();
  if (/^\d+$/.test(t)) return Number(t);
  const count = /^(.+)->Count$/.exec(t);
  if (!count) throw new LineFailure({ kind: 'malformed', what: 'count', text: t });
  return parseSelector(count[1]!, sink);
}

/** `<Target List>` (the seed's form), `<Target>->Count <op> <Target>->Count|<n>`, or `<Target> exists`. */
export function parseWinCondition(text: string, sink: ReferenceSink): WinCondition {
  const exists = /^(.+) exists$/.exec(text);
  if (exists) return { kind: 'exists', selector: parseSelector(exists[1]!, sink) };
  const compare = /^(.+?->Count) (>=|<=|>|<|=) (.+)$/.exec(text);
  if (compare) {
    const left = parseCountSide(compare[1]!, sink);
    if (typeof left === 'number') throw new LineFailure({ kind: 'malformed', what: 'win-condition', text });
    return { kind: 'compare', left, op: compare[2] as '>', right: parseCountSide(compare[3]!, sink) };
  }
  return { kind: 'all-living-match', selectors: splitList(text).map((item) => parseSelector(item, sink)) };
}

function readGroup(element: RawElement, problems: Collector, sinkFor: SinkFor): GroupDefinition | undefined {
  const team = element.kind!.replace(/ Group$/, '');
  const { sink, flush } = sinkFor(element.line, element.name);
  sink.add('team', team);
  flush();
  let unique = false;
  for (const { text, line } of element.body) {
    const t = text.trim();
    if (t === 'Unique Group') unique = true;
    else if (t !== 'No Abilities') problems.add(line, element.name, { kind: 'not-supported', construct: { kind: 'group-abilities', written: '' } });
  }
  return { name: element.name, line: element.line, team, unique };
}

function readPoll(element: RawElement, problems: Collector, sinkFor: SinkFor): PollDefinition | undefined {
  let options: PollOption[] | null = null;
  let voters: Selector[] | null = null;
  let showVoters = true;
  let random: Selector = { kind: 'all' };
  let opens: PollDefinition['opens'] = null;
  let onClosed: Action | null = null;
  for (const { text, line } of element.body) {
    const t = text.trim();
    const { sink, flush } = sinkFor(line, element.name);
    const read = problems.attempt(line, element.name, () => {
      let m: RegExpExecArray | null;
      if ((m = /^Available Options: (.+)$/.exec(t))) {
        options = splitList(m[1]!).map((item): PollOption => {
          if (item === 'Abstain') return { kind: 'abstain' };
          if (item === 'Random') return { kind: 'random' };
          return { kind: 'players', selector: parseSelector(item, sink) };
        });
      } else if ((m = /^Allowed Voters: (.+)$/.exec(t))) voters = splitList(m[1]!).map((item) => parseSelector(item, sink));
      else if ((m = /^Show Voters: (Yes|No)$/.exec(t))) showVoters = m[1] === 'Yes';
      else if ((m = /^Random: (.+)$/.exec(t))) random = parseSelector(m[1]!, sink);
      else if ((m = /^(?:Passive )?Start (Night|Day): Create Poll in #(\S+)( as .+)?$/.exec(t))) {
        if (m[3] !== undefined) throw new LineFailure({ kind: 'not-supported', construct: { kind: 'poll-named-on-opening', written: m[3].trim() } });
        sink.add('location', m[2]!);
        opens = { timing: 'Start', time: m[1] as PhaseTime, location: m[2]! };
      } else if ((m = /^On Poll Closed: (.+)$/.exec(t))) {
        const { rest, meta } = extractMeta(m[1]!, sink);
        onClosed = buildAction(`Poll:${element.name}#closed`, line, { kind: 'on-poll-closed' }, meta, [rest], sink);
      } else if (/^[\w ]+: Create Poll\b/.test(t)) {
        throw new LineFailure({ kind: 'not-supported', construct: { kind: 'poll-opening', written: t.slice(0, t.indexOf(':')) } });
      } else throw new LineFailure({ kind: 'malformed', what: 'poll-line', text: t });
      return true;
    });
    if (read) flush();
  }
  if (options === null) problems.add(element.line, element.name, { kind: 'missing-field', field: 'Available Options' });
  if (voters === null) problems.add(element.line, element.name, { kind: 'missing-field', field: 'Allowed Voters' });
  // Polls open only on their own opening line (creating one by an ability is refused): without it, it never runs.
  if (opens === null) problems.add(element.line, element.name, { kind: 'missing-field', field: 'Start Night|Day: Create Poll in #<Location>' });
  if (options === null || voters === null || opens === null) return undefined;
  return { name: element.name, line: element.line, options, voters, showVoters, random, opens, onClosed };
}

function readAudience(text: string): LocationAudience[] {
  const t = text.trim().replace(/^\*(None|All)\*$/, '$1');
  return splitList(t).map((item) => {
    if (item === 'Alive' || item === 'Dead' || item === 'All' || item === 'None') return item;
    if (item === 'Ghost' || item === 'Substitute') throw new LineFailure({ kind: 'not-supported', construct: { kind: 'player-type', written: item } });
    throw new LineFailure({ kind: 'malformed', what: 'player-type', text: item });
  });
}

function readLocation(element: RawElement, problems: Collector): LocationDefinition | undefined {
  let sortIndex = 0;
  let members: LocationAudience[] = ['None'];
  let viewers: LocationAudience[] = ['None'];
  for (const { text, line } of element.body) {
    const t = text.trim();
    problems.attempt(line, element.name, () => {
      let m: RegExpExecArray | null;
      if ((m = /^Sort Index: (-?\d+)$/.exec(t))) sortIndex = Number(m[1]);
      else if ((m = /^Members: (.+)$/.exec(t))) members = readAudience(m[1]!);
      else if ((m = /^Viewers: (.+)$/.exec(t))) viewers = readAudience(m[1]!);
      else throw new LineFailure({ kind: 'malformed', what: 'location-line', text: t });
    });
  }
  return { name: element.name, line: element.line, sortIndex, members, viewers };
}

function readRoleLists(element: RawElement, problems: Collector, sinkFor: SinkFor): RoleList[] {
  const lists: RoleList[] = [];
  for (const { text, line } of element.body) {
    const t = text.trim();
    const { sink, flush } = sinkFor(line, element.name);
    const list = problems.attempt(line, element.name, () => {
      const m = /^(\d+): (.+)$/.exec(t);
      if (!m) throw new LineFailure({ kind: 'malformed', what: 'role-list-line', text: t });
      const roles = splitList(m[2]!).flatMap((item) => {
        const times = /^(.+?) x(\d+)$/.exec(item);
        const role = times ? times[1]! : item;
        sink.add('role', role);
        return Array.from({ length: times ? Number(times[2]) : 1 }, () => role);
      });
      return { players: Number(m[1]), line, roles };
    });
    if (list) {
      lists.push(list);
      flush();
    }
  }
  return lists;
}
