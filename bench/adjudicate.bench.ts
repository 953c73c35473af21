import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adjudicateDetailed } from '../src/api/adjudicate.ts';
import { loadGeometry } from '../src/catalog/geometry-catalog.ts';
import { MAP_FONT_FILE } from '../src/catalog/map-assets.ts';
import { renderMapSvg } from '../src/render/map-picture.ts';
import { renderMapPng, svgToPng } from '../src/render/map-png.ts';
import { loadVariant } from '../src/catalog/variant-catalog.ts';
import type { Position } from '../src/engine/types.ts';
import { calibrationMs, machineLine, medianCpuMicros, medianMicros } from './machine.ts';
import { figuresOf, previousRelease, ROOT } from './release-tree.ts';

// npm run bench [-- --previous=REF --cli-phases=N]: the adjudicator on the two reference positions
// (bench/fixtures/adjudicate-positions.json), each figure beside the previous release's measured in
// the same run (REF, a git commit; by default ded7973, before the command's own JSON reader and writer), so the two compare
// whatever else the machine is doing:
//  - in process (bench/adjudicate-figures.ts, bundled as the judge is built, against each release's
//    sources): CPU µs per phase of the resolver, adjudication, parsing, both, adjudicate() and its
//    JSON output;
//  - `dipjudge adjudicate` end to end on a batch of the dense phase, compact (as it chooses its
//    worker threads, on one thread, with one worker) and --pretty: CPU (of all threads) and wall µs
//    per phase, the start-up (a batch of one) taken off;
//  - map pictures (this release only).

interface Fixture {
  readonly name: string;
  readonly input: { position: Omit<Position, 'dislodged' | 'supplyCenters'> & Partial<Position>; orders: Record<string, string[]> };
}

const FIXTURES = fileURLToPath(new URL('./fixtures/adjudicate-positions.json', import.meta.url));
const fixtures = (JSON.parse(readFileSync(FIXTURES, 'utf8')) as { positions: Fixture[] }).positions;
const variant = loadVariant('standard');
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const previousRef = option('previous') ?? 'ded7973';
const cliPhases = Number(option('cli-phases') ?? 20_000);

/** Runs adjudicate-figures.ts against the sources under `tree`, bundled as the judge's build bundles. */
const inProcessFigures = (tree: string) => figuresOf<Figures[]>(tree, './adjudicate-figures.ts', [FIXTURES], 'figures');

interface Figures {
  readonly name: string;
  readonly units: number;
  readonly orders: number;
  readonly resolver: number;
  readonly adjudication: number;
  readonly parse: number;
  readonly parseAndAdjudication: number;
  readonly api: number;
  readonly jsonOut: number;
}

/** `dipjudge adjudicate` of `file` through bash, whose `times` gives the child's CPU (all its threads): wall and CPU µs. */
function runCli(tree: string, file: string, args: readonly string[]): { wall: number; cpu: number } {
  const bin = path.join(tree, 'bin', 'dipjudge.js');
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} adjudicate ${args.join(' ')} < ${JSON.stringify(file)} > /dev/null; status=$?; times; exit $status`;
  const started = process.hrtime.bigint();
  const child = spawnSync('bash', ['-c', command], { encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - started) / 1000;
  if (child.status !== 0) throw new Error(`dipjudge adjudicate (${tree}) failed: ${child.stderr}`);
  const times = child.stdout
    .trim()
    .split('\n')
    .at(-1)!
    .match(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/)!;
  const cpu = (Number(times[1]) * 60 + Number(times[2]) + Number(times[3]) * 60 + Number(times[4])) * 1e6;
  return { wall, cpu };
}

/** Per phase of the batch, start-up (a batch of one) taken off: the better of two runs each. */
function cliFigures(tree: string, one: string, batch: string, args: readonly string[]): { wall: number; cpu: number } {
  const best = (file: string) => {
    const [a, b] = [runCli(tree, file, args), runCli(tree, file, args)];
    return { wall: Math.min(a.wall, b.wall), cpu: Math.min(a.cpu, b.cpu) };
  };
  const start = best(one);
  const all = best(batch);
  return { wall: (all.wall - start.wall) / (cliPhases - 1), cpu: (all.cpu - start.cpu) / (cliPhases - 1) };
}

const ratio = (previous: number, now: number) => `${(previous / now).toFixed(1)}×`;
const cell = (text: string, width: number) => text.padStart(width);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

// The machine's speed at the start and the end: the figures of two days compare only divided by it.
console.log(`${machineLine()}, load ${load()}, calibration ${calibrationMs().toFixed(1)} ms of CPU`);
const work = mkdtempSync(path.join(os.tmpdir(), 'dipjudge-bench-'));
try {
  const previous = previousRelease(work, previousRef);
  const [before, now] = [await inProcessFigures(previous), await inProcessFigures(ROOT)];
  console.log(`in process, CPU µs per phase (median of batches), release ${previousRef} → this checkout (faster by):`);
  const rows: [string, keyof Figures][] = [
    ['resolver', 'resolver'],
    ['adjudication', 'adjudication'],
    ['parse', 'parse'],
    ['parse + adjudication', 'parseAndAdjudication'],
    ['adjudicate() JSON', 'api'],
    ['JSON.stringify(output)', 'jsonOut'],
  ];
  for (const [index, figures] of now.entries()) {
    const old = before[index]!;
    console.log(`  ${figures.name} (${figures.units} units, ${figures.orders} orders)`);
    for (const [label, key] of rows) {
      const [was, is] = [old[key] as number, figures[key] as number];
      console.log(`    ${label.padEnd(24)}${cell(was.toFixed(2), 9)} →${cell(is.toFixed(2), 8)}${cell(ratio(was, is), 7)}`);
    }
  }
  const dense = fixtures[fixtures.length - 1]!;
  const one = path.join(work, 'one.json');
  const batch = path.join(work, 'batch.json');
  writeFileSync(one, JSON.stringify([dense.input]));
  writeFileSync(batch, JSON.stringify(Array.from({ length: cliPhases }, () => dense.input)));
  console.log(
    `\`dipjudge adjudicate\` of ${cliPhases.toLocaleString('en')} ${dense.name} phases, µs per phase end to end (start-up taken off, better of 2), release ${previousRef} → this checkout:`,
  );
  // With --threads N a batch is adjudicated on N worker threads too; by default only a file is, one
  // thread for each 64 MiB of it (at most one per further idle core), so a batch of 20,000 dense
  // phases (46 MB) is adjudicated on one thread since 2026-11-29. Releases up to 835f543 had one
  // thread and no such option: they are run as they are.
  const withThreads = spawnSync('git', ['-C', ROOT, 'merge-base', '--is-ancestor', '835f543', previousRef]).status === 0 && previousRef !== '835f543';
  const modes = [
    { label: 'compact', args: [], previousArgs: [] },
    { label: 'compact, --threads 0', args: ['--threads', '0'], previousArgs: withThreads ? ['--threads', '0'] : [] },
    { label: 'compact, --threads 1', args: ['--threads', '1'], previousArgs: withThreads ? ['--threads', '1'] : [] },
    { label: '--pretty', args: ['--pretty'], previousArgs: ['--pretty'] },
  ];
  for (const { label, args, previousArgs } of modes) {
    const [was, is] = [cliFigures(previous, one, batch, previousArgs), cliFigures(ROOT, one, batch, args)];
    console.log(
      `  ${label.padEnd(22)} CPU ${was.cpu.toFixed(0)} → ${is.cpu.toFixed(0)} (${ratio(was.cpu, is.cpu)})  wall ${was.wall.toFixed(0)} → ${is.wall.toFixed(0)} (${ratio(was.wall, is.wall)})`,
    );
  }
  console.log(`load at the end: ${load()}, calibration ${calibrationMs().toFixed(1)} ms of CPU`);
} finally {
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}

// Map pictures of each position with its orders: the SVG (pure) and the PNG at the width results mails use.
// The PNG is composed over the drawing's own layers, rasterised on a map's first picture (timed once here);
// `whole SVG` is the picture's SVG rasterised in one piece, as before that cache.
const geometry = loadGeometry(variant.map)!;
{
  const first = adjudicateDetailed(fixtures[0]!.input);
  const start = process.hrtime.bigint();
  renderMapPng(renderMapSvg({ variant, geometry, position: first.position, results: first.results, title: { game: 'bench', date: null } }), {
    fontFile: MAP_FONT_FILE,
    width: 1000,
  });
  console.log(`map: first picture of the map (its drawing rasterised and kept) ${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(0)} ms`);
}
for (const { name, input } of fixtures) {
  const drawn = adjudicateDetailed(input);
  const picture = { variant, geometry, position: drawn.position, results: drawn.results, title: { game: 'bench', date: null } };
  const svg = renderMapSvg(picture);
  const svgMicros = medianMicros(() => renderMapSvg(picture), { batches: 30, perBatch: 5 });
  const pngMicros = medianMicros(() => renderMapPng(svg, { fontFile: MAP_FONT_FILE, width: 1000 }), { batches: 15, perBatch: 1 });
  const cpuMicros = medianCpuMicros(() => renderMapPng(renderMapSvg(picture), { fontFile: MAP_FONT_FILE, width: 1000 }), { batches: 15 });
  const png = renderMapPng(svg, { fontFile: MAP_FONT_FILE, width: 1000 });
  const wholeMicros = medianMicros(() => svgToPng(svg, { fontFile: MAP_FONT_FILE, width: 1000 }), { batches: 5, perBatch: 1 });
  console.log(
    `${name} map: SVG ${(svgMicros / 1000).toFixed(1)} ms (${Math.round(svg.length / 1024)} KB) | PNG 1000 px ${(pngMicros / 1000).toFixed(1)} ms (${Math.round(png.length / 1024)} KB)` +
      ` | SVG + PNG ${((svgMicros + pngMicros) / 1000).toFixed(1)} ms (CPU time ${(cpuMicros / 1000).toFixed(1)} ms) | whole SVG to PNG ${(wholeMicros / 1000).toFixed(1)} ms`,
  );
}
