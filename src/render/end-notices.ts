// What the Game over notice is titled and why a game was won (src/judge/process-turn.ts sends it;
// render/game-end.ts writes its body).

/** "Victory: F" when powers won, "Game over" otherwise (a draw, a concession, the Master's end). */
export function gameEndTitle(victorInitials: readonly string[]): string {
  return victorInitials.length > 0 ? `Victory: ${victorInitials.join('')}` : 'Game over';
}

/** Whether a notice's title is one gameEndTitle writes. */
export function isGameEndTitle(title: string): boolean {
  return title === gameEndTitle([]) || title.startsWith('Victory: ');
}

/** Why a game ended with a solo. */
export function soloWinText(power: string): string {
  return `${power} has won the game.`;
}
