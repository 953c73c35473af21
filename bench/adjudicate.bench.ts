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
import { machineLine, medianMicros } from './machine.ts';

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
  for (const [power, lines] of Object.entries(orders)) {
    for (const line of lines) for (const parsed of parseOrderLine(line, variant.map, phase)) if (parsed.ok) submitted.push({ power, order: parsed.order });
  }
  return submitted;
}

console.log(machineLine());
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
