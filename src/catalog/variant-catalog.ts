import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ZodType } from 'zod';
import { mapDataSchema } from '../engine/map-schema.ts';
import { MapError } from '../engine/map.ts';
import { Variant } from '../engine/variant.ts';
import { variantDataSchema } from '../engine/variant-schema.ts';

// Reads variants and maps from the repository's data folders, validating them on load.

export class VariantLoadError extends Error {}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const cache = new Map<string, Variant>();

function readData<T>(folder: string, name: string, schema: ZodType<T>): T {
  if (!/^[a-z0-9_-]+$/i.test(name)) throw new VariantLoadError(`"${name}" is not a valid ${folder.replace(/s$/, '')} name`);
  const path = `${ROOT}${folder}/${name.toLowerCase()}.json`;
  if (!existsSync(path)) throw new VariantLoadError(`unknown ${folder.replace(/s$/, '')} "${name}"; known: ${listNames(folder).join(', ')}`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new VariantLoadError(`${folder}/${name}.json is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  at ${i.path.join('.') || '(top)'}: ${i.message}`).join('\n');
    throw new VariantLoadError(`${folder}/${name}.json is not a valid ${folder.replace(/s$/, '')}:\n${issues}`);
  }
  return parsed.data;
}

function listNames(folder: string): string[] {
  return readdirSync(`${ROOT}${folder}`)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5));
}

/**
 * njudge's names of variants whose files here are named as DPjudge names them: a player who writes
 * CREATE ?g pw ancient_med, or JOIN with it, means ancmed.
 */
const NJUDGE_VARIANT_NAMES: Readonly<Record<string, string>> = {
  ancient_med: 'ancmed',
  fleet_rome: 'fleetrome',
  shift_left: 'shiftleft',
  shift_right: 'shiftright',
  shift_around: 'shiftaround',
};

/** The variant a written name means, in lower case: njudge's names read as ours, any other as written. */
export function variantNamed(written: string): string {
  const key = written.toLowerCase();
  return NJUDGE_VARIANT_NAMES[key] ?? key;
}

export function variantNames(): string[] {
  return listNames('variants');
}

/** The named variant with its map, validated and compiled once per process. */
export function loadVariant(name: string): Variant {
  const key = variantNamed(name);
  const cached = cache.get(key);
  if (cached) return cached;
  const data = readData('variants', key, variantDataSchema);
  const mapData = readData('maps', data.map, mapDataSchema);
  let variant: Variant;
  try {
    variant = new Variant(data, mapData);
  } catch (error) {
    if (!(error instanceof MapError)) throw error;
    const problems = error.message
      .split('\n')
      .map((line) => `  ${line}`)
      .join('\n');
    throw new VariantLoadError(`variants/${key}.json (with maps/${data.map}.json) is not a playable variant:\n${problems}`);
  }
  cache.set(key, variant);
  return variant;
}
