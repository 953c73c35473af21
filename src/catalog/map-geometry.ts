import { z } from 'zod';
import type { GameMap } from '../engine/map.ts';

// The drawing of a map (`geometry/<map>.json`): where each province lies and where units, names and
// supply-centre markers go, in one coordinate system (x right, y down, `viewBox` the whole picture).
// Generated from DPjudge's map drawings by scripts/import-geometry.ts; see geometry/LICENSE.

const point = z.tuple([z.number(), z.number()]).readonly();
const colour = z.string().regex(/^#[0-9a-f]{6}$/);

export const mapGeometrySchema = z
  .object({
    map: z.string().min(1),
    source: z.string().min(1),
    license: z.string().min(1),
    viewBox: z.tuple([z.number(), z.number(), z.number().positive(), z.number().positive()]),
    background: colour,
    /** The drawing's own layers in painting order: land masses, lakes, mountains, border lines. */
    layers: z.array(
      z
        .object({
          fill: colour.nullable(),
          stroke: z.number().nonnegative(),
          dashed: z.boolean(),
          d: z.string().min(1),
        })
        .strict(),
    ),
    /** Per province id: its outline as SVG path data (even-odd fill). */
    provinces: z.record(z.string(), z.string().min(1)),
    /** Per location id (coasts too): where a unit stands. */
    locations: z.record(z.string(), point),
    /** Per province id: where its abbreviation is written, and whether it is written on water. */
    names: z.record(z.string(), z.object({ at: point, sea: z.boolean() }).strict()),
    supplyCenters: z.record(z.string(), point),
  })
  .strict();

export type MapGeometry = z.infer<typeof mapGeometrySchema>;
export type GeometryPoint = z.infer<typeof point>;

/** What a drawing lacks for a map: provinces without an outline, locations without a unit point. */
export function geometryGaps(geometry: MapGeometry, map: GameMap): string[] {
  const gaps: string[] = [];
  for (const province of map.provinces) {
    if (!geometry.provinces[province.id]) gaps.push(`province ${province.id} has no outline`);
    if (province.supplyCenter && !geometry.supplyCenters[province.id]) gaps.push(`supply centre ${province.id} has no marker point`);
  }
  for (const province of map.provinces) {
    for (const location of new Set([province.id, ...map.locationsOf(province)])) {
      if (!geometry.locations[location]) gaps.push(`location ${location} has no unit point`);
    }
  }
  return gaps;
}
