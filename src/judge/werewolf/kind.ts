import { loadRoleSet, roleText } from '../../catalog/roleset-catalog.ts';
import type { CreateBlock, SessionBlock } from '../../commands/index.ts';
import { readNewGameName } from '../../commands/names.ts';
import { redactLine } from '../../commands/redact.ts';
import { renderMasterRefusal } from '../../render/master-refusals.ts';
import { renderSessionRefusal } from '../../render/session-refusals.ts';
import { subjectFor } from '../../render/subjects.ts';
import {
  renderWerewolfMail,
  renderWerewolfReply,
  renderWerewolfStatus,
  renderWerewolfPress,
  werewolfPressSubject,
  werewolfProblemText,
  werewolfSettingText,
  werewolfSubject,
  type PressChannel,
  type WerewolfProblem,
  type WerewolfReply,
} from '../../render/werewolf-mail.ts';
import { roleSetProblemLine } from '../../render/werewolf-problems.ts';
import { durationMinutes, parseDuration } from '../../schedule/index.ts';
import type { RoleSet } from '../../werewolf/definitions.ts';
import { availableActions, seenBy, startGame, step } from '../../werewolf/engine.ts';
import { commandOfLine, readWerewolfBlock, type NumberedLine } from '../../werewolf/mail-lines.ts';
import { phaseAt, phaseName } from '../../werewolf/phases.ts';
import type { Command, Effect, GameState } from '../../werewolf/state.ts';
import { BlockError, type BlockContext, type JudgeConfig } from '../context.ts';
import type { GameKind } from '../kinds/game-kind.ts';
import { masterSeatFor } from '../master/masters.ts';
import type { Game, MailAddress } from '../model.ts';
import { guardedCheck, requireNewPassword } from '../passwords/password-checks.ts';
import { hashPassword, verifyPassword } from '../passwords/passwords.ts';
import type { GameEvent, GamePorts, JudgeTransaction, SeatRecord } from '../ports.ts';
import { noGameNamed } from '../reports/game-names.ts';
import { werewolfViewFor } from '../visibility/policy.ts';
import { readerOfSeat } from '../visibility/reader.ts';
import {
  DEFAULT_WEREWOLF_SETTINGS,
  newWerewolfTable,
  storedWerewolfTable,
  werewolfStatus,
  werewolfTableOf,
  type WerewolfSettings,
  type WerewolfTable,
} from './werewolf-state.ts';

// Werewolf as a kind of game (issue 34): the narrator (src/werewolf) runs a role set's roles; this
// room reads a block's lines, says who the sender is (the Master, a player by the nick they joined
// under, an observer), hands the narrator its commands, mails each effect to exactly the readers its
// audience names (seenBy), prompts each living player with what they may do, and keeps the phase's
// deadline as a timed job. The game is one JSON value in games.kind_state (werewolf-state.ts).

/** Verified when no seat matches, so that a wrong name takes as long as a wrong password. */
const NO_SEAT_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA';
const NICK = /^[A-Za-z0-9_-]{1,20}$/;

function refuse(line: number | null, problem: WerewolfProblem): BlockError {
  return new BlockError(line, werewolfProblemText(problem));
}

function roleSetOf(name: string): RoleSet {
  const loaded = loadRoleSet(name);
  if (!loaded.ok) throw new Error(`the role set ${name} of a game in play no longer loads`);
  return loaded.roleSet;
}

/** The role set named, or the refusal naming every problem (file, line, element; the known sets when there is no such set). */
function readRoleSet(name: string): { ok: true; set: RoleSet } | { ok: false; problem: WerewolfProblem } {
  const loaded = loadRoleSet(name);
  return loaded.ok ? { ok: true, set: loaded.roleSet } : { ok: false, problem: { kind: 'role-set', lines: loaded.problems.map(roleSetProblemLine) } };
}

/** The number of players the game starts with: the setting, or the set's largest role list. */
function tableSize(table: WerewolfTable, set: RoleSet): number {
  return table.settings.players ?? Math.max(...set.roleLists.map((l) => l.players));
}

function phaseLabel(table: WerewolfTable): string | null {
  if (table.game === null) return null;
  return phaseName(phaseAt(roleSetOf(table.settings.roleSet), table.game.phaseIndex)).replace(' ', '');
}

// --- Settings, at CREATE and before the start -----------------------------------------------------

type SettingResult = { ok: true; settings: WerewolfSettings; text: string } | { ok: false; problem: WerewolfProblem };

function applySetting(settings: WerewolfSettings, setting: 'roleset' | 'day' | 'night' | 'players', value: string): SettingResult {
  switch (setting) {
    case 'roleset': {
      const read = readRoleSet(value);
      if (!read.ok) return read;
      const players = settings.players !== null && read.set.roleLists.some((l) => l.players === settings.players) ? settings.players : null;
      return { ok: true, settings: { ...settings, roleSet: read.set.name, players }, text: werewolfSettingText({ setting, name: read.set.name }) };
    }
    case 'day':
    case 'night': {
      const read = parseDuration(value);
      const minutes = read.ok ? durationMinutes(read.duration) : 0;
      if (minutes < 1) return { ok: false, problem: { kind: 'bad-length', written: value } };
      return {
        ok: true,
        settings: setting === 'day' ? { ...settings, dayMinutes: minutes } : { ...settings, nightMinutes: minutes },
        text: werewolfSettingText({ setting, minutes }),
      };
    }
    case 'players': {
      const sizes = roleSetOf(settings.roleSet).roleLists.map((l) => l.players);
      const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!sizes.includes(n)) return { ok: false, problem: { kind: 'bad-players', written: value, sizes } };
      return { ok: true, settings: { ...settings, players: n }, text: werewolfSettingText({ setting, players: n }) };
    }
  }
}

// --- CREATE name password werewolf [ROLESET name] -------------------------------------------------

async function create(ctx: BlockContext<JudgeTransaction>, block: CreateBlock): Promise<void> {
  const { opener } = block;
  ctx.errors.length = 0;
  const name = readNewGameName(opener.game);
  if (name === null) throw new BlockError(opener.line, renderMasterRefusal({ kind: 'invalid-game-name', written: opener.game }));
  if (await ctx.tx.findGame(name)) throw new BlockError(opener.line, renderMasterRefusal({ kind: 'game-exists', gameName: name }));
  requireNewPassword(ctx, opener.password, opener.line);
  // The opener's own words (ROLESET classic, DAY 2D …) and the block's SET lines are the settings.
  const lines: NumberedLine[] = [];
  for (let i = 0; i < opener.options.length; i += 2) {
    const text = `SET ${opener.options[i]} ${opener.options[i + 1] ?? ''}`.trim();
    lines.push(...readWerewolfBlock([{ line: opener.line, text }]));
  }
  lines.push(...readWerewolfBlock(ctx.blockLines ?? []));
  let settings = DEFAULT_WEREWOLF_SETTINGS;
  const told: string[] = [];
  for (const line of lines) {
    if (line.kind !== 'set') {
      ctx.errors.push({ line: line.line, message: werewolfProblemText({ kind: 'not-a-command', text: redactLine(line.text) }) });
      continue;
    }
    const changed = applySetting(settings, line.setting, line.value);
    if (!changed.ok) ctx.errors.push({ line: line.line, message: werewolfProblemText(changed.problem) });
    else {
      settings = changed.settings;
      told.push(changed.text);
    }
  }
  // The default set is checked too: a broken rolesets/classic.md refuses CREATE with its problems.
  const set = readRoleSet(settings.roleSet);
  if (!set.ok) ctx.errors.push({ line: opener.line, message: werewolfProblemText(set.problem) });
  if (ctx.errors.length > 0 || !set.ok) return;
  const table = newWerewolfTable(settings, Math.floor(ctx.random() * 2 ** 32));
  const game = await ctx.tx.createGame({
    name,
    variant: 'standard',
    status: 'forming',
    rules: [],
    description: `Werewolf (${set.set.name})`,
    listed: true,
    privateWordHash: null,
    timing: null,
    timeZone: ctx.config.defaultTimeZone ?? 'UTC',
    kind: 'werewolf',
    kindState: storedWerewolfTable(table),
  });
  await ctx.tx.addSeat({
    gameId: game.id,
    role: 'master',
    power: null,
    address: ctx.sender,
    passwordHash: await hashPassword(opener.password, ctx.config.passwordCost),
  });
  ctx.touchedGames.add(game.id);
  ctx.reply.push(renderWerewolfReply({ kind: 'created', gameName: name, roleSet: set.set.name, players: tableSize(table, set.set), settings: told }));
}

// --- A block: who the sender is, then their lines -------------------------------------------------

type Sender =
  | { readonly kind: 'master'; readonly seat: SeatRecord }
  | { readonly kind: 'player'; readonly seat: SeatRecord; readonly nick: string }
  | { readonly kind: 'observer'; readonly seat: SeatRecord };

/** What a block works on: the game, its table as it changes, and what is to be mailed once the block is done. */
interface Work {
  readonly game: Game;
  table: WerewolfTable;
}

async function enter(
  ctx: BlockContext<JudgeTransaction>,
  work: Work,
  block: SessionBlock,
  seats: readonly SeatRecord[],
  lines: NumberedLine[],
): Promise<Sender> {
  const { game } = work;
  const { opener } = block;
  switch (opener.kind) {
    case 'join':
    case 'observe': {
      if (seats.some((s) => s.address === ctx.sender && s.status !== 'resigned')) throw refuse(opener.line, { kind: 'joined-already' });
      let nick: string | null = null;
      if (opener.kind === 'join') {
        if (work.table.status !== 'forming') throw refuse(opener.line, { kind: 'before-start-only', command: 'JOIN' });
        const set = roleSetOf(work.table.settings.roleSet);
        if (work.table.joined.length >= tableSize(work.table, set)) throw refuse(opener.line, { kind: 'table-full', players: tableSize(work.table, set) });
        const named = lines.find((l) => l.kind === 'name');
        if (named?.kind !== 'name') throw refuse(opener.line, { kind: 'name-needed', gameName: game.name });
        lines.splice(lines.indexOf(named), 1);
        // A name is one word, and never `master`, which SIGNON master@game reads as the Master.
        if (!NICK.test(named.nick) || named.nick.toLowerCase() === 'master') throw refuse(named.line, { kind: 'bad-name', nick: named.nick });
        if (work.table.joined.some((j) => j.nick.toLowerCase() === named.nick.toLowerCase()))
          throw refuse(named.line, { kind: 'name-taken', nick: named.nick });
        nick = named.nick;
      }
      requireNewPassword(ctx, opener.password, opener.line);
      const seat = await ctx.tx.addSeat({
        gameId: game.id,
        role: opener.kind === 'join' ? 'power' : 'observer',
        power: null,
        address: ctx.sender,
        passwordHash: await hashPassword(opener.password, ctx.config.passwordCost),
      });
      if (nick === null) {
        ctx.reply.push(renderWerewolfReply({ kind: 'observing', gameName: game.name }));
        return { kind: 'observer', seat };
      }
      work.table = { ...work.table, joined: [...work.table.joined, { seat: seat.id, nick }] };
      const of = tableSize(work.table, roleSetOf(work.table.settings.roleSet));
      ctx.reply.push(renderWerewolfReply({ kind: 'joined', gameName: game.name, nick, joined: work.table.joined.length, of }));
      return { kind: 'player', seat, nick };
    }
    case 'signon': {
      const role = opener.role;
      const written = role.kind === 'named' ? role.name : role.kind === 'seat' ? String(role.number) : role.kind;
      const isMaster = role.kind === 'master' || (role.kind === 'named' && role.name.toLowerCase() === 'master');
      let seat: SeatRecord | undefined;
      if (isMaster) seat = masterSeatFor(seats, ctx.sender);
      else if (role.kind === 'named') {
        const joined = work.table.joined.find((j) => j.nick.toLowerCase() === role.name.toLowerCase());
        seat = seats.find((s) => s.id === joined?.seat && s.status !== 'resigned');
      }
      const proven = await guardedCheck(ctx, seat ?? null, opener.line, async () =>
        (await verifyPassword(opener.password, seat?.passwordHash ?? NO_SEAT_HASH)) && seat ? seat : null,
      );
      if (!proven) {
        if (!seat && !isMaster) throw refuse(opener.line, { kind: 'no-such-seat', gameName: game.name, written });
        throw new BlockError(opener.line, renderSessionRefusal({ kind: 'bad-signon' }));
      }
      if (proven.role === 'master') return { kind: 'master', seat: proven };
      const joined = work.table.joined.find((j) => j.seat === proven.id);
      return joined ? { kind: 'player', seat: proven, nick: joined.nick } : { kind: 'observer', seat: proven };
    }
    default:
      throw refuse(opener.line, { kind: 'opener-not-supported', opener: opener.kind.toUpperCase() });
  }
}

async function session(ctx: BlockContext<JudgeTransaction>, block: SessionBlock): Promise<void> {
  const found = await ctx.tx.findGame(block.opener.game, { forUpdate: true });
  if (!found) throw await noGameNamed(ctx.tx, block.opener.game, block.opener.line);
  const game = found;
  // Diplomacy's reading of these lines (orders, its VOTE) does not apply: the block is read here.
  ctx.errors.length = 0;
  const own = ctx.blockLines ?? [];
  if (ctx.proseLines) {
    const mine = new Set(own.map((l) => l.line));
    ctx.proseLines.splice(0, ctx.proseLines.length, ...ctx.proseLines.filter((line) => !mine.has(line)));
  }
  ctx.touchedGames.add(game.id);
  const work: Work = { game, table: werewolfTableOf(game) };
  const lines = readWerewolfBlock(own);
  const sender = await enter(ctx, work, block, await ctx.tx.seats(game.id), lines);
  for (const line of lines) await runLine(ctx, work, sender, line);
  // A table that is full starts by itself; a phase whose every player is done ends at once.
  if (work.table.status === 'forming' && work.table.joined.length === tableSize(work.table, roleSetOf(work.table.settings.roleSet)))
    await start(ctx.tx, ctx.config, game, work, ctx.now, null);
  if (work.table.status === 'running' && everyoneDone(work.table)) await endPhase(ctx.tx, ctx.config, game, work, ctx.now);
  await save(ctx.tx, game, work.table, ctx.now);
}

async function runLine(ctx: BlockContext<JudgeTransaction>, work: Work, sender: Sender, line: NumberedLine): Promise<void> {
  const { game } = work;
  const reply = (r: WerewolfReply): void => {
    ctx.reply.push(renderWerewolfReply(r));
  };
  // A line is quoted masked: a password written where it does not belong (SET PASSWORD …) never comes back.
  const refused = (why: WerewolfProblem): void => reply({ kind: 'line-refused', line: line.line, text: redactLine(line.text), why });
  switch (line.kind) {
    case 'name':
      return refused({ kind: 'before-start-only', command: 'NAME (with JOIN)' });
    case 'set': {
      if (sender.kind !== 'master') return refused({ kind: 'master-only', command: 'SET' });
      if (work.table.status !== 'forming') return refused({ kind: 'before-start-only', command: 'SET' });
      const changed = applySetting(work.table.settings, line.setting, line.value);
      if (!changed.ok) return refused(changed.problem);
      const size = tableSize({ ...work.table, settings: changed.settings }, roleSetOf(changed.settings.roleSet));
      if (size < work.table.joined.length) return refused({ kind: 'too-many-joined', players: size, joined: work.table.joined.length });
      work.table = { ...work.table, settings: changed.settings };
      reply({ kind: 'setting', text: changed.text });
      return;
    }
    case 'start':
      if (sender.kind !== 'master') return refused({ kind: 'master-only', command: 'START' });
      if (work.table.status !== 'forming') return refused({ kind: 'before-start-only', command: 'START' });
      await start(ctx.tx, ctx.config, game, work, ctx.now, (why) => refused(why));
      return;
    case 'rollback':
      if (sender.kind !== 'master') return refused({ kind: 'master-only', command: 'ROLLBACK' });
      await rollback(ctx, work, (why) => refused(why));
      return;
    case 'status':
      ctx.reply.push(statusText(work.table, sender, game));
      return;
    case 'press':
      await press(ctx, work, sender, line, refused, reply);
      return;
    default:
      break;
  }
  // What remains is a player's move in the running game.
  const state = work.table.game;
  // A word that is no command here (before the start, or from the Master or an observer) is refused as such.
  if (line.kind === 'verb' && (sender.kind !== 'player' || work.table.status !== 'running'))
    return refused({ kind: 'not-a-command', text: redactLine(line.text) });
  if (sender.kind !== 'player') return refused({ kind: 'players-only', command: line.text.split(/\s+/)[0]!.toUpperCase() });
  if (work.table.status !== 'running' || state === null) return refused({ kind: 'not-running' });
  const set = roleSetOf(work.table.settings.roleSet);
  if (line.kind === 'done') {
    if (!work.table.done.includes(sender.nick)) work.table = { ...work.table, done: [...work.table.done, sender.nick] };
    reply({ kind: 'done', phase: phaseAt(set, state.phaseIndex) });
    return;
  }
  const read = commandOfLine(set, state, sender.nick, line);
  if (read === null) return refused({ kind: 'not-a-command', text: redactLine(line.text) });
  if (!read.ok) return refused({ kind: 'line', problem: read.problem });
  const stepped = step(set, state, read.command);
  if (!stepped.ok) return refused({ kind: 'narrator', refusal: stepped.refusal });
  apply(work, read.command, stepped.state);
  const command = read.command;
  if (command.kind === 'vote') {
    const choice = stepped.state.polls.find((p) => p.name === command.poll)?.votes[sender.nick] ?? command.choice;
    reply({ kind: 'voted', poll: command.poll, choice });
  } else if (command.kind === 'unvote') reply({ kind: 'unvoted', poll: command.poll });
  else if (command.kind === 'withdraw') reply({ kind: 'withdrawn', verb: line.kind === 'withdraw' ? line.verb : '' });
  else if (command.kind === 'act') {
    const immediate = stepped.state.submissions.every(
      (s) => !(s.player === sender.nick && s.actionId === command.actionId && s.submittedIn === state.phaseIndex),
    );
    const chosen = stepped.state.submissions.filter((s) => s.player === sender.nick && s.actionId === command.actionId && s.submittedIn === state.phaseIndex);
    const names = immediate ? command.selections : chosen.flatMap((s) => (s.selection === null ? [] : [s.selection]));
    reply({ kind: 'recorded', verb: line.kind === 'verb' ? line.verb : '', names, phase: phaseAt(set, state.phaseIndex), immediate });
  }
  // An immediate action's effects (the hunter's aim) are told at once, each to whom it is for.
  if (stepped.effects.length > 0) await tell(ctx.tx, ctx.config, game, work.table, stepped.effects, { prompt: false, subject: 'news', headline: null });
  if (stepped.state.ended) finish(work);
}

/**
 * PRESS … ENDPRESS: a living player's or the Master's post goes to everyone; a dead player's to the
 * dead, the Master and observers; PRESS TO group to the group's living members (a wolf to the pack).
 */
async function press(
  ctx: BlockContext<JudgeTransaction>,
  work: Work,
  sender: Sender,
  line: Extract<NumberedLine, { kind: 'press' }>,
  refused: (why: WerewolfProblem) => void,
  reply: (r: WerewolfReply) => void,
): Promise<void> {
  if (!line.closed) return refused({ kind: 'press-unclosed' });
  if (line.body === '') return refused({ kind: 'press-empty' });
  if (sender.kind === 'observer') return refused({ kind: 'players-only', command: 'PRESS' });
  const { game, table } = work;
  const seats = (await ctx.tx.seats(game.id)).filter((s) => s.status !== 'resigned');
  const nickOf = (seat: SeatRecord) => (seat.role === 'power' ? (table.joined.find((j) => j.seat === seat.id)?.nick ?? null) : null);
  const state = table.game;
  const alive = (nick: string | null) => nick !== null && state !== null && state.players.some((p) => p.name === nick && p.alive);
  const from = sender.kind === 'player' ? sender.nick : null;
  let to: PressChannel;
  let readers: SeatRecord[];
  if (line.to !== null) {
    const groups = state === null || from === null || !alive(from) ? [] : groupsOf(state, from);
    if (from !== null && !alive(from) && state !== null) return refused({ kind: 'dead-press-to-group' });
    const group = groups.find((g) => g.toLowerCase() === line.to!.toLowerCase().replace(/^#/, ''));
    if (from === null || group === undefined) return refused({ kind: 'not-in-group', group: line.to, groups });
    to = { kind: 'group', group };
    readers = seats.filter((s) => alive(nickOf(s)) && groupsOf(state!, nickOf(s)!).includes(group));
  } else if (from !== null && state !== null && table.status === 'running' && !alive(from)) {
    to = { kind: 'dead' };
    readers = seats.filter((s) => nickOf(s) === null || !alive(nickOf(s)));
  } else {
    to = { kind: 'everyone' };
    readers = seats;
  }
  const addresses = [...new Set(readers.filter((s) => s.address !== ctx.sender).map((s) => s.address))];
  if (addresses.length > 0) {
    await ctx.tx.enqueueMail({
      to: addresses,
      subject: subjectFor(ctx.config, game, phaseLabel(table), werewolfPressSubject({ from, to })),
      body: renderWerewolfPress({ from, to, body: line.body }),
      gameId: game.id,
      kind: 'press',
    });
  }
  reply({ kind: 'press-sent', to, count: addresses.length });
}

/** The groups a player is a member of now. */
function groupsOf(state: GameState, nick: string): string[] {
  return (state.players.find((p) => p.name === nick)?.attributes ?? []).flatMap((a) => (a.type === 'membership' ? [a.group] : []));
}

/** The narrator took a command: the new state, the command logged for replay. */
function apply(work: Work, command: Command, state: GameState): void {
  work.table = { ...work.table, game: state, log: [...work.table.log, command] };
}

function finish(work: Work): void {
  work.table = { ...work.table, status: 'ended', deadline: null, done: [] };
}

// --- The start, the phases, the end --------------------------------------------------------------

function phaseLength(table: WerewolfTable, set: RoleSet, index: number): number {
  return phaseAt(set, index).time === 'Day' ? table.settings.dayMinutes : table.settings.nightMinutes;
}

function deadlineAfter(table: WerewolfTable, set: RoleSet, index: number, now: Date): string {
  return new Date(now.getTime() + phaseLength(table, set, index) * 60_000).toISOString();
}

async function start(tx: GamePorts, config: JudgeConfig, game: Game, work: Work, now: Date, refused: ((why: WerewolfProblem) => void) | null): Promise<void> {
  const set = roleSetOf(work.table.settings.roleSet);
  const started = startGame(set, { players: work.table.joined.map((j) => j.nick), seed: work.table.seed });
  if (!started.ok) {
    refused?.({ kind: 'narrator', refusal: started.refusal });
    return;
  }
  work.table = {
    ...work.table,
    status: started.state.ended ? 'ended' : 'running',
    game: started.state,
    log: [],
    done: [],
    deadline: deadlineAfter(work.table, set, 0, now),
  };
  await tell(tx, config, game, work.table, started.effects, { prompt: true, subject: 'start', headline: null });
}

/** Every living player has chosen everything they may (immediate actions aside) or written DONE. */
function everyoneDone(table: WerewolfTable): boolean {
  const state = table.game;
  if (state === null || state.ended) return false;
  const set = roleSetOf(table.settings.roleSet);
  return state.players
    .filter((p) => p.alive)
    .every(
      (p) =>
        table.done.includes(p.name) ||
        availableActions(set, state, p.name).every((o) => (o.kind === 'vote' ? o.chosen !== null : o.timing === 'Immediate' || o.chosen.length > 0)),
    );
}

async function endPhase(tx: GamePorts, config: JudgeConfig, game: Game, work: Work, now: Date): Promise<void> {
  const state = work.table.game!;
  const set = roleSetOf(work.table.settings.roleSet);
  const stepped = step(set, state, { kind: 'end-phase' });
  if (!stepped.ok) return;
  apply(work, { kind: 'end-phase' }, stepped.state);
  const ended = stepped.state.ended !== null;
  work.table = { ...work.table, done: [], deadline: ended ? null : deadlineAfter(work.table, set, stepped.state.phaseIndex, now) };
  if (ended) finish(work);
  await tell(tx, config, game, work.table, stepped.effects, { prompt: !ended, subject: ended ? 'end' : 'phase', headline: null });
}

/** ROLLBACK (the Master): the phase before the last one ended is open again, as it stood at its end, replayed from the seed and the log. */
async function rollback(ctx: BlockContext<JudgeTransaction>, work: Work, refused: (why: WerewolfProblem) => void): Promise<void> {
  const last = work.table.log.map((c) => c.kind).lastIndexOf('end-phase');
  if (work.table.status === 'forming' || last < 0) return refused({ kind: 'nothing-to-roll-back' });
  const set = roleSetOf(work.table.settings.roleSet);
  const log = work.table.log.slice(0, last);
  const state = replay(
    set,
    work.table.joined.map((j) => j.nick),
    work.table.seed,
    log,
  );
  const { game } = work;
  work.table = { ...work.table, status: 'running', game: state, log, done: [], deadline: deadlineAfter(work.table, set, state.phaseIndex, ctx.now) };
  const phase = phaseAt(set, state.phaseIndex);
  ctx.reply.push(renderWerewolfReply({ kind: 'rolled-back', phase }));
  await tell(ctx.tx, ctx.config, game, work.table, [], { prompt: true, subject: 'rollback', headline: renderWerewolfReply({ kind: 'rolled-back', phase }) });
}

/** The game from its seed and commands: the same seed and log give the same state (ROLLBACK, tests). */
export function replay(set: RoleSet, players: readonly string[], seed: number, log: readonly Command[]): GameState {
  const started = startGame(set, { players, seed });
  if (!started.ok) throw new Error('a werewolf game whose start does not replay');
  let state = started.state;
  for (const command of log) {
    const stepped = step(set, state, command);
    if (!stepped.ok) throw new Error(`a werewolf game whose log does not replay: ${command.kind}`);
    state = stepped.state;
  }
  return state;
}

// --- Mail: each effect to whom it is for ---------------------------------------------------------

interface Telling {
  readonly prompt: boolean;
  readonly subject: Parameters<typeof werewolfSubject>[0];
  readonly headline: string | null;
}

/**
 * Mails the effects: each reader gets the effects seenBy allows them (the Master, observers and
 * anyone not playing: the public ones alone), and with `prompt` each living player what they may do
 * now. The Master and observers told the same words share one mail; each player gets their own.
 */
async function tell(tx: GamePorts, config: JudgeConfig, game: Game, table: WerewolfTable, effects: readonly Effect[], how: Telling): Promise<void> {
  const set = roleSetOf(table.settings.roleSet);
  const state = table.game;
  const seats = (await tx.seats(game.id)).filter((s) => s.status !== 'resigned');
  const bodies = new Map<string, MailAddress[]>();
  const players: { to: MailAddress; body: string }[] = [];
  for (const seat of seats) {
    const nick = seat.role === 'power' ? (table.joined.find((j) => j.seat === seat.id)?.nick ?? null) : null;
    const seen = effects.filter((e) => (nick === null ? e.audience.kind === 'public' : seenBy(e, nick)));
    const alive = nick !== null && state?.players.some((p) => p.name === nick && p.alive) === true;
    const prompting = how.prompt && alive && table.status === 'running';
    if (seen.length === 0 && !prompting && how.headline === null) continue;
    const dealt = seen.find((e) => e.kind === 'role-dealt');
    const options = prompting ? availableActions(set, state!, nick!) : [];
    const body = renderWerewolfMail({
      gameName: game.name,
      effects: seen,
      roleText: dealt?.kind === 'role-dealt' ? roleText(set.name, set.roles.get(dealt.role)!) : null,
      prompt: prompting
        ? {
            phase: phaseAt(set, state!.phaseIndex),
            options,
            deadline: table.deadline === null ? null : new Date(table.deadline),
            zone: seat.timeZone ?? game.timeZone,
            votesIn: options.filter((o) => o.kind === 'vote').length,
          }
        : null,
      headline: how.headline,
    });
    // A player's mail is theirs alone, even when another's reads the same (two villagers would learn of each other).
    if (nick !== null) players.push({ to: seat.address, body });
    else bodies.set(body, [...(bodies.get(body) ?? []), seat.address]);
  }
  const phase = phaseLabel(table);
  const subject = subjectFor(config, game, phase, werewolfSubject(how.subject));
  for (const { to, body } of players) await tx.enqueueMail({ to: [to], subject, body, gameId: game.id, kind: 'notice' });
  for (const [body, to] of bodies) await tx.enqueueMail({ to: [...new Set(to)], subject, body, gameId: game.id, kind: 'notice' });
}

/** STATUS: the game as the sender may see it, and, for a living player, what they may do now. */
function statusText(table: WerewolfTable, sender: Sender, game: Game): string {
  const set = roleSetOf(table.settings.roleSet);
  const state = table.game;
  const zone = sender.seat.timeZone ?? game.timeZone;
  const facts = renderWerewolfStatus(werewolfViewFor(table, set, readerOfSeat(sender.seat)), game.name, zone);
  const nick = sender.kind === 'player' ? sender.nick : null;
  if (nick === null || state === null || table.status !== 'running' || !state.players.some((p) => p.name === nick && p.alive)) return facts;
  const options = availableActions(set, state, nick);
  const prompt = renderWerewolfMail({
    gameName: game.name,
    effects: [],
    roleText: null,
    prompt: {
      phase: phaseAt(set, state.phaseIndex),
      options,
      deadline: table.deadline === null ? null : new Date(table.deadline),
      zone,
      votesIn: options.filter((o) => o.kind === 'vote').length,
    },
    headline: null,
  });
  return `${facts}\n\n${prompt.trim()}`;
}

// --- Saving, and the deadline ---------------------------------------------------------------------

async function save(tx: GamePorts, game: Game, table: WerewolfTable, now: Date): Promise<void> {
  await tx.updateGame(game.id, { kindState: storedWerewolfTable(table), status: werewolfStatus(table) });
  await tx.cancelJobs(game.id);
  if (table.status === 'running' && table.deadline !== null) {
    const dueAt = new Date(Math.max(Date.parse(table.deadline), now.getTime()));
    await tx.scheduleJobs([{ kind: 'deadline', gameId: game.id, dueAt, dedupeKey: `werewolf:${game.id}:deadline`, payload: { phase: null } }]);
  }
}

async function onEvent(tx: GamePorts, config: JudgeConfig, game: Game, event: GameEvent, now: Date): Promise<void> {
  const table = werewolfTableOf(game);
  if (event.kind !== 'deadline' || table.status !== 'running' || table.deadline === null || Date.parse(table.deadline) > now.getTime()) return;
  const work: Work = { game, table };
  await endPhase(tx, config, game, work, now);
  await save(tx, game, work.table, now);
}

export const werewolf: GameKind = {
  id: 'werewolf',
  createWord: 'werewolf',
  create,
  session,
  async processIfReady(_tx, _config, game) {
    return { name: game.name, phase: phaseLabel(werewolfTableOf(game)), note: null };
  },
  onEvent,
};
