import { DateTime, FixedOffsetZone, IANAZone, Settings } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDeadline, formatMoment, formatPlayerDeadline, parseZone } from '../../src/schedule/index.ts';
import { resolveWallTime } from '../../src/schedule/local-time.ts';
import { worded } from '../support/schedule-words.ts';

const deadline = new Date('2004-01-12T22:30:00Z');

describe('formatDeadline (njudge, for the :: header and results)', () => {
  it.each([
    ['Europe/Berlin', 'Mon Jan 12 2004 23:30:00 +0100'],
    ['UTC', 'Mon Jan 12 2004 22:30:00 +0000'],
    ['America/Chicago', 'Mon Jan 12 2004 16:30:00 -0600'],
    ['Asia/Kolkata', 'Tue Jan 13 2004 04:00:00 +0530'],
  ])('%s', (zone, expected) => {
    expect(formatDeadline(deadline, zone)).toBe(expected);
  });

  it('pads the day like strftime %d and shows summer time', () => {
    expect(formatDeadline(new Date('1970-01-01T00:00:00Z'), 'UTC')).toBe('Thu Jan 01 1970 00:00:00 +0000');
    expect(formatDeadline(new Date('2024-07-01T21:30:00Z'), 'Europe/Berlin')).toBe('Mon Jul 01 2024 23:30:00 +0200');
  });
});

describe('formatPlayerDeadline and formatMoment', () => {
  it('the player’s zone with its IANA name', () => {
    expect(formatPlayerDeadline(deadline, 'America/New_York')).toBe('Mon Jan 12 2004 17:30:00 -0500 (America/New_York)');
    expect(formatPlayerDeadline(deadline, 'Australia/Sydney')).toBe('Tue Jan 13 2004 09:30:00 +1100 (Australia/Sydney)');
  });

  it('a short form for notices', () => {
    expect(formatMoment(deadline, 'Europe/Berlin')).toBe('Mon 12 Jan 2004 23:30');
  });
});

describe('English whatever the default locale', () => {
  const saved = Settings.defaultLocale;
  afterEach(() => {
    Settings.defaultLocale = saved;
  });

  it('ignores a French default', () => {
    Settings.defaultLocale = 'fr';
    expect(DateTime.fromJSDate(deadline).toFormat('EEE')).not.toBe('Mon');
    expect(formatDeadline(deadline, 'Europe/Berlin')).toBe('Mon Jan 12 2004 23:30:00 +0100');
  });
});

describe('parseZone', () => {
  it('returns the canonical IANA spelling', () => {
    expect(parseZone('europe/berlin')).toEqual({ ok: true, zone: 'Europe/Berlin' });
    expect(parseZone(' America/New_York ')).toEqual({ ok: true, zone: 'America/New_York' });
    expect(parseZone('UTC')).toEqual({ ok: true, zone: 'UTC' });
  });

  it('names a zone it does not know', () => {
    const unknown = parseZone('Mars/Olympus');
    expect(unknown.ok ? null : worded(unknown.error)).toEqual({
      code: 'bad-value',
      word: 'Mars/Olympus',
      problem: { kind: 'bad-zone', name: 'Mars/Olympus' },
      message: '"Mars/Olympus" is not a time zone; write an IANA name such as Europe/Berlin or America/New_York',
    });
  });
});

describe('resolveWallTime (the DST choices)', () => {
  const berlin = IANAZone.create('Europe/Berlin');
  const iso = (wallTime: Parameters<typeof resolveWallTime>[0], zone = berlin) => resolveWallTime(wallTime, zone).toISO();

  it('an ordinary time is itself', () => {
    expect(iso({ year: 2024, month: 3, day: 30, hour: 2, minute: 30 })).toBe('2024-03-30T02:30:00.000+01:00');
  });

  it('a time in the gap is the first valid minute after it (luxon alone would say 03:30)', () => {
    expect(iso({ year: 2024, month: 3, day: 31, hour: 2, minute: 0 })).toBe('2024-03-31T03:00:00.000+02:00');
    expect(iso({ year: 2024, month: 3, day: 31, hour: 2, minute: 59 })).toBe('2024-03-31T03:00:00.000+02:00');
    expect(iso({ year: 2024, month: 3, day: 31, hour: 3, minute: 0 })).toBe('2024-03-31T03:00:00.000+02:00');
    expect(DateTime.fromObject({ year: 2024, month: 3, day: 31, hour: 2, minute: 30 }, { zone: berlin }).toISO()).toBe('2024-03-31T03:30:00.000+02:00');
  });

  it('a time in the overlap is the earlier instant (luxon alone would take the later)', () => {
    expect(iso({ year: 2024, month: 10, day: 27, hour: 2, minute: 30 })).toBe('2024-10-27T02:30:00.000+02:00');
    expect(iso({ year: 2024, month: 10, day: 27, hour: 3, minute: 0 })).toBe('2024-10-27T03:00:00.000+01:00');
    expect(DateTime.fromObject({ year: 2024, month: 10, day: 27, hour: 2, minute: 30 }, { zone: berlin }).toISO()).toBe('2024-10-27T02:30:00.000+01:00');
  });

  it('Lord Howe Island shifts by 30 minutes', () => {
    const lordHowe = IANAZone.create('Australia/Lord_Howe');
    expect(iso({ year: 2024, month: 10, day: 6, hour: 2, minute: 15 }, lordHowe)).toBe('2024-10-06T02:30:00.000+11:00');
  });

  it('fixed offsets have no gaps', () => {
    expect(iso({ year: 2024, month: 3, day: 31, hour: 2, minute: 30 }, FixedOffsetZone.instance(60))).toBe('2024-03-31T02:30:00.000+01:00');
  });
});
