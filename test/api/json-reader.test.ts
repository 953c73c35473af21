import { describe, expect, it } from 'vitest';
import { checkJson, JsonSyntaxFault, readJson } from '../../src/api/json-reader.ts';

const bytes = (text: string) => Buffer.from(text, 'utf8');

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
      ['{"a":1}x', 'end-of-input', 'x'],
      ['{"a" 1}', 'colon', '1'],
      ['{"a":1,}', 'property-name', '}'],
      ['{a:1}', 'property-name', 'a'],
      ['[1 2]', 'comma-or-closing-bracket', '2'],
      ['{"a":1 "b":2}', 'comma-or-closing-brace', '"'],
      ['["a\nb"]', 'string-character', 'U+000A'],
      ['["\\x"]', 'escape', 'x'],
      ['["\\u12g4"]', 'hex-digit', 'g'],
      ['[01]', 'comma-or-closing-bracket', '1'],
      ['[1.]', 'digit', ']'],
      ['[-]', 'digit', ']'],
      ['[1e]', 'digit', ']'],
      ['[tru]', 'value', ']'],
      ['[+1]', 'value', '+'],
      ['{"a":', 'value', null],
      ['"abc', 'string-character', null],
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

  it('takes no stack trace for a fault, which a batch read in pieces meets at nearly every piece, and leaves the limit as it was', () => {
    const limit = Error.stackTraceLimit;
    let fault: unknown;
    try {
      readJson(bytes('[1, 2'));
    } catch (error) {
      fault = error;
    }
    expect(fault).toBeInstanceOf(JsonSyntaxFault);
    expect((fault as Error).stack).toBe('JsonSyntaxFault: json-syntax comma-or-closing-bracket @5');
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('still traced').stack?.split('\n').length).toBeGreaterThan(1);
  });
});
