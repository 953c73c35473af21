import { describe, expect, it } from 'vitest';
import { loadGeometry } from '../../../src/catalog/geometry-catalog.ts';
import { loadVariant } from '../../../src/catalog/variant-catalog.ts';
import { MAP_COLOURS } from '../../../src/render/map-colours.ts';
import { mapLayers, POSITION_MARK, renderMapSvg, staticLayers } from '../../../src/render/map-picture.ts';

// One picture per family of drawings (standard's own are in map-picture.test.ts): the starting position.
// The snapshot holds what the position adds to the drawing (tinted provinces, centres, units, title,
// legend); the drawing itself is the geometry file, checked by geometry.test.ts.
const FAMILIES = ['modern', 'empire', 'youngstown', 'ancmed', 'canton', 'aberration', 'pure', 'chaos', 'hundred', 'imperial', 'classical', 'chromatic'];

describe('map pictures of each family of drawings', () => {
  for (const name of FAMILIES) {
    it(`${name}: the starting position`, async () => {
      const variant = loadVariant(name);
      const geometry = loadGeometry(variant.map)!;
      const position = variant.startingPosition();
      const input = { variant, geometry, position, title: { game: name, date: null } };
      const layers = mapLayers(input);
      const svg = renderMapSvg(input);
      // Every unit is drawn, every owned centre tinted in its owner's colour, every power in the legend.
      expect(svg.match(/<text [^>]*font-size="6.2"/g) ?? []).toHaveLength(position.units.length);
      const owned = Object.values(position.supplyCenters).flat();
      const tinted = new Set(layers.tints.map((t) => t.province));
      for (const centre of owned) if (variant.map.province(centre)?.terrain !== 'sea') expect(tinted.has(centre), `${name}: ${centre}`).toBe(true);
      for (const power of variant.powers) expect(svg).toContain(`>${power.name} `);
      const picture = [`tints: ${layers.tints.map((t) => `${t.province} ${t.colour}`).join(', ')}`, POSITION_MARK, ...layers.top].join('\n');
      await expect(`${picture}\n`).toMatchFileSnapshot(`__snapshots__/${name}-start.txt`);
    });
  }

  it("paints a drawing's islands as land where its seas are painted over a land background (empire's Cuba)", () => {
    const variant = loadVariant('empire');
    const geometry = loadGeometry(variant.map)!;
    const island = geometry.layers.find((layer) => layer.fill === geometry.background)!;
    expect(island.d).toContain('M434 373L423 383'); // Cuba's outline, (434, 159) y up
    const { base } = staticLayers(geometry, variant);
    expect(base).toContain(`<path d="${island.d}" fill="${MAP_COLOURS.land}" fill-rule="evenodd"/>`);
  });
});
