import type { BuildRule } from './variant-schema.ts';
import type { LocationId, Marker, Order, Outcome, PowerId, Position, ProvinceId, UnitType } from './types.ts';

/** An order as handed to the engine: already parsed, not yet checked against the position. */
export interface SubmittedOrder {
  readonly power: PowerId;
  readonly order: Order;
}

export interface OrderResult {
  readonly power: PowerId;
  /** Location of the unit the order is for; null for waive and builds that were not placed. */
  readonly unit: LocationId | null;
  /** The order with unit types and inferred coasts filled in; null when it could not be bound to a unit. */
  readonly order: Order | null;
  /** Index into the submitted orders, or null for a civil-disorder default. */
  readonly input: number | null;
  readonly outcome: Outcome;
  /** Why the order is illegal or failed; null when it succeeded. src/render/order-reasons.ts words it. */
  readonly reason: OrderReason | null;
  readonly markers: readonly Marker[];
  /** Things the player should know about how the order was read, e.g. an inferred coast. */
  readonly notes: readonly OrderReading[];
}

/**
 * What became of an order, without why: what a map picture draws and the visibility policy sorts, the
 * same for results just adjudicated and for those read back from a processed phase (the judge's
 * StoredOrderResult, whose reason may be an older row's words).
 */
export type ResultFacts = Pick<OrderResult, 'power' | 'unit' | 'order' | 'input' | 'outcome' | 'markers'>;

/** How an order was read where that could surprise its player; src/render/order-readings.ts words it. */
export type OrderReading =
  /** The order named the other unit type (DATC 4.B.5): the unit's own is read. */
  | { readonly kind: 'unit-type-read'; readonly province: ProvinceId; readonly unitType: UnitType }
  /** A fleet's order named a coast it is not on (DATC 4.C.2): ignored. */
  | { readonly kind: 'fleet-coast-ignored'; readonly location: LocationId }
  /** An army's move, retreat or build named a coast: ignored. */
  | { readonly kind: 'army-coast-ignored'; readonly order: 'move' | 'retreat' | 'build' }
  /** A convoy route written for a move that needs none (DATC 4.A.6): not checked. */
  | { readonly kind: 'convoy-route-unchecked' }
  /** A fleet moving or retreating without a coast to the one coast it can reach. */
  | { readonly kind: 'coast-inferred'; readonly location: LocationId };

export interface PhaseOutcome {
  readonly results: readonly OrderResult[];
  /** The position at the start of the next phase that has something to do. */
  readonly position: Position;
  readonly winner: PowerId | null;
}

/** Orders the engine rejects are values, not exceptions. */
export type Checked<T> =
  | { readonly ok: true; readonly value: T; readonly notes: readonly OrderReading[] }
  | { readonly ok: false; readonly reason: OrderReason };

export function illegal(reason: OrderReason): { ok: false; reason: OrderReason } {
  return { ok: false, reason };
}

/**
 * Why an order is illegal, or why a legal one failed, as data (godip's typed errors): the engine
 * decides, src/render/order-reasons.ts words it. Places are province ids unless named a location
 * (a location may carry a coast).
 */
export type OrderReason =
  // Movement results.
  | { readonly code: 'bounced' }
  | { readonly code: 'convoy-disrupted' }
  | { readonly code: 'not-convoyed' }
  | { readonly code: 'dislodged' }
  | { readonly code: 'support-not-matched' }
  | { readonly code: 'supporter-dislodged' }
  | { readonly code: 'support-cut' }
  | { readonly code: 'convoy-not-matched' }
  | { readonly code: 'convoying-fleet-dislodged' }
  | { readonly code: 'carried-by-other-fleets' }
  /** DATC 4.E.1 / 6.D.32: no fleets stand where a convoy could run. */
  | { readonly code: 'no-convoy-fleets'; readonly from: ProvinceId; readonly to: ProvinceId }
  // Orders that do not fit the phase, and orders replaced.
  | { readonly code: 'retreat-outside-retreat-phase' }
  | { readonly code: 'adjustment-outside-adjustment-phase' }
  | { readonly code: 'retreat-phase-orders-only' }
  | { readonly code: 'adjustment-phase-orders-only' }
  | { readonly code: 'replaced' }
  /** A checked order without a reason of its own (never expected). */
  | { readonly code: 'not-given' }
  // The ordered unit.
  | { readonly code: 'unit-not-found' }
  | { readonly code: 'no-own-unit'; readonly power: PowerId; readonly province: ProvinceId; readonly dislodged: boolean }
  | { readonly code: 'unit-of-other-power'; readonly province: ProvinceId; readonly owner: PowerId; readonly power: PowerId }
  | { readonly code: 'no-unit'; readonly province: ProvinceId }
  | { readonly code: 'wrong-unit-type'; readonly location: LocationId; readonly unitType: UnitType; readonly written: UnitType }
  // Moves.
  | { readonly code: 'already-there'; readonly unitType: UnitType; readonly province: ProvinceId }
  | { readonly code: 'army-to-sea'; readonly province: ProvinceId }
  | { readonly code: 'no-convoy-route'; readonly from: ProvinceId; readonly to: ProvinceId }
  | { readonly code: 'not-adjacent'; readonly from: ProvinceId; readonly to: ProvinceId }
  | { readonly code: 'only-armies-convoyed' }
  | { readonly code: 'fleet-inland'; readonly province: ProvinceId }
  | { readonly code: 'fleet-cannot-reach'; readonly from: LocationId; readonly to: LocationId }
  | { readonly code: 'fleet-cannot-move'; readonly from: LocationId; readonly to: ProvinceId }
  /** A fleet's move, retreat or build to a province with split coasts needs one of `options`. */
  | { readonly code: 'coast-needed'; readonly province: ProvinceId; readonly options: readonly LocationId[] }
  // Supports.
  | { readonly code: 'no-unit-to-support'; readonly province: ProvinceId }
  | { readonly code: 'support-self' }
  | { readonly code: 'cannot-reach-to-support-hold'; readonly unitType: UnitType; readonly from: ProvinceId; readonly to: ProvinceId }
  | { readonly code: 'cannot-reach-to-support-move'; readonly unitType: UnitType; readonly from: ProvinceId; readonly to: ProvinceId }
  | { readonly code: 'cannot-support-across'; readonly from: ProvinceId; readonly to: ProvinceId }
  | { readonly code: 'supported-already-there'; readonly province: ProvinceId }
  | { readonly code: 'support-into-own-province' }
  | { readonly code: 'supported-cannot-reach'; readonly unitType: UnitType; readonly from: ProvinceId; readonly to: ProvinceId }
  /** A closed owner-only border (DPjudge's `BLA(CON)`). */
  | { readonly code: 'owner-only-border'; readonly centre: ProvinceId; readonly from: ProvinceId; readonly to: ProvinceId }
  // Convoys.
  | { readonly code: 'only-fleets-convoy' }
  | { readonly code: 'fleet-cannot-convoy-here'; readonly province: ProvinceId }
  | { readonly code: 'no-unit-to-convoy'; readonly province: ProvinceId }
  | { readonly code: 'not-on-convoy-route'; readonly fleet: ProvinceId; readonly from: ProvinceId; readonly to: ProvinceId }
  // Retreats.
  | { readonly code: 'retreat-gave-way' }
  | { readonly code: 'retreat-bounced' }
  /** `retreats`: where the unit may retreat (none: it must disband). */
  | { readonly code: 'cannot-retreat'; readonly unit: LocationId; readonly to: ProvinceId; readonly retreats: readonly LocationId[] }
  | { readonly code: 'fleet-cannot-retreat'; readonly unit: LocationId; readonly to: LocationId; readonly retreats: readonly LocationId[] }
  // Adjustments.
  | { readonly code: 'no-builds'; readonly power: PowerId }
  | { readonly code: 'too-many-builds'; readonly power: PowerId; readonly allowed: number }
  | { readonly code: 'no-removals'; readonly power: PowerId }
  | { readonly code: 'too-many-removals'; readonly power: PowerId; readonly allowed: number }
  | { readonly code: 'already-removed' }
  | { readonly code: 'no-adjustments'; readonly power: PowerId }
  | { readonly code: 'partisan-site-closed'; readonly power: PowerId; readonly province: ProvinceId }
  | { readonly code: 'not-home-centre'; readonly power: PowerId; readonly province: ProvinceId }
  | { readonly code: 'undetermined-home-chosen'; readonly power: PowerId }
  | { readonly code: 'not-owned'; readonly power: PowerId; readonly province: ProvinceId }
  | { readonly code: 'not-build-site'; readonly power: PowerId; readonly province: ProvinceId; readonly rule: BuildRule }
  | { readonly code: 'occupied'; readonly province: ProvinceId }
  | { readonly code: 'already-building'; readonly province: ProvinceId }
  | { readonly code: 'unit-type-needed'; readonly province: ProvinceId }
  | { readonly code: 'fleet-build-inland'; readonly province: ProvinceId };

export type OrderReasonCode = OrderReason['code'];
