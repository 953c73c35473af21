import { inflateSync } from 'node:zlib';

// Reads the palette PNGs map pictures are written as (8-bit indexed, filter 0), for tests.

export interface DecodedPng {
  readonly width: number;
  readonly height: number;
  /** The colour at a pixel as #rrggbb. */
  colourAt(x: number, y: number): string;
}

export function decodePalettePng(png: Uint8Array): DecodedPng {
  const bytes = Buffer.from(png);
  if (bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  let at = 8;
  let width = 0;
  let height = 0;
  let palette = Buffer.alloc(0);
  const data: Buffer[] = [];
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[9] !== 3) throw new Error('not an 8-bit palette PNG');
    } else if (type === 'PLTE') palette = Buffer.from(body);
    else if (type === 'IDAT') data.push(Buffer.from(body));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  return {
    width,
    height,
    colourAt(x, y) {
      const row = Math.round(y) * (width + 1);
      if (raw[row] !== 0) throw new Error('unexpected scanline filter');
      const index = raw[row + 1 + Math.round(x)]!;
      return `#${palette.subarray(index * 3, index * 3 + 3).toString('hex')}`;
    },
  };
}
