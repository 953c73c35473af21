import { scheduleError, type ScheduleError, type Span } from './errors.ts';
import { addCalendarDays, dateOf, resolveWallTime, toDateTime, zoneFor, type CalendarDate } from './local-time.ts';
import { parseDate } from './parse-date.ts';

// SET [NO] ABSENCE (njudge §7.2, DPjudge's SET ABSENCE): windows in which no new deadline may
// fall. Dates are read in the player's (or game's) zone: a start date means 00:00, an end date
// 23:59 of that day, and without TO the absence lasts 24 hours. The end is read from the start
// onwards, so "Sat TO Tue" means the Tuesday after that Saturday (njudge took the Tuesday after
// today and refused the absence). A player may have three pending, they may not overlap, and one
// longer than the game's maximum (njudge MaxAbsence, 15 days; DPjudge 14) needs the Master, whose
// own requests (also through BECOME) are not limited. Every function returns the new list.

export interface Absence {
  /** First moment of the absence. */
  readonly start: Date;
  /** First moment after it: a deadline may fall exactly here. */
  readonly end: Date;
}

export interface AbsenceContext {
  readonly now: Date;
  /** IANA zone the dates are written in. */
  readonly zone: string;
}

export interface AbsencePolicy extends AbsenceContext {
  /** Requested by the Master (directly or through BECOME): no length limit. */
  readonly byMaster?: boolean;
  /** Longest absence a player may set alone, in calendar days; njudge's MAX ABSENCE, default 15. */
  readonly maxDays?: number;
  /** At most this many pending per player; njudge's 3. */
  readonly maxPending?: number;
}

export type AbsenceResult = { readonly ok: true; readonly absence: Absence } | { readonly ok: false; readonly error: ScheduleError };
export type AbsenceListResult = { readonly ok: true; readonly absences: readonly Absence[] } | { readonly ok: false; readonly error: ScheduleError };

export const DEFAULT_MAX_ABSENCE_DAYS = 15;
export const MAX_PENDING_ABSENCES = 3;
const START_OF_DAY = 0;
const END_OF_DAY = 23 * 60 + 59;
const DAY_MS = 86_400_000;

/** Reads `SET ABSENCE [from] [TO to]`; a missing start means today. */
export function parseAbsence(from: string | null, to: string | null, context: AbsenceContext): AbsenceResult {
  const zone = zoneFor(context.zone);
  let start: Date;
  if (from === null) {
    start = resolveWallTime({ ...dateOf(toDateTime(context.now, zone)), hour: 0, minute: 0 }, zone).toJSDate();
  } else {
    const parsed = parseDate(from, { now: context.now, zone: context.zone, defaultTime: START_OF_DAY, earliest: 'from-today' });
    if (!parsed.ok) return parsed;
    start = parsed.date.instant;
  }

  let end: Date;
  if (to === null) {
    if (from === null) return { ok: false, error: scheduleError('missing-value', null, { kind: 'absence-needs-date' }) };
    end = new Date(start.getTime() + DAY_MS);
  } else {
    const parsed = parseDate(to, { now: start, zone: context.zone, defaultTime: END_OF_DAY, earliest: 'from-today' });
    if (!parsed.ok && parsed.error.code === 'in-past') {
      return {
        ok: false,
        error: scheduleError('order', to, { kind: 'absence-ends-before-start-written', written: to, start: { instant: start, zone: context.zone } }),
      };
    }
    if (!parsed.ok) return parsed;
    end = parsed.date.instant;
  }

  if (end.getTime() <= start.getTime()) {
    return {
      ok: false,
      error: scheduleError('order', to, {
        kind: 'absence-ends-before-start',
        end: { instant: end, zone: context.zone },
        start: { instant: start, zone: context.zone },
      }),
    };
  }
  if (end.getTime() <= context.now.getTime()) {
    return { ok: false, error: scheduleError('in-past', to, { kind: 'absence-over', end: { instant: end, zone: context.zone } }) };
  }
  return { ok: true, absence: { start, end } };
}

/** The absences not yet over; njudge forgets expired ones, which frees their slots. */
export function pendingAbsences(absences: readonly Absence[], now: Date): Absence[] {
  return absences.filter((absence) => absence.end.getTime() > now.getTime());
}

/** Calendar days the absence touches in the zone (1 Jan 00:00 – 15 Jan 23:59 is 15). */
export function absenceDays(absence: Absence, zone: string): number {
  const luxonZone = zoneFor(zone);
  const first = dateOf(toDateTime(absence.start, luxonZone));
  const last = dateOf(toDateTime(new Date(absence.end.getTime() - 1), luxonZone));
  return daysBetween(first, last) + 1;
}

function daysBetween(a: CalendarDate, b: CalendarDate): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

/** Adds an absence to one player's list, or says why not. The list comes back pruned and sorted. */
export function addAbsence(absences: readonly Absence[], absence: Absence, policy: AbsencePolicy): AbsenceListResult {
  const pending = pendingAbsences(absences, policy.now);
  const maxPending = policy.maxPending ?? MAX_PENDING_ABSENCES;
  const maxDays = policy.maxDays ?? DEFAULT_MAX_ABSENCE_DAYS;
  const span = (a: Absence): Span => ({ start: a.start, end: a.end, zone: policy.zone });

  if (pending.length >= maxPending) {
    return {
      ok: false,
      error: scheduleError('too-many', null, { kind: 'too-many-absences', pending: pending.length }),
    };
  }
  const overlap = pending.find((other) => other.start.getTime() < absence.end.getTime() && absence.start.getTime() < other.end.getTime());
  if (overlap) {
    return { ok: false, error: scheduleError('overlap', null, { kind: 'absence-overlap', absence: span(absence), other: span(overlap) }) };
  }
  const days = absenceDays(absence, policy.zone);
  if (policy.byMaster !== true && days > maxDays) {
    return {
      ok: false,
      error: scheduleError('too-long', null, { kind: 'absence-too-long', absence: span(absence), days, maxDays }),
    };
  }
  return { ok: true, absences: [...pending, absence].sort((a, b) => a.start.getTime() - b.start.getTime()) };
}

/**
 * SET NO ABSENCE [date]: cancels the first pending absence that includes the date (any part of
 * the day when no time is written). Without a date, the only pending absence.
 */
export function cancelAbsence(absences: readonly Absence[], date: string | null, context: AbsenceContext): AbsenceListResult {
  const zone = zoneFor(context.zone);
  const pending = pendingAbsences(absences, context.now);
  if (date === null) {
    if (pending.length === 1) return { ok: true, absences: [] };
    if (pending.length === 0) return { ok: false, error: scheduleError('not-found', null, { kind: 'no-absence-pending' }) };
    return { ok: false, error: scheduleError('missing-value', null, { kind: 'absences-pending', pending: pending.length }) };
  }
  const parsed = parseDate(date, { now: context.now, zone: context.zone, defaultTime: START_OF_DAY, earliest: 'from-today' });
  if (!parsed.ok) return parsed;
  const from = parsed.date.instant.getTime();
  const until = parsed.date.timeGiven
    ? from + 1
    : resolveWallTime({ ...addCalendarDays(dateOf(toDateTime(parsed.date.instant, zone)), 1), hour: 0, minute: 0 }, zone).toMillis();
  const index = pending.findIndex((absence) => absence.start.getTime() < until && from < absence.end.getTime());
  if (index < 0) {
    return {
      ok: false,
      error: scheduleError('not-found', date, { kind: 'no-absence-includes', written: date, at: { instant: parsed.date.instant, zone: context.zone } }),
    };
  }
  return { ok: true, absences: pending.filter((_, other) => other !== index) };
}

export interface AbsenceOwner {
  /** The game has press (njudge: not NoPress). */
  readonly hasPress: boolean;
  readonly strictWait: boolean;
  /** njudge's Quiet games honour every absence. */
  readonly quiet: boolean;
  readonly isMaster: boolean;
  /** The owner's power owes orders in the phase being scheduled. */
  readonly owesOrders: boolean;
}

/** Whether an absence holds up the next deadline (njudge.md §2). */
export function absenceApplies(owner: AbsenceOwner): boolean {
  return (owner.hasPress && !owner.strictWait) || (owner.owesOrders && (owner.strictWait || !owner.hasPress)) || owner.quiet || owner.isMaster;
}
