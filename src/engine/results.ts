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
  readonly reason: string | null;
  readonly markers: readonly Marker[];
  /** Things the player should know about how the order was read, e.g. an inferred coast. */
  readonly notes: readonly OrderReading[];
}

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
export type Checked<T> = { readonly ok: true; readonly value: T; readonly notes: readonly OrderReading[] } | { readonly ok: false; readonly reason: string };

export function illegal(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
