// The one error shape of the schedule layer. Every parser names the word it could not
// understand (`word`), so a reply can point at it; `problem` says what is wrong as data, and
// src/render/schedule-errors.ts words it for the mail.

export type ScheduleErrorCode =
  /** A word that is not part of the language at that position. */
  | 'unknown-word'
  /** A keyword without its value, or an empty text. */
  | 'missing-value'
  /** A value of the right kind that is out of range or malformed. */
  | 'bad-value'
  /** Two parts that contradict each other (two months, a weekday that does not match the date). */
  | 'conflict'
  /** Understood, but dipjudge does not implement it. */
  | 'not-supported'
  /** The date or time lies in the past. */
  | 'in-past'
  /** An absence that ends before it begins. */
  | 'order'
  /** Absences: more pending than allowed. */
  | 'too-many'
  /** Absences: overlaps a pending one. */
  | 'overlap'
  /** Absences: longer than the game allows without the Master. */
  | 'too-long'
  /** Absences: nothing to cancel. */
  | 'not-found'
  /** A change the sender may not make (a player shortening a deadline under PLAYER_DEADLINES). */
  | 'not-allowed';

export interface ScheduleError {
  readonly code: ScheduleErrorCode;
  /** The word as the sender wrote it, or null when the problem is not one word. */
  readonly word: string | null;
  readonly problem: ScheduleProblem;
}

/** An instant as a reply shows it: in this zone (an IANA name). */
export interface Moment {
  readonly instant: Date;
  readonly zone: string;
}

/** A span of time, e.g. an absence, shown in a zone. */
export interface Span {
  readonly start: Date;
  readonly end: Date;
  readonly zone: string;
}

/** A day of the calendar (local-time.ts's CalendarDate, spelled out here so this module imports nothing). */
export interface CalendarDay {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** A part of a date the text can give once. */
export type DatePart = 'time' | 'offset' | 'zone' | 'year' | 'month' | 'day' | 'weekday';

/** What is wrong, by kind, with what the words need (src/render/schedule-errors.ts words each). */
export type ScheduleProblem =
  // Dates (parse-date.ts); `word` is the word as written.
  | { readonly kind: 'date-missing' }
  | { readonly kind: 'date-part-repeated'; readonly word: string; readonly part: DatePart; readonly previous: string }
  | { readonly kind: 'bad-utc-offset'; readonly word: string }
  | { readonly kind: 'ambiguous-numeric-date'; readonly word: string }
  | { readonly kind: 'not-date-or-time'; readonly word: string }
  | { readonly kind: 'bad-date-number'; readonly word: string }
  | { readonly kind: 'bad-day-of-month'; readonly word: string }
  | { readonly kind: 'second-day'; readonly word: string; readonly previous: string; readonly digits: string }
  | { readonly kind: 'meridiem-without-time'; readonly word: string }
  | { readonly kind: 'no-such-month'; readonly word: string; readonly month: number }
  | { readonly kind: 'no-such-date'; readonly word: string; readonly month: number; readonly year: number; readonly days: number }
  | { readonly kind: 'bad-meridiem-hour'; readonly word: string }
  | { readonly kind: 'bad-time-of-day'; readonly word: string }
  | { readonly kind: 'day-beyond-month'; readonly word: string; readonly month: number; readonly year: number | null; readonly days: number }
  | { readonly kind: 'relative-and-date'; readonly word: string; readonly other: string }
  | { readonly kind: 'not-in-future'; readonly text: string }
  | { readonly kind: 'before-today'; readonly text: string }
  | { readonly kind: 'weekday-mismatch'; readonly word: string; readonly date: CalendarDay; readonly weekday: number }
  /** `offset`: the zone's own offset on that date, as "+0100". */
  | { readonly kind: 'offset-mismatch'; readonly word: string; readonly zone: string; readonly date: CalendarDay; readonly offset: string }
  | { readonly kind: 'bad-zone'; readonly name: string }
  // Lengths of time (parse-duration.ts).
  | { readonly kind: 'duration-missing' }
  | { readonly kind: 'not-in-duration'; readonly word: string }
  | { readonly kind: 'unit-needs-number'; readonly word: string }
  | { readonly kind: 'not-a-duration'; readonly word: string }
  | { readonly kind: 'number-needs-unit'; readonly number: string }
  | { readonly kind: 'not-a-unit'; readonly word: string }
  | { readonly kind: 'unit-repeated'; readonly written: string; readonly unit: 'days' | 'weeks' | 'hours' | 'minutes' }
  // Days strings (days.ts).
  | { readonly kind: 'days-length'; readonly text: string }
  | { readonly kind: 'days-letter'; readonly text: string; readonly letter: string; readonly expected: string }
  | { readonly kind: 'days-none'; readonly text: string }
  // TIMING (parse-timing.ts); `keyword` as written.
  | { readonly kind: 'timing'; readonly problem: ScheduleProblem }
  | { readonly kind: 'timing-empty' }
  | { readonly kind: 'phase-needs-value'; readonly keyword: string }
  | { readonly kind: 'not-needs-dates'; readonly example: string }
  | { readonly kind: 'split-length'; readonly number: string; readonly keyword: string }
  | { readonly kind: 'setting-needs-value'; readonly keyword: string; readonly example: string }
  | { readonly kind: 'timing-not-supported'; readonly word: string; readonly feature: 'day-boundary' | 'skipped-phases' }
  | { readonly kind: 'not-a-timing-setting'; readonly word: string }
  | { readonly kind: 'setting-value'; readonly keyword: string; readonly value: string; readonly problem: ScheduleProblem }
  | { readonly kind: 'days-setting'; readonly problem: ScheduleProblem }
  | { readonly kind: 'days-no-movement'; readonly value: string }
  | { readonly kind: 'bad-clock'; readonly keyword: string; readonly item: string }
  // Master time forms (master-time-forms.ts).
  | { readonly kind: 'moved-needs-length' }
  | { readonly kind: 'deadline-moved'; readonly problem: ScheduleProblem }
  // Absences (absences.ts).
  | { readonly kind: 'absence-needs-date' }
  | { readonly kind: 'absence-ends-before-start-written'; readonly written: string; readonly start: Moment }
  | { readonly kind: 'absence-ends-before-start'; readonly end: Moment; readonly start: Moment }
  | { readonly kind: 'absence-over'; readonly end: Moment }
  | { readonly kind: 'too-many-absences'; readonly pending: number }
  | { readonly kind: 'absence-overlap'; readonly absence: Span; readonly other: Span }
  | { readonly kind: 'absence-too-long'; readonly absence: Span; readonly days: number; readonly maxDays: number }
  | { readonly kind: 'no-absence-pending' }
  | { readonly kind: 'absences-pending'; readonly pending: number }
  | { readonly kind: 'no-absence-includes'; readonly written: string; readonly at: Moment }
  // Deadlines (set-deadline.ts).
  | { readonly kind: 'deadline-not-future'; readonly deadline: Moment }
  | { readonly kind: 'extend-only'; readonly deadline: Moment }
  | { readonly kind: 'grace-before-deadline'; readonly grace: Moment; readonly deadline: Moment }
  | { readonly kind: 'moved-into-past'; readonly deadline: Moment };

export function scheduleError(code: ScheduleErrorCode, word: string | null, problem: ScheduleProblem): ScheduleError {
  return { code, word, problem };
}
