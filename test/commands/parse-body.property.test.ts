import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBlank, isQuotedLine, splitBodyLines } from '../../src/commands/body-lines.ts';
import { parseBody, type Block, type Command, type ParsedBody } from '../../src/commands/index.ts';
import { commandProblemText } from '../../src/render/command-problems.ts';

// Random mails built from the pieces players (and their mailers) really send,
// mixed with arbitrary text.

const fragments = [
  'SIGNON Fgame secret',
  'SIGN ON France@game secret',
  'SIGNON Mgame',
  'SIGNON 3game secret',
  'signon Fgame secretSIGNOFF',
  'JOIN game secret',
  'JOIN game',
  'OBSERVE me@game secret priv',
  'MONITOR me@game',
  'RESIGN Fgame secret',
  'RESIGN',
  'RESIGN France',
  'TAKEOVER italy@game secret',
  'CREATE game secret standard',
  'RULE no_press !fake_press',
  'MAP standard',
  'DESC a game',
  'PRIVATE word',
  'FORM',
  'SET UNLISTED',
  'PRESS TO FAI',
  'PRESS',
  'PRESS TO ALL BUT E',
  'BROADCAST GREY',
  'PRESS FAKE TO',
  'ENDPRESS',
  'END BROADCAST',
  'SIGNOFF',
  'SIGN OFF',
  '-- ',
  '// comment',
  '  // SIGNON Fgame secret',
  '\\\\; LIST;CLEAR;A PAR - BUR',
  '\\\\: PRESS TO E:hi:ENDPRESS',
  'A PAR - BUR',
  'F BRE - MAO<br>',
  'LIST',
  'LIST game',
  'SUMMARY',
  'HISTORY game',
  'SET NO WAIT',
  'SET PASSWORD new',
  'SET ABSENCE 24 DEC TO',
  'SET FOO',
  'VOTE 3WAY',
  'VOTE MAYBE',
  'PROCESS!',
  'PURGE game secret',
  'Hello,',
  '',
  '   ',
];

const line = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...fragments) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...fragments).chain((f) => fc.string({ maxLength: 12 }).map((s) => `${f} ${s}`)) },
);
const mail = fc.tuple(fc.array(line, { maxLength: 40 }), fc.constantFrom('\n', '\r\n', '\r')).map(([lines, eol]) => lines.join(eol));

function commandLines(command: Command): number[] {
  if (command.kind !== 'press') return [command.line];
  const lines = [command.line, ...command.lines.filter((l) => !isBlank(l.text)).map((l) => l.line)];
  if ((command.end.kind === 'endpress' || command.end.kind === 'endbroadcast') && command.end.line !== null) lines.push(command.end.line);
  return lines;
}

function blockLines(block: Block): number[] {
  switch (block.kind) {
    case 'anonymous':
      return block.commands.flatMap(commandLines);
    case 'session':
      return [block.opener.line, ...block.commands.flatMap(commandLines)];
    case 'create':
      return [block.opener.line, ...block.settings.map((s) => s.line)];
    case 'broken':
      // The opener line itself is in the error that explains why the block is broken.
      return block.commands.flatMap(commandLines);
  }
}

/** Every line the result accounts for, once per logical line. */
function accountedLines(body: ParsedBody): number[] {
  const lines = [
    ...body.blocks.flatMap(blockLines),
    ...body.errors.flatMap((e) => [e.line, ...(e.consumedLines ?? [])]),
    ...body.proseLines,
    ...body.notes.flatMap((n) => [n.line, ...n.consumedLines]),
  ];
  if (body.end.line !== null && body.end.kind !== 'glued-signoff') lines.push(body.end.line);
  return lines.sort((a, b) => a - b);
}

describe('parseBody on random mails', () => {
  it('never throws', () => {
    fc.assert(
      fc.property(fc.oneof(mail, fc.string({ maxLength: 400 })), (text) => {
        parseBody(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('accounts for every line read in an opener, command, setting, press or error (quoted reply lines only inside press)', () => {
    fc.assert(
      fc.property(mail, (text) => {
        const body = parseBody(text);
        const significant = splitBodyLines(text).filter((l) => !isBlank(l.text));
        const read = significant.slice(0, significant.length - body.ignoredLineCount);
        // Quoted reply lines are skipped outside press and kept inside it, so per line number the
        // pieces accounted for lie between the unquoted pieces read and all pieces read.
        const count = (lines: readonly number[]) => lines.reduce((m, l) => m.set(l, (m.get(l) ?? 0) + 1), new Map<number, number>());
        const all = count(read.map((l) => l.line));
        const unquoted = count(read.filter((l) => !isQuotedLine(l.text)).map((l) => l.line));
        const accounted = count(accountedLines(body));
        for (const [line, n] of accounted) expect(n).toBeLessThanOrEqual(all.get(line) ?? 0);
        for (const [line, n] of unquoted) expect(accounted.get(line) ?? 0).toBeGreaterThanOrEqual(n);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives every error a block that exists, and a password never shows in an error', () => {
    fc.assert(
      fc.property(mail, (text) => {
        const body = parseBody(text);
        for (const error of body.errors) {
          expect(error.block).toBeGreaterThanOrEqual(0);
          expect(error.block).toBeLessThan(body.blocks.length);
          expect(error.text + commandProblemText(error.problem)).not.toContain('secret');
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('puts only LIST-like commands, PURGE and RENAME in the anonymous block', () => {
    fc.assert(
      fc.property(mail, (text) => {
        const anonymous = parseBody(text).blocks.find((b) => b.kind === 'anonymous');
        for (const command of anonymous?.commands ?? []) {
          expect(['list', 'summary', 'history', 'map', 'search', 'help', 'version', 'get-dedication', 'info-player', 'master']).toContain(command.kind);
          if (command.kind === 'master') expect(['PURGE', 'RENAME']).toContain(command.command);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
