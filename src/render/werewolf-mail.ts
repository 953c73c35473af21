import { describeDuration, formatPlayerDeadline, type ScheduleError } from '../schedule/index.ts';
import { earlierPostsText } from './earlier-posts.ts';
import { scheduleErrorText } from './schedule-errors.ts';
import type { RoleSet } from '../werewolf/definitions.ts';
import type { LineProblem } from '../werewolf/mail-lines.ts';
import { phaseName } from '../werewolf/phases.ts';
import type { AvailableAction, EffectBody, Phase, Refusal } from '../werewolf/state.ts';
import { orList } from '../engine/suggest.ts';
import { werewolfEffectText, werewolfRefusalText } from './werewolf-narration.ts';
import type { WerewolfTableView } from '../werewolf/view.ts';

// The words of a werewolf game played by mail (issue 34): the judge's replies to a block, the mail
// each reader gets when the narrator tells something (their own effects, then what they may do now
// and how to write it), the subjects, and HELP ROLES. Who gets which effect is decided by the
// narrator's audiences (src/werewolf seenBy); these only word it.

export type WerewolfReply =
  | { readonly kind: 'created'; readonly gameName: string; readonly roleSet: string; readonly players: number; readonly settings: readonly string[] }
  | { readonly kind: 'joined'; readonly gameName: string; readonly nick: string; readonly joined: number; readonly of: number }
  | { readonly kind: 'observing'; readonly gameName: string }
  | { readonly kind: 'setting'; readonly text: string }
  | { readonly kind: 'recorded'; readonly verb: string; readonly names: readonly string[]; readonly phase: Phase; readonly immediate: boolean }
  | { readonly kind: 'voted'; readonly poll: string; readonly choice: string }
  | { readonly kind: 'unvoted'; readonly poll: string }
  | { readonly kind: 'withdrawn'; readonly verb: string }
  | { readonly kind: 'done'; readonly phase: Phase }
  | { readonly kind: 'rolled-back'; readonly phase: Phase }
  /** The Master moved the deadline of the phase now open (also the line everyone is told). */
  | { readonly kind: 'deadline-moved'; readonly phase: Phase; readonly deadline: Date; readonly zone: string }
  | { readonly kind: 'resigned'; readonly gameName: string; readonly nick: string; readonly running: boolean }
  /** Told to everyone when a seat is left: never the role. */
  | { readonly kind: 'seat-open'; readonly gameName: string; readonly nick: string; readonly open: boolean }
  | { readonly kind: 'seat-taken'; readonly nick: string }
  | { readonly kind: 'took-over'; readonly gameName: string; readonly nick: string }
  /** To the newcomer the Master handed a seat to, with the password the judge made for it. */
  | { readonly kind: 'handed-to-you'; readonly gameName: string; readonly nick: string; readonly password: string }
  /** To the player whose seat the Master handed to someone else. */
  | { readonly kind: 'handed-over'; readonly gameName: string; readonly nick: string }
  /** To the Master: the seat is handed over. */
  | { readonly kind: 'replaced'; readonly nick: string; readonly newcomer: string }
  /** Some hours before the deadline, to a player who still has something to choose. */
  | { readonly kind: 'reminder'; readonly gameName: string; readonly phase: Phase }
  | { readonly kind: 'press-sent'; readonly to: PressChannel; readonly count: number }
  | { readonly kind: 'line-refused'; readonly line: number; readonly text: string; readonly why: WerewolfProblem };

/** Why a line or a block of a werewolf game is refused. */
export type WerewolfProblem =
  | { readonly kind: 'narrator'; readonly refusal: Refusal }
  | { readonly kind: 'line'; readonly problem: LineProblem }
  | { readonly kind: 'not-a-command'; readonly text: string }
  | { readonly kind: 'master-only'; readonly command: string }
  | { readonly kind: 'players-only'; readonly command: string }
  | { readonly kind: 'before-start-only'; readonly command: string }
  | { readonly kind: 'not-running' }
  | { readonly kind: 'opener-not-supported'; readonly opener: string }
  | { readonly kind: 'joined-already' }
  | { readonly kind: 'name-needed'; readonly gameName: string }
  | { readonly kind: 'name-taken'; readonly nick: string }
  | { readonly kind: 'bad-name'; readonly nick: string }
  | { readonly kind: 'table-full'; readonly players: number }
  | { readonly kind: 'too-many-joined'; readonly players: number; readonly joined: number }
  | { readonly kind: 'no-such-seat'; readonly gameName: string; readonly written: string }
  | { readonly kind: 'bad-players'; readonly written: string; readonly sizes: readonly number[] }
  | { readonly kind: 'bad-length'; readonly written: string }
  | { readonly kind: 'role-set'; readonly lines: readonly string[] }
  | { readonly kind: 'nothing-to-roll-back' }
  | { readonly kind: 'bad-deadline'; readonly command: string; readonly written: string; readonly reason: ScheduleError }
  | { readonly kind: 'deadline-past'; readonly deadline: Date; readonly now: Date; readonly zone: string }
  | { readonly kind: 'seat-not-open'; readonly nick: string }
  | { readonly kind: 'dead-seat'; readonly nick: string }
  | { readonly kind: 'bad-address'; readonly written: string }
  | { readonly kind: 'set-password-usage' }
  | { readonly kind: 'plays-in-game'; readonly address: string; readonly gameName: string }
  | { readonly kind: 'press-unclosed' }
  | { readonly kind: 'press-empty' }
  | { readonly kind: 'not-in-group'; readonly group: string; readonly groups: readonly string[] }
  | { readonly kind: 'dead-press-to-group' };

export function werewolfProblemText(problem: WerewolfProblem): string {
  switch (problem.kind) {
    case 'narrator':
      return werewolfRefusalText(problem.refusal);
    case 'line':
      return lineProblemText(problem.problem);
    case 'not-a-command':
      return `"${problem.text}" is not a command of a werewolf game (STATUS lists what you may write now).`;
    case 'master-only':
      return `Only the game's Master may write ${problem.command}.`;
    case 'players-only':
      return `Only a player of the game may write ${problem.command}.`;
    case 'before-start-only':
      return `${problem.command} can be written only before the game starts.`;
    case 'not-running':
      return 'The game is not running: nothing can be done or voted now.';
    case 'opener-not-supported':
      return `${problem.opener} is not used in a werewolf game: JOIN, SIGNON and OBSERVE are.`;
    case 'joined-already':
      return 'You have joined this game already.';
    case 'name-needed':
      return `Say the name you play under: JOIN ${problem.gameName} password, and NAME yourname on the next line.`;
    case 'name-taken':
      return `The name ${problem.nick} is taken in this game; choose another.`;
    case 'bad-name':
      return `"${problem.nick}" cannot be a name: one word of letters, digits, - or _, at most 20 characters.`;
    case 'table-full':
      return `The game is full: it starts with ${problem.players} players.`;
    case 'too-many-joined':
      return `${problem.joined} players have joined already: the game cannot start with ${problem.players}.`;
    case 'no-such-seat':
      return `Nobody plays in '${problem.gameName}' as "${problem.written}".`;
    case 'bad-players':
      return `"${problem.written}" is no number of players the role set deals for; it deals for ${orList(problem.sizes.map(String))}.`;
    case 'bad-length':
      return `"${problem.written}" is no length of a phase: write it as 1D, 36H or 2D 12H.`;
    case 'role-set':
      return problem.lines.join('\n');
    case 'bad-deadline': {
      const form =
        problem.command === 'EXTEND'
          ? 'EXTEND takes a length such as 12H or 1D 6H'
          : 'SET DEADLINE takes a date such as "Sat 30 Nov 18:00" or 2026-11-30T18:00';
      return `${scheduleErrorText(problem.reason)} The deadline is unchanged (${form}).`;
    }
    case 'deadline-past':
      return `the new deadline, ${formatPlayerDeadline(problem.deadline, problem.zone)}, is not in the future (it is now ${formatPlayerDeadline(problem.now, problem.zone)}); the deadline is unchanged.`;
    case 'seat-not-open':
      return `${problem.nick}'s seat is not open: a seat is open for TAKEOVER once its player has resigned.`;
    case 'dead-seat':
      return `${problem.nick} is dead: a dead player's seat is not taken over.`;
    case 'set-password-usage':
      return 'SET PASSWORD takes the new password, one word: SET PASSWORD newpassword.';
    case 'bad-address':
      return `"${problem.written}" is not a mail address: write REPLACE nick address.`;
    case 'plays-in-game':
      return `${problem.address} plays in '${problem.gameName}' already.`;
    case 'nothing-to-roll-back':
      return 'There is no earlier phase to roll back to.';
    case 'press-unclosed':
      return 'The press has no ENDPRESS line: nothing was sent.';
    case 'press-empty':
      return 'The press is empty: nothing was sent.';
    case 'not-in-group':
      return problem.groups.length === 0
        ? `You cannot write to ${problem.group}: you write to everyone (PRESS) only.`
        : `You cannot write to ${problem.group}; you may write to ${orList([...problem.groups])} or to everyone.`;
    case 'dead-press-to-group':
      return 'The dead write to the dead only (PRESS).';
  }
}

function lineProblemText(problem: LineProblem): string {
  switch (problem.kind) {
    case 'unknown-verb':
      return problem.verbs.length === 0
        ? `${problem.verb} is not a command of a werewolf game, and your role has no action to write.`
        : `${problem.verb} is not a command of your role; it has ${orList([...problem.verbs])}.`;
    case 'no-poll-now':
      return 'You vote in no poll now.';
    case 'which-poll':
      return `Say which poll you vote in: VOTE ${problem.polls[0]} name (you vote in ${orList([...problem.polls])}).`;
  }
}

export function renderWerewolfReply(reply: WerewolfReply): string {
  switch (reply.kind) {
    case 'created':
      return [
        `Werewolf game '${reply.gameName}' has been created with the role set ${reply.roleSet}; you are its Master.`,
        ...reply.settings,
        `It starts by itself when ${reply.players} players have joined (or when you write START with a number of players the set deals for).`,
      ].join('\n');
    case 'joined':
      return `You have joined '${reply.gameName}' as ${reply.nick} (${reply.joined} of ${reply.of}).`;
    case 'observing':
      return `You are observing '${reply.gameName}': you will be told what everyone is told.`;
    case 'setting':
      return reply.text;
    case 'recorded': {
      const what = reply.names.length === 0 ? reply.verb : `${reply.verb} ${reply.names.join(', ')}`;
      return reply.immediate ? `${what}: done.` : `${what}: recorded; you may change it until ${phaseName(reply.phase)} ends.`;
    }
    case 'voted':
      return `Your vote in the ${reply.poll} poll: ${reply.choice}.`;
    case 'unvoted':
      return `Your vote in the ${reply.poll} poll is withdrawn.`;
    case 'withdrawn':
      return `${reply.verb}: withdrawn.`;
    case 'done':
      return `You are done for ${phaseName(reply.phase)}.`;
    case 'rolled-back':
      return `The game is rolled back to the start of ${phaseName(reply.phase)}.`;
    case 'deadline-moved':
      return `The Master has moved the deadline: ${phaseName(reply.phase)} now ends ${formatPlayerDeadline(reply.deadline, reply.zone)}.`;
    case 'resigned':
      return reply.running
        ? `You have resigned from '${reply.gameName}'. Your seat (${reply.nick}) is open for a replacement; you will get no more mail from the game.`
        : `You have left '${reply.gameName}' before its start; ${reply.nick} is free for another player.`;
    case 'seat-open':
      if (!reply.open) return `${reply.nick}'s player has resigned from '${reply.gameName}'.`;
      return `${reply.nick}'s player has resigned from '${reply.gameName}'. The seat is open: a replacement takes it by writing TAKEOVER ${reply.nick}@${reply.gameName} password (a new password of their own) and plays on as ${reply.nick}.`;
    case 'seat-taken':
      return `A replacement has taken ${reply.nick}'s seat and plays on as ${reply.nick}.`;
    case 'took-over':
      return `You have taken over ${reply.nick}'s seat in '${reply.gameName}': you play on as ${reply.nick}, with their role and everything their seat was told (mailed to you now). Sign on as ${reply.nick}@${reply.gameName} with the password you chose.`;
    case 'handed-to-you':
      return `The Master of '${reply.gameName}' has given you ${reply.nick}'s seat: you play on as ${reply.nick}, with their role and everything their seat was told (below). Sign on as ${reply.nick}@${reply.gameName} with the password ${reply.password}`;
    case 'handed-over':
      return `The Master of '${reply.gameName}' has handed your seat (${reply.nick}) to a replacement; you will get no more mail from the game.`;
    case 'replaced':
      return `${reply.nick}'s seat is handed to ${reply.newcomer}, who is mailed the seat, its role, what it was told and a password of its own.`;
    case 'reminder':
      return `A reminder from '${reply.gameName}': ${phaseName(reply.phase)} ends soon and you have not chosen everything you may yet.`;
    case 'press-sent':
      return `Your press was sent to ${channelName(reply.to)} (${reply.count} ${reply.count === 1 ? 'address' : 'addresses'}).`;
    case 'line-refused':
      return `Line ${reply.line}, "${reply.text}": ${werewolfProblemText(reply.why)}`;
  }
}

export type WerewolfSettingChange =
  | { readonly setting: 'roleset'; readonly name: string }
  | { readonly setting: 'day' | 'night'; readonly minutes: number }
  | { readonly setting: 'players'; readonly players: number };

export function werewolfSettingText(change: WerewolfSettingChange): string {
  switch (change.setting) {
    case 'roleset':
      return `Role set: ${change.name}.`;
    case 'day':
      return `A day lasts ${describeDuration(change.minutes)}.`;
    case 'night':
      return `A night lasts ${describeDuration(change.minutes)}.`;
    case 'players':
      return `The game starts with ${change.players} players.`;
  }
}

/** What one reader is told at once: the narrator's effects they see, and, for a living player of a running game, what they may do now. */
export interface WerewolfMailParts {
  readonly gameName: string;
  readonly effects: readonly EffectBody[];
  /** The text of the role dealt to the reader (the set's lines for it), at the start. */
  readonly roleText: string | null;
  /** The reader's prompt: what they may do in the phase now open, with its deadline; null: nothing to prompt. */
  readonly prompt: {
    readonly phase: Phase;
    readonly options: readonly AvailableAction[];
    readonly deadline: Date | null;
    readonly zone: string;
    readonly votesIn: number;
  } | null;
  /** A line said to everyone first (a rollback). */
  readonly headline: string | null;
  /** For a replacement: the posts the seat could read before them, oldest first, and how many older ones are no longer kept. */
  readonly earlierPress?: { readonly posts: readonly EarlierPost[]; readonly dropped: number };
}

export interface EarlierPost {
  readonly from: string | null;
  readonly to: PressChannel;
  readonly body: string;
  readonly phase: string | null;
}

export function renderWerewolfMail(parts: WerewolfMailParts): string {
  const paragraphs: string[] = [];
  if (parts.headline !== null) paragraphs.push(parts.headline);
  for (const effect of parts.effects) {
    paragraphs.push(werewolfEffectText(effect));
    if (effect.kind === 'role-dealt' && parts.roleText !== null) paragraphs.push(`Your role, as the role set writes it:\n${indent(parts.roleText)}`);
  }
  if (parts.earlierPress !== undefined)
    paragraphs.push(
      earlierPostsText(
        parts.earlierPress.posts.map((post) => ({
          phase: post.phase ?? 'before the start',
          author: post.from ?? 'The Master',
          audience: channelName(post.to),
          text: post.body,
        })),
        parts.earlierPress.dropped,
      ),
    );
  if (parts.prompt !== null) paragraphs.push(promptText(parts.prompt));
  return `${paragraphs.join('\n\n')}\n`;
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');

function promptText(prompt: NonNullable<WerewolfMailParts['prompt']>): string {
  const name = phaseName(prompt.phase);
  const ends = prompt.deadline === null ? '' : ` ${name} ends ${formatPlayerDeadline(prompt.deadline, prompt.zone)}.`;
  if (prompt.options.length === 0) return `You have nothing to do in ${name}.${ends}`;
  const lines = prompt.options.map((option) => `  ${optionLine(option, prompt.votesIn > 1)}`);
  return [
    `What you may do in ${name} (sign on and write one line each; you may change your choice until the phase ends):`,
    ...lines,
    `  DONE: you are done for ${name}; it ends early once every player with something to do has chosen it all or written DONE.${ends}`,
  ].join('\n');
}

function optionLine(option: AvailableAction, namePoll: boolean): string {
  if (option.kind === 'vote') {
    const form = namePoll ? `VOTE ${option.poll} name` : 'VOTE name';
    const now = option.chosen === null ? '' : ` Your vote now: ${option.chosen}.`;
    return `${form}: your vote in the ${option.poll} poll, one of ${option.choices.join(', ')}.${now}`;
  }
  const form = option.needsSelection ? `${option.verb} name${option.uses > 1 ? ` (up to ${option.uses} names)` : ''}` : option.verb;
  const when = option.timing === 'Immediate' ? 'done at once' : option.timing === 'Start' ? 'done when the next phase starts' : 'done when the phase ends';
  const choices = option.needsSelection ? `, one of ${option.choices.join(', ')}` : '';
  const now = option.chosen.length > 0 ? ` Chosen now: ${option.chosen.filter((c) => c !== '').join(', ') || option.verb}.` : '';
  const prompt = option.prompt === null ? '' : ` (${option.prompt})`;
  return `${form}: ${when}${choices}.${now}${prompt}`;
}

/** The subject of a werewolf mail: the start, a phase's results, or a word to one reader. */
export function werewolfSubject(kind: 'start' | 'phase' | 'end' | 'news' | 'rollback' | 'deadline' | 'reminder' | 'seat' | 'takeover'): string {
  return {
    start: 'Your role',
    phase: 'Results',
    end: 'Game over',
    news: 'News',
    rollback: 'Rolled back',
    deadline: 'Deadline moved',
    reminder: 'Reminder',
    seat: 'Replacement',
    takeover: 'Your seat',
  }[kind];
}

/** HELP ROLES: each role set, its roles by team and its role lists; or what is wrong with a set that does not load. */
export function renderRoleSetsHelp(
  sets: readonly ({ readonly name: string } & ({ readonly set: RoleSet } | { readonly problems: readonly string[] }))[],
): string {
  const lines = [
    'Werewolf role sets (CREATE name password werewolf ROLESET set; the judge runs the roles itself):',
    ...sets.flatMap((entry) => {
      if (!('set' in entry)) return ['', `${entry.name}: does not load:`, ...entry.problems.map((p) => `  ${p}`)];
      const { set } = entry;
      const teams = [...set.teams.keys()];
      const byTeam = teams.map((team) => {
        const roles = [...set.roles.values()].filter((r) => r.team === team).map((r) => `${r.name}${r.unique ? ' (unique)' : ''}`);
        return `  ${team}: ${roles.join(', ') || 'no roles'}`;
      });
      const lists = set.roleLists.map((list) => `  ${list.players} players: ${tally(list.roles)}`);
      return ['', `${entry.name} (first phase ${phaseName(set.firstPhase)}):`, ...byTeam, '  Dealt:', ...lists.map((l) => `  ${l}`)];
    }),
  ];
  return lines.join('\n');
}

function tally(roles: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const role of roles) counts.set(role, (counts.get(role) ?? 0) + 1);
  return [...counts].map(([role, n]) => (n === 1 ? role : `${role} x${n}`)).join(', ');
}

/** LIST game and STATUS: the game as the reader may see it (werewolfViewFor). */
export function renderWerewolfStatus(view: WerewolfTableView, gameName: string, zone: string): string {
  const lines = [`Game '${gameName}': werewolf, role set ${view.roleSet}.`];
  if (view.status === 'forming') {
    lines.push(`Forming: ${view.joined.length} of ${view.players} joined${view.joined.length > 0 ? ` (${view.joined.join(', ')})` : ''}.`);
    return lines.join('\n');
  }
  if (view.ended !== null) {
    lines.push(
      `The game is over: the ${orList([...view.ended.winners])} ${view.ended.winners.length === 1 ? 'wins' : 'win'} (${view.ended.winningPlayers.join(', ')}).`,
    );
    lines.push('Roles:', ...view.ended.roles.map((r) => `  ${r.player}: ${r.role}`));
    return lines.join('\n');
  }
  const phase = view.phase === null ? '' : phaseName(view.phase);
  lines.push(`${phase}${view.deadline === null ? '' : `, ending ${formatPlayerDeadline(new Date(view.deadline), zone)}`}.`);
  if (view.own !== null) lines.push(`You are ${view.own.player}, the ${view.own.role}.`);
  lines.push(`Alive (${view.living.length}): ${view.living.join(', ')}.`);
  if (view.dead.length > 0) lines.push(`Dead (${view.dead.length}):`, ...view.dead.map((d) => `  ${d.player}, the ${d.role} (${phaseName(d.phase)})`));
  return lines.join('\n');
}

/** Where a post goes: everyone, the dead (a dead player's post), or a group's channel. */
export type PressChannel = { readonly kind: 'everyone' } | { readonly kind: 'dead' } | { readonly kind: 'group'; readonly group: string };

function channelName(to: PressChannel): string {
  return to.kind === 'everyone' ? 'everyone' : to.kind === 'dead' ? 'the dead' : `the ${to.group}`;
}

/** A post in a werewolf game: who wrote it (a player's name, or the Master) and to whom. */
export function renderWerewolfPress(press: { readonly from: string | null; readonly to: PressChannel; readonly body: string }): string {
  return `${press.from ?? 'The Master'} writes to ${channelName(press.to)}:\n\n${press.body}\n`;
}

export function werewolfPressSubject(press: { readonly from: string | null; readonly to: PressChannel }): string {
  return `Press from ${press.from ?? 'the Master'}${press.to.kind === 'everyone' ? '' : ` to ${channelName(press.to)}`}`;
}
