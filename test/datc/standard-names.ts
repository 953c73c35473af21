import { normaliseName } from '../../src/engine/map.ts';
import type { Coast } from '../../src/engine/types.ts';

// The names the standard-map case files may use, so the parser test catches a misspelt place
// without needing the map itself. Only names: which id the map gives a place is the map's business.

const PROVINCES: readonly (readonly [name: string, coasts?: readonly Coast[]])[] = [
  ['Adriatic Sea'],
  ['Aegean Sea'],
  ['Albania'],
  ['Ankara'],
  ['Apulia'],
  ['Armenia'],
  ['Baltic Sea'],
  ['Barents Sea'],
  ['Belgium'],
  ['Berlin'],
  ['Black Sea'],
  ['Bohemia'],
  ['Brest'],
  ['Budapest'],
  ['Bulgaria', ['ec', 'sc']],
  ['Burgundy'],
  ['Clyde'],
  ['Constantinople'],
  ['Denmark'],
  ['Eastern Mediterranean'],
  ['Edinburgh'],
  ['English Channel'],
  ['Finland'],
  ['Galicia'],
  ['Gascony'],
  ['Greece'],
  ['Gulf of Bothnia'],
  ['Gulf of Lyon'],
  ['Helgoland Bight'],
  ['Holland'],
  ['Ionian Sea'],
  ['Irish Sea'],
  ['Kiel'],
  ['Liverpool'],
  ['Livonia'],
  ['London'],
  ['Marseilles'],
  ['Mid-Atlantic Ocean'],
  ['Moscow'],
  ['Munich'],
  ['Naples'],
  ['North Africa'],
  ['North Atlantic Ocean'],
  ['North Sea'],
  ['Norway'],
  ['Norwegian Sea'],
  ['Paris'],
  ['Picardy'],
  ['Piedmont'],
  ['Portugal'],
  ['Prussia'],
  ['Rome'],
  ['Ruhr'],
  ['Rumania'],
  ['Serbia'],
  ['Sevastopol'],
  ['Silesia'],
  ['Skagerrak'],
  ['Smyrna'],
  ['Spain', ['nc', 'sc']],
  ['St Petersburg', ['nc', 'sc']],
  ['Sweden'],
  ['Syria'],
  ['Trieste'],
  ['Tunis'],
  ['Tuscany'],
  ['Tyrolia'],
  ['Tyrrhenian Sea'],
  ['Ukraine'],
  ['Venice'],
  ['Vienna'],
  ['Wales'],
  ['Warsaw'],
  ['Western Mediterranean'],
  ['Yorkshire'],
];

/** Other spellings for the same provinces, as the DATC and common usage write them. */
const ALIASES: Readonly<Record<string, string>> = {
  'Heligoland Bight': 'Helgoland Bight',
  'Gulf of Lions': 'Gulf of Lyon',
  'Saint Petersburg': 'St Petersburg',
  'Western Mediterranean Sea': 'Western Mediterranean',
  'Eastern Mediterranean Sea': 'Eastern Mediterranean',
};

export const STANDARD_POWERS: readonly string[] = ['Austria', 'England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey'];

export const STANDARD_PROVINCE_COUNT = PROVINCES.length;

const coastsByName = new Map<string, readonly Coast[]>();
for (const [name, coasts] of PROVINCES) coastsByName.set(normaliseName(name), coasts ?? []);
for (const [alias, name] of Object.entries(ALIASES)) coastsByName.set(normaliseName(alias), coastsByName.get(normaliseName(name))!);

/** Why the place is not a place of the standard map, or null when it is one. */
export function standardPlaceProblem(name: string, coast: Coast | null): string | null {
  const coasts = coastsByName.get(normaliseName(name));
  if (!coasts) return `"${name}" is not a province of the standard map`;
  if (coast !== null && !coasts.includes(coast)) return `${name} has no coast "${coast}"`;
  return null;
}

export function isStandardPower(name: string): boolean {
  return STANDARD_POWERS.some((power) => power.toLowerCase() === name.trim().toLowerCase());
}
