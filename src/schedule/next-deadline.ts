import type { DateTime, Zone } from 'luxon';
import type { PhaseType } from '../engine/types.ts';
import type { Absence } from './absences.ts';
import { applyDeadlineDays } from './days.ts';
import { graceAfter } from './grace.ts';
import { addCalendarDays, atMinuteOfDay, dateOf, laterOf, resolveWallTime, toDateTime, zoneFor } from './local-time.ts';
import type { Timing } from './timing.ts';

// njudge's NEXT_DEADLINE (lib.c deadline(), njudge.md §2), run after a phase is processed, at the
// start of a game, on RESUME and when the last abandoned power is taken over:
//
//   repeat (≤50) until stable:
//     t := max(now + next, deadline)          an early turn never shortens the schedule
//     t := the first clock time not before t on t's day, else the first clock time the next day
//     ≤8×: closed day → next day 00:00; lower-case day and before 12:00 → 12:00
//     each absence [start, end) containing t: t := end
//     deadline := max(t, deadline)
//   grace := max(days rule(deadline + grace), old grace);  start := now + min
//
// njudge worked in the judge's local time and let mktime absorb DST; here every wall-clock step
// happens in the game's IANA zone (local-time.ts fixes what nonexistent and doubled wall times
// mean), while `next`, `min` and `grace` are elapsed time as in njudge.

export interface NextDeadlineInput {
  readonly timing: Timing;
  /** The type of the phase whose deadline is being set (the one that comes next). */
  readonly phaseType: PhaseType;
  /** The game's IANA zone. */
  readonly zone: string;
  /** When the previous phase was processed (or the game started). */
  readonly now: Date;
  /** The deadline of the phase just processed; the new one is never earlier. Null at the start. */
  readonly previousDeadline: Date | null;
  /** The grace of the phase just processed; the new grace is never earlier. */
  readonly previousGrace?: Date | null;
  /** The absences that apply (see absenceApplies); the deadline is pushed past each one. */
  readonly absences?: readonly Absence[];
  /** The game's first deadline: doubled `next` and `delay` when the game has press. */
  readonly firstOfGame?: boolean;
  readonly hasPress?: boolean;
  /** njudge's StrictGrace. */
  readonly strictGrace?: boolean;
}

export interface DeadlineSchedule {
  readonly deadline: Date;
  /** End of the grace period. */
  readonly grace: Date;
  /** The earliest the new phase may be processed (now + min). */
  readonly start: Date;
  /** The wait after the last orders for this phase (doubled with `next` for a first deadline with press). */
  readonly delayMinutes: number;
  /** The absences that moved the deadline ("Requested absence(s) activated"), in order. */
  readonly absencesApplied: readonly Absence[];
}

const MAX_ROUNDS = 50;
const MINUTE_MS = 60_000;

export function nextDeadline(input: NextDeadlineInput): DeadlineSchedule {
  const zone = zoneFor(input.zone);
  const timing = input.timing;
  const phase = timing[input.phaseType];
  const doubled = input.firstOfGame === true && input.hasPress === true && timing.doubleFirstDeadlineWithPress;
  const factor = doubled ? 2 : 1;
  const now = toDateTime(input.now, zone);
  const fudge = phase.clocks.length > 0 ? timing.fudgeMinutes : 0;
  const target = now.plus({ milliseconds: (phase.nextMinutes * factor - fudge) * MINUTE_MS });
  const absences = [...(input.absences ?? [])].sort((a, b) => a.start.getTime() - b.start.getTime());
  const applied = new Set<Absence>();

  let deadline: DateTime | null = input.previousDeadline === null ? null : toDateTime(input.previousDeadline, zone);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let candidate = snapToClock(laterOf(target, deadline), phase.clocks, zone);
    candidate = applyDeadlineDays(candidate, phase.days, zone);
    for (const absence of absences) {
      if (absence.start.getTime() <= candidate.toMillis() && candidate.toMillis() < absence.end.getTime()) {
        candidate = toDateTime(absence.end, zone);
        applied.add(absence);
      }
    }
    candidate = laterOf(candidate, deadline);
    if (deadline !== null && candidate.toMillis() === deadline.toMillis()) break;
    deadline = candidate;
  }
  // The loop runs at least once, so deadline is set.
  const finalDeadline = deadline!;
  const previousGrace = input.previousGrace ? toDateTime(input.previousGrace, zone) : null;
  const grace = graceAfter(finalDeadline, phase, zone, { strictGrace: input.strictGrace === true, previousGrace });
  return {
    deadline: finalDeadline.toJSDate(),
    grace: grace.toJSDate(),
    start: now.plus({ milliseconds: phase.minimumMinutes * MINUTE_MS }).toJSDate(),
    delayMinutes: phase.delayMinutes * factor,
    absencesApplied: absences.filter((absence) => applied.has(absence)),
  };
}

/** The first clock time at or after `moment` on its day, else the first clock time of the next day. */
export function snapToClock(moment: DateTime, clocks: readonly number[], zone: Zone): DateTime {
  if (clocks.length === 0) return moment;
  const date = dateOf(moment);
  for (const clock of clocks) {
    // Compared as instants, so a clock time inside a DST gap (resolved to the end of the gap)
    // snaps to itself the next round instead of sliding to the next day.
    const candidate = resolveWallTime(atMinuteOfDay(date, clock), zone);
    if (candidate.toMillis() >= moment.toMillis()) return candidate;
  }
  return resolveWallTime(atMinuteOfDay(addCalendarDays(date, 1), clocks[0]!), zone);
}

/** When the reminders before a deadline go out (DPjudge WARN), earliest first; past ones included. */
export function warningTimes(deadline: Date, timing: Timing): Date[] {
  return [...timing.warnMinutes]
    .filter((minutes) => minutes > 0)
    .sort((a, b) => b - a)
    .map((minutes) => new Date(deadline.getTime() - minutes * MINUTE_MS));
}
