import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIMING,
  endPhaseNow,
  moveDeadline,
  parseMasterTimeLine,
  setDeadline,
  setGrace,
  shiftInstant,
  type DeadlineState,
} from '../../src/schedule/index.ts';
import { at, wall } from './helpers.ts';
import { worded } from '../support/schedule-words.ts';
import { scheduleErrorText } from '../../src/render/schedule-errors.ts';

const zone = 'UTC';
const state: DeadlineState = { deadline: at('2004-01-19T23:30', zone), grace: at('2004-01-26T22:30', zone), start: at('2004-01-15T22:30', zone) };
const context = { timing: DEFAULT_TIMING, phaseType: 'movement' as const, zone, now: at('2004-01-15T12:00', zone) };

describe('setDeadline (njudge SET DEADLINE)', () => {
  it('may move the deadline earlier; a later grace stays; start is at most the deadline', () => {
    const result = setDeadline(state, at('2004-01-16T20:00', zone), context);
    expect(result).toEqual({ ok: true, state: { deadline: at('2004-01-16T20:00', zone), grace: state.grace, start: state.start } });
    const soon = setDeadline(state, at('2004-01-15T18:00', zone), context);
    expect(soon.ok && soon.state.start).toEqual(at('2004-01-15T18:00', zone));
  });

  it('a later deadline pushes the grace to deadline + grace, with the days rule', () => {
    const friday = setDeadline(state, at('2004-01-23T23:30', zone), context);
    expect(friday.ok && wall(friday.state.grace, zone)).toBe('2004-01-30 22:30 +00:00 Fri');
    // Sat 24 23:30 + 167 h = Sat 31 22:30: weekend → Mon 2 Feb 22:30.
    const saturday = setDeadline(state, at('2004-01-24T23:30', zone), context);
    expect(saturday.ok && wall(saturday.state.grace, zone)).toBe('2004-02-02 22:30 +00:00 Mon');
    const strict = setDeadline(state, at('2004-01-24T23:30', zone), { ...context, strictGrace: true });
    expect(strict.ok && wall(strict.state.grace, zone)).toBe('2004-01-31 22:30 +00:00 Sat');
  });

  it('refuses the past, and an earlier deadline from a player (PLAYER_DEADLINES extends only)', () => {
    const past = setDeadline(state, at('2004-01-15T11:00', zone), context);
    expect(past.ok ? null : worded(past.error)).toMatchObject({ code: 'in-past', message: 'the deadline Thu 15 Jan 2004 11:00 is not in the future' });
    const shorter = setDeadline(state, at('2004-01-18T23:30', zone), { ...context, extendOnly: true });
    expect(shorter.ok ? null : worded(shorter.error)).toMatchObject({
      code: 'not-allowed',
      message: 'players may only extend the deadline, which is Mon 19 Jan 2004 23:30',
    });
    expect(setDeadline(state, at('2004-01-20T23:30', zone), { ...context, extendOnly: true }).ok).toBe(true);
  });
});

describe('setGrace', () => {
  it('not before the deadline', () => {
    expect(setGrace(state, at('2004-01-30T12:00', zone), { zone })).toEqual({ ok: true, state: { ...state, grace: at('2004-01-30T12:00', zone) } });
    const early = setGrace(state, at('2004-01-19T12:00', zone), { zone });
    expect(early.ok ? null : scheduleErrorText(early.error)).toBe(
      'the grace period cannot end (Mon 19 Jan 2004 12:00) before the deadline (Mon 19 Jan 2004 23:30)',
    );
  });
});

describe('the Mafia tracker: DEADLINE MOVED … LATER|EARLIER, … HAS ENDED EARLY', () => {
  const berlin = 'Europe/Berlin';

  it('moves deadline and grace together', () => {
    const moved = moveDeadline(state, { direction: 'later', duration: { days: 1, hours: 12, minutes: 0 } }, { zone, now: context.now });
    expect(moved).toEqual({ ok: true, state: { deadline: at('2004-01-21T11:30', zone), grace: at('2004-01-28T10:30', zone), start: state.start } });
  });

  it('days keep the wall time across DST; hours are elapsed time', () => {
    const saturday = at('2024-03-30T23:30', berlin);
    expect(wall(shiftInstant(saturday, { days: 1, hours: 0, minutes: 0 }, 'later', berlin), berlin)).toBe('2024-03-31 23:30 +02:00 Sun');
    expect(wall(shiftInstant(saturday, { days: 0, hours: 24, minutes: 0 }, 'later', berlin), berlin)).toBe('2024-04-01 00:30 +02:00 Mon');
    expect(wall(shiftInstant(saturday, { days: 1, hours: 12, minutes: 0 }, 'later', berlin), berlin)).toBe('2024-04-01 11:30 +02:00 Mon');
    expect(wall(shiftInstant(at('2024-04-01T23:30', berlin), { days: 2, hours: 0, minutes: 30 }, 'earlier', berlin), berlin)).toBe(
      '2024-03-30 23:00 +01:00 Sat',
    );
  });

  it('never into the past (the tracker refuses)', () => {
    const result = moveDeadline(state, { direction: 'earlier', duration: { days: 5, hours: 0, minutes: 0 } }, { zone, now: context.now });
    expect(result.ok ? null : worded(result.error)).toMatchObject({
      code: 'in-past',
      message: 'moving the deadline to Wed 14 Jan 2004 23:30 would put it in the past',
    });
  });

  it('from the parsed line to the new state', () => {
    const line = parseMasterTimeLine('The deadline for Day 2 has been MOVED 1D 12H later.');
    expect(line.ok && line.command).toEqual({ kind: 'deadline-moved', direction: 'later', duration: { days: 1, hours: 12, minutes: 0 } });
    if (!line.ok || line.command?.kind !== 'deadline-moved') return;
    const moved = moveDeadline(state, line.command, { zone, now: context.now });
    expect(moved.ok && wall(moved.state.deadline, zone)).toBe('2004-01-21 11:30 +00:00 Wed');
  });

  it('ending a phase early makes the deadline now', () => {
    const now = at('2004-01-17T10:00', zone);
    expect(endPhaseNow(state, now)).toEqual({ deadline: now, grace: state.grace, start: state.start });
    expect(endPhaseNow(state, at('2004-01-27T10:00', zone)).grace).toEqual(at('2004-01-27T10:00', zone));
  });
});
