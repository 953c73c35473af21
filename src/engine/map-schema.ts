import { z } from 'zod';
import { COASTS, type LocationId, type ProvinceId } from './types.ts';

// The on-disk format of a map (`maps/<name>.json`). Adjacencies are listed per
// province, so each border can be checked line by line against another judge's map file.

// The patterns make the text lower case, so it is an id as types.ts defines one.
const provinceId = z
  .string()
  .regex(/^[a-z][a-z0-9_]*$/, 'province ids are lower-case letters, digits and _')
  .transform((id) => id as ProvinceId);
const locationId = z
  .string()
  .regex(/^[a-z][a-z0-9_]*(\/(nc|sc|ec|wc))?$/, 'a location is a province id with an optional /nc, /sc, /ec or /wc')
  .transform((id) => id as LocationId);

export const provinceDataSchema = z
  .object({
    id: provinceId,
    name: z.string().min(1),
    terrain: z.enum(['land', 'coast', 'sea']),
    supplyCenter: z.boolean().default(false),
    /** Further names players write; the id and full name are always accepted. */
    aliases: z.array(z.string().min(1)).default([]),
    /** Provinces an army may move to (land and coast provinces only). */
    army: z.array(provinceId).default([]),
    /** Locations a fleet may move to, for sea provinces and coasts that are not split. */
    fleet: z.array(locationId).default([]),
    /** For provinces with split coasts: fleet neighbours per coast; `fleet` must then be empty. */
    coasts: z.partialRecord(z.enum(COASTS), z.array(locationId)).optional(),
    /** A coastal province where a fleet may also convoy, as at sea (DPjudge's PORT). */
    port: z.boolean().optional(),
    /** Borders with rules of their own, by the province across: the name of one of the map's `borderKinds`. */
    borders: z.record(provinceId, z.string().min(1)).optional(),
    /** Neighbours a unit here may move or support into only if its power owns the centre given (DPjudge's `BLA(CON)`). */
    ownerOnly: z.record(provinceId, provinceId).optional(),
    /** DPjudge's abbreviation where the project keeps an id of its own (standard's `gol` is DPjudge's `lyo`). */
    dpjudgeId: z.string().optional(),
  })
  .strict();

/** When a move across a border cuts the support of the unit it attacks (short of dislodging it, which always does). */
export const SUPPORT_CUTS = ['always', 'when-supported', 'never'] as const;

/**
 * Rules of a kind of border (DPjudge's `*` "Cape of Good Hope" and `~` strait adjacencies). Strengths count
 * a unit's own weight: 1 on an ordinary border, 0.5 at half strength; supports add 1 each as ever.
 */
export const borderKindSchema = z
  .object({
    /** What the map's own notes call it, for people reading the data. */
    description: z.string().min(1),
    /** A move across: the unit's own strength before supports (DPjudge: `*` ½, `~` 0). */
    moveStrength: z.union([z.literal(0), z.literal(0.5), z.literal(1)]),
    /** Whether a unit may support into the province across (DPjudge: no for both). */
    supportAcross: z.boolean(),
    /** When a move across cuts support: DPjudge's `*` never, its `~` only when the move is supported. */
    cutsSupport: z.enum(SUPPORT_CUTS),
    /**
     * A retreat across, against others to the same province: the weakest give way first, all of one
     * strength at a time while two or more remain (DPjudge: `~` 0 before `*` ½ before an ordinary border's 1).
     */
    retreatStrength: z.union([z.literal(0), z.literal(0.5), z.literal(1)]),
  })
  .strict();

export const mapDataSchema = z
  .object({
    name: z.string().min(1),
    /** The kinds of border the provinces' `borders` name; absent when every border is ordinary. */
    borderKinds: z.record(z.string().min(1), borderKindSchema).optional(),
    provinces: z.array(provinceDataSchema).min(1),
  })
  .strict();

export type ProvinceData = z.infer<typeof provinceDataSchema>;
export type MapData = z.infer<typeof mapDataSchema>;
export type BorderKind = z.infer<typeof borderKindSchema>;
export type SupportCut = (typeof SUPPORT_CUTS)[number];
