import type { CalendarDay, DatePart, Moment, ScheduleError, ScheduleProblem, Span } from '../schedule/errors.ts';
import { formatMoment } from '../schedule/format-deadline.ts';

// What is wrong with a date, a length of time, a TIMING, a deadline or an absence
// (the schedule's ScheduleError), in words: the refusals of SET DEADLINE, SET ABSENCE, TIMING,
// HISTORY and the rest (no full stop: the callers add one where they need it).

const DATE_EXAMPLE = 'write e.g. Mon 12 Jan 2004 23:30, 12 Jan, Fri or 18:00';
const UNIT_HINT = 'write D, H or M (days, hours, minutes), e.g. 36H or 1D12H';
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DATE_PART_WORDS: Record<DatePart, string> = {
  time: 'time',
  offset: 'UTC offset',
  zone: 'time zone',
  year: 'year',
  month: 'month',
  day: 'day',
  weekday: 'weekday',
};
const UNSUPPORTED_WORDS: Record<Extract<ScheduleProblem, { kind: 'timing-not-supported' }>['feature'], string> = {
  'day-boundary': "DPjudge's day-boundary offset",
  'skipped-phases': "DPjudge's skipped phases",
};

function moment(at: Moment): string {
  return formatMoment(at.instant, at.zone);
}

function span(absence: Span): string {
  return `${formatMoment(absence.start, absence.zone)} to ${formatMoment(absence.end, absence.zone)}`;
}

/** "12 Jan 2004". */
function shortDate(date: CalendarDay): string {
  return `${date.day} ${MONTH_NAMES[date.month - 1]!.slice(0, 3)} ${date.year}`;
}

/** `"12 Jan" is not in the future`, `TIMING: "SKIP" (DPjudge's skipped phases) is not supported` (no full stop). */
export function scheduleErrorText(error: ScheduleError): string {
  return scheduleProblemText(error.problem);
}

/** Several errors, one a line (TIMING reports every setting it could not read). */
export function scheduleErrorsText(errors: readonly ScheduleError[]): string {
  return errors.map(scheduleErrorText).join('\n');
}

export function scheduleProblemText(problem: ScheduleProblem): string {
  switch (problem.kind) {
    case 'date-missing':
      return `no date given; ${DATE_EXAMPLE}`;
    case 'date-part-repeated':
      return `"${problem.word}" gives a second ${DATE_PART_WORDS[problem.part]}; "${problem.previous}" already did`;
    case 'bad-utc-offset':
      return `"${problem.word}" is not a UTC offset such as +0100 or -0500`;
    case 'ambiguous-numeric-date':
      return `"${problem.word}" could be day/month or month/day; write the month as a word, e.g. 12 Jan`;
    case 'not-date-or-time':
      return `"${problem.word}" is not a date or time; ${DATE_EXAMPLE}`;
    case 'bad-date-number':
      return `"${problem.word}" is not a day (1–31), a year (2004) or a time (23:30)`;
    case 'bad-day-of-month':
      return `"${problem.word}" is not a day of the month (1–31)`;
    case 'second-day':
      return `"${problem.word}" gives a second day; "${problem.previous}" already did (a time needs a colon, e.g. ${problem.digits}:00)`;
    case 'meridiem-without-time':
      return `"${problem.word}" needs a time before it, e.g. 11:30 ${problem.word}`;
    case 'no-such-month':
      return `"${problem.word}" has no month ${problem.month}`;
    case 'no-such-date':
      return `"${problem.word}" is not a date: ${MONTH_NAMES[problem.month - 1]} ${problem.year} has ${problem.days} days`;
    case 'bad-meridiem-hour':
      return `"${problem.word}" is not a time: with am/pm the hour is 1–12`;
    case 'bad-time-of-day':
      return `"${problem.word}" is not a time of day (00:00–23:59)`;
    case 'day-beyond-month': {
      const month = `${MONTH_NAMES[problem.month - 1]}${problem.year === null ? '' : ` ${problem.year}`}`;
      return `"${problem.word}" is not a day of ${month}, which has ${problem.days} days`;
    }
    case 'relative-and-date':
      return `"${problem.word}" and "${problem.other}" both name the day; write one of them`;
    case 'not-in-future':
      return `"${problem.text}" is not in the future`;
    case 'before-today':
      return `"${problem.text}" is before today`;
    case 'weekday-mismatch':
      return `"${problem.word}" does not match ${shortDate(problem.date)}, which is a ${WEEKDAY_NAMES[problem.weekday]}`;
    case 'offset-mismatch':
      return `"${problem.word}" is not the offset of ${problem.zone} on ${shortDate(problem.date)} (${problem.offset})`;
    case 'bad-zone':
      return `"${problem.name}" is not a time zone; write an IANA name such as Europe/Berlin or America/New_York`;
    case 'duration-missing':
      return `no length of time given; ${UNIT_HINT}`;
    case 'not-in-duration':
      return `"${problem.word}" is not part of a length of time; ${UNIT_HINT}`;
    case 'unit-needs-number':
      return `"${problem.word}" needs a number before it, e.g. 2 ${problem.word}`;
    case 'not-a-duration':
      return `"${problem.word}" is not a length of time; ${UNIT_HINT}`;
    case 'number-needs-unit':
      return `"${problem.number}" needs a unit: ${problem.number}D, ${problem.number}H or ${problem.number}M (days, hours, minutes)`;
    case 'not-a-unit':
      return `"${problem.word}" is not a unit of time; ${UNIT_HINT}`;
    case 'unit-repeated':
      return `"${problem.written}" gives the ${problem.unit} a second time`;
    case 'days-length':
      return `"${problem.text}" is not seven days, Sunday to Saturday, such as -MTWTF-`;
    case 'days-letter':
      return `"${problem.text}" has "${problem.letter}" where ${problem.expected}, ${problem.expected.toLowerCase()} or - belongs (Sunday to Saturday, such as -MTWTF-)`;
    case 'days-none':
      return `"${problem.text}" allows no day at all`;
    case 'timing':
      return `TIMING: ${scheduleProblemText(problem.problem)}`;
    case 'timing-empty':
      return 'no settings given; write e.g. TIMING NEXT 2D AT 12:00';
    case 'phase-needs-value': {
      const keyword = problem.keyword.toUpperCase();
      return `${keyword} needs a length of time (${keyword} 3D) or settings (${keyword} NEXT 71 GRACE 167)`;
    }
    case 'not-needs-dates':
      return `NOT needs dates, e.g. NOT ${problem.example}`;
    case 'split-length':
      return `"${problem.number} ${problem.keyword}": write a length of time as one word, e.g. ${problem.number}D`;
    case 'setting-needs-value':
      return `${problem.keyword.toUpperCase()} needs a value, e.g. ${problem.keyword.toUpperCase()} ${problem.example}`;
    case 'timing-not-supported':
      return `"${problem.word}" (${UNSUPPORTED_WORDS[problem.feature]}) is not supported`;
    case 'not-a-timing-setting':
      return `"${problem.word}" is not a timing setting`;
    case 'setting-value':
      return `${problem.keyword.toUpperCase()} ${problem.value}: ${scheduleProblemText(problem.problem)}`;
    case 'days-setting':
      return `DAYS ${scheduleProblemText(problem.problem)}`;
    case 'days-no-movement':
      return `DAYS "${problem.value}" allows no movement deadline (outside MOVE/RETREAT/ADJUST a lower-case day means no movement deadline that day)`;
    case 'bad-clock':
      return `${problem.keyword.toUpperCase()} "${problem.item}" is not a time of day: write 23:30, minutes after midnight (0–1439) such as 1410, or -1 for none`;
    case 'moved-needs-length':
      return 'DEADLINE MOVED needs a length of time before LATER or EARLIER, e.g. MOVED 1D 12H LATER';
    case 'deadline-moved':
      return `DEADLINE MOVED: ${scheduleProblemText(problem.problem)}`;
    case 'absence-needs-date':
      return 'SET ABSENCE needs a date, e.g. SET ABSENCE 24 Dec TO 6 Jan';
    case 'absence-ends-before-start-written':
      return `the absence would end ("${problem.written}") before it begins (${moment(problem.start)})`;
    case 'absence-ends-before-start':
      return `the absence would end (${moment(problem.end)}) before it begins (${moment(problem.start)})`;
    case 'absence-over':
      return `the absence would be over already (it ends ${moment(problem.end)})`;
    case 'too-many-absences':
      return `${problem.pending} absences are pending already, the most allowed; cancel one with SET NO ABSENCE first`;
    case 'absence-overlap':
      return `the absence ${span(problem.absence)} overlaps the pending one ${span(problem.other)}`;
    case 'absence-too-long':
      return `the absence ${span(problem.absence)} lasts ${problem.days} days; more than ${problem.maxDays} needs the Master`;
    case 'no-absence-pending':
      return 'no absence is pending';
    case 'absences-pending':
      return `${problem.pending} absences are pending; name a date inside the one to cancel`;
    case 'no-absence-includes':
      return `no pending absence includes "${problem.written}" (${moment(problem.at)})`;
    case 'deadline-not-future':
      return `the deadline ${moment(problem.deadline)} is not in the future`;
    case 'extend-only':
      return `players may only extend the deadline, which is ${moment(problem.deadline)}`;
    case 'grace-before-deadline':
      return `the grace period cannot end (${moment(problem.grace)}) before the deadline (${moment(problem.deadline)})`;
    case 'moved-into-past':
      return `moving the deadline to ${moment(problem.deadline)} would put it in the past`;
  }
}
