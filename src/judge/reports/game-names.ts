import { renderMasterRefusal } from '../../render/master-refusals.ts';
import { BlockError } from '../context.ts';
import type { GamesPort } from '../ports.ts';

// "There is no game named 'dmeo'; did you mean demo?": a misspelt game name names the close
// ones. Only listed games are offered, so an unlisted (NoList) game's name is never given away.

/** How many listed games are compared with the misspelt name: enough for any judge's LIST. */
const CANDIDATES = 1000;

export async function noGameNamed(tx: Pick<GamesPort, 'searchGames'>, name: string, line: number | null): Promise<BlockError> {
  const { games } = await tx.searchGames([], CANDIDATES);
  const listedGames = games.filter((g) => g.status !== 'preparation').map((g) => g.name);
  return new BlockError(line, renderMasterRefusal({ kind: 'no-game-named', written: name.toLowerCase(), listedGames }));
}
