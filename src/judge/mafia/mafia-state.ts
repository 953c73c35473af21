import { newMafiaState, type MafiaState } from '../../mafia/index.ts';
import type { Game, GameStatus, KindState } from '../model.ts';

// A Mafia game's state as the store keeps it: the core's one value, as JSON in games.kind_state.

export function mafiaStateOf(game: Pick<Game, 'kindState'>): MafiaState {
  const stored = game.kindState;
  if (stored === null || stored === undefined) return newMafiaState();
  if (typeof stored !== 'object' || Array.isArray(stored) || !('status' in stored) || !('players' in stored))
    throw new Error('a Mafia game whose stored state is not one (games.kind_state)');
  return stored as unknown as MafiaState;
}

export function storedMafiaState(state: MafiaState): KindState {
  return JSON.parse(JSON.stringify(state)) as KindState;
}

/** The game's status as the judge lists it. */
export function gameStatusOf(state: MafiaState): GameStatus {
  return state.status === 'forming' ? 'forming' : state.status === 'running' ? 'active' : 'completed';
}
