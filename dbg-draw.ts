import { writeFileSync } from 'node:fs';
import { loadVariant } from './src/catalog/variant-catalog.ts';
import { loadGeometry } from './src/catalog/geometry-catalog.ts';
import { MAP_FONT_FILE } from './src/catalog/map-assets.ts';
import { renderMapSvg } from './src/render/map-picture.ts';
import { svgToPng } from './src/render/map-png.ts';
for (const name of process.argv.slice(2)) {
  try {
    const variant = loadVariant(name);
    const geometry = loadGeometry(variant.map)!;
    const position = variant.startingPosition();
    // Tint every land province with some power so gaps show.
    const svg = renderMapSvg({ variant, geometry, position, title: { game: name } });
    writeFileSync(`/tmp/p15/${name}.png`, svgToPng(svg, { fontFile: MAP_FONT_FILE, width: 1000 }));
    console.log(name, 'ok');
  } catch (e) { console.log(name, (e as Error).message.slice(0, 300)); }
}
