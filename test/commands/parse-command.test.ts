import { describe, expect, it } from 'vitest';
import { command, commandError } from './helpers.ts';
import { commandProblemText } from '../../src/render/command-problems.ts';

describe('in-session command spellings (njudge and DPjudge)', () => {
  it.each([
    // orders and plain words
    ['A PAR - BUR', { kind: 'order', text: 'A PAR - BUR' }],
    ['  f bre-mao  ', { kind: 'order', text: 'f bre-mao' }],
    ['BUILD A LON', { kind: 'order' }],
    ['hello', { kind: 'order' }],
    // clearing and status
    ['CLEAR', { kind: 'clear' }],
    ['clear', { kind: 'clear' }],
    ['NMR', { kind: 'clear' }],
    ['STATUS', { kind: 'status' }],
    ['RESIGN', { kind: 'resign-self' }],
    ['withdraw', { kind: 'resign-self' }],
    // information
    ['LIST', { kind: 'list', game: null, full: false }],
    ['list MyGame', { kind: 'list', game: 'mygame', full: false }],
    ['LIST FULL', { kind: 'list', game: null, full: true }],
    // Game options are read by the judge against its options table (test/judge/game-options.test.ts).
    ['SET COLOUR blue', { kind: 'set-option', words: ['COLOUR', 'blue'], rest: 'COLOUR blue' }],
    ['SET GRACE PRESS', { kind: 'set-option', words: ['GRACE', 'PRESS'], rest: 'GRACE PRESS' }],
    [
      'RULE GREY_PRESS !NO_DIAS',
      {
        kind: 'rules',
        rules: [
          { name: 'GREY_PRESS', negated: false },
          { name: 'NO_DIAS', negated: true },
        ],
      },
    ],
    ['SUMMARY', { kind: 'summary', game: null }],
    ['summary othergame', { kind: 'summary', game: 'othergame' }],
    ['HISTORY game', { kind: 'history', game: 'game', options: '' }],
    ['HISTORY game FROM 1 jan TO 2 feb LINES 50', { kind: 'history', game: 'game', options: 'FROM 1 jan TO 2 feb LINES 50' }],
    ['MAP game pdf', { kind: 'map', game: 'game', phase: null, format: 'png' }],
    ['MAP game f1901m SVG', { kind: 'map', game: 'game', phase: 'F1901M', format: 'svg' }],
    ['SEARCH forming standard', { kind: 'search', words: ['forming', 'standard'] }],
    ['HELP', { kind: 'help' }],
    ['VERSION', { kind: 'version' }],
    ['GET DEDICATION', { kind: 'get-dedication' }],
    ['getdedication', { kind: 'get-dedication' }],
    ['INFO PLAYER', { kind: 'info-player', address: null }],
    ['info player Someone@Example.org', { kind: 'info-player', address: 'someone@example.org' }],
    ['INFO PLAYER <p1@players.example>', { kind: 'info-player', address: 'p1@players.example' }],
    // SET ADDRESS / PASSWORD
    ['SET ADDRESS', { kind: 'set-address', addresses: [] }],
    ['SET ADDRESS me@example.org', { kind: 'set-address', addresses: ['me@example.org'] }],
    ['set address me@example.org,work@example.com', { kind: 'set-address', addresses: ['me@example.org', 'work@example.com'] }],
    ['SETADDRESS a@b.c', { kind: 'set-address', addresses: ['a@b.c'] }],
    ['SET PASSWORD n3wpw', { kind: 'set-password', password: 'n3wpw', text: 'SET PASSWORD ****' }],
    ['set pass word n3wpw', { kind: 'set-password', password: 'n3wpw' }],
    // wait
    ['SET WAIT', { kind: 'set-wait', wait: true }],
    ['SETWAIT', { kind: 'set-wait', wait: true }],
    ['SET NOWAIT', { kind: 'set-wait', wait: false }],
    ['SET NO WAIT', { kind: 'set-wait', wait: false }],
    ['SETNOWAIT', { kind: 'set-wait', wait: false }],
    ['set no  wait', { kind: 'set-wait', wait: false }],
    ['SETNO WAIT', { kind: 'set-wait', wait: false }],
    // draw and concession
    ['SET DRAW', { kind: 'set-draw', tokens: [] }],
    ['SET DRAW AEF', { kind: 'set-draw', tokens: ['AEF'] }],
    ['SET DRAW France, Austria', { kind: 'set-draw', tokens: ['France', 'Austria'] }],
    ['SET NODRAW', { kind: 'set-nodraw' }],
    ['SET NO DRAW', { kind: 'set-nodraw' }],
    ['SET CONCEDE', { kind: 'set-concede', power: null }],
    ['SET CONCEDE G', { kind: 'set-concede', power: 'G' }],
    ['SET CONC Germany', { kind: 'set-concede', power: 'Germany' }],
    ['SET NOCONCEDE', { kind: 'set-noconcede' }],
    ['SET NO CONC', { kind: 'set-noconcede' }],
    ['SET NO CONCEDE', { kind: 'set-noconcede' }],
    // absences
    ['SET ABSENCE 8 AUG 2003', { kind: 'set-absence', from: '8 AUG 2003', to: null }],
    ['SET ABSENCE 24 DEC TO 6 JAN', { kind: 'set-absence', from: '24 DEC', to: '6 JAN' }],
    ['SET ABSENCE TO 13:00', { kind: 'set-absence', from: null, to: '13:00' }],
    ['Set Absence Jan 1 to Jan 15', { kind: 'set-absence', from: 'Jan 1', to: 'Jan 15' }],
    ['SET HOLIDAY Sat to Tue', { kind: 'set-absence', from: 'Sat', to: 'Tue' }],
    ['SET VACATION 24 TO 6', { kind: 'set-absence', from: '24', to: '6' }],
    ['SET ABSENCE tomorrow', { kind: 'set-absence', from: 'tomorrow', to: null }],
    ['SET NO ABSENCE', { kind: 'set-no-absence', date: null }],
    ['SET NOABSENCE 24 DEC', { kind: 'set-no-absence', date: '24 DEC' }],
    ['SET NO HOLIDAY 1 Jan', { kind: 'set-no-absence', date: '1 Jan' }],
    // zone, deadline, grace, listing
    ['SET ZONE Europe/Paris', { kind: 'set-zone', zone: 'Europe/Paris' }],
    ['SET NOZONE', { kind: 'set-zone', zone: null }],
    ['SET NO ZONE', { kind: 'set-zone', zone: null }],
    ['SET DEADLINE Mon 12:00', { kind: 'set-deadline', args: 'Mon 12:00' }],
    ['SET DEADLINE  fri 23  dec 2024  18:30', { kind: 'set-deadline', args: 'fri 23  dec 2024  18:30' }],
    ['SET GRACE 3 days', { kind: 'set-grace', args: '3 days' }],
    ['SET LISTED', { kind: 'set-listed', listed: true }],
    ['SET UNLISTED', { kind: 'set-listed', listed: false }],
    // votes and proposals
    ['VOTE SOLO', { kind: 'vote', choice: 'solo', ways: null }],
    ['vote loss', { kind: 'vote', choice: 'loss', ways: null }],
    ['VOTE DIAS', { kind: 'vote', choice: 'dias', ways: null }],
    ['VOTE DRAW', { kind: 'vote', choice: 'draw', ways: null }],
    ['VOTE YES', { kind: 'vote', choice: 'yes', ways: null }],
    ['VOTE NO', { kind: 'vote', choice: 'no', ways: null }],
    ['VOTE 3WAY', { kind: 'vote', choice: 'n-way', ways: 3 }],
    ['VOTE 2-way', { kind: 'vote', choice: 'n-way', ways: 2 }],
    ['PROPOSE GERMANY', { kind: 'propose', target: { kind: 'power', token: 'GERMANY' } }],
    ['PROPOSE dias', { kind: 'propose', target: { kind: 'dias' } }],
    // future phases
    ['PHASE S 1903 M', { kind: 'phase', args: 'S 1903 M' }],
    ['phase F1902R', { kind: 'phase', args: 'F1902R' }],
    // Master commands
    ['PROCESS', { kind: 'master', command: 'PROCESS', args: [] }],
    ['PROCESS S1902M', { kind: 'master', command: 'PROCESS', args: ['S1902M'] }],
    ['PROCESS!', { kind: 'master', command: 'PROCESS!', args: [] }],
    ['process !', { kind: 'master', command: 'PROCESS!', args: [] }],
    ['PREVIEW', { kind: 'master', command: 'PREVIEW', args: [] }],
    ['ROLLBACK', { kind: 'master', command: 'ROLLBACK', args: [] }],
    ['ROLLBACK FULL RESTORE W1904A', { kind: 'master', command: 'ROLLBACK', args: ['FULL', 'RESTORE', 'W1904A'] }],
    ['ROLLBACK FORMING', { kind: 'master', command: 'ROLLBACK', args: ['FORMING'] }],
    ['ROLLFORWARD F1905M', { kind: 'master', command: 'ROLLFORWARD', args: ['F1905M'] }],
    ['FORM', { kind: 'master', command: 'FORM', args: [] }],
    ['ACTIVATE', { kind: 'master', command: 'ACTIVATE', args: [] }],
    ['WAIT', { kind: 'master', command: 'WAIT', args: [] }],
    ['TERMINATE', { kind: 'master', command: 'TERMINATE', args: [] }],
    ['PURGE oldgame pw', { kind: 'master', command: 'PURGE', args: ['oldgame', 'pw'], text: 'PURGE oldgame ****' }],
    ['RENAME oldgame newgame pw', { kind: 'master', command: 'RENAME', args: ['oldgame', 'newgame', 'pw'], text: 'RENAME oldgame newgame ****' }],
    ['RESIGN France', { kind: 'master', command: 'RESIGN', args: ['France'] }],
    ['DUMMY Italy', { kind: 'master', command: 'DUMMY', args: ['Italy'] }],
    ['REVIVE Italy', { kind: 'master', command: 'REVIVE', args: ['Italy'] }],
    ['REVIVE Italy newpw', { kind: 'master', command: 'REVIVE', args: ['Italy', 'newpw'], text: 'REVIVE Italy ****' }],
    ['BECOME Turkey', { kind: 'master', command: 'BECOME', args: ['Turkey'] }],
    ['EJECT T', { kind: 'master', command: 'EJECT', args: ['T'] }],
    ['OFFICIAL', { kind: 'master', command: 'OFFICIAL', args: [] }],
    ['OFFICIAL The game is paused', { kind: 'master', command: 'OFFICIAL', args: ['The', 'game', 'is', 'paused'] }],
    ['REVEAL', { kind: 'master', command: 'REVEAL', args: [] }],
    ['UNEND', { kind: 'master', command: 'UNEND', args: [] }],
    ['UNEND GAME', { kind: 'master', command: 'UNEND', args: [], text: 'UNEND GAME' }],
    ['unend game', { kind: 'master', command: 'UNEND', args: [] }],
    ['DEADLINE MOVED 1D 12H LATER', { kind: 'master', command: 'DEADLINE', args: ['MOVED', '1D', '12H', 'LATER'] }],
    ['Deadline: moved 24 h earlier', { kind: 'master', command: 'DEADLINE', args: ['moved', '24', 'h', 'earlier'] }],
  ])('%s', (line, expected) => {
    expect(command(line)).toMatchObject({ line: 2, ...expected });
  });
});

describe('Master command arguments read by the parser (DEADLINE, OFFICIAL, PROCESS)', () => {
  it.each([
    ['DEADLINE MOVED 1D 12H LATER', { kind: 'time', time: { kind: 'deadline-moved', direction: 'later', duration: { days: 1, hours: 12, minutes: 0 } } }],
    ['Deadline: moved 24 h earlier', { kind: 'time', time: { kind: 'deadline-moved', direction: 'earlier', duration: { days: 0, hours: 24, minutes: 0 } } }],
    [
      'DEADLINE FOR DAY 3 IS MOVED 90 LATER',
      { kind: 'time', time: { kind: 'deadline-moved', direction: 'later', duration: { days: 0, hours: 90, minutes: 0 } } },
    ],
    // The tracker's other time forms count wherever the line holds them.
    ['DEADLINE passed: GAME HAS ENDED', { kind: 'time', time: { kind: 'game-ended' } }],
  ])('%s', (line, deadline) => {
    expect(command(line)).toEqual(expect.objectContaining({ kind: 'master', command: 'DEADLINE', deadline }));
  });

  it.each([
    ['DEADLINE MOVED LATER', 'DEADLINE MOVED needs a length of time before LATER or EARLIER, e.g. MOVED 1D 12H LATER'],
    ['DEADLINE is tomorrow', 'Write DEADLINE MOVED <length> LATER or EARLIER, e.g. DEADLINE MOVED 1D 12H LATER'],
  ])('%s is an error', (line, error) => {
    const read = command(line);
    expect(read.kind === 'master' && read.command === 'DEADLINE' && read.deadline.kind === 'error' ? commandProblemText(read.deadline.error) : null).toBe(
      error,
    );
  });

  it('reads a DEADLINE MOVED length it cannot read as an error naming the word', () => {
    const read = command('DEADLINE MOVED 2 fortnights LATER');
    expect(read).toMatchObject({ command: 'DEADLINE', deadline: { kind: 'error' } });
    expect(read.kind === 'master' && read.command === 'DEADLINE' && read.deadline.kind === 'error' ? commandProblemText(read.deadline.error) : '').toMatch(
      /^DEADLINE MOVED: .*fortnights/,
    );
  });

  it.each([
    ['OFFICIAL', null],
    ['OFFICIAL   ', null],
    ['OFFICIAL The game is paused', 'The game is paused'],
    ['official  Two  spaces kept ', 'Two  spaces kept'],
    [`OFFICIAL ${'x'.repeat(70)}`, 'x'.repeat(60)],
  ])('%s', (line, subject) => {
    expect(command(line)).toMatchObject({ kind: 'master', command: 'OFFICIAL', subject });
  });

  it.each([
    ['PROCESS', null],
    ['PROCESS S1902M', 'S1902M'],
    ['process f1901r', 'F1901R'],
    ['PROCESS now', null],
  ])('%s', (line, phase) => {
    expect(command(line)).toMatchObject({ kind: 'master', command: 'PROCESS', phase });
  });
});

describe('command errors', () => {
  it.each([
    ['STATUS please', 'STATUS takes no arguments'],
    ['UNEND demo', 'UNEND takes no arguments (UNEND GAME is the same)'],
    ['UNEND GAME NOW', 'UNEND takes no arguments (UNEND GAME is the same)'],
    ['SET NO WAIT now', 'SET NO WAIT takes no arguments'],
    ['SET', 'SET needs something to set, e.g. SET WAIT'],
    ['SET PASSWORD', 'SET PASSWORD takes exactly one word, the new password'],
    ['SET PASSWORD two words', 'SET PASSWORD takes exactly one word, the new password'],
    ['SET ADDRESS not-an-address', '"not-an-address" is not an e-mail address'],
    ['SET ABSENCE', 'SET ABSENCE needs a date, e.g. SET ABSENCE 24 DEC TO 6 JAN'],
    ['SET ABSENCE 24 DEC TO', 'SET ABSENCE … TO needs a date after TO'],
    ['SET CONCEDE A B', 'SET CONCEDE takes one power'],
    ['SET ZONE', 'SET ZONE takes one time zone, e.g. SET ZONE Europe/Paris'],
    ['SET DEADLINE', 'SET DEADLINE needs a date or time'],
    ['VOTE', 'VOTE takes one of SOLO, LOSS, DIAS, DRAW, nWAY, YES, NO'],
    ['VOTE MAYBE', 'VOTE MAYBE is not a vote; use SOLO, LOSS, DIAS, DRAW, nWAY, YES or NO'],
    ['PROPOSE', 'PROPOSE takes one power, or DIAS'],
    ['PHASE', 'PHASE needs a phase, e.g. PHASE S 1903 M'],
    ['LIST a b', 'LIST takes at most a game name'],
    ['GET DEDICATION of everyone', 'GET DEDICATION takes no arguments'],
    ['INFO PLAYER nobody', '"nobody" is not an e-mail address'],
    ['INFO PLAYER a@b.org c@d.org', 'INFO PLAYER takes one e-mail address'],
    ['LIST bad!name', '"bad!name" is not a game name'],
    ['PROCESS! now', 'PROCESS! takes no arguments'],
    ['DUMMY', 'DUMMY needs an argument'],
    ['PURGE game', 'PURGE needs 2 arguments'],
    ['DEADLINE', 'DEADLINE needs an argument'],
    ['ENDPRESS', 'ENDPRESS without a PRESS or BROADCAST before it'],
  ])('%s', (line, message) => {
    expect(commandError(line)).toMatchObject({ line: 2, message, block: 0 });
  });

  it('never quotes a new password in an error', () => {
    const error = commandError('SET PASSWORD new secret');
    expect(error.text).toBe('SET PASSWORD **** ****');
    expect(JSON.stringify(error)).not.toContain('secret');
  });
});
