import type { Position } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';
import { endReason } from '../judge/reports/game-ending.ts';
import type { Game } from '../judge/model.ts';
import { gameEndText } from '../render/end-notices.ts';
import type { GameResult } from '../render/web-views.ts';

export type { GameResult } from '../render/web-views.ts';

// How a finished game ended, for the top of its page: the end notice's sentence (solo, draw between …,
// conceded, ended by the Master) and the centres each power held at the end. Powers only, never
// players: a gunboat or NO_REVEAL game's result names no one.

export function gameResult(game: Game, variant: Variant, position: Position | null): GameResult | null {
  if (game.status !== 'completed' && game.status !== 'terminated') return null;
  const ending = game.ending ?? (game.status === 'terminated' ? { kind: 'terminated' as const, victors: [] as const } : null);
  if (!ending) return null;
  const standings = variant.powers
    .map((power) => ({ power: power.name, centres: position?.supplyCenters[power.id]?.length ?? 0 }))
    .sort((a, b) => b.centres - a.centres);
  return { text: gameEndText(endReason(ending, variant)), victors: ending.victors.map((id) => variant.power(id)?.name ?? id), standings };
}
