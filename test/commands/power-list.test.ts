import { describe, expect, it } from 'vitest';
import { MASTER_RECIPIENT, OBSERVERS_RECIPIENT, resolvePowerList, splitPowerList, type PowerRef } from '../../src/commands/index.ts';
import { powerListProblemText } from '../../src/render/command-problems.ts';

const STANDARD: readonly PowerRef[] = [
  { id: 'AUSTRIA', name: 'Austria', initial: 'A' },
  { id: 'ENGLAND', name: 'England', initial: 'E' },
  { id: 'FRANCE', name: 'France', initial: 'F' },
  { id: 'GERMANY', name: 'Germany', initial: 'G' },
  { id: 'ITALY', name: 'Italy', initial: 'I' },
  { id: 'RUSSIA', name: 'Russia', initial: 'R' },
  { id: 'TURKEY', name: 'Turkey', initial: 'T' },
];

describe('resolvePowerList', () => {
  it.each([
    [['FAI'], ['FRANCE', 'AUSTRIA', 'ITALY']],
    [['fai'], ['FRANCE', 'AUSTRIA', 'ITALY']],
    [['Fra'], ['FRANCE', 'RUSSIA', 'AUSTRIA']],
    [
      ['France', 'Italy'],
      ['FRANCE', 'ITALY'],
    ],
    [['TURKEY'], ['TURKEY']],
    [['E'], ['ENGLAND']],
    [['M'], [MASTER_RECIPIENT]],
    [['O'], [OBSERVERS_RECIPIENT]],
    [['RO'], ['RUSSIA', OBSERVERS_RECIPIENT]],
    [
      ['Master', 'observers'],
      [MASTER_RECIPIENT, OBSERVERS_RECIPIENT],
    ],
    [
      ['AEF', 'France', 'E'],
      ['AUSTRIA', 'ENGLAND', 'FRANCE'],
    ],
    [[], []],
  ])('%j', (tokens, ids) => {
    expect(resolvePowerList(tokens, STANDARD)).toEqual({ ok: true, ids });
  });

  it.each([
    [['X'], 'X', '"X" is not a power\'s initial'],
    [['FXA'], 'FXA', '"FXA" is neither a power\'s name nor a list of power initials (no power has the initial X)'],
    [['France', 'Prussia'], 'Prussia', '"Prussia" is not a power\'s name; did you mean Russia?'],
    [['Frnace'], 'Frnace', '"Frnace" is not a power\'s name; did you mean France?'],
    [['Eng'], 'Eng', '"Eng" is neither a power\'s name nor a list of power initials (no power has the initial N)'],
  ])('%j names the unknown token', (tokens, token, error) => {
    const result = resolvePowerList(tokens, STANDARD);
    expect(result).toMatchObject({ ok: false, token });
    expect(result.ok ? null : powerListProblemText(result.error)).toBe(error);
  });

  it('resolves pre-start seats and named observers the judge passes in', () => {
    const forming: PowerRef[] = [
      { id: 'POWER#1', name: 'POWER#1', initial: '1' },
      { id: 'POWER#2', name: 'POWER#2', initial: '2' },
      { id: 'POWER#4', name: 'POWER#4', initial: '4' },
      { id: 'KIBITZER#1', name: 'kibitzer#1', initial: null },
    ];
    expect(resolvePowerList(['124M'], forming)).toEqual({ ok: true, ids: ['POWER#1', 'POWER#2', 'POWER#4', MASTER_RECIPIENT] });
    expect(resolvePowerList(['Kibitzer#1'], forming)).toEqual({ ok: true, ids: ['KIBITZER#1'] });
  });

  it('lets a variant power with initial M or O win over the reserved letters', () => {
    const odd: PowerRef[] = [{ id: 'MOSCOW', name: 'Moscow', initial: 'M' }];
    expect(resolvePowerList(['M'], odd)).toEqual({ ok: true, ids: ['MOSCOW'] });
    expect(resolvePowerList(['Master'], odd)).toEqual({ ok: true, ids: [MASTER_RECIPIENT] });
  });
});

describe('splitPowerList', () => {
  it.each([
    ['France,Russia, austria', ['France', 'Russia', 'austria']],
    ['FAI', ['FAI']],
    ['  A  E ,F ', ['A', 'E', 'F']],
    ['', []],
  ])('%j', (text, items) => {
    expect(splitPowerList(text)).toEqual(items);
  });
});

describe('GM', () => {
  const standard = [
    { id: 'GERMANY', name: 'Germany', initial: 'G' },
    { id: 'FRANCE', name: 'France', initial: 'F' },
  ];
  it('means Germany and the Master where a power has the initial G, and the Master elsewhere', () => {
    expect(resolvePowerList(['GM'], standard)).toEqual({ ok: true, ids: ['GERMANY', MASTER_RECIPIENT] });
    expect(resolvePowerList(['GM'], [{ id: 'FRANCE', name: 'France', initial: 'F' }])).toEqual({ ok: true, ids: [MASTER_RECIPIENT] });
  });
});
