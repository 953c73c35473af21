import type { DateTime, Zone } from 'luxon';
import type { ScheduleProblem } from './errors.ts';
import { addCalendarDays, atMinuteOfDay, dateOf, resolveWallTime, weekdayIndex } from './local-time.ts';
import { DAY_LETTERS, dayRule } from './timing.ts';

// njudge's days rule, applied to a candidate deadline or grace in the game's zone.

/** njudge tries at most eight days, so a days string that allows none cannot loop forever. */
const MAX_DAY_TRIES = 8;
const NOON = 12 * 60;

export type DaysCheck = { readonly ok: true; readonly days: string } | { readonly ok: false; readonly problem: ScheduleProblem };

/** A days string: seven characters, each `-` or that weekday's letter in either case, at least one day allowed. */
export function checkDays(text: string): DaysCheck {
  if (text.length !== 7) return { ok: false, problem: { kind: 'days-length', text } };
  for (let index = 0; index < 7; index++) {
    const letter = text[index]!;
    const expected = DAY_LETTERS[index]!;
    if (letter !== '-' && letter.toUpperCase() !== expected) {
      return { ok: false, problem: { kind: 'days-letter', text, letter, expected } };
    }
  }
  if (text === '-------') return { ok: false, problem: { kind: 'days-none', text } };
  return { ok: true, days: text };
}

/** Deadline rule: a closed day moves to the next day at 00:00; a lower-case day moves a morning time to 12:00. */
export function applyDeadlineDays(candidate: DateTime, days: string, zone: Zone): DateTime {
  let moment = candidate;
  for (let tries = 0; tries < MAX_DAY_TRIES; tries++) {
    const rule = dayRule(days, weekdayIndex(dateOf(moment)));
    if (rule === 'closed') {
      moment = resolveWallTime(atMinuteOfDay(addCalendarDays(dateOf(moment), 1), 0), zone);
      continue;
    }
    if (rule === 'afternoon' && moment.hour < 12) moment = resolveWallTime(atMinuteOfDay(dateOf(moment), NOON), zone);
    break;
  }
  return moment;
}

/** Grace rule: like the deadline rule, but a closed day keeps the time of day (njudge). */
export function applyGraceDays(candidate: DateTime, days: string, zone: Zone): DateTime {
  let moment = candidate;
  for (let tries = 0; tries < MAX_DAY_TRIES; tries++) {
    const rule = dayRule(days, weekdayIndex(dateOf(moment)));
    if (rule === 'closed') {
      const next = addCalendarDays(dateOf(moment), 1);
      moment = resolveWallTime({ ...next, hour: moment.hour, minute: moment.minute, second: moment.second }, zone);
      continue;
    }
    if (rule === 'afternoon' && moment.hour < 12) moment = resolveWallTime(atMinuteOfDay(dateOf(moment), NOON), zone);
    break;
  }
  return moment;
}
