import { describe, expect, it } from 'vitest';
import { FLAG_TEXTS, flagUsage, optionHelpLine, optionLine, OPTION_TEXTS, PRESS_KIND_TEXTS } from '../../src/render/option-texts.ts';

// The words of the game options (test/judge/game-options.test.ts and option-commands play them
// through SET, LIST game and HELP).

describe('option texts', () => {
  it('writes LIST game and HELP lines', () => {
    expect(optionLine('Press', PRESS_KIND_TEXTS.WHITE)).toBe('Press: white press: senders are named.');
    expect(optionHelpLine(flagUsage('QUIET', 'NO QUIET'))).toBe('  SET QUIET | SET NO QUIET');
    expect(FLAG_TEXTS.QUIET).toEqual({
      title: 'Quiet',
      on: 'quiet: late notices go to the late powers and the Master only',
      off: 'late notices go to everyone in the first day',
    });
  });

  it('announces absences, access and timing with their figures and no address', () => {
    expect(OPTION_TEXTS.maxAbsence.announcement(0)).toBe('players may not set absences themselves (the Master may grant them)');
    expect(OPTION_TEXTS.maxAbsence.announcement(5)).toBe('players may set absences of up to 5 days themselves');
    expect(OPTION_TEXTS.access.announcement(1, 'allow')).toBe('1 address is now allowed to join or take over a power');
    expect(OPTION_TEXTS.access.announcement(2, 'deny')).toBe('2 addresses are now denied to join or take over a power');
    expect(OPTION_TEXTS.access.shown(0, 0)).toBeNull();
    expect(OPTION_TEXTS.access.shown(1, 2)).toBe('only 1 allowed address may join or take over; 2 addresses denied');
    expect(OPTION_TEXTS.timing.announcement(['Movement: 48 hours.', 'Retreat: 24 hours.'])).toBe(
      'the timing is now\n  Movement: 48 hours.\n  Retreat: 24 hours.',
    );
    expect(OPTION_TEXTS.comment.set('A friendly game')).toBe("the game's description is now: A friendly game");
  });
});
