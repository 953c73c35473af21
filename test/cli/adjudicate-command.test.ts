import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/api/adjudicate.ts';
import { JsonInputError, runAdjudicate, threadsRepaid } from '../../src/cli/adjudicate-command.ts';

const bin = fileURLToPath(new URL('../../bin/dipjudge.js', import.meta.url));
const run = (stdin: string) => spawnSync(process.execPath, [bin, 'adjudicate'], { input: stdin, encoding: 'utf8' });

describe('dipjudge adjudicate', () => {
  it('reads a phase on stdin and writes its outcome as JSON', () => {
    const input = {
      position: { variant: 'standard', phase: 'S1901M', units: [{ power: 'ENGLAND', type: 'F', location: 'nth' }] },
      orders: { ENGLAND: ['F NTH - PIC'] },
    };
    const result = run(JSON.stringify(input));
    expect(result.status).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.results[0]).toMatchObject({ text: 'F NTH - PIC', outcome: 'illegal' });
    expect(output.position).toMatchObject({ variant: 'standard', phase: 'F1901M', units: [{ power: 'ENGLAND', type: 'F', location: 'nth' }] });
  });

  it('answers an array of phases with an array of outcomes', () => {
    const phase = { position: { variant: 'standard', phase: 'S1901M', units: [] } };
    const result = run(JSON.stringify([phase, phase]));
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveLength(2);
  });

  it('reads a batch from a file on stdin, whose size it knows before reading', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'dipjudge-adjudicate-'));
    try {
      const phase = {
        position: { variant: 'standard', phase: 'S1901M', units: [{ power: 'FRANCE', type: 'A', location: 'par' }] },
        orders: { FRANCE: ['A PAR - BUR'] },
      };
      const file = path.join(folder, 'batch.json');
      writeFileSync(file, JSON.stringify([phase, phase, phase]));
      const stdin = openSync(file, 'r');
      const result = spawnSync(process.execPath, [bin, 'adjudicate'], { stdio: [stdin, 'pipe', 'pipe'], encoding: 'utf8' });
      closeSync(stdin);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toBe(`${JSON.stringify([phase, phase, phase].map((item) => adjudicate(item)))}\n`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('starts worker threads by default only for a batch known to be large enough to repay their start and warm-up', () => {
    const large = 64 * 1024 * 1024;
    // Unknown (a pipe) or small: none, however idle the machine.
    expect(threadsRepaid(undefined, 8, 0)).toBe(0);
    expect(threadsRepaid(7_000_000, 8, 0)).toBe(0);
    expect(threadsRepaid(large - 1, 2, 0)).toBe(0);
    // Large: one for each 64 MiB, at most one per further core the load average says is idle.
    expect(threadsRepaid(large, 2, 0)).toBe(1);
    expect(threadsRepaid(large, 8, 0)).toBe(1);
    expect(threadsRepaid(3 * large, 8, 0)).toBe(3);
    expect(threadsRepaid(20 * large, 8, 2.2)).toBe(6);
    expect(threadsRepaid(20 * large, 2, 1.8)).toBe(0);
    expect(threadsRepaid(20 * large, 1, 0)).toBe(0);
  });

  it('exits non-zero with a message on bad JSON and on unknown provinces', () => {
    const bad = run('{ not json');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/not valid JSON/);
    const unknown = run(
      JSON.stringify([{ position: { variant: 'standard', phase: 'S1901M', units: [{ power: 'ENGLAND', type: 'F', location: 'atlantis' }] } }]),
    );
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/item 0: position.units\[0\].location: "atlantis" is not a location/);
  });
});

describe('the adjudicate output', () => {
  const fixtures = (
    JSON.parse(readFileSync(new URL('../../bench/fixtures/adjudicate-positions.json', import.meta.url), 'utf8')) as { positions: { input: unknown }[] }
  ).positions.map((p) => p.input);
  const batch = Array.from({ length: 200 }, (_, i) => fixtures[i % fixtures.length]);
  const collect = async (input: unknown, pretty: boolean) => {
    const chunks: string[] = [];
    await runAdjudicate(JSON.stringify(input), (chunk) => void chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), {
      pretty,
    });
    return chunks;
  };

  it('is compact by default and, with --pretty, byte for byte what JSON.stringify indents; a batch comes in pieces', async () => {
    const expected = batch.map((item) => adjudicate(item));
    const compact = await collect(batch, false);
    expect(compact.length).toBeGreaterThan(1);
    expect(compact.join('')).toBe(`${JSON.stringify(expected)}\n`);
    expect((await collect(batch, true)).join('')).toBe(`${JSON.stringify(expected, null, 2)}\n`);
    expect((await collect(fixtures[0], true)).join('')).toBe(`${JSON.stringify(adjudicate(fixtures[0]), null, 2)}\n`);
    expect((await collect([], true)).join('')).toBe('[]\n');
  });

  it('on its own thread reads a batch in one pass: pieces of any size, an item across many pieces, line breaks between items', async () => {
    const expected = batch.slice(0, 40).map((item) => adjudicate(item));
    const huge = JSON.stringify(fixtures[0]).replace('"position"', `"padding":${JSON.stringify('x'.repeat(300_000))},"position"`);
    for (const text of [JSON.stringify(batch.slice(0, 40)), JSON.stringify(batch.slice(0, 40), null, 2), ` [\n${huge}\n]\n`]) {
      const want = text.startsWith(' ') ? `${JSON.stringify([adjudicate(fixtures[0])])}\n` : `${JSON.stringify(expected)}\n`;
      for (const size of [1, 13, 4096, 65536]) {
        if (size === 1 && text.length > 100_000) continue;
        async function* inPieces() {
          const bytes = Buffer.from(text);
          for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
        }
        const chunks: string[] = [];
        await runAdjudicate(inPieces(), (chunk) => void chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), {
          pretty: false,
          threads: 0,
        });
        expect(chunks.join(''), `pieces of ${size}`).toBe(want);
      }
    }
  });

  it('--pretty on the command line writes the indented layout', () => {
    const result = spawnSync(process.execPath, [bin, 'adjudicate', '--pretty'], { input: JSON.stringify([fixtures[1]]), encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${JSON.stringify([adjudicate(fixtures[1])], null, 2)}\n`);
  });

  it('names the bad item of a batch after writing the outcomes before it', async () => {
    const chunks: string[] = [];
    const bad = { position: { variant: 'standard', phase: 'S1901M', units: [{ power: 'ATLANTIS', type: 'A', location: 'par' }] } };
    await expect(
      runAdjudicate(JSON.stringify([...batch, bad]), (chunk) => void chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), {
        pretty: false,
      }),
    ).rejects.toThrow(/^item 200: position.units\[0\].power: "ATLANTIS" is not a power/);
    expect(chunks.join('').startsWith(`[${JSON.stringify(adjudicate(batch[0]))},`)).toBe(true);
  });

  it('adjudicates a large batch on worker threads beside its own: the same bytes in the same order, and a bad item still named after the outcomes before it', async () => {
    const bad = { position: { variant: 'standard', phase: 'S1901M', units: [{ power: 'ATLANTIS', type: 'A', location: 'par' }] } };
    async function* inPieces(text: string) {
      const bytes = Buffer.from(text);
      for (let at = 0; at < bytes.length; at += 16 * 1024) yield bytes.subarray(at, at + 16 * 1024);
    }
    let fromThreads = 0; // a thread's output comes as UTF-8 bytes
    const onThreads = async (input: unknown[], pretty: boolean, chunks: string[] = []) => {
      const collect = (chunk: string | Uint8Array) => {
        if (typeof chunk !== 'string') fromThreads++;
        chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      };
      await runAdjudicate(inPieces(JSON.stringify(input)), collect, { pretty, threads: 1, threadsAfter: 10 });
      return chunks.join('');
    };
    const expected = batch.map((item) => adjudicate(item));
    expect(await onThreads(batch, false)).toBe(`${JSON.stringify(expected)}\n`);
    expect(fromThreads).toBeGreaterThan(0);
    expect(await onThreads(batch, true)).toBe(`${JSON.stringify(expected, null, 2)}\n`);
    const chunks: string[] = [];
    await expect(onThreads([...batch, bad, ...batch], false, chunks)).rejects.toThrow(/^item 200: position.units\[0\].power: "ATLANTIS" is not a power/);
    expect(chunks.join('')).toBe(`${JSON.stringify(expected).slice(0, -1)}`);
  });

  it('names where input that is not JSON goes wrong (line, column, byte, what was expected), even after a bad item or a good one read in pieces', async () => {
    const bad = { position: { variant: 'standard', phase: 'S1901M', units: [{ power: 'ATLANTIS', type: 'A', location: 'par' }] } };
    const good = JSON.stringify(fixtures[0]);
    const pretty = JSON.stringify([fixtures[0], fixtures[1]], null, 2);
    const cases: [string, string][] = [
      [
        `${JSON.stringify([fixtures[0], bad])}x`,
        `line 1, column ${good.length + JSON.stringify(bad).length + 4} (byte ${good.length + JSON.stringify(bad).length + 3}): expected the end of the input, found 'x'`,
      ],
      [
        `[${good},{"position":]`,
        `line 1, column ${good.length + 15} (byte ${good.length + 14}): expected a value (object, array, string, number, true, false or null), found ']'`,
      ],
      [`[${good}`, `line 1, column ${good.length + 2} (byte ${good.length + 1}): expected a ',' or ']' after the array's item, found the end of the input`],
      [`[${good} ${good}]`, `line 1, column ${good.length + 3} (byte ${good.length + 2}): expected a ',' or ']' after the array's item, found '{'`],
      [`[${good}}]`, `line 1, column ${good.length + 2} (byte ${good.length + 1}): expected a ',' or ']' after the array's item, found '}'`],
      [pretty.replace('"S1901M"', 'S1901M'), `line 5, column 16 (byte ${pretty.indexOf('"S1901M"')}): expected a value`],
      [pretty.replace(/"F1904M"/, '"F1904M" x'), `line ${pretty.slice(0, pretty.indexOf('"F1904M"')).split('\n').length}, column`],
      [`${good}x`, `line 1, column ${good.length + 1} (byte ${good.length}): expected the end of the input, found 'x'`],
      ['', 'line 1, column 1 (byte 0): expected a value (object, array, string, number, true, false or null), found the end of the input'],
    ];
    for (const [text, where] of cases) {
      expect(() => JSON.parse(text), text.slice(0, 40)).toThrow();
      // Alone (threads: 0), the command reads each item straight from the input in one pass; by default it may start threads.
      for (const [size, threads] of [
        [1, 0],
        [100, 0],
        [4096, 0],
        [100, undefined],
        [4096, undefined],
      ] as const) {
        async function* inPieces() {
          const bytes = Buffer.from(text);
          for (let at = 0; at < bytes.length || at === 0; at += size) yield bytes.subarray(at, at + size);
        }
        const failure = await runAdjudicate(inPieces(), () => undefined, { pretty: false, threads }).then(
          () => null,
          (error: unknown) => error,
        );
        expect(failure, `${text.slice(0, 40)} in pieces of ${size}, ${threads} threads`).toBeInstanceOf(JsonInputError);
        expect((failure as Error).message).toContain(`the input is not valid JSON at ${where}`);
      }
    }
    // Small pieces of a small input are views of Node's shared Buffer pool: handed to a thread at once, they still read.
    async function* pooled() {
      yield Buffer.from(`[${JSON.stringify(fixtures[0])},`);
      yield Buffer.from(`${JSON.stringify(fixtures[1])}]`);
    }
    expect(JSON.stringify(fixtures[0]).length).toBeLessThan(Buffer.poolSize / 2);
    const outputs: string[] = [];
    await runAdjudicate(pooled(), (chunk) => void outputs.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), {
      pretty: false,
      threads: 1,
      threadsAfter: 0,
    });
    expect(outputs.join('')).toBe(`${JSON.stringify([adjudicate(fixtures[0]!), adjudicate(fixtures[1]!)])}\n`);
    const onThreads = await runAdjudicate(`[${Array.from({ length: 30 }, () => good).join(',')},{"position": nope}]`, () => undefined, {
      pretty: false,
      threads: 1,
      threadsAfter: 5,
    }).then(
      () => null,
      (error: unknown) => error as JsonInputError,
    );
    // The 'o' of "nope": the 31st item starts after '[' and 30 items with their commas.
    const offset = 1 + 30 * (good.length + 1) + '{"position": n'.length;
    expect(onThreads).toBeInstanceOf(JsonInputError);
    expect(onThreads?.place).toEqual({ offset, line: 1, column: offset + 1 });
    expect(onThreads?.found).toBe('o');
  });
});
