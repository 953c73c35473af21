import type { PowerId } from '../../engine/types.ts';
import type { Variant } from '../../engine/variant.ts';
import type { GameEndReason } from '../../render/index.ts';
import type { GameEnding } from '../model.ts';

// Why a game ended, as the end notice and SUMMARY tell it (the stored form: ending-format.ts).

/** The ending with its powers named, as the notice and SUMMARY tell it. */
export function endReason(ending: GameEnding, variant: Variant): GameEndReason {
  const name = (id: PowerId) => variant.power(id)?.name ?? id;
  switch (ending.kind) {
    case 'solo':
    case 'concession':
      return { kind: ending.kind, winner: name(ending.victors[0]) };
    case 'draw':
      return { kind: 'draw', between: ending.victors.map(name) };
    case 'master':
    case 'terminated':
      return { kind: ending.kind };
    case 'told':
      return { kind: 'told', text: ending.text };
  }
}
