import { provinceOf } from '../engine/map.ts';
import type { OrderResult } from '../engine/results.ts';
import type { Position } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';
import { formatLocation } from '../orders/index.ts';
import { UNIT_NAMES, placePhrase, wrapAtBlank } from './layout.ts';
import { movementEcho, movementMarker, ownersOf } from './order-lines.ts';

// The body of a movement results mail after its title, as st_movement.c prints it: one line per
// unit, the powers separated by blank lines, then the dislodged units and where they may go.
//
//   Austria: Army Budapest -> Serbia.
//   Austria: Army Vienna -> Galicia.  (*bounce*)
//
//   Turkey: Army Bulgaria, No Order Processed.  (*dislodged*)
//
//
//   The following units were dislodged:
//
//   The Turkish Army in Bulgaria can retreat to Constantinople or Greece.
//   The Austrian Fleet in the Ionian Sea with no valid retreats was destroyed.
//
// Orders the engine rejected appear as njudge showed them: the unit is listed with
// "No Order Processed", because the player was told about the error when the order came in.

/** Lines of the unit and dislodgement sections, without trailing newlines. */
export function movementReport(variant: Variant, results: readonly OrderResult[], before: Position, after: Position): string[] {
  const ownerOf = ownersOf(before.units);
  const unitIndex = new Map(before.units.map((u, i) => [u.location, i]));
  const powerIndex = (id: string) => variant.power(id)?.index ?? Number.MAX_SAFE_INTEGER;
  const lines: string[] = [];
  const shown = results
    .filter((r) => r.outcome !== 'illegal' && r.unit !== null && r.order !== null)
    .sort((a, b) => powerIndex(a.power) - powerIndex(b.power) || (unitIndex.get(a.unit!) ?? 0) - (unitIndex.get(b.unit!) ?? 0));
  let previous: string | null = null;
  for (const result of shown) {
    if (result.power !== previous) lines.push('');
    previous = result.power;
    const name = variant.power(result.power)?.name ?? result.power;
    const echo = movementEcho(variant, result.power, result.order!, result.input !== null, ownerOf);
    lines.push(`${name}: ${echo}${movementMarker(result.order!, result.markers)}`);
  }
  const dislodged = shown.filter((r) => r.markers.includes('dislodged'));
  if (dislodged.length === 0) return lines;
  lines.push('', '', 'The following units were dislodged:', '');
  for (const result of dislodged) {
    const unit = before.units.find((u) => u.location === result.unit)!;
    const adjective = variant.power(unit.power)?.adjective ?? unit.power;
    const who = `The ${adjective} ${UNIT_NAMES[unit.type]} ${placePhrase(unit.location, variant.map)}`;
    const retreats = after.dislodged.find((d) => provinceOf(d.location) === provinceOf(unit.location))?.retreats ?? [];
    const sentence =
      retreats.length === 0
        ? `${who} with no valid retreats was destroyed.`
        : `${who} can retreat to ${retreats.map((r) => formatLocation(r, variant.map)).join(' or ')}.`;
    lines.push(wrapAtBlank(sentence));
  }
  return lines;
}
