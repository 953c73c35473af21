import { Board, refOf, unitWord } from '../board.ts';
import { convoyPossible, seaOnConvoyRoute } from '../convoy-geometry.ts';
import { coastOf, provinceOf } from '../map.ts';
import { illegal, type Checked } from '../results.ts';
import type { LocationId, Order, PowerId, UnitRef } from '../types.ts';
import { CONVOY, HOLD, MOVE, SUPPORT } from './resolver.ts';

// Checks each movement order against the position (DATC 4.E.1: an order that could
// never be valid is illegal and ignored, so the unit holds) and reduces legal ones to
// the integers the resolver works on.

export interface BoundOrder {
  readonly input: number;
  readonly unit: number;
  /** The order with unit types filled in and any inferred coast applied. */
  readonly order: Order;
  readonly notes: readonly string[];
  readonly kind: typeof HOLD | typeof MOVE | typeof SUPPORT | typeof CONVOY;
  /** MOVE, SUPPORT to move, CONVOY: the target location (with coast where one applies); null otherwise. */
  readonly target: LocationId | null;
  /** SUPPORT: the supported unit; CONVOY: the convoyed army; -1 otherwise. */
  readonly other: number;
  /** MOVE of an army that could also walk: the player asked for a convoy (`via convoy` or a route). */
  readonly viaConvoy: boolean;
  /** MOVE of an army: the target is adjacent over land. */
  readonly adjacent: boolean;
}

type Binding = Omit<BoundOrder, 'input' | 'unit' | 'notes'>;

export function bindMovementOrder(board: Board, power: PowerId, order: Order, input: number): Checked<BoundOrder> {
  if (order.kind === 'retreat' || order.kind === 'disband') return illegal('Retreats and disbands are only ordered in a retreat phase');
  if (order.kind === 'build' || order.kind === 'remove' || order.kind === 'waive' || order.kind === 'adjust') {
    return illegal('Builds and removals are only ordered in an adjustment phase');
  }
  const found = board.findOwn(power, order.unit);
  if (!found.ok) return found;
  const unit = found.value;
  const notes = typeNotes(board, unit, order.unit);
  const checked = bindKind(board, unit, order);
  if (!checked.ok) return checked;
    // Built field by field: object spread is measurably slow on this hot path.
  const v = checked.value;
  const allNotes = notes.length === 0 ? checked.notes : notes.concat(checked.notes);
  const bound: BoundOrder = { input, unit, order: v.order, notes: allNotes, kind: v.kind, target: v.target, other: v.other, viaConvoy: v.viaConvoy, adjacent: v.adjacent };
  return { ok: true, value: bound, notes: [] };
}

/** DATC 4.C.2 and 4.B.5: a wrong unit type or coast for the ordered unit is ignored, and we say so. */
function typeNotes(board: Board, index: number, ref: UnitRef): string[] {
  const unit = board.units[index]!;
  const notes: string[] = [];
  if (ref.type !== null && ref.type !== unit.type) notes.push(`the unit in ${board.name(provinceOf(unit.location))} is ${unit.type === 'A' ? 'an army' : 'a fleet'}; read as such`);
  const written = coastOf(ref.location);
  if (written !== null && unit.type === 'F' && written !== coastOf(unit.location)) notes.push(`the fleet is in ${board.name(unit.location)}; the coast written was ignored`);
  return notes;
}

function bindKind(board: Board, unit: number, order: Order & { unit: UnitRef }): Checked<Binding> {
  const self = refOf(board.units[unit]!);
  switch (order.kind) {
    case 'hold':
      return ok({ kind: HOLD, order: { kind: 'hold', unit: self }, target: null, other: -1, viaConvoy: false, adjacent: false });
    case 'move':
      return bindMove(board, unit, order);
    case 'support':
      return bindSupport(board, unit, order);
    case 'convoy':
      return bindConvoy(board, unit, order);
    default:
      return illegal('This order cannot be given in a movement phase');
  }
}

function ok<T>(value: T, notes: readonly string[] = []): Checked<T> {
  return { ok: true, value, notes };
}

function bindMove(board: Board, index: number, order: Extract<Order, { kind: 'move' }>): Checked<Binding> {
  const map = board.variant.map;
  const unit = board.units[index]!;
  const from = provinceOf(unit.location);
  const toProvince = provinceOf(order.to);
  const target = map.province(toProvince)!;
  const word = unitWord(unit.type);
  if (toProvince === from) return illegal(`The ${word} is already in ${board.name(from)}`);
  const notes: string[] = [];
  const self = refOf(unit);
  if (unit.type === 'A') {
    if (coastOf(order.to) !== null) notes.push('an army moves to a province, not a coast; the coast was ignored');
    if (target.terrain === 'sea') return illegal(`An army cannot move into ${target.name}, which is a sea`);
    if (order.route.length > 0) notes.push('the convoy route written is not needed and was not checked (DATC 4.A.6)');
    const adjacent = map.canMove('A', unit.location, toProvince);
    const viaConvoy = !adjacent || order.viaConvoy || order.route.length > 0;
    if (viaConvoy && !convoyPossible(map, from, toProvince)) {
      return illegal(adjacent ? `No convoy can take an army from ${board.name(from)} to ${target.name}` : `${board.name(from)} is not adjacent to ${target.name}`);
    }
    return ok({ kind: MOVE, order: { kind: 'move', unit: self, to: toProvince, viaConvoy: order.viaConvoy, route: order.route }, target: toProvince, other: -1, viaConvoy, adjacent }, notes);
  }
  if (order.viaConvoy || order.route.length > 0) return illegal('Only armies can be convoyed');
  if (target.terrain === 'land') return illegal(`A fleet cannot move inland to ${target.name}`);
  let to: LocationId = toProvince;
  if (target.coasts.length > 0) {
    const reachable = map.fleetTargets(unit.location, toProvince);
    if (coastOf(order.to) !== null && target.coasts.includes(coastOf(order.to)!)) {
      if (!reachable.includes(order.to)) return illegal(`The fleet in ${board.name(unit.location)} cannot reach ${board.name(order.to)}`);
      to = order.to;
    } else if (reachable.length === 1) {
      to = reachable[0]!;
      notes.push(`coast inferred: ${board.name(to)} is the only coast the fleet can reach`);
    } else if (reachable.length === 0) {
      return illegal(`A fleet in ${board.name(unit.location)} cannot move to ${target.name}`);
    } else {
      return illegal(`${target.name} needs a coast for a fleet: ${reachable.join(' or ')}`);
    }
  } else if (!map.canMove('F', unit.location, toProvince)) {
    return illegal(`A fleet in ${board.name(unit.location)} cannot move to ${target.name}`);
  }
  return ok({ kind: MOVE, order: { kind: 'move', unit: self, to, viaConvoy: false, route: [] }, target: to, other: -1, viaConvoy: false, adjacent: true }, notes);
}

function bindSupport(board: Board, index: number, order: Extract<Order, { kind: 'support' }>): Checked<Binding> {
  const map = board.variant.map;
  const unit = board.units[index]!;
  const from = provinceOf(unit.location);
  const supportedProvince = provinceOf(order.supported.location);
  const other = board.indexAt(supportedProvince);
  if (other < 0) return illegal(`There is no unit in ${board.name(supportedProvince)} to support`);
  if (other === index) return illegal('A unit cannot support itself');
  const supported = board.units[other]!;
  const self = refOf(unit);
  const word = unitWord(unit.type);
  if (order.to === null) {
    if (!map.canReachProvince(unit.type, unit.location, supportedProvince)) {
      return illegal(`The ${word} in ${board.name(from)} cannot reach ${board.name(supportedProvince)}, so it cannot support a unit there`);
    }
    if (!map.canSupportAcross(from, supportedProvince)) return illegal(`A unit in ${board.name(from)} may move to ${board.name(supportedProvince)} but cannot support into it`);
    return ok({ kind: SUPPORT, order: { kind: 'support', unit: self, supported: refOf(supported), to: null }, target: null, other, viaConvoy: false, adjacent: false });
  }
  const toProvince = provinceOf(order.to);
  if (toProvince === supportedProvince) return illegal(`The supported unit is already in ${board.name(toProvince)}`);
  if (toProvince === from) return illegal(`A unit cannot support a move into its own province`);
  if (!map.canReachProvince(unit.type, unit.location, toProvince)) {
    return illegal(`The ${word} in ${board.name(from)} cannot reach ${board.name(toProvince)}, so it cannot support a move there`);
  }
  if (!map.canSupportAcross(from, toProvince)) return illegal(`A unit in ${board.name(from)} may move to ${board.name(toProvince)} but cannot support into it`);
  const supportedCanGo =
    supported.type === 'A'
      ? // DATC 6.D.31: a convoy the supporting fleet itself would have to carry cannot be supported.
        map.canMove('A', supported.location, toProvince) || convoyPossible(map, supportedProvince, toProvince, map.province(from)!.convoys ? map.indexOf(from) : -1)
      : map.canReachProvince('F', supported.location, toProvince);
  if (!supportedCanGo) return illegal(`The ${unitWord(supported.type)} in ${board.name(supportedProvince)} cannot reach ${board.name(toProvince)}`);
  // A coast in a support only matters for a fleet going to a split province (DATC 4.B.4).
  const coast = coastOf(order.to);
  const target = supported.type === 'F' && coast !== null && map.province(toProvince)!.coasts.includes(coast) ? order.to : toProvince;
  return ok({ kind: SUPPORT, order: { kind: 'support', unit: self, supported: refOf(supported), to: target }, target, other, viaConvoy: false, adjacent: false });
}

function bindConvoy(board: Board, index: number, order: Extract<Order, { kind: 'convoy' }>): Checked<Binding> {
  const map = board.variant.map;
  const unit = board.units[index]!;
  const from = provinceOf(unit.location);
  if (unit.type !== 'F') return illegal('Only fleets can convoy');
  if (!map.province(from)!.convoys) return illegal(`A fleet in ${board.name(from)} cannot convoy: only fleets at sea or in a port can`);
  const armyProvince = provinceOf(order.army.location);
  const other = board.indexAt(armyProvince);
  if (other < 0) return illegal(`There is no unit in ${board.name(armyProvince)} to convoy`);
  const army = board.units[other]!;
  if (army.type !== 'A') return illegal('Only armies can be convoyed');
  const toProvince = provinceOf(order.to);
  if (!seaOnConvoyRoute(map, armyProvince, toProvince, map.indexOf(from))) {
    return illegal(`The fleet in ${board.name(from)} cannot be part of a convoy from ${board.name(armyProvince)} to ${board.name(toProvince)}`);
  }
  return ok({ kind: CONVOY, order: { kind: 'convoy', unit: refOf(unit), army: refOf(army), to: toProvince }, target: toProvince, other, viaConvoy: false, adjacent: false });
}
