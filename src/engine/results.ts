import type { LocationId, Marker, Order, Outcome, PowerId, Position } from './types.ts';

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
  readonly notes: readonly string[];
}

export interface PhaseOutcome {
  readonly results: readonly OrderResult[];
  /** The position at the start of the next phase that has something to do. */
  readonly position: Position;
  readonly winner: PowerId | null;
}

/** Orders the engine rejects are values, not exceptions. */
export type Checked<T> = { readonly ok: true; readonly value: T; readonly notes: readonly string[] } | { readonly ok: false; readonly reason: string };

export function illegal(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
