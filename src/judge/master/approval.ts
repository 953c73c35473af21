import { resolvePowerList, splitPowerList } from '../../commands/index.ts';
import type { PowerId } from '../../engine/types.ts';
import { renderClassicRefusal, renderClassicReply } from '../../render/classic-replies.ts';
import { BlockError, type BlockContext } from '../context.ts';
import { masterSeat, type ActingSession } from '../acting-session.ts';
import { hasRule, type Game, type GameOptionValues } from '../model.ts';
import type { GamesPort } from '../ports.ts';

// njudge's APPROVAL (SET [NO] APPROVAL, a Master's flag) and SET [NOT] APPROVE[D] powers: with the
// flag on, a player who enters the game (its start, a TAKEOVER) may send orders only once the
// Master approves their power; the Master may approve or disapprove any power at any time, flag or
// not. The powers waiting are kept on the game (options.unapproved); submitOrders refuses their
// orders (the Master's own, after BECOME, still count).

export interface ApproveWords {
  readonly approved: boolean;
  readonly tokens: readonly string[];
}

/** SET APPROVE[D] powers / SET NOT APPROVE[D] powers (the words after SET, upper case), or null. */
export function readApproveWords(words: readonly string[]): ApproveWords | null {
  const [first, second] = words;
  if (first === 'APPROVE' || first === 'APPROVED') return { approved: true, tokens: splitPowerList(words.slice(1).join(' ')) };
  if (first === 'NOTAPPROVE' || first === 'NOTAPPROVED') return { approved: false, tokens: splitPowerList(words.slice(1).join(' ')) };
  if (first === 'NOT' && (second === 'APPROVE' || second === 'APPROVED')) return { approved: false, tokens: splitPowerList(words.slice(2).join(' ')) };
  return null;
}

export async function approvePowers(
  ctx: BlockContext<Pick<GamesPort, 'updateGame'>>,
  session: ActingSession,
  words: ApproveWords,
  line: number,
): Promise<ActingSession> {
  const { game, variant } = session;
  if (masterSeat(session) === null) throw new BlockError(line, renderClassicRefusal({ kind: 'approve-not-yours' }));
  if (words.tokens.length === 0) throw new BlockError(line, renderClassicRefusal({ kind: 'approve-needs-powers' }));
  const list = resolvePowerList(words.tokens, variant.powers);
  if (!list.ok) throw new BlockError(line, renderClassicRefusal({ kind: 'approve-unknown-power', token: list.token }));
  const powers = variant.powers.filter((p) => list.ids.includes(p.id));
  if (powers.length !== list.ids.length) {
    const stray = words.tokens.find((t) => /^[MO]$/i.test(t)) ?? words.tokens.join(' ');
    throw new BlockError(line, renderClassicRefusal({ kind: 'approve-unknown-power', token: stray }));
  }
  const ids = powers.map((p) => p.id);
  const waiting = (game.options?.unapproved ?? []).filter((id) => !ids.includes(id));
  const options: GameOptionValues = { ...game.options, unapproved: words.approved ? waiting : [...waiting, ...ids] };
  await ctx.tx.updateGame(game.id, { options });
  ctx.reply.push(renderClassicReply({ kind: 'approval', gameName: game.name, powers: powers.map((p) => p.name), approved: words.approved }));
  return { ...session, game: { ...game, options } };
}

/** The game's options with these powers waiting for approval, when the game asks for it; null: nothing to change. */
export function awaitingApproval(game: Game, powers: readonly PowerId[]): GameOptionValues | null {
  if (!hasRule(game, 'APPROVAL') || powers.length === 0) return null;
  const waiting = game.options?.unapproved ?? [];
  return { ...game.options, unapproved: [...waiting, ...powers.filter((p) => !waiting.includes(p))] };
}

/** Whether the power's orders wait for the Master's approval. */
export function isUnapproved(game: Game, power: PowerId): boolean {
  return game.options?.unapproved?.includes(power) ?? false;
}
