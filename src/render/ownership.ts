import { adjustmentsDue } from '../engine/adjustment.ts';
import type { PowerId, Position, ProvinceId } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';
import { ownershipWidth, plural, wrapAfterComma } from './layout.ts';

// The "Ownership of supply centers:" block of a Fall (or Fall retreat) results mail, laid out as
// njudge's `ownership()` in st_build.c:
//
//   Ownership of supply centers:
//
//   Austria:   Budapest, Greece, Serbia, Trieste, Vienna.
//   …
//   Unowned:   Belgium, Bulgaria, …
//
//   Austria:   5 Supply centers,  3 Units:  Builds   2 units.
//   Turkey:    4 Supply centers,  5 Units:  Removes  1 unit.   (* CD *)
//
// Centres are listed in map order, each list starts in column 11 (the longest power name plus
// two, at least 11) and wraps after a comma before column 80. Counts are `%2d`, so they line up.
// jDip's AdjustmentParser and floc.net read the counts with a regular expression.

/** Why a power's line ends in a flag: njudge prints these unless the game is Quiet. */
export type PowerStanding = 'cd' | 'abandoned';

export interface OwnershipInput {
  readonly variant: Variant;
  /** The position after the phase: its centres and units are counted. */
  readonly position: Position;
  /** The power that has just won, or null. Its line ends in "(* VICTORY!! *)". */
  readonly winner: PowerId | null;
  /** Powers in civil disorder or abandoned; leave out in a Quiet game. */
  readonly standing?: Readonly<Record<PowerId, PowerStanding>>;
}

/** The block, each line ending in a newline, starting with the blank line before its title. */
export function renderOwnership(input: OwnershipInput): string {
  const { variant, position } = input;
  const width = ownershipWidth(variant);
  const mapOrder = (centres: readonly ProvinceId[]) =>
    [...centres].sort((a, b) => (variant.map.province(a)?.index ?? 0) - (variant.map.province(b)?.index ?? 0));
  const owned = new Set<ProvinceId>();
  const lines: string[] = ['', 'Ownership of supply centers:', ''];
  const listLine = (name: string, centres: readonly ProvinceId[]) => {
    if (centres.length === 0) return;
    const names = mapOrder(centres).map((c) => variant.map.province(c)?.name ?? c);
    lines.push(wrapAfterComma(`${`${name}:`.padEnd(width + 1)}${names.join(', ')}.`, width + 1));
  };
  for (const power of variant.powers) {
    const centres = position.supplyCenters[power.id] ?? [];
    for (const c of centres) owned.add(c);
    listLine(power.name, centres);
  }
  for (const power of variant.powers) {
    const undetermined = position.undeterminedHomes?.[power.id] ?? 0;
    if (undetermined > 0) lines.push(`${`${power.name}:`.padEnd(width + 1)}${undetermined} undetermined home centre${undetermined === 1 ? '' : 's'}.`);
  }
  // A blind reader (position.sight) learns only the owners it sees, and counts only of its own power.
  const sight = position.sight;
  listLine(
    'Unowned',
    variant.supplyCenters().filter((c) => !owned.has(c) && (sight === undefined || sight.centres.includes(c))),
  );
  lines.push('');
  for (const power of variant.powers) {
    if (sight !== undefined && sight.power !== power.id) continue;
    // Undetermined homes (MOBILIZE) count as centres, as DPjudge counts them; partisan builds (1900's Siberia) only in the builds.
    const centres = (position.supplyCenters[power.id]?.length ?? 0) + (position.undeterminedHomes?.[power.id] ?? 0);
    const units = position.units.filter((u) => u.power === power.id).length;
    const due = adjustmentsDue(variant, position, power.id);
    if (centres === 0 && units === 0) continue;
    lines.push(countLine(power.name, centres, units, due, width) + flag(input, power.id, Math.abs(due)));
  }
  return lines.map((line) => `${line}\n`).join('');
}

/** "Austria:   4 Supply centers,  3 Units:  Builds   1 unit." */
function countLine(name: string, centres: number, units: number, due: number, width: number): string {
  const difference = Math.abs(due);
  const prefix = `${name}:`.padEnd(Math.max(width, name.length + 1));
  const centreWord = centres === 1 ? 'Supply center, ' : 'Supply centers,';
  const unitWord = units === 1 ? 'Unit: ' : 'Units:';
  const action = due >= 0 ? 'Builds ' : 'Removes';
  return `${prefix}${pad2(centres)} ${centreWord} ${pad2(units)} ${unitWord}  ${action} ${pad2(difference)} ${plural(difference, 'unit')}.`;
}

/** The flag njudge appends; a singular "unit." gets one more blank so the flags line up too. */
function flag(input: OwnershipInput, power: PowerId, difference: number): string {
  const text =
    input.winner === power
      ? '(* VICTORY!! *)'
      : input.standing?.[power] === 'cd'
        ? '(* CD *)'
        : input.standing?.[power] === 'abandoned'
          ? '(* ABANDONED *)'
          : null;
  if (text === null) return '';
  return `${difference === 1 ? ' ' : ''}  ${text}`;
}

function pad2(value: number): string {
  return String(value).padStart(2);
}
