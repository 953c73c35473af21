import { readFileSync } from 'node:fs';
import { adjudicate } from '../src/api/adjudicate.ts';
import { loadVariant } from '../src/catalog/variant-catalog.ts';
import { adjudicatePhase } from '../src/engine/adjudicate-phase.ts';
import { prepareMovement } from '../src/engine/movement/adjudicate-movement.ts';
import { resolveMovement } from '../src/engine/movement/resolver.ts';
import { parsePhaseId } from '../src/engine/phase.ts';
import type { SubmittedOrder } from '../src/engine/results.ts';
import type { Position } from '../src/engine/types.ts';
import { parseOrderLine } from '../src/orders/index.ts';
import { medianCpuMicros as cpuMicros } from './machine.ts';

// The in-process figures of `npm run bench`, for one release: adjudicate.bench.ts bundles this
// file against the current sources and against the previous release's (its imports of ../src
// are pointed there), runs each bundle and prints the two side by side. It writes one JSON line:
// per fixture, CPU microseconds per phase (user + system, median of batches), for
//  - resolver: the DATC resolution of orders already bound to units;
//  - adjudication: binding the parsed orders to units, resolving, next position;
//  - parse: the order text to parsed orders;
//  - parse + adjudication: both;
//  - adjudicate(): the public JSON operation (validation, parsing, adjudication, echo);
//  - JSON out: JSON.stringify of adjudicate()'s output, as the command line writes it.

interface Fixture {
  readonly name: string;
  readonly input: { position: Omit<Position, 'dislodged' | 'supplyCenters'> & Partial<Position>; orders: Record<string, string[]> };
}

const fixtures = (JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { positions: Fixture[] }).positions;
const variant = loadVariant('standard');

function parseAll(position: Position, orders: Record<string, string[]>): SubmittedOrder[] {
  const phase = parsePhaseId(position.phase)!.type;
  const submitted: SubmittedOrder[] = [];
  for (const [power, lines] of Object.entries(orders)) {
    for (const line of lines)
      for (const parsed of parseOrderLine(line, variant.map, phase)) if (parsed.ok) submitted.push({ power, order: parsed.order } as SubmittedOrder);
  }
  return submitted;
}

const figures = fixtures.map(({ name, input }) => {
  const position = { dislodged: [], supplyCenters: {}, ...input.position } as Position;
  const parsed = parseAll(position, input.orders);
  const prepared = prepareMovement(variant, position.units, parsed);
  const resolver = cpuMicros(() => resolveMovement(prepared.resolverOrders), { batches: 60, perBatch: 5000 });
  const output = adjudicate(input);
  return {
    name,
    units: position.units.length,
    orders: Object.values(input.orders).flat().length,
    resolver,
    adjudication: cpuMicros(() => adjudicatePhase(variant, position, parsed), { batches: 60, perBatch: 2000 }),
    parse: cpuMicros(() => parseAll(position, input.orders), { batches: 60, perBatch: 2000 }),
    parseAndAdjudication: cpuMicros(() => adjudicatePhase(variant, position, parseAll(position, input.orders)), { batches: 60, perBatch: 1000 }),
    api: cpuMicros(() => adjudicate(input), { batches: 60, perBatch: 500 }),
    jsonOut: cpuMicros(() => JSON.stringify(output), { batches: 60, perBatch: 500 }),
  };
});
console.log(JSON.stringify(figures));
