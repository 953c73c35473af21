import { loadVariant } from '../catalog/variant-catalog.ts';
import { readGameName } from '../commands/names.ts';
import { formatPhaseId, parsePhaseId } from '../engine/phase.ts';
import { hasMapDrawing } from '../judge/reports/map-pictures.ts';
import type { PublicViewPorts } from '../judge/ports.ts';
import { phaseTitle } from '../render/list-game.ts';
import { boardShown, viewOf } from '../judge/visibility/policy.ts';
import { PUBLIC } from '../judge/visibility/reader.ts';
import type { PhaseLink, PhaseView } from '../render/web-views.ts';

export type { PhaseLink, PhaseView } from '../render/web-views.ts';

// One phase of a game as the phase pages show it: its title, its results (as HISTORY has them) and
// its neighbours, for stepping through the game. Only the phases up to the current one are shown (a
// phase rolled back past is not), as HISTORY and MAP do; nothing here is not on the game's page.

export async function phaseView(tx: PublicViewPorts, name: string, wanted: string): Promise<PhaseView | null> {
  const gameName = readGameName(name);
  const game = gameName && (await tx.findGame(gameName));
  const parsed = parsePhaseId(wanted.toUpperCase());
  if (!game || game.currentPhase === null || parsed === null) return null;
  const variant = loadVariant(game.variant);
  const phases = await tx.phases(game.id);
  const at = phases.findIndex((p) => p.phaseId === formatPhaseId(parsed));
  if (at < 0) return null;
  const link = (i: number): PhaseLink | null => {
    const phase = phases[i];
    return phase ? { phase: phase.phaseId, title: phaseTitle(variant, phase.phaseId) } : null;
  };
  const phase = phases[at]!;
  return {
    gameName: game.name,
    phase: phase.phaseId,
    title: phaseTitle(variant, phase.phaseId),
    // A blind game's results are stored whole: the public reads them once the game ends.
    resultsText: boardShown(viewOf(game, PUBLIC)) ? phase.resultsText : null,
    current: phase.phaseId === game.currentPhase,
    running: game.status === 'active' || game.status === 'waiting',
    previous: link(at - 1),
    next: link(at + 1),
    hasMap: hasMapDrawing(variant),
  };
}
