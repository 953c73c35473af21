import { expect, it } from 'vitest';
import { MAX_LINE, wrapLongLines } from '../../src/render/wrap.ts';

// The judge's replies and notices go out with lines of at most 76 characters (src/mail/outgoing-message.ts).

it('wraps paragraphs at the margin, reasons two spaces further in, quotes with their mark', () => {
  const text = [
    'Lines 6-7 read as a greeting or signature, not as commands, and were ignored.',
    'Line 2: A Pra - Bur',
    '  "Pra" is not a province on this map; did you mean Par (Paris) or Pru (Prussia)? Write it again.',
    '> SIGNON Fdemo **** followed by a long title that goes on beyond the seventy-six columns',
    'short',
    '',
  ].join('\n');
  expect(wrapLongLines(text)).toBe(
    [
      'Lines 6-7 read as a greeting or signature, not as commands, and were',
      'ignored.',
      'Line 2: A Pra - Bur',
      '  "Pra" is not a province on this map; did you mean Par (Paris) or Pru',
      '    (Prussia)? Write it again.',
      '> SIGNON Fdemo **** followed by a long title that goes on beyond the',
      '> seventy-six columns',
      'short',
      '',
    ].join('\n'),
  );
});

it('leaves short text byte for byte, and a word longer than a line whole', () => {
  const table = 'Austria:     someone@somewhere\n   France     3 centres, 3 units: F bre, A mar, A par\n';
  expect(wrapLongLines(table)).toBe(table);
  const url = `see https://example.org/${'a'.repeat(90)} for more`;
  expect(wrapLongLines(url)).toBe(`see\nhttps://example.org/${'a'.repeat(90)}\nfor more`);
  const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
  const wrapped = wrapLongLines(long).split('\n');
  expect(wrapped.every((line) => line.length <= MAX_LINE)).toBe(true);
  expect(wrapped.join(' ')).toBe(long);
});
