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

/** The game's status as the judge lists it. */
export function gameStatusOf(state: MafiaState): GameStatus {
  return listedStatus(state.status);
}
