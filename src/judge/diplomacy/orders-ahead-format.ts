import { z } from 'zod';
import type { PhaseId, PowerId, ProvinceId } from '../../engine/types.ts';
import type { AheadCondition, AheadStep } from '../../orders/orders-ahead.ts';

// The form a power's orders ahead (PHASE blocks, sql/026) are stored in: the block as the judge read
// it (src/orders/orders-ahead.ts), versioned and checked where it is read. A block of another version,
// or one that does not fit, is read as none: the player is told so by STATUS and can send it again.

/** The version of the stored steps this judge writes. */
export const ORDERS_AHEAD_FORMAT_VERSION = 1;

/** One power's orders for one later phase, as stored. */
export interface OrdersAheadRecord {
  readonly power: PowerId;
  readonly phaseId: PhaseId;
  readonly steps: readonly AheadStep[];
}

const condition: z.ZodType<AheadCondition> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('unit'),
      power: z
        .string()
        .regex(/^[^a-z]+$/)
        .transform((p) => p as PowerId)
        .nullable(),
      unitType: z.enum(['A', 'F']).nullable(),
      province: z
        .string()
        .regex(/^[^/A-Z]+$/)
        .transform((p) => p as ProvinceId),
    }),
    z.object({ kind: z.literal('not'), condition }),
    z.object({ kind: z.literal('and'), conditions: z.array(condition) }),
    z.object({ kind: z.literal('or'), conditions: z.array(condition) }),
  ]),
);
const step: z.ZodType<AheadStep> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('orders'), text: z.string(), line: z.number().int() }),
    z.object({ kind: z.literal('if'), line: z.number().int(), text: z.string(), condition, whenTrue: z.array(step), whenFalse: z.array(step) }),
  ]),
);
const stored = z.object({ version: z.literal(ORDERS_AHEAD_FORMAT_VERSION), steps: z.array(step) });

/** The stored value of a block's steps. */
export function storedAheadSteps(steps: readonly AheadStep[]): { readonly version: typeof ORDERS_AHEAD_FORMAT_VERSION; readonly steps: readonly AheadStep[] } {
  return { version: ORDERS_AHEAD_FORMAT_VERSION, steps };
}

/** Steps read back: null when of another version or not of this shape. */
export function readAheadSteps(value: unknown): readonly AheadStep[] | null {
  const parsed = stored.safeParse(value);
  return parsed.success ? parsed.data.steps : null;
}
