import { z } from 'zod';
import type { OrderResult, ResultFacts } from '../../engine/results.ts';
import { MARKERS, type LocationId, type Outcome, type PowerId } from '../../engine/types.ts';
import type { StoredOrderReason } from '../../render/order-reasons.ts';
import { orderSchema } from './order-format.ts';
import { orderReasonSchema } from './order-reason-format.ts';

// The order results a processed phase keeps in phases.results, beside the orders it was processed
// with. Each reason is kept typed, its code and fields as JSON (issue 27), so that whoever reads it
// words it for its reader through src/render (storedOrderReasonText). Rows written before kept the
// reason in its words; they are read as they are, and keep those words. So a result read back is not
// an OrderResult but a StoredOrderResult: what became of the order, which MAP and the web pages draw,
// and why, typed or in an older row's words. Checked where it is read, like the position: a row the
// judge never wrote stops with an error naming it.

/** An order result as a processed phase keeps it: what became of the order, and why. */
export interface StoredOrderResult extends ResultFacts {
  /** Why the order was illegal or failed, typed (or an older row's words); null when it succeeded. */
  readonly reason: StoredOrderReason | null;
}

/** The results of a phase as phases.results keeps them: the engine's results, their reasons typed. */
export function storedResultsJson(results: readonly OrderResult[]): unknown[] {
  return results.map((result) => ({ ...result }));
}

export class StoredResultsError extends Error {
  override readonly name = 'StoredResultsError';
}

const OUTCOMES = ['succeeds', 'fails', 'illegal'] as const satisfies readonly Outcome[];

// The JSON as storedResultsJson writes it, or as it was written when reasons were kept in words;
// the notes (how an order was read) are not read back.
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
  reason: z.union([z.string().transform((words): StoredOrderReason => ({ words })), orderReasonSchema]).nullable(),
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
  return parsed.data;
}
