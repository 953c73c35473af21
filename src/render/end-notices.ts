import { endedWithoutReason } from './info-replies.ts';
import { MASTER_ENDED_GAME } from './time-notices.ts';
import { voteEndText } from './vote-replies.ts';

// What the Game over notice is titled and why a game was won (src/judge/diplomacy/process-turn.ts sends it;
// render/game-end.ts writes its body), and why the game ended, in that notice and in SUMMARY.

/** "Victory: F" when powers won, "Game over" otherwise (a draw, a concession, the Master's end). */
export function gameEndTitle(victorInitials: readonly string[]): string {
  return victorInitials.length > 0 ? `Victory: ${victorInitials.join('')}` : 'Game over';
}

/** Why a game ended with a solo. */
export function soloWinText(power: string): string {
  return `${power} has won the game.`;
}

/** Why a game ended, its powers named (the judge's GameEnding). */
export type GameEndReason =
  | { readonly kind: 'solo' | 'concession'; readonly winner: string }
  | { readonly kind: 'draw'; readonly between: readonly string[] }
  | { readonly kind: 'master' | 'terminated' }
  | { readonly kind: 'told'; readonly text: string };

export function gameEndText(reason: GameEndReason): string {
  switch (reason.kind) {
    case 'solo':
      return soloWinText(reason.winner);
    case 'concession':
      return voteEndText({ kind: 'conceded', winner: reason.winner });
    case 'draw':
      return voteEndText({ kind: 'draw', between: reason.between });
    case 'told':
      return reason.text;
    case 'master':
      return MASTER_ENDED_GAME;
    case 'terminated':
      return endedWithoutReason('terminated');
  }
}
