import { GeometryLoadError, loadGeometry } from '../../catalog/geometry-catalog.ts';
import { MAP_FONT_FILE } from '../../catalog/map-assets.ts';
import { loadVariant } from '../../catalog/variant-catalog.ts';
import type { MapGeometry } from '../../catalog/map-geometry.ts';
import type { ResultFacts } from '../../engine/results.ts';
import type { Position } from '../../engine/types.ts';
import type { Variant } from '../../engine/variant.ts';
import { detailRegion } from '../../render/map-detail.ts';
import { pictureSize, renderMapSvg } from '../../render/map-picture.ts';
import { renderMapPng } from '../../render/map-png.ts';
import type { MailAttachment, QueuedPicture, SeatRecord } from '../ports.ts';
import type { MailAddress } from '../model.ts';

// The map picture a results mail or a MAP reply carries. A picture names powers only, never players,
// so gunboat and NO_REVEAL games may have one like any other. A PNG is queued as its SVG and drawn by
// the outbox sender when the mail goes out (attachmentBytes), not in the judge's transaction.

/** Width of the PNG in mails: the standard map's three-letter names stay readable. */
export const MAIL_PICTURE_WIDTH = 1000;
/**
 * A larger picture (youngstown's, imperial's world, and their detail panels) gets as many pixels per
 * unit of its drawing as standard's, up to this width and this many pixels. The pixels bound the
 * picture's size, the sender's CPU and the renderer's memory (each canvas is 4 bytes a pixel):
 * imperial's, the largest of the variants, is drawn 2,400 px wide (5.7 million pixels, about 0.55 MB)
 * instead of 3,400 (11.5 million, 0.84 MB); its Europe panel, enlarged 4.3×, keeps the crowded part
 * legible (`npm run bench:maps`).
 */
export const MAIL_PICTURE_MAX_WIDTH = 4000;
export const MAIL_PICTURE_MAX_PIXELS = 6_000_000;
const PIXELS_PER_UNIT = 1.6;

/** The PNG width for a picture `width` by `height` units (its SVG's size). */
export function mailPictureWidth(width: number, height = width): number {
  const wanted = Math.max(MAIL_PICTURE_WIDTH, Math.round((width * PIXELS_PER_UNIT) / 100) * 100);
  const fitting = Math.floor(Math.sqrt((MAIL_PICTURE_MAX_PIXELS * width) / height) / 100) * 100;
  return Math.min(MAIL_PICTURE_MAX_WIDTH, wanted, fitting);
}

export interface PictureRequest {
  readonly gameName: string;
  readonly variant: Variant;
  readonly position: Position;
  readonly results: readonly ResultFacts[];
  /** Shown in the title, e.g. the day the phase was processed. */
  readonly date: string | null;
}

/** The picture's SVG, or null when the variant's map has no drawing (or one that does not fit it). */
export function mapSvg(request: PictureRequest): string | null {
  return mapDrawing(request)?.svg ?? null;
}

/** Whether the variant's map has a drawing its pictures can be made from. */
export function hasMapDrawing(variant: Variant): boolean {
  return drawingOf(variant) !== null;
}

function drawingOf(variant: Variant): MapGeometry | null {
  try {
    return loadGeometry(variant.map);
  } catch (error) {
    if (error instanceof GeometryLoadError) return null;
    throw error;
  }
}

/**
 * The picture's SVG and the width its PNG is drawn at. The PNG mailed adds the map's detail panel
 * (src/render/map-detail.ts); an SVG, which zooms, is the map alone.
 */
function mapDrawing(request: PictureRequest, format: 'png' | 'svg' = 'svg'): { svg: string; width: number } | null {
  const geometry = drawingOf(request.variant);
  if (!geometry) return null;
  const detail = format === 'png' ? detailRegion(request.variant.map.name) : null;
  const svg = renderMapSvg({
    variant: request.variant,
    geometry,
    position: request.position,
    results: request.results,
    detail,
    title: { game: request.gameName, date: request.date },
  });
  return { svg, width: mailPictureWidth(...pictureSize(geometry, request.variant, detail)) };
}

export function mapAttachment(request: PictureRequest, format: 'png' | 'svg' = 'png'): MailAttachment | null {
  const filename = `${request.gameName}-${request.position.phase}.${format}`;
  if (format === 'png') {
    if (!hasMapDrawing(request.variant)) return null;
    // Drawn by the sender, outside the judge's transaction, from what it shows (MailAttachment.draw).
    return { filename, contentType: 'image/png', content: '', inline: true, draw: { picture: queuedPicture(request) } };
  }
  const drawing = mapDrawing(request, format);
  if (drawing === null) return null;
  return { filename, contentType: 'image/svg+xml', content: Buffer.from(drawing.svg, 'utf8').toString('base64'), inline: false };
}

function queuedPicture(request: PictureRequest): QueuedPicture {
  return {
    gameName: request.gameName,
    variant: request.variant.name,
    position: request.position,
    // The facts the picture draws, not the whole results (their reasons and notes are the text's).
    results: request.results.map(({ power, unit, order, input, outcome, markers }) => ({ power, unit, order, input, outcome, markers })),
    date: request.date,
  };
}

/** The SVG and width a queued picture is drawn from; null when its variant or drawing cannot be had any more. */
export function queuedDrawing(draw: NonNullable<MailAttachment['draw']>): { svg: string; width: number } | null {
  if ('svg' in draw) return draw;
  const { picture } = draw;
  return mapDrawing({ ...picture, variant: loadVariant(picture.variant) }, 'png');
}

/**
 * The bytes an attachment sends: its content, or the PNG drawn from its SVG when it was left to the
 * sender. Null when such a picture cannot be drawn: the mail then goes without it, its text intact,
 * rather than failing again at every attempt.
 */
export function attachmentBytes(attachment: MailAttachment): Buffer | null {
  if (attachment.draw === undefined) return Buffer.from(attachment.content, 'base64');
  try {
    const drawing = queuedDrawing(attachment.draw);
    return drawing === null ? null : Buffer.from(renderMapPng(drawing.svg, { fontFile: MAP_FONT_FILE, width: drawing.width }));
  } catch {
    return null;
  }
}

/**
 * Who of the game's followers gets the picture with results, and who asked for text alone (SET MAP OFF).
 * An address with several seats gets the picture unless every one of them turned it off.
 */
export function splitByPictureChoice(seats: readonly SeatRecord[]): { readonly withPicture: MailAddress[]; readonly textOnly: MailAddress[] } {
  const wants = new Map<MailAddress, boolean>();
  for (const seat of seats) {
    if (seat.status === 'resigned') continue;
    wants.set(seat.address, (wants.get(seat.address) ?? false) || seat.mapPictures !== false);
  }
  const withPicture = [...wants].filter(([, yes]) => yes).map(([address]) => address);
  const textOnly = [...wants].filter(([, yes]) => !yes).map(([address]) => address);
  return { withPicture, textOnly };
}
