import { loadRoleSet, roleText } from '../../catalog/roleset-catalog.ts';
import type { CreateBlock, SessionBlock } from '../../commands/index.ts';
import { readNewGameName } from '../../commands/names.ts';
import { redactLine } from '../../commands/redact.ts';
import { renderMasterRefusal } from '../../render/master-refusals.ts';
import { renderSessionReply } from '../../render/index.ts';
import { renderSessionRefusal } from '../../render/session-refusals.ts';
import { subjectFor } from '../../render/subjects.ts';
import {
  renderWerewolfMail,
  renderWerewolfReply,
  werewolfSubject,
  werewolfProblemText,
  werewolfSettingText,
  type WerewolfProblem,
  type WerewolfReply,
} from '../../render/werewolf-mail.ts';
import { roleSetProblemLine } from '../../render/werewolf-problems.ts';
import { durationMinutes, parseDate, parseDuration, shiftInstant } from '../../schedule/index.ts';
import { toDateTime, zoneFor } from '../../schedule/local-time.ts';
import type { RoleSet } from '../../werewolf/definitions.ts';
import { availableActions, seenBy, startGame, step } from '../../werewolf/engine.ts';
import { openChoices, reminderLeadMinutes } from '../../werewolf/reminders.ts';
import { commandOfLine, readWerewolfBlock, type NumberedLine } from '../../werewolf/mail-lines.ts';
import { phaseAt } from '../../werewolf/phases.ts';
import type { Command, Effect, GameState } from '../../werewolf/state.ts';
import { BlockError, type BlockContext, type JudgeConfig } from '../context.ts';
import type { GameKind } from '../kinds/game-kind.ts';
import { masterSeatFor } from '../master/masters.ts';
import { isMailAddress, mailAddress, type Game, type MailAddress } from '../model.ts';
import { guardedCheck, requireNewPassword } from '../passwords/password-checks.ts';
import { freshPassword, hashPassword, verifyPassword } from '../passwords/passwords.ts';
import type { GameEvent, GamePorts, JudgeTransaction, SeatRecord } from '../ports.ts';
import { noGameNamed } from '../reports/game-names.ts';
import { groupsOf, press, statusText, tell, type Sender, type Work } from './werewolf-mail.ts';
import {
  DEFAULT_WEREWOLF_SETTINGS,
  newWerewolfTable,
  phaseLabel,
  postsReadableBy,
  roleSetOf,
  storedWerewolfTable,
  tableSize,
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

/** The role set named, or the refusal naming every problem (file, line, element; the known sets when there is no such set). */
function readRoleSet(name: string): { ok: true; set: RoleSet } | { ok: false; problem: WerewolfProblem } {
  const loaded = loadRoleSet(name);
  return loaded.ok ? { ok: true, set: loaded.roleSet } : { ok: false, problem: { kind: 'role-set', lines: loaded.problems.map(roleSetProblemLine) } };
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
      const proven = await provenSeat(ctx, work, seats, opener.role, opener.password, opener.line);
      if (proven.role === 'master') return { kind: 'master', seat: proven };
      const joined = work.table.joined.find((j) => j.seat === proven.id);
      return joined ? { kind: 'player', seat: proven, nick: joined.nick } : { kind: 'observer', seat: proven };
    }
    case 'resign': {
      const proven = await provenSeat(ctx, work, seats, opener.role, opener.password, opener.line);
      const joined = work.table.joined.find((j) => j.seat === proven.id);
      if (proven.role !== 'power' || joined === undefined)
        throw refuse(opener.line, { kind: 'opener-not-supported', opener: proven.role === 'master' ? 'RESIGN (the Master)' : 'RESIGN (an observer)' });
      await resign(ctx, work, proven, joined.nick, opener.line);
      lines.length = 0;
      return { kind: 'observer', seat: proven };
    }
    case 'takeover':
      return takeover(ctx, work, seats, opener);
  }
}

/** The seat a SIGNON or RESIGN names (the Master, or a player by nick), its password proven; a wrong name takes as long as a wrong password. */
async function provenSeat(
  ctx: BlockContext<JudgeTransaction>,
  work: Work,
  seats: readonly SeatRecord[],
  role: Extract<SessionBlock['opener'], { kind: 'signon' }>['role'],
  password: string,
  line: number,
): Promise<SeatRecord> {
  const written = role.kind === 'named' ? role.name : role.kind === 'seat' ? String(role.number) : role.kind;
  const isMaster = role.kind === 'master' || (role.kind === 'named' && role.name.toLowerCase() === 'master');
  let seat: SeatRecord | undefined;
  if (isMaster) seat = masterSeatFor(seats, ctx.sender);
  else if (role.kind === 'named') {
    const joined = work.table.joined.find((j) => j.nick.toLowerCase() === role.name.toLowerCase());
    seat = seats.find((s) => s.id === joined?.seat && s.status !== 'resigned');
  }
  const proven = await guardedCheck(ctx, seat ?? null, line, async () =>
    (await verifyPassword(password, seat?.passwordHash ?? NO_SEAT_HASH)) && seat ? seat : null,
  );
  if (!proven) {
    if (!seat && !isMaster) throw refuse(line, { kind: 'no-such-seat', gameName: work.game.name, written });
    throw new BlockError(line, renderSessionRefusal({ kind: 'bad-signon' }));
  }
  return proven;
}

// --- Replacements: RESIGN, then a newcomer's TAKEOVER ----------------------------------------------

/**
 * RESIGN nick@game password: before the start the nick is free again; in a running game the seat
 * stays in play (the narrator's player lives on) and opens for a replacement, and everyone (the
 * Master too) is told that it is open, never the role. The resigned address gets no more mail.
 */
async function resign(ctx: BlockContext<JudgeTransaction>, work: Work, seat: SeatRecord, nick: string, line: number): Promise<void> {
  const { game } = work;
  if (work.table.status === 'ended') throw refuse(line, { kind: 'not-running' });
  await ctx.tx.updateSeat(seat.id, { status: 'resigned' });
  await ctx.tx.changeHolder(seat.id, seat.address, 'resigned');
  const running = work.table.status === 'running';
  ctx.reply.push(renderWerewolfReply({ kind: 'resigned', gameName: game.name, nick, running }));
  if (!running) {
    work.table = { ...work.table, joined: work.table.joined.filter((j) => j.seat !== seat.id) };
    return;
  }
  // A dead player's seat is not taken over: the table is told they left, without the invitation.
  const open = work.table.game?.players.some((p) => p.name === nick && p.alive) === true;
  const headline = renderWerewolfReply({ kind: 'seat-open', gameName: game.name, nick, open });
  await tell(ctx.tx, ctx.config, game, work.table, [], { prompt: false, subject: 'seat', headline });
}

/**
 * TAKEOVER nick@game password (a newcomer, with a password of their own): the open seat of a living
 * player becomes theirs — the same nick, role and everything the seat was told, which is mailed to
 * them alone (replayed from the seed and the log: their role and its text, their own results, the
 * announcements) with what they may do now. Everyone else is told the seat is taken, not by whom.
 */
async function takeover(
  ctx: BlockContext<JudgeTransaction>,
  work: Work,
  seats: readonly SeatRecord[],
  opener: Extract<SessionBlock['opener'], { kind: 'takeover' }>,
): Promise<Sender> {
  const { game } = work;
  const line = opener.line;
  const role = opener.role;
  const written = role.kind === 'named' ? role.name : role.kind === 'seat' ? String(role.number) : role.kind;
  const joined = role.kind === 'named' ? work.table.joined.find((j) => j.nick.toLowerCase() === role.name.toLowerCase()) : undefined;
  const seat = seats.find((s) => s.id === joined?.seat);
  if (joined === undefined || seat === undefined) throw refuse(line, { kind: 'no-such-seat', gameName: game.name, written });
  const state = work.table.game;
  if (work.table.status !== 'running' || state === null) throw refuse(line, { kind: 'not-running' });
  if (seat.status !== 'resigned') throw refuse(line, { kind: 'seat-not-open', nick: joined.nick });
  if (!state.players.some((p) => p.name === joined.nick && p.alive)) throw refuse(line, { kind: 'dead-seat', nick: joined.nick });
  if (seats.some((s) => s.address === ctx.sender && s.status !== 'resigned')) throw refuse(line, { kind: 'joined-already' });
  requireNewPassword(ctx, opener.password, line);
  const headline = renderWerewolfReply({ kind: 'took-over', gameName: game.name, nick: joined.nick });
  await handOver(ctx, work, seat, joined.nick, ctx.sender, opener.password, headline);
  ctx.reply.push(headline);
  return { kind: 'player', seat: { ...seat, address: ctx.sender, status: 'active', timeZone: null }, nick: joined.nick };
}

/**
 * The Master's REPLACE nick address (or the tracker's "address HAS REPLACED nick"): the seat of a
 * living player, open or played, goes to the newcomer with a password the judge makes, mailed to
 * them with the role and everything the seat was told, as a TAKEOVER would; the player replaced is
 * told, and everyone else hears that a replacement plays on, not who.
 */
async function replace(ctx: BlockContext<JudgeTransaction>, work: Work, line: NumberedLine & { readonly kind: 'replace' }): Promise<WerewolfProblem | null> {
  const { game } = work;
  const state = work.table.game;
  if (work.table.status !== 'running' || state === null) return { kind: 'not-running' };
  const joined = work.table.joined.find((j) => j.nick.toLowerCase() === line.nick.toLowerCase());
  const seats = await ctx.tx.seats(game.id);
  const seat = seats.find((s) => s.id === joined?.seat);
  if (joined === undefined || seat === undefined) return { kind: 'no-such-seat', gameName: game.name, written: line.nick };
  if (!state.players.some((p) => p.name === joined.nick && p.alive)) return { kind: 'dead-seat', nick: joined.nick };
  if (!isMailAddress(line.address)) return { kind: 'bad-address', written: line.address };
  const newcomer = mailAddress(line.address);
  if (seats.some((s) => s.address === newcomer && s.status !== 'resigned' && s.role !== 'observer'))
    return { kind: 'plays-in-game', address: newcomer, gameName: game.name };
  if (seat.status !== 'resigned') {
    await ctx.tx.enqueueMail({
      to: [seat.address],
      subject: subjectFor(ctx.config, game, phaseLabel(work.table), werewolfSubject('seat')),
      body: renderWerewolfReply({ kind: 'handed-over', gameName: game.name, nick: joined.nick }),
      gameId: game.id,
      kind: 'notice',
    });
  }
  const password = freshPassword();
  await handOver(
    ctx,
    work,
    seat,
    joined.nick,
    newcomer,
    password,
    renderWerewolfReply({ kind: 'handed-to-you', gameName: game.name, nick: joined.nick, password }),
  );
  ctx.reply.push(renderWerewolfReply({ kind: 'replaced', nick: joined.nick, newcomer }));
  return null;
}

/** The seat becomes the newcomer's, who alone is mailed `headline`, the role and everything the seat was told. */
async function handOver(
  ctx: BlockContext<JudgeTransaction>,
  work: Work,
  seat: SeatRecord,
  nick: string,
  newcomer: MailAddress,
  password: string,
  headline: string,
): Promise<void> {
  const { game } = work;
  const state = work.table.game!;
  // Everyone else first, while the seat is still closed to mail; then the seat is the newcomer's.
  await tell(ctx.tx, ctx.config, game, work.table, [], {
    prompt: false,
    subject: 'seat',
    headline: renderWerewolfReply({ kind: 'seat-taken', nick }),
  });
  await ctx.tx.updateSeat(seat.id, {
    address: newcomer,
    passwordHash: await hashPassword(password, ctx.config.passwordCost),
    status: 'active',
    // The leaver's own settings (their zone) are not the newcomer's.
    timeZone: null,
  });
  // The seat's record of who held it (as a Diplomacy power's): the leaver's stint ends, the newcomer's begins.
  await ctx.tx.changeHolder(seat.id, newcomer, 'replaced');
  const set = roleSetOf(work.table.settings.roleSet);
  const history = toldSoFar(
    set,
    work.table.joined.map((j) => j.nick),
    work.table.seed,
    work.table.log,
  ).filter((e) => seenBy(e, nick));
  const dealt = history.find((e) => e.kind === 'role-dealt');
  const options = availableActions(set, state, nick);
  await ctx.tx.enqueueMail({
    to: [newcomer],
    subject: subjectFor(ctx.config, game, phaseLabel(work.table), werewolfSubject('takeover')),
    body: renderWerewolfMail({
      gameName: game.name,
      effects: history,
      roleText: dealt?.kind === 'role-dealt' ? roleText(set.name, set.roles.get(dealt.role)!) : null,
      headline,
      earlierPress: { posts: postsReadableBy(work.table, nick, groupsOf(state, nick)), dropped: work.table.pressDropped ?? 0 },
      prompt: {
        phase: phaseAt(set, state.phaseIndex),
        options,
        deadline: work.table.deadline === null ? null : new Date(work.table.deadline),
        zone: game.timeZone,
        votesIn: options.filter((o) => o.kind === 'vote').length,
      },
    }),
    gameId: game.id,
    kind: 'notice',
  });
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
  if (work.table.status === 'running' && !work.rolledBack && everyoneDone(work.table)) await endPhase(ctx.tx, ctx.config, game, work, ctx.now);
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
    case 'set-password':
      // The sender's own seat, whoever they are; the reply never holds the password.
      if (line.password === null) return refused({ kind: 'set-password-usage' });
      requireNewPassword(ctx, line.password, line.line);
      await ctx.tx.updateSeat(sender.seat.id, { passwordHash: await hashPassword(line.password, ctx.config.passwordCost) });
      ctx.reply.push(renderSessionReply({ kind: 'password-changed' }));
      return;
    case 'replace': {
      if (sender.kind !== 'master') return refused({ kind: 'master-only', command: 'REPLACE' });
      const problem = await replace(ctx, work, line);
      return problem === null ? undefined : refused(problem);
    }
    case 'deadline':
    case 'extend':
      if (sender.kind !== 'master') return refused({ kind: 'master-only', command: line.kind === 'deadline' ? 'SET DEADLINE' : 'EXTEND' });
      await moveDeadline(ctx, work, sender, line, refused);
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
 * SET DEADLINE date / EXTEND length (the Master): the phase now open ends then; the date is read in
 * the Master's zone by the shared date reader, a length moves it later (days on the calendar). A
 * moment not in the future is refused and the deadline stays. Everyone is told the new deadline;
 * save() reschedules the phase's end and its reminder.
 */
async function moveDeadline(
  ctx: BlockContext<JudgeTransaction>,
  work: Work,
  sender: Sender,
  line: Extract<NumberedLine, { kind: 'deadline' | 'extend' }>,
  refused: (why: WerewolfProblem) => void,
): Promise<void> {
  const { game } = work;
  const state = work.table.game;
  if (work.table.status !== 'running' || state === null || work.table.deadline === null) return refused({ kind: 'not-running' });
  const zone = sender.seat.timeZone ?? game.timeZone;
  const current = new Date(work.table.deadline);
  let deadline: Date;
  if (line.kind === 'deadline') {
    const clock = toDateTime(current, zoneFor(zone));
    const read = parseDate(line.value, { now: ctx.now, zone, defaultTime: clock.hour * 60 + clock.minute, earliest: 'after-now' });
    if (!read.ok) return refused({ kind: 'bad-deadline', command: 'SET DEADLINE', written: line.value, reason: read.error });
    deadline = read.date.instant;
  } else {
    const read = parseDuration(line.value);
    if (!read.ok) return refused({ kind: 'bad-deadline', command: 'EXTEND', written: line.value, reason: read.error });
    if (durationMinutes(read.duration) < 1) return refused({ kind: 'bad-length', written: line.value });
    deadline = shiftInstant(current, read.duration, 'later', game.timeZone);
  }
  if (deadline.getTime() <= ctx.now.getTime()) return refused({ kind: 'deadline-past', deadline, now: ctx.now, zone });
  work.table = { ...work.table, deadline: deadline.toISOString() };
  const phase = phaseAt(roleSetOf(work.table.settings.roleSet), state.phaseIndex);
  ctx.reply.push(renderWerewolfReply({ kind: 'deadline-moved', phase, deadline, zone }));
  const headline = renderWerewolfReply({ kind: 'deadline-moved', phase, deadline, zone: game.timeZone });
  await tell(ctx.tx, ctx.config, game, work.table, [], { prompt: false, subject: 'deadline', headline, except: sender.seat.id });
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
  return state.players.filter((p) => p.alive).every((p) => table.done.includes(p.name) || openChoices(set, state, p.name).length === 0);
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

/** ROLLBACK (the Master): the phase that ended last is open again as it stood just before its end, replayed from the seed and the log. */
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
  work.rolledBack = true;
  const phase = phaseAt(set, state.phaseIndex);
  ctx.reply.push(renderWerewolfReply({ kind: 'rolled-back', phase }));
  await tell(ctx.tx, ctx.config, game, work.table, [], { prompt: true, subject: 'rollback', headline: renderWerewolfReply({ kind: 'rolled-back', phase }) });
}

/** Every effect the narrator has told since the start, in order, replayed from the seed and the log (a replacement's catch-up). */
function toldSoFar(set: RoleSet, players: readonly string[], seed: number, log: readonly Command[]): Effect[] {
  const started = startGame(set, { players, seed });
  if (!started.ok) throw new Error('a werewolf game whose start does not replay');
  const effects: Effect[] = [...started.effects];
  let state = started.state;
  for (const command of log) {
    const stepped = step(set, state, command);
    if (!stepped.ok) throw new Error(`a werewolf game whose log does not replay: ${command.kind}`);
    effects.push(...stepped.effects);
    state = stepped.state;
  }
  return effects;
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

// --- Saving, and the deadline ---------------------------------------------------------------------

async function save(tx: GamePorts, game: Game, table: WerewolfTable, now: Date): Promise<void> {
  await tx.updateGame(game.id, { kindState: storedWerewolfTable(table), status: werewolfStatus(table) });
  await tx.cancelJobs(game.id);
  if (table.status === 'running' && table.deadline !== null) {
    const dueAt = new Date(Math.max(Date.parse(table.deadline), now.getTime()));
    await tx.scheduleJobs([{ kind: 'deadline', gameId: game.id, dueAt, dedupeKey: `werewolf:${game.id}:deadline`, payload: { phase: null } }]);
    const remindAt = reminderAt(table);
    if (remindAt !== null && table.remindedFor !== table.deadline && remindAt.getTime() < dueAt.getTime())
      await tx.scheduleJobs([
        {
          kind: 'reminder',
          gameId: game.id,
          dueAt: new Date(Math.max(remindAt.getTime(), now.getTime())),
          dedupeKey: `werewolf:${game.id}:reminder`,
          payload: { phase: null },
        },
      ]);
  }
}

/** When the phase now open reminds its players: 12 hours before its deadline, or half-way through a shorter phase. */
function reminderAt(table: WerewolfTable): Date | null {
  if (table.game === null || table.deadline === null) return null;
  const lead = reminderLeadMinutes(phaseLength(table, roleSetOf(table.settings.roleSet), table.game.phaseIndex));
  return lead < 1 ? null : new Date(Date.parse(table.deadline) - lead * 60_000);
}

/**
 * The reminder job: each living player who has a vote or action still to give (and has not written
 * DONE) is mailed once, with their own open options alone; then the table records that this
 * deadline's reminder went out, so that it is not sent again (a moved deadline gets its own).
 */
async function remind(tx: GamePorts, config: JudgeConfig, game: Game, work: Work): Promise<void> {
  const { table } = work;
  const state = table.game!;
  const set = roleSetOf(table.settings.roleSet);
  const phase = phaseAt(set, state.phaseIndex);
  const seats = await tx.seats(game.id);
  for (const seat of seats) {
    if (seat.role !== 'power' || seat.status === 'resigned') continue;
    const nick = table.joined.find((j) => j.seat === seat.id)?.nick;
    if (nick === undefined || table.done.includes(nick)) continue;
    const open = openChoices(set, state, nick);
    if (open.length === 0) continue;
    const options = availableActions(set, state, nick);
    await tx.enqueueMail({
      to: [seat.address],
      subject: subjectFor(config, game, phaseLabel(table), werewolfSubject('reminder')),
      body: renderWerewolfMail({
        gameName: game.name,
        effects: [],
        roleText: null,
        headline: renderWerewolfReply({ kind: 'reminder', gameName: game.name, phase }),
        prompt: {
          phase,
          options,
          deadline: new Date(table.deadline!),
          zone: seat.timeZone ?? game.timeZone,
          votesIn: options.filter((o) => o.kind === 'vote').length,
        },
      }),
      gameId: game.id,
      kind: 'notice',
    });
  }
  work.table = { ...table, remindedFor: table.deadline };
}

async function onEvent(tx: GamePorts, config: JudgeConfig, game: Game, event: GameEvent, now: Date): Promise<void> {
  const table = werewolfTableOf(game);
  if (table.status !== 'running' || table.deadline === null) return;
  const work: Work = { game, table };
  if (event.kind === 'reminder') {
    // Too early (the deadline moved later since), already sent, or too late (the deadline's own job follows): nothing.
    const at = reminderAt(table);
    if (at === null || at.getTime() > now.getTime() || Date.parse(table.deadline) <= now.getTime() || table.remindedFor === table.deadline) return;
    await remind(tx, config, game, work);
  } else if (event.kind === 'deadline' && Date.parse(table.deadline) <= now.getTime()) await endPhase(tx, config, game, work, now);
  else return;
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
