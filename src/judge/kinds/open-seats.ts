import { openMafiaSeats } from '../mafia/mafia-state.ts';
import { kindOf, type Game, type GameKindId } from '../model.ts';
import type { TakeoverOpening } from '../ports.ts';
import { openWerewolfSeats } from '../werewolf/werewolf-state.ts';

// What LIST offers for TAKEOVER among a game's open player seats that hold no power (a Mafia or
// Werewolf player's), named as TAKEOVER takes them (`TAKEOVER Bob@town`): read from the kind's
// stored state alone, beside the registry rather than in it, since LIST must not import the
// kinds' use cases (which import LIST). Diplomacy's open seats are powers, named by the variant.

const OPEN_SEAT_NAMES: Readonly<Record<Exclude<GameKindId, 'diplomacy'>, (game: Game, seatIds: readonly number[]) => readonly string[]>> = {
  mafia: (game) => openMafiaSeats(game),
  werewolf: (game, seatIds) => openWerewolfSeats(game, seatIds),
};

/** The nicks of the opening's seats a newcomer may take over; none for a Diplomacy game. */
export function openSeatNames({ game, seats }: Pick<TakeoverOpening, 'game' | 'seats'>): readonly string[] {
  const kind = kindOf(game);
  return kind === 'diplomacy' ? [] : OPEN_SEAT_NAMES[kind](game, seats);
}
