import { describe, expect, it } from 'vitest';
import { renderRefusedBlock, type NotDone } from '../../src/render/index.ts';

// A refused block's reply: each error under its line, then what of the block was therefore not
// done (the judge says which commands, by kind and line; render says it).

const ONE_ERROR = [{ line: 3, text: 'A Par-Mun', reason: 'There is no unit in Paris' }];

function soLine(notDone: readonly NotDone[]): string | undefined {
  return renderRefusedBlock({ errors: ONE_ERROR, notDone, standing: null })
    .split('\n\n')
    .find((part) => part.startsWith('So '));
}

describe('renderRefusedBlock', () => {
  it('quotes each refused line with its reason and asks for the block again', () => {
    expect(renderRefusedBlock({ errors: ONE_ERROR, notDone: [], standing: null })).toBe(
      'Nothing in this block was done, because of this error:\n\nLine 3: A Par-Mun\n  There is no unit in Paris.\n\nCorrect the line above and send the whole block again, from its first line.',
    );
  });

  it.each<[readonly NotDone[], string | undefined]>([
    [[], undefined],
    [[{ kind: 'game-not-created', game: 'demo' }], "So game 'demo' was not created."],
    [[{ kind: 'orders', lines: [4] }], 'So the order on line 4 was not entered.'],
    [[{ kind: 'orders', lines: [4, 5, 7] }], 'So the orders on lines 4-5, 7 were not entered.'],
    [[{ kind: 'press', lines: [6, 7] }], 'So the press on lines 6-7 were not sent.'],
    [
      [
        { kind: 'votes', lines: [8] },
        { kind: 'settings', lines: [9, 10] },
        { kind: 'commands', lines: [11] },
      ],
      'So the vote on line 8 was not recorded, the settings on lines 9-10 were not changed and the command on line 11 was not carried out.',
    ],
  ])('says what was not done: %j', (notDone, expected) => {
    expect(soLine(notDone)).toBe(expected);
  });
});
