import { addWallLength, type Duration, shiftInstant } from '../schedule/index.ts';
import { phaseAt, type Instant, type MafiaSchedule, type MafiaSettings } from './state.ts';

// The tracker's schedule (seed 001): the first end of day and the lengths of day and night, on the
// main GM's wall clock through DST; the GMs may end a phase early (later deadlines stay) or move the
// deadline later or earlier (every later deadline moves by the same amount, never into the past);
// an unended game takes up the schedule again from its last past deadline.

const ms = (instant: Instant): number => Date.parse(instant);
const iso = (date: Date): Instant => date.toISOString();

function lengthOf(settings: MafiaSettings, index: number): Duration {
  return phaseAt(index).kind === 'day' ? settings.dayLength : settings.nightLength;
}

/** The scheduled deadline of the phase at `index` (at or after the anchor), counted from the anchor. */
export function scheduledDeadline(schedule: MafiaSchedule, settings: MafiaSettings, index: number): Date {
  let deadline = new Date(schedule.anchorDeadline);
  for (let next = schedule.anchorIndex + 1; next <= index; next++) deadline = addWallLength(deadline, lengthOf(settings, next), settings.zone);
  return deadline;
}

/** The schedule at START: Day 1 ends at the first end of day set, or one day length from now. */
export function startSchedule(settings: MafiaSettings, now: Date): MafiaSchedule {
  const first =
    settings.firstEndOfDay !== null && ms(settings.firstEndOfDay) > now.getTime()
      ? new Date(settings.firstEndOfDay)
      : addWallLength(now, settings.dayLength, settings.zone);
  return { anchorIndex: 0, anchorDeadline: iso(first), deadline: iso(first) };
}

/** The next phase begins: its deadline is the scheduled one. */
export function scheduleNextPhase(schedule: MafiaSchedule, settings: MafiaSettings, nextIndex: number): MafiaSchedule {
  return { ...schedule, deadline: iso(scheduledDeadline(schedule, settings, nextIndex)) };
}

/** "… HAS ENDED [EARLY]": the current phase is due now; later deadlines stay. */
export function endNow(schedule: MafiaSchedule, now: Date): MafiaSchedule {
  return { ...schedule, deadline: iso(now) };
}

export type MoveResult = { readonly ok: true; readonly schedule: MafiaSchedule } | { readonly ok: false; readonly wouldBe: Date };

/** "DEADLINE MOVED 1D 12H LATER|EARLIER": the current deadline and every later one move; never into the past. */
export function moveSchedule(
  schedule: MafiaSchedule,
  settings: MafiaSettings,
  index: number,
  move: { readonly direction: 'later' | 'earlier'; readonly duration: Duration },
  now: Date,
): MoveResult {
  const deadline = shiftInstant(new Date(schedule.deadline), move.duration, move.direction, settings.zone);
  if (deadline.getTime() <= now.getTime()) return { ok: false, wouldBe: deadline };
  const anchor = shiftInstant(scheduledDeadline(schedule, settings, index), move.duration, move.direction, settings.zone);
  return { ok: true, schedule: { anchorIndex: index, anchorDeadline: iso(anchor), deadline: iso(deadline) } };
}

/**
 * UNEND: the game goes on from the phase it ended in when its deadline is still ahead; otherwise
 * the schedule is taken up from its last past deadline: the phase running now by the schedule,
 * with that schedule's deadline.
 */
export function resumeSchedule(schedule: MafiaSchedule, settings: MafiaSettings, index: number, now: Date): { schedule: MafiaSchedule; index: number } {
  if (ms(schedule.deadline) > now.getTime()) return { schedule, index };
  let next = index;
  let deadline = scheduledDeadline(schedule, settings, next);
  // Bounded: a schedule of one-minute phases ended for a year still stops.
  for (let step = 0; deadline.getTime() <= now.getTime() && step < 10_000; step++) {
    next++;
    deadline = addWallLength(deadline, lengthOf(settings, next), settings.zone);
  }
  if (deadline.getTime() <= now.getTime()) deadline = addWallLength(now, lengthOf(settings, next), settings.zone);
  return { schedule: { anchorIndex: next, anchorDeadline: iso(deadline), deadline: iso(deadline) }, index: next };
}

/** The deadlines of the `count` phases after the current one. */
export function upcomingDeadlines(schedule: MafiaSchedule, settings: MafiaSettings, index: number, count: number): { index: number; deadline: Date }[] {
  const result: { index: number; deadline: Date }[] = [];
  for (let next = index + 1; next <= index + count; next++) result.push({ index: next, deadline: scheduledDeadline(schedule, settings, next) });
  return result;
}
