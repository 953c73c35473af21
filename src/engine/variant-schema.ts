import { z } from 'zod';
import { PHASE_TYPES, UNIT_TYPES } from './types.ts';

// The on-disk format of a variant (`variants/<name>.json`): who plays, where they start,
// how the year flows and what wins. Adding a variant means adding such a file (and its map).

const powerSchema = z
  .object({
    id: z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'power ids are upper-case, e.g. ENGLAND'),
    name: z.string().min(1),
    adjective: z.string().min(1),
    /** One letter used in phase-independent lists: press recipients, draw lists, njudge signon. */
    initial: z.string().regex(/^[A-Z]$/),
    homeCenters: z.array(z.string()).min(1),
    units: z.array(z.object({ type: z.enum(UNIT_TYPES), location: z.string() }).strict()),
    /** Centres owned at the start; defaults to the home centres. */
    ownedCenters: z.array(z.string()).optional(),
  })
  .strict();

const flowStepSchema = z
  .object({
    /** One upper-case letter used in phase ids (`S` in `S1901M`). */
    season: z.string().regex(/^[A-Z]$/),
    seasonName: z.string().min(1),
    type: z.enum(PHASE_TYPES),
    /** Supply-centre ownership changes once this step is over (or skipped). */
    captureCenters: z.boolean().default(false),
  })
  .strict();

export const variantDataSchema = z
  .object({
    name: z.string().min(1),
    title: z.string().min(1),
    map: z.string().min(1),
    powers: z.array(powerSchema).min(1),
    startYear: z.number().int(),
    /** The phases of one game year in order. */
    flow: z.array(flowStepSchema).min(1),
    victory: z.object({ centers: z.number().int().positive() }).strict(),
  })
  .strict();

export type PowerData = z.infer<typeof powerSchema>;
export type FlowStep = z.infer<typeof flowStepSchema>;
export type VariantData = z.infer<typeof variantDataSchema>;
