import { noticeTitle, renderMasterNotice, renderMasterReply, type MastersChange } from '../../render/index.ts';
import { BlockError, type BlockContext } from '../context.ts';
import { subjectFor } from '../../render/subjects.ts';
import { renderMasterRefusal } from '../../render/master-refusals.ts';
import { noticeToAll } from '../clock/deadlines.ts';
import type { Game, MailAddress } from '../model.ts';
import type { GamesPort, NoticePorts, SeatRecord } from '../ports.ts';
import type { ActingSession } from '../acting-session.ts';
import { viewOf } from '../visibility/policy.ts';
import { MASTER, PUBLIC, type Reader } from '../visibility/reader.ts';

// A game's Masters (njudge's PROMOTE email, the UKDP FAQ's PROMOTE): the Master who created the
// game, or took it over, may make a player or observer of the game another Master. Each Master is a
// seat of its own with the promoted person's address and password, so every Master right (SET,
// PROCESS, ROLLBACK, the options, the true senders of press, the Master's notices) works for each,
// and each signs on with SIGNON M<game> and their own password. A Master may step down (RESIGN);
// the last one may not, so a game is never left without a Master.

export function mastersOf(seats: readonly SeatRecord[]): SeatRecord[] {
  return seats.filter((s) => s.role === 'master');
}

/**
 * The Master seat a sender signs on to: their own if they are one of the Masters, otherwise the
 * first Master's (DPjudge's TAKEOVER master@game with the Master's password, or a Master writing
 * from another address, prove that seat's password).
 */
export function masterSeatFor(seats: readonly SeatRecord[], sender: MailAddress): SeatRecord | undefined {
  const masters = mastersOf(seats);
  return masters.find((s) => s.address === sender) ?? masters[0];
}

/** The seat PROMOTE names: a power's player, an observer or monitor (by name), or an address in the game. */
function promotedSeat(session: ActingSession, token: string, line: number): SeatRecord {
  const { game, variant, seats } = session;
  const lower = token.toLowerCase();
  const power = variant.power(token);
  const seat = power
    ? seats.find((s) => s.role === 'power' && s.power === power.id)
    : (seats.find((s) => s.role !== 'master' && s.address === lower) ?? seats.find((s) => (s.role === 'observer' || s.role === 'monitor') && s.name === lower));
  if (!seat) throw new BlockError(line, renderMasterRefusal({ kind: 'promote-whom', gameName: game.name, token }));
  if (seat.role === 'power' && (seat.status === 'resigned' || seat.status === 'abandoned' || seat.status === 'dummy')) {
    throw new BlockError(line, renderMasterRefusal({ kind: 'no-player-to', power: variant.powerById(seat.power!).name, action: 'promote' }));
  }
  return seat;
}

/** PROMOTE address|power|observer: another Master, with the promoted person's own password. */
export async function promote(ctx: BlockContext<GamesPort & NoticePorts>, session: ActingSession, token: string, line: number): Promise<void> {
  const { game, seats } = session;
  if (game.status === 'completed' || game.status === 'terminated')
    throw new BlockError(line, renderMasterRefusal({ kind: 'unend-first', gameName: game.name, status: game.status, command: 'PROMOTE' }));
  const seat = promotedSeat(session, token, line);
  if (mastersOf(seats).some((m) => m.address === seat.address))
    throw new BlockError(line, renderMasterRefusal({ kind: 'master-already', address: seat.address, gameName: game.name }));
  if (seat.passwordHash === null)
    throw new BlockError(line, renderMasterRefusal({ kind: 'no-password-to-promote', address: seat.address, gameName: game.name }));
  await ctx.tx.addSeat({ gameId: game.id, role: 'master', power: null, address: seat.address, passwordHash: seat.passwordHash });
  // An observer becomes the Master; a player stays a player as well.
  if (seat.role === 'observer' || seat.role === 'monitor') await ctx.tx.removeSeat(seat.id);
  const count = mastersOf(seats).length + 1;
  await ctx.tx.enqueueMail({
    to: [seat.address],
    subject: subjectFor(ctx.config, game, game.currentPhase, noticeTitle('promoted')),
    body: renderMasterNotice({ kind: 'you-promoted', gameName: game.name, seatRole: seat.role === 'power' ? 'power' : 'observer' }),
    gameId: game.id,
    kind: 'notice',
  });
  await announce(ctx, game, session.seats, { address: seat.address, change: 'promoted' }, count);
  ctx.reply.push(renderMasterReply({ kind: 'promoted', address: seat.address, gameName: game.name, masters: count }));
}

/** RESIGN by a Master: they step down, unless they are the game's last Master. */
export async function stepDown(
  ctx: BlockContext<GamesPort & NoticePorts>,
  game: Game,
  seats: readonly SeatRecord[],
  seat: SeatRecord,
  line: number,
): Promise<void> {
  const others = mastersOf(seats).filter((s) => s.id !== seat.id);
  if (others.length === 0) throw new BlockError(line, renderMasterRefusal({ kind: 'last-master', gameName: game.name }));
  await ctx.tx.removeSeat(seat.id);
  await announce(
    ctx,
    game,
    seats.filter((s) => s.id !== seat.id),
    { address: seat.address, change: 'stepped-down' },
    others.length,
  );
  ctx.reply.push(renderMasterReply({ kind: 'stepped-down', gameName: game.name, mastersLeft: others.length }));
}

/**
 * Everyone learns that the game's Masters changed, and who as far as their view names it: the
 * Masters do; the notice to everyone else is written for the public's view, the least any of them may see.
 */
async function announce(ctx: BlockContext<NoticePorts>, game: Game, seats: readonly SeatRecord[], who: MastersChange, count: number): Promise<void> {
  const masters = mastersOf(seats).filter((s) => s.address !== who.address);
  const players = seats.filter((s) => s.role !== 'master' && !masters.some((m) => m.address === s.address));
  const named = (reader: Reader): MastersChange | null => (viewOf(game, reader).mastersChangeNamed ? who : null);
  if (masters.length > 0)
    await noticeToAll(ctx.tx, ctx.config, game, masters, noticeTitle('parameter-change'), () =>
      renderMasterNotice({ kind: 'masters-changed', gameName: game.name, masters: count, who: named(MASTER) }),
    );
  if (players.length > 0)
    await noticeToAll(ctx.tx, ctx.config, game, players, noticeTitle('parameter-change'), () =>
      renderMasterNotice({ kind: 'masters-changed', gameName: game.name, masters: count, who: named(PUBLIC) }),
    );
}
