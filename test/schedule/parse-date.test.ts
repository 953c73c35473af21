import { describe, expect, it } from 'vitest';
import { formatPlayerDeadline, parseDate, type DateContext, type ParsedDate } from '../../src/schedule/index.ts';
import { at, wall } from './helpers.ts';
import { worded } from '../support/schedule-words.ts';
import { scheduleErrorText } from '../../src/render/schedule-errors.ts';

const zone = 'Europe/Berlin';
// Wednesday 7 January 2004, noon, Berlin.
const now = at('2004-01-07T12:00', zone);
const deadlineContext: DateContext = { now, zone, defaultTime: 1410 };

function read(text: string, context: Partial<DateContext> = {}): ParsedDate {
  const result = parseDate(text, { ...deadlineContext, ...context });
  if (!result.ok) throw new Error(scheduleErrorText(result.error));
  return result.date;
}

function shown(text: string, context: Partial<DateContext> = {}): string {
  return wall(read(text, context).instant, context.zone ?? zone);
}

describe('parseDate: njudge elements in any order', () => {
  it.each([
    'Mon Jan 12 2004 23:30',
    '12 Jan 23:30',
    'Jan 12 23:30',
    '23:30 12 Jan',
    'Jan 23:30 12',
    'Monday 12 January 2004 23:30',
    '2004 Jan 12 23:30',
    'Mon, Jan 12, 2004 23:30',
    '12th Jan 23:30',
    '12. Jan. 23:30',
    'Mon Jan 12 2004 11:30pm',
    'Mon Jan 12 2004 11:30 PM',
    '2004-01-12 23:30',
    '2004-01-12T23:30',
    '200401122330',
    'on Monday 12 Jan at 23:30',
  ])('%s → Mon 12 Jan 2004 23:30', (text) => {
    expect(shown(text)).toBe('2004-01-12 23:30 +01:00 Mon');
  });

  it('reads njudge deadline lines back, offset included', () => {
    expect(read('Mon Jan 12 2004 23:30:00 +0100').instant.toISOString()).toBe('2004-01-12T22:30:00.000Z');
    expect(read('Mon Jan 12 2004 23:30:00 +0000').instant.toISOString()).toBe('2004-01-12T23:30:00.000Z');
    expect(read('Mon Nov 17 2003 23:31:03 -0600', { now: at('2003-11-01T00:00', zone) }).instant.toISOString()).toBe('2003-11-18T05:31:03.000Z');
    expect(read('2004-01-12T23:30+01:00').instant.toISOString()).toBe('2004-01-12T22:30:00.000Z');
    expect(read('12 Jan 23:30 UTC').instant.toISOString()).toBe('2004-01-12T23:30:00.000Z');
  });

  it('reads the player form back, IANA zone in parentheses', () => {
    const deadline = at('2004-01-12T23:30', zone);
    const text = formatPlayerDeadline(deadline, 'America/New_York');
    expect(text).toBe('Mon Jan 12 2004 17:30:00 -0500 (America/New_York)');
    const back = read(text);
    expect(back.instant).toEqual(deadline);
    expect(back.zone).toBe('America/New_York');
  });

  it('an offset picks one of a doubled hour; a named zone must agree with it', () => {
    const autumn = at('2024-10-01T12:00', zone);
    expect(read('Sun Oct 27 2024 02:30:00 +0200 (Europe/Berlin)', { now: autumn }).instant.toISOString()).toBe('2024-10-27T00:30:00.000Z');
    expect(read('Sun Oct 27 2024 02:30:00 +0100 (Europe/Berlin)', { now: autumn }).instant.toISOString()).toBe('2024-10-27T01:30:00.000Z');
    const wrong = parseDate('Mon Jan 12 2004 17:30:00 -0400 (America/New_York)', deadlineContext);
    expect(wrong.ok ? null : worded(wrong.error)).toMatchObject({
      code: 'conflict',
      word: '-0400',
      message: '"-0400" is not the offset of America/New_York on 12 Jan 2004 (-0500)',
    });
  });

  it('a two-digit year after the month (DPjudge)', () => {
    expect(shown('12 Jan 04 23:30')).toBe('2004-01-12 23:30 +01:00 Mon');
    expect(shown('Mon 12 Jan 04')).toBe('2004-01-12 23:30 +01:00 Mon');
  });
});

describe('parseDate: what is left out is the first match after now (DPjudge SET DEADLINE)', () => {
  it('no time: the default time (the phase clock)', () => {
    expect(shown('12 Jan')).toBe('2004-01-12 23:30 +01:00 Mon');
    expect(shown('12 Jan', { defaultTime: 720 })).toBe('2004-01-12 12:00 +01:00 Mon');
  });

  it('only a time: today if still ahead, else tomorrow', () => {
    expect(shown('18:00')).toBe('2004-01-07 18:00 +01:00 Wed');
    expect(shown('10:00')).toBe('2004-01-08 10:00 +01:00 Thu');
    expect(shown('12:00')).toBe('2004-01-08 12:00 +01:00 Thu');
  });

  it('a weekday: the next one, today included when its time is ahead', () => {
    expect(shown('Fri')).toBe('2004-01-09 23:30 +01:00 Fri');
    expect(shown('Mon 18:00')).toBe('2004-01-12 18:00 +01:00 Mon');
    expect(shown('Wed')).toBe('2004-01-07 23:30 +01:00 Wed');
    expect(shown('Wed 10:00')).toBe('2004-01-14 10:00 +01:00 Wed');
  });

  it('a day of the month: this month from today on, else the next month that has it', () => {
    expect(shown('15')).toBe('2004-01-15 23:30 +01:00 Thu');
    expect(shown('5')).toBe('2004-02-05 23:30 +01:00 Thu');
    expect(shown('7')).toBe('2004-01-07 23:30 +01:00 Wed');
    expect(shown('7 11:00')).toBe('2004-02-07 11:00 +01:00 Sat');
    expect(shown('31', { now: at('2004-04-01T12:00', zone) })).toBe('2004-05-31 23:30 +02:00 Mon');
  });

  it('a month: its first day, or today in the current month (njudge)', () => {
    expect(shown('Feb')).toBe('2004-02-01 23:30 +01:00 Sun');
    expect(shown('Jan')).toBe('2004-01-07 23:30 +01:00 Wed');
  });

  it('no year: this year or the next, never the past', () => {
    const december = at('2003-12-20T12:00', zone);
    expect(shown('6 Jan', { now: december })).toBe('2004-01-06 23:30 +01:00 Tue');
    expect(shown('24 Dec', { now: december })).toBe('2003-12-24 23:30 +01:00 Wed');
    expect(shown('29 Feb', { now: at('2005-01-10T12:00', zone) })).toBe('2008-02-29 23:30 +01:00 Fri');
  });

  it('today and tomorrow', () => {
    expect(shown('tomorrow 18:00')).toBe('2004-01-08 18:00 +01:00 Thu');
    expect(shown('today')).toBe('2004-01-07 23:30 +01:00 Wed');
    expect(parseDate('today 10:00', deadlineContext).ok).toBe(false);
  });

  it('reports whether a date and a time were written', () => {
    expect(read('18:00')).toMatchObject({ timeGiven: true, dateGiven: false, zone });
    expect(read('Fri')).toMatchObject({ timeGiven: false, dateGiven: true });
  });

  it('is read in the zone given: the same words mean another instant in New York', () => {
    expect(read('12 Jan 23:30', { zone: 'America/New_York' }).instant.toISOString()).toBe('2004-01-13T04:30:00.000Z');
  });
});

describe('parseDate: from today (absences)', () => {
  it('today counts even though its time has passed', () => {
    expect(shown('7 Jan', { defaultTime: 0, earliest: 'from-today' })).toBe('2004-01-07 00:00 +01:00 Wed');
    expect(shown('Wed', { defaultTime: 0, earliest: 'from-today' })).toBe('2004-01-07 00:00 +01:00 Wed');
    expect(parseDate('6 Jan 2004', { ...deadlineContext, defaultTime: 0, earliest: 'from-today' }).ok).toBe(false);
  });
});

describe('parseDate across DST', () => {
  it('a wall time in the spring gap is the end of the gap; one in the overlap the earlier instant', () => {
    const spring = at('2024-03-01T12:00', zone);
    expect(shown('31 Mar 2024 02:30', { now: spring })).toBe('2024-03-31 03:00 +02:00 Sun');
    expect(read('27 Oct 2024 02:30', { now: spring }).instant.toISOString()).toBe('2024-10-27T00:30:00.000Z');
    expect(shown('31 Mar 2024', { now: spring })).toBe('2024-03-31 23:30 +02:00 Sun');
  });
});
