import { describe, expect, it } from 'vitest';
import { JsonArraySplitter, type SplitShape } from '../../src/cli/json-array-splitter.ts';

/** Feeds `text` in pieces of `size` bytes: the items parsed one by one, and the shape at the end. */
function split(text: string, size: number): { items: unknown[]; shape: SplitShape; empty: boolean } {
  const bytes = Buffer.from(text, 'utf8');
  const splitter = new JsonArraySplitter();
  const items: unknown[] = [];
  for (let at = 0; at < bytes.length || at === 0; at += size) {
    const found = splitter.feed(bytes.subarray(at, at + size));
    for (let k = 0; k < found.starts.length; k++) items.push(JSON.parse(Buffer.from(found.bytes.subarray(found.starts[k], found.ends[k])).toString('utf8')));
    if (splitter.shape !== 'unknown') break;
  }
  return { items, shape: splitter.finish(), empty: splitter.empty };
}

const SIZES = [1, 2, 3, 7, 64, 1 << 20];

describe('JsonArraySplitter', () => {
  it('finds the items of an array however the input is cut, strings with brackets, commas, escapes and other scripts included', () => {
    const arrays: unknown[][] = [
      [{ a: 1 }],
      [{ a: [1, [2, { b: '],}' }]], c: 'x,y' }, { d: '\\"' }, 'quote \\" and \\\\', 'München – Kraków, 東京 ☃', null, 12.5e3, true, [], {}],
      [{ text: 'A PAR - BUR, A MAR S A PAR - BUR; F BRE H' }, { text: '\u0000\u001f\n\t"\\' }],
    ];
    for (const array of arrays) {
      for (const text of [JSON.stringify(array), JSON.stringify(array, null, 2), ` \n\t${JSON.stringify(array, null, '\t')}\r\n `]) {
        for (const size of SIZES) {
          const { items, shape, empty } = split(text, size);
          expect(shape).toBe('array');
          expect(empty).toBe(false);
          expect(items).toEqual(array);
        }
      }
    }
  });

  it('says an empty array is empty, and that other values are not arrays', () => {
    for (const text of ['[]', ' [ \n ] ', '[\n]\n']) {
      for (const size of SIZES) expect(split(text, size)).toEqual({ items: [], shape: 'array', empty: true });
    }
    for (const text of ['{"position": {}}', ' "x"', '12', 'null', '', '   ', '\uFEFF[1]']) expect(split(text, 3).shape).toBe('not an array');
  });

  it('hands broken items to JSON.parse and calls broken punctuation of the array malformed', () => {
    // Items that are not JSON come out as they are, for JSON.parse to refuse.
    for (const text of ['[1,]', '[,1]', '[{"a":1} {"b":2}]', '[{]']) {
      const bytes = Buffer.from(text);
      const splitter = new JsonArraySplitter();
      const found = splitter.feed(bytes);
      const parsesAll = found.starts.every((start, k) => {
        try {
          JSON.parse(Buffer.from(bytes.subarray(start, found.ends[k])).toString());
          return true;
        } catch {
          return false;
        }
      });
      expect(parsesAll && splitter.finish() === 'array', text).toBe(false);
    }
    for (const text of ['[1] x', '[1]]', '[{"a":1}}]', '[1, 2', '[{"a": "]']) {
      for (const size of SIZES) expect(split(text, size).shape, text).toBe('malformed');
    }
  });
});
