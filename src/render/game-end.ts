// Notices about a game's players at its end (the judge decides who is named; these write).

/** One line of the roster: the power's name and its player's address, or null where it stays hidden. */
export interface RosterLine {
  readonly power: string;
  readonly address: string | null;
}

/** Shown instead of an address the game keeps hidden (NO_REVEAL, gunboat). */
const HIDDEN_PLAYER = 'someone@somewhere';

function rosterLines(roster: readonly RosterLine[]): string[] {
  return roster.map((line) => `  ${line.power.padEnd(10)} ${line.address ?? HIDDEN_PLAYER}`);
}

/** REVEAL: who played which power. */
export function renderPlayersRevealed(input: { readonly gameName: string; readonly roster: readonly RosterLine[] }): string {
  return [`The players of Diplomacy game '${input.gameName}' were:`, ...rosterLines(input.roster), ''].join('\n');
}

/** The game is over, why, and who played (hidden addresses where the game keeps them hidden). */
export function renderGameOver(input: {
  readonly gameName: string;
  readonly why: string;
  readonly roster: readonly RosterLine[];
  readonly finalPosition?: readonly string[];
}): string {
  const position = input.finalPosition && input.finalPosition.length > 0 ? ['', 'The game ends in this position:', '', ...input.finalPosition] : [];
  return [`Diplomacy game '${input.gameName}' is over. ${input.why}`, '', 'The players were:', ...rosterLines(input.roster), ...position, ''].join('\n');
}
