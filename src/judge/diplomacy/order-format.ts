import { z } from 'zod';
import type { LocationId, Order, ProvinceId } from '../../engine/types.ts';

// The form a power's orders are stored in beside the lines the player wrote: each order as the
// judge read it (the engine's typed order) with the text it was read from. Versioned, and checked
// where it is read: a set of another version, or one that does not fit, is read again from its lines.

/** The version of ParsedOrderSet this judge writes. */
export const ORDER_FORMAT_VERSION = 1;

export interface ParsedOrder {
  /** The text of this one order, as the parser cut it from the line. */
  readonly text: string;
  readonly order: Order;
}

export interface ParsedOrderSet {
  readonly version: typeof ORDER_FORMAT_VERSION;
  readonly orders: readonly ParsedOrder[];
}

// Stored orders were written from parsed ones, whose places are map ids: the read types them again.
/** A location the judge wrote from a map id (an order's, a stored reason's), typed again as it is read. */
export const storedLocation = z
  .string()
  .min(1)
  .transform((id) => id as LocationId);
const location = storedLocation;
// A convoy's route and target name provinces: a coast there does not fit, and the lines are read again.
const province = z
  .string()
  .regex(/^[^/]+$/)
  .transform((id) => id as ProvinceId);
const unitRef = z.object({ type: z.enum(['A', 'F']).nullable(), location });
/** An engine order as the judge stores it (in a parsed order set, and in a processed phase's results). */
export const orderSchema: z.ZodType<Order> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hold'), unit: unitRef }),
  z.object({ kind: z.literal('move'), unit: unitRef, to: location, viaConvoy: z.boolean(), route: z.array(province) }),
  z.object({ kind: z.literal('support'), unit: unitRef, supported: unitRef, to: location.nullable() }),
  z.object({ kind: z.literal('convoy'), unit: unitRef, army: unitRef, to: province }),
  z.object({ kind: z.literal('retreat'), unit: unitRef, to: location }),
  z.object({ kind: z.literal('disband'), unit: unitRef }),
  z.object({ kind: z.literal('build'), unit: unitRef }),
  z.object({ kind: z.literal('remove'), unit: unitRef }),
  z.object({ kind: z.literal('waive') }),
  z.object({ kind: z.literal('adjust'), unit: unitRef }),
]);
const orderSetSchema = z.object({
  version: z.literal(ORDER_FORMAT_VERSION),
  orders: z.array(z.object({ text: z.string(), order: orderSchema })),
});

/** A stored set read back: null when absent, of another version, or not of this shape. */
export function readParsedOrderSet(value: unknown): ParsedOrderSet | null {
  if (value === null || value === undefined) return null;
  const parsed = orderSetSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function parsedOrderSet(orders: readonly ParsedOrder[]): ParsedOrderSet {
  return { version: ORDER_FORMAT_VERSION, orders };
}
