import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GameMap } from '../engine/map.ts';
import { geometryGaps, mapGeometrySchema, type MapGeometry } from './map-geometry.ts';

// Loads a map's drawing (geometry/<map>.json), validated against the map on first use: a drawing that
// lacks an outline or a unit point for the map is refused, so a picture never silently misses a province.

export class GeometryLoadError extends Error {}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const cache = new Map<string, MapGeometry | null>();

/** The map's drawing, or null when the map has none. Throws when the drawing does not fit the map. */
export function loadGeometry(map: GameMap): MapGeometry | null {
  const key = map.name.toLowerCase();
  if (cache.has(key)) return cache.get(key)!;
  const path = `${ROOT}geometry/${key}.json`;
  if (!/^[a-z0-9_-]+$/.test(key) || !existsSync(path)) {
    cache.set(key, null);
    return null;
  }
  const parsed = mapGeometrySchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  at ${i.path.join('.') || '(top)'}: ${i.message}`).join('\n');
    throw new GeometryLoadError(`geometry/${key}.json is not a valid drawing:\n${issues}`);
  }
  const gaps = geometryGaps(parsed.data, map);
  if (gaps.length > 0) throw new GeometryLoadError(`geometry/${key}.json does not fit map ${map.name}: ${gaps.join('; ')}`);
  cache.set(key, parsed.data);
  return parsed.data;
}
