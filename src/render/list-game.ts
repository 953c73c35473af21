import { blindNote } from './results.ts';
import { phaseOf } from '../engine/phase.ts';
import type { PhaseId, Position } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';
import { HIDDEN_ADDRESS } from './game-start.ts';
import { turnLabel, unitLines } from './layout.ts';
import { withMapperHeader } from './mapper-header.ts';
import { renderOwnership } from './ownership.ts';
import { verbatim } from './wrap.ts';

// LIST game in njudge's order and layout (njudge.md §5, DPjudge.md §6), so that jDip opens a game
// from it, written from what src/judge/reports/game-report.ts gathered: the game's `::` lines first (jDip
// takes all above them as the mail's header), the deadline and grace in the reader's zone, who is
// late, the parameters, the powers in the variant's order in njudge's columns, and the position:
//
//   The following players are signed up for game 'demo':
//      Austria    late    3/3        8 someone@somewhere
//
//   Status of the Movement phase for Spring of 1904.  (demo.010)
//
//   Austria: Army Vienna.
//   …
//   Ownership of supply centers:
//   …
//
// The view holds no address: every player's is written someone@somewhere, as njudge writes them
// in gunboat games.

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

/** A power's state in one word, as the status column of njudge's player table has it. */
const STATE_WORDS: Readonly<Record<string, string>> = {
  open: 'open',
  joined: 'joined',
  vacant: 'vacant',
  abandoned: 'abandon',
  'civil disorder': 'CD',
  dummy: 'dummy',
  eliminated: 'out',
  'no orders due': 'none',
  ordered: 'ordered',
  waiting: 'waiting',
  late: 'late',
};

export interface ListPowerLine {
  readonly name: string;
  readonly state: string;
  /** The player's record; null where players are hidden or nobody plays the seat. */
  readonly rating: ListRating | null;
}

export interface ListGameView {
  /** The game's `::` lines, each ending in a newline. */
  readonly header: string;
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
    lines.push(
      view.deadline
        ? `The deadline for ${view.currentPhase} is ${view.deadline}.`
        : `${view.currentPhase} has no deadline: it is processed when every order is in.`,
    );
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
    lines.push(
      `   ${view.joined} of ${variant.powers.length} players have joined${view.status === 'forming' ? `; send JOIN ${view.name} <password> to join` : ''}.`,
    );
  } else {
    lines.push(...view.powers.map((power) => playerRow(power, view.phase?.position ?? null, variant)));
  }
  if (view.observers > 0) lines.push('', `The game has ${view.observers} observer${view.observers === 1 ? '' : 's'}.`);

  if (view.phase && view.currentPhase) lines.push('', ...positionLines(variant, view.name, view.phase.seq, view.phase.position));
  return withMapperHeader(verbatim(view.header), lines.join('\n'));
}

/**
 * "   Austria    late    3/3        8 someone@somewhere": njudge's columns (power, status,
 * units/centres, dedication, address): at most 60-odd columns, so the wrapper never breaks it.
 */
function playerRow(power: ListPowerLine, position: Position | null, variant: Variant): string {
  const id = variant.powers.find((p) => p.name === power.name)?.id;
  const units = position?.units.filter((u) => u.power === id).length ?? 0;
  const centres = id === undefined ? 0 : (position?.supplyCenters[id]?.length ?? 0);
  const points = power.rating === null ? '' : String(power.rating.points);
  return `   ${power.name.padEnd(10)} ${(STATE_WORDS[power.state] ?? power.state).padEnd(7)} ${`${units}/${centres}`.padEnd(5)} ${points.padStart(6)} ${HIDDEN_ADDRESS}`;
}

/**
 * njudge's status of the phase: its title with the turn label, the units by power, the units
 * dislodged and yet to retreat, then the ownership block of the results mail.
 */
export function positionLines(variant: Variant, gameName: string, seq: number, position: Position): string[] {
  const phase = phaseOf(position.phase);
  const title = `Status of the ${PHASE_TYPE_NAMES[phase.type]} phase for ${variant.seasonName(phase)} of ${phase.year}.  ${turnLabel(gameName, seq + 1)}`;
  // A blind game's position is marked with whose sight it shows; a reader who sees nothing gets only the mark.
  if (position.sight !== undefined && position.sight.power === null) return [title, '', blindNote(variant, null)];
  const lines = [title, ...(position.sight !== undefined ? ['', blindNote(variant, position.sight.power)] : []), ...unitLines(variant, position.units)];
  if (position.dislodged.length > 0) {
    lines.push(
      '',
      'Dislodged, to retreat or disband:',
      ...unitLines(variant, position.dislodged)
        .filter((line) => line !== '')
        .map((line) => `   ${line}`),
    );
  }
  lines.push(...renderOwnership({ variant, position, winner: null }).replace(/\n$/, '').split('\n'));
  return lines;
}
