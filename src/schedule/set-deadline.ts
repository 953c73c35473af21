import type { PhaseType } from '../engine/types.ts';
import { applyGraceDays } from './days.ts';
import { scheduleError, type ScheduleError } from './errors.ts';
import { addCalendarDays, dateOf, resolveWallTime, toDateTime, zoneFor } from './local-time.ts';
import type { Duration } from './parse-duration.ts';
import type { Timing } from './timing.ts';

// Changing the deadline of the phase in progress, all as pure functions of the current state.
// - SET DEADLINE (njudge): the deadline may move earlier; if the grace would end less than `grace`
//   after the new deadline it becomes deadline + grace with the days rule; start is at most the
//   new deadline. Under DPjudge's PLAYER_DEADLINES a player may only extend it.
// - SET GRACE: never before the deadline.
// - The Mafia tracker's "DEADLINE MOVED 1D 12H LATER|EARLIER": deadline and grace move together;
//   days are calendar days in the game's zone (the wall time stays, as the tracker's DST-aware
//   schedules do), hours and minutes are elapsed time. Never into the past.
// - "… HAS ENDED EARLY": the deadline becomes now.

export interface DeadlineState {
  readonly deadline: Date;
  readonly grace: Date;
  /** The earliest the phase may be processed. */
  readonly start: Date;
}

export interface DeadlineChangeContext {
  readonly timing: Timing;
  readonly phaseType: PhaseType;
  readonly zone: string;
  readonly now: Date;
  readonly strictGrace?: boolean;
  /** A player under PLAYER_DEADLINES: the deadline may only move later. */
  readonly extendOnly?: boolean;
}

export type DeadlineStateResult = { readonly ok: true; readonly state: DeadlineState } | { readonly ok: false; readonly error: ScheduleError };

const MINUTE_MS = 60_000;

function earlier(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

export function setDeadline(state: DeadlineState, deadline: Date, context: DeadlineChangeContext): DeadlineStateResult {
  const zone = zoneFor(context.zone);
  if (deadline.getTime() <= context.now.getTime()) {
    return { ok: false, error: scheduleError('in-past', null, { kind: 'deadline-not-future', deadline: { instant: deadline, zone: context.zone } }) };
  }
  if (context.extendOnly === true && deadline.getTime() < state.deadline.getTime()) {
    return {
      ok: false,
      error: scheduleError('not-allowed', null, { kind: 'extend-only', deadline: { instant: state.deadline, zone: context.zone } }),
    };
  }
  const phase = context.timing[context.phaseType];
  const minimumGrace = deadline.getTime() + phase.graceMinutes * MINUTE_MS;
  let grace = state.grace;
  if (grace.getTime() < minimumGrace) {
    const raw = toDateTime(new Date(minimumGrace), zone);
    grace = (context.strictGrace === true ? raw : applyGraceDays(raw, phase.days, zone)).toJSDate();
  }
  return { ok: true, state: { deadline, grace, start: earlier(state.start, deadline) } };
}

export function setGrace(state: DeadlineState, grace: Date, context: { readonly zone: string }): DeadlineStateResult {
  if (grace.getTime() < state.deadline.getTime()) {
    return {
      ok: false,
      error: scheduleError('bad-value', null, {
        kind: 'grace-before-deadline',
        grace: { instant: grace, zone: context.zone },
        deadline: { instant: state.deadline, zone: context.zone },
      }),
    };
  }
  return { ok: true, state: { ...state, grace } };
}

export interface DeadlineMove {
  readonly direction: 'later' | 'earlier';
  readonly duration: Duration;
}

/** Shifts an instant by a duration: days on the calendar of the zone, the rest as elapsed time. */
export function shiftInstant(instant: Date, duration: Duration, direction: 'later' | 'earlier', zoneName: string): Date {
  const zone = zoneFor(zoneName);
  const sign = direction === 'later' ? 1 : -1;
  const local = toDateTime(instant, zone);
  const date = addCalendarDays(dateOf(local), sign * duration.days);
  const sameWallTime = resolveWallTime({ ...date, hour: local.hour, minute: local.minute, second: local.second }, zone);
  const elapsed = (duration.hours * 60 + duration.minutes) * MINUTE_MS;
  return new Date(sameWallTime.toMillis() + local.millisecond + sign * elapsed);
}

export function moveDeadline(state: DeadlineState, move: DeadlineMove, context: { readonly zone: string; readonly now: Date }): DeadlineStateResult {
  const deadline = shiftInstant(state.deadline, move.duration, move.direction, context.zone);
  if (deadline.getTime() <= context.now.getTime()) {
    return {
      ok: false,
      error: scheduleError('in-past', null, { kind: 'moved-into-past', deadline: { instant: deadline, zone: context.zone } }),
    };
  }
  const grace = shiftInstant(state.grace, move.duration, move.direction, context.zone);
  return { ok: true, state: { deadline, grace, start: earlier(state.start, deadline) } };
}

/** The Mafia tracker's "DAY … HAS ENDED EARLY": the phase is due now; the grace stays. */
export function endPhaseNow(state: DeadlineState, now: Date): DeadlineState {
  return { deadline: now, grace: state.grace.getTime() < now.getTime() ? now : state.grace, start: earlier(state.start, now) };
}
