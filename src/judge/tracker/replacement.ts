import { renderMasterReply, renderSeatNotice } from '../../render/index.ts';
import { renderMasterRefusal, type MasterRefusal } from '../../render/master-refusals.ts';
import type { ActingSession } from '../acting-session.ts';
import { BlockError, everyone, newPlayerSignon, type BlockContext } from '../context.ts';
import { subjectFor } from '../../render/subjects.ts';
import type { GamePorts } from '../ports.ts';
import { isMailAddress, mailAddress, type MailAddress } from '../model.ts';
import { countTakeover } from '../players/dedication.ts';
import { requireAccess } from '../players/enter-game.ts';
import { resumeAfterTakeover } from '../diplomacy/game-events.ts';
import { freshPassword, hashPassword } from '../passwords/passwords.ts';
import { requireSignonGates } from '../players/signon-gates.ts';

// The Mafia tracker's replacement line, in the Master's block: "NEW HAS REPLACED OLD" or "NEW IS
// REPLACING OLD". NEW is the address of the player who takes the power; OLD names the power (its
// name or initial) or the address of its holder. The Master may hand over any power of a game in
// play, vacant, dummy or played, with the checks TAKEOVER makes of the newcomer: not already
// playing another power, allowed by ALLOW/DENY PLAYER, and meeting the signon gates. The newcomer
// gets a fresh password by mail (to change with SET PASSWORD), the player replaced is told, and
// everyone else hears of a takeover without an address.

const REPLACEMENT = /^\s*(\S+)\s+(?:HAS\s+REPLACED|IS\s+REPLACING)\s+(.+?)[\s.!]*$/i;

export interface ReplacementLine {
  readonly newcomer: MailAddress;
  readonly old: string;
}

/** The line read as a replacement, or null when it is none (it may still be an order or prose). */
export function parseReplacementLine(text: string): ReplacementLine | { readonly refusal: MasterRefusal } | null {
  const match = REPLACEMENT.exec(text);
  // "Bob has replaced Alice" in a player's greeting is prose: NEW must be (meant as) an address.
  if (!match || !match[1]!.includes('@')) return null;
  const newcomer = match[1]!.replace(/^<|>$/g, '');
  if (!isMailAddress(newcomer)) return { refusal: { kind: 'replacement-no-address', written: match[1]! } };
  return { newcomer: mailAddress(newcomer), old: match[2]!.replace(/^<|>$/g, '').trim() };
}

/** Hands the power to the newcomer; the caller reads the game and seats again afterwards. */
export async function replacePlayer(ctx: BlockContext<GamePorts>, session: ActingSession, line: number, replacement: ReplacementLine): Promise<void> {
  const { game, variant, seats } = session;
  if ((game.status !== 'active' && game.status !== 'waiting') || game.currentPhase === null)
    throw new BlockError(line, renderMasterRefusal({ kind: 'not-handable', gameName: game.name, status: game.status }));
  const old = replacement.old.toLowerCase();
  const power = variant.power(old);
  const seat = power
    ? seats.find((s) => s.role === 'power' && s.power === power.id)
    : seats.find((s) => s.role === 'power' && s.address === old && s.status !== 'dummy');
  if (!seat) throw new BlockError(line, renderMasterRefusal({ kind: 'neither-power-nor-player', old: replacement.old, gameName: game.name }));
  const name = variant.powerById(seat.power!).name;
  const { newcomer } = replacement;
  if (seat.address === newcomer && seat.status === 'active') throw new BlockError(line, renderMasterRefusal({ kind: 'plays-already', newcomer, power: name }));
  if (seats.some((s) => s.address === newcomer && s.id !== seat.id && s.status !== 'resigned' && s.role !== 'observer' && s.role !== 'monitor')) {
    throw new BlockError(line, renderMasterRefusal({ kind: 'plays-in-game', newcomer, gameName: game.name }));
  }
  try {
    requireAccess(game, newcomer, line, 'takeover');
    await requireSignonGates({ ...ctx, sender: newcomer }, game, line, 'takeover');
  } catch (error) {
    if (!(error instanceof BlockError)) throw error;
    throw new BlockError(line, renderMasterRefusal({ kind: 'newcomer-refused', newcomer, reason: error.message }));
  }

  const password = freshPassword();
  const before = seat;
  await ctx.tx.updateSeat(seat.id, {
    address: newcomer,
    passwordHash: await hashPassword(password, ctx.config.passwordCost),
    status: 'active',
    wait: false,
    timeZone: null,
  });
  await ctx.tx.changeHolder(seat.id, newcomer, 'replaced');
  await countTakeover(ctx.tx, seat.id);
  const updated = await ctx.tx.seats(game.id);
  if (game.status === 'waiting' && !updated.some((s) => s.role === 'power' && (s.status === 'resigned' || s.status === 'abandoned'))) {
    await ctx.tx.updateGame(game.id, { status: 'active' });
    await resumeAfterTakeover(ctx.tx, { ...game, status: 'active' }, ctx.now);
  }

  const initial = variant.powerById(seat.power!).initial;
  const signon = newPlayerSignon(variant.powerById(seat.power!));
  await ctx.tx.enqueueMail({
    to: [newcomer],
    subject: subjectFor(ctx.config, game, game.currentPhase, signon),
    body: renderSeatNotice({ kind: 'handed-to-you', power: name, initial, gameName: game.name, password }),
    gameId: game.id,
    kind: 'notice',
  });
  const playedBefore = before.status !== 'dummy' && before.status !== 'resigned' && before.address !== newcomer;
  if (playedBefore) {
    await ctx.tx.enqueueMail({
      to: [before.address],
      subject: subjectFor(ctx.config, game, game.currentPhase, signon),
      body: renderSeatNotice({ kind: 'handed-over', power: name, gameName: game.name }),
      gameId: game.id,
      kind: 'notice',
    });
  }
  const notice = renderSeatNotice({ kind: 'taken-over', power: name, gameName: game.name });
  const others = everyone(updated.filter((s) => s.id !== seat.id && s.role !== 'master')).filter((a) => a !== before.address);
  if (others.length > 0)
    await ctx.tx.enqueueMail({ to: others, subject: subjectFor(ctx.config, game, game.currentPhase, signon), body: notice, gameId: game.id, kind: 'notice' });
  await ctx.tx.archiveNotice({ gameId: game.id, phaseId: game.currentPhase, subject: signon, body: notice });
  ctx.reply.push(renderMasterReply({ kind: 'replaced', newcomer, power: name, gameName: game.name }));
}
