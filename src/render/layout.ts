import { formatLocation } from '../orders/index.ts';
import type { GameMap } from '../engine/map.ts';
import { provinceOf } from '../engine/map.ts';
import type { Phase } from '../engine/phase.ts';
import type { LocationId, PhaseType, UnitType } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';

// The columns, words and line breaking of njudge's classic mails, in one place so every
// renderer lines up the same way. Each constant names the njudge source it copies.

/**
 * njudge's LPOWER (variant.h, 1.7.x): retreat and adjustment lines pad "Austria: " so the order
 * starts in column 26, and "N builds pending." lines do the same.
 */
export const POWER_COLUMN_WIDTH = 24;

/** Addresses in the game-start player list start at the 19th character (mail_format.html, "Game starts"). */
export const PLAYER_LIST_ADDRESS_COLUMN = 18;

/** njudge breaks long lines once a character would land in column 80 (lib.c `wrap`, st_movement.c Pass 7). */
const LAST_COLUMN = 78;

export const UNIT_NAMES: Readonly<Record<UnitType, string>> = { A: 'Army', F: 'Fleet' };
const UNIT_WORDS: Readonly<Record<UnitType, string>> = { A: 'army', F: 'fleet' };
const UNIT_ARTICLES: Readonly<Record<UnitType, string>> = { A: 'an army', F: 'a fleet' };

/** "army", "fleet": njudge's `utype`. */
export function unitWord(type: UnitType): string {
  return UNIT_WORDS[type];
}

/** "an army", "a fleet": njudge's `autype`. */
export function unitWithArticle(type: UnitType): string {
  return UNIT_ARTICLES[type];
}

/** "Army Paris", "Fleet St Petersburg (south coast)". */
export function unitPhrase(type: UnitType, location: LocationId, map: GameMap): string {
  return `${UNIT_NAMES[type]} ${formatLocation(location, map)}`;
}

/** njudge's `mov_type`: "in the North Sea" for seas, "in Paris" otherwise. */
export function placePhrase(location: LocationId, map: GameMap): string {
  const sea = map.province(provinceOf(location))?.terrain === 'sea';
  return `${sea ? 'in the' : 'in'} ${formatLocation(location, map)}`;
}

/** "Austria: " padded so the text after it starts in column 26, as st_retreat.c and st_build.c write it. */
export function paddedPowerPrefix(name: string): string {
  return `${name}: ${' '.repeat(Math.max(0, POWER_COLUMN_WIDTH - name.length))}`;
}

/**
 * njudge's GetMaxCountryStrlen(): the longest power name plus one, but at least 10. The ownership
 * block lines its centre lists and its counts up on it.
 */
export function ownershipWidth(variant: Variant): number {
  const longest = Math.max(...variant.powers.map((p) => p.name.length));
  return Math.max(10, longest + 1);
}

/**
 * A position's units, one line each, grouped by power in the variant's order with a blank line
 * before each power: "Austria: Army Vienna." (LIST game), or with the unit type in `typeWidth`
 * columns, "Austria: Army  Vienna." (the game-start mail, njudge's data/report files). The power
 * name is padded after its colon to the longest name's width.
 */
export function unitLines(
  variant: Variant,
  units: readonly { readonly power: string; readonly type: UnitType; readonly location: LocationId }[],
  typeWidth = 0,
): string[] {
  const width = Math.max(...variant.powers.map((p) => p.name.length)) + 1;
  const lines: string[] = [];
  for (const power of variant.powers) {
    const own = units.filter((u) => u.power === power.id);
    if (own.length === 0) continue;
    lines.push('');
    for (const unit of own)
      lines.push(`${`${power.name}:`.padEnd(width)} ${UNIT_NAMES[unit.type].padEnd(typeWidth)} ${formatLocation(unit.location, variant.map)}.`);
  }
  return lines;
}

/** "(demo.001)": the game name and the three-digit turn number Mapper and floc.net key on. */
export function turnLabel(gameName: string, sequence: number): string {
  return `(${gameName}.${String(sequence).padStart(3, '0')})`;
}

const PHASE_WORDS: Readonly<Record<PhaseType, string>> = { movement: 'Movement', retreat: 'Retreat', adjustment: 'Adjustment' };
const NEXT_PHASE_WORDS: Readonly<Record<PhaseType, string>> = { movement: 'Movement', retreat: 'Retreats', adjustment: 'Adjustments' };

/** "Movement results for Spring of 1901.  (demo.001)" or, in a reply to orders, "Movement orders for …". */
export function phaseTitle(variant: Variant, phase: Phase, kind: 'results' | 'orders', gameName: string, sequence: number): string {
  return `${PHASE_WORDS[phase.type]} ${kind} for ${variant.seasonName(phase)} of ${phase.year}.  ${turnLabel(gameName, sequence)}`;
}

/** "Movement for Fall of 1901", "Retreats for …", "Adjustments for Winter of 1901". */
export function nextPhaseName(variant: Variant, phase: Phase): string {
  return `${NEXT_PHASE_WORDS[phase.type]} for ${variant.seasonName(phase)} of ${phase.year}`;
}

/**
 * Breaks a line the way st_movement.c breaks the dislodged-unit sentences: at the last blank
 * before column 80, the blank dropped, the rest starting in column 0. `text` has no newline.
 */
export function wrapAtBlank(text: string): string {
  const buffer = `${text}\n`;
  let out = '';
  let start = 0;
  for (let s = 0, column = 0; s < buffer.length; s++, column++) {
    if (column <= LAST_COLUMN) continue;
    let blank = s - 1;
    while (blank > start && buffer[blank] !== ' ') blank--;
    if (blank <= start) continue;
    out += `${buffer.slice(start, blank)}\n`;
    start = blank + 1;
    s = start;
    column = 0;
  }
  return (out + buffer.slice(start)).slice(0, -1);
}

/**
 * Breaks a line the way njudge's `wrap_char(…, ',')` breaks the ownership lists: after the last
 * comma before column 80, continuing on a line indented by `indent`. `text` has no newline.
 */
export function wrapAfterComma(text: string, indent: number): string {
  const buffer = `${text}\n`;
  let out = '';
  let start = 0;
  for (let s = 0, column = 0; s < buffer.length; s++, column++) {
    if (column <= LAST_COLUMN) continue;
    let comma = s - 1;
    while (comma > start && buffer[comma] !== ',') comma--;
    if (comma <= start) continue;
    let blank = comma + 1;
    while (blank < buffer.length && buffer[blank] !== ' ') blank++;
    if (blank >= buffer.length - 1) continue;
    out += `${buffer.slice(start, blank)}\n${' '.repeat(indent)}`;
    start = blank + 1;
    s = start;
    column = indent;
  }
  return (out + buffer.slice(start)).slice(0, -1);
}

/** "1 unit", "2 units": njudge adds the s for every count but one. */
export function plural(count: number, word: string): string {
  return count === 1 ? word : `${word}s`;
}
