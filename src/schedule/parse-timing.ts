import type { PhaseType } from '../engine/types.ts';
import { checkDays } from './days.ts';
import { scheduleError, type ScheduleError, type ScheduleProblem } from './errors.ts';
import { durationMinutes, parseDuration } from './parse-duration.ts';
import { DEFAULT_TIMING, PHASE_TYPES, type PhaseTiming, type Timing } from './timing.ts';

// Both judges' timing languages, read into one Timing on top of a base (the defaults at CREATE,
// the game's current timing for a later SET):
//
//   DPjudge  TIMING AT 23:30 DAYS -MTWTF- MOVE 3D NEXT 1D GRACE 3D WARN 24H,4H
//   njudge   MOVE CLOCK 1410 MIN 12 NEXT 71 GRACE 167 DELAY 0.5 DAYS -MTWTF-  (also RETREAT, ADJUST)
//
// - A phase word followed by a setting word opens an njudge section: the settings after it, up to
//   the next phase word, belong to that phase type. A phase word followed by a length of time is
//   DPjudge's `MOVE 3D` (that phase's `next`) and closes any section.
// - Settings outside a section apply to every phase type, except where a phase-specific value is
//   written anywhere in the text (DPjudge: `NEXT 1D` is the default, `MOVE 3D` wins for movement).
// - Outside a section DAYS has DPjudge's meaning, a lower-case day allowing no movement deadline
//   (so movement gets `-` there and the other phases the capital); inside it has njudge's, not
//   before noon.
// - Lengths of time take units (3D, 4H, 30M, 1W, 1D12H, no spaces) or are bare njudge hours
//   (71, 0.5). CLOCK and AT take minutes after midnight (1410), hh:mm (23:30), a comma list of
//   either, or -1 for none. WARN takes a comma list, 0 meaning no reminders.
// - NOT date[-date],… (DPjudge's vacations) is returned as text: dates are read against the
//   clock, which a parser of settings does not have; the judge turns them into absences.
// Every word that cannot be read is reported by name, and reading goes on at the next keyword, so
// one mail shows every mistake.

export interface VacationText {
  readonly from: string;
  readonly to: string | null;
}

export type TimingResult =
  | { readonly ok: true; readonly timing: Timing; readonly vacations: readonly VacationText[] }
  | { readonly ok: false; readonly errors: readonly ScheduleError[] };

type Setting = 'clock' | 'min' | 'next' | 'grace' | 'delay' | 'days' | 'warn' | 'fudge' | 'not';

const PHASE_WORDS: ReadonlyMap<string, PhaseType> = wordMap({
  move: 'movement',
  moves: 'movement',
  movement: 'movement',
  movements: 'movement',
  retreat: 'retreat',
  retreats: 'retreat',
  adjust: 'adjustment',
  adjusts: 'adjustment',
  adjustment: 'adjustment',
  adjustments: 'adjustment',
  build: 'adjustment',
  builds: 'adjustment',
});

const SETTING_WORDS: ReadonlyMap<string, Setting> = wordMap({
  clock: 'clock',
  at: 'clock',
  min: 'min',
  minimum: 'min',
  next: 'next',
  grace: 'grace',
  delay: 'delay',
  days: 'days',
  warn: 'warn',
  fudge: 'fudge',
  not: 'not',
});

const UNSUPPORTED: ReadonlyMap<string, 'day-boundary' | 'skipped-phases'> = wordMap({
  start: 'day-boundary',
  skip: 'skipped-phases',
});

const LENGTH_FIELDS = { min: 'minimumMinutes', next: 'nextMinutes', grace: 'graceMinutes', delay: 'delayMinutes' } as const;

function wordMap<T>(entries: Record<string, T>): ReadonlyMap<string, T> {
  return new Map(Object.entries(entries));
}

const EXAMPLES: Readonly<Record<Setting, string>> = {
  clock: '23:30 or 1410',
  min: '12H',
  next: '2D',
  grace: '3D',
  delay: '30M',
  days: '-MTWTF-',
  warn: '24H,4H',
  fudge: '8H',
  not: '24 Dec-6 Jan',
};

type PhasePatch = { -readonly [K in keyof PhaseTiming]?: PhaseTiming[K] };

interface Reading {
  readonly errors: ScheduleError[];
  readonly everyPhase: PhasePatch;
  /** DPjudge-style DAYS outside a section, translated per phase when the timing is built. */
  dpjudgeDays?: string;
  readonly phases: Record<PhaseType, PhasePatch>;
  warnMinutes?: number[];
  fudgeMinutes?: number;
  readonly vacations: VacationText[];
}

function isKeyword(word: string | undefined): boolean {
  if (word === undefined) return false;
  const lower = word.toLowerCase();
  return PHASE_WORDS.has(lower) || SETTING_WORDS.has(lower) || UNSUPPORTED.has(lower);
}

export function parseTiming(text: string, base: Timing = DEFAULT_TIMING): TimingResult {
  // "24H, 4H" is one value.
  const tokens = text
    .trim()
    .replace(/\s*,\s*/g, ',')
    .split(/\s+/)
    .filter((token) => token !== '');
  if (tokens[0]?.toLowerCase() === 'timing') tokens.shift();
  const reading: Reading = { errors: [], everyPhase: {}, phases: { movement: {}, retreat: {}, adjustment: {} }, vacations: [] };
  const fail = (code: ScheduleError['code'], word: string | null, problem: ScheduleProblem): void => {
    reading.errors.push(scheduleError(code, word, { kind: 'timing', problem }));
  };
  if (tokens.length === 0) fail('missing-value', null, { kind: 'timing-empty' });

  let section: PhaseType | null = null;
  let index = 0;
  const skipToKeyword = (): void => {
    while (index < tokens.length && !isKeyword(tokens[index])) index++;
  };
  while (index < tokens.length) {
    const word = tokens[index]!;
    const lower = word.toLowerCase();
    index++;
    const phase = PHASE_WORDS.get(lower);
    const setting = SETTING_WORDS.get(lower);
    if (phase !== undefined) {
      const value = tokens[index];
      if (value !== undefined && SETTING_WORDS.has(value.toLowerCase())) {
        section = phase;
      } else if (value === undefined || isKeyword(value)) {
        fail('missing-value', word, { kind: 'phase-needs-value', keyword: word });
      } else {
        index++;
        section = null;
        const minutes = readLength(word, value, fail);
        if (minutes !== null) reading.phases[phase].nextMinutes = minutes;
      }
    } else if (setting !== undefined) {
      if (setting === 'not') {
        const start = index;
        skipToKeyword();
        const value = tokens.slice(start, index).join(' ');
        if (value === '') fail('missing-value', word, { kind: 'not-needs-dates', example: EXAMPLES.not });
        else reading.vacations.push(...readVacations(value));
        continue;
      }
      const value = tokens[index];
      const before = tokens[index - 2];
      if (setting === 'days' && (value === undefined || isKeyword(value)) && before !== undefined && /^\d+(?:\.\d+)?$/.test(before)) {
        // "MOVE 3 DAYS": the length was split in two.
        fail('bad-value', word, { kind: 'split-length', number: before, keyword: word });
        continue;
      }
      if (value === undefined || isKeyword(value)) {
        fail('missing-value', word, { kind: 'setting-needs-value', keyword: word, example: EXAMPLES[setting] });
        continue;
      }
      index++;
      applySetting(reading, section, word, setting, value, fail);
    } else {
      const unsupported = UNSUPPORTED.get(lower);
      if (unsupported !== undefined) fail('not-supported', word, { kind: 'timing-not-supported', word, feature: unsupported });
      else fail('unknown-word', word, { kind: 'not-a-timing-setting', word });
      skipToKeyword();
    }
  }

  if (reading.errors.length > 0) {
    return { ok: false, errors: reading.errors };
  }
  return { ok: true, timing: build(base, reading), vacations: reading.vacations };
}

type Fail = (code: ScheduleError['code'], word: string | null, problem: ScheduleProblem) => void;

function applySetting(reading: Reading, section: PhaseType | null, keyword: string, setting: Setting, value: string, fail: Fail): void {
  const target = section === null ? reading.everyPhase : reading.phases[section];
  switch (setting) {
    case 'clock': {
      const clocks = readClocks(keyword, value, fail);
      if (clocks !== null) target.clocks = clocks;
      return;
    }
    case 'fudge': {
      const minutes = readLength(keyword, value, fail);
      if (minutes !== null) reading.fudgeMinutes = minutes;
      return;
    }
    case 'min':
    case 'next':
    case 'grace':
    case 'delay': {
      const minutes = readLength(keyword, value, fail);
      if (minutes !== null) target[LENGTH_FIELDS[setting]] = minutes;
      return;
    }
    case 'days': {
      const checked = checkDays(value);
      if (!checked.ok) fail('bad-value', value, { kind: 'days-setting', problem: checked.problem });
      else if (section !== null) target.days = checked.days;
      else if (!/[A-Z]/.test(checked.days)) {
        fail('bad-value', value, { kind: 'days-no-movement', value });
      } else reading.dpjudgeDays = checked.days;
      return;
    }
    case 'warn': {
      const warnings: number[] = [];
      for (const item of value.split(',')) {
        const minutes = readLength(keyword, item, fail);
        if (minutes === null) return;
        if (minutes > 0) warnings.push(minutes);
      }
      reading.warnMinutes = [...new Set(warnings)].sort((a, b) => b - a);
      return;
    }
    case 'not':
      return;
  }
}

function readLength(keyword: string, value: string, fail: Fail): number | null {
  const parsed = parseDuration(value, { bareNumber: 'hours' });
  if (!parsed.ok) {
    fail(parsed.error.code, parsed.error.word ?? value, { kind: 'setting-value', keyword, value, problem: parsed.error.problem });
    return null;
  }
  return durationMinutes(parsed.duration);
}

function readClocks(keyword: string, value: string, fail: Fail): number[] | null {
  const items = value.split(',');
  if (items.length === 1 && items[0] === '-1') return [];
  const clocks: number[] = [];
  for (const item of items) {
    const hhmm = /^(\d{1,2}):(\d{2})$/.exec(item);
    const minutes = hhmm ? Number(hhmm[1]) * 60 + Number(hhmm[2]) : /^\d{1,4}$/.test(item) ? Number(item) : Number.NaN;
    if (Number.isNaN(minutes) || minutes > 1439 || (hhmm !== null && (Number(hhmm[1]) > 23 || Number(hhmm[2]) > 59))) {
      fail('bad-value', item, { kind: 'bad-clock', keyword, item });
      return null;
    }
    clocks.push(minutes);
  }
  return [...new Set(clocks)].sort((a, b) => a - b);
}

/** `24 Dec-6 Jan, 2004-02-01 TO 2004-02-03`: items split on commas, ranges on TO or a dash outside an ISO date. */
function readVacations(value: string): VacationText[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const to = /^(.*?)\s+to\s+(.*)$/i.exec(item);
      if (to) return { from: to[1]!.trim(), to: to[2]!.trim() };
      const masked = item.replace(/\d{4}-\d{1,2}-\d{1,2}/g, (iso) => iso.replace(/-/g, '_'));
      const dash = masked.indexOf('-');
      return dash < 0 ? { from: item, to: null } : { from: item.slice(0, dash).trim(), to: item.slice(dash + 1).trim() };
    });
}

function dpjudgeDaysFor(days: string, phase: PhaseType): string {
  return [...days].map((letter) => (letter === '-' || letter === letter.toUpperCase() ? letter : phase === 'movement' ? '-' : letter.toUpperCase())).join('');
}

function build(base: Timing, reading: Reading): Timing {
  const phaseTiming = (phase: PhaseType): PhaseTiming => {
    const days = reading.dpjudgeDays === undefined ? {} : { days: dpjudgeDaysFor(reading.dpjudgeDays, phase) };
    return { ...base[phase], ...reading.everyPhase, ...days, ...reading.phases[phase] };
  };
  const [movement, retreat, adjustment] = PHASE_TYPES.map(phaseTiming) as [PhaseTiming, PhaseTiming, PhaseTiming];
  return {
    ...base,
    movement,
    retreat,
    adjustment,
    warnMinutes: reading.warnMinutes ?? base.warnMinutes,
    fudgeMinutes: reading.fudgeMinutes ?? base.fudgeMinutes,
  };
}
