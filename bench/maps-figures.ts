import { loadVariant } from '../src/catalog/variant-catalog.ts';
import { attachmentBytes, mapAttachment } from '../src/judge/reports/map-pictures.ts';
import { medianCpuMicros } from './machine.ts';

// The figures of `npm run bench:maps` for one release (maps.bench.ts bundles this file against this
// checkout's sources and against the previous release's): per map, the mailed PNG's size in pixels
// and bytes, the first picture's time, each later picture's CPU time, and the process's resident
// memory before its first picture and after 20, drawn as the sender draws them (one a mail, the event
// loop turning between them, so the renderer's garbage can be collected), with the peak between.

const PICTURES = 20;
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const figures = [];
for (const name of process.argv.slice(2)) {
  const variant = loadVariant(name);
  const attachment = mapAttachment({ gameName: 'bench', variant, position: variant.startingPosition(), results: [], date: null })!;
  const rssBefore = process.memoryUsage().rss;
  const start = process.cpuUsage();
  const png = attachmentBytes(attachment)!;
  const used = process.cpuUsage(start);
  let peak = process.memoryUsage().rss;
  for (let i = 1; i < PICTURES; i++) {
    attachmentBytes(attachment);
    peak = Math.max(peak, process.memoryUsage().rss);
    await new Promise((resolve) => setImmediate(resolve));
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  const rssAfter = process.memoryUsage().rss;
  const cpu = medianCpuMicros(() => attachmentBytes(attachment), { batches: 7 });
  figures.push({
    name,
    width: png.readUInt32BE(16),
    height: png.readUInt32BE(20),
    kilobytes: Math.round(png.length / 1024),
    firstMs: (used.user + used.system) / 1000,
    cpuMs: cpu / 1000,
    rssBeforeMb: mb(rssBefore),
    rssPeakMb: mb(peak),
    rssAfterMb: mb(rssAfter),
  });
}
console.log(JSON.stringify(figures));
