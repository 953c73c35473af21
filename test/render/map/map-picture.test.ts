import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adjudicateDetailed } from '../../../src/api/adjudicate.ts';
import { loadGeometry } from '../../../src/catalog/geometry-catalog.ts';
import { MAP_FONT_FILE } from '../../../src/catalog/map-assets.ts';
import { powerColours } from '../../../src/render/map-colours.ts';
import { renderMapSvg } from '../../../src/render/map-picture.ts';
import { renderMapPng, svgToPng } from '../../../src/render/map-png.ts';
import { decodePalettePng } from './png-decode.ts';

const fixtures = (
  JSON.parse(readFileSync(new URL('../../../bench/fixtures/adjudicate-positions.json', import.meta.url), 'utf8')) as {
    positions: { name: string; input: unknown }[];
  }
).positions;
const input = (name: string) => fixtures.find((f) => f.name === name)!.input as { position: Record<string, unknown>; orders?: unknown };

function picture(raw: unknown, title = { game: 'demo', date: 'Tue 24 Nov 2026' }) {
  const { variant, position, results } = adjudicateDetailed(raw);
  const geometry = loadGeometry(variant.map)!;
  return { variant, position, results, geometry, svg: renderMapSvg({ variant, geometry, position, results, title }) };
}

const HOME_CENTRES = {
  AUSTRIA: ['bud', 'tri', 'vie'],
  ENGLAND: ['edi', 'lon', 'lvp'],
  FRANCE: ['bre', 'mar', 'par'],
  GERMANY: ['ber', 'kie', 'mun'],
  ITALY: ['nap', 'rom', 'ven'],
  RUSSIA: ['mos', 'sev', 'stp', 'war'],
  TURKEY: ['ank', 'con', 'smy'],
};

describe('map pictures (SVG)', () => {
  it('the standard opening with its orders', async () => {
    const opening = input('opening_s1901');
    const { svg } = picture({ ...opening, position: { ...opening.position, supplyCenters: HOME_CENTRES } });
    expect(svg).toContain('demo · Spring 1901 Movement');
    expect(svg).toContain('Russia 4/4');
    await expect(svg).toMatchFileSnapshot('__snapshots__/standard-opening.svg');
  });

  it('a dense mid-game: bounces dashed and crossed, supports dashed, the convoy along its route', async () => {
    const { svg, results } = picture(input('midgame_f1904'));
    const bounced = results.filter((r) => r.order?.kind === 'move' && r.outcome === 'fails');
    expect(bounced.length).toBeGreaterThan(0);
    // Failed moves are dashed; every failure gets a red cross.
    expect(svg).toContain('stroke-dasharray="4 3"');
    expect(svg.match(/stroke="#c0001a" stroke-width="1.6"/g)!.length).toBeGreaterThanOrEqual(bounced.length);
    await expect(svg).toMatchFileSnapshot('__snapshots__/standard-midgame.svg');
  });

  it('a retreat phase sets the dislodged units apart and draws their retreats', async () => {
    const retreat = nextPosition(input('midgame_f1904'));
    expect(retreat.dislodged.length).toBeGreaterThan(0);
    const unit = retreat.dislodged[0]!;
    const target = unit.retreats[0]!;
    const orders = { [unit.power]: [`${unit.type} ${unit.location} - ${target}`] };
    const { svg, position } = picture({ position: retreat, orders });
    expect(position.phase).toMatch(/R$/);
    expect(svg).toContain('Retreats');
    await expect(svg).toMatchFileSnapshot('__snapshots__/standard-retreat.svg');
  });

  it('an adjustment phase draws builds', async () => {
    const raw = {
      position: {
        variant: 'standard',
        phase: 'W1901A',
        units: [{ power: 'ENGLAND', type: 'F', location: 'nth' }],
        supplyCenters: { ENGLAND: ['edi', 'lon', 'lvp', 'nwy'] },
      },
      orders: { ENGLAND: ['Build F Edi', 'Build A Lvp'] },
    };
    const { svg } = picture(raw);
    expect(svg).toContain('Winter 1901 Adjustments');
    expect(svg.match(/stroke-dasharray="1.5 1"/g)).toHaveLength(2);
    await expect(svg).toMatchFileSnapshot('__snapshots__/standard-builds.svg');
  });

  it('names no player: a picture carries powers only', () => {
    const { svg } = picture(input('midgame_f1904'));
    expect(svg).not.toMatch(/@/);
  });
});

describe('map pictures (PNG)', () => {
  it('decode at the asked width, under 150 KB, with each power colour at its armies', () => {
    const { svg, geometry, position, variant, results } = picture(input('midgame_f1904'));
    // Dislodged units are drawn a little transparent; the others in their power's colour exactly.
    const dislodged = new Set(results.filter((r) => r.markers.includes('dislodged')).map((r) => r.unit));
    const png = renderMapPng(svg, { fontFile: MAP_FONT_FILE, width: 1000 });
    expect(png.length).toBeLessThan(150_000);
    const image = decodePalettePng(png);
    const [vx, vy, vw, vh] = geometry.viewBox;
    expect(image.width).toBe(1000);
    expect(image.height).toBe(Math.round(((vh + 36) * 1000) / vw));
    const scale = 1000 / vw;
    const colours = powerColours(variant.powers.map((p) => p.id));
    const near = (a: string, b: string) => [1, 3, 5].every((i) => Math.abs(parseInt(a.slice(i, i + 2), 16) - parseInt(b.slice(i, i + 2), 16)) <= 12);
    const armies = position.units.filter((u) => u.type === 'A' && !dislodged.has(u.location));
    expect(armies.length).toBeGreaterThan(10);
    for (const army of armies) {
      const [x, y] = geometry.locations[army.location]!;
      // Inside the counter, left of the power's initial.
      const colour = image.colourAt((x - 3.6 - vx) * scale, (y - 2 - (vy - 20)) * scale);
      expect(near(colour, colours.get(army.power)!), `${army.power} army in ${army.location}: ${colour}`).toBe(true);
    }
  });
});

describe('map pictures (PNG composed over the drawing kept per map)', () => {
  it('look like the whole SVG rasterised in one piece, for a first picture and one after it', () => {
    const opening = input('opening_s1901');
    const svgs = [picture({ ...opening, position: { ...opening.position, supplyCenters: HOME_CENTRES } }).svg, picture(input('midgame_f1904')).svg];
    const options = { fontFile: MAP_FONT_FILE, width: 600 };
    for (const svg of svgs) {
      const whole = decodePalettePng(svgToPng(svg, options));
      const composed = decodePalettePng(renderMapPng(svg, options));
      expect([composed.width, composed.height]).toEqual([whole.width, whole.height]);
      let total = 0;
      let far = 0;
      for (let y = 0; y < whole.height; y += 1) {
        for (let x = 0; x < whole.width; x += 1) {
          const a = whole.colourAt(x, y);
          const b = composed.colourAt(x, y);
          const d = Math.max(...[1, 3, 5].map((i) => Math.abs(parseInt(a.slice(i, i + 2), 16) - parseInt(b.slice(i, i + 2), 16))));
          total += d;
          if (d > 40) far += 1;
        }
      }
      // Only anti-aliased edges of tints may differ (the composition tints whole pixels under the lines).
      expect(total / (whole.width * whole.height)).toBeLessThan(1);
      expect(far / (whole.width * whole.height)).toBeLessThan(0.001);
    }
  });

  it('rasterise any other SVG whole', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#0072b2"/></svg>';
    const image = decodePalettePng(renderMapPng(svg, { fontFile: MAP_FONT_FILE, width: 20 }));
    expect([image.width, image.colourAt(5, 5)]).toEqual([20, '#0072b2']);
  });
});

function nextPosition(raw: unknown) {
  return adjudicateDetailed(raw).output.position;
}
