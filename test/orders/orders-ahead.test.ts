import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import type { PhaseId } from '../../src/engine/types.ts';
import { readAheadBlock, readAheadPhase, readCondition, type AheadLine } from '../../src/orders/orders-ahead.ts';
import { aheadBlockLines, aheadErrorText } from '../../src/render/orders-ahead.ts';
import { chooseAheadOrders, conditionHolds } from '../../src/judge/diplomacy/orders-ahead.ts';

// njudge's orders ahead read and evaluated on in-memory values: PHASE lines in njudge's spellings and
// as ids, IF … ELSE … ENDIF with NOT, AND, OR and parentheses, every error with its line and words.

const standard = loadVariant('standard');
const phase = (args: string, current: PhaseId = 'S1901M') => readAheadPhase(args, 1, standard, current);
const lines = (text: string): AheadLine[] =>
  text
    .split('\n')
    .map((t, i) => ({ line: i + 2, text: t }))
    .filter((l) => l.text.trim() !== '');

describe('the PHASE line', () => {
  it.each([
    ['S 1903 M', 'S1903M'],
    ['Spring 1903 Movement', 'S1903M'],
    ['Fall 1902 Retreat', 'F1902R'],
    ['fall 1902 retreats', 'F1902R'],
    ['W 1902 A', 'W1902A'],
    ['W 1902 B', 'W1902A'],
    ['F 1902 B', 'W1902A'],
    ['Winter 1901 Builds', 'W1901A'],
    ['F1902R', 'F1902R'],
    ['S1903M', 'S1903M'],
    ['W1902A', 'W1902A'],
    ['F1902B', 'W1902A'],
    ['F1901M', 'F1901M'],
  ])('reads PHASE %s as %s', (args, id) => {
    expect(phase(args)).toEqual({ ok: true, phase: id, clear: false });
  });

  it('reads CLEAR after the phase', () => {
    expect(phase('S 1903 M CLEAR')).toEqual({ ok: true, phase: 'S1903M', clear: true });
  });

  it('refuses a phase that is not later, the current one, one the variant lacks and words that are none', () => {
    const refused = (args: string, current: PhaseId = 'F1902M') => {
      const read = phase(args, current);
      if (read.ok) throw new Error(`${args} was read`);
      return aheadErrorText(read.error, standard);
    };
    expect(refused('S 1902 M')).toBe('Spring 1902 Movement (S1902M) is not later than the phase being played, Fall 1902 Movement (F1902M)');
    expect(refused('F1902M')).toBe('Fall 1902 Movement (F1902M) is the phase being played now: send its orders without PHASE');
    expect(refused('W 1902 R')).toBe('Standard has no retreats phase in Winter: W1902R never comes');
    expect(refused('S 1903 X')).toMatch(/^PHASE needs a later phase, .* "S 1903 X" is none$/);
    expect(refused('next turn please')).toMatch(/"next turn please" is none$/);
    expect(refused('S 1913 M')).toBe('Spring 1913 Movement (S1913M) is too far ahead: orders may be sent for at most 10 years ahead');
    expect(phase('W 1912 A', 'F1902M')).toMatchObject({ ok: true, phase: 'W1912A' });
  });
});

describe('conditions', () => {
  const condition = (text: string) => {
    const read = readCondition(text, 7, standard);
    if (!read.ok) throw new Error(aheadErrorText(read.error, standard));
    return read.condition;
  };
  const refusal = (text: string) => {
    const read = readCondition(text, 7, standard);
    if (read.ok) throw new Error(`${text} was read`);
    expect(read.error.line).toBe(7);
    return aheadErrorText(read.error, standard);
  };

  it('reads [power] [type] province, multi-word names and coasts', () => {
    expect(condition('Germany A Mun')).toEqual({ kind: 'unit', power: 'GERMANY', unitType: 'A', province: 'mun' });
    expect(condition('F North Sea')).toEqual({ kind: 'unit', power: null, unitType: 'F', province: 'nth' });
    expect(condition('E Lon')).toEqual({ kind: 'unit', power: 'ENGLAND', unitType: null, province: 'lon' });
    expect(condition('Bel')).toEqual({ kind: 'unit', power: null, unitType: null, province: 'bel' });
    expect(condition('Russia F StP/sc')).toEqual({ kind: 'unit', power: 'RUSSIA', unitType: 'F', province: 'stp' });
    expect(condition('German Army Munich')).toEqual({ kind: 'unit', power: 'GERMANY', unitType: 'A', province: 'mun' });
  });

  it('binds NOT closest, then AND, then OR, and follows parentheses', () => {
    expect(condition('NOT Bel AND Hol OR Den')).toEqual({
      kind: 'or',
      conditions: [
        {
          kind: 'and',
          conditions: [
            { kind: 'not', condition: { kind: 'unit', power: null, unitType: null, province: 'bel' } },
            { kind: 'unit', power: null, unitType: null, province: 'hol' },
          ],
        },
        { kind: 'unit', power: null, unitType: null, province: 'den' },
      ],
    });
    expect(condition('NOT (Bel OR (Hol AND Den)) THEN')).toEqual({
      kind: 'not',
      condition: {
        kind: 'or',
        conditions: [
          { kind: 'unit', power: null, unitType: null, province: 'bel' },
          {
            kind: 'and',
            conditions: [
              { kind: 'unit', power: null, unitType: null, province: 'hol' },
              { kind: 'unit', power: null, unitType: null, province: 'den' },
            ],
          },
        ],
      },
    });
  });

  it('names what is wrong', () => {
    expect(refusal('')).toBe('IF needs a condition, e.g. IF Germany A Mun, IF NOT F Nth AND Bel');
    expect(refusal('Germany A Xyz')).toBe('"Germany A Xyz" names no province of this map (IF [NOT] [power] [type] province)');
    expect(refusal('Atlantis')).toBe('"Atlantis" names no province of this map (IF [NOT] [power] [type] province)');
    expect(refusal('Prussia A Mun')).toBe('"Prussia" is not a power of Standard (IF [NOT] [power] [type] province)');
    expect(refusal('(Bel OR Hol')).toBe('the parentheses of the condition do not match');
    expect(refusal('Bel OR Hol)')).toBe('the parentheses of the condition do not match');
    expect(refusal('Bel AND')).toMatch(/^the condition ends where a unit and province should follow/);
    expect(refusal('Bel AND OR Hol')).toMatch(/^the condition is malformed at "OR"/);
    expect(refusal(`${'('.repeat(100_000)}Bel`)).toBe('the condition is too long: at most 120 words and parentheses');
  });

  it('holds on the units in place, by power, type and province', () => {
    const position = standard.startingPosition();
    expect(conditionHolds(condition('Germany A Mun'), position)).toBe(true);
    expect(conditionHolds(condition('Germany F Mun'), position)).toBe(false);
    expect(conditionHolds(condition('France A Mun'), position)).toBe(false);
    expect(conditionHolds(condition('F StP'), position)).toBe(true);
    expect(conditionHolds(condition('NOT Bel AND (Kie OR Hol)'), position)).toBe(true);
    expect(conditionHolds(condition('NOT (Bel OR Kie)'), position)).toBe(false);
  });
});

describe('a PHASE block', () => {
  it('nests IF … ELSE … ENDIF and chooses the branches the position takes', () => {
    const read = readAheadBlock(
      'F1901M',
      lines(`A Par - Bur
IF Germany A Mun
  IF NOT England F Edi
    F Bre - Eng
  ELSE
    F Bre - Mao
  ENDIF
ELSE
  A Mar - Spa
END IF`),
      standard,
    );
    if (!read.ok) throw new Error(read.errors.map((e) => aheadErrorText(e, standard)).join('; '));
    expect(aheadBlockLines(read.block.steps, standard, '')).toEqual([
      'A Par - Bur',
      'IF Germany A Munich',
      '  IF NOT England F Edinburgh',
      '    F Bre - Eng',
      '  ELSE',
      '    F Bre - Mao',
      '  ENDIF',
      'ELSE',
      '  A Mar - Spa',
      'ENDIF',
    ]);
    const chosen = chooseAheadOrders(read.block.steps, { ...standard.startingPosition(), phase: 'F1901M' });
    expect(chosen.orders.map((o) => o.text)).toEqual(['A Par - Bur', 'F Bre - Mao']);
    expect(chosen.decisions.map((d) => [d.line, d.held])).toEqual([
      [3, true],
      [4, false],
    ]);
  });

  it('gives every error of the block with its line', () => {
    const read = readAheadBlock(
      'F1901M',
      lines(`IF Zzz
A Par - Bur
ELSE
ELSE
IF Mun
A Par flies to Mars
ENDIF
ENDIF
ENDIF`),
      standard,
    );
    if (read.ok) throw new Error('the block was read');
    expect(read.errors.map((e) => [e.line, e.kind])).toEqual([
      [2, 'condition-no-province'],
      [5, 'else-twice'],
      [7, 'order-unreadable'],
      [10, 'endif-without-if'],
    ]);
    const open = readAheadBlock('F1901M', lines('IF Mun\nA Par - Bur'), standard);
    expect(open.ok ? [] : open.errors.map((e) => [e.line, aheadErrorText(e, standard)])).toEqual([
      [2, 'this IF has no ENDIF before the end of its PHASE block'],
    ]);
  });

  it('refuses IFs nested deeper than any real use', () => {
    const deep = readAheadBlock('F1901M', lines(`${'IF Mun\n'.repeat(17)}A Par H\n${'ENDIF\n'.repeat(17)}`), standard);
    expect(deep.ok ? [] : deep.errors.map((e) => [e.line, aheadErrorText(e, standard)])).toEqual([[18, 'IFs may nest at most 16 deep']]);
  });

  it('reads a lone CLEAR as withdrawing, and refuses CLEAR among orders', () => {
    expect(readAheadBlock('F1901M', lines('CLEAR'), standard)).toEqual({ ok: true, block: { phase: 'F1901M', steps: [] } });
    const mixed = readAheadBlock('F1901M', lines('A Par - Bur\nCLEAR'), standard);
    expect(mixed.ok ? null : mixed.errors).toEqual([{ line: 3, kind: 'clear-with-orders' }]);
  });
});
