import { describe, expect, it } from 'vitest';
import { parseBody } from '../../src/commands/index.ts';
import { command, commandError, inSession } from './helpers.ts';
import { wordedErrors } from '../support/command-words.ts';

function options(line: string) {
  const parsed = command(line);
  if (parsed.kind !== 'press') throw new Error(`not press: ${parsed.kind}`);
  return parsed.options;
}

const only = (...tokens: string[]) => ({ kind: 'only', tokens });
const allBut = (...tokens: string[]) => ({ kind: 'all-but', tokens });

describe('PRESS and BROADCAST options', () => {
  it.each([
    // recipients
    ['PRESS TO A', { to: only('A'), fake: null, sender: null, quiet: false }],
    ['PRESS TO AUSTRIA', { to: only('AUSTRIA') }],
    ['press to fai', { to: only('fai') }],
    ['PRESS TO France, Austria', { to: only('France', 'Austria') }],
    ['PRESS TO France,Russia, austria, Master, kibitzer#1', { to: only('France', 'Russia', 'austria', 'Master', 'kibitzer#1') }],
    ['PRESS TO France Italy', { to: only('France', 'Italy') }],
    ['PRESS TO M', { to: only('M') }],
    ['PRESS TO O', { to: only('O') }],
    ['PRESS TO 124M', { to: only('124M') }],
    ['PRESS +FAI', { to: only('FAI') }],
    ['PRESS + FAI', { to: only('FAI') }],
    ['PRESS TO ALL', { to: { kind: 'all' } }],
    ['PRESS TO ALL BUT E', { to: allBut('E') }],
    ['PRESS TO ALL BUT RO', { to: allBut('RO') }],
    ['PRESS -E', { to: allBut('E') }],
    ['PRESS - England, Germany', { to: allBut('England', 'Germany') }],
    // claimed recipients
    ['PRESS TO A FAKE TO AT', { to: only('A'), fake: { kind: 'list', recipients: only('AT') } }],
    ['PRESS TO AUSTRIA FAKE BROADCAST', { to: only('AUSTRIA'), fake: { kind: 'broadcast' } }],
    ['PRESS FAKE BROADCAST TO AUSTRIA', { to: only('AUSTRIA'), fake: { kind: 'broadcast' } }],
    ['PRESS TO FRG FAKE', { to: only('FRG'), fake: { kind: 'broadcast' } }],
    ['PRESS FAKE TO FRG', { to: { kind: 'all' }, fake: { kind: 'list', recipients: only('FRG') } }],
    ['PRESS TO ALL BUT G FAKE BROADCAST', { to: allBut('G'), fake: { kind: 'broadcast' } }],
    ['PRESS TO A FAKE +AR', { to: only('A'), fake: { kind: 'list', recipients: only('AR') } }],
    ['PRESS TO A FAKE PARTIAL AR', { to: only('A'), fake: { kind: 'list', recipients: only('AR') } }],
    ['PRESS TO A FAKE TO ALL', { to: only('A'), fake: { kind: 'broadcast' } }],
    ['PRESS TO A NO FAKE', { to: only('A'), fake: { kind: 'none' } }],
    ['BROADCAST FAKE TO AIRE', { to: { kind: 'all' }, fake: { kind: 'list', recipients: only('AIRE') } }],
    ['BROADCAST FAKE TO AUSTRIA,ENGLAND,ITALY,RUSSIA', { fake: { kind: 'list', recipients: only('AUSTRIA', 'ENGLAND', 'ITALY', 'RUSSIA') } }],
    // claimed sender
    ['BROADCAST', { to: { kind: 'all' }, fake: null, sender: null }],
    ['BROADCAST FROM G', { to: { kind: 'all' }, sender: { kind: 'fake-from', token: 'G' } }],
    ['BROADCAST FAKE FROM G', { sender: { kind: 'fake-from', token: 'G' }, fake: null }],
    ['PRESS TO A FROM G', { to: only('A'), sender: { kind: 'fake-from', token: 'G' } }],
    ['PRESS FAKE FROM G TO A', { to: only('A'), sender: { kind: 'fake-from', token: 'G' } }],
    ['PRESS TO A FAKE TO AR FROM T', { to: only('A'), fake: { kind: 'list', recipients: only('AR') }, sender: { kind: 'fake-from', token: 'T' } }],
    ['PRESS FAKE FROM T TO A FAKE TO AR', { to: only('A'), fake: { kind: 'list', recipients: only('AR') }, sender: { kind: 'fake-from', token: 'T' } }],
    ['PRESS WHITE TO AF', { to: only('AF'), sender: { kind: 'white' } }],
    ['PRESS TO AF WHITE', { to: only('AF'), sender: { kind: 'white' } }],
    ['PRESS GREY TO AF', { to: only('AF'), sender: { kind: 'grey' } }],
    ['PRESS GRAY TO AUSTRIA, FRANCE', { to: only('AUSTRIA', 'FRANCE'), sender: { kind: 'grey' } }],
    ['PRESS TO AUSTRIA, FRANCE GREY', { to: only('AUSTRIA', 'FRANCE'), sender: { kind: 'grey' } }],
    ['PRESS WHITE TO A FAKE TO AI', { to: only('A'), fake: { kind: 'list', recipients: only('AI') }, sender: { kind: 'white' } }],
    // echo
    ['PRESS TO E QUIET', { to: only('E'), quiet: true }],
    ['BROADCAST QUIET GREY', { to: { kind: 'all' }, quiet: true, sender: { kind: 'grey' } }],
  ])('%s', (line, expected) => {
    expect(options(line)).toMatchObject(expected);
  });

  it('marks the command word', () => {
    expect(command('BROADCAST')).toMatchObject({ kind: 'press', broadcast: true });
    expect(command('PRESS TO E')).toMatchObject({ kind: 'press', broadcast: false });
  });

  it.each([
    ['PRESS', 'PRESS: say who the press is for, e.g. PRESS TO France (or use BROADCAST)'],
    ['PRESS TO', 'PRESS: TO needs a list of powers'],
    ['PRESS TO ALL BUT', 'PRESS: TO ALL BUT needs a list of powers'],
    ['PRESS TO A TO B', 'PRESS: the recipients are given twice'],
    ['PRESS TO A +B', 'PRESS: the recipients are given twice'],
    ['PRESS TO A GREY WHITE', 'PRESS: the sender is given twice'],
    ['PRESS TO A FROM', 'PRESS: FROM needs exactly one power'],
    ['PRESS TO A FROM G T', 'PRESS: FROM needs exactly one power'],
    ['PRESS TO A FAKE BROADCAST FAKE TO B', 'PRESS: FAKE is given twice'],
    ['BROADCAST BUT', 'BROADCAST: I do not understand "BUT" here'],
  ])('%s is refused', (line, message) => {
    const { body, block } = inSession(`${line}\nsecret plans\nENDPRESS\nA PAR - BUR`);
    expect(wordedErrors(body.errors)).toEqual([{ line: 2, text: line, message, block: 0, consumedLines: [3, 4] }]);
    // The press text is swallowed with the refused press, never read as orders.
    expect(block.commands).toEqual([{ kind: 'order', line: 5, text: 'A PAR - BUR' }]);
  });
});

describe('press text', () => {
  it('keeps its lines verbatim, blank lines included, up to ENDPRESS', () => {
    const { body, block } = inSession('PRESS TO E\n  Dear England,\n\n    let us talk.  \n\nENDPRESS\nA PAR - BUR');
    expect(wordedErrors(body.errors)).toEqual([]);
    expect(block.commands[0]).toMatchObject({
      kind: 'press',
      line: 2,
      lines: [
        { line: 3, text: '  Dear England,' },
        { line: 4, text: '' },
        { line: 5, text: '    let us talk.  ' },
        { line: 6, text: '' },
      ],
      body: '  Dear England,\n\n    let us talk.  ',
      end: { kind: 'endpress', line: 7 },
    });
    expect(block.commands[1]).toEqual({ kind: 'order', line: 8, text: 'A PAR - BUR' });
  });

  it('reads orders and commands inside press as text', () => {
    const { block } = inSession('BROADCAST\nA PAR - BUR\nSET WAIT\nPRESS TO F\nEND BROADCAST');
    expect(block.commands).toHaveLength(1);
    expect(block.commands[0]).toMatchObject({ kind: 'press', body: 'A PAR - BUR\nSET WAIT\nPRESS TO F', end: { kind: 'endbroadcast', line: 6 } });
  });

  it('ENDBROADCAST ends a PRESS and ENDPRESS ends a BROADCAST', () => {
    const { block } = inSession('PRESS TO E\nx\nENDBROADCAST\nBROADCAST\ny\nENDPRESS\nCLEAR');
    expect(block.commands.map((c) => c.kind)).toEqual(['press', 'press', 'clear']);
    expect(block.commands[0]).toMatchObject({ end: { kind: 'endbroadcast', line: 4 } });
    expect(block.commands[1]).toMatchObject({ end: { kind: 'endpress', line: 7 } });
  });

  it('drops // lines even inside press', () => {
    const { block } = inSession('PRESS TO E\nkeep this\n// not this\n   // nor this\nkeep that\nENDPRESS');
    expect(block.commands[0]).toMatchObject({ body: 'keep this\nkeep that', lines: [{ line: 3 }, { line: 6 }] });
  });

  it('SIGNOFF ends the press and the message', () => {
    const body = parseBody('SIGNON Fgame pw\nPRESS TO E\nhello\nSIGN OFF\nA PAR - BUR\nmy signature');
    const block = body.blocks[0]!;
    expect(block.kind === 'session' && block.commands).toEqual([expect.objectContaining({ kind: 'press', body: 'hello', end: { kind: 'signoff', line: 4 } })]);
    expect(body.end).toEqual({ kind: 'signoff', line: 4 });
    expect(body.ignoredLineCount).toBe(2);
  });

  it('a signature line ends the press and the message', () => {
    const body = parseBody('SIGNON Fgame pw\nBROADCAST\nhello all\n-- \nAlice, alice@example.org');
    const block = body.blocks[0]!;
    expect(block.kind === 'session' && block.commands[0]).toMatchObject({ body: 'hello all', end: { kind: 'signature', line: 4 } });
    expect(body.end).toEqual({ kind: 'signature', line: 4 });
    expect(body.ignoredLineCount).toBe(1);
  });

  it('runs to the end of the mail without ENDPRESS', () => {
    const { body, block } = inSession('PRESS TO E\nhello\nA PAR - BUR\n');
    expect(block.commands[0]).toMatchObject({ body: 'hello\nA PAR - BUR', end: { kind: 'end-of-text', line: null } });
    expect(body.end).toEqual({ kind: 'end-of-text', line: null });
  });

  it.each([
    ['SIGNON Ggame2 secret', 'SIGNON'],
    ['sign on Ggame2 secret', 'SIGN ON'],
    ['JOIN game2 secret', 'JOIN'],
    ['JOIN france@game2 secret privacy', 'JOIN'],
    ['CREATE game2 secret standard', 'CREATE'],
    ['TAKEOVER italy@game2 secret', 'TAKEOVER'],
    ['OBSERVE me@game2 secret', 'OBSERVE'],
    ['MONITOR me@game2 secret', 'MONITOR'],
    ['RESIGN Ggame2 secret', 'RESIGN'],
    ['PURGE game2 secret', 'PURGE'],
  ])('refuses press holding "%s" (a forgotten ENDPRESS would leak the password)', (line, keyword) => {
    const body = parseBody(`SIGNON Fgame pw\nPRESS TO E\nsee you\n${line}\nA PAR - BUR\nSIGNOFF`);
    expect(wordedErrors(body.errors)).toEqual([
      {
        line: 2,
        text: 'PRESS TO E',
        message: `press refused: it contains a ${keyword} line with a password; did you forget ENDPRESS?`,
        block: 0,
        consumedLines: [3, 4, 5],
      },
    ]);
    expect(body.blocks).toEqual([expect.objectContaining({ kind: 'session', commands: [] })]);
    expect(JSON.stringify(wordedErrors(body.errors))).not.toContain('secret');
  });

  it.each(['I will join you in Galicia', 'Sign on the dotted line, please', 'signon', 'JOIN me', 'Hello there my friend', 'Watch out for Turkey'])(
    'lets "%s" through: not an opener with a password',
    (line) => {
      const { body, block } = inSession(`PRESS TO E\n${line}\nENDPRESS`);
      expect(wordedErrors(body.errors)).toEqual([]);
      expect(block.commands[0]).toMatchObject({ kind: 'press', body: line });
    },
  );

  it('errs on the side of the password: any 3 to 5 word line opening with such a keyword is refused', () => {
    const { body } = inSession('PRESS TO E\nSign on the dotted line\nENDPRESS');
    expect(wordedErrors(body.errors)[0]?.message).toBe('press refused: it contains a SIGN ON line with a password; did you forget ENDPRESS?');
  });

  it('refuses press before any SIGNON, swallowing its text', () => {
    const body = parseBody('PRESS TO E\nA PAR - BUR\nENDPRESS\nLIST');
    expect(wordedErrors(body.errors)).toEqual([{ line: 1, text: 'PRESS TO E', message: 'PRESS needs a SIGNON first', block: 0, consumedLines: [2, 3] }]);
    expect(body.blocks).toEqual([{ kind: 'anonymous', commands: [expect.objectContaining({ kind: 'list', line: 4 })] }]);
  });

  it('is refused in the command list when the options are wrong', () => {
    expect(commandError('PRESS TO').message).toBe('PRESS: TO needs a list of powers');
  });
});
