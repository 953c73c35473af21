import { describe, expect, it } from 'vitest';
import { deadlineText, deadlineTextFor } from '../../src/judge/clock/deadlines.ts';
import { formatDeadline, formatPlayerDeadline } from '../../src/schedule/format-deadline.ts';

// The texts of deadlines are kept once written (deadlines.ts): each must still be the one luxon
// writes for that instant, game zone and reader zone, whichever was asked first.

describe('deadlines written once and kept', () => {
  const instants = [new Date('2026-11-28T05:30:00Z'), new Date('2026-03-29T01:30:00Z'), new Date('2026-11-28T05:30:01Z')];
  const zones = ['Europe/Paris', 'America/New_York', 'UTC'];

  it('writes each instant as luxon does, for the game zone and for every reader zone, asked twice in any order', () => {
    for (let pass = 0; pass < 2; pass++) {
      for (const at of instants) {
        for (const gameZone of zones) {
          expect(deadlineText({ timeZone: gameZone }, at)).toBe(formatDeadline(at, gameZone));
          for (const readerZone of [null, ...zones]) {
            const expected = readerZone === null || readerZone === gameZone ? formatDeadline(at, gameZone) : formatPlayerDeadline(at, readerZone);
            expect(deadlineTextFor({ timeZone: gameZone }, readerZone, at)).toBe(expected);
          }
        }
      }
    }
    expect(deadlineTextFor({ timeZone: 'Europe/Paris' }, 'America/New_York', instants[0]!)).toBe('Sat Nov 28 2026 00:30:00 -0500 (America/New_York)');
    expect(deadlineText({ timeZone: 'Europe/Paris' }, instants[0]!)).toBe('Sat Nov 28 2026 06:30:00 +0100');
  });

  it('writes no deadline as none', () => {
    expect(deadlineText({ timeZone: 'UTC' }, null)).toBeNull();
    expect(deadlineTextFor({ timeZone: 'UTC' }, 'Europe/Paris', null)).toBeNull();
  });
});
