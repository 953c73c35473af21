import { z } from 'zod';
import type { OrderResult, ResultFacts } from '../../engine/results.ts';
import { MARKERS, type LocationId, type Outcome, type PowerId } from '../../engine/types.ts';
import type { Variant } from '../../engine/variant.ts';
import { orderReasonText } from '../../render/order-reasons.ts';
import { orderSchema } from './order-format.ts';

// The order results a processed phase keeps in phases.results, beside the orders it was processed
// with. Each reason is kept in its words, as every row written before the engine's reasons were typed
// holds it: the stored JSON has one form whatever release wrote it, and nothing words it again. So a
// result read back is not an OrderResult (whose reason is a typed OrderReason) but a StoredOrderResult:
// what became of the order, which MAP and the web pages draw, and the words of why. Checked where it
// is read, like the position: a row the judge never wrote stops with an error naming it.

/** An order result as a processed phase keeps it: what became of the order, and why in words. */
export interface StoredOrderResult extends ResultFacts {
  /** Why the order was illegal or failed, as the results mail said it; null when it succeeded. */
  readonly reasonText: string | null;
}

/** The results of a phase as phases.results keeps them: the engine's results with each reason in its words. */
export function storedResultsJson(results: readonly OrderResult[], variant: Variant): unknown[] {
  return results.map((result) => (result.reason === null ? result : { ...result, reason: orderReasonText(result.reason, variant) }));
}

export class StoredResultsError extends Error {
  override readonly name = 'StoredResultsError';
}

const OUTCOMES = ['succeeds', 'fails', 'illegal'] as const satisfies readonly Outcome[];

// The JSON as storedResultsJson writes it; the notes (how an order was read) are not read back.
const storedResultSchema = z.object({
  power: z
    .string()
    .min(1)
    .transform((id) => id as PowerId),
  unit: z
    .string()
    .min(1)
    .transform((id) => id as LocationId)
    .nullable(),
  order: orderSchema.nullable(),
  input: z.number().int().nonnegative().nullable(),
  outcome: z.enum(OUTCOMES),
  reason: z.string().nullable(),
  markers: z.array(z.enum(MARKERS)),
});
const storedResultsSchema = z.array(storedResultSchema);

/** A processed phase's stored results, typed; none when the phase has none yet (null). */
export function readStoredOrderResults(value: unknown, where: string): readonly StoredOrderResult[] {
  if (value === null || value === undefined) return [];
  const parsed = storedResultsSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new StoredResultsError(`the stored results of ${where} do not fit at ${issue.path.length > 0 ? issue.path.join('.') : 'the top'}: ${issue.message}`);
  }
  return parsed.data.map(({ reason, ...facts }) => ({ ...facts, reasonText: reason }));
}
