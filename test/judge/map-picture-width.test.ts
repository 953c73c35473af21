import { describe, expect, it } from 'vitest';
import { loadGeometry } from '../../src/catalog/geometry-catalog.ts';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { mailPictureWidth, MAIL_PICTURE_MAX_WIDTH, MAIL_PICTURE_WIDTH } from '../../src/judge/map-pictures.ts';

// A results mail's picture keeps the standard map's scale for wider drawings (imperial's world), within a cap.

describe('the width of a mailed map picture', () => {
  it('is 1000 px for the standard map and smaller drawings, more for wider ones, never over the cap', () => {
    const widthOf = (name: string) => mailPictureWidth(loadGeometry(loadVariant(name).map)!.viewBox[2]);
    expect(widthOf('standard')).toBe(MAIL_PICTURE_WIDTH);
    expect(widthOf('pure')).toBe(MAIL_PICTURE_WIDTH);
    // youngstown's drawing is 1033 units wide: its units keep the standard map's size in pixels.
    expect(widthOf('youngstown')).toBe(1700);
    expect(widthOf('hundred')).toBe(MAIL_PICTURE_WIDTH);
    expect(widthOf('imperial')).toBe(MAIL_PICTURE_MAX_WIDTH);
    expect(mailPictureWidth(1000)).toBe(1600);
  });
});
