import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_FONT_FILE } from '../../src/catalog/map-assets.ts';
import { renderMapPng } from '../../src/render/map-png.ts';
import { decodePalettePng, type DecodedPng } from '../render/map/png-decode.ts';

// The package as a judgekeeper gets it: `npm pack` (dist/lib is built by vitest's global setup, so
// the pack skips the build), installed into an empty folder with `--omit=dev`. The installed judge
// draws a map with its names (fonts/ is in the package), the library runs, and its types check
// in a consumer with skipLibCheck off.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = promisify(execFile);
const fixtures = JSON.parse(readFileSync(path.join(ROOT, 'bench', 'fixtures', 'adjudicate-positions.json'), 'utf8')) as {
  positions: { name: string; input: unknown }[];
};
const opening = JSON.stringify(fixtures.positions.find((f) => f.name === 'opening_s1901')!.input);

let work = '';
let consumer = '';
let packedFiles: string[] = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-installed-'));
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: ROOT, maxBuffer: 32 << 20 });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  packedFiles = packed!.files.map((f) => f.path);
  consumer = path.join(work, 'consumer');
  await mkdir(consumer);
  await writeFile(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }));
  await run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', path.join(work, packed!.filename)], {
    cwd: consumer,
    maxBuffer: 32 << 20,
  });
}, 300_000);

afterAll(async () => {
  if (work !== '') await rm(work, { recursive: true, force: true });
});

/** How many of `text`'s pixels (where the named map and the nameless one differ) `image` draws as the named one does. */
function textPixels(named: DecodedPng, nameless: DecodedPng, image: DecodedPng): { text: number; drawn: number } {
  let text = 0;
  let drawn = 0;
  for (let y = 0; y < named.height; y++) {
    for (let x = 0; x < named.width; x++) {
      if (named.colourAt(x, y) === nameless.colourAt(x, y)) continue;
      text++;
      if (image.colourAt(x, y) === named.colourAt(x, y)) drawn++;
    }
  }
  return { text, drawn };
}

describe('the installed package', () => {
  it('holds what the judge reads at run time, the built code and the API types, and no sources or dev tools', () => {
    for (const file of [
      'fonts/DejaVuSans-Bold-latin1.ttf',
      'fonts/LICENSE',
      'maps/standard.json',
      'geometry/standard.json',
      'geometry/LICENSE',
      'variants/standard.json',
      'sql/001_initial.sql',
      'dist/lib/main.js',
      'dist/lib/index.js',
      'dist/types/index.d.ts',
      'bin/dipjudge.js',
      'LICENSE',
    ]) {
      expect(packedFiles, file).toContain(file);
    }
    expect(packedFiles.filter((f) => f.startsWith('src/') || f.startsWith('geometry/sources/') || f.startsWith('test/'))).toEqual([]);
    expect(existsSync(path.join(consumer, 'node_modules', 'dipjudge', 'fonts', 'DejaVuSans-Bold-latin1.ttf'))).toBe(true);
    // esbuild builds the package; an installed judge does not need it.
    expect(existsSync(path.join(consumer, 'node_modules', 'esbuild'))).toBe(false);
  });

  it('draws a map PNG with the names on it', { timeout: 60_000 }, async () => {
    const bin = path.join(consumer, 'node_modules', '.bin', 'dipjudge');
    const svg = execFileSync(bin, ['map'], { input: opening, cwd: consumer, maxBuffer: 8 << 20 }).toString('utf8');
    const png = execFileSync(bin, ['map', '--png', '--width', '600'], { input: opening, cwd: consumer, maxBuffer: 8 << 20 });
    const named = decodePalettePng(renderMapPng(svg, { fontFile: MAP_FONT_FILE, width: 600 }));
    const nameless = decodePalettePng(renderMapPng(svg, { fontFile: path.join(work, 'no-such-font.ttf'), width: 600 }));
    const { text, drawn } = textPixels(named, nameless, decodePalettePng(png));
    expect(text).toBeGreaterThan(2000);
    expect(drawn / text).toBeGreaterThan(0.95);
  });

  // tsc over the package's declarations and zod's takes tens of seconds on a busy machine.
  it('adjudicates through the library, whose types check with skipLibCheck off', { timeout: 180_000 }, async () => {
    await writeFile(
      path.join(consumer, 'use.ts'),
      [
        "import { adjudicate, AdjudicateInputError, type AdjudicateInput, type AdjudicateOutput, type OrderReport } from 'dipjudge';",
        `const input: AdjudicateInput = ${opening};`,
        'const output: AdjudicateOutput = adjudicate({ ...input, orders: { FRANCE: ["A PAR-BUR"] } });',
        "const report: OrderReport | undefined = output.results.find((r) => r.power === 'FRANCE' && r.unit === 'par');",
        'if (!(new AdjudicateInputError("x") instanceof Error)) throw new Error("not an Error");',
        'console.log(JSON.stringify({ phase: output.position.phase, outcome: report?.outcome }));',
        '',
      ].join('\n'),
    );
    await writeFile(
      path.join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, types: [], outDir: 'out' },
        files: ['use.ts'],
      }),
    );
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const checked = await run(process.execPath, [tsc, '-p', consumer], { cwd: consumer }).catch((error: { stdout: string }) => ({
      stdout: error.stdout,
      failed: true,
    }));
    expect(checked.stdout).toBe('');
    const { stdout } = await run(process.execPath, [path.join(consumer, 'out', 'use.js')], { cwd: consumer });
    expect(JSON.parse(stdout)).toEqual({ phase: 'F1901M', outcome: 'succeeds' });
    expect(await readFile(path.join(consumer, 'node_modules', 'dipjudge', 'dist', 'types', 'index.d.ts'), 'utf8')).toMatch(/from '\.\/api\/adjudicate\.js'/);
  });
});
