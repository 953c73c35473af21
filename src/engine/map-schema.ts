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
    /** Provinces a unit here may move to but not support into (DPjudge's `~` and `*` adjacencies). */
    noSupportInto: z.array(provinceId).optional(),
    /** Neighbours a unit here may move or support into only if its power owns the centre given (DPjudge's `BLA(CON)`). */
    ownerOnly: z.record(provinceId, provinceId).optional(),
    /** DPjudge's abbreviation where the project keeps an id of its own (standard's `gol` is DPjudge's `lyo`). */
    dpjudgeId: z.string().optional(),
  })
  .strict();

export const mapDataSchema = z
  .object({
    name: z.string().min(1),
    provinces: z.array(provinceDataSchema).min(1),
  })
  .strict();

export type ProvinceData = z.infer<typeof provinceDataSchema>;
export type MapData = z.infer<typeof mapDataSchema>;
