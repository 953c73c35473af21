import { loadVariant } from '../catalog/variant-catalog.ts';
import { phaseOf } from '../engine/phase.ts';
import type { PhaseId, Position } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';
import { formatTimingLines } from '../schedule/index.ts';
import { NO_RECORD, civilDisorderRatio, onTimeRatio } from './dedication.ts';
import { deadlineTextFor, gameTiming } from './deadlines.ts';
import { optionLines } from './game-options.ts';
import { hasRule, type Game } from './model.ts';
import { settingsOf } from './option-commands.ts';
import { owesOrders } from './order-set.ts';
import type { GameOverview, PlayerRecord, SeatRecord, StoredOrders } from './ports.ts';
import { gatesText } from './signon-gates.ts';

// LIST game in njudge's order (njudge.md §5, DPjudge.md §6): the deadline and grace in the
// reader's zone, who is late once the deadline has passed, the parameters (timing, variant, rules,
// press and the other options in force, signon gates), the powers in the variant's order with
// their state, and the position: units and centres per power. Never an address; in games whose
// players are hidden (gunboat, NO_REVEAL) no player's record either.

const PHASE_TYPE_NAMES = { movement: 'Movement', retreat: 'Retreat', adjustment: 'Adjustment' } as const;

/** The variant's title with njudge's option words: "Standard Gunboat". */
export function variantLine(game: Pick<Game, 'variant' | 'rules'>, variant: Variant = loadVariant(game.variant)): string {
  return [variant.title, ...(hasRule(game, 'GUNBOAT') ? ['Gunboat'] : [])].join(' ');
}

/** "Movement phase of Spring 1901" for S1901M. */
export function phaseTitle(variant: Variant, phaseId: PhaseId): string {
  const phase = phaseOf(phaseId);
  return `${PHASE_TYPE_NAMES[phase.type]} phase of ${variant.seasonName(phase)} ${phase.year}`;
}

/** A power's state as LIST shows it. */
export function powerState(seat: SeatRecord | undefined, owes: boolean, orders: StoredOrders | undefined, late: boolean, forming: boolean): string {
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

/** A seat with a player of its own: not vacated, not a dummy held by the Master. */
function isPlayed(seat: SeatRecord): boolean {
  return seat.status !== 'resigned' && seat.status !== 'abandoned' && seat.status !== 'dummy';
}

/** "on time  75% (3/4)  CD   0%  dedication   8" */
function ratingText(record: PlayerRecord): string {
  const percent = (ratio: number) => `${String(Math.round(ratio * 100)).padStart(3)}%`;
  return `on time ${percent(onTimeRatio(record))} (${record.onTime}/${record.total})  CD ${percent(civilDisorderRatio(record))}  dedication ${String(record.points).padStart(4)}`;
}

export interface ListReader {
  /** The reader's own zone (SET ZONE) when they hold a seat in the game; null: the game's. */
  readonly zone: string | null;
  readonly isPrivate: boolean;
  readonly now: Date;
}

export function renderListGame(overview: GameOverview, reader: ListReader): string {
  const { game, seats, phase, orders, publicRecords } = overview;
  const variant = loadVariant(game.variant);
  const when = (at: Date | null) => deadlineTextFor(game, reader.zone, at);
  const lines: string[] = [];
  const order = phase ? ` order #${String(phase.seq + 1).padStart(3, '0')} (${game.currentPhase})` : '';
  lines.push(`Game '${game.name}'${order}: ${variantLine(game, variant)}, ${game.status}.`);
  if (game.description) lines.push(game.description);
  const late = game.deadline !== null && reader.now >= game.deadline && game.status === 'active';
  const owing = new Map<string, boolean>();
  if (phase && game.currentPhase) for (const power of variant.powers) owing.set(power.id, owesOrders(variant, phase.position, power.id));
  const stored = new Map(orders.map((o) => [o.power, o]));
  const powerSeats = seats.filter((s) => s.role === 'power');
  if (game.status === 'active' || game.status === 'waiting') {
    lines.push(game.deadline ? `The deadline for ${game.currentPhase} is ${when(game.deadline)}.` : `${game.currentPhase} has no deadline: it is processed when every order is in.`);
    if (game.grace) lines.push(`The grace period ends ${when(game.grace)}.`);
    if (late) {
      const lateNames = variant.powers.filter((p) => owing.get(p.id) && powerState(powerSeats.find((s) => s.power === p.id), true, stored.get(p.id), true, false) === 'late').map((p) => p.name);
      lines.push(lateNames.length > 0 ? `Orders have not been received from ${lateNames.join(', ')}.` : 'Every order is in.');
    }
  }

  lines.push('', `The parameters for '${game.name}' are as follows:`);
  for (const line of formatTimingLines(gameTiming(game))) lines.push(`  ${line}`);
  lines.push(`  Zone: ${game.timeZone}.`, `  Variant: ${variantLine(game, variant)}.`);
  if (game.rules.length > 0) lines.push(`  Rules: ${game.rules.join(', ')}.`);
  for (const line of optionLines(settingsOf(game, reader.isPrivate))) lines.push(`  ${line}`);
  if (!optionLines(settingsOf(game)).some((l) => l.startsWith('Press:'))) lines.push('  Press: white press: senders are named.');
  const gates = gatesText(game.signonGates);
  if (gates !== null) lines.push(`  ${gates}`);

  // Records are left out where players are hidden: a record's changes could be matched to a power.
  const records = hasRule(game, 'GUNBOAT') || hasRule(game, 'NO_REVEAL') ? null : publicRecords;
  const forming = game.currentPhase === null;
  lines.push('', `The following players are signed up for game '${game.name}':`);
  if (forming) {
    lines.push(`   ${powerSeats.length} of ${variant.powers.length} players have joined${game.status === 'forming' ? `; send JOIN ${game.name} <password> to join` : ''}.`);
  } else {
    for (const power of variant.powers) {
      const seat = powerSeats.find((s) => s.power === power.id);
      const state = powerState(seat, owing.get(power.id) ?? false, stored.get(power.id), late, false);
      const rating = records && seat && isPlayed(seat) ? ` ${ratingText(records.get(seat.address) ?? NO_RECORD)}` : '';
      lines.push(`   ${power.name.padEnd(10)} ${state.padEnd(rating ? 16 : 0)}${rating}`.trimEnd());
    }
  }
  const observers = seats.filter((s) => s.role === 'observer' || s.role === 'monitor').length;
  if (observers > 0) lines.push(`   and ${observers} observer${observers === 1 ? '' : 's'}`);

  if (phase && game.currentPhase) lines.push('', `Status of the ${phaseTitle(variant, game.currentPhase)}:`, ...positionLines(variant, phase.position));
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
