import { Resvg } from '@resvg/resvg-js';
import { createHash } from 'node:crypto';
import { constants, deflateSync } from 'node:zlib';
import { POSITION_MARK, TINT_GROUP_START, TINT_OPACITY } from './map-picture.ts';

// A map picture's SVG as PNG, with resvg (its npm package ships the binary). The font is a file in the
// repository (fonts/), never the machine's fonts, so every judge draws the same picture. The picture is
// stored with a palette of at most 256 colours: a map is a few flat colours and their anti-aliased edges,
// and a palette PNG is less than half the size of resvg's own RGBA one at no visible cost.

export const MAP_FONT_FAMILY = 'DejaVu Sans';

export interface PngOptions {
  /** The font file the SVG's text is set in (see src/catalog/map-assets.ts). */
  readonly fontFile: string;
  /** Width in pixels; the height follows the picture's proportions. */
  readonly width: number;
}

function rasterise(svg: string, options: PngOptions): { pixels: Uint8Array; width: number; height: number } {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: options.width },
    font: { fontFiles: [options.fontFile], loadSystemFonts: false, defaultFontFamily: MAP_FONT_FAMILY, sansSerifFamily: MAP_FONT_FAMILY },
  });
  const image = resvg.render();
  return { pixels: image.pixels, width: image.width, height: image.height };
}

/** Any SVG as a palette PNG, drawn whole. */
export function svgToPng(svg: string, options: PngOptions): Uint8Array {
  const image = rasterise(svg, options);
  return palettePng(image.pixels, image.width, image.height);
}

/** A picture's SVG cut at its layers, or null when it is not one renderMapSvg wrote. */
function pictureLayers(
  svg: string,
): { open: string; drawing: string[]; base: string[]; overlay: string[]; tints: { d: string; colour: number }[]; top: string[] } | null {
  const lines = svg.split('\n');
  const tintLine = lines.findIndex((line) => line.startsWith(TINT_GROUP_START));
  const mark = lines.indexOf(POSITION_MARK);
  if (tintLine < 1 || mark < tintLine) return null;
  const tints: { d: string; colour: number }[] = [];
  for (const [, d, colour] of lines[tintLine]!.matchAll(/<path d="([^"]*)" fill="#([0-9a-f]{6})"\/>/g)) tints.push({ d: d!, colour: parseInt(colour!, 16) });
  const base = lines.slice(1, tintLine);
  const overlay = lines.slice(tintLine + 1, mark);
  return { open: lines[0]!, drawing: [...base, ...overlay], base, overlay, tints, top: lines.slice(mark + 1).filter((l) => l !== '</svg>' && l !== '') };
}

/**
 * A map picture's SVG (renderMapSvg) as PNG: the same pixels as `svgToPng` up to rounding, in about
 * two thirds of the time. What depends on the drawing alone (water, land, lines, names) is rasterised
 * once per drawing and width and kept; each picture tints its provinces over it (each province's pixels
 * are found once, the first time it is tinted), then lays its own layer (centres, units, orders, title,
 * legend) on top. Any other SVG is rasterised whole.
 */
export function renderMapPng(svg: string, options: PngOptions): Uint8Array {
  const layers = pictureLayers(svg);
  if (!layers) return svgToPng(svg, options);
  const drawing = staticRaster(layers.open, layers.base, layers.overlay, options);
  const { width, height, overlayAlpha, regionOf } = drawing;
  const regions = tintRegions(
    drawing,
    layers.open,
    layers.tints.map((t) => t.d),
    options,
  );
  const colourOf = new Int32Array(drawing.regionCount).fill(-1);
  layers.tints.forEach((t, i) => {
    colourOf[regions[i]!] = t.colour;
  });
  // The position's own layer, premultiplied by resvg.
  const top = rasterise(`${[layers.open, ...layers.top, '</svg>'].join('\n')}\n`, options);
  if (top.width !== width || top.height !== height) throw new Error(`map layers differ in size: ${top.width}x${top.height} and ${width}x${height}`);
  const t = top.pixels;
  const s = drawing.pixels;
  // Most pixels (the sea, the untinted land) are the drawing's own: they are counted once per drawing,
  // and only the pixels a tint or the position's layer changes are counted again.
  const quantised = Quantiser.from(staticHistogram(drawing));
  // Neighbouring pixels are mostly alike: the last tinted pixel's colour is kept for the next.
  let lastKey = -1;
  let lastColour = 0;
  for (let i = 0, p = 0; i < regionOf.length; i += 1, p += 4) {
    const region = regionOf[i]!;
    const colour = region >= 0 ? colourOf[region]! : -1;
    const alpha = t[p + 3]!;
    if (colour < 0 && alpha === 0) continue;
    const r0 = s[p]!;
    const g0 = s[p + 1]!;
    const b0 = s[p + 2]!;
    let r = r0;
    let g = g0;
    let b = b0;
    // Tints lie under the lines and names: a pixel those cover is tinted as much as it shows land.
    if (colour >= 0) {
      const key = ((colour * 256 + overlayAlpha[i]!) * 65536 + ((r0 << 8) | g0)) * 256 + b0;
      if (key !== lastKey) {
        const a = (TINT_OPACITY * (255 - overlayAlpha[i]!)) / 255;
        lastColour = ((r + ((colour >> 16) - r) * a) << 16) | ((g + (((colour >> 8) & 255) - g) * a) << 8) | (b + ((colour & 255) - b) * a);
        lastKey = key;
      }
      r = lastColour >> 16;
      g = (lastColour >> 8) & 255;
      b = lastColour & 255;
    }
    if (alpha !== 0) {
      const keep = (255 - alpha) / 255;
      r = t[p]! + r * keep;
      g = t[p + 1]! + g * keep;
      b = t[p + 2]! + b * keep;
    }
    quantised.replace(i, r0, g0, b0, r | 0, g | 0, b | 0);
  }
  return quantised.png(width, height);
}

interface StaticRaster {
  readonly width: number;
  readonly height: number;
  /** Water, land, lines and names, RGBA. */
  readonly pixels: Uint8Array;
  /** How much of each pixel the lines and names cover (0-255). */
  readonly overlayAlpha: Uint8Array;
  /** Per province outline (SVG path data): its region number. */
  readonly regions: Map<string, number>;
  /** Per pixel: the region (tinted outline) it lies in, or -1. */
  readonly regionOf: Int16Array;
  regionCount: number;
  /** The drawing's own colours counted, made on its first picture. */
  histogram: Histogram | null;
}

/**
 * The last drawings rasterised, by their SVG and the width: a judge draws the maps of its games over
 * and over. Kept up to a count and a number of bytes (imperial's, at its 2,400 px, takes about 50 MB).
 */
const rasters = new Map<string, StaticRaster>();
const RASTERS_KEPT = 6;
const RASTER_BYTES_KEPT = 160 * 1024 * 1024;

/** The bytes a kept drawing holds: its pixels, the lines' cover, the regions and the counted colours. */
function rasterBytes(raster: StaticRaster): number {
  return (
    raster.pixels.byteLength +
    raster.overlayAlpha.byteLength +
    raster.regionOf.byteLength +
    (raster.histogram?.buckets.byteLength ?? 2 * raster.regionOf.length)
  );
}

function staticRaster(open: string, base: readonly string[], overlay: readonly string[], options: PngOptions): StaticRaster {
  const key = createHash('sha256')
    .update(`${options.width}\n${options.fontFile}\n${open}\n${base.join('\n')}\n${overlay.join('\n')}`)
    .digest('hex');
  const kept = rasters.get(key);
  if (kept) {
    rasters.delete(key);
    rasters.set(key, kept);
    return kept;
  }
  const drawing = rasterise(`${[open, ...base, ...overlay, '</svg>'].join('\n')}\n`, options);
  const lines = rasterise(`${[open, ...overlay, '</svg>'].join('\n')}\n`, options);
  const overlayAlpha = new Uint8Array(drawing.width * drawing.height);
  for (let i = 0; i < overlayAlpha.length; i += 1) overlayAlpha[i] = lines.pixels[i * 4 + 3]!;
  const raster: StaticRaster = {
    width: drawing.width,
    height: drawing.height,
    pixels: drawing.pixels,
    overlayAlpha,
    regions: new Map(),
    regionOf: new Int16Array(drawing.width * drawing.height).fill(-1),
    regionCount: 0,
    histogram: null,
  };
  rasters.set(key, raster);
  let bytes = 0;
  for (const kept of rasters.values()) bytes += rasterBytes(kept);
  // The oldest go first; the newest stays whatever its size.
  for (const [oldest, kept] of rasters) {
    if (rasters.size <= 1 || (rasters.size <= RASTERS_KEPT && bytes <= RASTER_BYTES_KEPT)) break;
    rasters.delete(oldest);
    bytes -= rasterBytes(kept);
  }
  return raster;
}

function staticHistogram(raster: StaticRaster): Histogram {
  if (raster.histogram) return raster.histogram;
  const quantised = new Quantiser(raster.width * raster.height);
  const s = raster.pixels;
  for (let i = 0, p = 0; p < s.length; i += 1, p += 4) quantised.add(i, s[p]!, s[p + 1]!, s[p + 2]!);
  raster.histogram = quantised.histogram(raster.width * raster.height);
  return raster.histogram;
}

/**
 * The region number of each outline. Outlines not seen before are rasterised together, each filled in a
 * colour that is its number, without anti-aliasing; the lines drawn over the tints hide their edges.
 */
function tintRegions(raster: StaticRaster, open: string, outlines: readonly string[], options: PngOptions): number[] {
  const fresh = [...new Set(outlines.filter((d) => !raster.regions.has(d)))];
  if (fresh.length > 0) {
    const first = raster.regionCount;
    if (first + fresh.length > 0x7fff) throw new Error(`a map with more than ${0x7fff} tinted outlines`);
    const fills = fresh.map((d, i) => `<path d="${d}" fill="#${(i + 1).toString(16).padStart(6, '0')}"/>`);
    const numbered = rasterise(`${[open, `<g fill-rule="evenodd" shape-rendering="crispEdges">${fills.join('')}</g>`, '</svg>'].join('\n')}\n`, options);
    const n = numbered.pixels;
    for (let i = 0, p = 0; p < n.length; i += 1, p += 4) {
      if (n[p + 3] !== 255) continue;
      const index = ((n[p]! << 16) | (n[p + 1]! << 8) | n[p + 2]!) - 1;
      if (index >= 0 && index < fresh.length) raster.regionOf[i] = first + index;
    }
    fresh.forEach((d, i) => {
      raster.regions.set(d, first + i);
    });
    raster.regionCount += fresh.length;
  }
  return outlines.map((d) => raster.regions.get(d)!);
}

/**
 * Colours are counted in 5 bits per channel; the 256 commonest buckets (their mean colour) form the
 * palette, and every other bucket takes its nearest palette colour.
 */
interface Histogram {
  readonly count: Uint32Array;
  readonly sums: Uint32Array;
  readonly buckets: Uint16Array;
}

class Quantiser {
  private readonly count: Uint32Array;
  private readonly sums: Uint32Array;
  private readonly bucketOf: Uint16Array;
  constructor(pixels: number) {
    // Buffers are reused from picture to picture: fresh megabytes cost page faults on a busy machine.
    this.count = scratch.count.fill(0);
    this.sums = scratch.sums.fill(0);
    if (scratch.buckets.length < pixels) scratch.buckets = new Uint16Array(pixels);
    this.bucketOf = scratch.buckets;
  }

  /** A quantiser that starts from colours already counted (`histogram`). */
  static from(histogram: Histogram): Quantiser {
    const quantiser = new Quantiser(histogram.buckets.length);
    quantiser.count.set(histogram.count);
    quantiser.sums.set(histogram.sums);
    quantiser.bucketOf.set(histogram.buckets);
    return quantiser;
  }

  /** A copy of what has been counted. */
  histogram(pixels: number): Histogram {
    return { count: this.count.slice(), sums: this.sums.slice(), buckets: this.bucketOf.slice(0, pixels) };
  }

  add(i: number, r: number, g: number, b: number): void {
    const bucket = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    this.bucketOf[i] = bucket;
    this.count[bucket] = this.count[bucket]! + 1;
    const at = bucket * 3;
    this.sums[at] = this.sums[at]! + r;
    this.sums[at + 1] = this.sums[at + 1]! + g;
    this.sums[at + 2] = this.sums[at + 2]! + b;
  }

  /** Pixel `i`, counted as (r0, g0, b0), is (r, g, b) instead. */
  replace(i: number, r0: number, g0: number, b0: number, r: number, g: number, b: number): void {
    const was = this.bucketOf[i]!;
    this.count[was] = this.count[was]! - 1;
    const at = was * 3;
    this.sums[at] = this.sums[at]! - r0;
    this.sums[at + 1] = this.sums[at + 1]! - g0;
    this.sums[at + 2] = this.sums[at + 2]! - b0;
    this.add(i, r, g, b);
  }

  png(width: number, height: number): Uint8Array {
    const { count, sums, bucketOf } = this;
    const used: number[] = [];
    for (let b = 0; b < 32768; b += 1) if (count[b]! > 0) used.push(b);
    used.sort((a, b) => count[b]! - count[a]! || a - b);
    const chosen = used.slice(0, 256);
    const palette = new Uint8Array(chosen.length * 3);
    chosen.forEach((b, i) => {
      palette[i * 3] = Math.round(sums[b * 3]! / count[b]!);
      palette[i * 3 + 1] = Math.round(sums[b * 3 + 1]! / count[b]!);
      palette[i * 3 + 2] = Math.round(sums[b * 3 + 2]! / count[b]!);
    });
    const indexOf = new Uint8Array(32768);
    for (const b of used.slice(256)) {
      const r = ((b >> 10) & 31) * 8 + 4;
      const g = ((b >> 5) & 31) * 8 + 4;
      const bl = (b & 31) * 8 + 4;
      let best = 0;
      let bestDistance = Infinity;
      for (let i = 0; i < chosen.length; i += 1) {
        const d = (palette[i * 3]! - r) ** 2 * 3 + (palette[i * 3 + 1]! - g) ** 2 * 4 + (palette[i * 3 + 2]! - bl) ** 2 * 2;
        if (d < bestDistance) {
          bestDistance = d;
          best = i;
        }
      }
      indexOf[b] = best;
    }
    chosen.forEach((b, i) => {
      indexOf[b] = i;
    });
    // Scanlines with filter type 0 (none): palette indices compress well as they are.
    if (scratch.raw.length < (width + 1) * height) scratch.raw = new Uint8Array((width + 1) * height);
    const raw = scratch.raw.subarray(0, (width + 1) * height);
    for (let y = 0; y < height; y += 1) {
      const row = y * (width + 1);
      const from = y * width;
      raw[row] = 0;
      for (let x = 0; x < width; x += 1) raw[row + 1 + x] = indexOf[bucketOf[from + x]!]!;
    }
    const header = new Uint8Array(13);
    const view = new DataView(header.buffer);
    view.setUint32(0, width);
    view.setUint32(4, height);
    header.set([8, 3, 0, 0, 0], 8);
    return concat([
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('PLTE', palette),
      // Run-length matching only: a map's rows are long runs of one index, so it is within 10% of
      // level 4's size in half its time.
      chunk('IDAT', deflateSync(raw, { strategy: constants.Z_RLE })),
      chunk('IEND', new Uint8Array(0)),
    ]);
  }
}

const scratch = { count: new Uint32Array(32768), sums: new Uint32Array(32768 * 3), buckets: new Uint16Array(0), raw: new Uint8Array(0) };

function palettePng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const quantised = new Quantiser(width * height);
  for (let i = 0, p = 0; p < rgba.length; i += 1, p += 4) quantised.add(i, rgba[p]!, rgba[p + 1]!, rgba[p + 2]!);
  return quantised.png(width, height);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(Buffer.from(type, 'latin1'), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
