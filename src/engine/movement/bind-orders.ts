import { Board, NO_NOTES, refOf, unitWord } from '../board.ts';
import { convoyPossibleByIndex, seaOnConvoyRouteByIndex } from '../convoy-geometry.ts';
import { coastOf, provinceOf } from '../map.ts';
import { illegal, type Checked } from '../results.ts';
import type { LocationId, Order, PowerId, ProvinceId, Unit, UnitRef } from '../types.ts';
import { CONVOY, HOLD, MOVE, SUPPORT } from './resolver.ts';

// Checks each movement order against the position (DATC 4.E.1: an order that could
// never be valid is illegal and ignored, so the unit holds) and reduces legal ones to
// the integers the resolver works on. This runs once per order of every adjudication, so
// it asks the map by index and builds one object per order: the bound order itself (the
// canonical order is the submitted one whenever the player wrote it canonically).

export interface BoundOrder {
  readonly input: number;
  readonly unit: number;
  /** The order with unit types filled in and any inferred coast applied. */
  readonly order: Order;
  readonly notes: readonly string[];
  readonly kind: typeof HOLD | typeof MOVE | typeof SUPPORT | typeof CONVOY;
  /** MOVE, SUPPORT to move, CONVOY: the target location (with coast where one applies); null otherwise. */
  readonly target: LocationId | null;
  /** The target's province index, or -1 when there is no target. */
  readonly targetProvince: number;
  /** The target's coast code (GameMap.coastCodeOfLocation): 0 when it names none. */
  readonly targetCoast: number;
  /** SUPPORT: the supported unit; CONVOY: the convoyed army; -1 otherwise. */
  readonly other: number;
  /** MOVE of an army that could also walk: the player asked for a convoy (`via convoy` or a route). */
  readonly viaConvoy: boolean;
  /** MOVE of an army: the target is adjacent over land. */
  readonly adjacent: boolean;
}

/** Notes gathered while binding one order; null until the first. */
type Notes = string[] | null;

function noted(notes: Notes, note: string): string[] {
  if (notes === null) return [note];
  notes.push(note);
  return notes;
}

function bound(
  input: number,
  unit: number,
  order: Order,
  notes: Notes,
  kind: BoundOrder['kind'],
  target: LocationId | null,
  targetProvince: number,
  targetCoast: number,
  other: number,
  viaConvoy: boolean,
  adjacent: boolean,
): Checked<BoundOrder> {
  return { ok: true, value: { input, unit, order, notes: notes ?? NO_NOTES, kind, target, targetProvince, targetCoast, other, viaConvoy, adjacent }, notes: NO_NOTES };
}

export function bindMovementOrder(board: Board, power: PowerId, order: Order, input: number): Checked<BoundOrder> {
  if (order.kind === 'retreat' || order.kind === 'disband') return illegal('Retreats and disbands are only ordered in a retreat phase');
  if (order.kind === 'build' || order.kind === 'remove' || order.kind === 'waive' || order.kind === 'adjust') {
    return illegal('Builds and removals are only ordered in an adjustment phase');
  }
  const found = board.findOwn(power, order.unit);
  if (!found.ok) return found;
  const unit = found.value;
  const notes = typeNotes(board, unit, order.unit);
  switch (order.kind) {
    case 'hold':
      return bound(input, unit, sameRef(order.unit, board.units[unit]!) ? order : { kind: 'hold', unit: refOf(board.units[unit]!) }, notes, HOLD, null, -1, 0, -1, false, false);
    case 'move':
      return bindMove(board, unit, order, input, notes);
    case 'support':
      return bindSupport(board, unit, order, input, notes);
    case 'convoy':
      return bindConvoy(board, unit, order, input, notes);
  }
}

/** Whether the player's reference is the unit's canonical one, so it can stand in the canonical order. */
function sameRef(ref: UnitRef, unit: Unit): boolean {
  return ref.type === unit.type && ref.location === unit.location;
}

/** The unit's canonical reference: the player's own when it is already that. */
function canonicalRef(ref: UnitRef, unit: Unit): UnitRef {
  return sameRef(ref, unit) ? ref : refOf(unit);
}

/** DATC 4.C.2 and 4.B.5: a wrong unit type or coast for the ordered unit is ignored, and we say so. */
function typeNotes(board: Board, index: number, ref: UnitRef): Notes {
  const unit = board.units[index]!;
  if (sameRef(ref, unit)) return null;
  let notes: Notes = null;
  if (ref.type !== null && ref.type !== unit.type) notes = noted(notes, `the unit in ${board.name(provinceOf(unit.location))} is ${unit.type === 'A' ? 'an army' : 'a fleet'}; read as such`);
  const written = coastOf(ref.location);
  if (written !== null && unit.type === 'F' && written !== coastOf(unit.location)) notes = noted(notes, `the fleet is in ${board.name(unit.location)}; the coast written was ignored`);
  return notes;
}

function bindMove(board: Board, index: number, order: Extract<Order, { kind: 'move' }>, input: number, notes: Notes): Checked<BoundOrder> {
  const map = board.variant.map;
  const unit = board.units[index]!;
  const fromIndex = board.provinceIndex[index]!;
  const toProvince = provinceOf(order.to);
  const target = map.province(toProvince)!;
  if (target.index === fromIndex) return illegal(`The ${unitWord(unit.type)} is already in ${board.name(toProvince)}`);
  const self = canonicalRef(order.unit, unit);
  if (unit.type === 'A') {
    if (toProvince !== order.to) notes = noted(notes, 'an army moves to a province, not a coast; the coast was ignored');
    if (target.terrain === 'sea') return illegal(`An army cannot move into ${target.name}, which is a sea`);
    if (order.route.length > 0) notes = noted(notes, 'the convoy route written is not needed and was not checked (DATC 4.A.6)');
    const adjacent = map.armyAdjacentByIndex(fromIndex, target.index);
    const viaConvoy = !adjacent || order.viaConvoy || order.route.length > 0;
    if (viaConvoy && !convoyPossibleByIndex(map, fromIndex, target.index)) {
      const from = provinceOf(unit.location);
      return illegal(adjacent ? `No convoy can take an army from ${board.name(from)} to ${target.name}` : `${board.name(from)} is not adjacent to ${target.name}`);
    }
    const canonical: Order = self === order.unit && toProvince === order.to ? order : { kind: 'move', unit: self, to: toProvince, viaConvoy: order.viaConvoy, route: order.route };
    return bound(input, index, canonical, notes, MOVE, toProvince, target.index, 0, -1, viaConvoy, adjacent);
  }
  if (order.viaConvoy || order.route.length > 0) return illegal('Only armies can be convoyed');
  if (target.terrain === 'land') return illegal(`A fleet cannot move inland to ${target.name}`);
  let to: LocationId = toProvince;
  if (target.coasts.length > 0) {
    const reachable = map.fleetTargets(unit.location, toProvince);
    const written = coastOf(order.to);
    if (written !== null && target.coasts.includes(written)) {
      if (!reachable.includes(order.to)) return illegal(`The fleet in ${board.name(unit.location)} cannot reach ${board.name(order.to)}`);
      to = order.to;
    } else if (reachable.length === 1) {
      to = reachable[0]!;
      notes = noted(notes, `coast inferred: ${board.name(to)} is the only coast the fleet can reach`);
    } else if (reachable.length === 0) {
      return illegal(`A fleet in ${board.name(unit.location)} cannot move to ${target.name}`);
    } else {
      return illegal(`${target.name} needs a coast for a fleet: ${reachable.join(' or ')}`);
    }
  } else if (!map.canMove('F', unit.location, toProvince)) {
    return illegal(`A fleet in ${board.name(unit.location)} cannot move to ${target.name}`);
  }
  const canonical: Order = self === order.unit && to === order.to ? order : { kind: 'move', unit: self, to, viaConvoy: false, route: [] };
  return bound(input, index, canonical, notes, MOVE, to, target.index, to === toProvince ? 0 : map.coastCodeOfLocation(to), -1, false, true);
}

function bindSupport(board: Board, index: number, order: Extract<Order, { kind: 'support' }>, input: number, notes: Notes): Checked<BoundOrder> {
  const map = board.variant.map;
  const unit = board.units[index]!;
  const from = provinceOf(unit.location);
  const fromIndex = board.provinceIndex[index]!;
  const other = board.indexAtLocation(order.supported.location);
  if (other < 0) return illegal(`There is no unit in ${board.name(provinceOf(order.supported.location))} to support`);
  if (other === index) return illegal('A unit cannot support itself');
  const supported = board.units[other]!;
  const supportedProvince = provinceOf(supported.location);
  const supportedIndex = board.provinceIndex[other]!;
  const self = canonicalRef(order.unit, unit);
  const supportedRef = canonicalRef(order.supported, supported);
  const word = unitWord(unit.type);
  if (order.to === null) {
    if (!reaches(board, index, supportedIndex, supportedProvince)) {
      return illegal(`The ${word} in ${board.name(from)} cannot reach ${board.name(supportedProvince)}, so it cannot support a unit there`);
    }
    if (!map.canSupportAcross(from, supportedProvince)) return illegal(`A unit in ${board.name(from)} may move to ${board.name(supportedProvince)} but cannot support into it`);
    const canonical: Order = self === order.unit && supportedRef === order.supported ? order : { kind: 'support', unit: self, supported: supportedRef, to: null };
    return bound(input, index, canonical, notes, SUPPORT, null, -1, 0, other, false, false);
  }
  const toProvince = provinceOf(order.to);
  const toIndex = map.province(toProvince)?.index ?? -1;
  if (toIndex < 0) return illegal(`The ${word} in ${board.name(from)} cannot reach ${board.name(toProvince)}, so it cannot support a move there`);
  if (toIndex === supportedIndex) return illegal(`The supported unit is already in ${board.name(toProvince)}`);
  if (toIndex === fromIndex) return illegal(`A unit cannot support a move into its own province`);
  if (!reaches(board, index, toIndex, toProvince)) {
    return illegal(`The ${word} in ${board.name(from)} cannot reach ${board.name(toProvince)}, so it cannot support a move there`);
  }
  if (!map.canSupportAcross(from, toProvince)) return illegal(`A unit in ${board.name(from)} may move to ${board.name(toProvince)} but cannot support into it`);
  const supportedCanGo =
    supported.type === 'A'
      ? // DATC 6.D.31: a convoy the supporting fleet itself would have to carry cannot be supported.
        map.armyAdjacentByIndex(supportedIndex, toIndex) || convoyPossibleByIndex(map, supportedIndex, toIndex, map.provinces[fromIndex]!.convoys ? fromIndex : -1)
      : reaches(board, other, toIndex, toProvince);
  if (!supportedCanGo) return illegal(`The ${unitWord(supported.type)} in ${board.name(supportedProvince)} cannot reach ${board.name(toProvince)}`);
  // A coast in a support only matters for a fleet going to a split province (DATC 4.B.4).
  const coast = toProvince === order.to ? 0 : map.coastCodeOfLocation(order.to);
  const target = supported.type === 'F' && coast > 0 ? order.to : toProvince;
  const canonical: Order = self === order.unit && supportedRef === order.supported && target === order.to ? order : { kind: 'support', unit: self, supported: supportedRef, to: target };
  return bound(input, index, canonical, notes, SUPPORT, target, toIndex, target === toProvince ? 0 : coast, other, false, false);
}

/** Whether the unit could move into the province at all, whatever the coast: the test for support. */
function reaches(board: Board, unit: number, toIndex: number, toProvince: ProvinceId): boolean {
  const map = board.variant.map;
  const moving = board.units[unit]!;
  return moving.type === 'A' ? map.armyAdjacentByIndex(board.provinceIndex[unit]!, toIndex) : map.canReachProvince('F', moving.location, toProvince);
}

function bindConvoy(board: Board, index: number, order: Extract<Order, { kind: 'convoy' }>, input: number, notes: Notes): Checked<BoundOrder> {
  const map = board.variant.map;
  const unit = board.units[index]!;
  const from = provinceOf(unit.location);
  const fromIndex = board.provinceIndex[index]!;
  if (unit.type !== 'F') return illegal('Only fleets can convoy');
  if (!map.provinces[fromIndex]!.convoys) return illegal(`A fleet in ${board.name(from)} cannot convoy: only fleets at sea or in a port can`);
  const other = board.indexAtLocation(order.army.location);
  if (other < 0) return illegal(`There is no unit in ${board.name(provinceOf(order.army.location))} to convoy`);
  const army = board.units[other]!;
  if (army.type !== 'A') return illegal('Only armies can be convoyed');
  const armyProvince = provinceOf(army.location);
  const toProvince = provinceOf(order.to);
  const toIndex = map.indexOf(toProvince);
  if (!seaOnConvoyRouteByIndex(map, board.provinceIndex[other]!, toIndex, fromIndex)) {
    return illegal(`The fleet in ${board.name(from)} cannot be part of a convoy from ${board.name(armyProvince)} to ${board.name(toProvince)}`);
  }
  const self = canonicalRef(order.unit, unit);
  const armyRef = canonicalRef(order.army, army);
  const canonical: Order = self === order.unit && armyRef === order.army && toProvince === order.to ? order : { kind: 'convoy', unit: self, army: armyRef, to: toProvince };
  return bound(input, index, canonical, notes, CONVOY, toProvince, toIndex, 0, other, false, false);
}
