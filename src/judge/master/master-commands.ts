import { commandProblemText } from '../../render/command-problems.ts';
import { loadVariant } from '../../catalog/variant-catalog.ts';
import type { SessionCommand } from '../../commands/index.ts';
import { readNewGameName } from '../../commands/names.ts';
import type { SignonGateName } from '../../commands/signon-gate.ts';
import { masterSeat, type ActingSession } from '../acting-session.ts';
import { masterSeatFor, promote } from './masters.ts';
import { noGameNamed } from '../reports/game-names.ts';
import { BlockError, everyone, type BlockContext } from '../context.ts';
import { subjectFor } from '../../render/subjects.ts';
import { noticeToAll, rescheduleJobs, scheduleDeadline } from '../clock/deadlines.ts';
import { countTakeover } from '../players/dedication.ts';
import { startGame } from '../players/enter-game.ts';
import { awaitReplacements, scheduleFormingReminder, schedulePauseReminder } from '../diplomacy/game-events.ts';
import { NO_SIGNON_GATES, type Game, type GameEnding, type MailAddress } from '../model.ts';
import { GATE_KEYS } from '../players/signon-gates.ts';
import { gateTitle, requirementText } from '../../render/signon-gates.ts';
import { hashPassword, verifyPassword } from '../passwords/passwords.ts';
import { guardedCheck, requireNewPassword } from '../passwords/password-checks.ts';
import { archivePress } from '../press/press-delivery.ts';
import { planPress } from '../press/index.ts';
import type { PressCommand } from '../press/press-types.ts';
import type {
  GamePorts,
  GameSnapshot,
  GamesPort,
  JobsPort,
  NoticePorts,
  OutboxPort,
  PhaseOrdersPorts,
  PressPort,
  SchedulePorts,
  SeatRecord,
} from '../ports.ts';
import { adjudicateCurrent, processTurn, resultsText, revealPlayers, turnReadiness } from '../diplomacy/process-turn.ts';
import { viewOf } from '../visibility/policy.ts';
import { MASTER } from '../visibility/reader.ts';
import { refreshed, unendGame } from '../clock/time-commands.ts';
import { masterTimeCommand } from '../tracker/tracker-lines.ts';
import { noticeTitle, renderMasterNotice, renderMasterReply, renderSeatNotice, type Roll } from '../../render/index.ts';
import { renderMasterRefusal } from '../../render/master-refusals.ts';

export { masterSeat, type ActingSession } from '../acting-session.ts';

// The Master's commands after SIGNON Mgame (DPjudge's and njudge's). Each checks the game's state
// first and refuses with a reason; each change is announced to everyone who follows the game.

export type MasterCommand = Extract<SessionCommand, { kind: 'master' }>;

/** Commands that change who plays a game in play: an ended game must be unended first. */
const NEEDS_PLAY: readonly MasterCommand['command'][] = ['DUMMY', 'REVIVE', 'BECOME'];

// biome-ignore lint/suspicious/noConfusingVoidType: a command that keeps the session returns nothing (its callers use `?? current`)
export async function masterCommand(ctx: BlockContext<GamePorts>, session: ActingSession, command: MasterCommand): Promise<ActingSession | void> {
  const { game, variant, seats } = session;
  if (!masterSeat(session)) throw new BlockError(command.line, renderMasterRefusal({ kind: 'master-only', command: command.command }));
  if ((game.status === 'completed' || game.status === 'terminated') && NEEDS_PLAY.includes(command.command)) {
    throw new BlockError(command.line, renderMasterRefusal({ kind: 'unend-first', gameName: game.name, status: game.status, command: command.command }));
  }
  switch (command.command) {
    case 'FORM':
      if (game.status !== 'preparation')
        throw new BlockError(command.line, renderMasterRefusal({ kind: 'not-in-preparation', gameName: game.name, status: game.status }));
      await ctx.tx.updateGame(game.id, { status: 'forming' });
      await scheduleFormingReminder(ctx.tx, game, ctx.now);
      ctx.reply.push(renderMasterReply({ kind: 'forming', gameName: game.name }));
      return { ...session, game: { ...game, status: 'forming' } };
    case 'PROCESS':
    case 'PROCESS!': {
      if (game.status !== 'active' || game.currentPhase === null)
        throw new BlockError(command.line, renderMasterRefusal({ kind: 'not-processable', gameName: game.name, status: game.status }));
      // njudge's PROCESS phase guards a late mail: a phase already processed is not processed again.
      if (command.command === 'PROCESS' && command.phase !== null && command.phase !== game.currentPhase) {
        ctx.reply.push(renderMasterReply({ kind: 'process-moved-on', gameName: game.name, asked: command.phase, current: game.currentPhase }));
        return;
      }
      // The Master's PROCESS overrides WAIT flags; PROCESS! also gives the missing orders their
      // civil-disorder defaults: units hold, retreats disband, builds are waived.
      const readiness = await turnReadiness(ctx.tx, game, variant, seats, ctx.now, { ignoreWaits: true });
      const missing = readiness.waitingFor.map((p) => variant.powerById(p).name);
      if (command.command === 'PROCESS' && !readiness.ready)
        throw new BlockError(command.line, renderMasterRefusal({ kind: 'orders-missing', powers: missing }));
      await processTurn(ctx.tx, ctx.config, game, variant, seats, ctx.now);
      ctx.reply.push(renderMasterReply({ kind: 'processed', phaseId: game.currentPhase, defaulted: missing }));
      return refreshed(ctx, session);
    }
    case 'DEADLINE':
      // The Mafia tracker's "DEADLINE … MOVED 1D 12H LATER".
      if (command.deadline.kind === 'error') throw new BlockError(command.line, commandProblemText(command.deadline.error));
      return masterTimeCommand(ctx, session, command.line, command.deadline.time);
    case 'UNEND':
      return unendGame(ctx, session, command.line);
    case 'UNSTART':
      return unstart(ctx, session, command.line);
    case 'PROMOTE':
      await promote(ctx, session, command.target, command.line);
      return refreshed(ctx, session);
    case 'ROLLBACK':
    case 'ROLLFORWARD':
      return roll(ctx, session, command);
    case 'TERMINATE':
      return terminate(ctx, session, command.line);
    case 'ACTIVATE':
      return activate(ctx, session, command.line);
    case 'WAIT':
      return pause(ctx, session, command.line);
    case 'PURGE':
    case 'RENAME':
      return purgeOrRename(ctx, session, command);
    case 'PREVIEW':
      return preview(ctx, session, command.line);
    case 'RESIGN':
    case 'EJECT':
      return vacate(ctx, session, command);
    case 'DUMMY':
      return dummy(ctx, session, command);
    case 'REVIVE':
      return revive(ctx, session, command);
    case 'BECOME':
      return become(ctx, session, command);
    case 'OFFICIAL':
      return official(ctx, session, command);
    case 'REVEAL':
      return reveal(ctx, session, command.line);
    case 'SET DEDICATION':
    case 'SET ONTIMERAT':
    case 'SET RESRAT':
      return setSignonGate(ctx, session, command);
    default: {
      // Every Master command the parser makes is handled above; the compiler says so when one is not.
      const unhandled = unhandledCommand(command);
      ctx.errors.push({ line: unhandled.line, message: renderMasterRefusal({ kind: 'not-available', command: unhandled.command }) });
    }
  }
}

/** Only compiles while the switch above handles every Master command. */
function unhandledCommand(command: never): MasterCommand {
  return command;
}

/**
 * ROLLBACK [phase] [RESTORE] [FULL] and ROLLFORWARD [phase] [FULL] over the stored phases. Going
 * back makes an earlier phase current again (the one before by default); its orders are cleared
 * unless RESTORE. The later phases stay stored, with their results, and ROLLFORWARD returns to
 * them (the next one by default) as they were, orders included, until the game processes a phase
 * anew. Either way the phase gets a fresh deadline.
 */
async function roll(
  ctx: BlockContext<GamePorts>,
  session: ActingSession,
  command: Extract<MasterCommand, { command: 'ROLLBACK' | 'ROLLFORWARD' }>,
): Promise<ActingSession> {
  const { roll: options } = command;
  if (options.kind === 'forming') return unstart(ctx, session, command.line);
  if (options.kind === 'error' && options.forming) throw new BlockError(command.line, commandProblemText(options.error));
  const { game } = session;
  const back = command.command === 'ROLLBACK';
  const direction = back ? 'back' : 'forward';
  if (game.status !== 'active' && game.status !== 'waiting')
    throw new BlockError(command.line, renderMasterRefusal({ kind: 'roll-not-in-play', gameName: game.name, status: game.status, direction }));
  if (options.kind === 'error') throw new BlockError(command.line, commandProblemText(options.error));
  const stored = await ctx.tx.storedPhases(game.id);
  const current = stored.find((p) => p.phaseId === game.currentPhase)!;
  const target = options.phase === null ? stored.find((p) => p.seq === current.seq + (back ? -1 : 1)) : stored.find((p) => p.phaseId === options.phase);
  if (!target) {
    if (options.phase !== null)
      throw new BlockError(command.line, renderMasterRefusal({ kind: 'roll-no-stored-phase', gameName: game.name, phaseId: options.phase }));
    throw new BlockError(command.line, renderMasterRefusal({ kind: 'roll-nowhere', gameName: game.name, direction }));
  }
  if (back ? target.seq >= current.seq : target.seq <= current.seq) {
    throw new BlockError(command.line, renderMasterRefusal({ kind: 'roll-wrong-side', phaseId: target.phaseId, direction, currentPhaseId: current.phaseId }));
  }
  if (back) {
    await ctx.tx.replaceOrders(game.id, target.phaseId, options.restore ? (target.processedOrders ?? (await ctx.tx.orders(game.id, target.phaseId))) : []);
  } else {
    // The phases passed over, and the target if it was processed, get back the orders they were processed with.
    for (const phase of stored.filter((p) => p.seq >= current.seq && p.seq <= target.seq)) {
      if (phase.processedOrders) await ctx.tx.replaceOrders(game.id, phase.phaseId, phase.processedOrders);
    }
  }
  let rules = game.rules;
  if (options.full && target.snapshot) rules = await restoreSnapshot(ctx, session, target.snapshot);
  // Orders a phase was already processed with would be processed again at once: their players wait
  // until the deadline (or SET NOWAIT, or the Master's PROCESS), as njudge does after a takeover.
  const reordered = target.processedOrders !== null && (!back || options.restore);
  const waiting = new Set(reordered ? (await ctx.tx.orders(game.id, target.phaseId)).map((o) => o.power) : []);
  for (const seat of session.seats) {
    const wait = seat.role === 'power' && seat.power !== null && waiting.has(seat.power);
    if (seat.wait !== wait) await ctx.tx.updateSeat(seat.id, { wait });
  }
  await ctx.tx.updateGame(game.id, { currentPhase: target.phaseId, proposal: null });
  await ctx.tx.clearProposalVotes(game.id);
  const moved: Game = { ...game, rules, currentPhase: target.phaseId, proposal: null };
  const schedule = await scheduleDeadline(ctx.tx, moved, target.phaseId, ctx.now, { deadline: null, grace: null });
  const roll: Roll = { gameName: game.name, direction, phaseId: target.phaseId, full: options.full, reordered };
  const after = await refreshed(ctx, { ...session, game: moved });
  await noticeToAll(ctx.tx, ctx.config, after.game, after.seats, noticeTitle(back ? 'rollback' : 'rollforward'), (when) =>
    renderMasterNotice({ kind: 'rolled', roll, deadline: schedule ? when(schedule.deadline) : null }),
  );
  ctx.reply.push(renderMasterReply({ kind: 'rolled', roll }));
  return after;
}

/** FULL: the rules and the holder of every seat as the snapshot has them. */
async function restoreSnapshot(ctx: BlockContext<GamesPort>, session: ActingSession, snapshot: GameSnapshot): Promise<Game['rules']> {
  for (const was of snapshot.seats) {
    const seat = session.seats.find((s) => s.id === was.id);
    if (!seat) continue;
    if (seat.address !== was.address) await ctx.tx.changeHolder(seat.id, was.address, 'rolled back');
    if (seat.address !== was.address || seat.status !== was.status || seat.passwordHash !== was.passwordHash) {
      await ctx.tx.updateSeat(seat.id, { address: was.address, status: was.status, ...(was.passwordHash !== null ? { passwordHash: was.passwordHash } : {}) });
    }
  }
  // A seat given back to a resigned holder is vacant again, and an active game waits for it.
  const vacant = snapshot.seats.some((s) => VACANT.includes(s.status));
  await ctx.tx.updateGame(session.game.id, { rules: snapshot.rules, ...(vacant && session.game.status === 'active' ? { status: 'waiting' as const } : {}) });
  return snapshot.rules;
}

/** A change of the game's settings or state, told to everyone who follows it. */
async function parameterChange(ctx: BlockContext<NoticePorts>, session: ActingSession, body: string): Promise<void> {
  await noticeToAll(ctx.tx, ctx.config, session.game, session.seats, noticeTitle('parameter-change'), () => body);
}

/** TERMINATE: the game ends for good, without a result. */
async function terminate(ctx: BlockContext<GamesPort & JobsPort & NoticePorts>, session: ActingSession, line: number): Promise<ActingSession> {
  const { game } = session;
  if (game.status === 'completed' || game.status === 'terminated')
    throw new BlockError(line, renderMasterRefusal({ kind: 'ended-already', gameName: game.name, status: game.status }));
  const ending: GameEnding = { kind: 'terminated', victors: [] };
  await ctx.tx.updateGame(game.id, { status: 'terminated', proposal: null, ending });
  await ctx.tx.cancelJobs(game.id);
  const ended = { ...session, game: { ...game, status: 'terminated' as const, ending } };
  await parameterChange(ctx, ended, renderMasterNotice({ kind: 'terminated', gameName: game.name }));
  ctx.reply.push(renderMasterReply({ kind: 'terminated', gameName: game.name }));
  return ended;
}

/** WAIT: the game pauses; its deadline passes without effect until ACTIVATE. */
async function pause(ctx: BlockContext<GamesPort & JobsPort & NoticePorts>, session: ActingSession, line: number): Promise<ActingSession> {
  const { game } = session;
  if (game.status !== 'active') throw new BlockError(line, renderMasterRefusal({ kind: 'not-pausable', gameName: game.name, status: game.status }));
  await ctx.tx.updateGame(game.id, { status: 'waiting' });
  await ctx.tx.cancelJobs(game.id);
  await schedulePauseReminder(ctx.tx, game, ctx.now);
  const paused = { ...session, game: { ...game, status: 'waiting' as const } };
  await parameterChange(ctx, paused, renderMasterNotice({ kind: 'paused', gameName: game.name }));
  ctx.reply.push(renderMasterReply({ kind: 'paused', gameName: game.name }));
  return paused;
}

/**
 * ACTIVATE: a paused or waiting game goes on (with a fresh deadline if its own has passed); a
 * forming game starts with the players it has, and the powers nobody took become dummies.
 */
async function activate(ctx: BlockContext<GamePorts>, session: ActingSession, line: number): Promise<ActingSession> {
  const { game, variant } = session;
  if (game.status === 'completed' || game.status === 'terminated')
    throw new BlockError(line, renderMasterRefusal({ kind: 'activate-ended', gameName: game.name, status: game.status }));
  switch (game.status) {
    case 'waiting': {
      const active: Game = { ...game, status: 'active' };
      await ctx.tx.updateGame(game.id, { status: 'active' });
      let deadline = game.deadline;
      if (game.deadline === null || game.grace === null || game.deadline <= ctx.now) {
        deadline = (await scheduleDeadline(ctx.tx, active, game.currentPhase!, ctx.now, { deadline: null, grace: null }))?.deadline ?? null;
      } else {
        await rescheduleJobs(ctx.tx, active, game.currentPhase!, game.deadline, game.grace, ctx.now);
      }
      const resumed = await refreshed(ctx, { ...session, game: active });
      await noticeToAll(ctx.tx, ctx.config, resumed.game, resumed.seats, noticeTitle('parameter-change'), (when) =>
        renderMasterNotice({ kind: 'activated', gameName: game.name, deadline: deadline ? when(deadline) : null }),
      );
      ctx.reply.push(renderMasterReply({ kind: 'activated', gameName: game.name }));
      ctx.touchedGames.add(game.id);
      return resumed;
    }
    case 'preparation':
    case 'forming': {
      await startGame(ctx, game, variant, await ctx.tx.seats(game.id), { by: 'master', master: masterSeat(session)! });
      return refreshed(ctx, session);
    }
    default:
      throw new BlockError(line, renderMasterRefusal({ kind: 'not-activatable', gameName: game.name, status: game.status }));
  }
}

/** PURGE game password / RENAME game new-name password: the Master's password is asked again. */
async function purgeOrRename(
  ctx: BlockContext<GamesPort & NoticePorts>,
  session: ActingSession,
  command: Extract<MasterCommand, { command: 'PURGE' | 'RENAME' }>,
): Promise<ActingSession> {
  const { game } = session;
  if (command.game !== game.name)
    throw new BlockError(
      command.line,
      renderMasterRefusal({ kind: 'other-game-named', command: command.command, named: command.args[0]!.toLowerCase(), gameName: game.name }),
    );
  const master = masterSeat(session)!;
  const proven = await guardedCheck(ctx, master, command.line, async () => ((await verifyPassword(command.password, master.passwordHash)) ? master : null));
  if (!proven) throw new BlockError(command.line, renderMasterRefusal({ kind: 'master-password-needed', command: command.command, gameName: game.name }));
  if (command.command === 'PURGE') return purge(ctx, session, command.line);
  return rename(ctx, session, command.newName, command.line);
}

async function purge(ctx: BlockContext<GamesPort & OutboxPort>, session: ActingSession, line: number): Promise<ActingSession> {
  const { game, seats } = session;
  const joined = seats.some((s) => s.role === 'power');
  if ((game.status !== 'preparation' && game.status !== 'forming') || joined)
    throw new BlockError(line, renderMasterRefusal({ kind: 'not-purgeable', gameName: game.name, status: game.status, playersJoined: joined }));
  const watchers = seats.filter((s) => s.role === 'observer' || s.role === 'monitor').map((s) => s.address);
  if (watchers.length > 0) {
    await ctx.tx.enqueueMail({
      to: watchers,
      subject: subjectFor(ctx.config, game, null, noticeTitle('parameter-change')),
      body: renderMasterNotice({ kind: 'purged', gameName: game.name }),
      kind: 'notice',
    });
  }
  await ctx.tx.deleteGame(game.id);
  ctx.reply.push(renderMasterReply({ kind: 'purged', gameName: game.name }));
  return { ...session, game: { ...game, status: 'terminated' }, purged: true };
}

async function rename(ctx: BlockContext<GamesPort & NoticePorts>, session: ActingSession, newName: string, line: number): Promise<ActingSession> {
  const { game } = session;
  const name = readNewGameName(newName);
  if (name === null) throw new BlockError(line, renderMasterRefusal({ kind: 'invalid-game-name', written: newName }));
  if (await ctx.tx.findGame(name)) throw new BlockError(line, renderMasterRefusal({ kind: 'game-exists', gameName: name }));
  await ctx.tx.updateGame(game.id, { name });
  const renamed = { ...session, game: { ...game, name } };
  await parameterChange(ctx, renamed, renderMasterNotice({ kind: 'renamed', gameName: game.name, newName: name }));
  ctx.reply.push(renderMasterReply({ kind: 'renamed', gameName: game.name, newName: name }));
  return renamed;
}

/**
 * SET DEDICATION / ONTIMERAT / RESRAT value, or SET NO …: what a player's record must show to join
 * or take over a power (the parser has checked the value). njudge forbids a moderator a gate
 * stricter than their own record; we do not: a Master's own punctuality as a player says nothing
 * about the players their game needs, and on a new judge every Master's record is empty.
 */
async function setSignonGate(
  ctx: BlockContext<GamesPort & NoticePorts>,
  session: ActingSession,
  command: Extract<MasterCommand, { command: `SET ${SignonGateName}` }>,
): Promise<ActingSession> {
  const { game } = session;
  const key = GATE_KEYS[command.command.slice('SET '.length) as SignonGateName];
  const { value } = command;
  await ctx.tx.updateGame(game.id, { signonGates: { [key]: value } });
  const changed = { ...session, game: { ...game, signonGates: { ...(game.signonGates ?? NO_SIGNON_GATES), [key]: value } } };
  const requirement = value === null ? null : requirementText(key, value);
  await parameterChange(ctx, changed, renderMasterNotice({ kind: 'gate-set', gameName: game.name, gateTitle: gateTitle(key), requirement }));
  ctx.reply.push(renderMasterReply({ kind: 'gate-set', gameName: game.name, gateTitle: gateTitle(key), requirement }));
  return changed;
}

/** SET LISTED / SET UNLISTED: whether LIST and SEARCH show the game. */
export async function setListed(ctx: BlockContext<GamesPort & NoticePorts>, session: ActingSession, listed: boolean, line: number): Promise<ActingSession> {
  const { game } = session;
  if (!masterSeat(session)) throw new BlockError(line, renderMasterRefusal({ kind: 'master-only', command: listed ? 'SET LISTED' : 'SET UNLISTED' }));
  await ctx.tx.updateGame(game.id, { listed });
  const changed = { ...session, game: { ...game, listed } };
  await parameterChange(ctx, changed, renderMasterNotice({ kind: 'listed', gameName: game.name, listed }));
  ctx.reply.push(renderMasterReply({ kind: 'listed', gameName: game.name, listed }));
  return changed;
}

/** PREVIEW: the results the current orders would give, to the Master alone; nothing is saved. */
async function preview(ctx: BlockContext<PhaseOrdersPorts & OutboxPort>, session: ActingSession, line: number): Promise<void> {
  const { game } = session;
  if ((game.status !== 'active' && game.status !== 'waiting') || game.currentPhase === null)
    throw new BlockError(line, renderMasterRefusal({ kind: 'no-phase-to-preview', gameName: game.name, status: game.status }));
  const variant = loadVariant(game.variant);
  const { phase, outcome } = await adjudicateCurrent(ctx.tx, game, variant);
  const text = resultsText(ctx.config, game, variant, phase, outcome, null, viewOf(game, MASTER));
  const master = masterSeat(session)!;
  const body = renderMasterNotice({ kind: 'preview', results: text });
  await ctx.tx.enqueueMail({
    to: [master.address],
    subject: subjectFor(ctx.config, game, phase.phaseId, noticeTitle('preview')),
    body,
    gameId: game.id,
    kind: 'notice',
  });
  ctx.reply.push(renderMasterReply({ kind: 'preview-mailed', phaseId: phase.phaseId }));
}

/**
 * DPjudge's PURGE game password and RENAME game new-name password, which carry the Master's
 * password and need no SIGNON (for a block of its own, before any opener).
 */
export async function masterCommandWithoutSignon(ctx: BlockContext<GamePorts>, command: MasterCommand): Promise<void> {
  if (command.command !== 'PURGE' && command.command !== 'RENAME')
    throw new BlockError(command.line, renderMasterRefusal({ kind: 'needs-signon', command: command.command }));
  const game = command.game && (await ctx.tx.findGame(command.game, { forUpdate: true }));
  if (!game) throw await noGameNamed(ctx.tx, command.args[0]!, command.line);
  const seats = await ctx.tx.seats(game.id);
  const master = masterSeatFor(seats, ctx.sender);
  if (!master) throw new BlockError(command.line, renderMasterRefusal({ kind: 'no-master', gameName: game.name }));
  await purgeOrRename(ctx, { game, variant: loadVariant(game.variant), seat: master, seats }, command);
}

const VACANT: readonly SeatRecord['status'][] = ['resigned', 'abandoned'];

/** The seat of the power a Master command names. */
function powerSeat(session: ActingSession, token: string, line: number): SeatRecord {
  const power = session.variant.power(token);
  const seat = power ? session.seats.find((s) => s.role === 'power' && s.power === power.id) : undefined;
  // A power the game has no seat for (none yet) is no misspelling: nothing is suggested then.
  if (!seat)
    throw new BlockError(
      line,
      renderMasterRefusal({ kind: 'not-a-power', token, gameName: session.game.name, suggestFrom: power ? [] : session.variant.powers.map((p) => p.name) }),
    );
  return seat;
}

function powerName(session: ActingSession, seat: SeatRecord): string {
  return session.variant.powerById(seat.power!).name;
}

async function tell(ctx: BlockContext<OutboxPort>, session: ActingSession, to: MailAddress, what: string, body: string): Promise<void> {
  if (to === masterSeat(session)!.address) return;
  await ctx.tx.enqueueMail({
    to: [to],
    subject: subjectFor(ctx.config, session.game, session.game.currentPhase, what),
    body,
    gameId: session.game.id,
    kind: 'notice',
  });
}

/** A waiting game whose last vacancy has just been filled goes on, with a fresh deadline (as after TAKEOVER). */
async function resumeIfFilled(ctx: BlockContext<SchedulePorts>, session: ActingSession, filled: SeatRecord): Promise<ActingSession> {
  const after = await refreshed(ctx, session);
  if (!VACANT.includes(filled.status) || after.game.status !== 'waiting' || after.seats.some((s) => s.role === 'power' && VACANT.includes(s.status)))
    return after;
  const active: Game = { ...after.game, status: 'active' };
  await ctx.tx.updateGame(active.id, { status: 'active' });
  await scheduleDeadline(ctx.tx, active, active.currentPhase!, ctx.now, { deadline: null, grace: null });
  ctx.reply.push(renderMasterReply({ kind: 'filled', gameName: active.name }));
  return refreshed(ctx, session);
}

/**
 * RESIGN power: the Master resigns the player; EJECT power|address|observer: the Master removes
 * someone. A power so vacated waits for TAKEOVER, and the game waits with it.
 */
async function vacate(
  ctx: BlockContext<GamePorts>,
  session: ActingSession,
  command: Extract<MasterCommand, { command: 'RESIGN' | 'EJECT' }>,
): Promise<ActingSession> {
  const { game } = session;
  const token = command.target;
  const byAddress = token.includes('@') ? session.seats.find((s) => s.address === token.toLowerCase() && s.role !== 'master') : undefined;
  const watcher = session.seats.find(
    (s) => (s.role === 'observer' || s.role === 'monitor') && (s.address === token.toLowerCase() || s.name === token.toLowerCase()),
  );
  if (command.command === 'EJECT' && (byAddress?.role === 'observer' || byAddress?.role === 'monitor' || (!byAddress && watcher))) {
    const seat = byAddress ?? watcher!;
    await ctx.tx.removeSeat(seat.id);
    await tell(ctx, session, seat.address, noticeTitle('ejected'), renderMasterNotice({ kind: 'you-ejected', gameName: game.name }));
    ctx.reply.push(
      renderMasterReply({
        kind: 'watcher-removed',
        who: seat.name ?? seat.address,
        role: seat.role === 'monitor' ? 'monitor' : 'observer',
        gameName: game.name,
      }),
    );
    return refreshed(ctx, session);
  }
  const seat = byAddress ?? powerSeat(session, token, command.line);
  const name = powerName(session, seat);
  const by = command.command === 'RESIGN' ? 'resign' : 'eject';
  if (game.status !== 'active' && game.status !== 'waiting')
    throw new BlockError(command.line, renderMasterRefusal({ kind: 'nobody-to-vacate', gameName: game.name, status: game.status, by }));
  if (VACANT.includes(seat.status)) throw new BlockError(command.line, renderMasterRefusal({ kind: 'no-player-to', power: name, action: by }));
  const reason = command.command === 'RESIGN' ? 'resigned by the Master' : 'ejected';
  await ctx.tx.updateSeat(seat.id, { status: 'resigned', wait: false });
  await ctx.tx.changeHolder(seat.id, seat.address, reason);
  if (game.status === 'active') await ctx.tx.updateGame(game.id, { status: 'waiting' });
  await awaitReplacements(ctx.tx, game, ctx.now);
  await tell(
    ctx,
    session,
    seat.address,
    noticeTitle({ kind: 'resignation', power: name }),
    renderMasterNotice({ kind: 'you-vacated', power: name, gameName: game.name, by }),
  );
  const others = everyone(session.seats.filter((s) => s.id !== seat.id));
  const notice = renderSeatNotice({ kind: 'vacated', power: name, gameName: game.name, how: command.command === 'RESIGN' ? 'resigned-by-master' : 'ejected' });
  const title = noticeTitle({ kind: 'resignation', power: name });
  if (others.length > 0)
    await ctx.tx.enqueueMail({ to: others, subject: subjectFor(ctx.config, game, game.currentPhase, title), body: notice, gameId: game.id, kind: 'notice' });
  await ctx.tx.archiveNotice({ gameId: game.id, phaseId: game.currentPhase, subject: title, body: notice });
  ctx.reply.push(renderMasterReply({ kind: 'vacated', power: name, gameName: game.name }));
  return refreshed(ctx, session);
}

/** DUMMY power: nobody plays it; its units hold unless the Master orders them after BECOME. */
async function dummy(ctx: BlockContext<GamePorts>, session: ActingSession, command: Extract<MasterCommand, { command: 'DUMMY' }>): Promise<ActingSession> {
  const seat = powerSeat(session, command.target, command.line);
  const name = powerName(session, seat);
  if (seat.status === 'dummy') throw new BlockError(command.line, renderMasterRefusal({ kind: 'dummy-already', power: name }));
  const master = masterSeat(session)!;
  await ctx.tx.updateSeat(seat.id, { status: 'dummy', address: master.address, wait: false });
  await ctx.tx.changeHolder(seat.id, master.address, 'dummied');
  if (!VACANT.includes(seat.status))
    await tell(
      ctx,
      session,
      seat.address,
      noticeTitle({ kind: 'dummy', power: name }),
      renderMasterNotice({ kind: 'you-dummied', power: name, gameName: session.game.name }),
    );
  await parameterChange(ctx, session, renderMasterNotice({ kind: 'dummied', power: name, gameName: session.game.name }));
  ctx.reply.push(renderMasterReply({ kind: 'dummied', power: name }));
  return resumeIfFilled(ctx, session, seat);
}

/** REVIVE power [password]: a resigned, abandoned or dummy power goes back to its last player. */
async function revive(ctx: BlockContext<GamePorts>, session: ActingSession, command: Extract<MasterCommand, { command: 'REVIVE' }>): Promise<ActingSession> {
  const seat = powerSeat(session, command.target, command.line);
  const name = powerName(session, seat);
  if (seat.status === 'active') throw new BlockError(command.line, renderMasterRefusal({ kind: 'being-played', power: name }));
  const master = masterSeat(session)!;
  // A dummy's seat carries the Master's address: the player is the one before.
  const holders = await ctx.tx.holders(seat.id);
  const player = seat.address !== master.address ? seat.address : [...holders].reverse().find((h) => h.address !== master.address)?.address;
  if (!player) throw new BlockError(command.line, renderMasterRefusal({ kind: 'never-played', power: name }));
  const { password } = command;
  if (password) requireNewPassword(ctx, password, command.line);
  await ctx.tx.updateSeat(seat.id, {
    status: 'active',
    address: player,
    wait: false,
    ...(password ? { passwordHash: await hashPassword(password, ctx.config.passwordCost) } : {}),
  });
  await ctx.tx.changeHolder(seat.id, player, 'revived');
  // njudge counts a player's return to their own vacated power as a takeover.
  await countTakeover(ctx.tx, seat.id);
  await tell(
    ctx,
    session,
    player,
    noticeTitle({ kind: 'revived', power: name }),
    renderMasterNotice({ kind: 'you-revived', power: name, gameName: session.game.name, newPassword: Boolean(password) }),
  );
  await parameterChange(ctx, session, renderMasterNotice({ kind: 'revived', power: name, gameName: session.game.name }));
  ctx.reply.push(renderMasterReply({ kind: 'revived', power: name, newPassword: Boolean(password) }));
  return resumeIfFilled(ctx, session, seat);
}

/**
 * BECOME power: the rest of the block acts as that power (orders, press, absences); its player is
 * told, and gets a copy of what is done at the end of the block. BECOME MASTER goes back.
 */
async function become(ctx: BlockContext<OutboxPort>, session: ActingSession, command: Extract<MasterCommand, { command: 'BECOME' }>): Promise<ActingSession> {
  const master = masterSeat(session)!;
  const token = command.target;
  if (token.toUpperCase() === 'MASTER' || token.toUpperCase() === 'M') {
    ctx.reply.push(renderMasterReply({ kind: 'acting-as-master' }));
    const { master: _, ...rest } = session;
    return { ...rest, seat: master };
  }
  const seat = powerSeat(session, token, command.line);
  if (session.game.currentPhase === null) throw new BlockError(command.line, renderMasterRefusal({ kind: 'no-power-to-act-for', gameName: session.game.name }));
  const name = powerName(session, seat);
  ctx.reply.push(renderMasterReply({ kind: 'acting-as', power: name }));
  await tell(
    ctx,
    session,
    seat.address,
    noticeTitle({ kind: 'master-as', power: name }),
    renderMasterNotice({ kind: 'acting-for-you', power: name, gameName: session.game.name }),
  );
  return { ...session, seat, master };
}

/** OFFICIAL [subject]: the Master's later press in the block goes out under that subject, without the press header. */
async function official(
  ctx: BlockContext<PressPort & OutboxPort>,
  session: ActingSession,
  command: Extract<MasterCommand, { command: 'OFFICIAL' }>,
): Promise<ActingSession> {
  const subject = command.subject ?? subjectFor(ctx.config, session.game, session.game.currentPhase, noticeTitle('official-notice'));
  ctx.reply.push(renderMasterReply({ kind: 'official-press-on', subject }));
  return { ...session, official: subject };
}

/** Press after OFFICIAL: the recipients of an ordinary press from the Master, the body as written. */
export async function sendOfficialPress(ctx: BlockContext<PressPort & OutboxPort>, session: ActingSession, command: PressCommand): Promise<void> {
  const { game, variant, seats } = session;
  const master = masterSeat(session)!;
  const plan = planPress({ variant, game, sender: master, seats, command, judgeCode: ctx.config.code, phase: game.currentPhase });
  if (!plan.ok) throw new BlockError(command.line, plan.reason);
  const body = `${command.body}\n`;
  for (const delivery of plan.deliveries)
    await ctx.tx.enqueueMail({ to: [delivery.address], subject: session.official!, body, gameId: game.id, kind: 'press' });
  await archivePress(ctx, game, master, plan.archive);
  ctx.reply.push(renderMasterReply({ kind: 'official-press-sent', subject: session.official!, readers: plan.deliveries.length, body: command.body }));
}

/** REVEAL: after a NO_REVEAL or gunboat game has ended, everyone learns who played which power. */
async function reveal(ctx: BlockContext<GamesPort & OutboxPort>, session: ActingSession, line: number): Promise<void> {
  const { game, variant } = session;
  if (game.status !== 'completed' && game.status !== 'terminated')
    throw new BlockError(line, renderMasterRefusal({ kind: 'not-revealable', gameName: game.name, status: game.status }));
  await revealPlayers(ctx.tx, ctx.config, game, variant, await ctx.tx.seats(game.id));
  ctx.reply.push(renderMasterReply({ kind: 'revealed', gameName: game.name }));
}

/**
 * njudge's UNSTART (and ROLLBACK FORMING): a game whose first phase has not been processed goes back
 * to forming. Its players keep their places without powers (POWER_CHOICE keeps each choice), the
 * dummies the start made and the players who resigned since are gone, the first phase and its
 * orders are forgotten, and the game starts again when it is full or the Master ACTIVATEs it.
 * The games-started count of the players' records stays (it only grows).
 */
async function unstart(ctx: BlockContext<GamePorts>, session: ActingSession, line: number): Promise<ActingSession> {
  const { game, seats } = session;
  if ((game.status !== 'active' && game.status !== 'waiting') || game.currentPhase === null)
    throw new BlockError(line, renderMasterRefusal({ kind: 'not-unstartable', gameName: game.name, status: game.status }));
  const stored = await ctx.tx.storedPhases(game.id);
  if (stored.some((p) => p.resultsText !== null) || stored.length > 1)
    throw new BlockError(line, renderMasterRefusal({ kind: 'first-phase-processed', gameName: game.name, phaseId: stored[0]?.phaseId ?? null }));
  const keepChoice = game.rules.includes('POWER_CHOICE');
  for (const seat of seats) {
    if (seat.role !== 'power') continue;
    if (seat.status === 'dummy' || seat.status === 'resigned') await ctx.tx.removeSeat(seat.id);
    else
      await ctx.tx.updateSeat(seat.id, {
        status: 'active',
        wait: false,
        ...(keepChoice ? {} : { power: null }),
        drawVote: null,
        concedeVote: null,
        proposalVote: null,
      });
  }
  await ctx.tx.cancelJobs(game.id);
  const forming: Game = { ...game, status: 'forming', currentPhase: null, deadline: null, grace: null, processStart: null, processAt: null, proposal: null };
  // The game lets go of its phase before the phase goes: games.current_phase refers to it.
  await ctx.tx.updateGame(game.id, { status: 'forming', currentPhase: null, deadline: null, grace: null, processStart: null, processAt: null, proposal: null });
  await ctx.tx.discardPhasesAfter(game.id, -1);
  await scheduleFormingReminder(ctx.tx, forming, ctx.now);
  const after = await ctx.tx.seats(game.id);
  const players = after.filter((s) => s.role === 'power').length;
  await noticeToAll(ctx.tx, ctx.config, forming, after, noticeTitle('game-unstarted'), () =>
    renderMasterNotice({ kind: 'unstarted', gameName: game.name, players, powers: session.variant.powers.length, powersKept: keepChoice }),
  );
  ctx.reply.push(renderMasterReply({ kind: 'unstarted', gameName: game.name, players, powers: session.variant.powers.length }));
  return refreshed(ctx, session);
}
