import { loadVariant } from '../../catalog/variant-catalog.ts';
import type { Variant } from '../../engine/variant.ts';
import { powerState, renderListGame as writeListGame, variantLine as writeVariantLine, type ListGameView, type ListRating } from '../../render/list-game.ts';
import { formatTimingLines } from '../../schedule/index.ts';
import { NO_RECORD, civilDisorderRatio, onTimeRatio } from '../players/dedication.ts';
import { deadlineTextFor, gameTiming } from '../clock/deadlines.ts';
import { optionLines } from '../master/game-options.ts';
import { settingsOf } from '../master/option-commands.ts';
import { owesOrders } from '../diplomacy/order-set.ts';
import type { GameOverview, PlayerRecord, SeatRecord } from '../ports.ts';
import { gatesText } from '../../render/signon-gates.ts';
import { shownPosition, viewOf, type ReaderView } from '../visibility/policy.ts';
import { PUBLIC } from '../visibility/reader.ts';

// LIST game: what the public may see of a game (its view, visibility/policy.ts), gathered for
// src/render/list-game.ts to write. Never an address; players' records only where the view shows them.

/** The variant's title with njudge's option words as `view` shows them: "Standard Gunboat". */
export function variantLine(view: ReaderView, variant: Variant): string {
  return writeVariantLine(variant.title, view.gunboatLabel);
}

/** A seat with a player of its own: not vacated, not a dummy held by the Master. */
function isPlayed(seat: SeatRecord): boolean {
  return seat.status !== 'resigned' && seat.status !== 'abandoned' && seat.status !== 'dummy';
}

function ratingOf(record: PlayerRecord): ListRating {
  return {
    onTimeRatio: onTimeRatio(record),
    onTime: record.onTime,
    total: record.total,
    civilDisorderRatio: civilDisorderRatio(record),
    points: record.points,
  };
}

export interface ListReader {
  /** The reader's own zone (SET ZONE) when they hold a seat in the game; null: the game's. */
  readonly zone: string | null;
  readonly isPrivate: boolean;
  readonly now: Date;
}

/** The view of LIST game for one reader, under the game's `::` lines (`header`). */
export function listGameView(overview: GameOverview, reader: ListReader, header: string): ListGameView {
  const { game, seats, phase, orders, publicRecords } = overview;
  const variant = loadVariant(game.variant);
  const view = viewOf(game, PUBLIC);
  const late = game.deadline !== null && reader.now >= game.deadline && game.status === 'active';
  const owing = new Map<string, boolean>();
  if (phase && game.currentPhase) for (const power of variant.powers) owing.set(power.id, owesOrders(variant, phase.position, power.id));
  const stored = new Map(orders.map((o) => [o.power, o]));
  const powerSeats = seats.filter((s) => s.role === 'power');
  const lateNames = variant.powers
    .filter(
      (p) =>
        owing.get(p.id) &&
        powerState(
          powerSeats.find((s) => s.power === p.id),
          true,
          stored.get(p.id),
          true,
          false,
        ) === 'late',
    )
    .map((p) => p.name);
  const records = view.records ? publicRecords : null;
  const powers = variant.powers.map((power) => {
    const seat = powerSeats.find((s) => s.power === power.id);
    const state = powerState(seat, owing.get(power.id) ?? false, stored.get(power.id), late, false);
    const rating = records && seat && isPlayed(seat) ? ratingOf(records.get(seat.address) ?? NO_RECORD) : null;
    return { name: power.name, state, rating };
  });
  return {
    header,
    name: game.name,
    variant,
    gunboat: view.gunboatLabel,
    status: game.status,
    description: game.description,
    currentPhase: game.currentPhase,
    phase: phase ? { seq: phase.seq, position: shownPosition(view, phase.position, variant) } : null,
    deadline: deadlineTextFor(game, reader.zone, game.deadline),
    grace: deadlineTextFor(game, reader.zone, game.grace),
    late,
    lateNames,
    timingLines: formatTimingLines(gameTiming(game)),
    timeZone: game.timeZone,
    rules: game.rules,
    optionLines: optionLines(settingsOf(game, reader.isPrivate)),
    pressLineShown: optionLines(settingsOf(game)).some((l) => l.startsWith('Press:')),
    gatesLine: gatesText(game.signonGates),
    joined: powerSeats.length,
    powers,
    observers: seats.filter((s) => s.role === 'observer' || s.role === 'monitor').length,
  };
}

export function renderListGame(overview: GameOverview, reader: ListReader, header: string): string {
  return writeListGame(listGameView(overview, reader, header));
}
