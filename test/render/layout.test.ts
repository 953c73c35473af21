import { describe, expect, it } from 'vitest';
import { paddedPowerPrefix, wrapAfterComma, wrapAtBlank } from '../../src/render/layout.ts';

// Line breaking copied from njudge: st_movement.c breaks the dislodged-unit sentences at the last
// blank before column 80 (docs/mail_format.html shows "…can retreat to Apulia or Greece or" /
// "Eastern Mediterranean."); lib.c `wrap_char` breaks ownership lists after a comma and indents
// the rest (jDip's AdjustmentParserTest shows "France:    Belgium, Brest, …," / "           Portugal, Spain.").

describe('wrapAtBlank', () => {
  it('breaks the Ionian Sea sentence exactly where njudge broke it', () => {
    const sentence = 'The Austrian Fleet in the Ionian Sea can retreat to Apulia or Greece or Eastern Mediterranean.';
    expect(wrapAtBlank(sentence)).toBe('The Austrian Fleet in the Ionian Sea can retreat to Apulia or Greece or\nEastern Mediterranean.');
  });

  it('leaves a line of 78 characters alone and breaks one that reaches column 80', () => {
    const short = `${'x'.repeat(70)} ${'y'.repeat(7)}`;
    expect(wrapAtBlank(short)).toBe(short);
    const long = `${'x'.repeat(70)} ${'y'.repeat(9)}`;
    expect(wrapAtBlank(long)).toBe(`${'x'.repeat(70)}\n${'y'.repeat(9)}`);
  });

  it('breaks a very long sentence more than once', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const lines = wrapAtBlank(words).split('\n');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.every((l) => l.length <= 79)).toBe(true);
    expect(lines.join(' ')).toBe(words);
  });
});

describe('wrapAfterComma', () => {
  it('continues after the last comma that fits, indented to the list column', () => {
    const line = 'Germany:   Belgium, Berlin, Brest, Denmark, Edinburgh, Holland, Kiel, London, Liverpool, Marseilles.';
    const wrapped = wrapAfterComma(line, 11);
    expect(wrapped).toBe('Germany:   Belgium, Berlin, Brest, Denmark, Edinburgh, Holland, Kiel, London,\n           Liverpool, Marseilles.');
  });

  it('leaves a short list alone', () => {
    expect(wrapAfterComma('Austria:   Budapest, Trieste, Vienna.', 11)).toBe('Austria:   Budapest, Trieste, Vienna.');
  });
});

describe('paddedPowerPrefix', () => {
  it('starts the order in column 26 as njudge 1.7 (LPOWER 24) does', () => {
    expect(paddedPowerPrefix('Austria')).toHaveLength(26);
    expect(paddedPowerPrefix('Italy')).toBe(`Italy: ${' '.repeat(19)}`);
  });
});
