import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIMING,
  formatDeadline,
  nextDeadline,
  parseAbsence,
  parseTiming,
  warningTimes,
  type Absence,
  type NextDeadlineInput,
  type Timing,
} from '../../src/schedule/index.ts';
import { at, wall } from './helpers.ts';
import { scheduleErrorText, scheduleErrorsText } from '../../src/render/schedule-errors.ts';

function timing(text: string): Timing {
  const parsed = parseTiming(text);
  if (!parsed.ok) throw new Error(scheduleErrorsText(parsed.errors));
  return parsed.timing;
}

function absence(from: string, to: string | null, now: Date, zone: string): Absence {
  const parsed = parseAbsence(from, to, { now, zone });
  if (!parsed.ok) throw new Error(scheduleErrorText(parsed.error));
  return parsed.absence;
}

// njudge.md §2, "Worked example (run)", default timings. njudge ran in the judge's local time and
// printed only weekdays and dates; 5 January falls on a Monday in 2004 (also 2009 and 2015), and
// 2004 is the year of the manual's examples, so the example is replayed in January and February
// 2004. No zone has a DST change then, so the result is the same in any zone: we run it in UTC
// (what our renderers' examples show), Europe/Berlin and America/Chicago (the manual's -0600 judge).
describe.each([
  ['UTC', '+0000'],
  ['Europe/Berlin', '+0100'],
  ['America/Chicago', '-0600'],
])('njudge worked example in %s', (zone, offset) => {
  const started = at('2004-01-05T17:00', zone);
  const first = nextDeadline({ timing: DEFAULT_TIMING, phaseType: 'movement', zone, now: started, previousDeadline: null, firstOfGame: true, hasPress: true });

  it('starts Mon 5 Jan 17:00 with press: first deadline Mon 12 Jan 23:30, grace Mon 19 Jan 22:30', () => {
    expect(new Date(Date.UTC(2004, 0, 5)).getUTCDay()).toBe(1);
    expect(formatDeadline(first.deadline, zone)).toBe(`Mon Jan 12 2004 23:30:00 ${offset}`);
    expect(formatDeadline(first.grace, zone)).toBe(`Mon Jan 19 2004 22:30:00 ${offset}`);
    // The doubled next (142 h) ends Sun 11 Jan 15:00; 23:30 that Sunday is a closed day, so Monday.
    expect(first.delayMinutes).toBe(60);
    expect(first.start).toEqual(at('2004-01-06T05:00', zone));
  });

  it('a turn processed Thu 15 Jan 10:30 gets Mon 19 Jan 23:30', () => {
    const second = nextDeadline({
      timing: DEFAULT_TIMING,
      phaseType: 'movement',
      zone,
      now: at('2004-01-15T10:30', zone),
      previousDeadline: first.deadline,
      previousGrace: first.grace,
    });
    expect(formatDeadline(second.deadline, zone)).toBe(`Mon Jan 19 2004 23:30:00 ${offset}`);
    expect(formatDeadline(second.grace, zone)).toBe(`Mon Jan 26 2004 22:30:00 ${offset}`);
    expect(second.delayMinutes).toBe(30);
    expect(second.absencesApplied).toEqual([]);
  });

  it('builds processed Tue 27 Jan 09:31 during an absence 28 Jan – 3 Feb get Wed 4 Feb 23:30', () => {
    // Our assumption for the phase before: the fall turn processed Mon 26 Jan 10:31 gives the
    // adjustment phase (clock -1, next 23) the deadline Tue 27 Jan 09:31, when the builds ran.
    const builds = nextDeadline({
      timing: DEFAULT_TIMING,
      phaseType: 'adjustment',
      zone,
      now: at('2004-01-26T10:31', zone),
      previousDeadline: at('2004-01-19T23:30', zone),
    });
    expect(formatDeadline(builds.deadline, zone)).toBe(`Tue Jan 27 2004 09:31:00 ${offset}`);

    const processed = at('2004-01-27T09:31', zone);
    const away = absence('28 Jan', '3 Feb', processed, zone);
    expect(wall(away.start, zone)).toMatch(/^2004-01-28 00:00/);
    expect(wall(away.end, zone)).toMatch(/^2004-02-03 23:59/);
    const spring = nextDeadline({ timing: DEFAULT_TIMING, phaseType: 'movement', zone, now: processed, previousDeadline: builds.deadline, absences: [away] });
    expect(formatDeadline(spring.deadline, zone)).toBe(`Wed Feb 04 2004 23:30:00 ${offset}`);
    // "Requested absence(s) activated".
    expect(spring.absencesApplied).toEqual([away]);
  });
});

describe('nextDeadline, the njudge rules one by one (UTC, January 2004)', () => {
  const zone = 'UTC';
  const run = (input: Partial<NextDeadlineInput> & Pick<NextDeadlineInput, 'now'>) =>
    nextDeadline({ timing: DEFAULT_TIMING, phaseType: 'movement', zone, previousDeadline: null, ...input });

  it('without press the first deadline is not doubled: Mon 17:00 + 71 h → Thu 23:30', () => {
    const result = run({ now: at('2004-01-05T17:00', zone), firstOfGame: true, hasPress: false });
    expect(wall(result.deadline, zone)).toBe('2004-01-08 23:30 +00:00 Thu');
    expect(result.delayMinutes).toBe(30);
  });

  it('the doubling can be switched off in the timing', () => {
    const result = run({
      timing: { ...DEFAULT_TIMING, doubleFirstDeadlineWithPress: false },
      now: at('2004-01-05T17:00', zone),
      firstOfGame: true,
      hasPress: true,
    });
    expect(wall(result.deadline, zone)).toBe('2004-01-08 23:30 +00:00 Thu');
  });

  it('snaps to the clock on the same day, or the next day once past it (why next is 71, not 72)', () => {
    expect(wall(run({ now: at('2004-01-05T23:35', zone) }).deadline, zone)).toBe('2004-01-08 23:30 +00:00 Thu');
    const seventyTwo = timing('MOVE NEXT 72');
    expect(wall(run({ timing: seventyTwo, now: at('2004-01-05T23:35', zone) }).deadline, zone)).toBe('2004-01-09 23:30 +00:00 Fri');
    expect(wall(run({ now: at('2004-01-05T00:30', zone) }).deadline, zone)).toBe('2004-01-07 23:30 +00:00 Wed');
  });

  it('keeps a time exactly on the clock', () => {
    expect(wall(run({ now: at('2004-01-05T00:30', zone), timing: timing('MOVE NEXT 71 CLOCK 1410') }).deadline, zone)).toBe('2004-01-07 23:30 +00:00 Wed');
    expect(wall(run({ now: at('2004-01-05T00:30', zone), timing: timing('MOVE NEXT 71 CLOCK 23:30') }).deadline, zone)).toBe('2004-01-07 23:30 +00:00 Wed');
  });

  it('skips closed days to the next allowed one', () => {
    // Wed 7 Jan 10:00 + 71 h = Sat 10 09:00 → Sat 23:30 is closed → Sun 00:00 closed → Mon 00:00 → Mon 23:30.
    expect(wall(run({ now: at('2004-01-07T10:00', zone) }).deadline, zone)).toBe('2004-01-12 23:30 +00:00 Mon');
  });

  it('a lower-case day moves a morning deadline to 12:00 (retreats: -mTWTF-)', () => {
    const retreat = (now: Date) => run({ phaseType: 'retreat', now }).deadline;
    expect(wall(retreat(at('2004-01-11T10:00', zone)), zone)).toBe('2004-01-12 12:00 +00:00 Mon');
    expect(wall(retreat(at('2004-01-11T14:00', zone)), zone)).toBe('2004-01-12 13:00 +00:00 Mon');
    // Fri 10:00 + 23 h = Sat 09:00: Saturday and Sunday are closed, Monday 00:00 is before noon.
    expect(wall(retreat(at('2004-01-09T10:00', zone)), zone)).toBe('2004-01-12 12:00 +00:00 Mon');
    // Without a clock the deadline keeps the seconds of the processing time, as njudge's did.
    expect(wall(retreat(at('2004-01-06T10:00:27', zone)), zone)).toBe('2004-01-07 09:00 +00:00 Wed');
    expect(retreat(at('2004-01-06T10:00:27', zone)).getUTCSeconds()).toBe(27);
  });

  it('a lower-case day with a clock before noon waits for the next day with that clock', () => {
    const morning = timing('RETREAT CLOCK 10:00 NEXT 1D DAYS -mTWTF-');
    // Sun 10:30 + 24 h = Mon 10:30 → clock → Tue 10:00 (Mon's 10:00 has passed).
    expect(wall(run({ phaseType: 'retreat', timing: morning, now: at('2004-01-11T10:30', zone) }).deadline, zone)).toBe('2004-01-13 10:00 +00:00 Tue');
    // Sun 08:00 + 24 h = Mon 08:00 → clock Mon 10:00 → lower case → 12:00 → round 2: clock → Tue 10:00.
    expect(wall(run({ phaseType: 'retreat', timing: morning, now: at('2004-01-11T08:00', zone) }).deadline, zone)).toBe('2004-01-13 10:00 +00:00 Tue');
  });

  it('never sets a deadline earlier than the previous one', () => {
    const extended = at('2004-01-26T23:30', zone);
    const result = run({ now: at('2004-01-08T10:00', zone), previousDeadline: extended });
    expect(result.deadline).toEqual(extended);
  });

  it('snaps a manually set previous deadline onto the clock', () => {
    const manual = at('2004-01-20T15:00', zone);
    expect(wall(run({ now: at('2004-01-08T10:00', zone), previousDeadline: manual }).deadline, zone)).toBe('2004-01-20 23:30 +00:00 Tue');
  });

  it('pushes the deadline past absences, one after the other, and reports which ones', () => {
    const now = at('2004-01-05T10:00', zone);
    const first = absence('8 Jan', '9 Jan', now, zone);
    const second = absence('12 Jan', '13 Jan', now, zone);
    const elsewhere = absence('20 Jan', null, now, zone);
    const result = run({ now, absences: [elsewhere, second, first] });
    // Thu 8 23:30 is inside the first: its end, Fri 9 23:59. Next round: Sat 23:30 is closed →
    // Mon 12 00:00, inside the second → Tue 13 23:59. Next round: Wed 14 23:30.
    expect(wall(result.deadline, zone)).toBe('2004-01-14 23:30 +00:00 Wed');
    expect(result.absencesApplied).toEqual([first, second]);
  });

  it('a deadline may fall exactly at the end of an absence', () => {
    const now = at('2004-01-05T10:00', zone);
    const away = { start: at('2004-01-08T00:00', zone), end: at('2004-01-08T23:30', zone) };
    const result = run({ now, absences: [away] });
    expect(wall(result.deadline, zone)).toBe('2004-01-08 23:30 +00:00 Thu');
    expect(result.absencesApplied).toEqual([]);
  });

  it('start is now + min; grace never earlier than the previous grace', () => {
    const now = at('2004-01-05T10:00', zone);
    const late = at('2004-03-01T00:00', zone);
    const result = run({ now, previousGrace: late });
    expect(result.start).toEqual(at('2004-01-05T22:00', zone));
    expect(result.grace).toEqual(late);
  });

  it('the grace day rule keeps the time of day; StrictGrace switches it off', () => {
    // Thu 8 Jan 23:30 + 71 h = Sun 11 22:30: Sunday is closed, so Mon 12 22:30.
    const shortGrace = timing('MOVE GRACE 71');
    const now = at('2004-01-05T10:00', zone);
    expect(wall(run({ timing: shortGrace, now }).grace, zone)).toBe('2004-01-12 22:30 +00:00 Mon');
    expect(wall(run({ timing: shortGrace, now, strictGrace: true }).grace, zone)).toBe('2004-01-11 22:30 +00:00 Sun');
  });

  it('several clocks (DPjudge AT 12:00,23:30): the first one not before the target', () => {
    const twice = timing('AT 12:00,23:30 NEXT 1D DAYS SMTWTFS');
    const retreat = (now: Date) => wall(run({ phaseType: 'retreat', timing: twice, now }).deadline, zone);
    expect(retreat(at('2004-01-05T10:00', zone))).toBe('2004-01-06 12:00 +00:00 Tue');
    expect(retreat(at('2004-01-05T13:00', zone))).toBe('2004-01-06 23:30 +00:00 Tue');
    expect(retreat(at('2004-01-05T23:45', zone))).toBe('2004-01-07 12:00 +00:00 Wed');
  });

  it('DPjudge FUDGE lets MOVE 3D AT 23:30 keep the third day when processing ran late', () => {
    const plain = timing('AT 23:30 MOVE 3D');
    const fudged = timing('AT 23:30 MOVE 3D FUDGE 8H');
    const now = at('2004-01-05T23:35', zone);
    expect(wall(run({ timing: plain, now }).deadline, zone)).toBe('2004-01-09 23:30 +00:00 Fri');
    expect(wall(run({ timing: fudged, now }).deadline, zone)).toBe('2004-01-08 23:30 +00:00 Thu');
  });

  it('stops after eight tries when the days string allows no day (njudge guard)', () => {
    const closed: Timing = { ...DEFAULT_TIMING, movement: { ...DEFAULT_TIMING.movement, days: '-------' } };
    const result = run({ timing: closed, now: at('2004-01-05T10:00', zone) });
    expect(result.deadline.getTime()).toBeGreaterThan(at('2004-01-05T10:00', zone).getTime());
  });

  it('reminders: WARN 24H,4H before the deadline, earliest first', () => {
    const deadline = at('2004-01-12T23:30', zone);
    expect(warningTimes(deadline, timing('WARN 4H,24H')).map((moment) => wall(moment, zone))).toEqual([
      '2004-01-11 23:30 +00:00 Sun',
      '2004-01-12 19:30 +00:00 Mon',
    ]);
    expect(warningTimes(deadline, timing('WARN 0'))).toEqual([]);
  });
});

describe('nextDeadline across DST changes', () => {
  const everyDay = (clock: string, next: string) => timing(`MOVE CLOCK ${clock} NEXT ${next} DAYS SMTWTFS`);
  const run = (zone: string, t: Timing, now: Date) => nextDeadline({ timing: t, phaseType: 'movement', zone, now, previousDeadline: null });

  describe('Europe/Berlin (2024: spring forward Sun 31 Mar 02:00→03:00, fall back Sun 27 Oct 03:00→02:00)', () => {
    const zone = 'Europe/Berlin';

    it('default timing: Monday deadlines stay 23:30 local on both sides of the change', () => {
      const before = run(zone, DEFAULT_TIMING, at('2024-03-21T10:00', zone));
      const after = run(zone, DEFAULT_TIMING, at('2024-03-28T10:00', zone));
      expect(formatDeadline(before.deadline, zone)).toBe('Mon Mar 25 2024 23:30:00 +0100');
      expect(formatDeadline(after.deadline, zone)).toBe('Mon Apr 01 2024 23:30:00 +0200');
      expect(after.deadline.toISOString()).toBe('2024-04-01T21:30:00.000Z');
    });

    it('23:30 clock on the spring-forward Sunday', () => {
      expect(formatDeadline(run(zone, everyDay('23:30', '23'), at('2024-03-30T12:00', zone)).deadline, zone)).toBe('Sun Mar 31 2024 23:30:00 +0200');
    });

    it('02:30 clock on the spring-forward Sunday: the time does not exist, the deadline is 03:00, the end of the gap', () => {
      const result = run(zone, everyDay('02:30', '12'), at('2024-03-30T13:00', zone));
      expect(formatDeadline(result.deadline, zone)).toBe('Sun Mar 31 2024 03:00:00 +0200');
      expect(result.deadline.toISOString()).toBe('2024-03-31T01:00:00.000Z');
      // The next day it is 02:30 again.
      expect(formatDeadline(run(zone, everyDay('02:30', '12'), at('2024-03-31T13:00', zone)).deadline, zone)).toBe('Mon Apr 01 2024 02:30:00 +0200');
    });

    it('23:30 clock on the fall-back Sunday', () => {
      expect(formatDeadline(run(zone, everyDay('23:30', '23'), at('2024-10-26T12:00', zone)).deadline, zone)).toBe('Sun Oct 27 2024 23:30:00 +0100');
    });

    it('02:30 clock on the fall-back Sunday: the time exists twice, the earlier (summer time) is taken', () => {
      const result = run(zone, everyDay('02:30', '4'), at('2024-10-26T20:00', zone));
      expect(formatDeadline(result.deadline, zone)).toBe('Sun Oct 27 2024 02:30:00 +0200');
      expect(result.deadline.toISOString()).toBe('2024-10-27T00:30:00.000Z');
    });

    it('a target in the second 02:30 (winter time) is past the clock and moves to the next day', () => {
      const secondPass = new Date('2024-10-27T01:45:00Z'); // 02:45 CET, after the earlier 02:30
      const result = nextDeadline({ timing: everyDay('02:30', '0'), phaseType: 'movement', zone, now: secondPass, previousDeadline: null });
      expect(formatDeadline(result.deadline, zone)).toBe('Mon Oct 28 2024 02:30:00 +0100');
    });

    it('the grace is elapsed time (njudge), so across the change its wall time moves by an hour', () => {
      // Fri 29 Mar 23:30 CET + 167 h = Fri 5 Apr 23:30 CEST (22:30 + 1 h of summer time).
      const result = nextDeadline({ timing: DEFAULT_TIMING, phaseType: 'movement', zone, now: at('2024-03-26T20:00', zone), previousDeadline: null });
      expect(formatDeadline(result.deadline, zone)).toBe('Fri Mar 29 2024 23:30:00 +0100');
      expect(formatDeadline(result.grace, zone)).toBe('Fri Apr 05 2024 23:30:00 +0200');
    });
  });

  describe('America/New_York (2024: spring forward Sun 10 Mar 02:00→03:00, fall back Sun 3 Nov 02:00→01:00)', () => {
    const zone = 'America/New_York';

    it('default timing: Monday deadlines stay 23:30 local on both sides of the change', () => {
      expect(formatDeadline(run(zone, DEFAULT_TIMING, at('2024-02-29T10:00', zone)).deadline, zone)).toBe('Mon Mar 04 2024 23:30:00 -0500');
      expect(formatDeadline(run(zone, DEFAULT_TIMING, at('2024-03-07T10:00', zone)).deadline, zone)).toBe('Mon Mar 11 2024 23:30:00 -0400');
    });

    it('23:30 clock on the spring-forward Sunday', () => {
      const result = run(zone, everyDay('23:30', '23'), at('2024-03-09T12:00', zone));
      expect(formatDeadline(result.deadline, zone)).toBe('Sun Mar 10 2024 23:30:00 -0400');
      expect(result.deadline.toISOString()).toBe('2024-03-11T03:30:00.000Z');
    });

    it('02:30 clock on the spring-forward Sunday: 03:00 EDT, the end of the gap', () => {
      const result = run(zone, everyDay('02:30', '12'), at('2024-03-09T13:00', zone));
      expect(formatDeadline(result.deadline, zone)).toBe('Sun Mar 10 2024 03:00:00 -0400');
      expect(result.deadline.toISOString()).toBe('2024-03-10T07:00:00.000Z');
    });

    it('23:30 clock on the fall-back Sunday', () => {
      expect(formatDeadline(run(zone, everyDay('23:30', '23'), at('2024-11-02T12:00', zone)).deadline, zone)).toBe('Sun Nov 03 2024 23:30:00 -0500');
    });

    it('02:30 clock on the fall-back Sunday exists once (EST)', () => {
      const result = run(zone, everyDay('02:30', '4'), at('2024-11-02T20:00', zone));
      expect(formatDeadline(result.deadline, zone)).toBe('Sun Nov 03 2024 02:30:00 -0500');
      expect(result.deadline.toISOString()).toBe('2024-11-03T07:30:00.000Z');
    });

    it('01:30 clock on the fall-back Sunday exists twice: the earlier (EDT) is taken', () => {
      const result = run(zone, everyDay('01:30', '4'), at('2024-11-02T20:00', zone));
      expect(formatDeadline(result.deadline, zone)).toBe('Sun Nov 03 2024 01:30:00 -0400');
      expect(result.deadline.toISOString()).toBe('2024-11-03T05:30:00.000Z');
    });
  });

  it('a closed day moving to a midnight that does not exist takes the end of the gap (America/Santiago, 2024-09-08)', () => {
    // Chile springs forward at 00:00 → 01:00 on Sunday 8 September 2024.
    const zone = 'America/Santiago';
    const saturdayClosed = timing('RETREAT NEXT 2H DAYS SMTWTF-');
    const result = nextDeadline({ timing: saturdayClosed, phaseType: 'retreat', zone, now: at('2024-09-07T20:00', zone), previousDeadline: null });
    expect(formatDeadline(result.deadline, zone)).toBe('Sun Sep 08 2024 01:00:00 -0300');
  });
});

describe('nextDeadline properties', () => {
  const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'Pacific/Auckland'];
  const year2024 = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2025, 0, 1) }).map((ms) => new Date(ms));

  it('default movement deadlines: 23:30 local on a weekday, at least next after now, never before the previous, stable when recomputed', () => {
    fc.assert(
      fc.property(year2024, fc.constantFrom(...zones), fc.option(fc.integer({ min: -200, max: 400 }), { nil: null }), (now, zone, previousOffsetHours) => {
        const previousDeadline = previousOffsetHours === null ? null : new Date(now.getTime() + previousOffsetHours * 3_600_000);
        const result = nextDeadline({ timing: DEFAULT_TIMING, phaseType: 'movement', zone, now, previousDeadline });
        expect(formatDeadline(result.deadline, zone)).toMatch(/^(Mon|Tue|Wed|Thu|Fri) .* 23:30:00 /);
        expect(result.deadline.getTime()).toBeGreaterThanOrEqual(now.getTime() + 71 * 3_600_000);
        if (previousDeadline) expect(result.deadline.getTime()).toBeGreaterThanOrEqual(previousDeadline.getTime());
        expect(result.grace.getTime()).toBeGreaterThanOrEqual(result.deadline.getTime() + 167 * 3_600_000);
        const again = nextDeadline({ timing: DEFAULT_TIMING, phaseType: 'movement', zone, now, previousDeadline: result.deadline });
        expect(again.deadline).toEqual(result.deadline);
      }),
      { numRuns: 300 },
    );
  });

  it('retreat deadlines never fall on a weekend or before noon on Monday', () => {
    fc.assert(
      fc.property(year2024, fc.constantFrom(...zones), (now, zone) => {
        const result = nextDeadline({ timing: DEFAULT_TIMING, phaseType: 'retreat', zone, now, previousDeadline: null });
        const shown = formatDeadline(result.deadline, zone);
        expect(shown).not.toMatch(/^(Sat|Sun)/);
        if (shown.startsWith('Mon')) expect(Number(shown.slice(16, 18))).toBeGreaterThanOrEqual(12);
      }),
      { numRuns: 300 },
    );
  });
});
