import type { GameKind } from '../kinds/game-kind.ts';
import { createGame } from '../master/create-game.ts';
import { enterGame } from '../players/enter-game.ts';
import { runSession } from '../players/session-commands.ts';
import { onDiplomacyEvent } from './game-events.ts';
import { processIfReady } from './process-turn.ts';

// Diplomacy as a kind of game: njudge's and DPjudge's game, on the maps and variants of
// src/catalog, adjudicated by src/engine. Its position, orders and phases have tables of their own
// in the store; its people hold powers.

export const diplomacy: GameKind = {
  id: 'diplomacy',
  createWord: null,
  create: createGame,
  async session(ctx, block) {
    const session = await enterGame(ctx, block.opener);
    if (session) await runSession(ctx, session, block.commands);
  },
  processIfReady,
  onEvent: onDiplomacyEvent,
};
