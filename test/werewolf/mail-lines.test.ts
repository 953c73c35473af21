import { describe, expect, it } from 'vitest';
import { readWerewolfBlock } from '../../src/werewolf/mail-lines.ts';

// The lines of a werewolf game's block read into typed lines (src/werewolf/mail-lines.ts), pure.

const read = (...texts: string[]) => readWerewolfBlock(texts.map((text, i) => ({ line: i + 1, text }))).map(({ line: _line, text: _text, ...typed }) => typed);

describe("a werewolf block's lines", () => {
  it("reads the Master's REPLACE and the tracker's HAS REPLACED / IS REPLACING as one line", () => {
    expect(read('REPLACE fay kim@players.example', '<lee@players.example> HAS REPLACED dan.', 'max@players.example is replacing ann')).toEqual([
      { kind: 'replace', nick: 'fay', address: 'kim@players.example' },
      { kind: 'replace', nick: 'dan', address: 'lee@players.example' },
      { kind: 'replace', nick: 'ann', address: 'max@players.example' },
    ]);
  });

  it('reads SET PASSWORD with its one word, or without it for the usage', () => {
    expect(read('SET PASSWORD newpass', 'set password', 'SET PASSWORD two words')).toEqual([
      { kind: 'set-password', password: 'newpass' },
      { kind: 'set-password', password: null },
      { kind: 'set-password', password: null },
    ]);
  });

  it('leaves a REPLACE without both words, and prose without an address, to the verbs', () => {
    expect(read('REPLACE fay', 'Bob has replaced Alice')).toEqual([
      { kind: 'verb', verb: 'REPLACE', names: ['fay'] },
      { kind: 'verb', verb: 'BOB', names: ['has', 'replaced', 'Alice'] },
    ]);
  });
});
