import type { SessionCommand } from '../../commands/index.ts';
import { BlockError, type BlockContext, type GameSession } from '../context.ts';
import type { OutboxPort, PhaseOrdersPorts, PressPort } from '../ports.ts';
import { hasRule, type Seat } from '../model.ts';
import { owesOrders } from '../diplomacy/order-set.ts';
import { planPress, type PressArchive } from './index.ts';
import type { PressStanding } from './press-types.ts';

// Sends a PRESS or BROADCAST as planned by the press rules: one mail per recipient, the
// archive row, and the echo in the sender's reply. Refused press reaches nobody but the sender.

export async function sendPress(
  ctx: BlockContext<PressPort & OutboxPort & PhaseOrdersPorts>,
  session: GameSession,
  command: Extract<SessionCommand, { kind: 'press' }>,
): Promise<void> {
  const { game, variant, seat, seats } = session;
  const standing = await pressStanding(ctx, session);
  const plan = planPress({
    variant,
    game,
    sender: seat,
    seats,
    command,
    judgeCode: ctx.config.code,
    phase: game.currentPhase,
    ...(standing ? { standing } : {}),
  });
  if (!plan.ok) throw new BlockError(command.line, plan.reason);
  for (const delivery of plan.deliveries) {
    await ctx.tx.enqueueMail({ to: [delivery.address], subject: delivery.subject, body: delivery.body, gameId: game.id, kind: 'press' });
  }
  await archivePress(ctx, game, seat, plan.archive);
  ctx.reply.push(plan.echo);
}

/** Whether the sending power still owes orders, for MUST_ORDER and NO_LATE_PRESS games only (they read the orders). */
async function pressStanding(ctx: BlockContext<PhaseOrdersPorts>, session: GameSession): Promise<PressStanding | null> {
  const { game, variant, seat } = session;
  if (seat.role !== 'power' || seat.power === null || game.currentPhase === null || game.status !== 'active') return null;
  if (!hasRule(game, 'MUST_ORDER') && !hasRule(game, 'NO_LATE_PRESS')) return null;
  const phase = await ctx.tx.phase(game.id, game.currentPhase);
  if (!phase || !owesOrders(variant, phase.position, seat.power)) return null;
  const stored = (await ctx.tx.orders(game.id, game.currentPhase)).find((o) => o.power === seat.power);
  return { ordersMissing: !(stored?.submitted === true && !stored.hasErrors), afterDeadline: game.deadline !== null && ctx.now >= game.deadline };
}

/** Stores a planned press in the game's archive, as sent by this seat. */
export async function archivePress(
  ctx: BlockContext<Pick<PressPort, 'archivePress'>>,
  game: GameSession['game'],
  sender: Seat,
  archive: PressArchive,
): Promise<void> {
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
