import { adjustmentsDue, buildableCenters } from './adjustment.ts';
import { powerEntries } from './ids.ts';
import { provinceOf } from './map.ts';
import { formatPhaseId, type Phase } from './phase.ts';
import type { DislodgedUnit, Holdings, Position, PowerId, ProvinceId, Unit } from './types.ts';
import type { Variant } from './variant.ts';

// Moves a game from a processed phase to the next phase that has something to do:
// retreat phases without dislodged units and adjustment phases without builds or removals
// are skipped, and supply centres change hands whenever the flow reaches an adjustment phase.

export interface Advanced {
  readonly position: Position;
  readonly winner: PowerId | null;
}

/**
 * `held` is what the processed phase left: its units with the centres, undetermined homes
 * (MOBILIZE) and game-given homes (NEWHOMES) to carry on. The units and dislodged units must be
 * lists the phase made: the next position takes them as they are.
 */
export function advance(variant: Variant, processed: Phase, held: Holdings, dislodged: readonly DislodgedUnit[]): Advanced {
  const units = held.units;
  let phase = processed;
  let centers = held.supplyCenters;
  let homeCenters = held.homeCenters;
  let winner: PowerId | null = null;
  for (let guard = 0; guard <= variant.flow.length * 4; guard++) {
    const step = variant.nextPhase(phase);
    phase = step.phase;
    if (step.reachesAdjustment) {
      centers = captureCenters(variant, units, centers);
      winner ??= victor(variant, centers);
      if (variant.newHomesYears.includes(phase.year)) homeCenters = Object.fromEntries(variant.powers.map((p) => [p.id, [...(centers[p.id] ?? [])]]));
    }
    if (phase.type === 'retreat' && (guard > 0 || dislodged.length === 0)) continue;
    if (phase.type === 'adjustment') {
      const holdings: Holdings = {
        units,
        supplyCenters: centers,
        ...(held.undeterminedHomes ? { undeterminedHomes: held.undeterminedHomes } : {}),
        ...(homeCenters ? { homeCenters } : {}),
      };
      if (!variant.powers.some((p) => adjustmentNeeded(variant, holdings, p.id))) continue;
    }
    // Keys in this order: `dipjudge adjudicate` writes the position as it is, byte for byte the same from release to release.
    // The units and dislodged units are the phase's own new lists, not shared with the caller's position.
    const position: Position =
      held.undeterminedHomes === undefined && homeCenters === undefined
        ? { variant: variant.name, phase: formatPhaseId(phase), units, dislodged: phase.type === 'retreat' ? dislodged : [], supplyCenters: centers }
        : {
            variant: variant.name,
            phase: formatPhaseId(phase),
            units,
            dislodged: phase.type === 'retreat' ? dislodged : [],
            supplyCenters: centers,
            ...(held.undeterminedHomes ? { undeterminedHomes: held.undeterminedHomes } : {}),
            ...(homeCenters ? { homeCenters } : {}),
          };
    return { position, winner };
  }
  throw new Error(`variant ${variant.name} has no movement phase in its flow`);
}

function adjustmentNeeded(variant: Variant, holdings: Holdings, power: PowerId): boolean {
  const due = adjustmentsDue(variant, holdings, power);
  return due < 0 || (due > 0 && buildableCenters(variant, holdings, power).length > 0);
}

/** Every supply centre occupied by a unit now belongs to that unit's power. */
export function captureCenters(
  variant: Variant,
  units: readonly Unit[],
  centers: Readonly<Record<PowerId, readonly ProvinceId[]>>,
): Record<PowerId, ProvinceId[]> {
  const owner = new Map<ProvinceId, PowerId>();
  for (const [power, list] of powerEntries(centers)) for (const c of list) owner.set(c, power);
  for (const unit of units) {
    const province = provinceOf(unit.location);
    if (variant.map.province(province)?.supplyCenter) owner.set(province, unit.power);
  }
  const result: Record<PowerId, ProvinceId[]> = {};
  for (const power of variant.powers) result[power.id] = [];
  for (const [province, power] of owner) (result[power] ??= []).push(province);
  for (const list of Object.values(result)) list.sort();
  return result;
}

function victor(variant: Variant, centers: Readonly<Record<PowerId, readonly ProvinceId[]>>): PowerId | null {
  let best: PowerId | null = null;
  let bestCount = 0;
  let tie = false;
  for (const [power, list] of powerEntries(centers)) {
    if (list.length > bestCount) {
      best = power;
      bestCount = list.length;
      tie = false;
    } else if (list.length === bestCount) {
      tie = true;
    }
  }
  return best !== null && !tie && bestCount >= variant.victoryCenters ? best : null;
}
