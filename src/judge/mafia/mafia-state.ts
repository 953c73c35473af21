import { newMafiaState, type MafiaState } from '../../mafia/index.ts';
import { listedStatus, readKindState, storedKindState } from '../kinds/kind-state.ts';
import type { Game, GameStatus, KindState } from '../model.ts';

// A Mafia game's state as the store keeps it: the core's one value, as JSON in games.kind_state.

export function mafiaStateOf(game: Pick<Game, 'kindState'>): MafiaState {
  return readKindState<MafiaState>(game, ['status', 'players'], 'Mafia') ?? newMafiaState();
}

export function storedMafiaState(state: MafiaState): KindState {
  return storedKindState(state);
}

/** The nicks of the living players whose seats wait for a TAKEOVER: a resigned player's seat keeps its nick, role and vote. */
export function openMafiaSeats(game: Pick<Game, 'kindState'>): string[] {
  return mafiaStateOf(game).players.flatMap((player) => (player.open === true && player.alive ? [player.nick] : []));
}

/** The game's status as the judge lists it. */
export function gameStatusOf(state: MafiaState): GameStatus {
  return listedStatus(state.status);
}
