import { type Board, NO_NOTES, refOf } from '../board.ts';
import { convoyPossibleByIndex, seaOnConvoyRouteByIndex } from '../convoy-geometry.ts';
import { coastOf, provinceOf } from '../map.ts';
import type { OrderReading, OrderReason, OrderResult, SubmittedOrder } from '../results.ts';
import { Int32Group, Uint8Group } from '../scratch.ts';
import type { LocationId, Order, ProvinceId, Unit, UnitRef } from '../types.ts';
import { CONVOY, HOLD, MOVE, SUPPORT } from './resolver.ts';

// Checks each movement order against the position (DATC 4.E.1: an order that could never be
// valid is illegal and ignored, so the unit holds) and reduces legal ones to the integers the
// resolver works on. This runs for every order of every adjudication, so it works on numbers:
// each place an order names becomes a location index once (GameMap.locationIndexOf), every
// question to the map after that is a table lookup, and a legal order is written into arrays
// indexed by unit, not into an object of its own. Objects are made only for what is returned:
// the reasons of illegal orders and the canonical order where the player's is not already it.

/** MOVE of an army that could also walk: the player asked for a convoy (`via convoy` or a route). */
export const VIA_CONVOY = 1;
/** MOVE of an army: the target is adjacent over land. */
export const ADJACENT = 2;

/** The legal orders by unit, as the resolver and the results read them. The typed arrays last until the next adjudication. */
export interface BoundOrders {
  readonly board: Board;
  /** Per unit: the index into the submitted orders of the order it follows, -1 when it has none (it holds). */
  readonly input: Int32Array;
  /** Per unit: HOLD, MOVE, SUPPORT or CONVOY (HOLD also for a unit without an order). */
  readonly kind: Uint8Array;
  /** Per unit: the order with unit types filled in and any inferred coast applied; undefined without one. */
  readonly order: (Order | undefined)[];
  /** Per unit: notes on how the order was read; undefined without an order. */
  readonly notes: (readonly OrderReading[] | undefined)[];
  /** MOVE, SUPPORT to move, CONVOY: the target's province index; -1 otherwise. */
  readonly targetProvince: Int32Array;
  /** MOVE: the target's location index (with the coast where one applies); -1 otherwise. */
  readonly targetLocation: Int32Array;
  /** The target's coast code (GameMap.locationCoast): 0 when it names none. */
  readonly targetCoast: Uint8Array;
  /** SUPPORT: the supported unit; CONVOY: the convoyed army; -1 otherwise. */
  readonly other: Int32Array;
  /** MOVE: VIA_CONVOY and ADJACENT bits. */
  readonly moveFlags: Uint8Array;
  /** MOVE: 1 when the move goes by convoy, as the resolver reads it; set once all orders are bound. */
  readonly convoyed: Uint8Array;
  /** Orders rejected while binding, in the order they were found illegal or replaced. */
  readonly rejected: OrderResult[];
}

/** Binds each order to its unit; a later legal order for a unit replaces an earlier one. */
export function bindMovementOrders(board: Board, orders: readonly SubmittedOrder[]): BoundOrders {
  const n = board.units.length;
  const ints = BOUND_INTS.take(n);
  const bytes = BOUND_BYTES.take(n);
  const bound: BoundOrders = {
    board,
    input: ints[0]!,
    kind: bytes[0]!,
    order: scratchList(orderSlot, n),
    notes: scratchList(notesSlot, n),
    targetProvince: ints[1]!,
    targetLocation: ints[2]!,
    targetCoast: bytes[1]!,
    other: ints[3]!,
    moveFlags: bytes[2]!,
    convoyed: bytes[3]!,
    rejected: [],
  };
  const binder = new Binder(board, orders, bound);
  for (let input = 0; input < orders.length; input++) {
    const submitted = orders[input]!;
    const reason = binder.bind(submitted, input);
    if (reason !== null) bound.rejected.push(rejected(submitted, input, reason));
  }
  return bound;
}

// The per-unit arrays are reused from one adjudication to the next (see scratch.ts).
const BOUND_INTS = new Int32Group(4, -1);
const BOUND_BYTES = new Uint8Group(4);
const orderSlot: (Order | undefined)[] = [];
const notesSlot: (readonly OrderReading[] | undefined)[] = [];

/** The list emptied for `length` units. */
function scratchList<T>(list: (T | undefined)[], length: number): (T | undefined)[] {
  for (let i = 0; i < list.length; i++) list[i] = undefined;
  for (let i = list.length; i < length; i++) list.push(undefined);
  return list;
}

/** Forgets the unit's order: it holds by default. */
export function unbind(bound: BoundOrders, unit: number): void {
  bound.input[unit] = -1;
  bound.kind[unit] = HOLD;
  bound.order[unit] = undefined;
  bound.notes[unit] = undefined;
  bound.targetProvince[unit] = -1;
  bound.targetLocation[unit] = -1;
  bound.targetCoast[unit] = 0;
  bound.other[unit] = -1;
  bound.moveFlags[unit] = 0;
  bound.convoyed[unit] = 0;
}

export function rejected(submitted: SubmittedOrder, input: number, reason: OrderReason): OrderResult {
  const order = submitted.order;
  return {
    power: submitted.power,
    unit: 'unit' in order ? order.unit.location : null,
    order: null,
    input,
    outcome: 'illegal',
    reason,
    markers: NO_NOTES,
    notes: NO_NOTES,
  };
}

// The reasons without data, made once.
const RETREAT_OUTSIDE_RETREAT_PHASE: OrderReason = { code: 'retreat-outside-retreat-phase' };
const ADJUSTMENT_OUTSIDE_ADJUSTMENT_PHASE: OrderReason = { code: 'adjustment-outside-adjustment-phase' };
const REPLACED: OrderReason = { code: 'replaced' };
const ONLY_ARMIES_CONVOYED: OrderReason = { code: 'only-armies-convoyed' };
const ONLY_FLEETS_CONVOY: OrderReason = { code: 'only-fleets-convoy' };
const SUPPORT_SELF: OrderReason = { code: 'support-self' };
const SUPPORT_INTO_OWN_PROVINCE: OrderReason = { code: 'support-into-own-province' };

/** Notes gathered while binding one order; null until the first. */
type Notes = OrderReading[] | null;

function noted(notes: Notes, note: OrderReading): OrderReading[] {
  if (notes === null) return [note];
  notes.push(note);
  return notes;
}

/** Whether the player's reference is the unit's canonical one, so it can stand in the canonical order. */
function sameRef(ref: UnitRef, unit: Unit): boolean {
  return ref.type === unit.type && ref.location === unit.location;
}

/** The unit's canonical reference: the player's own when it is already that. */
function canonicalRef(ref: UnitRef, unit: Unit): UnitRef {
  return sameRef(ref, unit) ? ref : refOf(unit);
}

/** A place an order names, as numbers: its location and province index, and whether it names a coast. */
interface Place {
  location: number;
  province: number;
  hasCoast: boolean;
}

class Binder {
  private readonly map;
  private readonly place: Place = { location: -1, province: -1, hasCoast: false };

  constructor(
    private readonly board: Board,
    private readonly orders: readonly SubmittedOrder[],
    private readonly out: BoundOrders,
  ) {
    this.map = board.variant.map;
  }

  /** Binds one order; the reason it is illegal, or null when it was bound. */
  bind(submitted: SubmittedOrder, input: number): OrderReason | null {
    const { order, power } = submitted;
    if (order.kind === 'retreat' || order.kind === 'disband') return RETREAT_OUTSIDE_RETREAT_PHASE;
    if (order.kind === 'build' || order.kind === 'remove' || order.kind === 'waive' || order.kind === 'adjust') return ADJUSTMENT_OUTSIDE_ADJUSTMENT_PHASE;
    const board = this.board;
    const unit = this.unitAt(order.unit.location);
    if (unit < 0 || board.units[unit]!.power !== power) {
      const found = board.findOwn(power, order.unit);
      return found.ok ? { code: 'unit-not-found' } : found.reason;
    }
    const notes = this.typeNotes(unit, order.unit);
    switch (order.kind) {
      case 'hold': {
        const self = board.units[unit]!;
        return this.commit(unit, input, sameRef(order.unit, self) ? order : { kind: 'hold', unit: refOf(self) }, notes, HOLD, -1, -1, 0, -1, 0);
      }
      case 'move':
        return this.move(unit, order, input, notes);
      case 'support':
        return this.support(unit, order, input, notes);
      case 'convoy':
        return this.convoy(unit, order, input, notes);
    }
  }

  private commit(
    unit: number,
    input: number,
    order: Order,
    notes: Notes,
    kind: number,
    targetProvince: number,
    targetLocation: number,
    targetCoast: number,
    other: number,
    moveFlags: number,
  ): null {
    const out = this.out;
    const previous = out.input[unit]!;
    if (previous >= 0) out.rejected.push(rejected(this.orders[previous]!, previous, REPLACED));
    out.input[unit] = input;
    out.kind[unit] = kind;
    out.order[unit] = order;
    out.notes[unit] = notes ?? NO_NOTES;
    out.targetProvince[unit] = targetProvince;
    out.targetLocation[unit] = targetLocation;
    out.targetCoast[unit] = targetCoast;
    out.other[unit] = other;
    out.moveFlags[unit] = moveFlags;
    return null;
  }

  /** The unit in the province of a location (`stp/nc` finds the unit in stp), or -1. */
  private unitAt(location: LocationId): number {
    const at = this.map.locationIndexOf(location);
    return at >= 0 ? this.board.unitAt[this.map.locationProvince[at]!]! : this.board.indexAtLocation(location);
  }

  /** Reads a place an order names into `this.place`; false when its province is not on the map. */
  private read(location: LocationId): boolean {
    const map = this.map;
    const place = this.place;
    const at = map.locationIndexOf(location);
    if (at >= 0) {
      place.location = at;
      place.province = map.locationProvince[at]!;
      place.hasCoast = map.locationCoast[at] !== 0;
      return true;
    }
    // A province with a coast it does not have: the province is meant, the coast is not one.
    const province = map.province(provinceOf(location));
    place.location = -1;
    place.province = province?.index ?? -1;
    place.hasCoast = true;
    return province !== undefined;
  }

  /** The id of the province of this index, as the map spells it. */
  private provinceId(province: number): ProvinceId {
    return this.map.provinces[province]!.id;
  }

  /** DATC 4.C.2 and 4.B.5: a wrong unit type or coast for the ordered unit is ignored, and we say so. */
  private typeNotes(index: number, ref: UnitRef): Notes {
    const board = this.board;
    const unit = board.units[index]!;
    if (sameRef(ref, unit)) return null;
    let notes: Notes = null;
    if (ref.type !== null && ref.type !== unit.type) notes = noted(notes, { kind: 'unit-type-read', province: provinceOf(unit.location), unitType: unit.type });
    const written = coastOf(ref.location);
    if (written !== null && unit.type === 'F' && written !== coastOf(unit.location))
      notes = noted(notes, { kind: 'fleet-coast-ignored', location: unit.location });
    return notes;
  }

  private move(index: number, order: Extract<Order, { kind: 'move' }>, input: number, notes: Notes): OrderReason | null {
    const { board, map, place } = this;
    const unit = board.units[index]!;
    const fromIndex = board.provinceIndex[index]!;
    if (!this.read(order.to)) throw new TypeError(`no province ${provinceOf(order.to)} on the map`);
    const targetIndex = place.province;
    const target = map.provinces[targetIndex]!;
    if (targetIndex === fromIndex) return { code: 'already-there', unitType: unit.type, province: target.id };
    const self = canonicalRef(order.unit, unit);
    if (unit.type === 'A') {
      if (place.hasCoast) notes = noted(notes, { kind: 'army-coast-ignored', order: 'move' });
      if (target.terrain === 'sea') return { code: 'army-to-sea', province: target.id };
      if (order.route.length > 0) notes = noted(notes, { kind: 'convoy-route-unchecked' });
      const adjacent = map.armyAdjacentByIndex(fromIndex, targetIndex);
      const viaConvoy = !adjacent || order.viaConvoy || order.route.length > 0;
      if (viaConvoy && !convoyPossibleByIndex(map, fromIndex, targetIndex)) {
        const from = provinceOf(unit.location);
        return { code: adjacent ? 'no-convoy-route' : 'not-adjacent', from, to: target.id };
      }
      const canonical: Order =
        self === order.unit && !place.hasCoast ? order : { kind: 'move', unit: self, to: target.id, viaConvoy: order.viaConvoy, route: order.route };
      const flags = (viaConvoy ? VIA_CONVOY : 0) | (adjacent ? ADJACENT : 0);
      return this.commit(index, input, canonical, notes, MOVE, targetIndex, map.provinceLocation[targetIndex]!, 0, -1, flags);
    }
    if (order.viaConvoy || order.route.length > 0) return ONLY_ARMIES_CONVOYED;
    if (target.terrain === 'land') return { code: 'fleet-inland', province: target.id };
    const from = board.locationIndex[index]!;
    let to = map.provinceLocation[targetIndex]!;
    if (target.coasts.length > 0) {
      if (place.location >= 0 && place.hasCoast) {
        // A coast the province has: the fleet must reach that one.
        if (from < 0 || !map.fleetMovesByLocation(from, place.location)) return { code: 'fleet-cannot-reach', from: unit.location, to: order.to };
        to = place.location;
      } else {
        // The province's own location and its coasts, which follow it.
        let reachable = -1;
        let count = 0;
        for (let location = to; location <= to + target.coasts.length; location++) {
          if (from >= 0 && map.fleetMovesByLocation(from, location)) {
            reachable = location;
            count++;
          }
        }
        if (count === 0) return { code: 'fleet-cannot-move', from: unit.location, to: target.id };
        if (count > 1) return { code: 'coast-needed', province: target.id, options: map.fleetTargets(unit.location, target.id) };
        to = reachable;
        notes = noted(notes, { kind: 'coast-inferred', location: map.locations[to]! });
      }
    } else if (from < 0 || !map.fleetMovesByLocation(from, to)) {
      return { code: 'fleet-cannot-move', from: unit.location, to: target.id };
    }
    const location = map.locations[to]!;
    const canonical: Order = self === order.unit && to === place.location ? order : { kind: 'move', unit: self, to: location, viaConvoy: false, route: [] };
    return this.commit(index, input, canonical, notes, MOVE, targetIndex, to, map.locationCoast[to]!, -1, ADJACENT);
  }

  private support(index: number, order: Extract<Order, { kind: 'support' }>, input: number, notes: Notes): OrderReason | null {
    const { board, map, place } = this;
    const unit = board.units[index]!;
    const fromIndex = board.provinceIndex[index]!;
    const other = this.unitAt(order.supported.location);
    if (other < 0) return { code: 'no-unit-to-support', province: provinceOf(order.supported.location) };
    if (other === index) return SUPPORT_SELF;
    const supported = board.units[other]!;
    const supportedIndex = board.provinceIndex[other]!;
    const self = canonicalRef(order.unit, unit);
    const supportedRef = canonicalRef(order.supported, supported);
    const from = this.provinceId(fromIndex);
    if (order.to === null) {
      if (!this.reaches(index, supportedIndex)) return { code: 'cannot-reach-to-support-hold', unitType: unit.type, from, to: this.provinceId(supportedIndex) };
      if (!map.canSupportAcrossByIndex(fromIndex, supportedIndex)) return { code: 'cannot-support-across', from, to: this.provinceId(supportedIndex) };
      const canonical: Order =
        self === order.unit && supportedRef === order.supported ? order : { kind: 'support', unit: self, supported: supportedRef, to: null };
      return this.commit(index, input, canonical, notes, SUPPORT, -1, -1, 0, other, 0);
    }
    if (!this.read(order.to)) return { code: 'cannot-reach-to-support-move', unitType: unit.type, from, to: provinceOf(order.to) };
    const toIndex = place.province;
    const toProvince = this.provinceId(toIndex);
    if (toIndex === supportedIndex) return { code: 'supported-already-there', province: toProvince };
    if (toIndex === fromIndex) return SUPPORT_INTO_OWN_PROVINCE;
    if (!this.reaches(index, toIndex)) return { code: 'cannot-reach-to-support-move', unitType: unit.type, from, to: toProvince };
    if (!map.canSupportAcrossByIndex(fromIndex, toIndex)) return { code: 'cannot-support-across', from, to: toProvince };
    const supportedCanGo =
      supported.type === 'A'
        ? // DATC 6.D.31: a convoy the supporting fleet itself would have to carry cannot be supported.
          map.armyAdjacentByIndex(supportedIndex, toIndex) ||
          convoyPossibleByIndex(map, supportedIndex, toIndex, map.provinces[fromIndex]!.convoys ? fromIndex : -1)
        : this.reaches(other, toIndex);
    if (!supportedCanGo) return { code: 'supported-cannot-reach', unitType: supported.type, from: this.provinceId(supportedIndex), to: toProvince };
    // A coast in a support only matters for a fleet going to a split province (DATC 4.B.4).
    const coast = place.location >= 0 ? map.locationCoast[place.location]! : 0;
    const keepsCoast = supported.type === 'F' && coast > 0;
    // The target as written when it is a province or a coast kept; the province when a coast is dropped.
    const asWritten = place.location >= 0 && (!place.hasCoast || keepsCoast);
    const canonical: Order =
      self === order.unit && supportedRef === order.supported && asWritten
        ? order
        : { kind: 'support', unit: self, supported: supportedRef, to: keepsCoast ? order.to : toProvince };
    return this.commit(index, input, canonical, notes, SUPPORT, toIndex, -1, keepsCoast ? coast : 0, other, 0);
  }

  /** Whether the unit could move into the province at all, whatever the coast: the test for support. */
  private reaches(unit: number, toIndex: number): boolean {
    const { board, map } = this;
    if (board.units[unit]!.type === 'A') return map.armyAdjacentByIndex(board.provinceIndex[unit]!, toIndex);
    const from = board.locationIndex[unit]!;
    return from >= 0 && map.fleetReachesProvince(from, toIndex);
  }

  private convoy(index: number, order: Extract<Order, { kind: 'convoy' }>, input: number, notes: Notes): OrderReason | null {
    const { board, map, place } = this;
    const unit = board.units[index]!;
    const fromIndex = board.provinceIndex[index]!;
    if (unit.type !== 'F') return ONLY_FLEETS_CONVOY;
    if (!map.provinces[fromIndex]!.convoys) return { code: 'fleet-cannot-convoy-here', province: this.provinceId(fromIndex) };
    const other = this.unitAt(order.army.location);
    if (other < 0) return { code: 'no-unit-to-convoy', province: provinceOf(order.army.location) };
    const army = board.units[other]!;
    if (army.type !== 'A') return ONLY_ARMIES_CONVOYED;
    if (!this.read(order.to)) throw new TypeError(`no province ${provinceOf(order.to)} on the map`);
    const toIndex = place.province;
    if (!seaOnConvoyRouteByIndex(map, board.provinceIndex[other]!, toIndex, fromIndex)) {
      return {
        code: 'not-on-convoy-route',
        fleet: this.provinceId(fromIndex),
        from: this.provinceId(board.provinceIndex[other]!),
        to: this.provinceId(toIndex),
      };
    }
    const self = canonicalRef(order.unit, unit);
    const armyRef = canonicalRef(order.army, army);
    const canonical: Order =
      self === order.unit && armyRef === order.army && place.location >= 0 && !place.hasCoast
        ? order
        : { kind: 'convoy', unit: self, army: armyRef, to: this.provinceId(toIndex) };
    return this.commit(index, input, canonical, notes, CONVOY, toIndex, -1, 0, other, 0);
  }
}
