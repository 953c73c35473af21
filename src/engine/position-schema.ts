import { z } from 'zod';
import { formatPhaseId, parsePhaseId } from './phase.ts';
import { UNIT_TYPES, type DislodgedUnit, type LocationId, type PhaseId, type Position, type PowerId, type ProvinceId } from './types.ts';

// A position as stored (a game's phases, a ROLLBACK's snapshot): JSON the judge wrote, checked
// where it is read, so a row changed by hand or by a faulty migration stops with a clear error
// naming what does not fit instead of reaching the adjudicator as something it is not.

const power = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]*$/, 'power ids are upper case, e.g. ENGLAND')
  .transform((id) => id as PowerId);
const province = z
  .string()
  .regex(/^[a-z0-9_]+$/, 'province ids are lower case without a coast, e.g. stp')
  .transform((id) => id as ProvinceId);
const location = z
  .string()
  .regex(/^[a-z0-9_]+(?:\/[a-z]+)?$/, 'location ids are lower case, e.g. stp/nc')
  .transform((id) => id as LocationId);
const phase = z
  .string()
  .refine((id) => {
    const parsed = parsePhaseId(id);
    return parsed !== null && formatPhaseId(parsed) === id;
  }, 'a phase id such as S1901M')
  .transform((id) => id as PhaseId);
const unit = z.object({ power, type: z.enum(UNIT_TYPES), location });
const dislodged: z.ZodType<DislodgedUnit> = unit.extend({ attackerFrom: province.nullable(), retreats: z.array(location) });

const positionSchema: z.ZodType<Position> = z.object({
  variant: z.string().min(1),
  phase,
  units: z.array(unit),
  dislodged: z.array(dislodged),
  supplyCenters: z.record(power, z.array(province)),
  undeterminedHomes: z.record(power, z.number().int().nonnegative()).optional(),
  homeCenters: z.record(power, z.array(province)).optional(),
});

/** A stored position that does not fit: `where` names the row, the message what is wrong in it. */
export class StoredPositionError extends Error {
  override readonly name = 'StoredPositionError';
}

/** The stored position, checked; throws StoredPositionError, naming `where` and the first field that does not fit. */
export function readStoredPosition(value: unknown, where: string): Position {
  const parsed = positionSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.join('.') : 'the whole position';
  throw new StoredPositionError(`the stored position of ${where} does not fit at ${field}: ${issue.message}`);
}
