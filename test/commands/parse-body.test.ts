import { describe, expect, it } from 'vitest';
import { parseBody } from '../../src/commands/index.ts';
import { wordedErrors } from '../support/command-words.ts';

describe('blocks', () => {
  it('reads commands for two games in one mail, each under its own SIGNON', () => {
    const body = parseBody(
      [
        'LIST',
        'SIGNON Fgame1 pw1',
        'A PAR - BUR',
        'PRESS TO E',
        'hello',
        'ENDPRESS',
        'SIGNON germany@game2 pw2',
        'A MUN - RUH',
        'SET WAIT',
        'SIGNOFF',
        'A BER - KIE',
      ].join('\n'),
    );
    expect(wordedErrors(body.errors)).toEqual([]);
    expect(body.blocks.map((b) => b.kind)).toEqual(['anonymous', 'session', 'session']);
    const [anonymous, first, second] = body.blocks;
    expect(anonymous).toEqual({ kind: 'anonymous', commands: [{ kind: 'list', line: 1, text: 'LIST', game: null, full: false }] });
    expect(first).toMatchObject({
      opener: { kind: 'signon', game: 'game1', line: 2 },
      commands: [
        { kind: 'order', line: 3, text: 'A PAR - BUR' },
        { kind: 'press', line: 4, body: 'hello' },
      ],
    });
    expect(second).toMatchObject({
      opener: { kind: 'signon', game: 'game2', role: { kind: 'named', name: 'germany' }, line: 7 },
      commands: [
        { kind: 'order', line: 8 },
        { kind: 'set-wait', line: 9 },
      ],
    });
    expect(body.end).toEqual({ kind: 'signoff', line: 10 });
    expect(body.ignoredLineCount).toBe(1);
  });

  it('makes no anonymous block when the mail opens with a SIGNON', () => {
    expect(parseBody('SIGNON Fgame pw\nCLEAR').blocks.map((b) => b.kind)).toEqual(['session']);
  });

  it('an empty mail, or one holding only SIGNOFF, has no blocks', () => {
    expect(parseBody('')).toEqual({ blocks: [], errors: [], end: { kind: 'end-of-text', line: null }, ignoredLineCount: 0, proseLines: [], notes: [] });
    expect(parseBody('SIGNOFF\nanything')).toEqual({
      blocks: [],
      errors: [],
      end: { kind: 'signoff', line: 1 },
      ignoredLineCount: 1,
      proseLines: [],
      notes: [],
    });
  });

  it.each([
    ['LIST', { kind: 'list', game: null }],
    ['LIST game', { kind: 'list', game: 'game' }],
    ['SUMMARY game', { kind: 'summary', game: 'game' }],
    ['HISTORY game', { kind: 'history', game: 'game' }],
    ['MAP game', { kind: 'map', game: 'game' }],
    ['SEARCH forming', { kind: 'search', words: ['forming'] }],
    ['HELP', { kind: 'help' }],
    ['VERSION', { kind: 'version' }],
    ['GET DEDICATION', { kind: 'get-dedication' }],
    ['INFO PLAYER p1@players.example', { kind: 'info-player', address: 'p1@players.example' }],
    ['PURGE game pw', { kind: 'master', command: 'PURGE' }],
    ['RENAME game other pw', { kind: 'master', command: 'RENAME' }],
  ])('allows %s before any SIGNON', (line, expected) => {
    const body = parseBody(line);
    expect(wordedErrors(body.errors)).toEqual([]);
    expect(body.blocks).toEqual([{ kind: 'anonymous', commands: [expect.objectContaining(expected)] }]);
  });

  it.each([
    ['A PAR - BUR', 'this is not a command, and orders need a SIGNON first'],
    ['CLEAR', 'CLEAR needs a SIGNON first'],
    ['STATUS', 'STATUS needs a SIGNON first'],
    ['SET NO WAIT', 'SET NO WAIT needs a SIGNON first'],
    ['SET PASSWORD pw', 'SET PASSWORD needs a SIGNON first'],
    ['VOTE DIAS', 'VOTE needs a SIGNON first'],
    ['PROCESS', 'PROCESS needs a SIGNON first'],
    ['RESIGN', 'RESIGN needs a SIGNON first'],
    ['SUMMARY', 'SUMMARY needs a game name, e.g. SUMMARY game'],
    ['HISTORY', 'HISTORY needs a game name, e.g. HISTORY game'],
  ])('refuses %s before any SIGNON', (line, message) => {
    const body = parseBody(`${line}\nLIST`);
    expect(wordedErrors(body.errors)).toEqual([{ line: 1, text: line === 'SET PASSWORD pw' ? 'SET PASSWORD ****' : line, message, block: 0 }]);
    expect(body.blocks).toEqual([{ kind: 'anonymous', commands: [expect.objectContaining({ kind: 'list', line: 2 })] }]);
  });

  it('JOIN, OBSERVE, TAKEOVER and RESIGN open blocks of their own', () => {
    const body = parseBody(
      [
        'JOIN game1 pw',
        'PRESS TO M',
        'hi',
        'ENDPRESS',
        'OBSERVE me@game2 pw',
        'BROADCAST',
        'hello',
        'ENDPRESS',
        'TAKEOVER italy@game3 pw',
        'A ROM H',
        'RESIGN austria@game4 pw',
        'PRESS TO MASTER',
        'bye',
      ].join('\n'),
    );
    expect(wordedErrors(body.errors)).toEqual([]);
    expect(body.blocks.map((b) => (b.kind === 'session' ? `${b.opener.kind}:${b.commands.map((c) => c.kind).join(',')}` : b.kind))).toEqual([
      'join:press',
      'observe:press',
      'takeover:order',
      'resign:press',
    ]);
  });

  it('keeps RESIGN alone and RESIGN power inside the current block', () => {
    const body = parseBody('SIGNON Mgame pw\nRESIGN France\nSIGNON Fgame2 pw\nRESIGN');
    expect(body.blocks).toHaveLength(2);
    expect(body.blocks[0]).toMatchObject({ commands: [{ kind: 'master', command: 'RESIGN', args: ['France'] }] });
    expect(body.blocks[1]).toMatchObject({ commands: [{ kind: 'resign-self' }] });
  });

  it('reads the status lines after CREATE up to SIGNOFF (DPjudge FAQ example)', () => {
    const body = parseBody(
      [
        'CREATE mygamename masterPassword',
        'private privacyPassword',
        'desc A standard game on the standard map.',
        'map standard',
        'timing move 2d',
        'Rule no_press coastal_Convoy',
        'rule power_choice',
        'form',
        'Signoff',
      ].join('\n'),
    );
    expect(wordedErrors(body.errors)).toEqual([]);
    expect(body.blocks).toEqual([
      {
        kind: 'create',
        opener: expect.objectContaining({ game: 'mygamename', password: 'masterPassword', redactedText: 'CREATE mygamename ****' }),
        settings: [
          { kind: 'private', line: 2, text: 'private ****', privacy: 'privacyPassword' },
          { kind: 'description', line: 3, text: 'desc A standard game on the standard map.', description: 'A standard game on the standard map.' },
          { kind: 'variant', line: 4, text: 'map standard', keyword: 'MAP', name: 'standard' },
          { kind: 'timing', line: 5, text: 'timing move 2d', args: 'move 2d' },
          {
            kind: 'rules',
            line: 6,
            text: 'Rule no_press coastal_Convoy',
            rules: [
              { name: 'NO_PRESS', negated: false },
              { name: 'COASTAL_CONVOY', negated: false },
            ],
          },
          { kind: 'rules', line: 7, text: 'rule power_choice', rules: [{ name: 'POWER_CHOICE', negated: false }] },
          { kind: 'form', line: 8, text: 'form' },
        ],
      },
    ]);
    expect(body.end).toEqual({ kind: 'signoff', line: 9 });
  });

  it.each([
    ['VARIANT payola', { kind: 'variant', keyword: 'VARIANT', name: 'payola' }],
    [
      'RULES !no_press, eavesdrop!',
      {
        kind: 'rules',
        rules: [
          { name: 'NO_PRESS', negated: true },
          { name: 'EAVESDROP!', negated: false },
        ],
      },
    ],
    ['ZONE Europe/London', { kind: 'zone', zone: 'Europe/London' }],
    ['SET UNLISTED', { kind: 'listed', listed: false }],
    ['SETLISTED', { kind: 'listed', listed: true }],
    ['DESCRIPTION   spaced   out  ', { kind: 'description', description: 'spaced   out' }],
  ])('CREATE status line %s', (line, expected) => {
    const body = parseBody(`CREATE g pw\n${line}`);
    expect(wordedErrors(body.errors)).toEqual([]);
    expect(body.blocks[0]).toMatchObject({ kind: 'create', settings: [{ line: 2, ...expected }] });
  });

  it.each([
    [
      'GAME othername',
      '"GAME" is not a game setting; after CREATE write MAP, VARIANT, RULE, DESC, PRIVATE, TIMING, ZONE, FORM, SET UNLISTED or SET DEDICATION / ONTIMERAT / RESRAT',
    ],
    [
      'A PAR - BUR',
      '"A" is not a game setting; after CREATE write MAP, VARIANT, RULE, DESC, PRIVATE, TIMING, ZONE, FORM, SET UNLISTED or SET DEDICATION / ONTIMERAT / RESRAT',
    ],
    ['MAP', 'MAP takes one name'],
    ['RULE', 'RULE needs at least one rule'],
    ['RULE no-press', '"no-press" is not a rule name'],
    ['PRIVATE', 'PRIVATE takes one word, the privacy password'],
    ['TIMING', 'TIMING needs settings, e.g. TIMING NEXT 2D AT 12:00'],
    ['FORM now', 'FORM takes no arguments'],
  ])('reports a bad CREATE status line: %s', (line, message) => {
    const body = parseBody(`CREATE g pw\n${line}\nFORM`);
    expect(wordedErrors(body.errors)).toEqual([{ line: 2, text: line, message, block: 0 }]);
    expect(body.blocks[0]).toMatchObject({ kind: 'create', settings: [{ kind: 'form', line: 3 }] });
  });

  it('a CREATE block ends at the next opener', () => {
    const body = parseBody('CREATE g pw\nFORM\nSIGNON Mg pw\nFORM');
    expect(body.blocks).toMatchObject([
      { kind: 'create', settings: [{ kind: 'form' }] },
      { kind: 'session', commands: [{ kind: 'master', command: 'FORM' }] },
    ]);
  });

  it('collects every error with its line, never stopping at the first', () => {
    const body = parseBody('CLEAR\nSIGNON Fgame pw\nVOTE MAYBE\nA PAR - BUR\nSET ZONE\nSIGNON Ggame\nSTATUS now\nSIGNON Egame pw\nPRESS\nx');
    expect(body.errors.map((e) => [e.line, e.block])).toEqual([
      [1, 0],
      [3, 1],
      [5, 1],
      [6, 2],
      [7, 2],
      [9, 3],
    ]);
    expect(body.blocks.map((b) => b.kind)).toEqual(['anonymous', 'session', 'broken', 'session']);
    expect(body.blocks[1]).toMatchObject({ commands: [{ kind: 'order', line: 4 }] });
  });

  it('never lets a password reach an error or a redacted text', () => {
    const body = parseBody(
      [
        'SIGNON France@game hunter2 extra',
        'JOIN game',
        'SET PASSWORD hunter2',
        'TAKEOVER italy@game hunter2 hunter2x',
        'SIGNON Fgame hunter2',
        'PRESS TO E',
        'SIGNON Ggame hunter2',
        'SIGNOFF',
      ].join('\n'),
    );
    expect(body.errors.length).toBeGreaterThan(0);
    const exposed = JSON.stringify({
      errors: wordedErrors(body.errors),
      redacted: body.blocks.map((b) => (b.kind === 'broken' ? b.redactedText : b.kind === 'anonymous' ? '' : b.opener.redactedText)),
      texts: body.blocks.flatMap((b) => (b.kind === 'create' ? b.settings.map((s) => s.text) : b.commands.map((c) => c.text))),
    });
    expect(exposed).not.toContain('hunter2');
    expect(body.errors[0]).toMatchObject({ text: 'SIGNON France@game **** ****' });
  });
});

describe('replies that quote the judge', () => {
  it('skips quoted lines outside press and keeps them inside press', () => {
    const parsed = parseBody('SIGNON Fdemo pw\n> Movement results for Spring of 1901.\n>> A Par - Bur\nA Par - Bur\nPRESS TO E\n> you said\nfine\nENDPRESS');
    expect(wordedErrors(parsed.errors)).toEqual([]);
    const commands = parsed.blocks[0]!.kind === 'session' ? parsed.blocks[0]!.commands : [];
    expect(commands.filter((c) => c.kind === 'order').map((c) => c.text)).toEqual(['A Par - Bur']);
    const press = commands.find((c) => c.kind === 'press');
    expect(press && press.kind === 'press' ? press.body : '').toBe('> you said\nfine');
  });
});
