import { phaseOf } from '../engine/phase.ts';
import type { PhaseId, Position } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';

// LIST game in njudge's order (njudge.md §5, DPjudge.md §6), written from what src/judge/game-report.ts
// gathered: the deadline and grace in the reader's zone, who is late, the parameters, the powers
// in the variant's order with their state and record, and the position. The view holds no address.

const PHASE_TYPE_NAMES = { movement: 'Movement', retreat: 'Retreat', adjustment: 'Adjustment' } as const;

/** The variant's title with njudge's option words: "Standard Gunboat". */
export function variantLine(variantTitle: string, gunboat: boolean): string {
  return [variantTitle, ...(gunboat ? ['Gunboat'] : [])].join(' ');
}

/** "Movement phase of Spring 1901" for S1901M. */
export function phaseTitle(variant: Variant, phaseId: PhaseId): string {
  const phase = phaseOf(phaseId);
  return `${PHASE_TYPE_NAMES[phase.type]} phase of ${variant.seasonName(phase)} ${phase.year}`;
}

/** A seat as far as its state in LIST goes. */
export interface SeatState {
  readonly status: 'active' | 'resigned' | 'abandoned' | 'cd' | 'dummy' | 'eliminated';
}

/** Whether the power's orders are in, as far as its state in LIST goes. */
export interface OrdersState {
  readonly submitted: boolean;
  readonly hasErrors: boolean;
}

/** A power's state as LIST shows it. */
export function powerState(seat: SeatState | undefined, owes: boolean, orders: OrdersState | undefined, late: boolean, forming: boolean): string {
  if (!seat) return forming ? 'open' : 'vacant';
  switch (seat.status) {
    case 'resigned':
      return 'vacant';
    case 'abandoned':
      return 'abandoned';
    case 'cd':
      return 'civil disorder';
    case 'dummy':
      return 'dummy';
    case 'eliminated':
      return 'eliminated';
    case 'active':
      if (forming) return 'joined';
      if (!owes) return 'no orders due';
      if (orders?.submitted && !orders.hasErrors) return 'ordered';
      return late ? 'late' : 'waiting';
  }
}

/** A player's public record as LIST shows it, with its ratios worked out by the judge. */
export interface ListRating {
  readonly onTimeRatio: number;
  readonly onTime: number;
  readonly total: number;
  readonly civilDisorderRatio: number;
  readonly points: number;
}

/** "on time  75% (3/4)  CD   0%  dedication   8" */
function ratingText(rating: ListRating): string {
  const percent = (ratio: number) => `${String(Math.round(ratio * 100)).padStart(3)}%`;
  return `on time ${percent(rating.onTimeRatio)} (${rating.onTime}/${rating.total})  CD ${percent(rating.civilDisorderRatio)}  dedication ${String(rating.points).padStart(4)}`;
}

export interface ListPowerLine {
  readonly name: string;
  readonly state: string;
  /** The player's record; null where players are hidden or nobody plays the seat. */
  readonly rating: ListRating | null;
}

export interface ListGameView {
  readonly name: string;
  readonly variant: Variant;
  readonly gunboat: boolean;
  readonly status: string;
  readonly description: string;
  readonly currentPhase: PhaseId | null;
  /** The stored phase's sequence number and position; null before the game starts. */
  readonly phase: { readonly seq: number; readonly position: Position } | null;
  /** The deadline and grace written in the reader's zone; null when there are none. */
  readonly deadline: string | null;
  readonly grace: string | null;
  /** Whether the deadline has passed in an active game, and the powers whose orders are missing. */
  readonly late: boolean;
  readonly lateNames: readonly string[];
  readonly timingLines: readonly string[];
  readonly timeZone: string;
  readonly rules: readonly string[];
  readonly optionLines: readonly string[];
  /** Whether a press option line is among the game's own (not the reader's) option lines. */
  readonly pressLineShown: boolean;
  readonly gatesLine: string | null;
  /** While the game forms: how many powers are taken. */
  readonly joined: number;
  readonly powers: readonly ListPowerLine[];
  readonly observers: number;
}

export function renderListGame(view: ListGameView): string {
  const { variant } = view;
  const title = variantLine(variant.title, view.gunboat);
  const lines: string[] = [];
  const order = view.phase ? ` order #${String(view.phase.seq + 1).padStart(3, '0')} (${view.currentPhase})` : '';
  lines.push(`Game '${view.name}'${order}: ${title}, ${view.status}.`);
  if (view.description) lines.push(view.description);
  if (view.status === 'active' || view.status === 'waiting') {
    lines.push(view.deadline ? `The deadline for ${view.currentPhase} is ${view.deadline}.` : `${view.currentPhase} has no deadline: it is processed when every order is in.`);
    if (view.grace) lines.push(`The grace period ends ${view.grace}.`);
    if (view.late) lines.push(view.lateNames.length > 0 ? `Orders have not been received from ${view.lateNames.join(', ')}.` : 'Every order is in.');
  }

  lines.push('', `The parameters for '${view.name}' are as follows:`);
  for (const line of view.timingLines) lines.push(`  ${line}`);
  lines.push(`  Zone: ${view.timeZone}.`, `  Variant: ${title}.`);
  if (view.rules.length > 0) lines.push(`  Rules: ${view.rules.join(', ')}.`);
  for (const line of view.optionLines) lines.push(`  ${line}`);
  if (!view.pressLineShown) lines.push('  Press: white press: senders are named.');
  if (view.gatesLine !== null) lines.push(`  ${view.gatesLine}`);

  lines.push('', `The following players are signed up for game '${view.name}':`);
  if (view.currentPhase === null) {
    lines.push(`   ${view.joined} of ${variant.powers.length} players have joined${view.status === 'forming' ? `; send JOIN ${view.name} <password> to join` : ''}.`);
  } else {
    for (const power of view.powers) {
      const rating = power.rating ? ` ${ratingText(power.rating)}` : '';
      lines.push(`   ${power.name.padEnd(10)} ${power.state.padEnd(rating ? 16 : 0)}${rating}`.trimEnd());
    }
  }
  if (view.observers > 0) lines.push(`   and ${view.observers} observer${view.observers === 1 ? '' : 's'}`);

  if (view.phase && view.currentPhase) lines.push('', `Status of the ${phaseTitle(variant, view.currentPhase)}:`, ...positionLines(variant, view.phase.position));
  return lines.join('\n');
}

/** Units and centres per power, in the variant's order, then the centres nobody owns. */
export function positionLines(variant: Variant, position: Position): string[] {
  const lines: string[] = [];
  const owned = new Set<string>();
  for (const power of variant.powers) {
    const units = position.units.filter((u) => u.power === power.id).map((u) => `${u.type} ${u.location}`);
    const centres = position.supplyCenters[power.id] ?? [];
    for (const centre of centres) owned.add(centre);
    lines.push(`   ${power.name.padEnd(10)} ${String(centres.length).padStart(2)} centres, ${units.length} units${units.length > 0 ? `: ${units.join(', ')}` : ''}`);
    if (centres.length > 0) lines.push(`   ${''.padEnd(10)} centres: ${[...centres].sort().join(', ')}`);
  }
  const unowned = variant.supplyCenters().filter((c) => !owned.has(c));
  if (unowned.length > 0) lines.push(`   ${'Unowned'.padEnd(10)} ${String(unowned.length).padStart(2)} centres: ${unowned.sort().join(', ')}`);
  return lines;
}
