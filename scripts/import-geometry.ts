// Imports DPjudge's map drawings (geometry/sources/*.ps, MIT, © 2017 Manus Hand) as the project's own
// geometry data, geometry/<map>.json. Run again after a map's province ids change:
//
//   npx tsx scripts/import-geometry.ts            # every drawing
//   npx tsx scripts/import-geometry.ts standard   # some drawings
//   npx tsx scripts/import-geometry.ts --check    # exit 1 if re-running would change a checked-in file
//
// The output depends only on the drawing and on maps/<map>.json (for the province ids), so it is checked in.

import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mapDataSchema, type MapData } from '../src/engine/map-schema.ts';
import type { MapGeometry } from '../src/catalog/map-geometry.ts';
import { buildGeometry } from './geometry/build-geometry.ts';
import { PostScriptFormatError } from './geometry/postscript.ts';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const SOURCES = `${ROOT}geometry/sources/`;

/** One entry per line, so a change to one province shows as one changed line. */
export function formatGeometry(geometry: MapGeometry): string {
  const lines: string[] = ['{'];
  const entries = Object.entries(geometry);
  entries.forEach(([key, value], index) => {
    const comma = index < entries.length - 1 ? ',' : '';
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const inner = Object.entries(value as Record<string, unknown>);
      lines.push(`  ${JSON.stringify(key)}: {`);
      inner.forEach(([k, v], i) => {
        lines.push(`    ${JSON.stringify(k)}: ${JSON.stringify(v)}${i < inner.length - 1 ? ',' : ''}`);
      });
      lines.push(`  }${comma}`);
    } else if (Array.isArray(value) && value.some((v) => typeof v === 'object')) {
      lines.push(`  ${JSON.stringify(key)}: [`);
      value.forEach((v, i) => {
        lines.push(`    ${JSON.stringify(v)}${i < value.length - 1 ? ',' : ''}`);
      });
      lines.push(`  ]${comma}`);
    } else {
      lines.push(`  ${JSON.stringify(key)}: ${JSON.stringify(value)}${comma}`);
    }
  });
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

function readMap(name: string): MapData | null {
  const path = `${ROOT}maps/${name}.json`;
  return existsSync(path) ? mapDataSchema.parse(JSON.parse(readFileSync(path, 'utf8'))) : null;
}

export interface ImportOutcome {
  readonly name: string;
  readonly text: string | null;
  readonly problems: readonly string[];
  /** Faces shared out between provinces because the drawing lacks a border line between them. */
  readonly shared: readonly string[];
}

/** The geometry file's text for one drawing, or null with the reason when the drawing cannot be read. */
export function importDrawing(name: string): ImportOutcome {
  const source = readFileSync(`${SOURCES}${name}.ps`, 'latin1');
  try {
    const { geometry, problems, shared } = buildGeometry(name, `${name}.ps`, source, readMap(name));
    return { name, text: formatGeometry(geometry), problems, shared };
  } catch (error) {
    if (error instanceof PostScriptFormatError) return { name, text: null, problems: [`not imported: ${error.message}`], shared: [] };
    throw error;
  }
}

export function drawingNames(): string[] {
  return readdirSync(SOURCES)
    .filter((f) => f.endsWith('.ps'))
    .map((f) => f.slice(0, -3))
    .sort();
}

function main(args: string[]): number {
  const check = args.includes('--check');
  const wanted = args.filter((a) => !a.startsWith('--'));
  let changed = 0;
  for (const name of wanted.length > 0 ? wanted : drawingNames()) {
    const outcome = importDrawing(name);
    for (const problem of outcome.problems) console.log(`${name}: ${problem}`);
    for (const face of outcome.shared) console.log(`${name}: note: ${face}`);
    if (outcome.text === null) continue;
    const target = `${ROOT}geometry/${name}.json`;
    const current = existsSync(target) ? readFileSync(target, 'utf8') : null;
    if (current === outcome.text) continue;
    changed += 1;
    if (check) console.log(`${name}: geometry/${name}.json differs from what the importer writes`);
    else {
      writeFileSync(target, outcome.text);
      console.log(`${name}: wrote geometry/${name}.json`);
    }
  }
  return check && changed > 0 ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main(process.argv.slice(2));
