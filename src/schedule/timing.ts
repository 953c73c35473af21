import type { PhaseType } from '../engine/types.ts';

// A game's timing, njudge's model (lib.c, `SET MOVE CLOCK … DAYS …`): each phase type has its own
// clock, minimum, next, grace, delay and allowed days. DPjudge's TIMING line maps onto it
// (parse-timing.ts). Durations are whole minutes of elapsed time (njudge kept hours as floats and
// added them to a time_t), so 0.5 h is 30.

export interface PhaseTiming {
  /**
   * Minutes after midnight a new deadline snaps to, ascending; empty means njudge's `clock -1`
   * (the deadline is exactly `next` after processing). njudge has one clock; DPjudge's
   * `AT 12:00,23:30` gives several, and the deadline takes the first one not before the target.
   */
  readonly clocks: readonly number[];
  /** Earliest processing after the previous phase (njudge `min`). */
  readonly minimumMinutes: number;
  /** Deadline at least this long after the previous phase was processed (njudge `next`, DPjudge `NEXT`/`MOVE 3D`). */
  readonly nextMinutes: number;
  /** Grace period after the deadline (njudge `grace`, DPjudge `GRACE`). */
  readonly graceMinutes: number;
  /** Wait after the last orders before processing (njudge `delay`). */
  readonly delayMinutes: number;
  /**
   * Seven characters, Sunday to Saturday: the day's letter (S M T W T F S) allows deadlines that
   * day, the lower-case letter allows them from 12:00 on, `-` forbids them. njudge's meaning;
   * DPjudge's `DAYS` line is translated on parsing.
   */
  readonly days: string;
}

export interface Timing {
  readonly movement: PhaseTiming;
  readonly retreat: PhaseTiming;
  readonly adjustment: PhaseTiming;
  /** Reminders before the deadline (DPjudge `WARN 24H,4H`), longest first; empty means none. */
  readonly warnMinutes: readonly number[];
  /**
   * DPjudge's `FUDGE`: when a phase has clocks, the target `now + next` may move back by this
   * much to reach an earlier clock time. 0 is njudge's behaviour (hence its `next 71`).
   */
  readonly fudgeMinutes: number;
  /** The first deadline of a game with press gets twice the `next` (and `delay`): both judges do this. */
  readonly doubleFirstDeadlineWithPress: boolean;
}

export const PHASE_TYPES: readonly PhaseType[] = ['movement', 'retreat', 'adjustment'];

/** The letters of njudge's days string, Sunday first. */
export const DAY_LETTERS = 'SMTWTFS';

/** 23:30, njudge's default movement clock and its default time for a date written without one. */
export const DEFAULT_CLOCK = 1410;

const HOUR = 60;

/** njudge's shipped defaults (njudge.md §2, "Default timings"), DPjudge's 4-hour warning. */
export const DEFAULT_TIMING: Timing = {
  movement: { clocks: [DEFAULT_CLOCK], minimumMinutes: 12 * HOUR, nextMinutes: 71 * HOUR, graceMinutes: 167 * HOUR, delayMinutes: 30, days: '-MTWTF-' },
  retreat: { clocks: [], minimumMinutes: 0, nextMinutes: 23 * HOUR, graceMinutes: 71 * HOUR, delayMinutes: 30, days: '-mTWTF-' },
  adjustment: { clocks: [], minimumMinutes: 0, nextMinutes: 23 * HOUR, graceMinutes: 71 * HOUR, delayMinutes: 30, days: '-mTWTF-' },
  warnMinutes: [4 * HOUR],
  fudgeMinutes: 0,
  doubleFirstDeadlineWithPress: true,
};

export type DayRule = 'closed' | 'open' | 'afternoon';

/** What the days string says about one weekday (0 = Sunday). */
export function dayRule(days: string, weekday: number): DayRule {
  const letter = days[weekday] ?? '-';
  if (letter === '-') return 'closed';
  return letter === letter.toLowerCase() ? 'afternoon' : 'open';
}

/** The time a date written without one gets: the phase's first clock, or 23:30 (njudge's SET DEADLINE rule). */
export function defaultDeadlineClock(timing: Timing, phaseType: PhaseType): number {
  return timing[phaseType].clocks[0] ?? DEFAULT_CLOCK;
}
