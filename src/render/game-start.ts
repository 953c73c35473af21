import { buildableCenters } from '../engine/adjustment.ts';
import { phaseOf } from '../engine/phase.ts';
import type { PowerId, Position } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';
import { PLAYER_LIST_ADDRESS_COLUMN, unitLines } from './layout.ts';

// The mail each player gets when a game starts, as njudge's `mail_igame` (ml_signon.c) writes it
// and mail_format.html ("Game starts") describes it for parsers:
//
//   You have been selected as Austria in game 'demo' of Diplomacy.
//
//   The following players are in this game:
//        Master:      gm@example.org
//        Austria:     someone@somewhere
//
//   Starting position for Spring of 1901.
//
//   Austria: Army  Budapest.
//   …
//
//
//   The deadline for the first orders is Mon Jan 12 2004 23:30:00 +0000.
//
// Addresses start at the 19th character. The judge gives each copy the addresses its reader may
// see (src/judge/visibility: a player sees only the Master's and their own, the Master everyone's);
// any other is written as someone@somewhere.

/** A seat at the table: a power, the Master or an observer. */
export type Seat = PowerId | 'MASTER' | 'OBSERVER';

export interface SeatAssignment {
  readonly seat: Seat;
  /** The player's address; null when it must not be shown (written as someone@somewhere). */
  readonly address: string | null;
}

export interface GameStartInput {
  readonly variant: Variant;
  readonly gameName: string;
  /** Everyone in the game, in the order njudge lists them (Master first, observers last). */
  readonly assignments: readonly SeatAssignment[];
  /** Which assignment this copy is for; null for the archive copy, which njudge writes as an observer's. */
  readonly recipient: number | null;
  /** The starting position. */
  readonly position: Position;
  /** The first deadline, already formatted; null: the game has none. */
  readonly deadline: string | null;
}

export const HIDDEN_ADDRESS = 'someone@somewhere';

/** "You have been selected as Austria in game 'demo' of Diplomacy." (no newline). */
export function renderPowerAssignment(variant: Variant, gameName: string, seat: Seat): string {
  return `You have been selected as ${seatName(variant, seat)} in game '${gameName}' of Diplomacy.`;
}

/** The game-start body for one recipient, every line ending in a newline. */
export function renderGameStart(input: GameStartInput): string {
  const { variant, assignments, recipient } = input;
  const reader = recipient === null ? null : assignments[recipient];
  const lines = [renderPowerAssignment(variant, input.gameName, reader?.seat ?? 'OBSERVER'), '', 'The following players are in this game:'];
  for (const player of assignments) {
    const label = `     ${seatName(variant, player.seat)}:`;
    lines.push(`${label.padEnd(PLAYER_LIST_ADDRESS_COLUMN - 1)} ${player.address ?? HIDDEN_ADDRESS}`);
  }
  lines.push(
    '',
    ...startingPosition(variant, input.position),
    '',
    '',
    `The deadline for the first orders is ${input.deadline ?? 'not set: orders are processed as soon as all are in'}.`,
  );
  if (reader) lines.push('', ...howToOrder(variant, input.gameName, reader.seat, input.position));
  return lines.map((line) => `${line}\n`).join('');
}

/**
 * How the reader signs on and writes an order, for a newcomer: their sign-on letter (in many-power
 * variants such as chaos not the name's first letter) and an order for one of their units, or a
 * build where the game starts with builds.
 */
function howToOrder(variant: Variant, gameName: string, seat: Seat, position: Position): string[] {
  if (seat === 'OBSERVER') return [];
  if (seat === 'MASTER') return [`To act as the Master, start a mail to the judge with SIGNON M${gameName} <your password>.`];
  const power = variant.power(seat)!;
  const unit = position.units.find((u) => u.power === seat);
  const builds = phaseOf(position.phase).type === 'adjustment' || unit === undefined;
  const site = builds ? buildableCenters(variant, position, seat)[0] : undefined;
  const example = unit && !builds ? `${unit.type} ${orderPlace(unit.location)} H` : site !== undefined ? `BUILD A ${orderPlace(site)}` : null;
  return [
    `Your sign-on letter is ${power.initial}. To enter orders, send the judge a mail such as:`,
    '',
    `  SIGNON ${power.initial}${gameName} <your password>`,
    ...(example ? [`  ${example}`] : []),
    '',
    builds ? 'You have no units yet: your first orders are builds on your home centres.' : 'Write one order per line; HELP tells the rest.',
  ];
}

/** A place as orders write it: "Par", "Stp/sc". */
function orderPlace(location: string): string {
  return location.charAt(0).toUpperCase() + location.slice(1);
}

/** "Starting position for Spring of 1901." and the units, powers separated by blank lines (njudge's data/report files). */
function startingPosition(variant: Variant, position: Position): string[] {
  const phase = phaseOf(position.phase);
  const width = Math.max(...variant.powers.map((p) => p.name.length)) + 1;
  const lines = [`Starting position for ${variant.seasonName(phase)} of ${phase.year}.`, ...unitLines(variant, position.units, 5)];
  // MOBILIZE (1897, 1898): no units yet; each power's first build chooses the home centre it owns.
  const choosing = variant.powers.filter((p) => (position.undeterminedHomes?.[p.id] ?? 0) > 0);
  if (choosing.length > 0) {
    lines.push('', 'No units stand yet: each power builds its first unit on the home centre of its choice,', 'which then becomes its own.', '');
    for (const power of choosing) {
      const sites = buildableCenters(variant, position, power.id)
        .map((c) => variant.map.province(c)?.name ?? c)
        .sort();
      lines.push(`${`${power.name}:`.padEnd(width)} ${sites.length > 1 ? `${sites.slice(0, -1).join(', ')} or ${sites.at(-1)}` : (sites[0] ?? 'none')}.`);
    }
  }
  return lines;
}

function seatName(variant: Variant, seat: Seat): string {
  if (seat === 'MASTER') return 'Master';
  if (seat === 'OBSERVER') return 'Observer';
  return variant.power(seat)?.name ?? seat;
}
