import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machineLine } from './machine.ts';
import { figuresOf, previousRelease, ROOT } from './release-tree.ts';

// `npm run bench:maps [-- --previous=REF]`: the PNG a results mail carries for the large maps
// (youngstown, imperial, with their Europe panel) beside standard's, each figure beside the previous
// release's measured in the same run (REF, a git commit; by default the one before the pictures were
// bounded): the size in pixels and bytes, the first picture of a map (its drawing rasterised and kept,
// CPU), each picture after it (CPU, median), and the resident memory of a process drawing 20 of them
// as the sender does (before, peak, after). Each map is drawn in a process of its own. The sender
// draws the PNG when the mail goes out, outside the judge's transaction.

interface MapFigures {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly kilobytes: number;
  readonly firstMs: number;
  readonly cpuMs: number;
  readonly rssBeforeMb: number;
  readonly rssPeakMb: number;
  readonly rssAfterMb: number;
}

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const previousRef = option('previous') ?? 'ded7973';
const MAPS = ['standard', 'youngstown', 'imperial'];
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

console.log(`${machineLine()}, load ${load()}`);
const work = mkdtempSync(path.join(os.tmpdir(), 'dipjudge-bench-maps-'));
try {
  const previous = previousRelease(work, previousRef);
  console.log(`mailed PNG of the starting position, release ${previousRef} → this checkout; 20 pictures a process, drawn one a turn of the event loop:`);
  for (const name of MAPS) {
    const [was] = await figuresOf<MapFigures[]>(previous, './maps-figures.ts', [name], 'maps-figures');
    const [is] = await figuresOf<MapFigures[]>(ROOT, './maps-figures.ts', [name], 'maps-figures');
    const pair = (key: keyof MapFigures, digits = 0) => `${(was![key] as number).toFixed(digits)} → ${(is![key] as number).toFixed(digits)}`;
    console.log(
      `  ${name.padEnd(10)} ${was!.width}x${was!.height} → ${is!.width}x${is!.height} px, ${pair('kilobytes')} KB | first picture ${pair('firstMs')} ms CPU | each after ${pair('cpuMs')} ms CPU | RSS before ${pair('rssBeforeMb')}, peak ${pair('rssPeakMb')}, after 20 ${pair('rssAfterMb')} MB`,
    );
  }
  console.log(`load at the end: ${load()}`);
} finally {
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
