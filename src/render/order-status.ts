import { adjustmentsDue, buildSites } from '../engine/adjustment.ts';
import { coastOf, provinceOf } from '../engine/map.ts';
import { phaseOf, type Phase } from '../engine/phase.ts';
import type { LocationId, Order, PowerId, Position, UnitType } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';
import { phaseTitle } from './layout.ts';
import { adjustmentLine, movementEcho, ownersOf, retreatLine, type AdjustmentLine, type RetreatLine } from './order-lines.ts';
import { orderRefusalText, type OrderRefusal } from './order-problems.ts';

// The reply to a mail carrying orders, in the order njudge's mail.c writes it:
//
//   A: F Tri - Bud                                  ← each rejected line, as the power wrote it,
//   The fleet in Trieste cannot reach Budapest.       then why it was rejected
//
//   Movement orders for Spring of 1901.  (demo.001)
//
//   Austria: Army Budapest -> Serbia.                ← every unit the power must order,
//   Austria: Army Vienna, No Order Processed.          in the results' wording
//
//
//   Orders not received for all units.  If complete orders are not
//   received by Mon Jan 12 2004 23:30:00 +0000, you will be considered late.
//   The partial orders will be processed if nothing is received by
//   Mon Jan 19 2004 23:30:00 +0000.
//
// or, when lines were rejected, "1 error encountered." and "Error flag set." with what happens at the
// deadline. The judge layer appends "Time to deadline", press echoes and pending orders around it.

export interface OrderLine {
  /** The order as the player wrote it, without the power prefix. */
  readonly text: string;
  /** The order as understood (unit types may be null; they are taken from the position); null when rejected. */
  readonly order: Order | null;
  /** Why the order was rejected (worded here); null when it was accepted. */
  readonly error: OrderRefusal | null;
}

export interface OrderStatusInput {
  readonly variant: Variant;
  readonly gameName: string;
  /** The number the phase will have in the results: 1 → "(demo.001)". */
  readonly sequence: number;
  readonly power: PowerId;
  /** The position being ordered; its `phase` names the phase. */
  readonly position: Position;
  /** Every order line of the power for this phase, oldest first: for each unit the last accepted one counts. */
  readonly orders: readonly OrderLine[];
  /** The deadline, already formatted; null when the game has none (it waits for every power's orders). */
  readonly deadline: string | null;
  /** When partial orders are processed (or the power is abandoned), already formatted; null leaves it out. */
  readonly grace: string | null;
  /**
   * When a power without an order for every unit is declared abandoned, already formatted: a day
   * before grace in CIVIL_DISORDER (NMR) games, at grace in NoNMR ones. Left out it is grace; null
   * says that moment has passed (the partial orders then wait for grace).
   */
  readonly abandonment?: string | null;
  /** NoNMR games abandon a power whose orders are incomplete at grace instead of processing them. */
  readonly noNmr?: boolean;
  /** The deadline has passed. */
  readonly late?: boolean;
  /** The power has SET WAIT. */
  readonly wait?: boolean;
}

/** The reply body, every line ending in a newline. */
export function renderOrderStatus(input: OrderStatusInput): string {
  const { variant, position } = input;
  const phase = phaseOf(position.phase);
  const power = variant.power(input.power);
  if (!power) throw new Error(`renderOrderStatus: ${input.power} is not a power of ${variant.title}`);
  const rejected = input.orders.filter((o) => o.error !== null || o.order === null);
  let text = rejected
    .map((o) => `${power.initial}: ${o.text}\n${sentence(o.error === null ? 'The order was not understood' : orderRefusalText(o.error, variant))}\n`)
    .join('');
  if (rejected.length > 0) text += '\n';
  const accepted = input.orders.filter((o) => o.error === null && o.order !== null).map((o) => o.order!);
  const listing = listOrders(input, phase, power.name, accepted);
  text += `${phaseTitle(variant, phase, 'orders', input.gameName, input.sequence)}\n`;
  text += listing.lines.map((line) => `${line}\n`).join('');
  return text + status(input, rejected.length, listing);
}

interface Listing {
  readonly lines: readonly string[];
  /** Orders the power owes in this phase. */
  readonly due: number;
  /** Whether some of them are still missing. */
  readonly missing: boolean;
}

function listOrders(input: OrderStatusInput, phase: Phase, powerName: string, accepted: readonly Order[]): Listing {
  const { variant, position } = input;
  const orderFor = (location: LocationId) => accepted.findLast((o) => 'unit' in o && provinceOf(o.unit.location) === provinceOf(location));
  switch (phase.type) {
    case 'movement': {
      const ownerOf = ownersOf(position.units);
      const units = position.units.filter((u) => u.power === input.power);
      const lines = units.map((unit) => {
        const order = orderFor(unit.location);
        const bound = order && 'unit' in order ? ({ ...order, unit: { type: unit.type, location: unit.location } } as Order) : null;
        const shown = bound ?? { kind: 'hold', unit: { type: unit.type, location: unit.location } };
        return `${powerName}: ${movementEcho(variant, input.power, shown, bound !== null, ownerOf)}`;
      });
      return { lines: lines.length > 0 ? ['', ...lines] : [], due: units.length, missing: units.some((u) => !orderFor(u.location)) };
    }
    case 'retreat': {
      const units = position.dislodged.filter((u) => u.power === input.power && u.retreats.length > 0);
      const lines = units.map((unit) => retreatLine(powerName, unit.type, unit.location, retreatLineOf(orderFor(unit.location)), variant.map));
      return { lines: ['', ...lines], due: units.length, missing: units.some((u) => !orderFor(u.location)) };
    }
    case 'adjustment':
      return adjustmentListing(input, powerName, accepted);
  }
}

function retreatLineOf(order: Order | undefined): RetreatLine {
  if (order?.kind === 'retreat' || order?.kind === 'move') return { kind: 'retreat', to: order.to, bounced: false };
  return order?.kind === 'disband' ? { kind: 'disband' } : { kind: 'unordered' };
}

function adjustmentListing(input: OrderStatusInput, powerName: string, accepted: readonly Order[]): Listing {
  const { variant, position } = input;
  const units = position.units.filter((u) => u.power === input.power);
  const due = adjustmentsDue(variant, position, input.power);
  const line = (text: AdjustmentLine) => adjustmentLine(powerName, text, variant.map);
  const lines: string[] = [];
  const building = new Set<string>();
  const removing = new Set<string>();
  let waived = 0;
  for (const order of accepted) {
    const kind = order.kind === 'adjust' ? (due > 0 ? 'build' : 'remove') : order.kind;
    if (kind === 'waive' && due > 0) {
      waived++;
      lines.push(line({ kind: 'waive' }));
    } else if (kind === 'build' && due > 0 && 'unit' in order && !building.has(provinceOf(order.unit.location))) {
      building.add(provinceOf(order.unit.location));
      lines.push(line({ kind: 'build', type: order.unit.type ?? builtType(order.unit.location), location: order.unit.location }));
    } else if ((kind === 'remove' || kind === 'disband') && due < 0 && 'unit' in order) {
      const unit = units.find((u) => provinceOf(u.location) === provinceOf(order.unit.location));
      if (!unit || removing.has(unit.location)) continue;
      removing.add(unit.location);
      lines.push(line({ kind: 'remove', type: unit.type, location: unit.location }));
    }
  }
  const occupied = new Set([...position.units.map((u) => provinceOf(u.location)), ...building]);
  const freeHomes = buildSites(variant, position, input.power).filter((c) => !occupied.has(c)).length;
  const buildsLeft = Math.max(0, due - building.size - waived);
  const removalsLeft = Math.max(0, -due - removing.size);
  if (buildsLeft > 0)
    lines.push(line(freeHomes > 0 ? { kind: 'pending-builds', count: buildsLeft } : { kind: 'unusable', count: buildsLeft, processed: false }));
  if (removalsLeft > 0) lines.push(line({ kind: 'pending-removals', count: removalsLeft }));
  const usableDue = due > 0 ? Math.min(due, building.size + waived + freeHomes) : -due;
  return { lines: ['', ...lines], due: usableDue, missing: (buildsLeft > 0 && freeHomes > 0) || removalsLeft > 0 };
}

/** Without a unit type the engine builds an army, or a fleet where a coast was named (DATC 4.C.3). */
function builtType(location: LocationId): UnitType {
  return coastOf(location) === null ? 'A' : 'F';
}

/**
 * What stands after a refused block: the power's orders on file for the phase, listed as the
 * results will read them (or that there are none), and what the deadline means for them.
 * `stored` is false when the power has no orders on file.
 */
export function renderOrdersOnFile(input: OrderStatusInput & { readonly stored: boolean }): string {
  const { variant, position } = input;
  const phase = phaseOf(position.phase);
  const power = variant.power(input.power);
  if (!power) throw new Error(`renderOrdersOnFile: ${input.power} in ${position.phase}`);
  const when = `${variant.seasonName(phase)} of ${phase.year}`;
  const accepted = input.orders.filter((o) => o.error === null && o.order !== null).map((o) => o.order!);
  const listing = listOrders(input, phase, power.name, accepted);
  const text = input.stored
    ? `Your orders on file for ${when} are still:\n${listing.lines.map((line) => `${line}\n`).join('')}`
    : `You have no orders on file for ${when}.\n`;
  return text + status(input, 0, listing);
}

function status(input: OrderStatusInput, errors: number, listing: Listing): string {
  const { grace } = input;
  if (input.deadline === null) return noDeadlineStatus(errors, listing);
  const deadline = input.deadline;
  if (errors > 0) {
    let text = `\n\n${errors} error${errors === 1 ? '' : 's'} encountered.\n\n`;
    if (listing.due === 0) return `${text}Since you have no moves due, the error flag is not set.\n\n`;
    text += 'Error flag set.\n\n';
    if (!input.late) text += `Unless error-free orders are received by the deadline of\n${deadline} you will be considered late.\n`;
    if (grace === null) return text;
    if (!listing.missing) return `${text}The partial orders will be processed if nothing is received by\n${grace}.\n\n`;
    return `${text}${abandonedUnless('You will be considered abandoned if nothing is received by', input, grace)}`;
  }
  if (listing.missing) {
    const text = input.late
      ? '\n\nNote: you are LATE and orders are still not received for all units.\n'
      : `\n\nOrders not received for all units.  If complete orders are not\nreceived by ${deadline}, you will be considered late.\n`;
    if (grace === null) return text;
    // Without an abandonment time an NMR reply names only what grace does, as njudge's did.
    if (!input.noNmr && input.abandonment === undefined) return `${text}The partial orders will be processed if nothing is received by\n${grace}.\n\n`;
    return `${text}${abandonedUnless('You will be considered abandoned if all orders\nare not received by', input, grace)}`;
  }
  if (input.wait)
    return input.late ? "\n\nYou have set 'wait' status.\n\n" : `\n\nYou have set 'wait' status so orders will not be processed\nbefore ${deadline}.\n\n`;
  return '';
}

/** A game without a deadline (NO_DEADLINE) waits for every power's orders; nobody is ever late. */
function noDeadlineStatus(errors: number, listing: Listing): string {
  if (errors > 0) return `\n\n${errors} error${errors === 1 ? '' : 's'} encountered.\n\nError flag set.\n\n`;
  if (listing.missing)
    return '\n\nOrders not received for all units.  This game has no deadline: the\nturn is processed once every power has complete orders.\n\n';
  return '';
}

/**
 * The abandonment sentence for a power missing orders: at the abandonment time, followed in NMR
 * games (abandoned a day before grace) by the civil disorder at grace that processes what is in.
 */
function abandonedUnless(lead: string, input: OrderStatusInput, grace: string): string {
  const abandonment = input.abandonment === undefined ? grace : input.abandonment;
  if (abandonment === null) return input.noNmr ? '' : `The partial orders will be processed if nothing is received by\n${grace}.\n\n`;
  if (input.noNmr || abandonment === grace) return `${lead}\n${abandonment}.\n\n`;
  return `${lead}\n${abandonment},\nand the partial orders will be processed if nothing is received by\n${grace}.\n\n`;
}

/**
 * Appended to the reply of a mail after which every order is in, when the turn waits for the
 * delay (njudge's UPDATE_PROCESS). `waitHolds`: the deadline is still ahead, so a WAIT holds it.
 * The game is named: one mail may sign on to several games.
 */
export function renderProcessingTime(gameName: string, at: string, waitHolds: boolean): string {
  return `Game '${gameName}': All orders are in.  The turn will be processed at\n${at}${waitHolds ? ' unless someone sets WAIT' : ''}.\n`;
}

/** Appended to the reply of a mail after which every order is in, in a MANUAL PROCESS game. */
export function renderManualProcessNote(gameName: string): string {
  return `Every order is in: game '${gameName}' is processed when its Master sends PROCESS (MANUAL PROCESS).`;
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
