import { z } from 'zod';
import type { PowerId } from '../../engine/types.ts';
import type { GameEnding } from '../model.ts';

// A game's ending is stored as JSON (games.ending, sql/022) and checked where it is read: one that
// does not fit reads as no ending, and SUMMARY then gives the generic line.

const power = z
  .string()
  .min(1)
  .transform((id) => id as PowerId);
const endingSchema: z.ZodType<GameEnding> = z.union([
  z.object({ kind: z.enum(['solo', 'concession']), victors: z.tuple([power]) }),
  z.object({ kind: z.literal('draw'), victors: z.array(power).min(1) }),
  z.object({ kind: z.enum(['master', 'terminated']), victors: z.tuple([]) }),
  z.object({ kind: z.literal('told'), victors: z.tuple([]), text: z.string().min(1) }),
]);

/** A stored ending read back: null when absent or not of this shape. */
export function readGameEnding(value: unknown): GameEnding | null {
  if (value === null || value === undefined) return null;
  const parsed = endingSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
