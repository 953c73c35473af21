import type { OrderResult } from '../engine/results.ts';
import type { Position } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';
import { retreatLine, type RetreatLine } from './order-lines.ts';

// The body of a retreat results mail after its title, as st_retreat.c prints it: one line per
// dislodged unit, the power padded so every order starts in column 26, no blank lines between
// powers.
//
//   Austria:                  Army  Serbia -> Albania.
//   Russia:                   Fleet Sevastopol -> Armenia (*bounce, destroyed*).
//   Turkey:                   Army  Bulgaria, No Order Processed (DISBAND).
//
// Units that had nowhere to go were reported destroyed with the movement results; njudge does
// not list them again, and neither do we.

export function retreatReport(variant: Variant, results: readonly OrderResult[], before: Position): string[] {
  const powerIndex = (id: string) => variant.power(id)?.index ?? Number.MAX_SAFE_INTEGER;
  const units = before.dislodged
    .map((unit, index) => ({ unit, index }))
    .filter(({ unit }) => unit.retreats.length > 0)
    .sort((a, b) => powerIndex(a.unit.power) - powerIndex(b.unit.power) || a.index - b.index);
  const lines: string[] = [];
  for (const { unit } of units) {
    const result = results.find((r) => r.outcome !== 'illegal' && r.unit === unit.location && r.order !== null);
    if (!result) continue;
    lines.push(retreatLine(variant.power(unit.power)?.name ?? unit.power, unit.type, unit.location, lineOf(result), variant.map));
  }
  return lines;
}

function lineOf(result: OrderResult): RetreatLine {
  const order = result.order!;
  if (order.kind === 'retreat') return { kind: 'retreat', to: order.to, bounced: result.markers.includes('bounce') };
  return result.input === null ? { kind: 'unordered' } : { kind: 'disband' };
}
