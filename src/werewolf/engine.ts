import type {
  Ability,
  AbilityKind,
  Action,
  DefendedKilling,
  Duration,
  KillingSubtype,
  PlayerFilter,
  PollDefinition,
  RoleDefinition,
  RoleSet,
  Selector,
  Trigger,
  WinCondition,
} from './definitions.ts';
import { needsSelection } from './parse-ability.ts';
import { phaseAt } from './phases.ts';
import { Dice } from './random.ts';
import type {
  Attribute,
  AttributeValues,
  Audience,
  AvailableAction,
  Command,
  Effect,
  EffectBody,
  GameState,
  Phase,
  PlayerState,
  PollState,
  Refusal,
  StepResult,
  Submission,
} from './state.ts';

// The narrator: runs a role set's abilities on a game state. Pure and deterministic: every step
// copies the state, applies one command, and returns the new state with typed effects (whom each
// is for is in its audience); chance comes only from the dice seeded with the game.
//
// Resolution order at a phase's end (and for the Start … actions at the next phase's start):
// the polls close first (their tallies are told), then every action due, sorted by ability type:
//   0 Obstructing, Redirecting        blocks and redirections first
//   1 Protecting, Disguising, Applying, Vote Manipulating, Joining, Targeting, Counting
//   2 Killing                         after every protection of the phase is in place
//   3 Investigating                   sees the disguises (and deaths) of the phase
//   4 Announcements, Nothing
// and within one type by seat order. Actions of players alive when the phase ended all run, even
// when their player dies earlier in the same resolution (the night is simultaneous). Each death fires
// the dead player's On Death / On Killed (On Lynch fires on every lynch, stopped or not) abilities at
// once, then every team's win condition is checked; a win ends the game there.

const PRIORITY: Readonly<Record<AbilityKind, number>> = {
  Obstructing: 0,
  Redirecting: 0,
  Protecting: 1,
  Disguising: 1,
  Applying: 1,
  'Vote Manipulating': 1,
  Joining: 1,
  Targeting: 1,
  Counting: 1,
  Killing: 2,
  Investigating: 3,
  Announcements: 4,
  Nothing: 4,
};

const VERBS: Readonly<Record<AbilityKind, string>> = {
  Obstructing: 'BLOCK',
  Redirecting: 'REDIRECT',
  Protecting: 'PROTECT',
  Disguising: 'DISGUISE',
  Applying: 'APPLY',
  'Vote Manipulating': 'MANIPULATE',
  Joining: 'RECRUIT',
  Targeting: 'TARGET',
  Counting: 'COUNT',
  Killing: 'KILL',
  Investigating: 'INVESTIGATE',
  Announcements: 'REVEAL',
  Nothing: 'ACT',
};

/** Which killings each defense stops: Kills contains Attacks; True Kill passes every defense. */
const DEFENDS: Readonly<Record<DefendedKilling, readonly KillingSubtype[]>> = {
  Attacks: ['Attack'],
  Kills: ['Attack', 'Kill'],
  Lynches: ['Lynch'],
  'Attacks & Lynches': ['Attack', 'Lynch'],
  All: ['Attack', 'Kill', 'Lynch'],
};

export function actionPriority(action: Action): number {
  return Math.min(...action.abilities.map((ability) => PRIORITY[ability.kind]));
}

/** Everything an ability may refer to when it runs. */
interface Context {
  readonly actor: string | null;
  readonly sourceRole: string | null;
  readonly actionId: string;
  readonly selection: string | null;
  readonly attacker: string | null;
  readonly visitor: string | null;
  readonly winner: string | null;
  readonly visits: boolean;
  readonly forced: boolean;
  /** Set for a Passive ability: what it applies replaces its previous application. */
  readonly origin: string | null;
}

const baseContext = (actionId: string): Context => ({
  actor: null,
  sourceRole: null,
  actionId,
  selection: null,
  attacker: null,
  visitor: null,
  winner: null,
  visits: false,
  forced: false,
  origin: null,
});

interface QueuedAction {
  readonly action: Action;
  readonly context: Context;
  /** A player's chosen action (or a group poll's, by its executor): blocks and redirections apply, and its use is recorded. */
  readonly chosen: boolean;
  readonly seat: number;
}

class Narration {
  readonly effects: Effect[] = [];
  readonly dice: Dice;

  constructor(
    readonly set: RoleSet,
    readonly state: GameState,
  ) {
    this.dice = new Dice(state.rng);
  }

  finish(): StepResult {
    this.state.rng = this.dice.state;
    return { ok: true, state: this.state, effects: this.effects };
  }

  // ---- looking things up

  get phase(): Phase {
    return phaseAt(this.set, this.state.phaseIndex);
  }

  player(name: string): PlayerState | undefined {
    return this.state.players.find((p) => p.name === name);
  }

  living(): PlayerState[] {
    return this.state.players.filter((p) => p.alive);
  }

  role(player: PlayerState): RoleDefinition {
    return this.set.roles.get(player.role)!;
  }

  team(player: PlayerState): string {
    return this.role(player).team;
  }

  members(group: string, aliveOnly = true): string[] {
    return this.state.players
      .filter((p) => (p.alive || !aliveOnly) && p.attributes.some((a) => a.type === 'membership' && a.group === group))
      .map((p) => p.name);
  }

  hasCustom(player: PlayerState, name: string): boolean {
    return player.attributes.some((a) => a.type === 'custom' && a.name === name);
  }

  emit(body: EffectBody, audience: Audience): void {
    this.effects.push({ ...body, audience } as Effect);
  }

  toPlayer(player: string): Audience {
    return { kind: 'player', player };
  }

  // ---- selectors

  matches(player: PlayerState, filter: PlayerFilter): boolean {
    const role = this.role(player);
    let result: boolean;
    switch (filter.field) {
      case 'Attr':
        result = this.hasCustom(player, filter.value);
        break;
      case 'Group':
        result = player.attributes.some((a) => a.type === 'membership' && a.group === filter.value);
        break;
      case 'Align':
        result = role.team === filter.value;
        break;
      case 'Role':
        result = role.name === filter.value;
        break;
      case 'Cat':
        result = role.category === filter.value;
        break;
      case 'Class':
        result = role.roleClass === filter.value;
        break;
    }
    return result !== filter.negated;
  }

  resolve(selector: Selector, context: Context): string[] {
    const living = this.living().map((p) => p.name);
    const one = (name: string | null) => (name === null ? [] : [name]);
    switch (selector.kind) {
      case 'self':
        return one(context.actor);
      case 'selection':
        return one(context.selection);
      case 'target': {
        const target = context.actor === null ? null : (this.player(context.actor)?.target ?? null);
        if (target !== null && this.player(target)?.alive) return [target];
        if (!context.forced) return [];
        return one(this.dice.pick(living.filter((name) => name !== context.actor)) ?? null);
      }
      case 'all':
        return living;
      case 'others':
        return living.filter((name) => name !== context.actor);
      case 'dead':
        return this.state.players.filter((p) => !p.alive).map((p) => p.name);
      case 'dead-alive':
        return this.state.players.map((p) => p.name);
      case 'attacker':
        return one(context.attacker);
      case 'visitor':
        return one(context.visitor);
      case 'winner':
        return one(context.winner);
      case 'filter':
        return this.state.players.filter((p) => (p.alive || !selector.aliveOnly) && selector.filters.every((f) => this.matches(p, f))).map((p) => p.name);
      case 'team':
        return this.living()
          .filter((p) => this.team(p) === selector.team)
          .map((p) => p.name);
      case 'group':
        return this.members(selector.group);
    }
  }

  // ---- attributes

  addAttribute(player: PlayerState, values: AttributeValues, context: Context, duration: Duration): void {
    const attribute: Attribute = {
      ...values,
      id: this.state.nextAttributeId++,
      sourcePlayer: context.actor,
      sourceRole: context.sourceRole,
      duration,
      appliedPhase: this.state.phaseIndex,
      uses: 0,
      origin: context.origin,
    };
    player.attributes.push(attribute);
  }

  /** Counts a use; an attribute lasting until its (second) use goes then. */
  use(player: PlayerState, attribute: Attribute): void {
    attribute.uses += 1;
    if ((attribute.duration === 'UntilUse' && attribute.uses >= 1) || (attribute.duration === 'UntilSecondUse' && attribute.uses >= 2)) {
      player.attributes = player.attributes.filter((a) => a.id !== attribute.id);
    }
  }

  votingPower(player: PlayerState, power: 'public voting power' | 'private voting power'): number {
    let base = 1;
    let added = 0;
    for (const a of player.attributes) {
      if (a.type !== 'manipulation' || a.power !== power) continue;
      if (a.mode === 'to') base = a.value;
      else added += a.value;
    }
    return Math.max(0, base + added);
  }

  // ---- running abilities

  /** The actions of a player's role and custom attributes whose trigger passes `wanted`. */
  triggered(player: PlayerState, wanted: (trigger: Trigger) => boolean): { action: Action; sourceRole: string | null }[] {
    const own = this.role(player)
      .actions.filter((a) => wanted(a.trigger))
      .map((action) => ({ action, sourceRole: player.role }));
    const fromAttributes = player.attributes.flatMap((attribute) =>
      attribute.type === 'custom'
        ? (this.set.attributes.get(attribute.name)?.actions ?? [])
            .filter((a) => wanted(a.trigger))
            .map((action) => ({ action, sourceRole: attribute.sourceRole }))
        : [],
    );
    return [...own, ...fromAttributes];
  }

  /** Restrictions a triggered (not chosen) ability still obeys: temporal, quantity, attribute. */
  allowedToTrigger(player: PlayerState, action: Action): boolean {
    return restrictionProblem(this.set, this.state, player, action, this.state.phaseIndex, null) === null;
  }

  runTriggered(player: PlayerState, wanted: (trigger: Trigger) => boolean, extra: Partial<Context>): void {
    for (const { action, sourceRole } of this.triggered(player, wanted)) {
      if (this.state.ended) return;
      if (!this.allowedToTrigger(player, action)) continue;
      this.recordUse(player.name, action.id, null);
      this.runAction(action, { ...baseContext(action.id), actor: player.name, sourceRole, forced: action.forced, ...extra });
    }
  }

  recordUse(player: string, actionId: string, selection: string | null): void {
    this.state.usages.push({ player, actionId, phase: this.state.phaseIndex, selection });
  }

  /** Runs a chosen action: a block stops it, a redirection changes its selection, then it runs. */
  runChosen(queued: QueuedAction): void {
    const { action, context } = queued;
    const actor = context.actor === null ? undefined : this.player(context.actor);
    if (!actor) return;
    const kinds = action.abilities.map((a) => a.kind);
    const block = actor.attributes.find((a) => a.type === 'obstruction' && (a.abilities === 'all' || kinds.includes(a.abilities)));
    if (block) {
      this.emit({ kind: 'obstructed', player: actor.name, actionId: action.id }, this.toPlayer(actor.name));
      return;
    }
    // A redirection changes whom the action is aimed at: the player's selection, or a poll's winner.
    let aimed = context.selection ?? context.winner;
    if (aimed !== null && !action.direct && !action.visitless) {
      for (const holder of this.living()) {
        if (holder.name === actor.name) continue;
        const redirect = holder.attributes.find(
          (a) =>
            a.type === 'redirection' &&
            (a.from === null || a.from.includes(actor.name)) &&
            (a.abilities === 'all' || (a.abilities === 'non-killing' ? !kinds.includes('Killing') : kinds.includes(a.abilities))),
        );
        if (redirect?.type === 'redirection') {
          aimed = redirect.to;
          break;
        }
      }
    }
    const selection = context.selection === null ? null : aimed;
    const winner = context.selection === null ? aimed : context.winner;
    this.recordUse(actor.name, action.id, selection);
    this.runAction(action, { ...context, selection, winner });
  }

  runAction(action: Action, context: Context): void {
    const visited = new Set<string>();
    for (const ability of action.abilities) {
      if (this.state.ended) return;
      if (context.visits && !action.visitless) this.visit(ability, context, visited);
      this.runAbility(ability, context);
    }
  }

  /** The On Visited abilities of the player an ability is aimed at (by selection, target or poll), before it acts. */
  visit(ability: Ability, context: Context, visited: Set<string>): void {
    if (!('target' in ability) || ability.target === null || context.actor === null) return;
    if (!['selection', 'target', 'winner'].includes(ability.target.kind)) return;
    for (const name of this.resolve(ability.target, context)) {
      const host = this.player(name);
      if (!host?.alive || name === context.actor || visited.has(name)) continue;
      visited.add(name);
      this.runTriggered(host, (t) => t.kind === 'on-visited' && (t.abilityType === null || t.abilityType === ability.kind), { visitor: context.actor });
    }
  }

  runAbility(ability: Ability, context: Context): void {
    const targets = (selector: Selector) => this.resolve(selector, context).flatMap((name) => this.player(name) ?? []);
    switch (ability.kind) {
      case 'Killing':
        for (const target of targets(ability.target)) this.kill(target, ability.subtype, context);
        return;
      case 'Investigating':
        for (const target of targets(ability.target)) this.investigate(ability, target, context);
        return;
      case 'Targeting': {
        const actor = context.actor === null ? undefined : this.player(context.actor);
        if (!actor) return;
        actor.target = ability.target === null ? null : (targets(ability.target)[0]?.name ?? null);
        this.emit({ kind: 'targeted', player: actor.name, target: actor.target }, this.toPlayer(actor.name));
        return;
      }
      case 'Protecting': {
        const by = ability.by === null ? null : this.resolve(ability.by, context);
        for (const target of targets(ability.target)) {
          this.addAttribute(target, { type: 'defense', from: ability.from, defense: ability.defense, by, during: ability.during }, context, ability.duration);
        }
        return;
      }
      case 'Disguising':
        for (const target of targets(ability.target))
          this.addAttribute(target, { type: 'disguise', role: ability.role, strength: ability.strength }, context, ability.duration);
        return;
      case 'Applying':
        for (const target of targets(ability.target)) {
          if (ability.mode === 'apply') this.addAttribute(target, { type: 'custom', name: ability.attribute }, context, ability.duration);
          else target.attributes = target.attributes.filter((a) => !(a.type === 'custom' && a.name === ability.attribute));
        }
        return;
      case 'Redirecting': {
        const actor = context.actor === null ? undefined : this.player(context.actor);
        const to = this.resolve(ability.to, context)[0];
        if (!actor || to === undefined) return;
        const from = ability.from === null ? null : this.resolve(ability.from, context);
        this.addAttribute(actor, { type: 'redirection', to, from, abilities: ability.abilities }, context, ability.duration);
        return;
      }
      case 'Vote Manipulating':
        for (const target of targets(ability.target)) {
          this.addAttribute(target, { type: 'manipulation', power: ability.power, mode: ability.mode, value: ability.value }, context, ability.duration);
        }
        return;
      case 'Joining':
        for (const target of targets(ability.target)) this.join(target, ability.group, ability.mode, context, ability.duration);
        return;
      case 'Announcements':
        this.announce(ability, context);
        return;
      case 'Counting': {
        const change = (value: number) =>
          ability.mode === 'set' ? ability.value : ability.mode === 'increment' ? value + ability.value : value - ability.value;
        // A group's or a team's counter is its own; any other target counts on the players' counters.
        if (ability.target?.kind === 'group' || ability.target?.kind === 'team') {
          const key = ability.target.kind === 'group' ? ability.target.group : ability.target.team;
          this.state.counters[key] = change(this.state.counters[key] ?? 0);
          return;
        }
        const names = ability.target === null ? (context.actor === null ? [] : [context.actor]) : this.resolve(ability.target, context);
        for (const name of names) {
          const player = this.player(name);
          if (player) player.counter = change(player.counter);
        }
        return;
      }
      case 'Obstructing':
        for (const target of targets(ability.target))
          this.addAttribute(target, { type: 'obstruction', abilities: ability.abilities }, context, ability.duration);
        return;
      case 'Nothing':
        return;
    }
  }

  investigate(ability: Extract<Ability, { kind: 'Investigating' }>, target: PlayerState, context: Context): void {
    if (context.actor === null) return;
    if (ability.subtype === 'Attribute') {
      const present = this.hasCustom(target, ability.attribute);
      this.emit(
        { kind: 'attribute-investigated', investigator: context.actor, target: target.name, attribute: ability.attribute, present },
        this.toPlayer(context.actor),
      );
      return;
    }
    // The latest disguise the investigation is fooled by decides what it sees.
    const disguise = [...target.attributes]
      .reverse()
      .find((a) => a.type === 'disguise' && ((a.strength === 'weak' && ability.fooledByWeak) || (a.strength === 'strong' && ability.fooledByStrong)));
    const seen = this.set.roles.get(disguise?.type === 'disguise' ? disguise.role : target.role)!;
    if (disguise) this.use(target, disguise);
    const result = { Role: seen.name, Alignment: seen.team, Category: seen.category, Class: seen.roleClass }[ability.subtype];
    this.emit({ kind: 'investigated', investigator: context.actor, target: target.name, subtype: ability.subtype, result }, this.toPlayer(context.actor));
  }

  join(target: PlayerState, group: string, mode: 'join' | 'leave', context: Context, duration: Duration): void {
    const member = target.attributes.some((a) => a.type === 'membership' && a.group === group);
    if (mode === 'leave') {
      target.attributes = target.attributes.filter((a) => !(a.type === 'membership' && a.group === group));
      return;
    }
    if (member) return;
    this.addAttribute(target, { type: 'membership', group }, context, duration);
  }

  announce(ability: Extract<Ability, { kind: 'Announcements' }>, context: Context): void {
    if (ability.mode === 'reveal') {
      for (const name of this.resolve(ability.target, context)) {
        const player = this.player(name)!;
        this.emit({ kind: 'revealed', player: name, role: player.role, location: ability.to }, this.locationAudience(ability.to));
      }
    } else if (ability.mode === 'announce') this.emit({ kind: 'announced', text: ability.text }, { kind: 'public' });
    else if (context.actor !== null) this.emit({ kind: 'learned', player: context.actor, text: ability.text }, this.toPlayer(context.actor));
  }

  // ---- deaths and the end

  kill(target: PlayerState, subtype: KillingSubtype, context: Context): void {
    if (!target.alive || this.state.ended) return;
    if (subtype === 'Lynch') this.runTriggered(target, (t) => t.kind === 'on-lynch', { attacker: context.actor });
    if (subtype !== 'True Kill') {
      const time = this.phase.time;
      const defense = target.attributes.find(
        (a) =>
          a.type === 'defense' &&
          DEFENDS[a.from].includes(subtype) &&
          (a.during === null || a.during === time) &&
          (a.by === null || (context.actor !== null && a.by.includes(context.actor))),
      );
      if (defense) {
        this.use(target, defense);
        if (defense.sourcePlayer !== null)
          this.emit({ kind: 'protected', protector: defense.sourcePlayer, target: target.name }, this.toPlayer(defense.sourcePlayer));
        return;
      }
    }
    this.die(target, subtype, context.actor);
  }

  die(player: PlayerState, cause: KillingSubtype, attacker: string | null): void {
    player.alive = false;
    player.diedIn = this.state.phaseIndex;
    this.state.polls.forEach((poll) => {
      delete poll.votes[player.name];
    });
    this.emit({ kind: 'death', player: player.name, role: player.role, cause }, { kind: 'public' });
    this.runTriggered(player, (t) => t.kind === 'on-death' || (t.kind === 'on-killed' && cause !== 'Lynch'), { attacker });
    this.checkWin();
  }

  holds(condition: WinCondition): boolean {
    const context = baseContext('win');
    switch (condition.kind) {
      case 'all-living-match': {
        const matching = new Set(condition.selectors.flatMap((s) => this.resolve(s, context)));
        return this.living().every((p) => matching.has(p.name));
      }
      case 'exists':
        return this.resolve(condition.selector, context).length > 0;
      case 'compare': {
        const left = this.resolve(condition.left, context).length;
        const right = typeof condition.right === 'number' ? condition.right : this.resolve(condition.right, context).length;
        return { '>': left > right, '<': left < right, '>=': left >= right, '<=': left <= right, '=': left === right }[condition.op];
      }
    }
  }

  checkWin(): void {
    if (this.state.ended) return;
    const winners = [...this.set.teams.values()].filter((team) => team.winConditions.some((c) => this.holds(c))).map((team) => team.name);
    if (winners.length === 0) return;
    this.state.ended = { winners };
    this.state.polls = [];
    this.state.submissions = [];
    this.emit(
      {
        kind: 'game-ended',
        winners,
        winningPlayers: this.state.players.filter((p) => winners.includes(this.team(p))).map((p) => p.name),
        roles: this.state.players.map((p) => ({ player: p.name, role: p.role })),
      },
      { kind: 'public' },
    );
  }

  // ---- phases

  runQueue(queue: QueuedAction[]): void {
    const ordered = queue
      .map((entry, index) => ({ entry, index }))
      .sort((a, b) => actionPriority(a.entry.action) - actionPriority(b.entry.action) || a.entry.seat - b.entry.seat || a.index - b.index)
      .map(({ entry }) => entry);
    for (const entry of ordered) {
      if (this.state.ended) return;
      if (entry.chosen) this.runChosen(entry);
      else {
        if (entry.context.actor !== null) this.recordUse(entry.context.actor, entry.action.id, null);
        this.runAction(entry.action, entry.context);
      }
    }
  }

  seat(name: string | null): number {
    return name === null ? -1 : this.state.players.findIndex((p) => p.name === name);
  }

  passiveQueue(wanted: (trigger: Trigger) => boolean, passive: boolean): QueuedAction[] {
    return this.living().flatMap((player) =>
      this.triggered(player, wanted)
        .filter(({ action }) => this.allowedToTrigger(player, action))
        .map(({ action, sourceRole }) => ({
          action,
          context: { ...baseContext(action.id), actor: player.name, sourceRole, origin: passive ? `${player.name}:${action.id}` : null },
          chosen: false,
          seat: this.seat(player.name),
        })),
    );
  }

  chosenQueue(runs: Submission['runs'], submittedIn: number): QueuedAction[] {
    return this.state.submissions
      .filter((s) => s.runs === runs && s.submittedIn === submittedIn && this.player(s.player)?.alive)
      .map((s) => {
        const action = actionById(this.set, s.actionId)!;
        const player = this.player(s.player)!;
        return {
          action,
          context: { ...baseContext(action.id), actor: s.player, sourceRole: player.role, selection: s.selection, visits: true },
          chosen: true,
          seat: this.seat(s.player),
        };
      });
  }

  /** Re-applies every Passive ability: what each applied before goes first. */
  reapplyPassives(): void {
    // Everything a Passive ability applied goes, also a dead holder's: the living holders' passives apply again.
    for (const player of this.state.players) player.attributes = player.attributes.filter((a) => a.origin === null);
    this.runQueue(this.passiveQueue((t) => t.kind === 'passive', true));
  }

  startPhase(): void {
    const phase = this.phase;
    this.emit({ kind: 'phase-started', phase }, { kind: 'public' });
    const atStart = (t: Trigger) => t.kind === 'passive-phase' && t.timing === 'Start' && (t.time === 'Phase' || t.time === phase.time);
    this.runQueue([...this.chosenQueue('next-phase-start', this.state.phaseIndex - 1), ...this.passiveQueue(atStart, false)]);
    this.state.submissions = this.state.submissions.filter((s) => s.submittedIn >= this.state.phaseIndex);
    if (this.state.ended) return;
    this.reapplyPassives();
    if (this.state.ended) return;
    for (const poll of this.set.polls.values()) {
      if (poll.opens?.time !== phase.time) continue;
      this.state.polls.push({ name: poll.name, location: poll.opens.location, openedIn: this.state.phaseIndex, votes: {} });
      this.emit({ kind: 'poll-opened', poll: poll.name, location: poll.opens.location }, this.locationAudience(poll.opens.location));
    }
  }

  /** Who reads a channel: a group's living members, a defined location's members and viewers, or everyone. */
  locationAudience(location: string): Audience {
    if (this.set.groups.has(location)) return { kind: 'group', group: location, members: this.members(location) };
    const defined = this.set.locations.get(location);
    if (!defined) return { kind: 'public' };
    const kinds = [...defined.members, ...defined.viewers];
    const members = this.state.players.filter((p) => kinds.includes('All') || (p.alive ? kinds.includes('Alive') : kinds.includes('Dead'))).map((p) => p.name);
    return { kind: 'location', location, members };
  }

  endPhase(): void {
    const phase = this.phase;
    const index = this.state.phaseIndex;
    this.forceMissingChoices();
    const queue: QueuedAction[] = [];
    for (const poll of this.state.polls) {
      const closing = this.closePoll(poll);
      if (closing) queue.push(closing);
    }
    this.state.polls = [];
    const atEnd = (t: Trigger) => t.kind === 'passive-phase' && t.timing === 'End' && (t.time === 'Phase' || t.time === phase.time);
    queue.push(...this.chosenQueue('phase-end', index), ...this.passiveQueue(atEnd, false));
    this.runQueue(queue);
    this.state.submissions = this.state.submissions.filter((s) => s.runs === 'next-phase-start' && s.submittedIn === index);
    this.checkWin();
    this.expire(phase);
    if (this.state.ended) return;
    this.state.phaseIndex += 1;
    this.startPhase();
  }

  /** A {Forced} action its player did not choose is chosen for them at random among its choices. */
  forceMissingChoices(): void {
    for (const player of this.living()) {
      for (const option of availableFor(this.set, this.state, player)) {
        if (option.kind !== 'action' || option.timing === 'Immediate' || option.chosen.length > 0) continue;
        const action = actionById(this.set, option.actionId)!;
        if (!action.forced) continue;
        const selection = option.needsSelection ? (this.dice.pick(option.choices) ?? null) : null;
        if (option.needsSelection && selection === null) continue;
        this.state.submissions.push({
          player: player.name,
          actionId: action.id,
          selection,
          submittedIn: this.state.phaseIndex,
          runs: option.timing === 'Start' ? 'next-phase-start' : 'phase-end',
        });
      }
    }
  }

  closePoll(poll: PollState): QueuedAction | null {
    const definition = this.set.polls.get(poll.name)!;
    const power = this.set.groups.has(poll.location) ? 'private voting power' : 'public voting power';
    const choices = pollChoices(this, definition);
    const voters = new Set(pollVoters(this, definition));
    const totals = new Map<string, { votes: number; voters: string[] }>();
    for (const [voter, choice] of Object.entries(poll.votes)) {
      const player = this.player(voter);
      if (!player?.alive || !voters.has(voter) || !choices.includes(choice)) continue;
      const entry = totals.get(choice) ?? { votes: 0, voters: [] };
      entry.votes += this.votingPower(player, power);
      entry.voters.push(voter);
      totals.set(choice, entry);
    }
    const tally = [...totals]
      .map(([choice, { votes, voters: who }]) => ({ choice, votes, voters: definition.showVoters ? who : null }))
      .sort((a, b) => b.votes - a.votes || a.choice.localeCompare(b.choice));
    const top = tally[0];
    const tied = top !== undefined && tally[1]?.votes === top.votes;
    let winner: string | null = top === undefined || tied || top.votes === 0 || top.choice === 'Abstain' ? null : top.choice;
    if (winner === 'Random') winner = this.dice.pick(this.resolve(definition.random, baseContext(poll.name))) ?? null;
    this.emit({ kind: 'poll-closed', poll: poll.name, tally, winner }, this.locationAudience(poll.location));
    if (winner === null || definition.onClosed === null) return null;
    // A group's poll is carried out by one of the members who voted for the winner, chosen at random.
    let executor: string | null = null;
    if (this.set.groups.has(poll.location)) {
      const forWinner = totals.get(top!.choice)?.voters ?? [];
      executor = this.dice.pick(forWinner.length > 0 ? forWinner : this.members(poll.location)) ?? null;
    }
    const executorRole = executor === null ? null : (this.player(executor)?.role ?? null);
    return {
      action: definition.onClosed,
      context: { ...baseContext(definition.onClosed.id), actor: executor, sourceRole: executorRole, winner, visits: executor !== null },
      // Carried out by a member, it is that member's action: a block or a redirection on them applies.
      chosen: executor !== null,
      seat: this.seat(executor),
    };
  }

  /** Attributes whose duration ends with this phase go. */
  expire(phase: Phase): void {
    const index = this.state.phaseIndex;
    const ends = (a: Attribute) =>
      (a.duration === 'Phase' && a.appliedPhase <= index) ||
      (a.duration === 'NextDay' && phase.time === 'Day' && a.appliedPhase < index) ||
      (a.duration === 'NextNight' && phase.time === 'Night' && a.appliedPhase < index);
    for (const player of this.state.players) player.attributes = player.attributes.filter((a) => !ends(a));
  }
}

// ---- what a player may do

export function actionById(set: RoleSet, id: string): Action | undefined {
  const owner = id.slice(0, id.lastIndexOf('#'));
  return set.roles.get(owner)?.actions.find((a) => a.id === id);
}

type Restricted = Extract<Refusal, { kind: 'restricted' }>['why'];

/** The phase index an action chosen now runs in, or null when it cannot be chosen in this phase. */
function runsIn(set: RoleSet, state: GameState, action: Action): number | null {
  if (action.trigger.kind !== 'action') return null;
  const { timing, time } = action.trigger;
  const index = timing === 'Start' ? state.phaseIndex + 1 : state.phaseIndex;
  const phase = phaseAt(set, index);
  return time === 'Phase' || time === phase.time ? index : null;
}

function restrictionProblem(
  set: RoleSet,
  state: GameState,
  player: PlayerState,
  action: Action,
  runIndex: number,
  selection: string | null,
): Restricted | null {
  const phase = phaseAt(set, runIndex);
  const uses = state.usages.filter((u) => u.player === player.name && u.actionId === action.id);
  const everyOther = action.trigger.kind === 'action' && action.trigger.time === 'Phase' ? 1 : 2;
  for (const restriction of action.restrictions) {
    switch (restriction.kind) {
      case 'temporal':
        if (phase.time !== restriction.time || (restriction.orLater ? phase.number < restriction.number : phase.number !== restriction.number))
          return 'temporal';
        break;
      case 'quantity':
        if (uses.length >= restriction.uses) return 'quantity';
        break;
      case 'no-succession':
        if (uses.some((u) => u.phase === runIndex - everyOther)) return 'succession';
        break;
      case 'no-target-succession':
        if (selection !== null && uses.some((u) => u.phase === runIndex - everyOther && u.selection === selection)) return 'target-succession';
        break;
      case 'attribute': {
        const has = player.attributes.some((a) => a.type === 'custom' && a.name === restriction.attribute);
        if (has !== restriction.has) return 'attribute';
        break;
      }
    }
  }
  return null;
}

function scaledUses(state: GameState, action: Action): number {
  const { scaling } = action;
  if (scaling.kind === 'times') return scaling.times;
  const count = scaling.count === 'total' ? state.players.length : state.players.filter((p) => p.alive).length;
  return Math.floor(count / scaling.per);
}

/** The command word of each of a role's actions (by action id): INVESTIGATE, PROTECT, KILL, KILL2 … */
export function verbsFor(actions: readonly Action[]): Map<string, string> {
  const seen = new Map<string, number>();
  const verbs = new Map<string, string>();
  for (const action of actions) {
    const first = action.abilities[0]!;
    const base = first.kind === 'Announcements' && first.mode !== 'reveal' ? 'ANNOUNCE' : VERBS[first.kind];
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    verbs.set(action.id, n === 1 ? base : `${base}${n}`);
  }
  return verbs;
}

interface PollLookup {
  resolve(selector: Selector, context: Context): string[];
}

function pollChoices(lookup: PollLookup, poll: PollDefinition): string[] {
  const context = baseContext(poll.name);
  return poll.options.flatMap((option) =>
    option.kind === 'abstain' ? ['Abstain'] : option.kind === 'random' ? ['Random'] : lookup.resolve(option.selector, context),
  );
}

function pollVoters(lookup: PollLookup, poll: PollDefinition): string[] {
  const context = baseContext(poll.name);
  return [...new Set(poll.voters.flatMap((selector) => lookup.resolve(selector, context)))];
}

function availableFor(set: RoleSet, state: GameState, player: PlayerState): AvailableAction[] {
  if (state.ended || !player.alive) return [];
  const role = set.roles.get(player.role)!;
  const verbs = verbsFor(role.actions);
  const choices = state.players.filter((p) => p.alive && p.name !== player.name).map((p) => p.name);
  const options: AvailableAction[] = [];
  for (const action of role.actions) {
    const runIndex = runsIn(set, state, action);
    if (runIndex === null || action.trigger.kind !== 'action') continue;
    if (restrictionProblem(set, state, player, action, runIndex, null) !== null) continue;
    const selecting = needsSelection(action);
    const immediate = action.trigger.timing === 'Immediate';
    const usedNow = immediate ? state.usages.filter((u) => u.player === player.name && u.actionId === action.id && u.phase === state.phaseIndex).length : 0;
    const uses = (selecting ? scaledUses(state, action) : 1) - usedNow;
    if (uses <= 0) continue;
    options.push({
      kind: 'action',
      actionId: action.id,
      verb: verbs.get(action.id)!,
      timing: action.trigger.timing,
      choices: selecting ? choices : [],
      needsSelection: selecting,
      uses,
      chosen: state.submissions
        .filter((s) => s.player === player.name && s.actionId === action.id && s.submittedIn === state.phaseIndex)
        .map((s) => s.selection ?? ''),
      prompt: action.prompt,
    });
  }
  const lookup = new Narration(set, state);
  for (const poll of state.polls) {
    const definition = set.polls.get(poll.name)!;
    if (!pollVoters(lookup, definition).includes(player.name)) continue;
    options.push({ kind: 'vote', poll: poll.name, choices: pollChoices(lookup, definition), chosen: poll.votes[player.name] ?? null });
  }
  return options;
}

/** What the player may do in the phase now: their actions (with verbs and choices) and their polls. */
export function availableActions(set: RoleSet, state: GameState, player: string): AvailableAction[] {
  const found = state.players.find((p) => p.name === player);
  return found ? availableFor(set, state, found) : [];
}

// ---- the steps

export interface GameSetup {
  /** In seat order; unique. */
  readonly players: readonly string[];
  /** Recorded with the game: the dealing and every random choice follow from it. */
  readonly seed: number;
}

/** Deals the roles at random from the seed, runs the Starting abilities and opens the first phase. */
export function startGame(set: RoleSet, setup: GameSetup): StepResult {
  const seen = new Set<string>();
  for (const name of setup.players) {
    if (seen.has(name.toLowerCase())) return { ok: false, refusal: { kind: 'duplicate-player', player: name } };
    seen.add(name.toLowerCase());
  }
  const list = set.roleLists.find((l) => l.players === setup.players.length);
  if (!list) return { ok: false, refusal: { kind: 'no-role-list', players: setup.players.length, sizes: set.roleLists.map((l) => l.players) } };
  const dice = new Dice(setup.seed >>> 0);
  const roles = dice.shuffle(list.roles);
  const state: GameState = {
    roleSet: set.name,
    seed: setup.seed >>> 0,
    rng: dice.state,
    phaseIndex: 0,
    players: setup.players.map((name, i) => ({ name, role: roles[i]!, alive: true, diedIn: null, attributes: [], target: null, counter: 0 })),
    counters: {},
    polls: [],
    submissions: [],
    usages: [],
    nextAttributeId: 1,
    ended: null,
  };
  const run = new Narration(set, state);
  for (const player of state.players) {
    const role = run.role(player);
    run.emit(
      { kind: 'role-dealt', player: player.name, role: role.name, roleClass: role.roleClass, category: role.category, team: role.team },
      run.toPlayer(player.name),
    );
  }
  run.runQueue(run.passiveQueue((t) => t.kind === 'starting', false));
  for (const group of set.groups.values()) {
    const members = run.members(group.name);
    if (members.length === 0) continue;
    run.emit({ kind: 'group-members', group: group.name, members }, { kind: 'group', group: group.name, members });
  }
  run.startPhase();
  return run.finish();
}

/** Applies one command to a copy of the state. */
export function step(set: RoleSet, state: GameState, command: Command): StepResult {
  const run = new Narration(set, structuredClone(state));
  const next = run.state;
  if (next.ended) return { ok: false, refusal: { kind: 'game-over' } };
  if (command.kind === 'end-phase') {
    run.endPhase();
    return run.finish();
  }
  const player = run.player(command.player);
  if (!player) return { ok: false, refusal: { kind: 'not-a-player', player: command.player } };
  if (!player.alive) return { ok: false, refusal: { kind: 'dead', player: command.player } };
  switch (command.kind) {
    case 'vote':
    case 'unvote': {
      const poll = next.polls.find((p) => p.name.toLowerCase() === command.poll.toLowerCase());
      if (!poll) return { ok: false, refusal: { kind: 'no-such-poll', poll: command.poll } };
      const definition = set.polls.get(poll.name)!;
      if (!pollVoters(run, definition).includes(player.name)) return { ok: false, refusal: { kind: 'not-a-voter', poll: poll.name } };
      if (command.kind === 'unvote') {
        delete poll.votes[player.name];
        return run.finish();
      }
      const choices = pollChoices(run, definition);
      const choice = choices.find((c) => c.toLowerCase() === command.choice.toLowerCase());
      if (choice === undefined) return { ok: false, refusal: { kind: 'bad-choice', written: command.choice, choices } };
      poll.votes[player.name] = choice;
      return run.finish();
    }
    case 'withdraw': {
      const before = next.submissions.length;
      next.submissions = next.submissions.filter((s) => !(s.player === player.name && s.actionId === command.actionId && s.submittedIn === next.phaseIndex));
      if (next.submissions.length === before) return { ok: false, refusal: { kind: 'nothing-to-withdraw', actionId: command.actionId } };
      return run.finish();
    }
    case 'act':
      return act(run, player, command.actionId, command.selections);
  }
}

function act(run: Narration, player: PlayerState, actionId: string, written: readonly string[]): StepResult {
  const { set, state } = run;
  const action = actionById(set, actionId);
  if (!action || !actionId.startsWith(`${player.role}#`)) return { ok: false, refusal: { kind: 'no-such-action', actionId } };
  const runIndex = runsIn(set, state, action);
  if (runIndex === null) return { ok: false, refusal: { kind: 'restricted', actionId, why: 'phase' } };
  const why = restrictionProblem(set, state, player, action, runIndex, null);
  if (why !== null) return { ok: false, refusal: { kind: 'restricted', actionId, why } };
  const option = availableFor(set, state, player).find((o) => o.kind === 'action' && o.actionId === actionId);
  if (option?.kind !== 'action') return { ok: false, refusal: { kind: 'restricted', actionId, why: 'quantity' } };
  let selections: (string | null)[] = [null];
  if (option.needsSelection) {
    if (written.length === 0 || written.length > option.uses)
      return { ok: false, refusal: { kind: 'selection-count', most: option.uses, given: written.length } };
    selections = [];
    for (const name of written) {
      const found = option.choices.find((c) => c.toLowerCase() === name.toLowerCase());
      if (found === undefined) return { ok: false, refusal: { kind: 'bad-selection', written: name, choices: option.choices } };
      if (restrictionProblem(set, state, player, action, runIndex, found) !== null)
        return { ok: false, refusal: { kind: 'restricted', actionId, why: 'target-succession' } };
      selections.push(found);
    }
  }
  const queued = selections.map((selection) => ({
    action,
    context: { ...baseContext(action.id), actor: player.name, sourceRole: player.role, selection, visits: true },
    chosen: true,
    seat: run.seat(player.name),
  }));
  if (option.timing === 'Immediate') {
    // Immediate actions run at once and cannot be changed.
    run.runQueue(queued);
    return run.finish();
  }
  state.submissions = state.submissions.filter((s) => !(s.player === player.name && s.actionId === actionId && s.submittedIn === state.phaseIndex));
  for (const selection of selections) {
    state.submissions.push({
      player: player.name,
      actionId,
      selection,
      submittedIn: state.phaseIndex,
      runs: option.timing === 'Start' ? 'next-phase-start' : 'phase-end',
    });
  }
  return run.finish();
}

/** Whether the player is in the effect's audience: the visibility rule the wiring mails by. */
export function seenBy(effect: Effect, player: string): boolean {
  switch (effect.audience.kind) {
    case 'public':
      return true;
    case 'player':
      return effect.audience.player === player;
    case 'group':
    case 'location':
      return effect.audience.members.includes(player);
  }
}
