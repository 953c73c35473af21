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

/**
 * The echo's words for every location of one map, made once: "St Petersburg (south coast)",
 * "Army Paris", "Fleet St Petersburg (south coast)". A batch echoes thousands of orders on one map,
 * and looking a whole phrase up costs less than cutting the location id and joining its words each time.
 */
interface EchoWords {
  readonly names: MapNames;
  readonly place: ReadonlyMap<LocationId, string>;
  readonly army: ReadonlyMap<LocationId, string>;
  readonly fleet: ReadonlyMap<LocationId, string>;
}

const echoWordsByMap = new WeakMap<GameMap, EchoWords>();
// The map of the previous call: comparing references is cheaper than asking the WeakMap each time.
let lastMap: GameMap | null = null;
let lastWords: EchoWords | null = null;

function echoWordsOf(map: GameMap): EchoWords {
  if (map === lastMap && lastWords !== null) return lastWords;
  let words = echoWordsByMap.get(map);
  if (words === undefined) {
    const names = mapNames(map);
    const place = new Map<LocationId, string>();
    const army = new Map<LocationId, string>();
    const fleet = new Map<LocationId, string>();
    for (const location of map.locations) {
      const text = composedLocationText(location, names);
      place.set(location, text);
      army.set(location, `${UNIT_WORDS.A} ${text}`);
      fleet.set(location, `${UNIT_WORDS.F} ${text}`);
    }
    words = { names, place, army, fleet };
    echoWordsByMap.set(map, words);
  }
  lastMap = map;
  lastWords = words;
  return words;
}

export function formatOrder(order: Order, map: GameMap, describe?: OrderDescriber): string {
  const words = echoWordsOf(map);
  switch (order.kind) {
    case 'hold':
      return `${unitText(order.unit, words)} HOLD.`;
    case 'move': {
      const unit = unitText(order.unit, words);
      const to = locationText(order.to, words);
      if (order.route.length > 0) {
        const route = order.route.map((province) => words.names.name(province)).join(' -> ');
        return `${unit} -> ${route} -> ${to}.`;
      }
      return order.viaConvoy ? `${unit} -> ${to} by convoy.` : `${unit} -> ${to}.`;
    }
    case 'support': {
      const supported = foreignUnitText(order.supported, words, describe);
      const to = order.to === null ? '' : ` -> ${locationText(order.to, words)}`;
      return `${unitText(order.unit, words)} SUPPORT ${supported}${to}.`;
    }
    case 'convoy':
      return `${unitText(order.unit, words)} CONVOY ${foreignUnitText(order.army, words, describe)} -> ${words.names.name(order.to)}.`;
    case 'retreat':
      return `${unitText(order.unit, words)} -> ${locationText(order.to, words)}.`;
    case 'disband':
      return `${unitText(order.unit, words)} DISBAND.`;
    case 'build':
      return `Build ${unitText(order.unit, words)}.`;
    case 'remove':
      return `Remove ${unitText(order.unit, words)}.`;
    case 'waive':
      return 'Waive build.';
    case 'adjust':
      return `${unitText(order.unit, words)}.`;
  }
}

/** A location as the echo writes it: "St Petersburg (south coast)", "Paris". */
export function formatLocation(location: LocationId, map: GameMap): string {
  return locationText(location, echoWordsOf(map));
}

/** "Fleet St Petersburg (south coast)", or just the place when the type is unknown. */
function unitText(unit: UnitRef, words: EchoWords): string {
  const known = (unit.type === null ? words.place : unit.type === 'A' ? words.army : words.fleet).get(unit.location);
  if (known !== undefined) return known;
  const place = composedLocationText(unit.location, words.names);
  return unit.type === null ? place : `${UNIT_WORDS[unit.type]} ${place}`;
}

function foreignUnitText(unit: UnitRef, words: EchoWords, describe: OrderDescriber | undefined): string {
  const adjective = describe?.adjective?.(unit.location) ?? null;
  const text = unitText(unit, words);
  return adjective ? `${adjective} ${text}` : text;
}

function locationText(location: LocationId, words: EchoWords): string {
  return words.place.get(location) ?? composedLocationText(location, words.names);
}

/** A location's words from its province's name and its coast's, for a location the map does not list. */
function composedLocationText(location: LocationId, names: MapNames): string {
  const coast = coastOf(location);
  const name = names.name(provinceOf(location));
  return coast === null ? name : `${name} (${COAST_NAMES[coast]} coast)`;
}
