import type { Game, GameStatus, KindState } from '../model.ts';

// A kind that keeps its state as one value keeps it as JSON in games.kind_state (game-kind.ts):
// read back here, checked to be the kind's object by the keys it always has, and copied whole to be
// saved, so the store never holds the kind's live object.

/** The kind's stored value, or null before it has one; throws when games.kind_state holds something else. */
export function readKindState<T>(game: Pick<Game, 'kindState'>, keys: readonly string[], kindName: string): T | null {
  const stored = game.kindState;
  if (stored === null || stored === undefined) return null;
  if (typeof stored !== 'object' || Array.isArray(stored) || keys.some((key) => !(key in stored)))
    throw new Error(`a ${kindName} game whose stored state is not one (games.kind_state)`);
  return stored as unknown as T;
}

/** The value as JSON, to be saved whole by updateGame(id, { kindState }). */
export function storedKindState(value: object): KindState {
  return JSON.parse(JSON.stringify(value)) as KindState;
}

/** The game's status as the judge lists it, from a kind's own forming / running / over. */
export function listedStatus(status: string): GameStatus {
  return status === 'forming' ? 'forming' : status === 'running' ? 'active' : 'completed';
}
