import type { SessionCommand } from '../../commands/index.ts';
import type { PhaseId } from '../../engine/types.ts';
import type { Variant } from '../../engine/variant.ts';
import { postalPressHeader, postalPressTitle, renderClassicRefusal, renderClassicReply } from '../../render/classic-replies.ts';
import { pressBody } from '../../render/press-headers.ts';
import { subjectFor } from '../../render/subjects.ts';
import { BlockError, type BlockContext, type GameSession, type JudgeConfig } from '../context.ts';
import { hasRule, type Game, type GameOptionValues, type MailAddress, type PostalPress } from '../model.ts';
import type { GamesPort, OutboxPort, PressPort, SeatRecord } from '../ports.ts';
import { hasReader, partyDirectory, partyNaming } from './press-parties.ts';
import { defaultPressKind } from './press-rules.ts';

// njudge's POSTAL PRESS … ENDPRESS (SET POSTAL PRESS allows it): a broadcast that waits for the
// phase's results and goes out with them to everyone in the game, never partial or faked. It is
// sent in the game's press colour (grey under GREY_PRESS, the Master's copy naming the sender
// all the same) and archived as a broadcast of the phase it was written in, for HISTORY. The
// messages waiting are kept on the game (options.postalPress) until the phase is processed.

type PostalCommand = Extract<SessionCommand, { kind: 'postal-press' }>;

export async function queuePostalPress(ctx: BlockContext<Pick<GamesPort, 'updateGame'>>, session: GameSession, command: PostalCommand): Promise<void> {
  const { game, variant, seat, seats } = session;
  const refuse = (refusal: Parameters<typeof renderClassicRefusal>[0]): never => {
    throw new BlockError(command.line, renderClassicRefusal(refusal));
  };
  if (command.extraWords.length > 0) refuse({ kind: 'postal-options', words: command.extraWords.join(' ') });
  if (seat.role !== 'master' && !hasRule(game, 'POSTAL_PRESS')) refuse({ kind: 'postal-not-allowed', gameName: game.name });
  if ((game.status !== 'active' && game.status !== 'waiting') || game.currentPhase === null) refuse({ kind: 'postal-no-phase', gameName: game.name });
  if (seat.role === 'monitor' || !hasReader(seat)) refuse({ kind: 'postal-not-yours', why: 'monitor' });
  if (seat.role === 'observer' && hasRule(game, 'MUTE_OBSERVERS')) refuse({ kind: 'postal-not-yours', why: 'mute-observers' });
  if (command.body.trim() === '') refuse({ kind: 'postal-empty' });
  const sender = partyDirectory(variant, game, seats).partyOf(seat);
  const postal: PostalPress = { seatId: seat.id, sender, kind: seat.role === 'master' ? 'white' : defaultPressKind(game), body: command.body };
  const waiting = [...(game.options?.postalPress ?? []), postal];
  const options: GameOptionValues = { ...game.options, postalPress: waiting };
  await ctx.tx.updateGame(game.id, { options });
  ctx.reply.push(renderClassicReply({ kind: 'postal-queued', gameName: game.name, phaseId: game.currentPhase!, waiting: waiting.length }));
}

/** After the results of `phaseId`: each postal press waiting goes to everyone, is archived, and the game's queue is emptied. */
export async function deliverPostalPress(
  tx: Pick<GamesPort, 'updateGame'> & OutboxPort & Pick<PressPort, 'archivePress'>,
  config: JudgeConfig,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  phaseId: PhaseId,
): Promise<void> {
  const waiting = game.options?.postalPress ?? [];
  if (waiting.length === 0) return;
  const naming = partyNaming(variant);
  const directory = partyDirectory(variant, game, seats);
  const readers = seats.filter((s) => hasReader(s));
  for (const postal of waiting) {
    const named = naming.senderName(postal.sender);
    const shown = postal.kind === 'white' ? named : null;
    const copy = (sender: string | null) => ({
      subject: subjectFor(config, game, phaseId, postalPressTitle(sender === null ? null : naming.initial(postal.sender))),
      body: pressBody(postalPressHeader(game.name, phaseId, sender), postal.body),
    });
    // The Master always reads who sent it, as with grey press.
    const masters = addresses(readers.filter((s) => s.role === 'master'));
    const others = addresses(readers.filter((s) => s.role !== 'master')).filter((a) => !masters.includes(a));
    if (masters.length > 0) await tx.enqueueMail({ to: masters, ...copy(named), gameId: game.id, kind: 'press' });
    if (others.length > 0) await tx.enqueueMail({ to: others, ...copy(shown), gameId: game.id, kind: 'press' });
    const senderSeat = seats.find((s) => s.id === postal.seatId);
    if (senderSeat === undefined) continue;
    await tx.archivePress({
      gameId: game.id,
      phaseId,
      senderSeatId: senderSeat.id,
      senderAddress: senderSeat.address,
      kind: postal.kind,
      broadcast: true,
      recipients: directory.everyone,
      shownRecipients: null,
      shownBroadcast: null,
      fakeSender: null,
      body: postal.body,
    });
  }
  const { postalPress: _sent, ...rest } = game.options ?? {};
  await tx.updateGame(game.id, { options: rest });
}

function addresses(seats: readonly SeatRecord[]): MailAddress[] {
  return [...new Set(seats.map((s) => s.address))];
}
