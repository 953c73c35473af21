import { loadVariant } from '../src/catalog/variant-catalog.ts';
import { attachmentBytes, mapAttachment } from '../src/judge/reports/map-pictures.ts';
import { machineLine, medianCpuMicros, medianMicros } from './machine.ts';

// `npm run bench:maps`: the PNG a results mail carries for the large maps (youngstown, imperial, with
// their Europe panel) beside standard's in the same run: its size in pixels and bytes, the first
// picture of a map (its drawing rasterised and kept), then each picture after it (wall and CPU time).
// The sender draws the PNG when the mail goes out, outside the judge's transaction.

console.log(machineLine());
for (const name of ['standard', 'youngstown', 'imperial']) {
  const variant = loadVariant(name);
  const attachment = mapAttachment({ gameName: 'bench', variant, position: variant.startingPosition(), results: [], date: null })!;
  const start = process.hrtime.bigint();
  const png = attachmentBytes(attachment)!;
  const firstMs = Number(process.hrtime.bigint() - start) / 1e6;
  const height = png.readUInt32BE(20);
  const wall = medianMicros(() => attachmentBytes(attachment), { batches: 9, perBatch: 1 });
  const cpu = medianCpuMicros(() => attachmentBytes(attachment), { batches: 9 });
  console.log(
    `${name.padEnd(10)} PNG ${attachment.draw!.width}x${height} px, ${Math.round(png.length / 1024)} KB | first picture ${firstMs.toFixed(0)} ms | each after ${(wall / 1000).toFixed(0)} ms (CPU ${(cpu / 1000).toFixed(0)} ms)`,
  );
}
