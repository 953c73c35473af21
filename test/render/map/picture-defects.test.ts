import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adjudicateDetailed } from '../../../src/api/adjudicate.ts';
import { loadGeometry } from '../../../src/catalog/geometry-catalog.ts';
import { loadVariant } from '../../../src/catalog/variant-catalog.ts';
import { MAP_COLOURS, powerColours } from '../../../src/render/map-colours.ts';
import { mapLayers, nameBox, renderMapSvg, staticLayers, TINT_OPACITY } from '../../../src/render/map-picture.ts';
import { inside, type Point } from './outlines.ts';

// The defects players found in the pictures (issue 31), each asserted on the SVG: what is tinted and in
// which colour, where the dots are, how orders read against the land under them.

function drawn(position: Record<string, unknown>, orders?: Record<string, string[]>) {
  const { variant, position: held, results } = adjudicateDetailed({ position: { variant: 'standard', ...position }, ...(orders ? { orders } : {}) });
  const geometry = loadGeometry(variant.map)!;
  const input = { variant, geometry, position: held, results, title: { game: 'demo', date: null } };
  return { variant, geometry, layers: mapLayers(input), svg: renderMapSvg(input) };
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
const mix = (under: string, over: string, alpha: number) => rgb(under).map((u, i) => Math.round(u + (rgb(over)[i]! - u) * alpha)) as [number, number, number];
/** WCAG's relative luminance and contrast ratio. */
const luminance = ([r, g, b]: readonly number[]) =>
  [r!, g!, b!]
    .map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4))
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
const contrast = (a: readonly number[], b: readonly number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

const dots = (svg: string) =>
  [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="2.6" fill="(#[0-9a-f]{6})"/g)].map((m) => ({
    at: [Number(m[1]), Number(m[2])] as Point,
    fill: m[3]!,
  }));

describe('map picture defects (issue 31)', () => {
  it('an unowned centre is not tinted by the unit on it: Spain under a French army stays plain, its dot white', () => {
    const { layers, svg, geometry } = drawn({
      phase: 'F1901M',
      units: [
        { power: 'FRANCE', type: 'A', location: 'spa' },
        { power: 'FRANCE', type: 'A', location: 'gas' },
      ],
      supplyCenters: { FRANCE: ['par'] },
    });
    const tinted = new Map(layers.tints.map((t) => [t.province, t.colour]));
    expect(tinted.has('spa')).toBe(false);
    expect(tinted.get('par')).toBe(powerColours(['FRANCE']).get('FRANCE'));
    // A province without a centre still takes the colour of the unit holding it.
    expect(tinted.get('gas')).toBe(tinted.get('par'));
    const spain = dots(svg).find((d) => inside(d.at, geometry.provinces.spa!))!;
    expect(spain.fill).toBe(MAP_COLOURS.unowned);
  });

  it("Constantinople's European half and Denmark's island are tinted with the rest, their dots inside the tint", () => {
    const { layers, svg } = drawn({ phase: 'S1901M', units: [], supplyCenters: { TURKEY: ['con'], GERMANY: ['den'] } });
    for (const [province, power] of [
      ['con', 'TURKEY'],
      ['den', 'GERMANY'],
    ] as const) {
      const tint = layers.tints.find((t) => t.province === province)!;
      expect(tint.colour).toBe(powerColours(loadVariant('standard').powers.map((p) => p.id)).get(power));
      const outline = svg.match(new RegExp(`<path d="([^"]*)" fill="${tint.colour}"/>`))![1]!;
      expect(outline.split('M').length - 1, province).toBe(2);
      const dot = dots(svg).find((d) => d.fill === tint.colour)!;
      expect(inside(dot.at, outline), province).toBe(true);
    }
  });

  it("every power's arrow reads over its own tinted land, plain land and the sea: its edge contrasts at least 3:1 with each", () => {
    const variant = loadVariant('standard');
    const colours = powerColours(variant.powers.map((p) => p.id));
    for (const power of variant.powers) {
      // Turkey's retreat over yellow was the case players saw; every power moves over its own land here.
      const { svg } = drawn(
        { phase: 'S1901M', units: [{ power: power.id, type: 'A', location: 'con' }], supplyCenters: { [power.id]: ['con', 'ank', 'smy'] } },
        { [power.id]: ['A Con - Smy'] },
      );
      const colour = colours.get(power.id)!;
      const move = svg.match(
        new RegExp(
          `<path d="M[^"]*" fill="none" stroke="(#[0-9a-f]{6})" stroke-width="([\\d.]+)"[^>]*/><path d="M[^"]*" fill="none" stroke="${colour}" stroke-width="([\\d.]+)"`,
        ),
      )!;
      expect(move, power.id).not.toBeNull();
      const edge = rgb(move[1]!);
      expect(Number(move[2]) - Number(move[3])).toBeGreaterThanOrEqual(1.2);
      for (const under of [mix(MAP_COLOURS.land, colour, TINT_OPACITY), rgb(MAP_COLOURS.land), rgb(MAP_COLOURS.water)]) {
        expect(contrast(edge, under), `${power.id} over ${under}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it("Switzerland is hatched, in colours no power's tint comes near (it looked like German grey)", () => {
    const variant = loadVariant('standard');
    const geometry = loadGeometry(variant.map)!;
    const { base } = staticLayers(geometry, variant);
    const switzerland = geometry.locations.swi!;
    // The drawing paints Switzerland grey (equal red, green and blue).
    const layer = geometry.layers.find(
      (l) => l.fill && inside(switzerland, l.d) && l.fill.slice(1, 3) === l.fill.slice(3, 5) && l.fill.slice(3, 5) === l.fill.slice(5, 7),
    )!;
    expect(base).toContain(`<path d="${layer.d}" fill="url(#impassable)" fill-rule="evenodd"/>`);
    const pattern = base.find((b) => b.includes('<pattern id="impassable"'))!;
    const hatch = [...pattern.matchAll(/fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]!);
    expect(hatch).toEqual([MAP_COLOURS.impassable, MAP_COLOURS.impassableHatch]);
    const tints = [...powerColours(variant.powers.map((p) => p.id)).values()].map((c) => mix(MAP_COLOURS.land, c, TINT_OPACITY));
    for (const colour of hatch) {
      for (const tint of tints) expect(Math.max(...rgb(colour).map((v, i) => Math.abs(v - tint[i]!))), `${colour} near ${tint}`).toBeGreaterThan(40);
    }
  });

  it('a name an arrowhead covers is written again over the orders', () => {
    const fixture = JSON.parse(readFileSync(new URL('../../../bench/fixtures/adjudicate-positions.json', import.meta.url), 'utf8')) as {
      positions: { name: string; input: { position: Record<string, unknown>; orders: Record<string, string[]> } }[];
    };
    const { input } = fixture.positions.find((f) => f.name === 'midgame_f1904')!;
    const { svg, geometry } = drawn(input.position, input.orders);
    const heads = [...svg.matchAll(/<path d="M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)Z" fill="#[0-9a-f]{6}" stroke="#1a1a1a"/g)].map((m) =>
      m.slice(1, 7).map(Number),
    );
    expect(heads.length).toBeGreaterThan(10);
    const over = svg.slice(svg.indexOf('class="names-over"'));
    expect(svg.indexOf('class="names-over"')).toBeGreaterThan(svg.lastIndexOf('stroke="#1a1a1a" stroke-width="0.8"'));
    // Points spread over each head: a name box holding any of them is covered.
    const spread = (h: number[]) => {
      const points: Point[] = [];
      for (let a = 0; a <= 10; a += 1)
        for (let b = 0; a + b <= 10; b += 1) {
          const c = 10 - a - b;
          points.push([(h[0]! * a + h[2]! * b + h[4]! * c) / 10, (h[1]! * a + h[3]! * b + h[5]! * c) / 10]);
        }
      return points;
    };
    let covered = 0;
    for (const [id, name] of Object.entries(geometry.names)) {
      const [left, top, right, bottom] = nameBox(id, name.at);
      const covers = heads.some((h) => spread(h).some(([x, y]) => x > left && x < right && y > top && y < bottom));
      if (!covers) continue;
      covered += 1;
      expect(over, id).toContain(`>${id[0]!.toUpperCase()}${id.slice(1)}</text>`);
    }
    expect(covered).toBeGreaterThan(2);
  });

  it("classical's centre dots are off the names its drawing puts them on", () => {
    const variant = loadVariant('classical');
    const geometry = loadGeometry(variant.map)!;
    const { svg } = { svg: renderMapSvg({ variant, geometry, position: variant.startingPosition(), title: { game: 'c', date: null } }) };
    const placed = dots(svg);
    expect(placed).toHaveLength(variant.supplyCenters().length);
    const onNames = Object.values(geometry.supplyCenters).filter(([x, y]) =>
      Object.entries(geometry.names).some(([id, n]) => {
        const [l, t, r, b] = nameBox(id, n.at);
        return x > l && x < r && y > t && y < b;
      }),
    );
    expect(onNames.length).toBeGreaterThan(10); // as the drawing has them
    for (const { at } of placed) {
      for (const [id, name] of Object.entries(geometry.names)) {
        const [l, t, r, b] = nameBox(id, name.at);
        const clear = at[0] + 2.6 <= l || at[0] - 2.6 >= r || at[1] + 2.6 <= t || at[1] - 2.6 >= b;
        expect(clear, `dot at ${at} on ${id}`).toBe(true);
      }
    }
  });

  it('a unit given no order is marked apart from one ordered to hold', () => {
    const { svg } = drawn(
      {
        phase: 'S1901M',
        units: [
          { power: 'FRANCE', type: 'A', location: 'par' },
          { power: 'FRANCE', type: 'A', location: 'mar' },
        ],
        supplyCenters: { FRANCE: ['par', 'mar'] },
      },
      { FRANCE: ['A Par H'] },
    );
    const geometry = loadGeometry(loadVariant('standard').map)!;
    const [px, py] = geometry.locations.par!;
    const [mx, my] = geometry.locations.mar!;
    // The hold is ringed; the unit with no order has the question-mark tag and no ring.
    expect(svg).toContain(`<circle cx="${px}" cy="${py - 2}" r="7.7" fill="none"`);
    expect(svg).not.toContain(`<circle cx="${mx}" cy="${my - 2}" r="7.7" fill="none"`);
    const tags = [...svg.matchAll(/<g class="no-order"><circle cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(tags).toEqual([[mx + 5.5, my - 2 - 5.5]]);
  });
});
