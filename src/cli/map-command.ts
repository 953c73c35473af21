import { adjudicateDetailed, AdjudicateInputError } from '../api/adjudicate.ts';
import { GeometryLoadError, loadGeometry } from '../catalog/geometry-catalog.ts';
import { MAP_FONT_FILE } from '../catalog/map-assets.ts';
import type { OrderResult } from '../engine/results.ts';
import type { Position } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';
import { renderMapSvg } from '../render/map-picture.ts';
import { renderMapPng } from '../render/map-png.ts';
import { CommandInputError } from './adjudicate-command.ts';

// `dipjudge map [--png] < phase.json > map.svg`: draws an `adjudicate` input (the position with its orders
// and their outcomes) or an `adjudicate` output (the position it leads to).

export interface MapCommandOptions {
  readonly png: boolean;
  readonly width: number;
  readonly title: string;
}

export const DEFAULT_MAP_WIDTH = 1000;

export function runMap(text: string, options: MapCommandOptions): string | Uint8Array {
  if (!Number.isInteger(options.width) || options.width < 100 || options.width > 8000) {
    throw new CommandInputError(`--width must be a whole number of pixels from 100 to 8000, not ${options.width}`);
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new CommandInputError(`the input is not valid JSON: ${(error as Error).message}`);
  }
  let drawn: { variant: Variant; position: Position; results: readonly OrderResult[] };
  try {
    const isOutput = typeof input === 'object' && input !== null && 'results' in input && !('orders' in input);
    // An output's position is the next phase's: drawn as it stands, without orders.
    const detailed = adjudicateDetailed(isOutput ? { position: (input as { position: unknown }).position } : input);
    drawn = { variant: detailed.variant, position: detailed.position, results: isOutput ? [] : detailed.results };
  } catch (error) {
    if (error instanceof AdjudicateInputError) throw new CommandInputError(error.message);
    throw error;
  }
  let geometry: ReturnType<typeof loadGeometry>;
  try {
    geometry = loadGeometry(drawn.variant.map);
  } catch (error) {
    if (error instanceof GeometryLoadError) throw new CommandInputError(error.message);
    throw error;
  }
  if (!geometry) throw new CommandInputError(`the ${drawn.variant.title} map has no drawing (geometry/${drawn.variant.map.name}.json)`);
  const svg = renderMapSvg({ ...drawn, geometry, title: { game: options.title } });
  return options.png ? renderMapPng(svg, { fontFile: MAP_FONT_FILE, width: options.width }) : svg;
}
