import type { FamilyOverrides } from './to-variant.ts';

// Which DPjudge maps become variants, under which title, with one line of description each.
// A map the engine cannot play honestly is still listed: the importer leaves it out and the
// variant table (docs/maps-and-variants.md) says why.

export interface DpjudgeEntry {
  readonly id: string;
  readonly file: string;
  readonly title: string;
  readonly description: string;
}

export const DPJUDGE_MAPS: readonly DpjudgeEntry[] = [
  { id: 'standard', file: 'standard.map', title: 'Standard', description: 'The classic game: Europe in 1901, seven powers, 34 centres.' },
  { id: 'fleetrome', file: 'fleetrome.map', title: 'Fleet Rome', description: 'Standard, but Italy starts with a fleet in Rome instead of an army.' },
  { id: '1897', file: '1897.map', title: '1897', description: 'Standard with no starting units: the game opens with builds in winter 1897.' },
  { id: '1898', file: '1898.map', title: '1898', description: 'Standard with no starting units: the game opens with builds in winter 1898.' },
  {
    id: 'shiftleft',
    file: 'shiftleft.map',
    title: 'Shift Left',
    description: 'Standard, each power starting in the home country of its neighbour to the left.',
  },
  {
    id: 'shiftright',
    file: 'shiftright.map',
    title: 'Shift Right',
    description: 'Standard, each power starting in the home country of its neighbour to the right.',
  },
  { id: 'shiftaround', file: 'shiftaround.map', title: 'Shift Around', description: "Standard, each power starting in another power's home country." },
  { id: 'milan', file: 'milan.map', title: 'Milan', description: 'Standard with northern Italy redrawn: Milan, Venetia and Savoy.' },
  { id: 'pure', file: 'pure.map', title: 'Pure', description: 'Seven capitals, each next to every other: pure diplomacy.' },
  { id: 'fiveman', file: 'fiveman.map', title: 'Five-Man', description: 'Standard for five players: no Russia or Turkey, the east cut away.' },
  { id: 'crowded', file: 'crowded.map', title: 'Crowded', description: 'Standard with four more powers: Balkans, Lowlands, Norway and Spain.' },
  { id: 'v8', file: 'v8.map', title: 'V8', description: 'Standard for eight: Scandinavia joins, Ireland and Iceland added.' },
  { id: 'loeb9', file: 'loeb9.map', title: 'Loeb9', description: 'Standard for nine, with Norway and Spain and more provinces.' },
  { id: 'chaos', file: 'chaos.map', title: 'Chaos', description: 'Standard board, 34 powers of one centre each, building anywhere they own.' },
  {
    id: 'britain',
    file: 'britain.map',
    title: 'Britain',
    description: 'Standard, but England has six home centres (Yorkshire, Clyde and Wales too) and six armies.',
  },
  {
    id: 'brazilian',
    file: 'brazilian.map',
    title: 'Brazilian',
    description: 'Standard with a fleet in Rome, North Africa a centre, Clyde cut from the Norwegian Sea and Heligoland joined to the Baltic.',
  },
  {
    id: 'renaissance',
    file: 'renaissance.map',
    title: 'Renaissance',
    description: 'Europe in 1454 on the standard board: the Holy Roman Empire, England, France, Venice, the Ottomans, Poland and Spain; Switzerland passable.',
  },
  {
    id: 'minorpower',
    file: 'minorpower.map',
    title: 'Minor Power',
    description: 'Standard plus twelve one-centre minor powers; the game opens with builds in winter 1900, anywhere owned.',
  },
  { id: 'void', file: 'void.map', title: 'Void', description: 'Standard with every province a power.' },
  { id: 'vassal', file: 'vassal.map', title: 'Vassal', description: 'Minor powers as vassals, with payola.' },
  { id: 'ancmed', file: 'ancmed.map', title: 'Ancient Mediterranean', description: 'Rome, Carthage, Greece, Egypt and Persia around the Mediterranean.' },
  { id: '1900', file: '1900.map', title: '1900', description: 'Europe and North Africa in 1900, seven powers, 39 centres.' },
  { id: 'youngstown', file: 'youngstown.map', title: 'Youngstown', description: 'Europe and Asia: ten powers including China, India and Japan.' },
  { id: 'modern', file: 'modern.map', title: 'Modern', description: 'Europe in 1995: ten powers including Egypt, Poland, Spain and Ukraine.' },
  {
    id: 'modern-up',
    file: 'modern-up.map',
    title: 'Modern (updated)',
    description: 'Modern with Britain starting with an army in Liverpool, and other small map changes.',
  },
  { id: 'slovenia', file: 'slovenia.map', title: 'Slovenia', description: 'Modern (updated) with Slovenia added.' },
  {
    id: 'aberration',
    file: 'aberration.map',
    title: 'Aberration',
    description: 'An alternative Europe of nine powers, building on any owned centre while a home is held.',
  },
  {
    id: 'classical',
    file: 'classical.map',
    title: 'Classical',
    description: 'The Mediterranean after Alexander: years count down from 273 B.C., builds every second year.',
  },
  {
    id: 'hundred',
    file: 'hundred.map',
    title: 'Hundred',
    description: 'The Hundred Years War: England, France and Burgundy, five-year turns, builds every ten years.',
  },
  { id: 'sailho', file: 'sailho.map', title: 'Sail Ho!', description: 'North, South, East and West around a small island sea, for short games.' },
  { id: 'canton', file: 'canton.map', title: 'Canton', description: 'Asia around 1900: Britain, China, France, Holland, Japan, Russia and Turkey.' },
  { id: 'chromatic', file: 'chromatic.map', title: 'Chromatic', description: 'Five colours (Blue, Dark, Light, Red, Yellow) on an abstract board.' },
  { id: 'empire', file: 'empire.map', title: 'Empire', description: 'The Americas in 1999: ten powers from British Columbia and Quebec to Cuba and Peru.' },
  { id: 'empire-up', file: 'empire-up.map', title: 'Empire (updated)', description: 'Empire with Cuba and Quebec starting with different units.' },
  { id: 'ambition', file: 'ambition.map', title: 'Ambition & Empire', description: 'Europe in the 18th century with leagues and income phases.' },
  { id: 'imperial', file: 'imperial.map', title: 'Imperial', description: 'The world in the 19th century: thirteen powers.' },
  { id: 'sengoku', file: 'sengoku.map', title: 'Sengoku', description: 'Japan in the age of warring states.' },
  { id: 'zeus', file: 'zeus.map', title: 'Zeus', description: 'The world in the Second World War.' },
];

/** Maps built on standard.geography keep the standard map's project ids and names. */
export const STANDARD_FAMILY: FamilyOverrides = {
  renames: { lyo: 'gol', tys: 'tyn' },
  names: { hel: 'Heligoland Bight' },
  unitOrder: [
    'bud',
    'vie',
    'tri',
    'edi',
    'lon',
    'lvp',
    'bre',
    'mar',
    'par',
    'ber',
    'kie',
    'mun',
    'nap',
    'rom',
    'ven',
    'mos',
    'sev',
    'stp/sc',
    'war',
    'ank',
    'con',
    'smy',
  ],
  extraAliases: {
    eas: ['east med', 'eastern med'],
    gol: ['Gulf of Lyons', 'Gulf of Lions'],
    hel: ['Helgoland Bight'],
    mao: ['Mid Atlantic'],
    mar: ['Marseille'],
    nao: ['North Atlantic'],
    rum: ['Romania'],
    stp: ['Saint Petersburg'],
  },
};

export interface OneVersusOne {
  readonly id: string;
  readonly title: string;
  readonly powers: readonly [string, string];
  readonly victory: number;
}

/** Two-player games on the standard map as vDiplomacy plays them: the other powers' centres neutral and empty. */
export const ONE_VERSUS_ONE: readonly OneVersusOne[] = [
  { id: 'france-austria', title: 'France vs Austria', powers: ['FRANCE', 'AUSTRIA'], victory: 18 },
  { id: 'germany-italy', title: 'Germany vs Italy', powers: ['GERMANY', 'ITALY'], victory: 18 },
  { id: 'england-turkey', title: 'England vs Turkey', powers: ['ENGLAND', 'TURKEY'], victory: 18 },
];
