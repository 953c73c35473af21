import type {
  Ability,
  AbilityKind,
  Action,
  DefendedKilling,
  Duration,
  PlayerFilter,
  Restriction,
  Scaling,
  Selector,
  Trigger,
  VotingPower,
} from './definitions.ts';
import type { MalformedPart, ReferenceKind, RefusedKind, RoleSetProblemKind } from './problems.ts';

// One ability line of the seed's language (trigger, ability type, restrictions, compulsion, scaling,
// prompt) read into a typed Action. A line that does not read throws a LineFailure with a typed
// problem; a construct the narrator does not run is refused by its name.

export class LineFailure extends Error {
  constructor(readonly problem: RoleSetProblemKind) {
    super(problem.kind);
  }
}

const refuse = (kind: RefusedKind, written = ''): never => {
  throw new LineFailure({ kind: 'not-supported', construct: { kind, written } });
};
const malformed = (what: MalformedPart, text: string): never => {
  throw new LineFailure({ kind: 'malformed', what, text });
};

/** A name the role set must define, checked once the whole file is read. */
export interface Reference {
  readonly kind: ReferenceKind;
  readonly name: string;
}

/** Collects the references of the line being read. */
export class ReferenceSink {
  readonly references: Reference[] = [];
  add(kind: ReferenceKind, name: string): void {
    this.references.push({ kind, name });
  }
}

/** Splits on commas outside parentheses: `@(Role:A,Align:B), Abstain` is two items. */
export function splitList(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(' || char === '[') depth += 1;
    if (char === ')' || char === ']') depth -= 1;
    if (char === ',' && depth === 0) {
      items.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim() !== '') items.push(current.trim());
  return items;
}

const PLAIN_SELECTORS: Readonly<Record<string, Selector>> = {
  '@Self': { kind: 'self' },
  '@Selection': { kind: 'selection' },
  '@Selection[Player]': { kind: 'selection' },
  '@Target': { kind: 'target' },
  '@All': { kind: 'all' },
  '@Alive': { kind: 'all' },
  '@Others': { kind: 'others' },
  '@Dead': { kind: 'dead' },
  '@DeadAlive': { kind: 'dead-alive' },
  '@Attacker': { kind: 'attacker' },
  '@Visitor': { kind: 'visitor' },
  '@Winner': { kind: 'winner' },
};

const FILTER_REFERENCES: Readonly<Record<PlayerFilter['field'], ReferenceKind>> = {
  Attr: 'attribute',
  Group: 'group',
  Align: 'team',
  Role: 'role',
  Cat: 'category',
  Class: 'class',
};

export function parseSelector(text: string, sink: ReferenceSink): Selector {
  const written = text.trim();
  const plain = PLAIN_SELECTORS[written];
  if (plain) return plain;
  if (written.includes('->')) return refuse('property-access', written);
  if (written.startsWith('%')) return refuse('host-information', written);
  if (written.startsWith('&')) {
    const team = written.slice(1);
    if (!/^[\w -]+$/.test(team) || ['All', 'Self', 'Ind'].includes(team) || team.startsWith('(')) return refuse('target-type', written);
    sink.add('team', team);
    return { kind: 'team', team };
  }
  if (written.startsWith('#')) {
    const group = written.slice(1);
    if (group.includes(':')) return refuse('group-instance', written);
    sink.add('group', group);
    return { kind: 'group', group };
  }
  const advanced = /^@\((.+)\)$/.exec(written);
  if (advanced) {
    const filters: PlayerFilter[] = [];
    let aliveOnly = true;
    for (const part of advanced[1]!.split(',')) {
      const match = /^(\w+):(!?)(.+)$/.exec(part.trim());
      if (!match) return malformed('target-type', written);
      const [, field, bang, raw] = match as unknown as [string, string, string, string];
      const value = raw.replace(/-/g, ' ');
      if (field === 'AliveOnly') {
        if (value !== 'True' && value !== 'False') return malformed('target-type', written);
        aliveOnly = value === 'True';
        continue;
      }
      if (!(field in FILTER_REFERENCES)) return refuse('target-filter', field);
      const typed = field as PlayerFilter['field'];
      sink.add(FILTER_REFERENCES[typed], value);
      filters.push({ field: typed, value, negated: bang === '!' });
    }
    return { kind: 'filter', filters, aliveOnly };
  }
  if (/^@\w+(\[\w+\])?$/.test(written)) return refuse('target-type', written);
  return malformed('target-type', written);
}

const DURATIONS: Readonly<Record<string, Duration>> = {
  '~Permanent': 'Permanent',
  '~Persistent': 'Persistent',
  '~Phase': 'Phase',
  '~NextDay': 'NextDay',
  '~NextNight': 'NextNight',
  '~UntilUse': 'UntilUse',
  '~UntilSecondUse': 'UntilSecondUse',
};

export function parseDuration(text: string | undefined, fallback: Duration = 'Permanent'): Duration {
  if (text === undefined) return fallback;
  const duration = DURATIONS[text.trim()];
  if (duration) return duration;
  if (/^~\w+$/.test(text.trim())) return refuse('duration', text.trim());
  return malformed('duration', text);
}

const ABILITY_KINDS: Readonly<Record<string, AbilityKind>> = {
  killing: 'Killing',
  investigating: 'Investigating',
  investigation: 'Investigating',
  targeting: 'Targeting',
  protecting: 'Protecting',
  protection: 'Protecting',
  disguising: 'Disguising',
  applying: 'Applying',
  redirecting: 'Redirecting',
  'vote manipulating': 'Vote Manipulating',
  joining: 'Joining',
  announcements: 'Announcements',
  counting: 'Counting',
  obstructing: 'Obstructing',
};

export function parseAbilityKind(text: string): AbilityKind {
  const kind = ABILITY_KINDS[text.trim().toLowerCase()];
  return kind ?? malformed('ability-type', text);
}

const DEFENDED: readonly DefendedKilling[] = ['Attacks', 'Kills', 'Lynches', 'Attacks & Lynches', 'All'];

/** Ability types of the seed refused by their first words: what kind of construct, and its name. */
const REFUSED_ABILITIES: readonly [RegExp, RefusedKind, string][] = [
  [/^True Banish\b/, 'killing-subtype', 'True Banish'],
  [/^Banish\b/, 'killing-subtype', 'Banish'],
  [/^Whisper\b/, 'ability-type', 'Whispering'],
  [/^(Grant|Revoke|Transfer)\b/, 'ability-type', 'Granting'],
  [/^Loyalty\b/, 'ability-type', 'Loyalty'],
  [/^(Add|Create|Cancel|Delete|Manipulate) '[^']*' Poll\b/, 'ability-type', 'Poll Manipulating'],
  [/^(Role|Alignment|Group) Change\b/, 'ability-type', 'Changing'],
  [/^Copy\b/, 'ability-type', 'Copying'],
  [/^'[^']*' Choice\b/, 'ability-type', 'Choices'],
  [/^(Ascend|Descend)$/, 'ability-type', 'Ascend Descend'],
  [/^Disband\b/, 'ability-type', 'Disband'],
  [/^Conversation Reset\b/, 'ability-type', 'Conversation Reset'],
  [/^Cancel\b/, 'ability-type', 'Cancel'],
  [/^Switch with\b/, 'ability-type', 'Switching'],
  [/^Shuffle\b/, 'ability-type', 'Shuffle'],
  [/^Emit\b/, 'ability-type', 'Emitting'],
  [/^(Display|Update) '/, 'ability-type', 'Displaying'],
  [/^Change '[^']*' value\b/, 'ability-form', "Change '<Attribute>' value"],
  [/^Investigate .+ (Player )?Count\b/, 'ability-form', 'Investigate <Target> Count'],
  [/^For Each\b/, 'complex-actions', 'For Each'],
];

/** The text between the first pair of quotes, or the text itself. */
const unquote = (text: string): string => text.trim().replace(/^'(.*)'$/, '$1');

export function parseAbility(text: string, sink: ReferenceSink): Ability {
  const t = text.trim();
  if (t === '*Nothing*' || t === 'Nothing') return { kind: 'Nothing' };
  for (const [pattern, kind, name] of REFUSED_ABILITIES) if (pattern.test(t)) return refuse(kind, name);
  let m: RegExpExecArray | null;
  if ((m = /^(True Kill|Kill|Attack|Lynch) (\S+)$/.exec(t))) {
    return { kind: 'Killing', subtype: m[1] as 'Kill', target: parseSelector(m[2]!, sink) };
  }
  if ((m = /^(Role|Alignment|Category|Class) Investigate (\S+)(?: \(([^)]*)\))?$/.exec(t))) {
    const effects = (m[3] ?? '').split(',').map((e) => e.trim());
    for (const effect of effects) if (effect !== '' && effect !== 'WD' && effect !== 'SD') malformed('disguise-level', m[3]!);
    return {
      kind: 'Investigating',
      subtype: m[1] as 'Role',
      target: parseSelector(m[2]!, sink),
      fooledByWeak: effects.includes('WD'),
      fooledByStrong: effects.includes('SD'),
    };
  }
  if ((m = /^Attribute Investigate (\S+) for '([^']+)'$/.exec(t))) {
    sink.add('attribute', m[2]!);
    return { kind: 'Investigating', subtype: 'Attribute', target: parseSelector(m[1]!, sink), attribute: m[2]! };
  }
  if (t === 'Untarget') return { kind: 'Targeting', target: null };
  if ((m = /^Target (\S+)(?: \((\w+)\))?$/.exec(t))) {
    if (m[2] !== undefined && m[2] !== 'Player') refuse('targeting-type', m[2]);
    return { kind: 'Targeting', target: parseSelector(m[1]!, sink) };
  }
  if ((m = /^(Weakly|Strongly) Disguise (\S+) as '([^']+)'(?: \((~\w+)\))?$/.exec(t))) {
    sink.add('role', m[3]!);
    return {
      kind: 'Disguising',
      strength: m[1] === 'Weakly' ? 'weak' : 'strong',
      target: parseSelector(m[2]!, sink),
      role: m[3]!,
      duration: parseDuration(m[4]),
    };
  }
  if ((m = /^Protect (\S+) from '([^']+)'(?: by (\S+))? through (.+?)(?: during (Night|Day))?(?: \((~\w+)\))?$/.exec(t))) {
    const from = DEFENDED.find((d) => d === m![2]) ?? malformed('defended-killing', m[2]!);
    const through = m[4]!;
    const defense = through === 'Active Defense' ? 'Active' : through === 'Passive Defense' ? 'Passive' : null;
    if (defense === null) {
      if (/^(Partial Defense|Recruitment Defense|Absence at .+)$/.test(through)) refuse('protection-subtype', through.replace(/ at .*/, ''));
      malformed('protection-subtype', through);
    }
    return {
      kind: 'Protecting',
      target: parseSelector(m[1]!, sink),
      from,
      by: m[3] === undefined ? null : parseSelector(m[3], sink),
      defense: defense!,
      during: (m[5] as 'Night' | undefined) ?? null,
      duration: parseDuration(m[6]),
    };
  }
  if ((m = /^Apply '([^']+)' to (\S+)(?: \((~\w+)\))?(?: \((.*)\))?$/.exec(t))) {
    if (m[4] !== undefined) refuse('ability-form', 'Apply … (<AdditionalAttributeData>)');
    sink.add('attribute', m[1]!);
    return { kind: 'Applying', mode: 'apply', attribute: m[1]!, target: parseSelector(m[2]!, sink), duration: parseDuration(m[3]) };
  }
  if ((m = /^Remove '([^']+)' from (\S+)$/.exec(t))) {
    sink.add('attribute', m[1]!);
    return { kind: 'Applying', mode: 'remove', attribute: m[1]!, target: parseSelector(m[2]!, sink) };
  }
  if ((m = /^Redirect '([^']+)'(?: from (\S+))? to (\S+)(?: \((~\w+)\))?$/.exec(t))) {
    const written = m[1]!.toLowerCase();
    const abilities = written === 'all' ? 'all' : written === 'non-killing' ? 'non-killing' : parseAbilityKind(m[1]!);
    return {
      kind: 'Redirecting',
      abilities,
      from: m[2] === undefined ? null : parseSelector(m[2], sink),
      to: parseSelector(m[3]!, sink),
      duration: parseDuration(m[4]),
    };
  }
  if ((m = /^Manipulate (\S+?)'s '([^']+)' (to|by) '(-?\d+)'(?: \((~\w+)\))?$/.exec(t))) {
    const power = m[2]!.toLowerCase();
    if (power === 'special public voting power') refuse('voting-power', m[2]!);
    if (power !== 'public voting power' && power !== 'private voting power') malformed('voting-power', m[2]!);
    return {
      kind: 'Vote Manipulating',
      target: parseSelector(m[1]!, sink),
      power: power as VotingPower,
      mode: m[3] as 'to' | 'by',
      value: Number(m[4]),
      duration: parseDuration(m[5]),
    };
  }
  if ((m = /^Join '([^']+)'(?: as '([^']+)')?(?: \((~\w+)\))?$/.exec(t)) || (m = /^Add (\S+) to '([^']+)'(?: as '([^']+)')?(?: \((~\w+)\))?$/.exec(t))) {
    const join = t.startsWith('Join');
    const group = join ? m[1]! : m[2]!;
    const membership = join ? m[2] : m[3];
    if (membership !== undefined && membership !== 'Member') refuse('membership-type', membership);
    sink.add('group', group);
    const target: Selector = join ? { kind: 'self' } : parseSelector(m[1]!, sink);
    return { kind: 'Joining', mode: 'join', group, target, duration: parseDuration(join ? m[3] : m[4], 'Persistent') };
  }
  if ((m = /^Leave '([^']+)'$/.exec(t)) || (m = /^Remove (\S+) from '([^']+)'$/.exec(t))) {
    const leave = t.startsWith('Leave');
    const group = leave ? m[1]! : m[2]!;
    sink.add('group', group);
    return { kind: 'Joining', mode: 'leave', group, target: leave ? { kind: 'self' } : parseSelector(m[1]!, sink), duration: 'Persistent' };
  }
  if ((m = /^Reveal (\S+) to (\S+)$/.exec(t))) {
    const to = m[2]!;
    if (!to.startsWith('#')) refuse('ability-form', 'Reveal … to <Target>');
    sink.add('location', to.slice(1));
    return { kind: 'Announcements', mode: 'reveal', target: parseSelector(m[1]!, sink), to: to.slice(1) };
  }
  if ((m = /^(Announce|Learn|Know) (.+)$/.exec(t))) {
    return { kind: 'Announcements', mode: m[1]!.toLowerCase() as 'learn', text: unquote(m[2]!) };
  }
  if ((m = /^(Increment|Decrement) Counter(?: for (\S+))?(?: by (\S+))?$/.exec(t))) {
    const value = m[3] === undefined ? 1 : Number(m[3]);
    if (!Number.isInteger(value)) refuse('counter-value', m[3]);
    return { kind: 'Counting', mode: m[1]!.toLowerCase() as 'increment', value, target: m[2] === undefined ? null : parseSelector(m[2], sink) };
  }
  if ((m = /^Set Counter to (\S+)(?: for (\S+))?$/.exec(t))) {
    const value = Number(m[1]);
    if (!Number.isInteger(value)) refuse('counter-value', m[1]);
    return { kind: 'Counting', mode: 'set', value, target: m[2] === undefined ? null : parseSelector(m[2], sink) };
  }
  if (/^Obstruct .*⇒/.test(t)) refuse('ability-form', 'Obstruct … ⇒ <Feedback>');
  if ((m = /^Obstruct (?:(.+) for )?(\S+)(?: \((~\w+)\))?$/.exec(t))) {
    return {
      kind: 'Obstructing',
      abilities: m[1] === undefined ? 'all' : parseAbilityKind(m[1]),
      target: parseSelector(m[2]!, sink),
      duration: parseDuration(m[3]),
    };
  }
  return malformed('ability', t);
}

const ACTION_TIMING = /^(Start|End|Immediate) (Night|Day|Phase)$/;
const PASSIVE_TIMING = /^Passive (Start|End) (Night|Day|Phase)$/;

export function parseTrigger(text: string): Trigger {
  const t = text.trim();
  let m: RegExpExecArray | null;
  if ((m = ACTION_TIMING.exec(t))) return { kind: 'action', timing: m[1] as 'Start', time: m[2] as 'Night' };
  if (t === 'Immediate') return { kind: 'action', timing: 'Immediate', time: 'Phase' };
  if (t === 'Starting') return { kind: 'starting' };
  if (t === 'Passive') return { kind: 'passive' };
  if ((m = PASSIVE_TIMING.exec(t))) return { kind: 'passive-phase', timing: m[1] as 'Start', time: m[2] as 'Night' };
  if (t === 'On Death') return { kind: 'on-death' };
  if (t === 'On Killed') return { kind: 'on-killed' };
  if (t === 'On Lynch') return { kind: 'on-lynch' };
  if (t === 'On Poll Closed') return { kind: 'on-poll-closed' };
  if ((m = /^On Visited(?: \[([^\]]+)\])?$/.exec(t))) return { kind: 'on-visited', abilityType: m[1] === undefined ? null : parseAbilityKind(m[1]) };
  if (/^(Pre-End (Night|Day)|On .+|Inherit|Require|Role Attribute|Choice .+ Chosen)$/.test(t)) return refuse('trigger', t);
  return malformed('trigger', t);
}

/** A restriction, or null for `Status: Alive` (the default). */
function parseRestriction(text: string, sink: ReferenceSink): Restriction | null {
  const t = text.trim();
  let m: RegExpExecArray | null;
  if ((m = /^Temporal: (Night|Day) (\d+)(\+?)$/.exec(t))) return { kind: 'temporal', time: m[1] as 'Night', number: Number(m[2]), orLater: m[3] === '+' };
  if (t === 'Succession: No Succession') return { kind: 'no-succession' };
  if (t === 'Succession: No Target Succession') return { kind: 'no-target-succession' };
  if ((m = /^Quantity: (\d+)$/.exec(t))) return { kind: 'quantity', uses: Number(m[1]) };
  if ((m = /^Attribute: (has|lacks) '?([^']+?)'?$/.exec(t))) {
    sink.add('attribute', m[2]!);
    return { kind: 'attribute', has: m[1] === 'has', attribute: m[2]! };
  }
  if (/^Attribute: \S+ (has|lacks) /.test(t)) return refuse('restriction', t);
  if (/^Condition:/.test(t)) return refuse('restriction', 'Condition');
  if (t === 'Status: Alive') return null;
  if (/^Status: (Ghostly|Any)$/.test(t)) return refuse('restriction', t);
  return malformed('restriction', t);
}

function parseScaling(text: string): Scaling {
  const t = text.trim();
  let m: RegExpExecArray | null;
  if ((m = /^x(\d+)$/.exec(t))) return { kind: 'times', times: Number(m[1]) };
  if ((m = /^\$(total|living)\/(\d+)$/.exec(t))) return { kind: 'per-players', count: m[1] as 'total', per: Number(m[2]) };
  if (/⇒|^Odd:|^Even:/.test(t)) return refuse('scaling', t);
  return malformed('scaling', t);
}

const RESTRICTION_START = /^(Temporal|Attribute|Succession|Quantity|Condition|Status):/;

/** The meta parts of a trigger line: [restrictions] {compulsion} ⟨scaling⟩ |prompt|, removed from the ability text. */
export interface ActionMeta {
  readonly restrictions: Restriction[];
  readonly forced: boolean;
  readonly direct: boolean;
  readonly visitless: boolean;
  readonly scaling: Scaling;
  readonly prompt: string | null;
}

export function extractMeta(text: string, sink: ReferenceSink): { readonly rest: string; readonly meta: ActionMeta } {
  let rest = text;
  const restrictions: Restriction[] = [];
  let forced = false;
  let direct = false;
  let visitless = false;
  let scaling: Scaling = { kind: 'times', times: 1 };
  let prompt: string | null = null;
  const promptMatch = /\s*\|([^|]*)\|\s*$/.exec(rest);
  if (promptMatch) {
    prompt = promptMatch[1]!.replace(/^silent:/, '').trim();
    rest = rest.slice(0, promptMatch.index);
  }
  rest = rest.replace(/\s*\[([^\]]*)\]/g, (whole, inner: string) => {
    if (!RESTRICTION_START.test(inner.trim())) return whole;
    for (const item of splitList(inner)) {
      const restriction = parseRestriction(item, sink);
      if (restriction !== null) restrictions.push(restriction);
    }
    return '';
  });
  rest = rest.replace(/\s*\{([^}]*)\}/g, (_whole, inner: string) => {
    for (const item of splitList(inner)) {
      if (item === 'Forced') forced = true;
      else if (item === 'Direct') direct = true;
      else if (item === 'Visitless') visitless = true;
      else if (/^Forced:/.test(item)) refuse('compulsion', 'Forced: <Default Target>');
      else if (item === 'Repeating') refuse('compulsion', 'Repeating');
      else malformed('compulsion', item);
    }
    return '';
  });
  rest = rest.replace(/\s*⟨([^⟩]*)⟩/g, (_whole, inner: string) => {
    scaling = parseScaling(inner);
    return '';
  });
  return { rest: rest.trim(), meta: { restrictions, forced, direct, visitless, scaling, prompt } };
}

/** Builds an action from its trigger, meta and ability texts. */
export function buildAction(id: string, line: number, trigger: Trigger, meta: ActionMeta, abilityTexts: readonly string[], sink: ReferenceSink): Action {
  const abilities = abilityTexts.map((text) => parseAbility(text, sink));
  checkSelectorContext(trigger, abilities);
  return { id, line, trigger, abilities, ...meta };
}

const CONTEXT_SELECTORS: readonly [Selector['kind'], string, readonly Trigger['kind'][]][] = [
  ['attacker', '@Attacker', ['on-death', 'on-killed', 'on-lynch']],
  ['visitor', '@Visitor', ['on-visited']],
  ['winner', '@Winner', ['on-poll-closed']],
];

function selectorsOf(ability: Ability): Selector[] {
  const found: (Selector | null | undefined)[] = [];
  if ('target' in ability) found.push(ability.target);
  if (ability.kind === 'Protecting') found.push(ability.by);
  if (ability.kind === 'Redirecting') found.push(ability.from, ability.to);
  return found.filter((s): s is Selector => s !== null && s !== undefined);
}

function checkSelectorContext(trigger: Trigger, abilities: readonly Ability[]): void {
  for (const selector of abilities.flatMap(selectorsOf)) {
    for (const [kind, written, triggers] of CONTEXT_SELECTORS) {
      if (selector.kind === kind && !triggers.includes(trigger.kind)) {
        throw new LineFailure({ kind: 'selector-out-of-context', selector: written, trigger: triggerName(trigger) });
      }
    }
    if (selector.kind === 'selection' && trigger.kind !== 'action') {
      throw new LineFailure({ kind: 'selector-out-of-context', selector: '@Selection', trigger: triggerName(trigger) });
    }
  }
}

export function triggerName(trigger: Trigger): string {
  switch (trigger.kind) {
    case 'action':
      return trigger.timing === 'Immediate' && trigger.time === 'Phase' ? 'Immediate' : `${trigger.timing} ${trigger.time}`;
    case 'starting':
      return 'Starting';
    case 'passive':
      return 'Passive';
    case 'passive-phase':
      return `Passive ${trigger.timing} ${trigger.time}`;
    case 'on-death':
      return 'On Death';
    case 'on-killed':
      return 'On Killed';
    case 'on-lynch':
      return 'On Lynch';
    case 'on-visited':
      return trigger.abilityType === null ? 'On Visited' : `On Visited [${trigger.abilityType}]`;
    case 'on-poll-closed':
      return 'On Poll Closed';
  }
}

/** Whether the action needs the player to name a player. */
export function needsSelection(action: Action): boolean {
  return action.abilities.some((ability) => selectorsOf(ability).some((s) => s.kind === 'selection'));
}

export { selectorsOf };
