import { renderClassicRefusal, renderClassicReply } from '../../render/classic-replies.ts';
import { BlockError, type BlockContext } from '../context.ts';
import { masterSeat, type ActingSession } from '../acting-session.ts';
import { hasRule, type GameOptionValues } from '../model.ts';
import type { GamesPort } from '../ports.ts';

// njudge's press settings that are each reader's own, not the game's: SET [NO] BROADCAST [PRESS]
// (and its older spelling SET [NO] NORMAL BROADCAST) says whether the sender wants the players'
// and observers' broadcasts; SET ALL PRESS / SET NORMAL PRESS whether a Master (or, under WATCH
// ALL PRESS, an observer) gets a silent copy of all partial press. They are kept on the game by
// seat (options.noBroadcast, options.allPress) and read by the press plan (plan-press.ts); no one
// else is told.

export type ReaderPressSetting = { readonly kind: 'broadcasts'; readonly receive: boolean } | { readonly kind: 'all-press'; readonly on: boolean };

/** The reader's own press setting the words after SET (upper case) name, or null. */
export function readReaderPressSetting(words: readonly string[]): ReaderPressSetting | null {
  switch (words.join('')) {
    case 'BROADCAST':
    case 'BROADCASTPRESS':
    case 'NORMALBROADCAST':
      return { kind: 'broadcasts', receive: true };
    case 'NOBROADCAST':
    case 'NOBROADCASTPRESS':
    case 'NONORMALBROADCAST':
      return { kind: 'broadcasts', receive: false };
    case 'ALLPRESS':
      return { kind: 'all-press', on: true };
    case 'NORMALPRESS':
    case 'NOALLPRESS':
      return { kind: 'all-press', on: false };
    default:
      return null;
  }
}

function toggled(ids: readonly number[] | undefined, id: number, present: boolean): number[] {
  const rest = (ids ?? []).filter((other) => other !== id);
  return present ? [...rest, id] : rest;
}

/** Stores the sender's choice and tells them; the game's other readers hear nothing of it. */
export async function setReaderPress(
  ctx: BlockContext<Pick<GamesPort, 'updateGame'>>,
  session: ActingSession,
  setting: ReaderPressSetting,
  line: number,
): Promise<ActingSession> {
  const { game } = session;
  const options: GameOptionValues = game.options ?? {};
  let changed: GameOptionValues;
  if (setting.kind === 'broadcasts') {
    // After BECOME the choice is the power's, as the player's own SET would be.
    const seat = session.seat;
    if (seat.role === 'monitor') throw new BlockError(line, renderClassicRefusal({ kind: 'broadcasts-not-yours' }));
    changed = { ...options, noBroadcast: toggled(options.noBroadcast, seat.id, !setting.receive) };
    ctx.reply.push(renderClassicReply({ kind: 'broadcasts', gameName: game.name, receive: setting.receive }));
  } else {
    const master = masterSeat(session);
    const watcher = session.seat.role === 'observer' && hasRule(game, 'WATCH_ALL_PRESS') ? session.seat : null;
    const seat = master ?? watcher;
    if (seat === null) throw new BlockError(line, renderClassicRefusal({ kind: 'all-press-not-yours', gameName: game.name }));
    changed = { ...options, allPress: toggled(options.allPress, seat.id, setting.on) };
    ctx.reply.push(renderClassicReply({ kind: 'all-press', gameName: game.name, on: setting.on }));
  }
  await ctx.tx.updateGame(game.id, { options: changed });
  return { ...session, game: { ...game, options: changed } };
}
