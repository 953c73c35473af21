import type { PhaseId } from '../../engine/types.ts';
import type { SessionCommand } from '../../commands/index.ts';
import { phaseOf } from '../../engine/phase.ts';
import {
  addAbsence,
  cancelAbsence,
  defaultDeadlineClock,
  formatMoment,
  parseAbsence,
  parseDate,
  parseZone,
  setDeadline,
  setGrace,
  type DeadlineState,
  type DeadlineStateResult,
} from '../../schedule/index.ts';
import { MASTER_HOLDER, noticeTitle, renderTimeNotice, renderTimeReply, THE_MASTER, type DeadlineChange } from '../../render/index.ts';
import { BlockError, everyone, storedPhase, type BlockContext } from '../context.ts';
import { subjectFor } from '../../render/subjects.ts';
import { renderMasterRefusal } from '../../render/master-refusals.ts';
import type { GamesPort, JobsPort, NoticePorts, OrdersPort, OutboxPort, PressPort, SchedulePorts } from '../ports.ts';
import {
  applicableAbsences,
  deadlineAdjustment,
  deadlineTextFor,
  gameTiming,
  noticeToAll,
  pastAbsences,
  scheduleDeadline,
  scheduleProcessJob,
  storeDeadline,
} from './deadlines.ts';
import { renderClassicRefusal, renderClassicReply, renderStartNotice } from '../../render/classic-replies.ts';
import { masterSeat, type ActingSession } from '../acting-session.ts';
import { mastersOf } from '../master/masters.ts';
import { hasRule, type Game, type GameEnding } from '../model.ts';
import { announceEnd } from '../diplomacy/process-turn.ts';
import { publishDiaries } from '../players/diary.ts';

// Changing the clock of a game in play: SET DEADLINE and SET GRACE (the Master; players only in
// PLAYER_DEADLINES games, and only later), END and UNEND, and what the Mafia tracker's GM lines
// (src/judge/tracker/tracker-lines.ts) do to a game's clock. Every change is stored on the game and its phase, the jobs are rescheduled, and
// everyone gets a "Deadline Adjustment" notice with the deadline in their own zone. No deadline
// is ever put inside an absence that applies: it moves to the absence's end.

type DeadlineCommand = Extract<SessionCommand, { kind: 'set-deadline' | 'set-grace' }>;

interface Actor {
  readonly byMaster: boolean;
  /** Who the notice names: "The Master", or the power under PLAYER_DEADLINES. */
  readonly name: string;
}

/** The zone the sender reads and writes dates in: their own (SET ZONE), else the game's. */
export function senderZone(session: ActingSession): string {
  const seat = session.master ?? session.seat;
  return seat.timeZone ?? session.game.timeZone;
}

export function runningPhase(game: Game, line: number): PhaseId {
  if ((game.status !== 'active' && game.status !== 'waiting') || game.currentPhase === null)
    throw new BlockError(line, renderMasterRefusal({ kind: 'no-deadline-to-change', gameName: game.name, status: game.status }));
  return game.currentPhase;
}

function deadlineActor(session: ActingSession, line: number): Actor {
  const { game, variant, seat } = session;
  if (session.master || seat.role === 'master') return { byMaster: true, name: THE_MASTER };
  if (seat.role !== 'power' || seat.power === null || seat.status !== 'active') throw new BlockError(line, renderMasterRefusal({ kind: 'deadline-not-yours' }));
  if (!hasRule(game, 'PLAYER_DEADLINES')) throw new BlockError(line, renderMasterRefusal({ kind: 'deadline-master-only', gameName: game.name }));
  return { byMaster: false, name: variant.powerById(seat.power).name };
}

export function currentState(game: Game, now: Date): DeadlineState {
  const deadline = game.deadline ?? now;
  return { deadline, grace: game.grace ?? deadline, start: now };
}

export function unwrap(result: DeadlineStateResult, line: number): DeadlineState {
  if (!result.ok) throw new BlockError(line, renderMasterRefusal({ kind: 'deadline-refused', reason: result.error.message }));
  return result.state;
}

/** SET DEADLINE date / SET GRACE date. */
export async function setDeadlineCommand(
  ctx: BlockContext<SchedulePorts & NoticePorts>,
  session: ActingSession,
  command: DeadlineCommand,
): Promise<ActingSession> {
  const { game } = session;
  const phaseId = runningPhase(game, command.line);
  const actor = deadlineActor(session, command.line);
  const phaseType = phaseOf(phaseId).type;
  const timing = gameTiming(game);
  const keyword = command.kind === 'set-deadline' ? 'SET DEADLINE' : 'SET GRACE';
  const date = parseDate(command.args, {
    now: ctx.now,
    zone: senderZone(session),
    defaultTime: defaultDeadlineClock(timing, phaseType),
    earliest: 'after-now',
  });
  if (!date.ok)
    throw new BlockError(command.line, renderMasterRefusal({ kind: 'date-unreadable', command: keyword, written: command.args, reason: date.error.message }));
  const state = currentState(game, ctx.now);
  if (command.kind === 'set-deadline') {
    const changed = unwrap(
      setDeadline(state, date.date.instant, {
        timing,
        phaseType,
        zone: game.timeZone,
        now: ctx.now,
        extendOnly: !actor.byMaster,
        strictGrace: hasRule(game, 'STRICT_GRACE'),
      }),
      command.line,
    );
    return applyDeadline(ctx, session, changed, { who: actor.name, verb: actor.byMaster ? 'set' : 'extended', what: 'deadline' });
  }
  if (!actor.byMaster && date.date.instant < state.grace) throw new BlockError(command.line, renderMasterRefusal({ kind: 'grace-extend-only' }));
  const changed = unwrap(setGrace(state, date.date.instant, { zone: game.timeZone }), command.line);
  return applyDeadline(ctx, session, changed, { who: actor.name, verb: actor.byMaster ? 'set' : 'extended', what: 'grace period' });
}

/** "GAME HAS ENDED": the Master ends the game as it stands. */
export async function endGame(
  ctx: BlockContext<GamesPort & JobsPort & NoticePorts & Pick<OrdersPort, 'phase'> & Pick<PressPort, 'diaryEntries'>>,
  session: ActingSession,
  line: number,
): Promise<ActingSession> {
  const { game, variant } = session;
  if (game.status !== 'active' && game.status !== 'waiting')
    throw new BlockError(line, renderMasterRefusal({ kind: 'not-endable', gameName: game.name, status: game.status }));
  const final = await storedPhase(ctx.tx, game, runningPhase(game, line));
  const ending: GameEnding = { kind: 'master', victors: [] };
  await ctx.tx.updateGame(game.id, { status: 'completed', proposal: null, ending });
  await ctx.tx.cancelJobs(game.id);
  await announceEnd(ctx.tx, ctx.config, game, variant, session.seats, ending, { seq: final.seq, position: final.position, date: ctx.now });
  await publishDiaries(ctx.tx, ctx.config, game, variant, session.seats);
  ctx.reply.push(renderTimeReply({ kind: 'game-ended', gameName: game.name }));
  return { ...session, game: { ...game, status: 'completed', proposal: null, ending } };
}

/**
 * UNEND (or the tracker's "UNEND GAME"): a completed or terminated game is played on from its
 * current phase with a fresh deadline; with a power still vacant it waits for a replacement.
 */
export async function unendGame(ctx: BlockContext<SchedulePorts & NoticePorts>, session: ActingSession, line: number): Promise<ActingSession> {
  const { game } = session;
  if ((game.status !== 'completed' && game.status !== 'terminated') || game.currentPhase === null)
    throw new BlockError(line, renderMasterRefusal({ kind: 'not-unendable', gameName: game.name, status: game.status }));
  const vacant = session.seats
    .filter((s) => s.role === 'power' && (s.status === 'resigned' || s.status === 'abandoned'))
    .map((s) => session.variant.powerById(s.power!).name);
  if (vacant.length > 0) {
    await ctx.tx.updateGame(game.id, { status: 'waiting', ending: null });
    const waiting: Game = { ...game, status: 'waiting' };
    const notice = renderTimeNotice({ kind: 'resumed-waiting', gameName: game.name, phaseId: game.currentPhase, vacant });
    await noticeToAll(ctx.tx, ctx.config, waiting, session.seats, noticeTitle('parameter-change'), () => notice);
    ctx.reply.push(renderTimeReply({ kind: 'game-unended', gameName: game.name, phaseId: game.currentPhase, vacant }));
    return refreshed(ctx, session);
  }
  const active: Game = { ...game, status: 'active' };
  await ctx.tx.updateGame(game.id, { status: 'active', ending: null });
  const phaseId = game.currentPhase;
  const schedule = await scheduleDeadline(ctx.tx, active, phaseId, ctx.now, { deadline: null, grace: null });
  await noticeToAll(ctx.tx, ctx.config, active, session.seats, noticeTitle('parameter-change'), (when) =>
    renderTimeNotice({ kind: 'resumed', gameName: game.name, phaseId, deadline: schedule ? when(schedule.deadline) : null }),
  );
  ctx.reply.push(renderTimeReply({ kind: 'game-unended', gameName: game.name, phaseId: game.currentPhase, vacant: [] }));
  return refreshed(ctx, session);
}

/** Stores a new deadline and grace (moved past absences), reschedules, tells everyone and the sender. */
export async function applyDeadline(
  ctx: BlockContext<SchedulePorts & NoticePorts>,
  session: ActingSession,
  requested: DeadlineState,
  change: DeadlineChange,
): Promise<ActingSession> {
  const { game } = session;
  const phaseId = game.currentPhase!;
  const deadline = pastAbsences(requested.deadline, await applicableAbsences(ctx.tx, game, phaseId, ctx.now));
  const moved = deadline.getTime() !== requested.deadline.getTime();
  // Past an absence the grace keeps its length after the deadline.
  const grace = moved
    ? new Date(Math.max(requested.grace.getTime(), deadline.getTime() + (requested.grace.getTime() - requested.deadline.getTime())))
    : requested.grace;
  await storeDeadline(ctx.tx, game, phaseId, deadline, grace, ctx.now);
  const updated: Game = { ...game, deadline, grace };
  await noticeToAll(ctx.tx, ctx.config, updated, session.seats, deadlineAdjustment(deadline), (when) =>
    renderTimeNotice({ kind: 'deadline-changed', change, gameName: game.name, phaseId, deadline: when(deadline), grace: when(grace), movedPastAbsence: moved }),
  );
  ctx.reply.push(
    renderTimeReply({
      kind: 'deadline-set',
      gameName: game.name,
      deadline: deadlineFor(session, deadline),
      grace: deadlineFor(session, grace),
      movedPastAbsence: moved,
    }),
  );
  ctx.touchedGames.add(game.id);
  return { ...session, game: updated };
}

/** A deadline as the sender reads it (their zone, if they set one). */
function deadlineFor(session: ActingSession, instant: Date): string {
  const seat = session.master ?? session.seat;
  return deadlineTextFor(session.game, seat.timeZone, instant)!;
}

/** The session re-read after a change that went through the store (processing, restarts). */
export async function refreshed(ctx: BlockContext<Pick<GamesPort, 'findGameById' | 'seats'>>, session: ActingSession): Promise<ActingSession> {
  const game = (await ctx.tx.findGameById(session.game.id))!;
  const seats = await ctx.tx.seats(game.id);
  const seat = seats.find((s) => s.id === session.seat.id) ?? session.seat;
  const master = session.master ? (seats.find((s) => s.id === session.master!.id) ?? session.master) : undefined;
  return { ...session, game, seats, seat, ...(master ? { master } : {}) };
}

type AbsenceCommand = Extract<SessionCommand, { kind: 'set-absence' | 'set-no-absence' }>;

/**
 * SET ABSENCE [date] [TO date] / SET NO ABSENCE [date]: a player's (or, through BECOME, the
 * Master's grant for a player's) windows in which no deadline may fall. At most three pending, no
 * overlaps, and a player alone may not set one longer than the game's MAX ABSENCE (15 days by default). Dates are read in the sender's zone.
 */
export async function absenceCommand(
  ctx: BlockContext<Pick<GamesPort, 'absences' | 'replaceAbsences'> & OutboxPort>,
  session: ActingSession,
  command: AbsenceCommand,
): Promise<void> {
  const { game, seat } = session;
  if (seat.role !== 'power' && seat.role !== 'master') throw new BlockError(command.line, renderMasterRefusal({ kind: 'absence-not-yours' }));
  if (game.status === 'completed' || game.status === 'terminated')
    throw new BlockError(command.line, renderMasterRefusal({ kind: 'game-is', gameName: game.name, status: game.status }));
  const zone = senderZone(session);
  const context = { now: ctx.now, zone };
  const stored = (await ctx.tx.absences(game.id)).filter((a) => a.seatId === seat.id);
  let result: ReturnType<typeof cancelAbsence>;
  if (command.kind === 'set-absence') {
    const parsed = parseAbsence(command.from, command.to, context);
    if (!parsed.ok) throw new BlockError(command.line, renderMasterRefusal({ kind: 'absence-refused', command: 'SET ABSENCE', reason: parsed.error.message }));
    result = addAbsence(stored, parsed.absence, {
      ...context,
      byMaster: session.master !== undefined || seat.role === 'master',
      ...(game.options?.maxAbsenceDays !== undefined ? { maxDays: game.options.maxAbsenceDays } : {}),
    });
  } else {
    result = cancelAbsence(stored, command.date, context);
  }
  if (!result.ok)
    throw new BlockError(
      command.line,
      renderMasterRefusal({
        kind: 'absence-refused',
        command: command.kind === 'set-absence' ? 'SET ABSENCE' : 'SET NO ABSENCE',
        reason: result.error.message,
      }),
    );
  await ctx.tx.replaceAbsences(game.id, seat.id, result.absences);
  const pending = result.absences.map((a) => ({ start: formatMoment(a.start, zone), end: formatMoment(a.end, zone) }));
  const who = seat.role === 'master' ? MASTER_HOLDER : (session.variant.power(seat.power!)?.name ?? 'you');
  ctx.reply.push(renderTimeReply({ kind: 'absences', change: command.kind === 'set-absence' ? 'recorded' : 'cancelled', who, pending }));
  // njudge's Absence Notice: the Master learns of every player's absence.
  const masters = mastersOf(session.seats);
  if (masters.length > 0 && seat.role !== 'master' && !session.master) {
    const body = renderTimeNotice({
      kind: 'absence-changed',
      who,
      gameName: game.name,
      change: command.kind === 'set-absence' ? 'set' : 'cancelled',
      pending,
      zone,
    });
    await ctx.tx.enqueueMail({
      to: everyone(masters),
      subject: subjectFor(ctx.config, game, game.currentPhase, noticeTitle('absence-notice')),
      body,
      gameId: game.id,
      kind: 'notice',
    });
  }
}

/**
 * SET ZONE zone / SET NOZONE: a player's (or observer's) own zone for the deadlines in mail to
 * them; the Master's SET ZONE changes the game's zone (DPjudge), and everyone is told.
 */
export async function zoneCommand(
  ctx: BlockContext<GamesPort & NoticePorts>,
  session: ActingSession,
  command: Extract<SessionCommand, { kind: 'set-zone' }>,
): Promise<ActingSession> {
  const { game, seat } = session;
  let zone: string | null = null;
  if (command.zone !== null) {
    const parsed = parseZone(command.zone);
    if (!parsed.ok) throw new BlockError(command.line, parsed.error.message);
    zone = parsed.zone;
  }
  if (seat.role === 'master' && !session.master) {
    if (zone === null) throw new BlockError(command.line, renderMasterRefusal({ kind: 'game-zone-needed' }));
    await ctx.tx.updateGame(game.id, { timeZone: zone });
    const changed: ActingSession = { ...session, game: { ...game, timeZone: zone } };
    await noticeToAll(ctx.tx, ctx.config, changed.game, changed.seats, noticeTitle('parameter-change'), (when) =>
      renderTimeNotice({ kind: 'game-zone-set', gameName: game.name, zone, deadline: game.deadline ? when(game.deadline) : null }),
    );
    ctx.reply.push(renderTimeReply({ kind: 'game-zone-set', gameName: game.name, zone }));
    return changed;
  }
  await ctx.tx.updateSeat(seat.id, { timeZone: zone });
  const updated: ActingSession = { ...session, seat: { ...seat, timeZone: zone } };
  const deadline = game.deadline ? deadlineTextFor(game, zone, game.deadline)! : null;
  ctx.reply.push(renderTimeReply({ kind: 'own-zone-set', zone, gameZone: game.timeZone, deadline }));
  return updated;
}

/**
 * njudge's SET START date (a moderator): the current phase is not processed before `date`, however
 * early its orders are in. A start after the deadline takes the deadline with it (its grace extended
 * as SET DEADLINE does); a pending early processing before the start waits for it.
 */
export async function setStartCommand(
  ctx: BlockContext<SchedulePorts & NoticePorts>,
  session: ActingSession,
  line: number,
  written: string,
): Promise<ActingSession> {
  const { game } = session;
  const moderator = masterSeat(session) !== null || (hasRule(game, 'UNMODERATED') && session.seat.role === 'power' && session.seat.status === 'active');
  if (!moderator) throw new BlockError(line, renderClassicRefusal({ kind: 'start-not-yours', gameName: game.name }));
  if ((game.status !== 'active' && game.status !== 'waiting') || game.currentPhase === null)
    throw new BlockError(line, renderClassicRefusal({ kind: 'start-no-phase', gameName: game.name }));
  const phaseId = game.currentPhase;
  const timing = gameTiming(game);
  const date = parseDate(written, {
    now: ctx.now,
    zone: senderZone(session),
    defaultTime: defaultDeadlineClock(timing, phaseOf(phaseId).type),
    earliest: 'after-now',
  });
  if (!date.ok) throw new BlockError(line, renderClassicRefusal({ kind: 'start-unreadable', written, reason: date.error.message }));
  const start = date.date.instant;
  let current: ActingSession = session;
  if (game.deadline !== null && start > game.deadline) {
    const moved = unwrap(
      setDeadline(currentState(game, ctx.now), start, {
        timing,
        phaseType: phaseOf(phaseId).type,
        zone: game.timeZone,
        now: ctx.now,
        strictGrace: hasRule(game, 'STRICT_GRACE'),
      }),
      line,
    );
    current = await applyDeadline(ctx, session, moved, { who: THE_MASTER, verb: 'set', what: 'deadline' });
  }
  await ctx.tx.updateGame(game.id, { processStart: start });
  const stored = (await ctx.tx.findGameById(game.id))!;
  if (stored.processAt !== null && stored.processAt < start) await scheduleProcessJob(ctx.tx, game.id, phaseId, start);
  const updated: Game = { ...current.game, processStart: start, processAt: stored.processAt !== null && stored.processAt < start ? start : stored.processAt };
  await noticeToAll(ctx.tx, ctx.config, updated, session.seats, noticeTitle('parameter-change'), (when) =>
    renderStartNotice(game.name, phaseId, when(start) ?? formatMoment(start, game.timeZone)),
  );
  ctx.reply.push(renderClassicReply({ kind: 'start-set', gameName: game.name, phaseId, start: deadlineFor(session, start) }));
  ctx.touchedGames.add(game.id);
  return { ...current, game: updated };
}
