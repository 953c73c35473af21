import { describe, expect, it } from 'vitest';
import { parseDate, parseDuration, parseTiming } from '../../src/schedule/index.ts';
import { at } from './helpers.ts';
import { worded } from '../support/schedule-words.ts';

// What a sender gets back for text that cannot be read: every message names the word.

const zone = 'Europe/Berlin';
const now = at('2004-01-07T12:00', zone);
const EXAMPLE = 'write e.g. Mon 12 Jan 2004 23:30, 12 Jan, Fri or 18:00';
const UNITS = 'write D, H or M (days, hours, minutes), e.g. 36H or 1D12H';

describe('malformed dates', () => {
  it.each<[string, string | null, string]>([
    ['', null, `no date given; ${EXAMPLE}`],
    ['Jnu 12', 'Jnu', `"Jnu" is not a date or time; ${EXAMPLE}`],
    ['12/01', '12/01', '"12/01" could be day/month or month/day; write the month as a word, e.g. 12 Jan'],
    ['32 Jan', '32', '"32" is not a day of the month (1–31)'],
    ['31 Apr', '31', '"31" is not a day of April, which has 30 days'],
    ['29 Feb 2005', '29', '"29" is not a day of February 2005, which has 28 days'],
    ['25:00', '25:00', '"25:00" is not a time of day (00:00–23:59)'],
    ['13:00pm', '13:00pm', '"13:00pm" is not a time: with am/pm the hour is 1–12'],
    ['Mon 13 Jan 2004', 'Mon', '"Mon" does not match 13 Jan 2004, which is a Tuesday'],
    ['Jan Feb', 'Feb', '"Feb" gives a second month; "Jan" already did'],
    ['12 13 Jan', '13', '"13" gives a second day; "12" already did (a time needs a colon, e.g. 13:00)'],
    ['10:00 18:00', '18:00', '"18:00" gives a second time; "10:00" already did'],
    ['2003-05-01', '2003-05-01', '"2003-05-01" is not in the future'],
    ['today 10:00', 'today 10:00', '"today 10:00" is not in the future'],
    ['tomorrow Fri', 'tomorrow', '"tomorrow" and "Fri" both name the day; write one of them'],
    ['2004-13-01', '2004-13-01', '"2004-13-01" has no month 13'],
    ['12 Jan +2500', '+2500', '"+2500" is not a UTC offset such as +0100 or -0500'],
    ['123 Jan', '123', '"123" is not a day (1–31), a year (2004) or a time (23:30)'],
    ['pm', 'pm', '"pm" needs a time before it, e.g. 11:30 pm'],
    ['Mon @ 5', '@', `"@" is not a date or time; ${EXAMPLE}`],
  ])('%j', (text, word, message) => {
    const result = parseDate(text, { now, zone, defaultTime: 1410 });
    expect(result.ok ? null : worded(result.error)).toMatchObject({ word, message });
  });
});

describe('malformed durations', () => {
  it.each<[string, string | null, string]>([
    ['', null, `no length of time given; ${UNITS}`],
    ['90', '90', '"90" needs a unit: 90D, 90H or 90M (days, hours, minutes)'],
    ['3X', 'X', `"X" is not a unit of time; ${UNITS}`],
    ['hours', 'hours', '"hours" needs a number before it, e.g. 2 hours'],
    ['2D 3D', 'D', '"3D" gives the days a second time'],
    ['5 hours 3 hrs', 'hrs', '"3hrs" gives the hours a second time'],
    ['1D!', '!', `"!" is not part of a length of time; ${UNITS}`],
    ['two days', 'two', `"two" is not a length of time; ${UNITS}`],
    ['1D 12', '12', '"12" needs a unit: 12D, 12H or 12M (days, hours, minutes)'],
    ['12H30', '30', '"30" needs a unit: 30D, 30H or 30M (days, hours, minutes)'],
    ['-1D', '-', `"-" is not part of a length of time; ${UNITS}`],
    ['1 day 2 fortnights', 'fortnights', `"fortnights" is not a unit of time; ${UNITS}`],
  ])('%j', (text, word, message) => {
    const result = parseDuration(text);
    expect(result.ok ? null : worded(result.error)).toMatchObject({ word, message });
  });
});

describe('malformed timings', () => {
  it.each<[string, string | null, string]>([
    ['', null, 'TIMING: no settings given; write e.g. TIMING NEXT 2D AT 12:00'],
    ['NEXXT 1D', 'NEXXT', 'TIMING: "NEXXT" is not a timing setting'],
    ['NEXT', 'NEXT', 'TIMING: NEXT needs a value, e.g. NEXT 2D'],
    ['GRACE DAYS -MTWTF-', 'GRACE', 'TIMING: GRACE needs a value, e.g. GRACE 3D'],
    ['NEXT 3X', 'X', `TIMING: NEXT 3X: "X" is not a unit of time; ${UNITS}`],
    ['AT 25:00', '25:00', 'TIMING: AT "25:00" is not a time of day: write 23:30, minutes after midnight (0–1439) such as 1410, or -1 for none'],
    ['MOVE CLOCK 1440', '1440', 'TIMING: CLOCK "1440" is not a time of day: write 23:30, minutes after midnight (0–1439) such as 1410, or -1 for none'],
    ['DAYS -MTWTF', '-MTWTF', 'TIMING: DAYS "-MTWTF" is not seven days, Sunday to Saturday, such as -MTWTF-'],
    ['DAYS -MXWTF-', '-MXWTF-', 'TIMING: DAYS "-MXWTF-" has "X" where T, t or - belongs (Sunday to Saturday, such as -MTWTF-)'],
    ['MOVE DAYS -------', '-------', 'TIMING: DAYS "-------" allows no day at all'],
    [
      'DAYS smtwtfs',
      'smtwtfs',
      'TIMING: DAYS "smtwtfs" allows no movement deadline (outside MOVE/RETREAT/ADJUST a lower-case day means no movement deadline that day)',
    ],
    ['START 6H', 'START', 'TIMING: "START" (DPjudge\'s day-boundary offset) is not supported'],
    ['MOVE', 'MOVE', 'TIMING: MOVE needs a length of time (MOVE 3D) or settings (MOVE NEXT 71 GRACE 167)'],
    ['WARN 24H,4X', 'X', `TIMING: WARN 4X: "X" is not a unit of time; ${UNITS}`],
    ['MOVE 3 days', 'days', 'TIMING: "3 days": write a length of time as one word, e.g. 3D'],
    ['NOT', 'NOT', 'TIMING: NOT needs dates, e.g. NOT 24 Dec-6 Jan'],
  ])('%j', (text, word, message) => {
    const result = parseTiming(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(worded(result.errors[0]!)).toMatchObject({ word, message });
  });
});
