import { fileURLToPath } from 'node:url';

// Files map pictures need besides the geometry: the font their text is set in (DejaVu Sans Bold, cut down
// to Latin-1; licence in fonts/LICENSE).

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const MAP_FONT_FILE = `${ROOT}fonts/DejaVuSans-Bold-latin1.ttf`;
