import { scheduleErrorsText } from '../../render/schedule-errors.ts';
import type { PhaseId } from '../../engine/types.ts';
import { loadVariant } from '../../catalog/variant-catalog.ts';
import { phaseOf } from '../../engine/phase.ts';
import {
  absenceApplies,
  DEFAULT_TIMING,
  formatDeadline,
  formatPlayerDeadline,
  nextDeadline,
  parseTiming,
  pendingAbsences,
  warningTimes,
  type Absence,
  type DeadlineSchedule,
  type Timing,
} from '../../schedule/index.ts';
import { deadlineAdjustmentTitle } from '../../render/time-notices.ts';
import type { JudgeConfig } from '../context.ts';
import { LATE_SUBJECT_PREFIX, subjectFor } from '../../render/subjects.ts';
import { nextLateCheck } from '../diplomacy/late-checks.ts';
import { hasRule, type Game, type MailAddress } from '../model.ts';
import { owesOrders } from '../diplomacy/order-set.ts';
import type { GameJob, GamePatch, NoticePorts, SchedulePorts, SeatRecord } from '../ports.ts';

// Deadlines of a game's phases: computed by the schedule module in the game's zone, stored on the
// game and its phase, and turned into timed jobs (the deadline itself and the reminders before it)
// that the scheduler runs. NO_DEADLINE games have none and wait for their orders. Each phase also
// gets njudge's earliest processing time and delay (process-delay.ts); a pending 'process' job
// outlives a change of deadline.

/** A stored TIMING that no longer reads (it was checked when set): a fault for the judgekeeper, not a reason to use other times. */
export class StoredTimingError extends Error {}

/** Stored TIMING texts as read, so each is parsed once per process, not at every use. */
const readTimings = new Map<string, Timing>();
const READ_TIMINGS_KEPT = 1000;

export function gameTiming(game: Pick<Game, 'timing'> & Partial<Pick<Game, 'name'>>): Timing {
  if (game.timing === null) return DEFAULT_TIMING;
  const known = readTimings.get(game.timing);
  if (known) return known;
  const parsed = parseTiming(game.timing);
  if (!parsed.ok)
    throw new StoredTimingError(`the stored TIMING of game '${game.name ?? '?'}' does not read (${scheduleErrorsText(parsed.errors)}): ${game.timing}`);
  if (readTimings.size >= READ_TIMINGS_KEPT) readTimings.clear();
  readTimings.set(game.timing, parsed.timing);
  return parsed.timing;
}

// A deadline is written the same way in every mail about its game until it moves (LIST game, the
// order acknowledgements): luxon takes a few tens of microseconds for each, so the texts are kept,
// by instant, game zone and reader zone, until WRITTEN_DEADLINES_KEPT of them, then forgotten.
const writtenDeadlines = new Map<string, string>();
const WRITTEN_DEADLINES_KEPT = 1000;

function written(deadline: Date, gameZone: string, readerZone: string | null): string {
  // A reader in the game's own zone reads the game's text: one entry for both.
  const ownZone = readerZone === gameZone ? null : readerZone;
  const key = `${deadline.getTime()}\0${gameZone}\0${ownZone ?? ''}`;
  const known = writtenDeadlines.get(key);
  if (known !== undefined) return known;
  const text = ownZone === null ? formatDeadline(deadline, gameZone) : formatPlayerDeadline(deadline, ownZone);
  if (writtenDeadlines.size >= WRITTEN_DEADLINES_KEPT) writtenDeadlines.clear();
  writtenDeadlines.set(key, text);
  return text;
}

/** The deadline as every mail writes it: njudge's format in the game's zone, with the offset. */
export function deadlineText(game: Pick<Game, 'timeZone'>, deadline: Date | null): string | null {
  return deadline === null ? null : written(deadline, game.timeZone, null);
}

/**
 * The deadline for one reader: in the game's zone as njudge writes it, or, for a player who
 * chose a zone of their own with SET ZONE, in that zone with its name.
 */
export function deadlineTextFor(game: Pick<Game, 'timeZone'>, readerZone: string | null, deadline: Date | null): string | null {
  return deadline === null ? null : written(deadline, game.timeZone, readerZone);
}

/** How one reader sees deadlines: `when(deadline)` writes it in the reader's zone. */
export type DeadlineWriter = (deadline: Date | null) => string | null;

/** njudge's subject of a notice that the deadline moved: "Deadline Adjustment to: <the new deadline>". */
export function deadlineAdjustment(deadline: Date): (when: DeadlineWriter) => string {
  return (when) => deadlineAdjustmentTitle(when(deadline));
}

/**
 * A notice to the given readers (resigned players excepted), one mail per zone: readers who chose
 * a zone of their own with SET ZONE get their copy with the deadlines written in it. Readers
 * holding one of `lateSeats` get a copy of their own, marked "[You are late!]".
 */
export async function noticeToAll(
  tx: NoticePorts,
  config: JudgeConfig,
  game: Game,
  readers: readonly SeatRecord[],
  /** The subject after the game and phase; a function when it names a deadline (njudge's "Deadline Adjustment to: …"). */
  what: string | ((when: DeadlineWriter) => string),
  body: (when: DeadlineWriter) => string,
  options: { readonly lateSeats?: ReadonlySet<number> } = {},
): Promise<void> {
  const lateSeats = options.lateSeats ?? new Set<number>();
  const byAddress = new Map<MailAddress, { zone: string | null; late: boolean }>();
  for (const seat of readers) {
    if (seat.status === 'resigned') continue;
    const reader = byAddress.get(seat.address) ?? { zone: null, late: false };
    if (reader.zone === null && seat.timeZone !== null && seat.timeZone !== game.timeZone) reader.zone = seat.timeZone;
    reader.late ||= lateSeats.has(seat.id);
    byAddress.set(seat.address, reader);
  }
  const groups = new Map<string, { zone: string | null; late: boolean; to: MailAddress[] }>();
  for (const [address, reader] of byAddress) {
    const key = `${reader.late}|${reader.zone ?? ''}`;
    const group = groups.get(key) ?? { ...reader, to: [] };
    group.to.push(address);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    const when: DeadlineWriter = (instant) => deadlineTextFor(game, group.zone, instant);
    const subject = `${group.late ? LATE_SUBJECT_PREFIX : ''}${subjectFor(config, game, game.currentPhase, typeof what === 'string' ? what : what(when))}`;
    const text = body(when);
    await tx.enqueueMail({ to: group.to, subject, body: text, gameId: game.id, kind: 'notice' });
  }
  // A notice to the Master and the others is the game's, kept for HISTORY as written in its zone;
  // one to the Master alone or to some players only is not.
  if (readers.some((s) => s.role === 'master') && readers.some((s) => s.role !== 'master')) {
    const when: DeadlineWriter = (instant) => deadlineTextFor(game, null, instant);
    await tx.archiveNotice({ gameId: game.id, phaseId: game.currentPhase, subject: typeof what === 'string' ? what : what(when), body: body(when) });
  }
}

/**
 * Sets the deadline of the phase the game has just entered and schedules its jobs. `previous`
 * is the deadline of the phase just processed (a new deadline is never earlier); null at the start.
 */
export async function scheduleDeadline(
  tx: SchedulePorts,
  game: Game,
  phaseId: PhaseId,
  now: Date,
  previous: { readonly deadline: Date | null; readonly grace: Date | null } | null,
  /** Further changes of the game written with its deadline (the processed turn's new phase), in one statement. */
  gameChanges: GamePatch = {},
): Promise<DeadlineSchedule | null> {
  const phase = phaseOf(phaseId);
  const timing = gameTiming(game);
  const noDeadline = hasRule(game, 'NO_DEADLINE');
  const schedule = nextDeadline({
    timing,
    phaseType: phase.type,
    zone: game.timeZone,
    now,
    previousDeadline: previous?.deadline ?? null,
    previousGrace: previous?.grace ?? null,
    firstOfGame: previous === null,
    hasPress: !hasRule(game, 'NO_PRESS'),
    strictGrace: hasRule(game, 'STRICT_GRACE'),
    absences: noDeadline ? [] : await applicableAbsences(tx, game, phaseId, now),
  });
  // The new phase's earliest processing time and delay (njudge's start and delay); nothing is
  // pending for it yet. A NO_DEADLINE game keeps them only when its TIMING asks for them.
  const timed = !noDeadline || game.timing !== null;
  const processing = { processStart: timed ? schedule.start : null, processDelayMinutes: timed ? schedule.delayMinutes : null, processAt: null };
  if (noDeadline) {
    await tx.cancelJobs(game.id);
    await tx.updateGame(game.id, { ...gameChanges, ...processing, deadline: null, grace: null });
    return null;
  }
  // What storeDeadline does, in one write of the game and without reading it back (a deadline storm
  // runs this for thousands of games): start := min(start, deadline); no early processing is pending.
  const start = processing.processStart !== null && processing.processStart > schedule.deadline ? schedule.deadline : processing.processStart;
  await tx.updateGame(game.id, { ...gameChanges, ...processing, processStart: start, deadline: schedule.deadline, grace: schedule.grace });
  await tx.setPhaseDeadline(game.id, phaseId, schedule.deadline);
  await rescheduleJobs(tx, game, phaseId, schedule.deadline, schedule.grace, now, { processAt: null });
  return schedule;
}

/**
 * A changed timing applies to the phase in play at once: when the change concerns its phase type
 * (the clock, the days, NEXT or GRACE of movement, retreats or adjustments), its deadline is
 * computed again from now, as njudge's NEXT_DEADLINE does when a game resumes (absences kept),
 * stored, and the jobs replaced; new reminder times alone replace the reminders. The phase's
 * pending early processing stays (storeDeadline). Null when the deadline did not move (not
 * active, NO_DEADLINE, or another phase type's timing).
 */
export async function recomputeDeadline(tx: SchedulePorts, before: Game, game: Game, now: Date): Promise<DeadlineSchedule | null> {
  if (game.status !== 'active' || game.currentPhase === null || hasRule(game, 'NO_DEADLINE')) return null;
  const type = phaseOf(game.currentPhase).type;
  const [was, is] = [gameTiming(before), gameTiming(game)];
  if (JSON.stringify(was[type]) === JSON.stringify(is[type]) && was.fudgeMinutes === is.fudgeMinutes) {
    if (game.deadline !== null && game.grace !== null && JSON.stringify(was.warnMinutes) !== JSON.stringify(is.warnMinutes)) {
      await rescheduleJobs(tx, game, game.currentPhase, game.deadline, game.grace, now);
    }
    return null;
  }
  const schedule = nextDeadline({
    timing: gameTiming(game),
    phaseType: type,
    zone: game.timeZone,
    now,
    previousDeadline: null,
    previousGrace: null,
    firstOfGame: false,
    hasPress: !hasRule(game, 'NO_PRESS'),
    strictGrace: hasRule(game, 'STRICT_GRACE'),
    absences: await applicableAbsences(tx, game, game.currentPhase, now),
  });
  await storeDeadline(tx, game, game.currentPhase, schedule.deadline, schedule.grace, now);
  return schedule;
}

/**
 * Stores the deadline and grace of the current phase and replaces the game's jobs: the deadline
 * and its reminders while the deadline lies ahead, the end of grace once it has passed.
 */
export async function storeDeadline(
  tx: SchedulePorts,
  game: Pick<Game, 'id' | 'timing'>,
  phaseId: PhaseId,
  deadline: Date,
  grace: Date,
  now: Date,
): Promise<void> {
  // njudge's SET DEADLINE: start := min(start, deadline), so an earlier deadline is never held up.
  const start = (await tx.findGameById(game.id))?.processStart ?? null;
  await tx.updateGame(game.id, { deadline, grace, ...(start !== null && start > deadline ? { processStart: deadline } : {}) });
  await tx.setPhaseDeadline(game.id, phaseId, deadline);
  await rescheduleJobs(tx, game, phaseId, deadline, grace, now);
}

/**
 * Replaces the game's open jobs with those of the given deadline and grace. `known.processAt`, when
 * the caller knows the game's pending early processing (null: none), saves reading the game again.
 */
export async function rescheduleJobs(
  tx: SchedulePorts,
  game: Pick<Game, 'id' | 'timing'>,
  phaseId: PhaseId,
  deadline: Date,
  grace: Date,
  now: Date,
  known: { readonly processAt?: Date | null } = {},
): Promise<void> {
  await tx.cancelJobs(game.id);
  const payload = { phase: phaseId };
  if (deadline > now) {
    // The deadline and its reminders in one statement: a deadline storm schedules these per game.
    const jobs: GameJob[] = [{ kind: 'deadline', gameId: game.id, dueAt: deadline, dedupeKey: `game:${game.id}:deadline`, payload }];
    for (const [index, at] of warningTimes(deadline, gameTiming(game)).entries()) {
      if (at > now) jobs.push({ kind: 'reminder', gameId: game.id, dueAt: at, dedupeKey: `game:${game.id}:reminder:${index}`, payload });
    }
    await tx.scheduleJobs(jobs);
  } else {
    // The deadline has passed (its late notice went out): the game is looked at daily until grace.
    await tx.scheduleJob({ kind: 'grace', gameId: game.id, dueAt: nextLateCheck(grace, now), dedupeKey: `game:${game.id}:grace`, payload });
  }
  if (known.processAt !== null) await restoreProcessJob(tx, game.id, phaseId, deadline, now);
}

/** The dedupe key of a game's pending early processing: a later mail replaces it (UPDATE_PROCESS). */
export function processJobKey(gameId: number): string {
  return `game:${gameId}:process`;
}

/** Schedules the early processing of the phase at `at` and remembers it on the game. */
export async function scheduleProcessJob(tx: SchedulePorts, gameId: number, phaseId: PhaseId, at: Date): Promise<void> {
  await tx.updateGame(gameId, { processAt: at });
  await tx.scheduleJob({ kind: 'process', gameId, dueAt: at, dedupeKey: processJobKey(gameId), payload: { phase: phaseId } });
}

/**
 * Re-creates the pending early processing after the game's jobs were replaced (SET DEADLINE,
 * ACTIVATE): it belongs to the orders, not to the deadline, so a new deadline must not lose it.
 * A deadline moved before it brings it forward: a pending time is never after a deadline still
 * ahead (njudge's process).
 */
async function restoreProcessJob(tx: SchedulePorts, gameId: number, phaseId: PhaseId, deadline: Date, now: Date): Promise<void> {
  const game = await tx.findGameById(gameId);
  if (game?.processAt == null || game.currentPhase !== phaseId) return;
  const at = deadline > now && game.processAt > deadline ? deadline : game.processAt;
  if (at !== game.processAt) await tx.updateGame(gameId, { processAt: at });
  await tx.scheduleJob({ kind: 'process', gameId, dueAt: at, dedupeKey: processJobKey(gameId), payload: { phase: phaseId } });
}

/**
 * The pending absences that hold up a deadline of the phase, by njudge's rule: in a game with
 * press every absence does; without press, those of powers owing orders and the Master's.
 */
export async function applicableAbsences(tx: SchedulePorts, game: Game, phaseId: PhaseId, now: Date): Promise<Absence[]> {
  const stored = await tx.absences(game.id);
  if (stored.length === 0) return [];
  const seats = await tx.seats(game.id);
  const phase = await tx.phase(game.id, phaseId);
  const variant = loadVariant(game.variant);
  const applies = (seatId: number): boolean => {
    const seat = seats.find((s) => s.id === seatId);
    if (!seat) return false;
    const owes = seat.role === 'power' && seat.power !== null && phase !== null && owesOrders(variant, phase.position, seat.power);
    return absenceApplies({ hasPress: !hasRule(game, 'NO_PRESS'), strictWait: false, quiet: false, isMaster: seat.role === 'master', owesOrders: owes });
  };
  return pendingAbsences(
    stored.filter((a) => applies(a.seatId)),
    now,
  );
}

/** Moves an instant past every absence it falls in (absences may chain), so no deadline lands inside one. */
export function pastAbsences(instant: Date, absences: readonly Absence[]): Date {
  let moment = instant;
  for (let moved = true; moved; ) {
    moved = false;
    for (const absence of absences) {
      if (absence.start <= moment && moment < absence.end) {
        moment = absence.end;
        moved = true;
      }
    }
  }
  return moment;
}
