import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIMING,
  checkDays,
  dayRule,
  defaultDeadlineClock,
  formatTimingDirective,
  formatTimingLines,
  parseTiming,
  type PhaseTiming,
  type Timing,
} from '../../src/schedule/index.ts';
import { scheduleErrorText, scheduleErrorsText } from '../../src/render/schedule-errors.ts';

function parsed(text: string, base?: Timing): Timing {
  const result = parseTiming(text, base);
  if (!result.ok) throw new Error(scheduleErrorsText(result.errors));
  return result.timing;
}

const H = 60;

describe('the njudge defaults', () => {
  it('match njudge.md §2: Move 1410/12/71/167/0.5 -MTWTF-, Retreat and Adjust -1/0/23/71/0.5 -mTWTF-', () => {
    expect(DEFAULT_TIMING.movement).toEqual({
      clocks: [1410],
      minimumMinutes: 12 * H,
      nextMinutes: 71 * H,
      graceMinutes: 167 * H,
      delayMinutes: 30,
      days: '-MTWTF-',
    });
    for (const phase of [DEFAULT_TIMING.retreat, DEFAULT_TIMING.adjustment]) {
      expect(phase).toEqual({ clocks: [], minimumMinutes: 0, nextMinutes: 23 * H, graceMinutes: 71 * H, delayMinutes: 30, days: '-mTWTF-' });
    }
    expect(DEFAULT_TIMING.doubleFirstDeadlineWithPress).toBe(true);
    expect(DEFAULT_TIMING.fudgeMinutes).toBe(0);
  });

  it('print as njudge LIST lines', () => {
    expect(formatTimingLines(DEFAULT_TIMING)).toEqual([
      'Move    clock 1410 min 12.00 next  71.00 grace 167.00 delay 0.50 days -MTWTF-',
      'Retreat clock   -1 min  0.00 next  23.00 grace  71.00 delay 0.50 days -mTWTF-',
      'Adjust  clock   -1 min  0.00 next  23.00 grace  71.00 delay 0.50 days -mTWTF-',
    ]);
  });

  it('day rules: letter open, lower case afternoon, dash closed', () => {
    expect([0, 1, 2, 6].map((day) => dayRule('-mTWTF-', day))).toEqual(['closed', 'afternoon', 'open', 'closed']);
  });

  it('a date without a time gets the phase clock, or 23:30 without one', () => {
    expect(defaultDeadlineClock(parsed('MOVE CLOCK 12:00'), 'movement')).toBe(720);
    expect(defaultDeadlineClock(DEFAULT_TIMING, 'retreat')).toBe(1410);
  });
});

describe('parseTiming: DPjudge', () => {
  it('TIMING AT 23:30 DAYS -MTWTF- MOVE 3D NEXT 1D GRACE 3D WARN 24H,4H', () => {
    const result = parseTiming('TIMING AT 23:30 DAYS -MTWTF- MOVE 3D NEXT 1D GRACE 3D WARN 24H,4H');
    expect(result).toEqual({
      ok: true,
      vacations: [],
      timing: {
        ...DEFAULT_TIMING,
        movement: { clocks: [1410], minimumMinutes: 12 * H, nextMinutes: 72 * H, graceMinutes: 72 * H, delayMinutes: 30, days: '-MTWTF-' },
        retreat: { clocks: [1410], minimumMinutes: 0, nextMinutes: 24 * H, graceMinutes: 72 * H, delayMinutes: 30, days: '-MTWTF-' },
        adjustment: { clocks: [1410], minimumMinutes: 0, nextMinutes: 24 * H, graceMinutes: 72 * H, delayMinutes: 30, days: '-MTWTF-' },
        warnMinutes: [24 * H, 4 * H],
      },
    });
  });

  it('a phase length wins over NEXT wherever it stands', () => {
    const timing = parsed('MOVE 3D NEXT 1D');
    expect(timing.movement.nextMinutes).toBe(72 * H);
    expect(timing.retreat.nextMinutes).toBe(24 * H);
    expect(parsed('NEXT 1D MOVE 3D RETREAT 12H').retreat.nextMinutes).toBe(12 * H);
  });

  it('the FAQ line TIMING NEXT 2D AT 12:00 GRACE 3D sets every phase', () => {
    const timing = parsed('NEXT 2D AT 12:00 GRACE 3D');
    for (const phase of [timing.movement, timing.retreat, timing.adjustment]) {
      expect(phase).toMatchObject({ clocks: [720], nextMinutes: 48 * H, graceMinutes: 72 * H });
    }
  });

  it('DAYS outside a section: a lower-case day means no movement deadline that day', () => {
    const timing = parsed('DAYS -MtWTF-');
    expect(timing.movement.days).toBe('-M-WTF-');
    expect(timing.retreat.days).toBe('-MTWTF-');
    expect(timing.adjustment.days).toBe('-MTWTF-');
  });

  it('lower-case keywords and spaced comma lists', () => {
    expect(parsed('timing move 2d warn 24h, 4h').warnMinutes).toEqual([24 * H, 4 * H]);
    expect(parsed('WARN 0').warnMinutes).toEqual([]);
  });

  it('AT with several times, unordered, gives sorted clocks', () => {
    expect(parsed('AT 23:30,12:00').movement.clocks).toEqual([720, 1410]);
  });

  it('FUDGE and NOT (vacations, returned as text for the absence parser)', () => {
    const result = parseTiming('FUDGE 8H NOT 24 Dec-6 Jan, 2004-02-01-2004-02-03, 1 Mar TO 3 Mar, 12 Apr MOVE 3D');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.timing.fudgeMinutes).toBe(8 * H);
    expect(result.timing.movement.nextMinutes).toBe(72 * H);
    expect(result.vacations).toEqual([
      { from: '24 Dec', to: '6 Jan' },
      { from: '2004-02-01', to: '2004-02-03' },
      { from: '1 Mar', to: '3 Mar' },
      { from: '12 Apr', to: null },
    ]);
  });
});

describe('parseTiming: njudge', () => {
  it('MOVE CLOCK 1410 MIN 12 NEXT 71 GRACE 167 DELAY 0.5 DAYS -MTWTF- is the default', () => {
    expect(parsed('MOVE CLOCK 1410 MIN 12 NEXT 71 GRACE 167 DELAY 0.5 DAYS -MTWTF-')).toEqual(DEFAULT_TIMING);
  });

  it('sections for every phase type in one text; settings belong to the section they stand in', () => {
    const timing = parsed('MOVE NEXT 48 DELAY 1.0 RETREAT CLOCK 720 NEXT 12 ADJUST CLOCK -1 GRACE 24 DAYS -MTWTFs');
    expect(timing.movement).toEqual({ ...DEFAULT_TIMING.movement, nextMinutes: 48 * H, delayMinutes: H });
    expect(timing.retreat).toEqual({ ...DEFAULT_TIMING.retreat, clocks: [720], nextMinutes: 12 * H });
    expect(timing.adjustment).toEqual({ ...DEFAULT_TIMING.adjustment, graceMinutes: 24 * H, days: '-MTWTFs' });
  });

  it('njudge SET words: MOVES, BUILDS; days inside a section keep njudge meaning (lower case = afternoon)', () => {
    const timing = parsed('MOVES NEXT 48.0 DELAY 1.0 BUILDS DELAY 1.0 DAYS SmTWTFS');
    expect(timing.movement.nextMinutes).toBe(48 * H);
    expect(timing.adjustment.delayMinutes).toBe(H);
    expect(timing.adjustment.days).toBe('SmTWTFS');
  });

  it('applies on top of a base (a later SET changes only what it names)', () => {
    const base = parsed('AT 12:00 MOVE 2D');
    const changed = parsed('RETREAT NEXT 6', base);
    expect(changed.movement).toEqual(base.movement);
    expect(changed.retreat).toEqual({ ...base.retreat, nextMinutes: 6 * H });
  });

  it('DPjudge MOVE 3D closes an njudge section: the NEXT after it is for every phase', () => {
    const timing = parsed('RETREAT CLOCK 720 MOVE 3D NEXT 1D');
    expect(timing.retreat).toMatchObject({ clocks: [720], nextMinutes: 24 * H });
    expect(timing.adjustment.nextMinutes).toBe(24 * H);
    expect(timing.movement.nextMinutes).toBe(72 * H);
  });
});

describe('parseTiming errors name every word', () => {
  it('collects all mistakes and goes on at the next keyword', () => {
    const result = parseTiming('NEXXT 1D MOVE CLOCK 2500 MIN x DAYS -MXWTF- START 3 GRACE 2D RETREAT');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => [error.code, error.word])).toEqual([
      ['unknown-word', 'NEXXT'],
      ['bad-value', '2500'],
      ['unknown-word', 'x'],
      ['bad-value', '-MXWTF-'],
      ['not-supported', 'START'],
      ['missing-value', 'RETREAT'],
    ]);
    expect(scheduleErrorsText(result.errors).split('\n')).toHaveLength(6);
    expect(scheduleErrorsText(result.errors)).toContain('TIMING: "NEXXT" is not a timing setting');
  });

  it('the value after an unknown word is skipped, not reported again', () => {
    const result = parseTiming('MOVE CLOCK 1410 MIN 12 NEXXT 71 GRACE 167');
    expect(result.ok ? [] : result.errors.map(scheduleErrorText)).toEqual(['TIMING: "NEXXT" is not a timing setting']);
  });

  it('a stray value after a complete setting is reported by name', () => {
    const result = parseTiming('NEXT 1D 2D');
    expect(result.ok ? [] : result.errors.map(scheduleErrorText)).toEqual(['TIMING: "2D" is not a timing setting']);
  });

  it('words that look like object properties are not keywords', () => {
    const result = parseTiming('constructor 1D');
    expect(result.ok ? [] : result.errors.map(scheduleErrorText)).toEqual(['TIMING: "constructor" is not a timing setting']);
  });
});

describe('checkDays', () => {
  it.each([
    ['-MTWTF-', true],
    ['SMTWTFS', true],
    ['smtwtfs', true],
    ['-mTWTF-', true],
    ['-MTWTF', false],
    ['MTWTFSS', false],
    ['-------', false],
  ])('%s → %s', (days, ok) => {
    expect(checkDays(days).ok).toBe(ok);
  });
});

describe('formatTimingDirective round trip', () => {
  it('the defaults', () => {
    expect(formatTimingDirective(DEFAULT_TIMING)).toBe(
      'MOVE CLOCK 1410 MIN 12H NEXT 2D23H GRACE 6D23H DELAY 30M DAYS -MTWTF- ' +
        'RETREAT CLOCK -1 MIN 0H NEXT 23H GRACE 2D23H DELAY 30M DAYS -mTWTF- ' +
        'ADJUST CLOCK -1 MIN 0H NEXT 23H GRACE 2D23H DELAY 30M DAYS -mTWTF- WARN 4H FUDGE 0H',
    );
    expect(parsed(formatTimingDirective(DEFAULT_TIMING))).toEqual(DEFAULT_TIMING);
  });

  it('any timing reads back to itself', () => {
    const letters = 'SMTWTFS';
    const days = fc
      .array(fc.constantFrom('open', 'afternoon', 'closed'), { minLength: 7, maxLength: 7 })
      .filter((rules) => rules.some((rule) => rule !== 'closed'))
      .map((rules) => rules.map((rule, index) => (rule === 'closed' ? '-' : rule === 'open' ? letters[index] : letters[index]!.toLowerCase())).join(''));
    const minutes = fc.integer({ min: 0, max: 20 * 24 * 60 });
    const phase: fc.Arbitrary<PhaseTiming> = fc.record({
      clocks: fc.uniqueArray(fc.integer({ min: 0, max: 1439 }), { maxLength: 3 }).map((clocks) => [...clocks].sort((a, b) => a - b)),
      minimumMinutes: minutes,
      nextMinutes: minutes,
      graceMinutes: minutes,
      delayMinutes: minutes,
      days,
    });
    const timing: fc.Arbitrary<Timing> = fc.record({
      movement: phase,
      retreat: phase,
      adjustment: phase,
      warnMinutes: fc.uniqueArray(fc.integer({ min: 1, max: 3 * 24 * 60 }), { maxLength: 3 }).map((list) => [...list].sort((a, b) => b - a)),
      fudgeMinutes: minutes,
      doubleFirstDeadlineWithPress: fc.constant(true),
    });
    fc.assert(
      fc.property(timing, (value) => {
        expect(parsed(formatTimingDirective(value))).toEqual(value);
      }),
      { numRuns: 200 },
    );
  });
});
