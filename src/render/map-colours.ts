// Colours of map pictures, as data. Power colours come from Okabe and Ito's palette, chosen to stay apart
// for the common colour-vision deficiencies; every unit also carries its power's initial, and the legend
// names each power beside its colour, so no reader depends on hue alone.

/** Standard's powers keep the colours players know (Austria red, England blue …) within the palette. */
const NAMED: Readonly<Record<string, string>> = {
  AUSTRIA: '#d55e00',
  ENGLAND: '#0072b2',
  FRANCE: '#56b4e9',
  GERMANY: '#555555',
  ITALY: '#009e73',
  RUSSIA: '#cc79a7',
  TURKEY: '#f0e442',
};

/** For powers standard does not have, in the variant's order, skipping colours its named powers took. */
const PALETTE = [
  '#e69f00',
  '#0072b2',
  '#009e73',
  '#cc79a7',
  '#d55e00',
  '#56b4e9',
  '#f0e442',
  '#555555',
  '#8c510a',
  '#7b3294',
  '#1b7837',
  '#b2182b',
  '#2166ac',
  '#bababa',
];

export const MAP_COLOURS = {
  land: '#efe6cf',
  water: '#b7d3ea',
  /** Impassable land: hatched in these two (see map-picture.ts). */
  impassable: '#fbfaf6',
  impassableHatch: '#3f3f3f',
  /** The dark edge every order's line and arrowhead has: it reads over any tint, the power's own too. */
  orderEdge: '#1a1a1a',
  ice: '#e6eef2',
  coast: '#4a4a4a',
  border: '#6b6b6b',
  seaName: '#2d5f8a',
  landName: '#3d3d3d',
  failed: '#c0001a',
  unowned: '#ffffff',
  /** Provinces a blind reader cannot see, and centres whose owner it cannot see. */
  unseen: '#6b6b6b',
  band: '#2f2f2f',
  bandText: '#ffffff',
} as const;

/** Each power's colour, by power id. */
export function powerColours(powerIds: readonly string[]): Map<string, string> {
  const colours = new Map<string, string>();
  const taken = new Set<string>();
  for (const id of powerIds) {
    const named = NAMED[id.toUpperCase()];
    if (named && !taken.has(named)) {
      colours.set(id, named);
      taken.add(named);
    }
  }
  const free = PALETTE.filter((c) => !taken.has(c));
  let next = 0;
  for (const id of powerIds) {
    if (colours.has(id)) continue;
    colours.set(id, free[next % free.length] ?? '#888888');
    next += 1;
  }
  return colours;
}

/** Black or white, whichever reads better on the colour. */
export function contrastOn(colour: string): string {
  const r = parseInt(colour.slice(1, 3), 16);
  const g = parseInt(colour.slice(3, 5), 16);
  const b = parseInt(colour.slice(5, 7), 16);
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#000000' : '#ffffff';
}
