import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodePalettePng } from '../render/map/png-decode.ts';

const bin = new URL('../../bin/dipjudge.js', import.meta.url).pathname;
const run = (args: string[], stdin: string) => spawnSync(process.execPath, [bin, 'map', ...args], { input: stdin, maxBuffer: 8 << 20 });
const fixtures = (
  JSON.parse(readFileSync(new URL('../../bench/fixtures/adjudicate-positions.json', import.meta.url), 'utf8')) as {
    positions: { name: string; input: unknown }[];
  }
).positions;
const midgame = JSON.stringify(fixtures.find((f) => f.name === 'midgame_f1904')!.input);

describe('dipjudge map', () => {
  it('draws an adjudicate input with its orders as SVG', () => {
    const result = run(['--title', 'midgame'], midgame);
    expect(result.status, result.stderr.toString()).toBe(0);
    const svg = result.stdout.toString('utf8');
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('midgame · Fall 1904 Movement');
    expect(svg).toContain('stroke-dasharray="4 3"');
  });

  it('draws an adjudicate output (the position it leads to) as PNG with --png', () => {
    const adjudicated = spawnSync(process.execPath, [bin, 'adjudicate'], { input: midgame, encoding: 'utf8' });
    const result = run(['--png', '--width', '600'], adjudicated.stdout);
    expect(result.status, result.stderr.toString()).toBe(0);
    const image = decodePalettePng(result.stdout);
    expect(image.width).toBe(600);
  });

  it('says what is wrong with bad input and exits 1', () => {
    const result = run([], '{"position": {"variant": "nosuch", "phase": "S1901M", "units": []}}');
    expect(result.status).toBe(1);
    expect(result.stderr.toString()).toMatch(/^dipjudge: .*nosuch/);
    expect(run(['--png', '--width', '5'], midgame).stderr.toString()).toMatch(/--width must be/);
  });
});
