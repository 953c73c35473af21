// Writes the map pictures of docs/maps-and-variants.md (docs/map-standard-*.png): the standard map's two benchmark positions
// (bench/fixtures/adjudicate-positions.json) with their orders and outcomes, as a results mail draws them.
//
//   npm run docs:pictures

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { adjudicateDetailed } from '../src/api/adjudicate.ts';
import { loadGeometry } from '../src/catalog/geometry-catalog.ts';
import { MAP_FONT_FILE } from '../src/catalog/map-assets.ts';
import { loadVariant } from '../src/catalog/variant-catalog.ts';
import { MAIL_PICTURE_WIDTH } from '../src/judge/reports/map-pictures.ts';
import { renderMapSvg } from '../src/render/map-picture.ts';
import { renderMapPng } from '../src/render/map-png.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PICTURES = { opening_s1901: 'map-standard-opening.png', midgame_f1904: 'map-standard-midgame.png' } as const;
/** The fixtures give no centre owners: the opening's are the powers' homes, the mid-game's these. */
const MIDGAME_CENTRES: Record<string, string[]> = {
  AUSTRIA: ['vie', 'bud', 'tri', 'ser'],
  ENGLAND: ['edi', 'lvp', 'lon', 'nwy', 'bel'],
  FRANCE: ['par', 'bre', 'mar', 'spa', 'por'],
  GERMANY: ['kie', 'ber', 'mun', 'hol', 'den'],
  ITALY: ['rom', 'nap', 'ven', 'tun'],
  RUSSIA: ['mos', 'stp', 'war', 'sev', 'swe'],
  TURKEY: ['con', 'ank', 'smy', 'bul', 'rum', 'gre'],
};

const fixtures = (
  JSON.parse(readFileSync(`${ROOT}bench/fixtures/adjudicate-positions.json`, 'utf8')) as {
    positions: { name: string; input: { position: Record<string, unknown>; orders: Record<string, string[]> } }[];
  }
).positions;
const variant = loadVariant('standard');
const geometry = loadGeometry(variant.map)!;
for (const [name, file] of Object.entries(PICTURES)) {
  const fixture = fixtures.find((f) => f.name === name);
  if (!fixture) throw new Error(`bench/fixtures/adjudicate-positions.json has no position ${name}`);
  const supplyCenters = name === 'opening_s1901' ? variant.startingPosition().supplyCenters : MIDGAME_CENTRES;
  const played = adjudicateDetailed({ ...fixture.input, position: { ...fixture.input.position, supplyCenters } });
  const svg = renderMapSvg({ variant, geometry, position: played.position, results: played.results, title: { game: 'demo', date: null } });
  const png = renderMapPng(svg, { fontFile: MAP_FONT_FILE, width: MAIL_PICTURE_WIDTH });
  writeFileSync(`${ROOT}docs/${file}`, png);
  console.log(`docs/${file}: ${Math.round(png.length / 1024)} KB`);
}
