import { FixedOffsetZone, IANAZone, type DateTime, type Zone } from 'luxon';
import { scheduleError, type DatePart, type ScheduleError, type ScheduleProblem } from './errors.ts';
import { addCalendarDays, compareDates, dateOf, daysInMonth, resolveWallTime, toDateTime, weekdayIndex, zoneFor, type CalendarDate } from './local-time.ts';

// Dates as players and Masters write them (SET DEADLINE, SET GRACE, SET START, SET ABSENCE),
// read against `now` in a zone. One grammar covers both judges:
// - DPjudge: `[weekday] [day [month [year]]] [hh:mm]`, two- or four-digit years;
// - njudge: the same elements in any order ("Jun 15 23:30", "23:30 15 Jun", "Mon Jan 12 2004 23:30"),
//   including its own deadline line with seconds and offset ("Mon Jan 12 2004 23:30:00 +0100");
// - also ISO dates (2004-01-12, 2004-01-12T23:30), DPjudge's status-file 200401122330,
//   "today"/"tomorrow", 11:30pm, 12th, and a trailing IANA zone ("… (America/New_York)", as
//   formatPlayerDeadline writes it) or offset, which then replaces the context's zone.
//
// Whatever is left out is filled in with the first match: the result is the earliest moment after
// `now` (or, for absences, the earliest date from today on) that agrees with every element
// written. That is DPjudge's rule ("the first appropriate date component following the time of
// the message") and agrees with njudge's for days and months. Two deliberate differences from
// njudge: a weekday may mean today when its time is still ahead, and a year is never guessed into
// the past. A weekday written together with a day, month or year is a check, not a search.

export type EarliestRule =
  /** The first matching moment after now: deadlines. */
  | 'after-now'
  /** The first matching date from today on, even if its time today has passed: absences. */
  | 'from-today';

export interface DateContext {
  readonly now: Date;
  /** IANA zone the date is written in (the game's, or the player's). */
  readonly zone: string;
  /** Minutes after midnight for a date written without a time (e.g. the phase clock, 1410). */
  readonly defaultTime: number;
  readonly earliest?: EarliestRule;
}

export interface ParsedDate {
  readonly instant: Date;
  readonly timeGiven: boolean;
  /** Whether any calendar element (weekday, day, month, year, today/tomorrow) was written. */
  readonly dateGiven: boolean;
  /** The zone the text was read in: the context's, or one the text names. */
  readonly zone: string;
}

export type DateResult = { readonly ok: true; readonly date: ParsedDate } | { readonly ok: false; readonly error: ScheduleError };

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const FILLERS = new Set(['at', 'on', 'of', 'the', 'by']);
/** Far enough to find any 29 February (2096 → 2104). */
const SEARCH_DAYS = 8 * 366 + 1;

interface Element<T> {
  readonly value: T;
  readonly word: string;
}

interface TimeOfDay {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

interface DateParts {
  weekday?: Element<number>;
  day?: Element<number>;
  month?: Element<number>;
  year?: Element<number>;
  time?: Element<TimeOfDay>;
  relative?: Element<number>;
  /** A UTC offset in minutes (+0100, UTC, Z): it fixes the instant of the wall time. */
  offset?: Element<number>;
  /** An IANA zone named in the text: the calendar the date is read in. */
  zone?: Element<Zone>;
}

class DateTextError extends Error {
  constructor(readonly detail: ScheduleError) {
    super(detail.problem.kind);
  }
}

function reject(code: ScheduleError['code'], word: string | null, problem: ScheduleProblem): never {
  throw new DateTextError(scheduleError(code, word, problem));
}

export function parseDate(text: string, context: DateContext): DateResult {
  try {
    const parts = readParts(text);
    return { ok: true, date: resolve(text.trim(), parts, context) };
  } catch (error) {
    if (error instanceof DateTextError) return { ok: false, error: error.detail };
    throw error;
  }
}

// --- reading the words -------------------------------------------------------------------------

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const raw of text.replace(/[(),]/g, ' ').split(/\s+/)) {
    if (raw === '') continue;
    // 2004-01-12T23:30 and 23:30:00+01:00 are two tokens each.
    const iso = /^(\d{4}-\d{1,2}-\d{1,2})T(.+)$/i.exec(raw);
    const pieces = iso ? [iso[1]!, iso[2]!] : [raw];
    for (const piece of pieces) {
      const withOffset = /^(\d{1,2}:\d{2}(?::\d{2})?)([+-]\d{2}:?\d{2}|Z)$/i.exec(piece);
      if (withOffset) tokens.push(withOffset[1]!, withOffset[2]!);
      else tokens.push(piece);
    }
  }
  return tokens;
}

function set<K extends keyof DateParts>(parts: DateParts, key: K, element: NonNullable<DateParts[K]>, part: DatePart): void {
  const existing = parts[key];
  if (existing !== undefined) reject('conflict', element.word, { kind: 'date-part-repeated', word: element.word, part, previous: existing.word });
  parts[key] = element;
}

function prefixIndex(names: readonly string[], word: string): number {
  if (word.length < 3) return -1;
  return names.findIndex((name) => name.startsWith(word));
}

function readParts(text: string): DateParts {
  const tokens = tokenize(text);
  if (tokens.length === 0) reject('missing-value', null, { kind: 'date-missing' });
  const parts: DateParts = {};
  for (let index = 0; index < tokens.length; index++) {
    const word = tokens[index]!;
    const lower = word.toLowerCase();
    const nextLower = tokens[index + 1]?.toLowerCase();
    let match: RegExpExecArray | null;

    if ((match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(word))) {
      setYearMonthDay(parts, word, Number(match[1]), Number(match[2]), Number(match[3]));
    } else if ((match = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2}))?$/.exec(word))) {
      setYearMonthDay(parts, word, Number(match[1]), Number(match[2]), Number(match[3]));
      if (match[4] !== undefined) set(parts, 'time', { value: checkTime(word, Number(match[4]), Number(match[5]), 0, null), word }, 'time');
    } else if ((match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(am|pm)?$/i.exec(word))) {
      let meridiem = match[4]?.toLowerCase() ?? null;
      if (meridiem === null && (nextLower === 'am' || nextLower === 'pm')) {
        meridiem = nextLower;
        index++;
      }
      set(parts, 'time', { value: checkTime(word, Number(match[1]), Number(match[2]), Number(match[3] ?? 0), meridiem), word }, 'time');
    } else if ((match = /^(\d{1,2})(am|pm)$/i.exec(word))) {
      set(parts, 'time', { value: checkTime(word, Number(match[1]), 0, 0, match[2]!.toLowerCase()), word }, 'time');
    } else if ((match = /^(?:utc|gmt)?([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(word))) {
      const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
      if (Number(match[2]) > 14 || Number(match[3] ?? 0) > 59) reject('bad-value', word, { kind: 'bad-utc-offset', word });
      set(parts, 'offset', { value: match[1] === '-' ? -minutes : minutes, word }, 'offset');
    } else if (lower === 'utc' || lower === 'gmt' || lower === 'z') {
      set(parts, 'offset', { value: 0, word }, 'offset');
    } else if (word.includes('/') && IANAZone.isValidZone(word)) {
      set(parts, 'zone', { value: IANAZone.create(word), word }, 'zone');
    } else if (/^\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?$/.test(word)) {
      reject('bad-value', word, { kind: 'ambiguous-numeric-date', word });
    } else if ((match = /^(\d+)(?:st|nd|rd|th|\.)?$/i.exec(word))) {
      readNumber(parts, word, match[1]!);
    } else if (/^[a-z]+\.?$/i.test(word)) {
      readWord(parts, word, lower.replace(/\.$/, ''));
    } else {
      reject('unknown-word', word, { kind: 'not-date-or-time', word });
    }
  }
  return parts;
}

function readNumber(parts: DateParts, word: string, digits: string): void {
  const value = Number(digits);
  if (digits.length === 4 && word === digits) {
    set(parts, 'year', { value, word }, 'year');
  } else if (digits.length > 2) {
    reject('bad-value', word, { kind: 'bad-date-number', word });
  } else if (parts.day === undefined) {
    if (value < 1 || value > 31) reject('bad-value', word, { kind: 'bad-day-of-month', word });
    parts.day = { value, word };
  } else if (parts.month !== undefined && parts.year === undefined && word === digits) {
    // DPjudge's `day month year` with a two-digit year: 12 Jan 04.
    parts.year = { value: 2000 + value, word };
  } else {
    reject('conflict', word, { kind: 'second-day', word, previous: parts.day.word, digits });
  }
}

function readWord(parts: DateParts, word: string, lower: string): void {
  if (FILLERS.has(lower)) return;
  if (lower === 'today' || lower === 'tomorrow') {
    set(parts, 'relative', { value: lower === 'today' ? 0 : 1, word }, 'day');
    return;
  }
  const month = prefixIndex(MONTHS, lower);
  if (month >= 0) {
    set(parts, 'month', { value: month + 1, word }, 'month');
    return;
  }
  const weekday = prefixIndex(WEEKDAYS, lower);
  if (weekday >= 0) {
    set(parts, 'weekday', { value: weekday, word }, 'weekday');
    return;
  }
  if (lower === 'am' || lower === 'pm') reject('unknown-word', word, { kind: 'meridiem-without-time', word });
  reject('unknown-word', word, { kind: 'not-date-or-time', word });
}

function setYearMonthDay(parts: DateParts, word: string, year: number, month: number, day: number): void {
  if (month < 1 || month > 12) reject('bad-value', word, { kind: 'no-such-month', word, month });
  if (day < 1 || day > daysInMonth(year, month)) reject('bad-value', word, { kind: 'no-such-date', word, month, year, days: daysInMonth(year, month) });
  set(parts, 'year', { value: year, word }, 'year');
  set(parts, 'month', { value: month, word }, 'month');
  set(parts, 'day', { value: day, word }, 'day');
}

function checkTime(word: string, hour: number, minute: number, second: number, meridiem: string | null): TimeOfDay {
  if (meridiem !== null) {
    if (hour < 1 || hour > 12) reject('bad-value', word, { kind: 'bad-meridiem-hour', word });
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) reject('bad-value', word, { kind: 'bad-time-of-day', word });
  return { hour, minute, second };
}

// --- finding the date --------------------------------------------------------------------------

function resolve(text: string, parts: DateParts, context: DateContext): ParsedDate {
  // An offset fixes the instant of the wall time (and disambiguates a doubled hour); a named zone,
  // else the offset, else the context's zone, is the calendar that "today" and weekdays are read in.
  const wallZone: Zone | null = parts.offset ? FixedOffsetZone.instance(parts.offset.value) : null;
  const zone = parts.zone?.value ?? wallZone ?? zoneFor(context.zone);
  const rule = context.earliest ?? 'after-now';
  const now = toDateTime(context.now, zone);
  const today = dateOf(now);
  const time: TimeOfDay = parts.time?.value ?? { hour: Math.floor(context.defaultTime / 60), minute: context.defaultTime % 60, second: 0 };
  const calendar = parts.day ?? parts.month ?? parts.year;

  if (parts.day && parts.month) {
    // Without a year, February may have 29 days.
    const longest = daysInMonth(parts.year?.value ?? 2000, parts.month.value);
    if (parts.day.value > longest) {
      reject('bad-value', parts.day.word, {
        kind: 'day-beyond-month',
        word: parts.day.word,
        month: parts.month.value,
        year: parts.year?.value ?? null,
        days: longest,
      });
    }
  }
  if (parts.relative && (calendar || parts.weekday)) {
    const other = (calendar ?? parts.weekday)!;
    reject('conflict', parts.relative.word, { kind: 'relative-and-date', word: parts.relative.word, other: other.word });
  }

  const at = (date: CalendarDate): DateTime => resolveWallTime({ ...date, ...time }, wallZone ?? zone);
  const acceptable = (date: CalendarDate): DateTime | null => {
    if (compareDates(date, today) < 0) return null;
    const moment = at(date);
    return rule === 'after-now' && moment.toMillis() <= now.toMillis() ? null : moment;
  };
  const past = (): never => reject('in-past', text, { kind: rule === 'after-now' ? 'not-in-future' : 'before-today', text });

  let found: { date: CalendarDate; moment: DateTime } | null = null;
  if (parts.relative) {
    const date = addCalendarDays(today, parts.relative.value);
    const moment = acceptable(date);
    if (moment === null) past();
    found = { date, moment: moment! };
  } else {
    const matches = (date: CalendarDate): boolean =>
      (parts.year === undefined || date.year === parts.year.value) &&
      (parts.month === undefined || date.month === parts.month.value) &&
      (parts.day === undefined || date.day === parts.day.value) &&
      (calendar !== undefined || parts.weekday === undefined || weekdayIndex(date) === parts.weekday.value);
    if (parts.year && parts.year.value < today.year) past();
    for (let offset = 0, date = today; offset < SEARCH_DAYS; offset++, date = addCalendarDays(date, 1)) {
      if (parts.year && date.year > parts.year.value) break;
      if (!matches(date)) continue;
      const moment = acceptable(date);
      if (moment !== null) {
        found = { date, moment };
        break;
      }
    }
    if (found === null) past();
  }

  const { date, moment } = found!;
  if (parts.weekday && weekdayIndex(date) !== parts.weekday.value) {
    reject('conflict', parts.weekday.word, { kind: 'weekday-mismatch', word: parts.weekday.word, date, weekday: weekdayIndex(date) });
  }
  if (parts.offset && parts.zone) {
    const actual = parts.zone.value.offset(moment.toMillis());
    if (actual !== parts.offset.value) {
      reject('conflict', parts.offset.word, {
        kind: 'offset-mismatch',
        word: parts.offset.word,
        zone: parts.zone.word,
        date,
        offset: moment.setZone(parts.zone.value).toFormat('ZZZ'),
      });
    }
  }
  return {
    instant: moment.toJSDate(),
    timeGiven: parts.time !== undefined,
    dateGiven: calendar !== undefined || parts.weekday !== undefined || parts.relative !== undefined,
    zone: parts.zone?.value.name ?? wallZone?.name ?? context.zone,
  };
}
