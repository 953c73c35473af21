import { hasRule, type Game } from '../model.ts';

// When a game that is late is looked at (njudge.md §2, PROCESS): once a day, at grace's time of
// day, and the day late powers are abandoned.

const DAY_MS = 86_400_000;

/** The next time a late game is looked at: grace − k·24 h, the earliest such instant after now (now once grace has passed). */
export function nextLateCheck(grace: Date, now: Date): Date {
  const left = grace.getTime() - now.getTime();
  if (left <= 0) return now;
  return new Date(grace.getTime() - (Math.ceil(left / DAY_MS) - 1) * DAY_MS);
}

/** When late powers are declared abandoned (T_ab): a day before grace in CIVIL_DISORDER games, at grace otherwise. */
export function abandonmentTime(game: Pick<Game, 'rules'>, grace: Date): Date {
  return hasRule(game, 'CIVIL_DISORDER') ? new Date(grace.getTime() - DAY_MS) : grace;
}
