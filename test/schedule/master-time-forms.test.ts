import { describe, expect, it } from 'vitest';
import { parseMasterTimeLine, type MasterTimeCommand } from '../../src/schedule/index.ts';
import { worded } from '../support/schedule-words.ts';
import { scheduleErrorText } from '../../src/render/schedule-errors.ts';

function command(line: string): MasterTimeCommand | null {
  const result = parseMasterTimeLine(line);
  if (!result.ok) throw new Error(scheduleErrorText(result.error));
  return result.command;
}

describe('parseMasterTimeLine (Mafia tracker GM forms, seeds 000/001)', () => {
  it.each<[string, MasterTimeCommand]>([
    ['DEADLINE MOVED 1D 12H LATER', { kind: 'deadline-moved', direction: 'later', duration: { days: 1, hours: 12, minutes: 0 } }],
    ['Deadline ... moved 24H earlier', { kind: 'deadline-moved', direction: 'earlier', duration: { days: 0, hours: 24, minutes: 0 } }],
    ['DEADLINE IS MOVED 1 DAY LATER', { kind: 'deadline-moved', direction: 'later', duration: { days: 1, hours: 0, minutes: 0 } }],
    ['deadline for night 3 moved 24 H EARLIER!', { kind: 'deadline-moved', direction: 'earlier', duration: { days: 0, hours: 24, minutes: 0 } }],
    ['DEADLINE MOVED 1 day 12 hours 34 minutes LATER', { kind: 'deadline-moved', direction: 'later', duration: { days: 1, hours: 12, minutes: 34 } }],
    ['DEADLINE MOVED 24 LATER', { kind: 'deadline-moved', direction: 'later', duration: { days: 0, hours: 24, minutes: 0 } }],
    ['DAY 3 HAS ENDED EARLY', { kind: 'phase-ended', phase: 'day', early: true }],
    ['Night 2 has ended early.', { kind: 'phase-ended', phase: 'night', early: true }],
    ['DAY 4 HAS ENDED', { kind: 'phase-ended', phase: 'day', early: false }],
    ['NIGHT 4 HAS BEGUN', { kind: 'phase-begun', phase: 'night' }],
    ['GAME HAS ENDED', { kind: 'game-ended' }],
    ['The game is over', { kind: 'game-ended' }],
    ['Game ended.', { kind: 'game-ended' }],
    ['UNEND GAME', { kind: 'game-unended' }],
    ['GAME HAS UNENDED', { kind: 'game-unended' }],
    ['game unended', { kind: 'game-unended' }],
  ])('%s', (line, expected) => {
    expect(command(line)).toEqual(expected);
  });

  it.each(['The deadline was moved yesterday', 'Good morning, town!', 'MOVED 1D LATER', 'It is a lovely day'])('prose is no command: %s', (line) => {
    expect(command(line)).toBeNull();
  });

  it.each([
    ['DEADLINE MOVED 1X LATER', 'X', 'DEADLINE MOVED: "X" is not a unit of time; write D, H or M (days, hours, minutes), e.g. 36H or 1D12H'],
    ['DEADLINE MOVED a lot LATER', 'a', 'DEADLINE MOVED: "a" is not a length of time; write D, H or M (days, hours, minutes), e.g. 36H or 1D12H'],
    ['DEADLINE MOVED LATER', null, 'DEADLINE MOVED needs a length of time before LATER or EARLIER, e.g. MOVED 1D 12H LATER'],
  ])('a DEADLINE MOVED line with a bad length: %s', (line, word, message) => {
    const result = parseMasterTimeLine(line);
    expect(result.ok ? null : worded(result.error)).toMatchObject({ word, message });
  });
});
