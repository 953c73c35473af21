import { Board, NO_NOTES, refOf } from '../board.ts';
import { convoyChainOver } from '../convoy-geometry.ts';
import { Int32Slot, Uint8Slot } from '../scratch.ts';
import { provinceOf } from '../map.ts';
import type { OrderReason, OrderResult, SubmittedOrder } from '../results.ts';
import { MARKERS, type DislodgedUnit, type LocationId, type Marker, type Outcome, type Unit } from '../types.ts';
import type { Variant } from '../variant.ts';
import type { BorderKind, SupportCut } from '../map-schema.ts';
import { ADJACENT, bindMovementOrders, rejected, unbind, VIA_CONVOY, type BoundOrders } from './bind-orders.ts';
import {
  CONVOY,
  CUTS_ALWAYS,
  CUTS_NEVER,
  CUTS_WHEN_SUPPORTED,
  FULL,
  MOVE,
  SUPPORT,
  resolveMovement,
  type Resolution,
  type ResolverOrders,
} from './resolver.ts';

export interface MovementOutcome {
  readonly results: OrderResult[];
  /** Units after the moves, without the dislodged ones. */
  readonly units: Unit[];
  readonly dislodged: DislodgedUnit[];
}

export interface PreparedMovement {
  readonly board: Board;
  readonly bound: BoundOrders;
  readonly resolverOrders: ResolverOrders;
  /** Orders rejected while binding. */
  readonly rejected: readonly OrderResult[];
}

/** Binds the orders to units and lays them out for the resolver. The board's and the resolver's arrays last until the next adjudication. */
export function prepareMovement(variant: Variant, units: readonly Unit[], orders: readonly SubmittedOrder[]): PreparedMovement {
  const board = new Board(variant, units);
  const bound = bindMovementOrders(board, orders);
  // DATC 4.E.1 / 6.D.32: a move that needs a convoy is illegal when no fleets stand where a
  // convoy could run; the army then holds (and may receive support to hold).
  for (let i = 0; i < units.length; i++) {
    if (bound.kind[i] !== MOVE || (bound.moveFlags[i]! & ADJACENT) !== 0 || units[i]!.type !== 'A') continue;
    if (convoyFleetsPresent(board, i, bound.targetProvince[i]!)) continue;
    const input = bound.input[i]!;
    bound.rejected.push(
      rejected(orders[input]!, input, {
        code: 'no-convoy-fleets',
        from: provinceOf(units[i]!.location),
        to: variant.map.provinces[bound.targetProvince[i]!]!.id,
      }),
    );
    unbind(bound, i);
  }
  return { board, bound, resolverOrders: toResolverOrders(bound), rejected: bound.rejected };
}

/** Adjudicates a movement phase: binds the orders, resolves them and computes where dislodged units may retreat. */
export function adjudicateMovement(variant: Variant, units: readonly Unit[], orders: readonly SubmittedOrder[]): MovementOutcome {
  const prepared = prepareMovement(variant, units, orders);
  const resolution = resolveMovement(prepared.resolverOrders);
  const next = nextState(prepared, resolution);
  const results = unitResults(prepared, resolution);
  const rejectedResults = prepared.rejected;
  return { results: rejectedResults.length === 0 ? results : rejectedResults.concat(results), units: next.units, dislodged: next.dislodged };
}

/** Whether fleets stand on every sea of some convoy route, whatever their orders (DATC 6.D.8 and 6.D.32). */
function convoyFleetsPresent(board: Board, army: number, target: number): boolean {
  const fleetAt = (sea: number) => {
    const unit = board.unitAt[sea]!;
    return unit >= 0 && board.units[unit]!.type === 'F';
  };
  return convoyChainOver(board.variant.map, board.provinceIndex[army]!, target, fleetAt);
}

// Scratch arrays (see scratch.ts).
const RESOLVER_DST = new Int32Slot();
const ON_ROUTE = new Uint8Slot();
const CLOSED = new Uint8Slot();
const MOVE_STRENGTH = new Uint8Slot();
const CUTS = new Uint8Slot();

const CUTS_BY_RULE: Record<SupportCut, number> = { always: CUTS_ALWAYS, 'when-supported': CUTS_WHEN_SUPPORTED, never: CUTS_NEVER };

/** A unit's own strength across a border, in the resolver's halves. */
function strengthAcross(kind: BorderKind | null): number {
  return kind === null ? FULL : kind.moveStrength * FULL;
}

/** The resolver's arrays: the bound orders' own, with what the resolver decides before resolving. */
function toResolverOrders(bound: BoundOrders): ResolverOrders {
  const board = bound.board;
  const n = board.units.length;
  const { kind, other: aux, targetCoast: dstCoast } = bound;
  // The support's target may be set aside below; the bound orders keep theirs.
  const dst = RESOLVER_DST.takeAsItIs(n);
  for (let i = 0; i < n; i++) dst[i] = bound.targetProvince[i]!;
  const convoyed = bound.convoyed;
  const power = board.powerIndex;
  // DATC 4.A.3 (v3 preference): an army that could walk goes by convoy only when the player
  // wrote "via convoy" or one of its own fleets is legally ordered to convoy it; no fallback.
  for (let f = 0; f < n; f++) {
    if (kind[f] !== CONVOY) continue;
    const army = aux[f]!;
    if (kind[army] === MOVE && dst[f] === dst[army] && power[f] === power[army]) convoyed[army] = 1;
  }
  for (let i = 0; i < n; i++) {
    if (kind[i] === MOVE && board.units[i]!.type === 'A' && (bound.moveFlags[i]! & (VIA_CONVOY | ADJACENT)) !== ADJACENT) convoyed[i] = 1;
  }
  // A support naming a coast only matches a move to that coast (DATC 4.B.4).
  for (let i = 0; i < n; i++) {
    if (kind[i] === SUPPORT && dst[i]! >= 0 && dstCoast[i] !== 0 && dstCoast[aux[i]!] !== dstCoast[i]) dst[i] = -2;
  }
  const { moveStrength, cuts } = borderRules(bound, convoyed);
  return { count: n, kind, src: board.provinceIndex, dst, aux, power, convoyed, moveStrength, cuts, unitAt: board.unitAt, seaLink: board.variant.map.seaLink };
}

/**
 * What the border a move crosses makes of it (map-schema.ts's border kinds): its own strength and when it
 * cuts support. A convoyed army crosses the border from the last sea to its target, as in DPjudge: it is
 * weakened only when every fleet ordered to convoy it that borders the target does so across a weaker
 * border; it cuts support as any convoyed army does.
 */
function borderRules(bound: BoundOrders, convoyed: Uint8Array): { moveStrength: Uint8Array; cuts: Uint8Array } {
  const board = bound.board;
  const map = board.variant.map;
  const n = board.units.length;
  const moveStrength = MOVE_STRENGTH.takeAsItIs(n);
  const cuts = CUTS.takeAsItIs(n);
  const src = board.provinceIndex;
  moveStrength.fill(FULL, 0, n);
  cuts.fill(CUTS_ALWAYS, 0, n);
  if (!map.hasSpecialBorders) return { moveStrength, cuts };
  for (let i = 0; i < n; i++) {
    if (bound.kind[i] !== MOVE) continue;
    const to = bound.targetProvince[i]!;
    if (convoyed[i] === 0) {
      const kind = map.borderKindByIndex(src[i]!, to);
      moveStrength[i] = strengthAcross(kind);
      if (kind !== null) cuts[i] = CUTS_BY_RULE[kind.cutsSupport];
      continue;
    }
    let strongest = -1;
    for (let f = 0; f < n; f++) {
      if (bound.kind[f] === CONVOY && bound.other[f] === i && bound.targetProvince[f] === to && map.seaLink(src[f]!, to)) {
        strongest = Math.max(strongest, strengthAcross(map.borderKindByIndex(src[f]!, to)));
      }
    }
    if (strongest >= 0) moveStrength[i] = strongest;
  }
  return { moveStrength, cuts };
}

// The reasons without data, made once: results are made for every unit of every adjudication.
const BOUNCED: OrderReason = { code: 'bounced' };
const CONVOY_DISRUPTED: OrderReason = { code: 'convoy-disrupted' };
const NOT_CONVOYED: OrderReason = { code: 'not-convoyed' };
const SUPPORT_NOT_MATCHED: OrderReason = { code: 'support-not-matched' };
const SUPPORTER_DISLODGED: OrderReason = { code: 'supporter-dislodged' };
const SUPPORT_CUT: OrderReason = { code: 'support-cut' };
const CONVOY_NOT_MATCHED: OrderReason = { code: 'convoy-not-matched' };
const CONVOYING_FLEET_DISLODGED: OrderReason = { code: 'convoying-fleet-dislodged' };
const CARRIED_BY_OTHER_FLEETS: OrderReason = { code: 'carried-by-other-fleets' };
const DISLODGED_REASON: OrderReason = { code: 'dislodged' };

function unitResults(prepared: PreparedMovement, r: Resolution): OrderResult[] {
  const { board, resolverOrders: o } = prepared;
  const { input: inputs, order: orders, notes } = prepared.bound;
  const results: OrderResult[] = new Array(o.count);
  for (let i = 0; i < o.count; i++) {
    const unit = board.units[i]!;
    const input = inputs[i]!;
    const dislodged = r.dislodgedBy[i]! >= 0;
    let marker: Marker | null = null;
    let outcome: Outcome = r.succeeds[i] === 1 ? 'succeeds' : 'fails';
    let reason: OrderReason | null = null;
    switch (o.kind[i]) {
      case MOVE:
        if (r.succeeds[i] === 0) {
          if (o.convoyed[i] === 1 && r.pathOk[i] === 0) {
            let anyConvoy = false;
            for (let f = 0; f < o.count; f++) if (o.kind[f] === CONVOY && o.aux[f] === i && r.supportMatches[f] === 1) anyConvoy = true;
            marker = anyConvoy ? 'disrupted' : 'no convoy';
            reason = anyConvoy ? CONVOY_DISRUPTED : NOT_CONVOYED;
          } else {
            marker = 'bounce';
            reason = BOUNCED;
          }
        }
        break;
      case SUPPORT:
        if (r.supportMatches[i] === 0) {
          outcome = 'fails';
          marker = 'void';
          reason = SUPPORT_NOT_MATCHED;
        } else if (r.succeeds[i] === 0) {
          marker = 'cut';
          reason = dislodged ? SUPPORTER_DISLODGED : SUPPORT_CUT;
        }
        break;
      case CONVOY: {
        const army = o.aux[i]!;
        if (r.supportMatches[i] === 0) {
          outcome = 'fails';
          marker = 'void';
          reason = CONVOY_NOT_MATCHED;
        } else if (r.succeeds[i] === 0 || r.pathOk[army] === 0) {
          outcome = 'fails';
          reason = r.succeeds[i] === 0 ? CONVOYING_FLEET_DISLODGED : CONVOY_DISRUPTED;
          if (r.succeeds[i] === 1) marker = 'disrupted';
        } else if (!onUsedRoute(o, r, army, i)) {
          outcome = 'fails';
          reason = CARRIED_BY_OTHER_FLEETS;
        }
        break;
      }
      default:
        if (dislodged) reason = DISLODGED_REASON;
    }
    const markers: readonly Marker[] = marker === null ? (dislodged ? DISLODGED : NO_NOTES) : dislodged ? MARKED_DISLODGED[marker] : MARKED[marker];
    results[i] = {
      power: unit.power,
      unit: unit.location,
      order: input >= 0 ? orders[i]! : { kind: 'hold', unit: refOf(unit) },
      input: input >= 0 ? input : null,
      outcome,
      reason,
      markers,
      notes: input >= 0 ? notes[i]! : NO_NOTES,
    };
  }
  return results;
}

// Results share their marker lists, as they share NO_NOTES: nothing changes a result's lists once it is made.
const DISLODGED: readonly Marker[] = Object.freeze(['dislodged']);
const MARKED = Object.fromEntries(MARKERS.map((marker) => [marker, Object.freeze([marker])])) as Record<Marker, readonly Marker[]>;
const MARKED_DISLODGED = Object.fromEntries(MARKERS.map((marker) => [marker, Object.freeze([marker, 'dislodged'])])) as Record<Marker, readonly Marker[]>;

/** Whether the fleet lies on a chain of surviving convoying fleets linking the army to its target. */
function onUsedRoute(o: ResolverOrders, r: Resolution, army: number, fleet: number): boolean {
  const alive: number[] = [];
  for (let f = 0; f < o.count; f++) if (o.kind[f] === CONVOY && o.aux[f] === army && r.supportMatches[f] === 1 && r.succeeds[f] === 1) alive.push(f);
  return reaches(o, alive, o.src[army]!, fleet) && reaches(o, alive, o.dst[army]!, fleet);
}

/** Whether a chain of the fleets `alive` links the province `start` to the fleet. */
function reaches(o: ResolverOrders, alive: readonly number[], start: number, fleet: number): boolean {
  const seen = ON_ROUTE.take(o.count);
  const queue: number[] = [];
  for (const f of alive) {
    if (!o.seaLink(o.src[f]!, start)) continue;
    seen[f] = 1;
    queue.push(f);
  }
  while (queue.length > 0) {
    const f = queue.pop()!;
    for (const g of alive) {
      if (seen[g] !== 0 || !o.seaLink(o.src[f]!, o.src[g]!)) continue;
      seen[g] = 1;
      queue.push(g);
    }
  }
  return seen[fleet] === 1;
}

function nextState(prepared: PreparedMovement, r: Resolution): Omit<MovementOutcome, 'results'> {
  const { board, resolverOrders: o } = prepared;
  const targetLocation = prepared.bound.targetLocation;
  const map = board.variant.map;
  const n = o.count;
  const { dislodgedBy, succeeds } = r;
  const kind = o.kind;
  let staying = 0;
  for (let i = 0; i < n; i++) if (dislodgedBy[i]! < 0) staying++;
  const units: Unit[] = new Array(staying);
  for (let i = 0, at = 0; i < n; i++) {
    if (dislodgedBy[i]! >= 0) continue;
    const unit = board.units[i]!;
    units[at++] = kind[i] === MOVE && succeeds[i] === 1 ? { power: unit.power, type: unit.type, location: map.locations[targetLocation[i]!]! } : unit;
  }
  if (staying === n) return { units, dislodged: [] };
  // Where a dislodged unit may not retreat: provinces occupied after the moves, and those left empty by a standoff.
  const closed = CLOSED.take(map.size);
  for (let i = 0; i < n; i++) {
    if (r.dislodgedBy[i]! >= 0) continue;
    closed[o.kind[i] === MOVE && r.succeeds[i] === 1 ? o.dst[i]! : o.src[i]!] = 1;
  }
  for (let i = 0; i < n; i++) {
    if (o.kind[i] !== MOVE || r.succeeds[i] === 1 || r.pathOk[i] === 0) continue;
    const other = o.unitAt[o.dst[i]!]!;
    const lostHeadToHead =
      o.convoyed[i] === 0 && other >= 0 && o.kind[other] === MOVE && o.convoyed[other] === 0 && o.dst[other] === o.src[i] && r.succeeds[other] === 1;
    if (!lostHeadToHead) closed[o.dst[i]!] = 1;
  }
  const dislodged: DislodgedUnit[] = [];
  for (let i = 0; i < n; i++) {
    const attacker = r.dislodgedBy[i]!;
    if (attacker < 0) continue;
    const unit = board.units[i]!;
    // DATC 4.A.5 (2023 rulebook): a unit dislodged by a convoyed army may retreat to where the army came from.
    const attackerFrom = o.convoyed[attacker] === 1 ? null : o.src[attacker]!;
    const at = board.locationIndex[i]!;
    const retreats: LocationId[] = [];
    if (at >= 0) {
      for (const location of map.moveLocations(unit.type, at)) {
        const province = map.locationProvince[location]!;
        if (province !== attackerFrom && closed[province] === 0) retreats.push(map.locations[location]!);
      }
    } else {
      for (const location of map.movesFrom(unit.type, unit.location)) {
        const province = map.provinceIndexOfLocation(location);
        if (province !== attackerFrom && closed[province] === 0) retreats.push(location);
      }
    }
    dislodged.push({
      power: unit.power,
      type: unit.type,
      location: unit.location,
      attackerFrom: attackerFrom === null ? null : map.provinces[attackerFrom]!.id,
      retreats,
    });
  }
  return { units, dislodged };
}
