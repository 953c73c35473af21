import { type CreateBlock, redactLine, type RoleRef, type SessionBlock } from '../../commands/index.ts';
import { readNewGameName } from '../../commands/names.ts';
import {
  currentPhase,
  DEFAULT_SETTINGS,
  type MafiaActor,
  type MafiaCommand,
  type MafiaEffect,
  type MafiaState,
  newMafiaState,
  type NumberedCommand,
  isGmCommandLine,
  parseMafiaSetting,
  plannedEvents,
  readMafiaBlock,
  updateMafia,
  applySetting,
} from '../../mafia/index.ts';
import { renderMasterRefusal } from '../../render/master-refusals.ts';
import { phaseName, renderMafiaRefusal } from '../../render/mafia-refusals.ts';
import {
  renderMafiaJudgeText,
  renderMafiaNotice,
  renderMafiaNoticeSubject,
  renderMafiaPost,
  renderMafiaPostSubject,
  renderMafiaReply,
  renderMafiaStatus,
  renderSettingChange,
} from '../../render/mafia-notices.ts';
import { renderSessionRefusal } from '../../render/session-refusals.ts';
import { renderSessionReply } from '../../render/session-replies.ts';
import { subjectFor } from '../../render/subjects.ts';
import { BlockError, everyone, type BlockContext, type JudgeConfig } from '../context.ts';
import type { GameKind } from '../kinds/game-kind.ts';
import type { Game, MailAddress } from '../model.ts';
import { mastersOf, masterSeatFor } from '../master/masters.ts';
import { guardedCheck, requireNewPassword } from '../passwords/password-checks.ts';
import { hashPassword, verifyPassword } from '../passwords/passwords.ts';
import type { GameEvent, GamePorts, JudgeTransaction, SeatRecord } from '../ports.ts';
import { noGameNamed } from '../reports/game-names.ts';
import { mafiaViewFor } from '../visibility/policy.ts';
import { readerOfSeat, PUBLIC } from '../visibility/reader.ts';
import { gameStatusOf, mafiaStateOf, storedMafiaState } from './mafia-state.ts';

// Mafia as a kind of game (issue 32): the tracker bot's game by mail. The rules are the pure core's
// (src/mafia); this room reads a block's lines, says who the sender is (the game's Masters are its
// GMs, a player's seat id is their person id in the core), applies the core's updates, and turns
// their effects into mail through the shared outbox and their schedule into timed jobs.

/** Verified when no seat matches, so that a wrong name takes as long as a wrong password. */
const NO_SEAT_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA';

function phaseLabel(state: MafiaState): string | null {
  return state.status === 'forming' ? null : phaseName(currentPhase(state)).replace(' ', '');
}

function seedOf(ctx: Pick<BlockContext<unknown>, 'random'>): number {
  return Math.floor(ctx.random() * 2 ** 32);
}

// --- CREATE name password mafia -----------------------------------------------------------------

async function create(ctx: BlockContext<JudgeTransaction>, block: CreateBlock): Promise<void> {
  const { opener } = block;
  // The block's lines are Mafia settings, not Diplomacy's: read them here, forget the other reading.
  ctx.errors.length = 0;
  const name = readNewGameName(opener.game);
  if (name === null) throw new BlockError(opener.line, renderMasterRefusal({ kind: 'invalid-game-name', written: opener.game }));
  if (await ctx.tx.findGame(name)) throw new BlockError(opener.line, renderMasterRefusal({ kind: 'game-exists', gameName: name }));
  requireNewPassword(ctx, opener.password, opener.line);
  let settings = { ...DEFAULT_SETTINGS, zone: ctx.config.defaultTimeZone ?? 'UTC' };
  const told: string[] = [];
  for (const command of readMafiaBlock(ctx.blockLines ?? [])) {
    const zoneLine = command.kind === 'other' ? /^ZONE\s+(\S+)$/i.exec(command.text) : null;
    const text = command.kind === 'set' ? command.text : zoneLine ? `ZONE ${zoneLine[1]}` : null;
    if (text === null) {
      ctx.errors.push({
        line: command.line,
        message: renderMafiaJudgeText({ kind: 'not-a-command', text: command.kind === 'other' ? redactLine(command.text) : command.kind }),
      });
      continue;
    }
    const read = parseMafiaSetting(text, { now: ctx.now, zone: settings.zone });
    if (!read.ok) ctx.errors.push({ line: command.line, message: renderMafiaRefusal(read.refusal) });
    else {
      settings = applySetting(settings, read.change);
      told.push(renderSettingChange(read.change, settings.zone));
    }
  }
  if (ctx.errors.length > 0) return;
  const state = newMafiaState(settings);
  const game = await ctx.tx.createGame({
    name,
    variant: 'standard',
    status: 'forming',
    rules: [],
    description: 'Mafia',
    listed: true,
    privateWordHash: null,
    timing: null,
    timeZone: settings.zone,
    kind: 'mafia',
    kindState: storedMafiaState(state),
  });
  await ctx.tx.addSeat({
    gameId: game.id,
    role: 'master',
    power: null,
    address: ctx.sender,
    passwordHash: await hashPassword(opener.password, ctx.config.passwordCost),
  });
  ctx.touchedGames.add(game.id);
  ctx.reply.push(renderMafiaJudgeText({ kind: 'created', gameName: name, settings: told }));
}

// --- A block: who the sender is, then their lines -----------------------------------------------

interface Sender {
  readonly seat: SeatRecord;
  readonly actor: MafiaActor;
}

async function enter(ctx: BlockContext<JudgeTransaction>, block: SessionBlock, game: Game, seats: readonly SeatRecord[], state: MafiaState): Promise<Sender> {
  const { opener } = block;
  switch (opener.kind) {
    case 'join':
    case 'observe': {
      if (seats.some((s) => s.address === ctx.sender && s.status !== 'resigned'))
        throw new BlockError(opener.line, renderMafiaRefusal({ kind: 'joined-already' }));
      requireNewPassword(ctx, opener.password, opener.line);
      const seat = await ctx.tx.addSeat({
        gameId: game.id,
        role: opener.kind === 'join' ? 'power' : 'observer',
        power: null,
        address: ctx.sender,
        passwordHash: await hashPassword(opener.password, ctx.config.passwordCost),
      });
      if (opener.kind === 'observe') ctx.reply.push(renderMafiaJudgeText({ kind: 'observing', gameName: game.name }));
      return { seat, actor: { kind: 'person', person: seat.id } };
    }
    case 'signon':
    case 'resign': {
      const proven = await proveSeat(ctx, game, seats, state, opener.role, opener.password, opener.line);
      return { seat: proven, actor: proven.role === 'master' ? { kind: 'gm' } : { kind: 'person', person: proven.id } };
    }
    case 'takeover': {
      // A newcomer takes an open seat under a password of their own; a standby is put in a seat by the GM.
      if (seats.some((s) => s.address === ctx.sender && s.status !== 'resigned'))
        throw new BlockError(opener.line, renderMafiaRefusal({ kind: 'joined-already' }));
      requireNewPassword(ctx, opener.password, opener.line);
      const seat = await ctx.tx.addSeat({
        gameId: game.id,
        role: 'power',
        power: null,
        address: ctx.sender,
        passwordHash: await hashPassword(opener.password, ctx.config.passwordCost),
      });
      return { seat, actor: { kind: 'person', person: seat.id } };
    }
  }
}

/** The seat a SIGNON or RESIGN names (a nick, a seat number, or master), proven by its password under the guard. */
async function proveSeat(
  ctx: BlockContext<JudgeTransaction>,
  game: Game,
  seats: readonly SeatRecord[],
  state: MafiaState,
  role: RoleRef,
  password: string,
  line: number,
): Promise<SeatRecord> {
  const written = writtenRole(role);
  const isMaster = role.kind === 'master' || (role.kind === 'named' && role.name.toLowerCase() === 'master');
  let seat: SeatRecord | undefined;
  if (isMaster) seat = masterSeatFor(seats, ctx.sender);
  // An observer signs on as `observer@game` (or njudge's `Ogame`): the seat is the sender's own.
  else if (role.kind === 'observer' || (role.kind === 'named' && role.name.toLowerCase() === 'observer'))
    seat = seats.find((s) => s.address === ctx.sender && s.role === 'observer' && s.status !== 'resigned');
  else if (role.kind === 'named') {
    const key = role.name.toLowerCase().replace(/\s+/g, '');
    const person =
      state.players.find((p) => p.nick.toLowerCase().replace(/\s+/g, '') === key)?.person ??
      state.joined.find((j) => j.nick !== null && j.nick.toLowerCase().replace(/\s+/g, '') === key)?.person;
    seat = seats.find((s) => s.id === person);
  } else if (role.kind === 'seat') seat = seats.find((s) => s.id === state.players.find((p) => p.seat === role.number)?.person);
  const proven = await guardedCheck(ctx, seat ?? null, line, async () =>
    (await verifyPassword(password, seat?.passwordHash ?? NO_SEAT_HASH)) && seat ? seat : null,
  );
  if (!proven) {
    if (!seat && !isMaster) throw new BlockError(line, renderMafiaJudgeText({ kind: 'no-such-seat', gameName: game.name, written }));
    throw new BlockError(line, renderSessionRefusal({ kind: 'bad-signon' }));
  }
  // A resigned player's seat waits for its replacement: its password no longer enters the game.
  if (proven.status === 'resigned') throw new BlockError(line, renderMafiaJudgeText({ kind: 'you-resigned', gameName: game.name, written }));
  return proven;
}

function writtenRole(role: RoleRef): string {
  return role.kind === 'named' ? role.name : role.kind === 'seat' ? String(role.number) : role.kind;
}

async function session(ctx: BlockContext<JudgeTransaction>, block: SessionBlock): Promise<void> {
  const game = await ctx.tx.findGame(block.opener.game, { forUpdate: true });
  if (!game) throw await noGameNamed(ctx.tx, block.opener.game, block.opener.line);
  // Diplomacy's reading of these lines (orders, its VOTE) does not apply: the block is read here.
  ctx.errors.length = 0;
  const lines = ctx.blockLines ?? [];
  if (ctx.proseLines) {
    const own = new Set(lines.map((l) => l.line));
    ctx.proseLines.splice(0, ctx.proseLines.length, ...ctx.proseLines.filter((line) => !own.has(line)));
  }
  const seats = await ctx.tx.seats(game.id);
  ctx.touchedGames.add(game.id);
  let state = mafiaStateOf(game);
  const sender = await enter(ctx, block, game, seats, state);
  // A refused line is answered and the rest of the block stands, except where the block cannot
  // stand without it: JOIN itself, and the NAME of a JOIN (a newcomer without the name asked for
  // joins again with another).
  const apply = async (command: MafiaCommand, line: number | null, text: string): Promise<boolean> => {
    const outcome = updateMafia(state, sender.actor, command, { now: ctx.now, seed: seedOf(ctx) });
    if (!outcome.ok) {
      if (line === null || command.kind === 'join' || (command.kind === 'name' && block.opener.kind === 'join'))
        throw new BlockError(line ?? block.opener.line, renderMafiaRefusal(outcome.refusal));
      ctx.reply.push(renderMafiaReply({ kind: 'line-refused', line, text, refusal: outcome.refusal }, game.name, state.settings.zone));
      return false;
    }
    state = outcome.state;
    await writeEffects(ctx.tx, ctx.config, game, await ctx.tx.seats(game.id), state, outcome.effects, (reply) => ctx.reply.push(reply));
    return true;
  };
  // JOIN enters the core at once, with the block's NAME: a refusal there (the name taken, the game
  // over) refuses the whole block, and the newcomer joins again.
  let commands = readMafiaBlock(lines);
  if (block.opener.kind === 'join') {
    const named = commands.find((c) => c.kind === 'name');
    await apply({ kind: 'join', nick: named?.kind === 'name' ? named.nick : null }, named?.line ?? null, '');
    commands = commands.filter((c) => c !== named);
  }
  // RESIGN nick@game and TAKEOVER nick@game are their block's first command; refused, the whole block is.
  if (block.opener.kind === 'resign' && sender.seat.role === 'observer') {
    await ctx.tx.removeSeat(sender.seat.id);
    ctx.reply.push(renderMafiaJudgeText({ kind: 'observer-left', gameName: game.name }));
  } else if (block.opener.kind === 'resign' && (await apply({ kind: 'resign' }, null, ''))) await ctx.tx.updateSeat(sender.seat.id, { status: 'resigned' });
  if (block.opener.kind === 'takeover') {
    const role = block.opener.role;
    const nick = role.kind === 'seat' ? state.players.find((p) => p.seat === role.number)?.nick : role.kind === 'named' ? role.name : undefined;
    if (nick === undefined)
      throw new BlockError(block.opener.line, renderMafiaJudgeText({ kind: 'no-such-seat', gameName: game.name, written: writtenRole(role) }));
    await apply({ kind: 'takeover', nick }, null, '');
  }
  for (const command of commands) await runLine(ctx, game, sender, state, command, apply);
  await saveMafia(ctx.tx, game, state, ctx.now);
}

async function runLine(
  ctx: BlockContext<JudgeTransaction>,
  game: Game,
  sender: Sender,
  state: MafiaState,
  command: NumberedCommand,
  apply: (command: MafiaCommand, line: number | null, text: string) => Promise<boolean>,
): Promise<void> {
  // Every quoted line is masked: SET PASSWORD, and a password written where the game takes none.
  const text = redactLine((ctx.blockLines ?? []).find((l) => l.line === command.line)?.text.trim() ?? '');
  switch (command.kind) {
    case 'name':
      await apply({ kind: 'name', nick: command.nick }, command.line, text);
      return;
    case 'start':
      await apply({ kind: 'start' }, command.line, text);
      return;
    case 'set': {
      const read = parseMafiaSetting(command.text, { now: ctx.now, zone: state.settings.zone });
      if (!read.ok) ctx.reply.push(renderMafiaReply({ kind: 'line-refused', line: command.line, text, refusal: read.refusal }, game.name, state.settings.zone));
      else await apply({ kind: 'set', change: read.change }, command.line, text);
      return;
    }
    case 'role':
      await apply({ kind: 'role', nick: command.nick, text: command.text }, command.line, text);
      return;
    case 'group':
      await apply({ kind: 'group', name: command.name, nicks: command.nicks }, command.line, text);
      return;
    case 'post':
      await apply({ kind: 'post', text: command.text, to: command.to }, command.line, text);
      return;
    case 'vote':
      await apply({ kind: 'vote', vote: command.vote }, command.line, text);
      return;
    case 'votecount':
      await apply({ kind: 'votecount' }, command.line, text);
      return;
    case 'status': {
      const reader = sender.actor.kind === 'gm' ? readerOfSeat(sender.seat) : sender.seat.role === 'power' ? readerOfSeat(sender.seat) : PUBLIC;
      ctx.reply.push(renderMafiaStatus(mafiaViewFor(state, reader), game.name, sender.seat.timeZone));
      return;
    }
    case 'set-password':
      // The sender's own seat (a co-GM's own Master seat); the reply never holds the password.
      if (command.password === null) {
        ctx.errors.push({ line: command.line, message: renderMafiaJudgeText({ kind: 'set-password-usage' }) });
        return;
      }
      requireNewPassword(ctx, command.password, command.line);
      await ctx.tx.updateSeat(sender.seat.id, { passwordHash: await hashPassword(command.password, ctx.config.passwordCost) });
      ctx.reply.push(renderSessionReply({ kind: 'password-changed' }));
      return;
    case 'resign':
      // An observer stops watching: their seat goes, the game's state never knew them.
      if (sender.seat.role === 'observer') {
        await ctx.tx.removeSeat(sender.seat.id);
        ctx.reply.push(renderMafiaJudgeText({ kind: 'observer-left', gameName: game.name }));
      } else if (await apply({ kind: 'resign' }, command.line, text)) await ctx.tx.updateSeat(sender.seat.id, { status: 'resigned' });
      return;
    case 'promote':
      await promote(ctx, game, sender, state, command.who, command.line);
      return;
    case 'unclosed':
      ctx.reply.push(renderMafiaJudgeText({ kind: 'unclosed', opener: command.opener, closer: command.closer }));
      return;
    case 'other':
      if (sender.actor.kind === 'gm') await apply({ kind: 'gm-line', line: command.text }, command.line, text);
      else if (isGmCommandLine(state, command.text)) ctx.reply.push(renderMafiaRefusal({ kind: 'gm-only', command: redactLine(command.text) }));
      else ctx.reply.push(renderMafiaJudgeText({ kind: 'not-a-command', text: redactLine(command.text) }));
      return;
  }
}

/** PROMOTE address: an observer or standby of the game becomes a co-GM (a Master), with their own password. */
async function promote(ctx: BlockContext<JudgeTransaction>, game: Game, sender: Sender, state: MafiaState, who: string, line: number): Promise<void> {
  if (sender.actor.kind !== 'gm') {
    ctx.reply.push(renderMafiaRefusal({ kind: 'gm-only', command: 'PROMOTE' }));
    return;
  }
  const seats = await ctx.tx.seats(game.id);
  const address = who.toLowerCase() as MailAddress;
  const seat = seats.find((s) => s.address === address && s.role !== 'master' && !state.players.some((p) => p.person === s.id));
  if (!seat || seat.passwordHash === null) {
    ctx.errors.push({ line, message: renderMafiaJudgeText({ kind: 'promote-whom', written: who }) });
    return;
  }
  await ctx.tx.addSeat({ gameId: game.id, role: 'master', power: null, address: seat.address, passwordHash: seat.passwordHash });
  await ctx.tx.removeSeat(seat.id);
  await ctx.tx.enqueueMail({
    to: [seat.address],
    subject: subjectFor(ctx.config, game, null, renderMafiaNoticeSubject(null)),
    body: renderMafiaJudgeText({ kind: 'you-promoted', gameName: game.name }),
    gameId: game.id,
    kind: 'notice',
  });
  ctx.reply.push(renderMafiaJudgeText({ kind: 'promoted', gameName: game.name }));
}

// --- Effects to mail, state and jobs ------------------------------------------------------------

function addressesOf(seats: readonly SeatRecord[], to: MafiaEffect extends infer E ? (E extends { to: infer A } ? A : never) : never): MailAddress[] {
  const live = seats.filter((s) => s.status !== 'resigned');
  if (to.kind === 'everyone') return everyone(live);
  const gms = mastersOf(live).map((s) => s.address);
  if (to.kind === 'gms') return [...new Set(gms)];
  const people = live.filter((s) => to.people.includes(s.id)).map((s) => s.address);
  return [...new Set([...people, ...(to.gms ? gms : [])])];
}

async function writeEffects(
  tx: GamePorts,
  config: JudgeConfig,
  game: Game,
  seats: readonly SeatRecord[],
  state: MafiaState,
  effects: readonly MafiaEffect[],
  reply: (text: string) => void,
): Promise<void> {
  const phase = phaseLabel(state);
  for (const effect of effects) {
    if (effect.kind === 'reply') {
      reply(renderMafiaReply(effect.reply, game.name, state.settings.zone));
      continue;
    }
    const to = addressesOf(seats, effect.to);
    if (to.length === 0) continue;
    if (effect.kind === 'notice') {
      await tx.enqueueMail({
        to,
        subject: subjectFor(config, game, phase, renderMafiaNoticeSubject(effect.notice)),
        body: renderMafiaNotice(effect.notice, game.name, null),
        gameId: game.id,
        kind: 'notice',
      });
    } else {
      await tx.enqueueMail({
        to,
        subject: subjectFor(config, game, phase, renderMafiaPostSubject(effect)),
        body: renderMafiaPost(effect, game.name),
        gameId: game.id,
        kind: 'press',
      });
    }
  }
}

/** The state saved whole, the game's status kept in step, and its deadline and reminder jobs planned again. */
async function saveMafia(tx: GamePorts, game: Game, state: MafiaState, now: Date): Promise<void> {
  await tx.updateGame(game.id, { kindState: storedMafiaState(state), status: gameStatusOf(state) });
  await tx.cancelJobs(game.id);
  const jobs = plannedEvents(state)
    .filter((event) => event.kind === 'deadline' || event.at.getTime() > now.getTime())
    .map((event) => ({ kind: event.kind, gameId: game.id, dueAt: event.at, dedupeKey: `mafia:${game.id}:${event.kind}`, payload: { phase: null } }));
  if (jobs.length > 0) await tx.scheduleJobs(jobs);
}

async function onEvent(tx: GamePorts, config: JudgeConfig, game: Game, event: GameEvent, now: Date): Promise<void> {
  const state = mafiaStateOf(game);
  const command: MafiaCommand = event.kind === 'reminder' ? { kind: 'reminder' } : { kind: 'deadline' };
  const outcome = updateMafia(state, { kind: 'clock' }, command, { now, seed: 0 });
  if (!outcome.ok) return;
  await writeEffects(tx, config, game, await tx.seats(game.id), outcome.state, outcome.effects, () => undefined);
  await saveMafia(tx, game, outcome.state, now);
}

export const mafia: GameKind = {
  id: 'mafia',
  createWord: 'mafia',
  create,
  session,
  async processIfReady(_tx, _config, game) {
    return { name: game.name, phase: phaseLabel(mafiaStateOf(game)), note: null };
  },
  onEvent,
};
