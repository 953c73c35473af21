import type { PhaseId } from '../../engine/types.ts';
import type { Variant } from '../../engine/variant.ts';
import { mapperHeader } from '../../render/index.ts';
import type { JudgeConfig } from '../context.ts';
import { deadlineText } from '../clock/deadlines.ts';
import type { Game } from '../model.ts';
import { viewOf } from '../visibility/policy.ts';
import { PUBLIC } from '../visibility/reader.ts';

/**
 * A game's `::` lines (njudge's `msg_header`) for a mail about `phase`: the results mail, and the
 * replies and notices jDip opens a game from (HISTORY, LIST game, the game-start mail). A game not
 * yet started is at its variant's first phase.
 */
export function gameHeader(
  config: JudgeConfig,
  game: Game,
  variant: Variant,
  phase: PhaseId | null = game.currentPhase,
  deadline: Date | null = game.deadline,
): string {
  return mapperHeader({
    judgeCode: config.code,
    gameName: game.name,
    variantTitle: variant.title,
    // The Gunboat label is the same in every reader's view: the public's decides it.
    variantOptions: viewOf(game, PUBLIC).gunboatLabel ? ['Gunboat'] : [],
    phase: phase ?? variant.startingPosition().phase,
    deadline: deadlineText(game, deadline),
  });
}
