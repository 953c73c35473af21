import { scheduleError, type ScheduleError } from './errors.ts';

// Lengths of time as masters and players write them. The Mafia tracker's forms ("2D", "1H",
// "1 D 12 H", "1D12H", "1D 23H 30M", "2 days", "24 hours", "1 day 12 hours 34 minutes") and
// DPjudge's TIMING values ("3D", "4H", "1W") are one grammar: numbers, each followed by a unit,
// in any order, with or without spaces. njudge's timing values are bare numbers of hours
// ("NEXT 71", "DELAY 0.5"); callers that accept those say so with `bareNumber: 'hours'`.

export interface Duration {
  /** Calendar days (weeks count seven); when a deadline moves by days it keeps its wall time. */
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
}

export interface DurationOptions {
  /** What a number without a unit means: njudge's hours, or an error (the default). */
  readonly bareNumber?: 'hours' | 'refuse';
}

export type DurationResult = { readonly ok: true; readonly duration: Duration } | { readonly ok: false; readonly error: ScheduleError };

type Unit = 'days' | 'weeks' | 'hours' | 'minutes';

const UNITS: ReadonlyMap<string, Unit> = new Map(
  Object.entries({
    d: 'days',
    day: 'days',
    days: 'days',
    w: 'weeks',
    wk: 'weeks',
    wks: 'weeks',
    week: 'weeks',
    weeks: 'weeks',
    h: 'hours',
    hr: 'hours',
    hrs: 'hours',
    hour: 'hours',
    hours: 'hours',
    m: 'minutes',
    min: 'minutes',
    mins: 'minutes',
    minute: 'minutes',
    minutes: 'minutes',
  } satisfies Record<string, Unit>),
);

interface Token {
  readonly kind: 'number' | 'word' | 'other';
  readonly text: string;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/(\d+(?:\.\d+)?|\.\d+)|([A-Za-z]+)|(\S)/g)) {
    tokens.push({ kind: match[1] !== undefined ? 'number' : match[2] !== undefined ? 'word' : 'other', text: match[0] });
  }
  return tokens;
}

export function parseDuration(text: string, options: DurationOptions = {}): DurationResult {
  const fail = (error: ScheduleError): DurationResult => ({ ok: false, error });
  const tokens = tokenize(text);
  if (tokens.length === 0) return fail(scheduleError('missing-value', null, { kind: 'duration-missing' }));
  if (tokens.length === 1 && tokens[0]!.kind === 'number' && options.bareNumber === 'hours') {
    return { ok: true, duration: normalise({ days: 0, weeks: 0, hours: Number(tokens[0]!.text), minutes: 0 }) };
  }

  const amounts: Record<Unit, number> = { days: 0, weeks: 0, hours: 0, minutes: 0 };
  const seen = new Set<Unit>();
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.kind === 'other') return fail(scheduleError('unknown-word', token.text, { kind: 'not-in-duration', word: token.text }));
    if (token.kind === 'word') {
      const known = UNITS.has(token.text.toLowerCase());
      return fail(
        known
          ? scheduleError('missing-value', token.text, { kind: 'unit-needs-number', word: token.text })
          : scheduleError('unknown-word', token.text, { kind: 'not-a-duration', word: token.text }),
      );
    }
    const next = tokens[index + 1];
    if (next === undefined || next.kind !== 'word') {
      return fail(scheduleError('missing-value', token.text, { kind: 'number-needs-unit', number: token.text }));
    }
    const unit = UNITS.get(next.text.toLowerCase());
    if (unit === undefined) return fail(scheduleError('unknown-word', next.text, { kind: 'not-a-unit', word: next.text }));
    if (seen.has(unit)) return fail(scheduleError('conflict', next.text, { kind: 'unit-repeated', written: `${token.text}${next.text}`, unit }));
    seen.add(unit);
    amounts[unit] += Number(token.text);
    index++;
  }
  return { ok: true, duration: normalise(amounts) };
}

/** Fractions move down a unit (1.5D is 1 day 12 hours); minutes are rounded to whole ones. */
function normalise(amounts: Record<Unit, number>): Duration {
  const allDays = amounts.days + 7 * amounts.weeks;
  const days = Math.floor(allDays);
  const allHours = amounts.hours + (allDays - days) * 24;
  const hours = Math.floor(allHours);
  const minutes = Math.round(amounts.minutes + (allHours - hours) * 60);
  return { days, hours, minutes };
}

export function durationMinutes(duration: Duration): number {
  return (duration.days * 24 + duration.hours) * 60 + duration.minutes;
}

export function minutesDuration(minutes: number): Duration {
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

/** The compact form the parser (and TIMING) reads back, one word: 3D, 1D12H, 30M; zero is 0H. */
export function formatDuration(minutes: number): string {
  const { days, hours, minutes: rest } = minutesDuration(minutes);
  const parts = [days ? `${days}D` : '', hours ? `${hours}H` : '', rest ? `${rest}M` : ''].filter((part) => part !== '');
  return parts.length === 0 ? '0H' : parts.join('');
}

/** Spelled out for notices: "1 day 12 hours", "30 minutes". */
export function describeDuration(minutes: number): string {
  const { days, hours, minutes: rest } = minutesDuration(minutes);
  const word = (count: number, unit: string): string => (count === 0 ? '' : `${count} ${unit}${count === 1 ? '' : 's'}`);
  const parts = [word(days, 'day'), word(hours, 'hour'), word(rest, 'minute')].filter((part) => part !== '');
  return parts.length === 0 ? '0 hours' : parts.join(' ');
}
