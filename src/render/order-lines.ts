import type { GameMap } from '../engine/map.ts';
import { provinceOf } from '../engine/map.ts';
import type { LocationId, Marker, Order, PowerId, ProvinceId, Unit, UnitType } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';
import { formatLocation, formatOrder } from '../orders/index.ts';
import { paddedPowerPrefix, placePhrase, unitPhrase, unitWithArticle, unitWord } from './layout.ts';

// One line per order in njudge's words. Movement lines come from st_movement.c (Pass 6),
// retreat lines from st_retreat.c (`retreatout`), adjustment lines from st_build.c (`buildout`).

/** Who owns the unit in each province at the start of the phase, for "SUPPORT French Army …". */
export type OwnerOf = (location: LocationId) => PowerId | undefined;

export function ownersOf(units: readonly Unit[]): OwnerOf {
  const owner = new Map<ProvinceId, PowerId>(units.map((u) => [provinceOf(u.location), u.power]));
  return (location) => owner.get(provinceOf(location));
}

/**
 * "Army Paris -> Burgundy.", "Fleet North Sea CONVOY English Army London -> Norway.",
 * "Army Bulgaria, No Order Processed." — without the power and without markers.
 */
export function movementEcho(variant: Variant, power: PowerId, order: Order, ordered: boolean, ownerOf: OwnerOf): string {
  const map = variant.map;
  if (!ordered && 'unit' in order && order.unit.type !== null) return `${unitPhrase(order.unit.type, order.unit.location, map)}, No Order Processed.`;
  // njudge names the sea route of every convoyed move; without one it writes a plain move, never "by convoy".
  const shown = order.kind === 'move' && order.route.length === 0 ? { ...order, viaConvoy: false } : order;
  const adjective = (location: LocationId): string | null => {
    const owner = ownerOf(location);
    return owner !== undefined && owner !== power ? (variant.power(owner)?.adjective ?? null) : null;
  };
  return formatOrder(shown, map, { adjective });
}

/**
 * The njudge marker after a movement line, e.g. "  (*bounce, dislodged*)". njudge shows one
 * reason and adds "dislodged"; a disrupted convoy is its "no convoy".
 */
export function movementMarker(order: Order, markers: readonly Marker[]): string {
  const dislodged = markers.includes('dislodged');
  const reason = primaryReason(order, markers);
  if (reason === null) return dislodged ? '  (*dislodged*)' : '';
  return `  (*${reason}${dislodged ? ', dislodged' : ''}*)`;
}

function primaryReason(order: Order, markers: readonly Marker[]): string | null {
  if (markers.includes('void')) return 'void';
  if (markers.includes('no convoy')) return 'no convoy';
  // A fleet whose convoy failed elsewhere gets no marker from njudge; only the army reads "no convoy".
  if (markers.includes('disrupted') && order.kind === 'move') return 'no convoy';
  if (markers.includes('cut')) return 'cut';
  if (markers.includes('bounce')) return 'bounce';
  return null;
}

/** "Army  Serbia": st_retreat.c writes the unit type in five columns. */
function retreatingUnit(type: UnitType, location: LocationId, map: GameMap): string {
  return `${(type === 'A' ? 'Army' : 'Fleet').padEnd(5)} ${formatLocation(location, map)}`;
}

export type RetreatLine =
  | { readonly kind: 'retreat'; readonly to: LocationId; readonly bounced: boolean }
  | { readonly kind: 'disband' }
  | { readonly kind: 'unordered' };

/** "Austria:                  Army  Serbia -> Albania." and its variants, as `retreatout` writes them. */
export function retreatLine(powerName: string, type: UnitType, location: LocationId, line: RetreatLine, map: GameMap): string {
  const unit = `${paddedPowerPrefix(powerName)}${retreatingUnit(type, location, map)}`;
  switch (line.kind) {
    case 'retreat':
      return `${unit} -> ${formatLocation(line.to, map)}${line.bounced ? ' (*bounce, destroyed*)' : ''}.`;
    case 'disband':
      return `${unit} DISBAND.`;
    case 'unordered':
      return `${unit}, No Order Processed (DISBAND).`;
  }
}

export type AdjustmentLine =
  | { readonly kind: 'build'; readonly type: UnitType; readonly location: LocationId }
  | { readonly kind: 'remove'; readonly type: UnitType; readonly location: LocationId }
  | { readonly kind: 'default-remove'; readonly type: UnitType; readonly location: LocationId }
  | { readonly kind: 'waive' }
  | { readonly kind: 'unusable'; readonly count: number; readonly processed: boolean }
  | { readonly kind: 'pending-builds'; readonly count: number }
  | { readonly kind: 'pending-removals'; readonly count: number };

/** "Austria:                  Builds an army in Budapest." and the other `buildout` lines. */
export function adjustmentLine(powerName: string, line: AdjustmentLine, map: GameMap): string {
  const prefix = paddedPowerPrefix(powerName);
  switch (line.kind) {
    case 'build':
      return `${prefix}Builds ${unitWithArticle(line.type)} in ${formatLocation(line.location, map)}.`;
    case 'remove':
      return `${prefix}Removes the ${unitWord(line.type)} ${placePhrase(line.location, map)}.`;
    case 'default-remove':
      return `${prefix}Defaults, removing the ${unitWord(line.type)} ${placePhrase(line.location, map)}.`;
    case 'waive':
      return `${prefix}Build waived.`;
    case 'unusable':
      return `${prefix}${line.count} unusable build${line.count === 1 ? '' : 's'} ${line.processed ? 'waived' : 'pending'}.`;
    case 'pending-builds':
      return `${prefix}${line.count} build${line.count === 1 ? '' : 's'} pending.`;
    // njudge previews its own default removals here; ours are the engine's, so the count is all we promise.
    case 'pending-removals':
      return `${prefix}${line.count} removal${line.count === 1 ? '' : 's'} pending.`;
  }
}
