import { buildableCenters } from '../engine/adjustment.ts';
import type { OrderResult } from '../engine/results.ts';
import type { PowerId, Position } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';
import { adjustmentLine, type AdjustmentLine } from './order-lines.ts';

// The body of an adjustment results mail after its title, in the order st_build.c's `buildout`
// prints it: first each power's builds, removals and waives, then builds a power could not use
// for want of a free home centre, then the removals the judge chose for powers that ordered too
// few ("Defaults, removing …").
//
//   Austria:                  Builds an army in Budapest.
//   England:                  Build waived.
//   Germany:                  Removes the fleet in Kiel.
//   Italy:                    1 unusable build waived.
//   Russia:                   Defaults, removing the army in Warsaw.

export function adjustmentReport(variant: Variant, results: readonly OrderResult[], after: Position): string[] {
  const ordered: string[] = [];
  const unusable: string[] = [];
  const defaults: string[] = [];
  for (const power of variant.powers) {
    const own = results.filter((r) => r.power === power.id && r.outcome !== 'illegal' && r.order !== null);
    const line = (text: AdjustmentLine) => adjustmentLine(power.name, text, variant.map);
    const chosen = own.filter((r) => r.input !== null).sort((a, b) => a.input! - b.input!);
    for (const result of chosen) {
      const order = result.order!;
      if (order.kind === 'build' && order.unit.type !== null) ordered.push(line({ kind: 'build', type: order.unit.type, location: order.unit.location }));
      else if (order.kind === 'remove' && order.unit.type !== null)
        ordered.push(line({ kind: 'remove', type: order.unit.type, location: order.unit.location }));
      else if (order.kind === 'waive') ordered.push(line({ kind: 'waive' }));
    }
    const defaultWaives = own.filter((r) => r.input === null && r.order!.kind === 'waive').length;
    if (defaultWaives > 0 && hasFreeHomeCentre(variant, after, power.id)) {
      for (let k = 0; k < defaultWaives; k++) ordered.push(line({ kind: 'waive' }));
    } else if (defaultWaives > 0) {
      unusable.push(line({ kind: 'unusable', count: defaultWaives, processed: true }));
    }
    for (const result of own.filter((r) => r.input === null)) {
      const order = result.order!;
      if (order.kind === 'remove' && order.unit.type !== null)
        defaults.push(line({ kind: 'default-remove', type: order.unit.type, location: order.unit.location }));
    }
  }
  return [...ordered, ...unusable, ...defaults];
}

/** Whether the power still has a centre it may build on (a home centre it owns, in the standard rule) with nothing standing on it. */
export function hasFreeHomeCentre(variant: Variant, position: Position, power: PowerId): boolean {
  return buildableCenters(variant, position, power).length > 0;
}
