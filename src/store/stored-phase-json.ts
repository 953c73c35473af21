import { z } from 'zod';
import type { PowerId } from '../engine/types.ts';
import { readParsedOrderSet } from '../judge/diplomacy/order-format.ts';
import { mailAddress, SEAT_STATUSES, type GameRule } from '../judge/model.ts';
import type { GameSnapshot, StoredOrders } from '../judge/ports.ts';

// The JSON a processed phase keeps beside its position (phases.results, phases.game_snapshot):
// the orders it was processed with, for ROLLFORWARD and ROLLBACK RESTORE, and who held which seat
// with the rules when it began, for ROLLBACK FULL. Checked where it is read, like the position
// (src/engine/position-schema.ts): a row that does not fit stops with an error naming it, rather
// than restoring seats or orders from something the judge never wrote.

export class StoredPhaseError extends Error {
  override readonly name = 'StoredPhaseError';
}

const snapshotSchema = z.object({
  rules: z.array(z.string().transform((rule) => rule as GameRule)),
  seats: z.array(
    z.object({
      id: z.number().int().positive(),
      address: z.string().min(1).transform(mailAddress),
      status: z.enum(SEAT_STATUSES),
      passwordHash: z.string().nullable(),
    }),
  ),
});

const storedResultsSchema = z.object({
  // The engine's order results, as HISTORY and SUMMARY show them: read by their own checks.
  results: z.unknown(),
  orders: z.array(
    z.object({
      power: z
        .string()
        .min(1)
        .transform((id) => id as PowerId),
      lines: z.array(z.string()),
      parsed: z.unknown().transform(readParsedOrderSet),
      submitted: z.boolean(),
      hasErrors: z.boolean(),
    }),
  ),
});

function read<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new StoredPhaseError(`the stored ${what} does not fit at ${issue.path.length > 0 ? issue.path.join('.') : 'the top'}: ${issue.message}`);
}

/** Who held the seats when the phase began, and the rules then; null when the phase has none. */
export function readGameSnapshot(value: unknown, where: string): GameSnapshot | null {
  return value === null || value === undefined ? null : read(snapshotSchema, value, `seat snapshot of ${where}`);
}

/** What processing the phase stored: its results and the orders it was processed with; null before it is processed. */
export function readStoredResults(value: unknown, where: string): { readonly results: unknown; readonly orders: readonly StoredOrders[] } | null {
  return value === null || value === undefined ? null : read(storedResultsSchema, value, `results of ${where}`);
}
