import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { adjudicatePhase } from '../../src/engine/adjudicate-phase.ts';
import { parsePhaseId } from '../../src/engine/phase.ts';
import type { PhaseOutcome, SubmittedOrder } from '../../src/engine/results.ts';
import { powerEntries } from '../../src/engine/ids.ts';
import type { LocationId, DislodgedUnit, PhaseId, PowerId, Position, ProvinceId, Unit, UnitType } from '../../src/engine/types.ts';
import { parseOrderLine } from '../../src/orders/index.ts';
import { orderProblemText } from '../../src/render/order-problems.ts';

// Shared by the render tests: real adjudications of small positions, and golden files that hold the
// exact text a judge would mail.

export const standard = loadVariant('standard');

export function unit(power: PowerId, type: UnitType, location: LocationId): Unit {
  return { power, type, location };
}

export function position(
  phase: PhaseId,
  units: readonly Unit[],
  extra: { dislodged?: DislodgedUnit[]; supplyCenters?: Record<PowerId, ProvinceId[]> } = {},
): Position {
  return {
    variant: 'standard',
    phase,
    units,
    dislodged: extra.dislodged ?? [],
    supplyCenters: extra.supplyCenters ?? standard.startingPosition().supplyCenters,
  };
}

/** Parses the orders as players write them and adjudicates the phase; a line that does not parse fails the test. */
export function play(before: Position, orders: Readonly<Record<PowerId, readonly string[]>>): PhaseOutcome {
  const type = parsePhaseId(before.phase)!.type;
  const submitted: SubmittedOrder[] = [];
  for (const [power, lines] of powerEntries(orders)) {
    for (const line of lines) {
      for (const parsed of parseOrderLine(line, standard.map, type)) {
        if (!parsed.ok) throw new Error(`test order "${line}" does not parse: ${orderProblemText(parsed.error)}`);
        submitted.push({ power, order: parsed.order });
      }
    }
  }
  return adjudicatePhase(standard, before, submitted);
}

const GOLDEN = fileURLToPath(new URL('./golden/', import.meta.url));

/**
 * Compares a rendered mail with test/render/golden/<name>.txt byte for byte. With UPDATE_GOLDEN=1 a
 * missing or different file is rewritten instead: review the diff before committing it.
 */
export function expectGolden(name: string, actual: string): void {
  const path = `${GOLDEN}${name}.txt`;
  if (process.env.UPDATE_GOLDEN === '1' && (!existsSync(path) || readFileSync(path, 'utf8') !== actual)) writeFileSync(path, actual);
  expect(existsSync(path), `golden file ${name}.txt is missing (run with UPDATE_GOLDEN=1 and review it)`).toBe(true);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}
