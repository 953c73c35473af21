import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/dipjudge.js', import.meta.url));
const run = (stdin: string) => spawnSync(process.execPath, [bin, 'adjudicate'], { input: stdin, encoding: 'utf8' });

describe('dipjudge adjudicate', () => {
  it('reads a phase on stdin and writes its outcome as JSON', () => {
    const input = { position: { variant: 'standard', phase: 'S1901M', units: [{ power: 'ENGLAND', type: 'F', location: 'nth' }] }, orders: { ENGLAND: ['F NTH - PIC'] } };
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

  it('exits non-zero with a message on bad JSON and on unknown provinces', () => {
    const bad = run('{ not json');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/not valid JSON/);
    const unknown = run(JSON.stringify([{ position: { variant: 'standard', phase: 'S1901M', units: [{ power: 'ENGLAND', type: 'F', location: 'atlantis' }] } }]));
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/item 0: position.units\[0\].location: "atlantis" is not a location/);
  });
});
