import type { SessionCommand } from '../commands/index.ts';
import { BlockError, type BlockContext, type GameSession } from './context.ts';
import type { Seat } from './model.ts';
import { planPress, type PressArchive } from './press/index.ts';

// Sends a PRESS or BROADCAST as planned by the press rules: one mail per recipient, the
// archive row, and the echo in the sender's reply. Refused press reaches nobody but the sender.

export async function sendPress(ctx: BlockContext, session: GameSession, command: Extract<SessionCommand, { kind: 'press' }>): Promise<void> {
  const { game, variant, seat, seats } = session;
  const plan = planPress({ variant, game, sender: seat, seats, command, judgeCode: ctx.config.code, phase: game.currentPhase });
  if (!plan.ok) throw new BlockError(command.line, plan.reason);
  for (const delivery of plan.deliveries) {
    await ctx.tx.enqueueMail({ to: [delivery.address], subject: delivery.subject, body: delivery.body, gameId: game.id, kind: 'press' });
  }
  await archivePress(ctx, game, seat, plan.archive);
  ctx.reply.push(plan.echo);
}

/** Stores a planned press in the game's archive, as sent by this seat. */
export async function archivePress(ctx: BlockContext, game: GameSession['game'], sender: Seat, archive: PressArchive): Promise<void> {
  await ctx.tx.archivePress({
    gameId: game.id,
    phaseId: game.currentPhase,
    senderSeatId: sender.id,
    senderAddress: sender.address,
    kind: archive.kind,
    broadcast: archive.broadcast,
    recipients: archive.recipients,
    // The archive keeps the disguise as a pair: what readers were shown as recipients and as broadcast.
    shownRecipients: archive.shownRecipients ?? (archive.shownBroadcast !== null ? [] : null),
    shownBroadcast: archive.shownBroadcast ?? (archive.shownRecipients !== null ? archive.broadcast : null),
    fakeSender: archive.fakeSender,
    body: archive.body,
  });
}
