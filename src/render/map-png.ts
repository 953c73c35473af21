import { Resvg } from '@resvg/resvg-js';
import { deflateSync } from 'node:zlib';

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

export function renderMapPng(svg: string, options: PngOptions): Uint8Array {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: options.width },
    font: { fontFiles: [options.fontFile], loadSystemFonts: false, defaultFontFamily: MAP_FONT_FAMILY, sansSerifFamily: MAP_FONT_FAMILY },
  });
  const image = resvg.render();
  return palettePng(image.pixels, image.width, image.height);
}

/** Colours are counted in 5 bits per channel; the 256 commonest buckets (their mean colour) form the palette. */
function palettePng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const pixels = width * height;
  const count = new Uint32Array(32768);
  const sums = new Float64Array(32768 * 3);
  const bucketOf = new Uint16Array(pixels);
  for (let i = 0, p = 0; i < pixels; i += 1, p += 4) {
    const bucket = ((rgba[p]! >> 3) << 10) | ((rgba[p + 1]! >> 3) << 5) | (rgba[p + 2]! >> 3);
    bucketOf[i] = bucket;
    count[bucket] = count[bucket]! + 1;
    sums[bucket * 3] = sums[bucket * 3]! + rgba[p]!;
    sums[bucket * 3 + 1] = sums[bucket * 3 + 1]! + rgba[p + 1]!;
    sums[bucket * 3 + 2] = sums[bucket * 3 + 2]! + rgba[p + 2]!;
  }
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
  // Every bucket in use maps to its nearest palette colour.
  const indexOf = new Uint8Array(32768);
  for (const b of used) {
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
  chosen.forEach((b, i) => (indexOf[b] = i));
  // Scanlines with filter type 0 (none): palette indices compress well as they are.
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x += 1) raw[row + 1 + x] = indexOf[bucketOf[y * width + x]!]!;
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
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
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
