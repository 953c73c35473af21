import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/api/adjudicate.ts';
import type { AdjudicateInput } from '../../src/api/adjudicate-format.ts';
import { writeAdjudicateOutput } from '../../src/api/adjudicate-json.ts';
import { checkJson, JsonSyntaxFault, readJson } from '../../src/api/json-reader.ts';
import { JsonBytes, writeJson } from '../../src/api/json-writer.ts';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { formatOrder } from '../../src/orders/index.ts';
import { playRandomGame } from '../support/random-play.ts';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const text = (out: JsonBytes) => Buffer.from(out.bytes.buffer, out.bytes.byteOffset, out.length).toString('utf8');

/** JSON.parse's fault position, where its message gives one. */
function parseFault(json: string): number | null {
  try {
    JSON.parse(json);
  } catch (error) {
    const match = /at position (\d+)/.exec((error as Error).message);
    return match ? Number(match[1]) : -1;
  }
  return null;
}

const VALUES: unknown[] = [
  { position: { variant: 'standard', phase: 'S1901M', units: [{ power: 'ENGLAND', type: 'F', location: 'nth' }] }, orders: { ENGLAND: ['F NTH - NWY'] } },
  [
    { power: 'A', type: 'F', location: 'x', extra: 1 },
    { type: 'F', power: 'A', location: 'x' },
    { power: 1, type: 'F', location: 'x' },
  ],
  { '1': 'one', b: [true, false, null], a: { '': '', nested: [[], {}, [[1]]] }, '0': 0 },
  ['München – Kraków, 東京 ☃ 😀', '\u0000\u001f\n\t\b\f\r"\\/', 'lone \ud800 and \udc00', 'x'.repeat(100)],
  JSON.parse('[0, -0, 1, -1, 123456789012345, 1234567890123456789, 1.5, -2.25e-7, 1e400, 3e+2, 0.1]'),
  'just a string',
  42,
  null,
];

describe('readJson', () => {
  it('reads the value JSON.parse reads, from the UTF-8 bytes', () => {
    for (const value of VALUES) {
      for (const json of [JSON.stringify(value), JSON.stringify(value, null, 2), ` \n\t${JSON.stringify(value, null, '\t')}\r\n `]) {
        const read = readJson(bytes(json));
        expect(read).toEqual(JSON.parse(json));
        expect(JSON.stringify(read)).toBe(JSON.stringify(JSON.parse(json)));
        expect(() => checkJson(bytes(json))).not.toThrow();
      }
    }
    // Escapes, an own "__proto__", duplicate keys (the last value, the first place) and -0.
    const tricky = '{"a":1,"__proto__":{"x":1},"a":2,"s":"\\u00e9\\ud83d\\ude00\\/","z":-0}';
    const read = readJson(bytes(tricky)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.keys(read)).toEqual(Object.keys(JSON.parse(tricky)));
    expect(read).toEqual(JSON.parse(tricky));
    expect(Object.is(read.z, -0)).toBe(true);
    expect(read.s).toBe('é😀/');
  });

  it('shares a short string between reads: the second phase names the same strings', () => {
    const first = readJson(bytes('["ENGLAND","nth"]')) as string[];
    const second = readJson(bytes('["nth","ENGLAND"]')) as string[];
    expect(second[1]).toBe(first[0]);
    expect(second[0]).toBe(first[1]);
  });

  it('refuses what JSON.parse refuses, at the byte it names, and says what was expected and found', () => {
    const bad: [string, string, string | null][] = [
      ['{"a":1}x', 'end of input', 'x'],
      ['{"a" 1}', 'colon', '1'],
      ['{"a":1,}', 'property name', '}'],
      ['{a:1}', 'property name', 'a'],
      ['[1 2]', 'comma or closing bracket', '2'],
      ['{"a":1 "b":2}', 'comma or closing brace', '"'],
      ['["a\nb"]', 'string character', 'U+000A'],
      ['["\\x"]', 'escape', 'x'],
      ['["\\u12g4"]', 'hex digit', 'g'],
      ['[01]', 'comma or closing bracket', '1'],
      ['[1.]', 'digit', ']'],
      ['[-]', 'digit', ']'],
      ['[1e]', 'digit', ']'],
      ['[tru]', 'value', ']'],
      ['[+1]', 'value', '+'],
      ['{"a":', 'value', null],
      ['"abc', 'string character', null],
      ['', 'value', null],
      ['\uFEFF[1]', 'value', '\uFEFF'],
    ];
    for (const [json, expected, found] of bad) {
      let fault: unknown;
      try {
        readJson(bytes(json));
      } catch (error) {
        fault = error;
      }
      expect(fault, json).toBeInstanceOf(JsonSyntaxFault);
      expect(() => checkJson(bytes(json)), json).toThrow(JsonSyntaxFault);
      const { at, expected: wanted, found: seen } = fault as JsonSyntaxFault;
      expect({ json, wanted, seen }).toEqual({ json, wanted: expected, seen: found });
      const position = parseFault(json);
      expect(position, json).not.toBeNull();
      // JSON.parse names a byte for most faults (in characters: these are ASCII up to the fault).
      if (position !== -1) expect(at, json).toBe(position);
    }
  });
});

describe('writeJson and writeAdjudicateOutput', () => {
  it('write the bytes of JSON.stringify, compact and indented', () => {
    for (const value of [...VALUES, { u: undefined, f: () => 1, k: [undefined, () => 1], n: Number.NaN, i: -Infinity }, {}, [], [{}], { a: {} }]) {
      for (const pretty of [false, true]) {
        const out = new JsonBytes(8);
        writeJson(out, value, pretty);
        expect(text(out)).toBe(pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value));
      }
    }
  });

  it("write every phase of random games in six variants (illegal orders, retreats, builds) as JSON.stringify writes adjudicate()'s output", () => {
    let phases = 0;
    for (const [name, seed] of [
      ['standard', 1],
      ['youngstown', 2],
      ['imperial', 3],
      ['1898', 4],
      ['chaos', 5],
      ['fleetrome', 6],
    ] as const) {
      const variant = loadVariant(name);
      playRandomGame(variant, seed, 14, (position, orders) => {
        const grouped: Record<string, string[]> = {};
        for (const { power, order } of orders) (grouped[power] ??= []).push(formatOrder(order, variant.map));
        (grouped[variant.powers[0]!.id] ??= []).push('A Atlantis - Nowhere', 'F xyz S A abc');
        const output = adjudicate({ position: position as AdjudicateInput['position'], orders: grouped });
        for (const [pretty, depth] of [
          [false, 0],
          [true, 0],
          [true, 1],
        ] as const) {
          const out = new JsonBytes(16);
          writeAdjudicateOutput(out, output, pretty, depth);
          const expected = pretty ? JSON.stringify([output], null, 2).slice(depth === 0 ? 0 : 4, depth === 0 ? undefined : -2) : JSON.stringify(output);
          if (depth === 0 && pretty) expect(text(out)).toBe(JSON.stringify(output, null, 2));
          else expect(text(out)).toBe(expected);
        }
        phases++;
      });
    }
    expect(phases).toBe(6 * 14);
  });
});
