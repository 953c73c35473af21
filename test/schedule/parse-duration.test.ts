import { describe, expect, it } from 'vitest';
import { describeDuration, durationMinutes, formatDuration, parseDuration, type Duration } from '../../src/schedule/index.ts';
import { scheduleErrorText } from '../../src/render/schedule-errors.ts';

function duration(text: string, bareNumber?: 'hours'): Duration {
  const result = parseDuration(text, bareNumber ? { bareNumber } : {});
  if (!result.ok) throw new Error(scheduleErrorText(result.error));
  return result.duration;
}

describe('parseDuration', () => {
  // The Mafia tracker's list (seed 001), DPjudge's TIMING values, and a few more.
  it.each<[string, Duration]>([
    ['2D', { days: 2, hours: 0, minutes: 0 }],
    ['1H', { days: 0, hours: 1, minutes: 0 }],
    ['1 D 12 H', { days: 1, hours: 12, minutes: 0 }],
    ['1D12H', { days: 1, hours: 12, minutes: 0 }],
    ['1D 23H 30M', { days: 1, hours: 23, minutes: 30 }],
    ['2 days', { days: 2, hours: 0, minutes: 0 }],
    ['24 hours', { days: 0, hours: 24, minutes: 0 }],
    ['1 day 12 hours 34 minutes', { days: 1, hours: 12, minutes: 34 }],
    ['1 DAY', { days: 1, hours: 0, minutes: 0 }],
    ['24 H', { days: 0, hours: 24, minutes: 0 }],
    ['90 minutes', { days: 0, hours: 0, minutes: 90 }],
    ['30M', { days: 0, hours: 0, minutes: 30 }],
    ['3d', { days: 3, hours: 0, minutes: 0 }],
    ['1W', { days: 7, hours: 0, minutes: 0 }],
    ['1 week 2 days', { days: 9, hours: 0, minutes: 0 }],
    ['12 hrs 5 mins', { days: 0, hours: 12, minutes: 5 }],
    ['30M 1H', { days: 0, hours: 1, minutes: 30 }],
    ['1.5D', { days: 1, hours: 12, minutes: 0 }],
    ['0.5H', { days: 0, hours: 0, minutes: 30 }],
    ['0H', { days: 0, hours: 0, minutes: 0 }],
  ])('%s', (text, expected) => {
    expect(duration(text)).toEqual(expected);
  });

  it('bare numbers are njudge hours only when the caller says so', () => {
    expect(duration('71', 'hours')).toEqual({ days: 0, hours: 71, minutes: 0 });
    expect(duration('0.5', 'hours')).toEqual({ days: 0, hours: 0, minutes: 30 });
    expect(duration('167.00', 'hours')).toEqual({ days: 0, hours: 167, minutes: 0 });
    expect(parseDuration('71').ok).toBe(false);
  });

  it('totals and formats', () => {
    expect(durationMinutes(duration('1D 23H 30M'))).toBe(2850);
    expect(formatDuration(2850)).toBe('1D23H30M');
    expect(formatDuration(71 * 60)).toBe('2D23H');
    expect(formatDuration(0)).toBe('0H');
    expect(durationMinutes(duration(formatDuration(12345)))).toBe(12345);
    expect(describeDuration(2160)).toBe('1 day 12 hours');
    expect(describeDuration(61)).toBe('1 hour 1 minute');
    expect(describeDuration(0)).toBe('0 hours');
  });
});
