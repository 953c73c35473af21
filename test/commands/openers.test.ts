import { describe, expect, it } from 'vitest';
import { parseBody } from '../../src/commands/index.ts';

function opener(line: string) {
  const body = parseBody(line);
  expect(body.errors).toEqual([]);
  const block = body.blocks[0];
  if (block?.kind !== 'session' && block?.kind !== 'create') throw new Error(`no opener in ${line}`);
  return block.opener;
}

describe('block openers', () => {
  it.each([
    // SIGNON, DPjudge and njudge spellings
    [
      'SIGNON Fmygame secret',
      { kind: 'signon', role: { kind: 'initial', initial: 'F' }, game: 'mygame', password: 'secret', redactedText: 'SIGNON Fmygame ****' },
    ],
    ['signon fMyGame Secret', { kind: 'signon', role: { kind: 'initial', initial: 'F' }, game: 'mygame', password: 'Secret' }],
    ['SIGN ON Rstab secret', { kind: 'signon', role: { kind: 'initial', initial: 'R' }, game: 'stab', redactedText: 'SIGN ON Rstab ****' }],
    ['SIGNON France@game pw', { kind: 'signon', role: { kind: 'named', name: 'France' }, game: 'game', redactedText: 'SIGNON France@game ****' }],
    ['SIGNON 3jigdy pw', { kind: 'signon', role: { kind: 'seat', number: 3 }, game: 'jigdy' }],
    ['SIGNON POWER#3@jigdy pw', { kind: 'signon', role: { kind: 'named', name: 'POWER#3' }, game: 'jigdy' }],
    ['SIGNON loudMouth@coolgame pw', { kind: 'signon', role: { kind: 'named', name: 'loudMouth' }, game: 'coolgame' }],
    ['SIGNON Mgame masterpw', { kind: 'signon', role: { kind: 'master' }, game: 'game' }],
    ['SIGNON master@game masterpw', { kind: 'signon', role: { kind: 'master' }, game: 'game' }],
    ['SIGN ON Ogame pw', { kind: 'signon', role: { kind: 'observer' }, game: 'game' }],
    [
      'SIGN ON ?mixup guessme Chaos Gunboat',
      { kind: 'signon', role: { kind: 'newcomer' }, game: 'mixup', password: 'guessme', joinOptions: ['Chaos', 'Gunboat'] },
    ],
    ['LOGIN Egame pw', { kind: 'signon', role: { kind: 'initial', initial: 'E' } }],
    ['HELLO Egame pw', { kind: 'signon', role: { kind: 'initial', initial: 'E' } }],
    // JOIN
    ['JOIN jigdy mypassword', { kind: 'join', game: 'jigdy', power: null, password: 'mypassword', privacy: null, redactedText: 'JOIN jigdy ****' }],
    [
      'JOIN France@jigdy pw invite',
      { kind: 'join', game: 'jigdy', power: 'France', password: 'pw', privacy: 'invite', redactedText: 'JOIN France@jigdy **** ****' },
    ],
    // OBSERVE and friends
    ['OBSERVE loudMouth@coolgame myPassword', { kind: 'observe', observerKind: 'observer', name: 'loudMouth', game: 'coolgame', privacy: null }],
    ['OBSERVER kibitzer@game pw priv', { kind: 'observe', observerKind: 'observer', name: 'kibitzer', privacy: 'priv' }],
    ['OBS x@game pw', { kind: 'observe', observerKind: 'observer', name: 'x' }],
    ['WATCH stab pw', { kind: 'observe', observerKind: 'observer', name: null, game: 'stab' }],
    [
      'MONITOR nosyParker@yourGame peeping',
      { kind: 'observe', observerKind: 'monitor', name: 'nosyParker', game: 'yourgame', redactedText: 'MONITOR nosyParker@yourGame ****' },
    ],
    // RESIGN instead of SIGNON
    [
      'RESIGN austria@theGame myPassword',
      { kind: 'resign', role: { kind: 'named', name: 'austria' }, game: 'thegame', redactedText: 'RESIGN austria@theGame ****' },
    ],
    ['RESIGN Athegame pw', { kind: 'resign', role: { kind: 'initial', initial: 'A' }, game: 'thegame' }],
    // TAKEOVER
    ['TAKEOVER italy@game pw', { kind: 'takeover', role: { kind: 'named', name: 'italy' }, game: 'game', privacy: null }],
    ['TAKEOVER italy@game pw priv', { kind: 'takeover', privacy: 'priv', redactedText: 'TAKEOVER italy@game **** ****' }],
    ['TAKE OVER Igame pw', { kind: 'takeover', role: { kind: 'initial', initial: 'I' } }],
    ['TAKEOVER master@game oldMasterPw', { kind: 'takeover', role: { kind: 'master' }, password: 'oldMasterPw' }],
    // CREATE
    [
      'CREATE mygamename masterPassword',
      { kind: 'create', game: 'mygamename', password: 'masterPassword', variant: null, options: [], redactedText: 'CREATE mygamename ****' },
    ],
    ['CREATE newgame pw payola', { kind: 'create', variant: 'payola', redactedText: 'CREATE newgame **** payola' }],
    ['CREATE ?newgame pw Standard Gunboat', { kind: 'create', game: 'newgame', variant: 'Standard', options: ['Gunboat'] }],
  ])('%s', (line, expected) => {
    expect(opener(line)).toMatchObject({ line: 1, ...expected });
  });

  it.each([
    ['SIGNON', 'the game and password are missing; write SIGNON Fgame password (or SIGNON france@game password)', 'SIGNON'],
    ['SIGNON Fgame', 'the password is missing; write SIGNON Fgame password (or SIGNON france@game password)', 'SIGNON Fgame'],
    ['SIGNON France game secret', 'there are too many words; write SIGNON Fgame password (or SIGNON france@game password)', 'SIGNON France **** ****'],
    [
      'SIGNON @game secret',
      'put the power or observer name before the @, e.g. france@game; write SIGNON Fgame password (or SIGNON france@game password)',
      'SIGNON @game ****',
    ],
    [
      'SIGNON F secret',
      'name the power and the game, e.g. Fgame or france@game; write SIGNON Fgame password (or SIGNON france@game password)',
      'SIGNON F ****',
    ],
    [
      'SIGNON Fga/me secret',
      'a game name holds only letters, digits, - and _; write SIGNON Fgame password (or SIGNON france@game password)',
      'SIGNON Fga/me ****',
    ],
    ['JOIN game', 'the password is missing; write JOIN game password [privacy] (or JOIN france@game password [privacy])', 'JOIN game'],
    [
      'JOIN game pw privacy extra',
      'there are too many words; write JOIN game password [privacy] (or JOIN france@game password [privacy])',
      'JOIN game **** **** ****',
    ],
    [
      'TAKEOVER ?game pw',
      'name the power and the game, e.g. Fgame or france@game; write TAKEOVER france@game password [privacy] (or TAKEOVER master@game password)',
      'TAKEOVER ?game ****',
    ],
    ['CREATE game', 'the password is missing; write CREATE game password [variant]', 'CREATE game'],
  ])('%s is refused without quoting the password', (line, message, text) => {
    const body = parseBody(`${line}\nA PAR - BUR\nSET WAIT`);
    expect(body.errors).toEqual([{ line: 1, text, message, block: 0 }]);
    expect(JSON.stringify(body.errors)).not.toContain('secret');
    // The block is broken: its orders are kept apart and must not run in any game.
    expect(body.blocks).toHaveLength(1);
    expect(body.blocks[0]).toMatchObject({ kind: 'broken', line: 1, redactedText: text, commands: [{ kind: 'order' }, { kind: 'set-wait' }] });
  });

  it('repairs a password glued to SIGNOFF and ends the message there', () => {
    const body = parseBody('SIGNON Fgame secretSIGNOFF\nA PAR - BUR');
    expect(body.errors).toEqual([]);
    expect(body.blocks[0]).toMatchObject({ kind: 'session', opener: { password: 'secret' }, commands: [] });
    expect(body.end).toEqual({ kind: 'glued-signoff', line: 1 });
    expect(body.ignoredLineCount).toBe(1);
  });

  it("reads a greeting as text, not as njudge's HELLO", () => {
    const body = parseBody('Hello,\nHello judge\nLIST');
    expect(body.blocks).toEqual([{ kind: 'anonymous', commands: [{ kind: 'list', line: 3, text: 'LIST', game: null, full: false }] }]);
    // Greetings before the first command are prose: set aside with a note, never refused.
    expect(body.errors).toEqual([]);
    expect(body.proseLines).toEqual([1, 2]);
  });
});

describe("njudge's SIGN ON ? password", () => {
  it('reads as a sign-on to the next forming game, which the judge names before opening it', () => {
    const body = parseBody('SIGN ON ? secret chaos\nSET WAIT');
    expect(body.errors).toEqual([]);
    expect(body.blocks[0]).toMatchObject({
      kind: 'session',
      opener: { kind: 'signon', role: { kind: 'next-forming' }, game: '?', password: 'secret', joinOptions: ['chaos'], redactedText: 'SIGN ON ? **** ****' },
    });
  });
});
