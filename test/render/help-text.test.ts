import { describe, expect, it } from 'vitest';
import { renderHelp } from '../../src/render/help-text.ts';

// HELP goes out as 7-bit text in lines of at most 76 characters (test/judge/help-text.test.ts
// sends it by mail); the game options' usage lines stand where the option table puts them.

describe('HELP text', () => {
  const text = renderHelp(['  SET OPTION_A on|off', '  SET OPTION_B n']);

  it('is plain ASCII in lines of at most 76 characters', () => {
    for (const line of text.split('\n')) {
      expect(line.length).toBeLessThanOrEqual(76);
      expect(/^[\x20-\x7e]*$/.test(line)).toBe(true);
    }
  });

  it('lists the option usages after the game-options heading, one a line', () => {
    expect(text).toContain(
      "announced; players may change them too in UNMODERATED games):\n  SET OPTION_A on|off\n  SET OPTION_B n\nDPjudge's RULE lines work too",
    );
    expect(text.startsWith('dipjudge understands the e-mail commands of njudge and DPjudge.\n')).toBe(true);
    expect(text.endsWith('Lines starting with // are ignored; SIGNOFF ends the mail.\n')).toBe(true);
  });
});
