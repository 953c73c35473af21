import { z } from 'zod';
import { PHASE_TYPES, UNIT_TYPES, type LocationId, type PowerId, type ProvinceId } from './types.ts';

// The on-disk format of a variant (`variants/<name>.json`): who plays, where they start,
// how the years flow and what wins. Adding a variant means adding such a file (and its map);
// `npm run import-maps` writes them from DPjudge's map files.

// Places are typed as ids here; validate-variant.ts checks each is on the map (whose ids are lower case).
const province = z.string().transform((id) => id as ProvinceId);
const location = z.string().transform((id) => id as LocationId);

const powerSchema = z
  .object({
    id: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]*$/, 'power ids are upper-case, e.g. ENGLAND')
      .transform((id) => id as PowerId),
    name: z.string().min(1),
    adjective: z.string().min(1),
    /** One letter or digit used in phase-independent lists: press recipients, draw lists, njudge signon. */
    initial: z.string().regex(/^[A-Z0-9]$/, 'an initial is one upper-case letter or a digit'),
    homeCenters: z.array(province),
    units: z.array(z.object({ type: z.enum(UNIT_TYPES), location }).strict()),
    /** Centres owned at the start; defaults to the home centres. */
    ownedCenters: z.array(province).optional(),
    /**
     * DPjudge's partisan sites (`*SIB` in 1900): places, not centres, where the power may build one
     * extra unit each while it has lost some but not all of its home centres.
     */
    partisanSites: z.array(province).optional(),
  })
  .strict();

const phaseStepSchema = z
  .object({
    /** One upper-case letter used in phase ids (`S` in `S1901M`, `A` in hundred's `A1425M`). */
    season: z.string().regex(/^[A-Z]$/),
    seasonName: z.string().min(1),
    type: z.enum(PHASE_TYPES),
  })
  .strict();

/** DPjudge's FLOW: phases, the year's turn (`NEWYEAR:5`, `NEWYEAR:-1`) and `IFYEARDIV:10` (the rest of the flow only in such years). */
const flowItemSchema = z.union([
  phaseStepSchema,
  z
    .object({
      newYear: z
        .number()
        .int()
        .refine((n) => n !== 0, 'a year cannot advance by 0'),
    })
    .strict(),
  z.object({ ifYearDivisibleBy: z.number().int().positive(), remainder: z.number().int().nonnegative() }).strict(),
]);

export const BUILD_RULES = ['home', 'owned', 'owned-with-home', 'any-home'] as const;

export const variantDataSchema = z
  .object({
    name: z.string().min(1),
    title: z.string().min(1),
    /** One line for LIST VARIANTS. */
    description: z.string().min(1),
    /** Where the data came from (and its licence). */
    source: z.string().optional(),
    map: z.string().min(1),
    powers: z.array(powerSchema).min(2),
    /** The first phase of a game. */
    begin: phaseStepSchema.omit({ seasonName: true }).extend({ year: z.number().int() }),
    /** The phases and year turns of one cycle, in order (DPjudge's FLOW). */
    flow: z.array(flowItemSchema).min(1),
    victory: z.object({ centers: z.number().int().positive() }).strict(),
    /**
     * Where a power builds: `home` on its own home centres (the standard rule), `owned` on any centre
     * it owns (DPjudge's BUILD_ANY), `owned-with-home` on any owned centre while it holds one of its
     * home centres (DPjudge's REMOTE_BUILDS), `any-home` on any owned centre that is a home centre of
     * any power (DPjudge's HOME_BUILDS).
     */
    builds: z.enum(BUILD_RULES).default('home'),
    /**
     * DPjudge's RULE MOBILIZE (1897, 1898): no power starts with units or centres; each has one
     * undetermined home centre and owns the home centre where it builds its first unit. The game
     * begins with that adjustment phase.
     */
    mobilize: z.boolean().optional(),
    /**
     * DPjudge's NEWHOMES (1897): in these years, when the adjustment phase comes, the centres each
     * power owns become its home centres for the rest of the game.
     */
    newHomesYears: z.array(z.number().int()).optional(),
    /**
     * Provinces passable only in some seasons (DPjudge's `IN SPRING:` terrain over a SHUT place; loeb9's
     * Arctic Ocean, open in spring). In other seasons nothing moves, retreats, supports or convoys into or
     * out of one, and a unit standing there may only hold until it opens again (DPjudge's HIBERNATE).
     */
    seasonalProvinces: z.array(z.object({ province, seasons: z.array(z.string().regex(/^[A-Z]$/)).min(1) }).strict()).optional(),
  })
  .strict();

export type PowerData = z.infer<typeof powerSchema>;
export type PhaseStep = z.infer<typeof phaseStepSchema>;
export type FlowItem = z.infer<typeof flowItemSchema>;
export type BuildRule = (typeof BUILD_RULES)[number];
export type VariantData = z.infer<typeof variantDataSchema>;
