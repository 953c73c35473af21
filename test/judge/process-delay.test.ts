import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/judge/model.ts';
import { announcedProcessingTime, heldToDeadline, processingTime } from '../../src/judge/clock/process-delay.ts';
import { gameName } from '../support/names.ts';

// The arithmetic of njudge's processing delay, without a database: max(start, now + delay),
// at once when that is not after now, and at once for REAL_TIME and untimed NO_DEADLINE games.

const NOW = new Date('2004-01-06T05:00:00Z');
const game = (patch: Partial<Game> = {}): Game => ({
  id: 1,
  name: gameName('demo'),
  variant: 'standard',
  status: 'active',
  rules: [],
  description: '',
  listed: true,
  currentPhase: 'S1901M',
  proposal: null,
  timing: null,
  timeZone: 'UTC',
  deadline: new Date('2004-01-12T23:30:00Z'),
  grace: new Date('2004-01-19T23:30:00Z'),
  processStart: new Date('2004-01-06T04:00:00Z'),
  processDelayMinutes: 60,
  processAt: null,
  ...patch,
});

describe('processingTime', () => {
  it('waits the delay after now once the start has passed, and until the start before it', () => {
    expect(processingTime(game(), NOW)).toEqual(new Date('2004-01-06T06:00:00Z'));
    expect(processingTime(game({ processStart: new Date('2004-01-06T09:00:00Z') }), NOW)).toEqual(new Date('2004-01-06T09:00:00Z'));
  });

  it('is at once when nothing is left to wait for, or a pending time has come', () => {
    expect(processingTime(game({ processDelayMinutes: 0 }), NOW)).toBeNull();
    expect(processingTime(game({ processAt: new Date('2004-01-06T04:59:00Z') }), NOW)).toBeNull();
    expect(processingTime(game({ processAt: new Date('2004-01-06T05:30:00Z') }), NOW)).toEqual(new Date('2004-01-06T06:00:00Z'));
  });

  it('is at once in REAL_TIME games and in NO_DEADLINE games without a TIMING; a TIMING brings the delay back', () => {
    expect(processingTime(game({ rules: ['REAL_TIME'] }), NOW)).toBeNull();
    expect(processingTime(game({ rules: ['NO_DEADLINE'], deadline: null, grace: null }), NOW)).toBeNull();
    expect(processingTime(game({ rules: ['NO_DEADLINE'], deadline: null, grace: null, timing: 'MOVE DELAY 2H' }), NOW)).toEqual(
      new Date('2004-01-06T06:00:00Z'),
    );
  });

  it('is never after a deadline still ahead (njudge keeps process at most at the deadline); after the deadline the delay counts again', () => {
    const nearDeadline = new Date('2004-01-12T23:10:00Z');
    expect(processingTime(game(), nearDeadline)).toEqual(new Date('2004-01-12T23:30:00Z'));
    expect(processingTime(game({ processStart: new Date('2004-01-13T04:00:00Z') }), NOW)).toEqual(new Date('2004-01-12T23:30:00Z'));
    const late = new Date('2004-01-13T01:00:00Z');
    expect(processingTime(game(), late)).toEqual(new Date('2004-01-13T02:00:00Z'));
  });

  it("uses the timing's own delay for a game begun before the delay was stored", () => {
    const legacy = game({ processStart: null, processDelayMinutes: null });
    expect(processingTime(legacy, NOW)).toEqual(new Date('2004-01-06T05:30:00Z'));
    expect(processingTime({ ...legacy, timing: 'MOVE DELAY 2H' }, NOW)).toEqual(new Date('2004-01-06T07:00:00Z'));
  });
});

describe('announcedProcessingTime', () => {
  it('names the deadline when the delay would run past it, where a WAIT no longer holds anything', () => {
    expect(announcedProcessingTime(game(), new Date('2004-01-06T06:00:00Z'), NOW)).toEqual({ at: new Date('2004-01-06T06:00:00Z'), waitHolds: true });
    expect(announcedProcessingTime(game(), new Date('2004-01-13T00:00:00Z'), NOW)).toEqual({ at: new Date('2004-01-12T23:30:00Z'), waitHolds: false });
    const late = new Date('2004-01-13T01:00:00Z');
    expect(announcedProcessingTime(game(), new Date('2004-01-13T01:30:00Z'), late)).toEqual({ at: new Date('2004-01-13T01:30:00Z'), waitHolds: false });
  });
});

describe('heldToDeadline', () => {
  it('holds ALWAYS_WAIT games until their deadline only', () => {
    expect(heldToDeadline(game({ rules: ['ALWAYS_WAIT'] }), NOW)).toBe(true);
    expect(heldToDeadline(game({ rules: ['ALWAYS_WAIT'] }), new Date('2004-01-12T23:30:00Z'))).toBe(false);
    expect(heldToDeadline(game(), NOW)).toBe(false);
  });
});
