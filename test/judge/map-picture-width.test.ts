import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadGeometry } from '../../src/catalog/geometry-catalog.ts';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import {
  attachmentBytes,
  hasMapDrawing,
  mailPictureWidth,
  mapAttachment,
  mapSvg,
  MAIL_PICTURE_MAX_PIXELS,
  MAIL_PICTURE_MAX_WIDTH,
  MAIL_PICTURE_WIDTH,
  queuedDrawing,
} from '../../src/judge/reports/map-pictures.ts';
import { detailRegion } from '../../src/render/map-detail.ts';
import { pictureSize } from '../../src/render/map-picture.ts';
import { decodePalettePng } from '../render/map/png-decode.ts';

// A results mail's picture keeps the standard map's scale for wider drawings (imperial's world), within a
// cap on width and pixels; youngstown's and imperial's add a panel with Europe enlarged (issue 31).

describe('the width of a mailed map picture', () => {
  it('is 1000 px for the standard map and smaller drawings, more for wider ones, never over the caps', () => {
    const widthOf = (name: string) => mailPictureWidth(loadGeometry(loadVariant(name).map)!.viewBox[2]);
    expect(widthOf('standard')).toBe(MAIL_PICTURE_WIDTH);
    expect(widthOf('pure')).toBe(MAIL_PICTURE_WIDTH);
    // youngstown's drawing is 1033 units wide: its units keep the standard map's size in pixels.
    expect(widthOf('youngstown')).toBe(1700);
    expect(widthOf('hundred')).toBe(MAIL_PICTURE_WIDTH);
    expect(mailPictureWidth(1000)).toBe(1600);
    expect(mailPictureWidth(5000, 100)).toBe(MAIL_PICTURE_MAX_WIDTH);
    // A tall picture is narrowed to stay within the pixels.
    const [w, h] = [2675, 3000];
    const width = mailPictureWidth(w, h);
    expect(width * Math.round((width * h) / w)).toBeLessThanOrEqual(MAIL_PICTURE_MAX_PIXELS);
    expect(width).toBe(2300);
  });
});

describe('the largest picture mailed', () => {
  it("stays within the pixels for every variant's map, and imperial's, the largest, is 2,400 px wide and under 600 KB", () => {
    const sizes = readdirSync(fileURLToPath(new URL('../../variants/', import.meta.url)))
      .filter((file) => file.endsWith('.json'))
      .map((file) => loadVariant(file.slice(0, -5)))
      .filter((variant) => hasMapDrawing(variant))
      .map((variant) => {
        const [w, h] = pictureSize(loadGeometry(variant.map)!, variant, detailRegion(variant.map.name));
        const width = mailPictureWidth(w, h);
        return { name: variant.name, width, pixels: width * Math.round((width * h) / w) };
      })
      .sort((a, b) => b.pixels - a.pixels);
    expect(sizes.length).toBeGreaterThanOrEqual(30);
    for (const size of sizes) expect(size.pixels, size.name).toBeLessThanOrEqual(MAIL_PICTURE_MAX_PIXELS);
    expect(sizes[0]).toMatchObject({ name: 'imperial', width: 2400 });
    const variant = loadVariant('imperial');
    const png = attachmentBytes(mapAttachment({ gameName: 'big', variant, position: variant.startingPosition(), results: [], date: null })!)!;
    const image = decodePalettePng(new Uint8Array(png));
    expect([image.width, image.height]).toEqual([2400, 2393]);
    expect(png.length).toBeLessThan(600_000);
  });
});

describe('a large map mailed with its crowded region enlarged', () => {
  const picture = (name: string, format: 'png' | 'svg' = 'png') => {
    const variant = loadVariant(name);
    return mapAttachment({ gameName: 'big', variant, position: variant.startingPosition(), results: [], date: null }, format)!;
  };

  it("youngstown's PNG has a panel of Europe under the map: its units apart at their usual size, the mail under 1 MB", () => {
    const attachment = picture('youngstown');
    const svg = queuedDrawing(attachment.draw!)!.svg;
    expect(svg).toContain('>Europe, enlarged 2.7×</text>');
    // Vienna's and Budapest's armies: in the map and again in the panel, as large, 2.7 times as far apart.
    const position = svg.slice(svg.indexOf('<!-- the position -->'));
    const panelStart = position.indexOf('<g transform="translate(');
    const counters = (part: string) =>
      [...part.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="5.5" fill="#d55e00"/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const geometry = loadGeometry(loadVariant('youngstown').map)!;
    const main = (id: string) =>
      counters(position.slice(0, panelStart)).find(([x, y]) => x === geometry.locations[id]![0] && y === geometry.locations[id]![1] - 2)!;
    const inPanel = counters(position.slice(panelStart));
    expect(inPanel.length).toBeGreaterThanOrEqual(2);
    const gap = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!);
    const mainGap = gap(main('vie'), main('bud'));
    const zoom = 1033 / detailRegion('youngstown')!.box[2];
    const panelGaps = inPanel.flatMap((a, i) => inPanel.slice(i + 1).map((b) => gap(a, b)));
    expect(panelGaps.some((g) => Math.abs(g - mainGap * zoom) < 1)).toBe(true);
    const png = attachmentBytes(attachment)!;
    expect(png.length).toBeLessThan(1_000_000);
    const image = decodePalettePng(new Uint8Array(png));
    expect(image.width).toBe(1700);
    expect(image.width * image.height).toBeLessThanOrEqual(MAIL_PICTURE_MAX_PIXELS);
  });

  it('every tint of the panel stays inside the panel; the SVG (the web page zooms it) has no panel', () => {
    const svg = queuedDrawing(picture('imperial').draw!)!.svg;
    const tintLine = svg.split('\n').find((line) => line.startsWith('<g fill-opacity'))!;
    const top = Number(/<g transform="translate\([\d.]+ ([\d.]+)\)"/.exec(svg)![1]);
    const panelTints = [...tintLine.matchAll(/<path d="([^"]*)"/g)].map((m) => m[1]!).filter((d) => Number(/^M[\d.]+ ([\d.]+)/.exec(d)![1]) >= top);
    expect(panelTints.length).toBeGreaterThan(10);
    for (const d of panelTints) for (const [, y] of d.matchAll(/[ML][\d.]+ ([\d.]+)/g)) expect(Number(y)).toBeGreaterThanOrEqual(top - 0.1);
    const variant = loadVariant('imperial');
    expect(mapSvg({ gameName: 'big', variant, position: variant.startingPosition(), results: [], date: null })).not.toContain('enlarged');
    expect(Buffer.from(picture('imperial', 'svg').content, 'base64').toString()).not.toContain('enlarged');
  });
});
