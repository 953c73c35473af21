import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { adjudicate, adjudicateDetailed } from '../src/api/adjudicate.ts';
import { loadGeometry } from '../src/catalog/geometry-catalog.ts';
import { MAP_FONT_FILE } from '../src/catalog/map-assets.ts';
import { renderMapSvg } from '../src/render/map-picture.ts';
import { renderMapPng, svgToPng } from '../src/render/map-png.ts';
import { loadVariant } from '../src/catalog/variant-catalog.ts';
import { adjudicatePhase } from '../src/engine/adjudicate-phase.ts';
import { prepareMovement } from '../src/engine/movement/adjudicate-movement.ts';
import { resolveMovement } from '../src/engine/movement/resolver.ts';
import { parsePhaseId } from '../src/engine/phase.ts';
import type { SubmittedOrder } from '../src/engine/results.ts';
import { powerEntries } from '../src/engine/ids.ts';
import type { Position } from '../src/engine/types.ts';
import { parseOrderLine } from '../src/orders/index.ts';
import { machineLine, medianCpuMicros, medianMicros } from './machine.ts';

// npm run bench: the adjudicator on the two reference positions (shared/bench), warm.
//  - resolver: the DATC resolution of orders already bound to units (typed arrays in, decisions out);
//  - adjudication: binding the parsed orders to units, resolving, next position;
//  - parse + adjudication: the same from the order text;
//  - adjudicate(): the public JSON operation (validation, parsing, adjudication, echo).

interface Fixture {
  readonly name: string;
  readonly input: { position: Omit<Position, 'dislodged' | 'supplyCenters'> & Partial<Position>; orders: Record<string, string[]> };
}

const fixtures = (JSON.parse(readFileSync(new URL('./fixtures/adjudicate-positions.json', import.meta.url), 'utf8')) as { positions: Fixture[] }).positions;
const variant = loadVariant('standard');

function parseAll(position: Position, orders: Record<string, string[]>): SubmittedOrder[] {
  const phase = parsePhaseId(position.phase)!.type;
  const submitted: SubmittedOrder[] = [];
  for (const [power, lines] of powerEntries(orders)) {
    for (const line of lines) for (const parsed of parseOrderLine(line, variant.map, phase)) if (parsed.ok) submitted.push({ power, order: parsed.order });
  }
  return submitted;
}

console.log(machineLine());
console.log(`load average: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
for (const { name, input } of fixtures) {
  const position: Position = { dislodged: [], supplyCenters: {}, ...input.position };
  const parsed = parseAll(position, input.orders);
  const lines = Object.values(input.orders).flat().length;
  const prepared = prepareMovement(variant, position.units, parsed);
  const resolverOnly = medianMicros(() => resolveMovement(prepared.resolverOrders));
  const proper = medianMicros(() => adjudicatePhase(variant, position, parsed));
  const withParsing = medianMicros(() => adjudicatePhase(variant, position, parseAll(position, input.orders)));
  const api = medianMicros(() => adjudicate(input), { batches: 100, perBatch: 50 });
  console.log(
    `${name}: ${position.units.length} units, ${lines} orders | resolver ${resolverOnly.toFixed(2)} µs | adjudication ${proper.toFixed(2)} µs | parse + adjudication ${withParsing.toFixed(2)} µs` +
      ` | adjudicate() JSON ${api.toFixed(1)} µs | ${Math.round(1e6 / withParsing).toLocaleString('en')} phases/s (parse + adjudication)`,
  );
}

// `dipjudge adjudicate` end to end, as a batch user runs it: the compiled command line reads N
// copies of the dense phase as one JSON array and writes their outcomes. The same command with
// one phase is its start-up, taken off.
{
  const dense = fixtures[fixtures.length - 1]!;
  const count = Number(process.argv.find((arg) => arg.startsWith('--cli-phases='))?.split('=')[1] ?? 20_000);
  const bin = fileURLToPath(new URL('../bin/dipjudge.js', import.meta.url));
  const runCli = (phases: number, pretty: boolean) => {
    const input = JSON.stringify(Array.from({ length: phases }, () => dense.input));
    const start = process.hrtime.bigint();
    const child = spawnSync(process.execPath, [bin, 'adjudicate', ...(pretty ? ['--pretty'] : [])], { input, maxBuffer: 2 ** 31 - 1 });
    const wallMicros = Number(process.hrtime.bigint() - start) / 1000;
    if (child.status !== 0) throw new Error(`dipjudge adjudicate failed: ${child.stderr.toString()}`);
    return wallMicros;
  };
  for (const pretty of [false, true]) {
    const startup = Math.min(runCli(1, pretty), runCli(1, pretty));
    const batch = Math.min(runCli(count, pretty), runCli(count, pretty));
    console.log(
      `${dense.name} via \`dipjudge adjudicate${pretty ? ' --pretty' : ''}\`: ${count.toLocaleString('en')} phases in ${(batch / 1e6).toFixed(2)} s, start-up ${(startup / 1000).toFixed(0)} ms | ` +
        `${((batch - startup) / (count - 1)).toFixed(1)} µs per phase end to end (best of 2)`,
    );
  }
}

// Map pictures of each position with its orders: the SVG (pure) and the PNG at the width results mails use.
// The PNG is composed over the drawing's own layers, rasterised on a map's first picture (timed once here);
// `whole SVG` is the picture's SVG rasterised in one piece, as before that cache.
const geometry = loadGeometry(variant.map)!;
{
  const first = adjudicateDetailed(fixtures[0]!.input);
  const start = process.hrtime.bigint();
  renderMapPng(renderMapSvg({ variant, geometry, position: first.position, results: first.results, title: { game: 'bench', date: null } }), { fontFile: MAP_FONT_FILE, width: 1000 });
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
