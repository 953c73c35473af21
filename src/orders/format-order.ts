import { coastOf, provinceOf, type GameMap } from '../engine/map.ts';
import type { LocationId, Order, UnitRef } from '../engine/types.ts';
import { COAST_NAMES } from './keywords.ts';
import { mapNames, type MapNames } from './map-names.ts';

// The canonical echo of an order in njudge's results style: full province names, `->` for
// moves, upper-case SUPPORT, CONVOY, HOLD and DISBAND, a full stop at the end.
//
//   Army Paris -> Burgundy.                       Army Paris HOLD.
//   Army London -> North Sea -> Norway.           (explicit convoy route)
//   Army London -> Norway by convoy.              (VIA CONVOY without a route; njudge has no such order)
//   Army Munich SUPPORT Army Berlin -> Kiel.      Army Munich SUPPORT Army Berlin.
//   Army Ruhr SUPPORT French Army Burgundy -> Belgium.   (adjective from `describe`)
//   Fleet North Sea CONVOY Army London -> Norway.
//   Fleet St Petersburg (south coast) -> Gulf of Bothnia.
//   Army Paris DISBAND.   Build Army Budapest.   Remove Fleet Kiel.   Waive build.
//   Fleet St Petersburg (south coast).            (an adjustment the caller has not yet decided)
//
// Every echo parses back to the same order in its phase, except that an adjective is not read back.

export interface OrderDescriber {
  /** Adjective of the power owning the unit at this location when it is not the ordering power ("French"), else null. */
  adjective?(location: LocationId): string | null;
}

const UNIT_WORDS = { A: 'Army', F: 'Fleet' } as const;

export function formatOrder(order: Order, map: GameMap, describe?: OrderDescriber): string {
  const names = mapNames(map);
  switch (order.kind) {
    case 'hold':
      return `${unitText(order.unit, names)} HOLD.`;
    case 'move': {
      const unit = unitText(order.unit, names);
      const to = locationText(order.to, names);
      if (order.route.length > 0) {
        const route = order.route.map((province) => names.name(province)).join(' -> ');
        return `${unit} -> ${route} -> ${to}.`;
      }
      return order.viaConvoy ? `${unit} -> ${to} by convoy.` : `${unit} -> ${to}.`;
    }
    case 'support': {
      const supported = foreignUnitText(order.supported, names, describe);
      const to = order.to === null ? '' : ` -> ${locationText(order.to, names)}`;
      return `${unitText(order.unit, names)} SUPPORT ${supported}${to}.`;
    }
    case 'convoy':
      return `${unitText(order.unit, names)} CONVOY ${foreignUnitText(order.army, names, describe)} -> ${names.name(order.to)}.`;
    case 'retreat':
      return `${unitText(order.unit, names)} -> ${locationText(order.to, names)}.`;
    case 'disband':
      return `${unitText(order.unit, names)} DISBAND.`;
    case 'build':
      return `Build ${unitText(order.unit, names)}.`;
    case 'remove':
      return `Remove ${unitText(order.unit, names)}.`;
    case 'waive':
      return 'Waive build.';
    case 'adjust':
      return `${unitText(order.unit, names)}.`;
  }
}

/** A location as the echo writes it: "St Petersburg (south coast)", "Paris". */
export function formatLocation(location: LocationId, map: GameMap): string {
  return locationText(location, mapNames(map));
}

/** "Fleet St Petersburg (south coast)", or just the place when the type is unknown. */
function unitText(unit: UnitRef, names: MapNames): string {
  const place = locationText(unit.location, names);
  return unit.type === null ? place : `${UNIT_WORDS[unit.type]} ${place}`;
}

function foreignUnitText(unit: UnitRef, names: MapNames, describe: OrderDescriber | undefined): string {
  const adjective = describe?.adjective?.(unit.location) ?? null;
  const text = unitText(unit, names);
  return adjective ? `${adjective} ${text}` : text;
}

function locationText(location: LocationId, names: MapNames): string {
  const coast = coastOf(location);
  const name = names.name(provinceOf(location));
  return coast === null ? name : `${name} (${COAST_NAMES[coast]} coast)`;
}
