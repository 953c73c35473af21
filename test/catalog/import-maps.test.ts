import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generate } from '../../scripts/dpjudge/generate.ts';

// The map and variant data are written by `npm run import-maps` from DPjudge's map files and
// checked in. This fails when re-running the importer would change any of them (data edited by
// hand, or an importer change without a fresh import).

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('npm run import-maps', () => {
  const { files, rows } = generate(root);

  it('would write exactly the checked-in maps, variants and the variant table of docs/maps-and-variants.md', () => {
    const differing = [...files].filter(([path, content]) => readFileSync(`${root}${path}`, 'utf8') !== content).map(([path]) => path);
    expect(differing, 'run npm run import-maps and commit the result').toEqual([]);
  });

  it('imports the maps the issue asks for and says why each left-out map is left out', () => {
    const imported = rows.filter((r) => r.leftOut === null).map((r) => r.id);
    for (const id of [
      'standard',
      'fleetrome',
      'shiftleft',
      'shiftright',
      'shiftaround',
      'milan',
      'pure',
      'ancmed',
      'youngstown',
      'modern',
      'chaos',
      'crowded',
      'fiveman',
      'v8',
      'classical',
      'hundred',
      'sailho',
      'aberration',
      'france-austria',
      'germany-italy',
      'england-turkey',
    ]) {
      expect(imported).toContain(id);
    }
    for (const row of rows.filter((r) => r.leftOut !== null)) expect(row.leftOut).toMatch(/\w{4,}/);
  });

  it("writes DPjudge abbreviations as ids, keeping standard's gol and tyn with DPjudge's as alias", () => {
    const standard = JSON.parse(files.get('maps/standard.json')!) as { provinces: { id: string; aliases?: string[]; dpjudgeId?: string }[] };
    const gol = standard.provinces.find((p) => p.id === 'gol')!;
    expect(gol.dpjudgeId).toBe('lyo');
    expect(gol.aliases).toContain('lyo');
    expect(standard.provinces.find((p) => p.id === 'tyn')!.dpjudgeId).toBe('tys');
    const modern = JSON.parse(files.get('maps/modern.json')!) as { provinces: { id: string; coasts?: Record<string, string[]> }[] };
    expect(modern.provinces.every((p) => /^[a-z0-9]+$/.test(p.id))).toBe(true);
    expect(modern.provinces.some((p) => p.coasts !== undefined)).toBe(true);
  });
});
