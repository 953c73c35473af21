// The replies to the commands anyone may send without signing on (src/judge/reports/info-commands.ts
// finds the games and records, these write them): game lists, a player's record, MAP, SUMMARY of
// a game not started, the version.

export const VERSION_TEXT = 'dipjudge 0.1.0';

/** One game in a list: its name, its variant's title, its state and its phase. */
export interface GameListEntry {
  readonly name: string;
  readonly variantTitle: string;
  readonly status: string;
  readonly phaseId: string | null;
}

/** A list cut at `limit` games, and whether more matched. */
export interface ListPage<T> {
  readonly games: readonly T[];
  readonly more: boolean;
}

/** "  name             Standard   active       S1901M" */
export function gameListLine(game: GameListEntry): string {
  return `  ${game.name.padEnd(16)} ${game.variantTitle.padEnd(10)} ${game.status.padEnd(12)} ${game.phaseId ?? ''}`.trimEnd();
}

/** SEARCH words: the listed games matching. */
export function renderSearchResults(page: ListPage<GameListEntry>, limit: number): string {
  if (page.games.length === 0) return 'No listed game matches.';
  const lines = page.games.map(gameListLine);
  if (page.more) lines.push(`(only the first ${limit} are shown: add words to narrow the search)`);
  return lines.join('\n');
}

/** A game in play with powers (Diplomacy) or players' seats (Mafia, Werewolf: their nicks) open for TAKEOVER. */
export interface TakeoverOpening {
  readonly game: GameListEntry;
  readonly powers: readonly string[];
  readonly seats: readonly string[];
}

/** LIST: the games taking players, then the games in play with a power open for TAKEOVER. */
export function renderOpenings(forming: ListPage<GameListEntry>, takeovers: ListPage<TakeoverOpening>, limit: number): string {
  const lines: string[] = [];
  if (forming.games.length === 0 && takeovers.games.length === 0)
    lines.push('There are no games on this judge taking players just now. Start one with CREATE game password.');
  if (forming.games.length > 0) lines.push('Games on this judge taking players (send JOIN game password):', ...forming.games.map(gameListLine));
  if (forming.more) lines.push(`(only the first ${limit} by name are shown: SEARCH forming words narrows them down)`);
  const powers = takeovers.games.filter((opening) => opening.powers.length > 0);
  if (powers.length > 0) {
    if (lines.length > 0) lines.push('');
    lines.push('Games in play with a power open for TAKEOVER (send TAKEOVER power@game password):');
    for (const { game, powers: open } of powers) lines.push(`${gameListLine(game).padEnd(50)} ${open.join(', ')}`);
  }
  const seats = takeovers.games.filter((opening) => opening.seats.length > 0);
  if (seats.length > 0) {
    if (lines.length > 0) lines.push('');
    lines.push("Mafia and Werewolf games with a player's seat open for TAKEOVER (send TAKEOVER nick@game password):");
    for (const { game, seats: open } of seats) lines.push(`${gameListLine(game).padEnd(50)} ${open.join(', ')}`);
  }
  if (takeovers.more) lines.push(`(only the first ${limit} by name are shown: SEARCH waiting words narrows them down)`);
  lines.push('', 'LIST game shows one game; SEARCH words finds games by name, status, variant or rule.');
  return lines.join('\n');
}

/** LIST FULL: the listed games, in play or not, with their rules. */
export function renderFullList(page: ListPage<GameListEntry & { readonly rules: readonly string[] }>, limit: number): string {
  if (page.games.length === 0) return 'There are no games on this judge yet. Start one with CREATE game password.';
  const lines = ['Games on this judge:', ...page.games.map((g) => `${gameListLine(g)}${g.rules.length > 0 ? `  ${g.rules.join(' ')}` : ''}`)];
  if (page.more) lines.push(`(only the first ${limit} by name are shown: SEARCH words narrows them down)`);
  return lines.join('\n');
}

/** GET DEDICATION and INFO PLAYER: a player's record, with the ratios worked out from it. */
export interface PlayerRecordReport {
  /** null: the sender's own record (hidden games counted). */
  readonly address: string | null;
  readonly points: number;
  readonly onTimeRatio: number;
  readonly onTime: number;
  readonly total: number;
  readonly civilDisorderRatio: number;
  readonly resigned: number;
  readonly started: number;
  readonly tookOver: number;
}

export function renderPlayerRecord(record: PlayerRecordReport): string {
  const own = record.address === null;
  const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;
  return [
    `${own ? 'Your record' : `The record of ${record.address}`} on this judge:`,
    `  Dedication points:  ${record.points}`,
    `  On time:            ${percent(record.onTimeRatio)} (${record.onTime} of ${record.total} phases judged)`,
    `  Civil disorder:     ${percent(record.civilDisorderRatio)} (${record.resigned} abandoned or in civil disorder)`,
    `  Games started:      ${record.started}`,
    `  Powers taken over:  ${record.tookOver}`,
    own
      ? 'Games whose players are hidden (gunboat, NO_REVEAL) count here; others do not see them in your record.'
      : 'Games whose players are hidden (gunboat, NO_REVEAL) are not counted.',
  ].join('\n');
}

/** A MAP drawn: the phase, and whether its orders are on it. */
export interface MapDrawn {
  readonly gameName: string;
  readonly phaseId: string;
  readonly withOrders: boolean;
}

/** The reply: the picture follows in a mail of its own. */
export function renderMapReply(map: MapDrawn, filename: string): string {
  return `The map of game '${map.gameName}', ${mapWhat(map)}, is attached to this reply (${filename}).`;
}

function mapWhat(map: MapDrawn): string {
  return map.withOrders ? `${map.phaseId} with its orders` : map.phaseId;
}

/** SUMMARY of a game whose first phase has not begun. */
export function renderSummaryNotStarted(gameName: string): string {
  return `Game '${gameName}' has not started yet: there is nothing to sum up. LIST ${gameName} shows it.`;
}

/** SUMMARY's result line of an ended game whose "Game over" notice gives no reason. */
export function endedWithoutReason(status: 'completed' | 'terminated'): string {
  return status === 'terminated' ? 'The Master terminated the game.' : 'The game is over.';
}
