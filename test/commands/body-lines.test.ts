import { describe, expect, it } from 'vitest';
import { isSignatureLine, splitBodyLines, splitOnDeclaredNewline, stripTrailingBreak } from '../../src/commands/body-lines.ts';
import { parseBody } from '../../src/commands/index.ts';
import { wordedErrors } from '../support/command-words.ts';

describe('splitBodyLines', () => {
  it('numbers lines as sent, for \\n, \\r\\n and \\r', () => {
    expect(splitBodyLines('a\r\nb\rc\nd')).toEqual([
      { line: 1, text: 'a' },
      { line: 2, text: 'b' },
      { line: 3, text: 'c' },
      { line: 4, text: 'd' },
    ]);
  });

  it('drops // lines, also indented ones, but keeps their numbers out', () => {
    expect(splitBodyLines('// CREATE mygame pw\nSIGNON X@game password\n   // PRESS TO A\nPRESS TO E')).toEqual([
      { line: 2, text: 'SIGNON X@game password' },
      { line: 4, text: 'PRESS TO E' },
    ]);
  });

  it('keeps a // that is not at the start of the line', () => {
    expect(splitBodyLines('see http://example.org')).toEqual([{ line: 1, text: 'see http://example.org' }]);
  });

  it.each([
    ['A PAR - BUR<br>', 'A PAR - BUR'],
    ['A PAR - BUR <BR />', 'A PAR - BUR'],
    ['A PAR - BUR<br><br/>', 'A PAR - BUR'],
    ['<br>in the middle<br> stays', '<br>in the middle<br> stays'],
  ])('strips a trailing <br>: %s', (text, expected) => {
    expect(stripTrailingBreak(text)).toBe(expected);
  });

  it.each([
    ['\\\\: signon Emygame mypasswd:list:signoff', [' signon Emygame mypasswd', 'list', 'signoff']],
    ['\\\\\\ summary mygame\\history mygame', [' summary mygame', 'history mygame']],
    ['\\\\; signon Egame passwd;f lon - eng;press to f;This means war!!', [' signon Egame passwd', 'f lon - eng', 'press to f', 'This means war!!']],
    ['  \\\\ | list|help', [' list', 'help']],
    ['\\\\x not a separator', ['\\\\x not a separator']],
    ['\\\\7 digits neither', ['\\\\7 digits neither']],
    ['no marker; here', ['no marker; here']],
  ])('\\\\c makes c a newline: %s', (text, pieces) => {
    expect(splitOnDeclaredNewline(text)).toEqual(pieces);
  });

  it('gives the pieces of a \\\\c line its line number and drops // pieces', () => {
    expect(splitBodyLines('LIST\n\\\\; SIGNON Fg pw;// note;CLEAR')).toEqual([
      { line: 1, text: 'LIST' },
      { line: 2, text: ' SIGNON Fg pw' },
      { line: 2, text: 'CLEAR' },
    ]);
  });

  it.each([
    ['-- ', true],
    ['--', true],
    ['--  \t', true],
    ['---', false],
    [' -- ', false],
    ['-- Alice', false],
  ])('signature separator %j: %s', (text, expected) => {
    expect(isSignatureLine(text)).toBe(expected);
  });
});

describe('the line discipline in parseBody', () => {
  it('reads a whole session from one \\\\c line (DPjudge FAQ example)', () => {
    const body = parseBody('\\\\; signon Egame passwd;f lon - eng;press to f;This means war!!');
    expect(wordedErrors(body.errors)).toEqual([]);
    expect(body.blocks).toEqual([
      {
        kind: 'session',
        opener: expect.objectContaining({ kind: 'signon', game: 'game', role: { kind: 'initial', initial: 'E' }, line: 1 }),
        commands: [
          { kind: 'order', line: 1, text: 'f lon - eng' },
          expect.objectContaining({
            kind: 'press',
            line: 1,
            body: 'This means war!!',
            options: expect.objectContaining({ to: { kind: 'only', tokens: ['f'] } }),
          }),
        ],
      },
    ]);
  });

  it('ends the message at SIGNOFF inside a \\\\c line', () => {
    const body = parseBody('\\\\: signon Emygame mypasswd:list:signoff:A PAR - BUR');
    expect(body.end).toEqual({ kind: 'signoff', line: 1 });
    expect(body.ignoredLineCount).toBe(1);
    expect(body.blocks[0]).toMatchObject({ kind: 'session', commands: [{ kind: 'list' }] });
  });

  it('skips blank lines outside press', () => {
    const body = parseBody('\n\nSIGNON Fgame pw\n\n   \nCLEAR\n\n');
    expect(wordedErrors(body.errors)).toEqual([]);
    expect(body.blocks[0]).toMatchObject({ commands: [{ kind: 'clear', line: 6 }] });
  });

  it('stops at a signature outside press too', () => {
    const body = parseBody('SIGNON Fgame pw\nCLEAR\n-- \nAlice\nA PAR - BUR');
    expect(body.end).toEqual({ kind: 'signature', line: 3 });
    expect(body.ignoredLineCount).toBe(2);
    expect(body.blocks[0]).toMatchObject({ commands: [{ kind: 'clear' }] });
  });
});
