import type { JudgeConfig } from '../context.ts';
import type { GameEvent, GamePorts, StoreTransaction } from '../ports.ts';
import { inUnitOfWork } from '../unit-of-work.ts';
import { kindOfGame } from './registry.ts';

/**
 * A timed event in a transaction of its own (the scheduler's job), as a unit of work: the game
 * loaded whole in one call, handed to its kind, and everything the event did written in one more.
 */
export function onScheduledGameEvent(tx: StoreTransaction, config: JudgeConfig, event: GameEvent, now: Date): Promise<void> {
  return inUnitOfWork(tx, (work) => onKindEvent(work, config, event, now));
}

/** A timed event of whichever kind the game is. A game deleted since the job was scheduled has nothing to do. */
export async function onKindEvent(tx: GamePorts, config: JudgeConfig, event: GameEvent, now: Date): Promise<void> {
  const game = await tx.findGameById(event.gameId, { forUpdate: true });
  if (!game) return;
  await kindOfGame(game).onEvent(tx, config, game, event, now);
}
