import { readGameName, type GameName } from '../../commands/names.ts';
import { loadVariant } from '../../catalog/variant-catalog.ts';
import { autoCreatedTitle, renderAutoCreated } from '../../render/classic-replies.ts';
import type { JudgeConfig } from '../context.ts';
import { noticeToAll } from '../clock/deadlines.ts';
import { hasRule, type Game, type GameEnding, type GameOptionValues } from '../model.ts';
import type { GamesPort, NoticePorts, SeatRecord } from '../ports.ts';

// njudge's SET [NO] AUTO CREATE: when a game so set ends in a victory or a draw (a concession
// included; not the Master's END or TERMINATE), a new game is made with identical settings (variant,
// rules, AUTO CREATE too, timing, zone, description, options, signon gates, privacy word) and the
// same Masters, forming and unlisted, named with the next sequence number (demo → demo2 → demo3).
// Everyone who followed the ended game is told how to join it. Nothing of the game's state goes
// with it: readers' own press choices, postal press and approvals belong to the game that ended.

/** How many sequence numbers are tried past names already taken. */
const NAME_TRIES = 20;

/** The next name in the series: a trailing number incremented, or 2 added. */
export function nextInSeries(name: string): string {
  const numbered = /^(.*?)(\d+)$/.exec(name);
  return numbered ? `${numbered[1]}${Number(numbered[2]) + 1}` : `${name}2`;
}

/** The options that are the game's settings, without what belongs to its play. */
function settingOptions(options: GameOptionValues | undefined): GameOptionValues {
  const { noBroadcast: _readers, allPress: _watchers, postalPress: _postal, unapproved: _approvals, ...settings } = options ?? {};
  return settings;
}

/** Makes the game that follows an ended AUTO CREATE game and tells its followers; null when it makes none. */
export async function autoCreateSuccessor(
  tx: Pick<GamesPort, 'findGame' | 'createGame' | 'updateGame' | 'addSeat' | 'privateWordHash'> & NoticePorts,
  config: JudgeConfig,
  game: Game,
  seats: readonly SeatRecord[],
  ending: GameEnding,
): Promise<GameName | null> {
  if (!hasRule(game, 'AUTO_CREATE') || (ending.kind !== 'solo' && ending.kind !== 'draw' && ending.kind !== 'concession')) return null;
  let candidate = nextInSeries(game.name);
  let name: GameName | null = null;
  for (let i = 0; i < NAME_TRIES && name === null; i++, candidate = nextInSeries(candidate)) {
    const read = readGameName(candidate);
    if (read === null) return null;
    if ((await tx.findGame(read)) === null) name = read;
  }
  if (name === null) return null;
  const created = await tx.createGame({
    name,
    variant: game.variant,
    status: 'forming',
    rules: game.rules,
    description: game.description,
    listed: false,
    privateWordHash: await tx.privateWordHash(game.id),
    timing: game.timing,
    timeZone: game.timeZone,
  });
  await tx.updateGame(created.id, {
    options: settingOptions(game.options),
    ...(game.signonGates ? { signonGates: game.signonGates } : {}),
  });
  for (const master of seats.filter((s) => s.role === 'master' && s.status !== 'resigned')) {
    await tx.addSeat({ gameId: created.id, role: 'master', power: null, address: master.address, passwordHash: master.passwordHash });
  }
  const body = renderAutoCreated({ gameName: game.name, newGame: name, variantTitle: loadVariant(game.variant).title });
  await noticeToAll(tx, config, game, seats, autoCreatedTitle(name), () => body);
  return name;
}
