import { DateTime, IANAZone, type Zone } from 'luxon';
import { scheduleError, type ScheduleError } from './errors.ts';

// Wall-clock time in a game's zone, and the one place where a wall time becomes an instant.
//
// Deadlines are chosen as wall times ("23:30 on Monday, Europe/Berlin") and stored as instants.
// Two wall times need a rule, and luxon's own choice is not the one we want:
// - A time that does not exist (the spring-forward gap, e.g. 02:30 on the last Sunday of March
//   in Berlin) becomes the first valid moment after the gap: 03:00 local, the instant the clocks
//   jump. luxon would add the gap length instead (03:30), which is later than necessary and
//   depends on the size of the gap.
// - A time that exists twice (the fall-back overlap, e.g. 02:30 on the last Sunday of October in
//   Berlin, 01:30 on the first Sunday of November in New York) takes the earlier instant, i.e. the
//   offset in force before the change (summer time). A deadline should never be later than a
//   player reading the wall clock expects. luxon would take the later one.
// Every other wall time maps to exactly one instant, so a 23:30 deadline stays 23:30 local on both
// sides of a DST change.

export interface CalendarDate {
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  /** 1–31. */
  readonly day: number;
}

export interface WallTime extends CalendarDate {
  readonly hour: number;
  readonly minute: number;
  readonly second?: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A luxon zone for an IANA name the caller has validated (see parseZone); an invalid name is a bug. */
export function zoneFor(zone: string | Zone): Zone {
  if (typeof zone !== 'string') return zone;
  const iana = IANAZone.create(zone);
  if (!iana.isValid) throw new Error(`invalid time zone ${zone}; validate it with parseZone first`);
  return iana;
}

export type ZoneResult = { readonly ok: true; readonly zone: string } | { readonly ok: false; readonly error: ScheduleError };

/** An IANA zone name as a player or Master writes it, in its canonical spelling (europe/berlin → Europe/Berlin). */
export function parseZone(text: string): ZoneResult {
  const name = text.trim();
  if (name !== '' && IANAZone.isValidZone(name)) {
    return { ok: true, zone: new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone };
  }
  return {
    ok: false,
    error: scheduleError('bad-value', name, { kind: 'bad-zone', name }),
  };
}

/** The instant of a wall time in a zone, with the gap and overlap rules above. */
export function resolveWallTime(wall: WallTime, zone: Zone): DateTime {
  const wallMs = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0);
  // Offsets are within ±14 h, so the offsets a day either side cover every candidate.
  const offsets = new Set([zone.offset(wallMs - DAY_MS), zone.offset(wallMs), zone.offset(wallMs + DAY_MS)]);
  let earliest: number | null = null;
  for (const offset of offsets) {
    const instant = wallMs - offset * MINUTE_MS;
    if (zone.offset(instant) === offset && (earliest === null || instant < earliest)) earliest = instant;
  }
  return DateTime.fromMillis(earliest ?? endOfGap(wallMs, zone), { zone });
}

/** The instant the clocks jump over a wall time that does not exist: the first valid minute after the gap. */
function endOfGap(wallMs: number, zone: Zone): number {
  const before = zone.offset(wallMs - DAY_MS);
  const after = zone.offset(wallMs + DAY_MS);
  // Read with the later offset the wall time is before the jump, with the earlier one after it.
  let low = Math.floor((wallMs - after * MINUTE_MS) / MINUTE_MS);
  let high = Math.ceil((wallMs - before * MINUTE_MS) / MINUTE_MS);
  if (zone.offset(low * MINUTE_MS) === zone.offset(high * MINUTE_MS)) return high * MINUTE_MS;
  const offsetBefore = zone.offset(low * MINUTE_MS);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (zone.offset(middle * MINUTE_MS) === offsetBefore) low = middle;
    else high = middle;
  }
  return high * MINUTE_MS;
}

export function wallTimeOf(moment: DateTime): WallTime {
  return { year: moment.year, month: moment.month, day: moment.day, hour: moment.hour, minute: moment.minute, second: moment.second };
}

export function dateOf(moment: DateTime): CalendarDate {
  return { year: moment.year, month: moment.month, day: moment.day };
}

export function addCalendarDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday, the order of njudge's days string. */
export function weekdayIndex(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Midnight-based minutes as a wall time on a date. */
export function atMinuteOfDay(date: CalendarDate, minuteOfDay: number): WallTime {
  return { ...date, hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60, second: 0 };
}

export function toDateTime(instant: Date, zone: Zone): DateTime {
  return DateTime.fromMillis(instant.getTime(), { zone });
}

export function laterOf(a: DateTime, b: DateTime | null): DateTime {
  return b !== null && b.toMillis() > a.toMillis() ? b : a;
}
