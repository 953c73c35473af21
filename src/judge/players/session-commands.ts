import { setAddresses } from '../mail/mail-addresses.ts';
import { isInfoCommand, resolvePowerList, type Command, type SessionCommand } from '../../commands/index.ts';
import {
  noticeTitle,
  renderMasterNotice,
  renderOrdersOnFile,
  renderOrderStatus,
  renderProposalNotice,
  renderSeatNotice,
  renderSessionReply,
  renderVoteReply,
  type Proposal,
  type VoteEnd,
  type VoteRecord,
} from '../../render/index.ts';
import { BlockError, everyone, newPlayerSignon, storedPhase, type BlockContext, type GameSession } from '../context.ts';
import { subjectFor } from '../../render/subjects.ts';
import { orderReadingText } from '../../render/order-readings.ts';
import { orderRefusalText } from '../../render/order-problems.ts';
import { shownPosition, sightIn, viewOf, type ReaderView } from '../visibility/policy.ts';
import { readerOfSeat } from '../visibility/reader.ts';
import { deadlineTextFor } from '../clock/deadlines.ts';
import { countTakeover } from './dedication.ts';
import { resignSeat } from './enter-game.ts';
import { resumeAfterTakeover } from '../diplomacy/game-events.ts';
import { infoCommand } from '../reports/info-commands.ts';
import { abandonmentTime } from '../diplomacy/late-checks.ts';
import { hasRule, type GameEnding } from '../model.ts';
import { checkOrderSet, checkReadOrders, owesOrders, parsedOrdersOf, storedOrders, type OrderEntry } from '../diplomacy/order-set.ts';
import { hashPassword } from '../passwords/passwords.ts';
import { requireNewPassword } from '../passwords/password-checks.ts';
import { proseAtEdges, proseAtEndOfPhaseBlock } from '../diplomacy/prose.ts';
import type { GamePorts, GamesPort, OrdersAheadPorts, OutboxPort, PhaseOrdersPorts, PhaseRecord, SeatPatch, SessionPorts } from '../ports.ts';
import { ordersAheadText, sendOrdersAhead } from '../diplomacy/orders-ahead.ts';
import { sendPress } from '../press/press-delivery.ts';
import { masterSeat, type ActingSession } from '../acting-session.ts';
import { masterCommand, sendOfficialPress, setListed } from '../master/master-commands.ts';
import { rulesLine, setOption } from '../master/option-commands.ts';
import { isUnapproved } from '../master/approval.ts';
import { autoCreateSuccessor } from '../master/auto-create.ts';
import { queuePostalPress } from '../press/postal-press.ts';
import { diaryCommand, publishDiaries } from './diary.ts';
import { renderClassicRefusal } from '../../render/classic-replies.ts';
import { announceEnd } from '../diplomacy/process-turn.ts';
import { absenceCommand, setDeadlineCommand, zoneCommand } from '../clock/time-commands.ts';
import { masterTimeLine } from '../tracker/tracker-lines.ts';
import { renderSessionRefusal } from '../../render/session-refusals.ts';
import type { PhaseId, PowerId, ProvinceId } from '../../engine/types.ts';
import { isMailAddress } from '../../commands/names.ts';

// Everything a signed-on player, Master or observer may write after the opener. Orders are
// collected over the whole block and checked as one full set at the end of it.

/**
 * The deadlines in an order reply, in the reader's own zone if they set one (SET ZONE), with the
 * moment a power missing orders is declared abandoned (a day before grace in CIVIL_DISORDER games).
 */
function deadlines(
  game: GameSession['game'],
  readerZone: string | null,
  now: Date,
): { deadline: string | null; grace: string | null; abandonment: string | null; noNmr: boolean; late: boolean } {
  const abandonment = game.grace === null ? null : abandonmentTime(game, game.grace);
  return {
    late: game.deadline !== null && now >= game.deadline,
    deadline: deadlineTextFor(game, readerZone, game.deadline),
    grace: deadlineTextFor(game, readerZone, game.grace),
    abandonment: abandonment !== null && abandonment > now ? deadlineTextFor(game, readerZone, abandonment) : null,
    noNmr: !hasRule(game, 'CIVIL_DISORDER'),
  };
}

/** After BECOME: what the Master does as a power, copied to its player at the end. */
interface BecomeCopy {
  readonly session: ActingSession;
  /** The first reply paragraph that belongs to the copy. */
  readonly fromReply: number;
  readonly lines: string[];
}

export async function runSession(ctx: BlockContext<SessionPorts>, session: GameSession, allCommands: readonly Command[]): Promise<void> {
  const prose = proseAtEdges(allCommands, session.variant, session.game.currentPhase);
  ctx.proseLines?.push(...[...prose].map((c) => c.line));
  const commands = allCommands.filter((c) => !prose.has(c));
  // A sign-off after the last PHASE block's orders is prose too, as long as some line of the block is none.
  const last = commands[commands.length - 1];
  if (last?.kind === 'phase') {
    const trailing = proseAtEndOfPhaseBlock(last.lines, session.variant);
    if (trailing > 0 && trailing < last.lines.length) {
      ctx.proseLines?.push(...last.lines.slice(-trailing).map((l) => l.line));
      commands[commands.length - 1] = { ...last, lines: last.lines.slice(0, -trailing) };
    }
  }
  ctx.standing = () => ordersOnFile(ctx, session);
  let orders: OrderEntry[] = [];
  let current: ActingSession = session;
  let copy: BecomeCopy | null = null;
  const endCopy = async (untilReply: number) => {
    if (copy) await sendBecomeCopy(ctx, copy, ctx.reply.slice(copy.fromReply, untilReply));
    copy = null;
  };
  // MUST ORDER and NO LATE PRESS let a power write once its orders are in: a mail that brings both
  // sends its press after its orders, wherever the PRESS stands in it.
  const pressAfterOrders = ordersGatePress(session) && commands.some((c) => c.kind === 'order');
  const heldPress: Command[] = [];
  for (const command of commands) {
    if (current.purged) throw new BlockError(command.line, renderSessionRefusal({ kind: 'game-purged', gameName: current.game.name }));
    if (current.steppedDown) throw new BlockError(command.line, renderSessionRefusal({ kind: 'stepped-down', gameName: current.game.name }));
    if (pressAfterOrders && command.kind === 'press' && current.seat.id === session.seat.id) {
      heldPress.push(command);
      continue;
    }
    if (command.kind === 'order') {
      // The Master's lines in the Mafia tracker's words ("DAY 3 HAS ENDED EARLY") are no orders.
      const timed = masterSeat(current) ? await masterTimeLine(ctx, current, command.line, command.text) : null;
      if (timed) current = timed;
      else orders.push({ text: command.text, line: command.line });
      (copy as BecomeCopy | null)?.lines.push(command.text);
      continue;
    }
    const before = current;
    const replyAt = ctx.reply.length;
    // A refused command refuses the block, but the rest is still checked, so that the reply names
    // every error of the block at once (all of it is undone with the block).
    current = (await orRefused(ctx, () => sessionCommand(ctx, current, command))) ?? current;
    if (current.seat.id === before.seat.id) {
      (copy as BecomeCopy | null)?.lines.push(command.text);
      continue;
    }
    // BECOME: orders so far belong to the seat acted for until now.
    if (orders.length > 0) await submitOrders(ctx, before, orders);
    orders = [];
    await endCopy(replyAt);
    const master = masterSeat(current);
    if (current.master && current.seat.status === 'active' && current.seat.address !== master?.address)
      copy = { session: current, fromReply: ctx.reply.length, lines: [] };
  }
  if (orders.length > 0) await orRefused(ctx, () => submitOrders(ctx, current, orders));
  for (const press of heldPress) current = (await orRefused(ctx, () => sessionCommand(ctx, current, press))) ?? current;
  await endCopy(ctx.reply.length);
}

/** Runs one command of a block; a refusal is noted among the block's errors instead of ending it. */
async function orRefused<T>(ctx: BlockContext<unknown>, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof BlockError)) throw error;
    ctx.errors.push({ line: error.line, message: error.message });
    return undefined;
  }
}

/** Whether the game lets this player's press wait on its orders (MUST ORDER, NO LATE PRESS). */
function ordersGatePress(session: GameSession): boolean {
  return session.seat.role === 'power' && (hasRule(session.game, 'MUST_ORDER') || hasRule(session.game, 'NO_LATE_PRESS'));
}

/** The player of a power the Master acted for gets the Master's lines and the judge's answers. */
async function sendBecomeCopy(ctx: BlockContext<OutboxPort>, copy: BecomeCopy, replies: readonly string[]): Promise<void> {
  const { game, variant, seat } = copy.session;
  const name = variant.powerById(seat.power!).name;
  const body = renderMasterNotice({ kind: 'become-copy', gameName: game.name, power: name, lines: copy.lines, replies });
  await ctx.tx.enqueueMail({
    to: [seat.address],
    subject: subjectFor(ctx.config, game, game.currentPhase, noticeTitle({ kind: 'master-as', power: name })),
    body,
    gameId: game.id,
    kind: 'notice',
  });
}

// biome-ignore lint/suspicious/noConfusingVoidType: a command that keeps the session returns nothing (its callers use `?? current`)
async function sessionCommand(ctx: BlockContext<SessionPorts>, session: ActingSession, command: Command): Promise<ActingSession | void> {
  const { game, seat } = session;
  if (isInfoCommand(command)) {
    await infoCommand(ctx, command, game.name);
    // LIST game from a signed-on reader also shows what that reader may see of the orders ahead on file.
    if (command.kind === 'list' && !command.full && (command.game === null || command.game === game.name) && game.currentPhase !== null) {
      const ahead = await ordersAheadText(ctx.tx, game, session.variant, echoView(session));
      if (ahead !== '') ctx.reply.push(ahead);
    }
    return;
  }
  switch (command.kind) {
    case 'press':
      // Past the mail's or the hour's press cap the press is left unsent, and the reply's closing notes say so (mail-work.ts).
      if (ctx.mailWork && !(await ctx.mailWork.mayPress(command.line, (since) => ctx.tx.pressSentSince(seat.address, since), ctx.now))) return;
      return session.official !== undefined && masterSeat(session) ? sendOfficialPress(ctx, session, command) : sendPress(ctx, session, command);
    case 'postal-press':
      return queuePostalPress(ctx, session, command);
    case 'diary':
      return diaryCommand(ctx, session, command);
    case 'status':
      return reportOrders(ctx, session);
    case 'clear': {
      const { power, phaseId } = requirePlayingPower(session, command.line);
      await ctx.tx.saveOrders(game.id, phaseId, { power, lines: [], submitted: false, hasErrors: false });
      ctx.reply.push(renderSessionReply({ kind: 'orders-cleared' }));
      return;
    }
    case 'set-wait': {
      requirePlayingPower(session, command.line);
      // A WAIT holds the whole game, so only a power's own player may set it (njudge's run let the Master and observers hold games).
      if (session.master) throw new BlockError(command.line, renderSessionRefusal({ kind: 'master-cannot-wait' }));
      // DPjudge's REAL_TIME: processed at the last order, with no wait flag.
      if (command.wait && hasRule(session.game, 'REAL_TIME')) {
        throw new BlockError(command.line, renderSessionRefusal({ kind: 'real-time-no-wait', gameName: session.game.name }));
      }
      await ctx.tx.updateSeat(seat.id, { wait: command.wait });
      ctx.reply.push(renderSessionReply({ kind: 'wait-set', wait: command.wait }));
      return { ...session, seat: { ...seat, wait: command.wait } };
    }
    case 'set-password':
      requireNewPassword(ctx, command.password, command.line);
      await ctx.tx.updateSeat(seat.id, { passwordHash: await hashPassword(command.password, ctx.config.passwordCost) });
      ctx.reply.push(renderSessionReply({ kind: 'password-changed' }));
      return;
    case 'set-address': {
      const addresses = command.addresses.length > 0 ? command.addresses : [ctx.sender];
      const wrong = addresses.find((address) => !isMailAddress(address));
      if (wrong !== undefined) throw new BlockError(command.line, renderSessionRefusal({ kind: 'not-an-address', address: wrong }));
      ctx.reply.push(await setAddresses(ctx.tx, ctx.config, { seat, gameId: game.id, gameName: game.name, addresses }, ctx.now));
      return;
    }
    case 'set-draw':
    case 'set-nodraw':
    case 'set-concede':
    case 'set-noconcede':
    case 'vote':
    case 'propose':
      return vote(ctx, session, command);
    case 'master':
      return masterCommand(ctx, session, command);
    case 'set-deadline':
    case 'set-grace':
      return setDeadlineCommand(ctx, session, command);
    case 'set-listed':
      return setListed(ctx, session, command.listed, command.line);
    case 'set-option':
      return setOption(ctx, session, command);
    case 'rules':
      return rulesLine(ctx, session, command);
    case 'set-absence':
    case 'set-no-absence':
      return absenceCommand(ctx, session, command);
    case 'set-zone':
      return zoneCommand(ctx, session, command);
    case 'set-preference':
      return setPreference(ctx, session, command.tokens, command.line);
    case 'resign-self':
      if (session.master) throw new BlockError(command.line, renderSessionRefusal({ kind: 'master-cannot-resign' }));
      await resignSeat(ctx, game, session.variant, session.seats, seat, command.line);
      // A Master's RESIGN steps down (masters.ts): the Master's rights end with it.
      if (seat.role === 'master') return { ...session, steppedDown: true };
      return { ...session, seat: { ...seat, status: 'resigned' } };
    case 'phase': {
      const { power, phaseId } = requirePlayingPower(session, command.line);
      return sendOrdersAhead(ctx, session, command, power, phaseId);
    }
    case 'set-map':
      await ctx.tx.updateSeat(seat.id, { mapPictures: command.on });
      ctx.reply.push(renderSessionReply({ kind: 'map-set', gameName: game.name, on: command.on }));
      return { ...session, seat: { ...seat, mapPictures: command.on } };
    default:
      ctx.errors.push({ line: command.line, message: renderSessionRefusal({ kind: 'command-not-available', written: command.text }) });
  }
}

/**
 * njudge's SET PREFERENCE: the powers a player of a forming game wants, best first; they are
 * honoured, as far as they can be, when the game starts and powers are given out (startGame).
 */
async function setPreference(
  ctx: BlockContext<Pick<GamesPort, 'updateSeat'>>,
  session: ActingSession,
  tokens: readonly string[],
  line: number,
): Promise<ActingSession> {
  const { game, variant, seat } = session;
  if (seat.role !== 'power' || session.master) throw new BlockError(line, renderSessionRefusal({ kind: 'preferences-not-player' }));
  if (game.status !== 'forming') throw new BlockError(line, renderSessionRefusal({ kind: 'preferences-game-started', gameName: game.name }));
  if (seat.power !== null) throw new BlockError(line, renderSessionRefusal({ kind: 'preferences-power-chosen', power: variant.powerById(seat.power).name }));
  const list = resolvePowerList(
    tokens,
    variant.powers.map((p) => ({ id: p.id, name: p.name, initial: p.initial })),
  );
  if (!list.ok) throw new BlockError(line, renderSessionRefusal({ kind: 'not-a-power', token: list.token, error: list.error }));
  const preferences = list.ids.filter((id) => variant.power(id) !== undefined);
  if (preferences.length < list.ids.length) throw new BlockError(line, renderSessionRefusal({ kind: 'preferences-not-powers' }));
  await ctx.tx.updateSeat(seat.id, { preferences });
  ctx.reply.push(renderSessionReply({ kind: 'preferences-set', gameName: game.name, powers: preferences.map((id) => variant.powerById(id).name) }));
  return { ...session, seat: { ...seat, preferences } };
}

/** A power its sender may order now, and the phase it orders in. */
interface PlayingPower {
  readonly power: PowerId;
  readonly phaseId: PhaseId;
}

/** The power and phase a sender may order now; refuses Masters (unless after BECOME), observers and vacated seats. */
function requirePlayingPower(session: ActingSession, line: number | null): PlayingPower {
  const { game, seat } = session;
  if (seat.role !== 'power' || seat.power === null) throw new BlockError(line, renderSessionRefusal({ kind: 'holds-no-power' }));
  // The Master may order a dummy or a vacated power.
  if (seat.status !== 'active' && !session.master) throw new BlockError(line, renderSessionRefusal({ kind: 'power-vacated' }));
  if ((game.status !== 'active' && game.status !== 'waiting') || game.currentPhase === null)
    throw new BlockError(line, renderSessionRefusal({ kind: 'game-not-played', gameName: game.name, status: game.status }));
  return { power: seat.power, phaseId: game.currentPhase };
}

/**
 * njudge: orders from the player of a power abandoned or in civil disorder take it back (its
 * ABAND and CD flags clear), which counts as a takeover; a game waiting for replacements goes on
 * once no power is vacant, with a fresh deadline as after TAKEOVER.
 */
async function reclaimVacatedPower(ctx: BlockContext<GamePorts>, session: ActingSession): Promise<ActingSession> {
  const { game, variant, seat } = session;
  if (session.master || seat.role !== 'power' || (seat.status !== 'abandoned' && seat.status !== 'cd') || seat.address !== ctx.sender) return session;
  if (game.status !== 'active' && game.status !== 'waiting') return session;
  await ctx.tx.updateSeat(seat.id, { status: 'active', wait: false });
  await ctx.tx.changeHolder(seat.id, seat.address, 'returned');
  await countTakeover(ctx.tx, seat.id);
  const seats = await ctx.tx.seats(game.id);
  let current = game;
  if (game.status === 'waiting' && !seats.some((s) => s.role === 'power' && (s.status === 'resigned' || s.status === 'abandoned'))) {
    current = { ...game, status: 'active' };
    await ctx.tx.updateGame(game.id, { status: 'active' });
    await resumeAfterTakeover(ctx.tx, current, ctx.now);
    current = (await ctx.tx.findGameById(game.id)) ?? current;
  }
  const name = variant.powerById(seat.power!).name;
  ctx.reply.push(renderSessionReply({ kind: 'power-reclaimed', power: name, gameName: game.name }));
  await notifyPlayers(ctx, session, newPlayerSignon(variant.powerById(seat.power!)), renderSeatNotice({ kind: 'reclaimed', power: name, gameName: game.name }));
  return { ...session, game: current, seat: { ...seat, status: 'active', wait: false }, seats };
}

async function submitOrders(ctx: BlockContext<GamePorts>, acting: ActingSession, entries: readonly OrderEntry[]): Promise<void> {
  const session = await reclaimVacatedPower(ctx, acting);
  const { game, variant } = session;
  const line = entries[0]?.line ?? null;
  const { power, phaseId } = requirePlayingPower(session, line);
  // njudge's APPROVAL: a power waiting for the Master's approval sends no orders (the Master, after BECOME, may).
  if (session.master === undefined && isUnapproved(game, power))
    throw new BlockError(line, renderClassicRefusal({ kind: 'not-approved', gameName: game.name, power: variant.powerById(power).name }));
  const phase = await storedPhase(ctx.tx, game, phaseId);
  if (!owesOrders(variant, phase.position, power))
    throw new BlockError(line, renderSessionRefusal({ kind: 'no-orders-owed', power: variant.powerById(power).name, phase: phaseId }));
  const checked = checkOrderSet(variant, phase.position, power, entries, sightIn(echoView(session), variant, phase.position));
  for (const order of checked.orders) if (order.error) ctx.errors.push({ line: order.line, text: order.text, message: orderRefusalText(order.error, variant) });
  if (checked.fictional.length > 0) ctx.reply.push(renderSessionReply({ kind: 'fictional-orders', orders: checked.fictional }));
  // How orders were read where that could surprise: a wrong unit type or coast ignored (DATC 4.B.5, 4.C.2), an inferred coast.
  const typeNotes = checked.notes.filter((n) => n.note.kind === 'unit-type-read' || n.note.kind === 'fleet-coast-ignored');
  if (typeNotes.length > 0)
    ctx.reply.push(renderSessionReply({ kind: 'order-notes', notes: typeNotes.map((n) => ({ ...n, note: orderReadingText(n.note, variant.map) })) }));
  ctx.reply.push(orderStatus(ctx.now, session, phase, power, checked.orders));
  if (checked.errorCount > 0) return;
  await ctx.tx.saveOrders(game.id, phaseId, {
    power,
    lines: entries.map((e) => e.text),
    parsed: parsedOrdersOf(checked),
    submitted: checked.complete,
    hasErrors: false,
  });
  // These may have been the last orders: the judge says at the end when the turn will be processed.
  ctx.touchedGames.add(game.id);
}

/** The echo of a power's orders on file, written for the reader the echo goes to. */
function orderStatus(now: Date, session: ActingSession, phase: PhaseRecord, power: PowerId, orders: Parameters<typeof renderOrderStatus>[0]['orders']): string {
  const { game, variant, seat } = session;
  return renderOrderStatus({
    variant,
    gameName: game.name,
    sequence: phase.seq + 1,
    power,
    position: shownPosition(echoView(session), phase.position, variant),
    orders,
    ...deadlines(game, (session.master ?? seat).timeZone, now),
    wait: seat.wait,
  });
}

/** The view the echo of a power's orders is written for: its player's, or the Master's acting for it (BECOME). */
function echoView(session: ActingSession): ReaderView {
  return viewOf(session.game, readerOfSeat(session.master ?? session.seat));
}

async function reportOrders(ctx: BlockContext<PhaseOrdersPorts & OrdersAheadPorts>, session: ActingSession): Promise<void> {
  const { game, variant, seat } = session;
  // What is on file for later phases, as the reader may see it (the owner the orders, a gunboat game's Master only that they are there).
  const ahead = game.currentPhase === null ? '' : await ordersAheadText(ctx.tx, game, variant, echoView(session));
  if (seat.role !== 'power' || seat.power === null || !game.currentPhase) {
    ctx.reply.push(renderSessionReply({ kind: 'game-state', gameName: game.name, status: game.status, phaseId: game.currentPhase }));
    if (ahead !== '') ctx.reply.push(ahead);
    return;
  }
  const power = seat.power;
  const phase = await storedPhase(ctx.tx, game, game.currentPhase);
  const stored = (await ctx.tx.orders(game.id, phase.phaseId)).find((o) => o.power === power);
  const checked = checkReadOrders(
    variant,
    phase.position,
    power,
    stored ? storedOrders(variant, phase.position, stored) : [],
    sightIn(echoView(session), variant, phase.position),
  );
  ctx.reply.push(orderStatus(ctx.now, session, phase, power, checked.orders));
  if (ahead !== '') ctx.reply.push(ahead);
}

/** What stands when the block is refused: the power's orders on file for the phase, read after the rollback. */
async function ordersOnFile(ctx: BlockContext<PhaseOrdersPorts>, session: ActingSession): Promise<string | null> {
  const { game, variant, seat } = session;
  if (seat.role !== 'power' || seat.power === null || !game.currentPhase || (game.status !== 'active' && game.status !== 'waiting')) return null;
  const phase = await ctx.tx.phase(game.id, game.currentPhase);
  if (!phase || !owesOrders(variant, phase.position, seat.power)) return null;
  const stored = (await ctx.tx.orders(game.id, phase.phaseId)).find((o) => o.power === seat.power);
  const checked = checkOrderSet(
    variant,
    phase.position,
    seat.power,
    (stored?.lines ?? []).map((text) => ({ text, line: null })),
    sightIn(echoView(session), variant, phase.position),
  );
  const stands = {
    variant,
    gameName: game.name,
    sequence: phase.seq + 1,
    power: seat.power,
    position: shownPosition(echoView(session), phase.position, variant),
    orders: checked.orders,
    ...deadlines(game, (session.master ?? seat).timeZone, ctx.now),
    wait: seat.wait,
  };
  return renderOrdersOnFile({ ...stands, stored: (stored?.lines.length ?? 0) > 0 });
}

type VoteCommand = Extract<SessionCommand, { kind: 'set-draw' | 'set-nodraw' | 'set-concede' | 'set-noconcede' | 'vote' | 'propose' }>;

/**
 * Draws and concessions. A draw ends the game when every surviving power votes for the same
 * draw: all survivors (DIAS), or under NO_DIAS the same list of powers. A concession ends it
 * when every other survivor concedes to one power. Votes stay until withdrawn.
 */
async function vote(ctx: BlockContext<GamePorts>, session: GameSession, command: VoteCommand): Promise<void> {
  const { variant, seat } = session;
  let { game } = session;
  const { phaseId } = requirePlayingPower(session, command.line);
  const phase = await storedPhase(ctx.tx, game, phaseId);
  const survivors = variant.powers
    .filter((p) => phase.position.units.some((u) => u.power === p.id) || (phase.position.supplyCenters[p.id]?.length ?? 0) > 0)
    .map((p) => p.id);
  const name = (power: PowerId) => variant.powerById(power).name;
  const noDias = hasRule(game, 'NO_DIAS');
  const refuseDraws = () => {
    if (hasRule(game, 'NO_DRAW')) throw new BlockError(command.line, renderSessionRefusal({ kind: 'no-draws', gameName: game.name }));
  };
  // njudge's NO CONCESSIONS: a game that can end only by a win or a draw.
  const refuseConcessions = () => {
    if (hasRule(game, 'NO_CONCESSIONS')) throw new BlockError(command.line, renderSessionRefusal({ kind: 'no-concessions', gameName: game.name }));
  };
  switch (command.kind) {
    case 'set-draw':
    case 'vote': {
      if (command.kind === 'vote' && command.choice === 'solo') return recordVote(ctx, seat.id, { drawVote: null, concedeVote: null }, { kind: 'withdrawn' });
      if (command.kind === 'vote' && command.choice === 'loss') {
        refuseConcessions();
        const largest = largestPower(phase.position.supplyCenters, survivors);
        if (!largest) throw new BlockError(command.line, renderSessionRefusal({ kind: 'no-largest-power' }));
        if (largest === seat.power) throw new BlockError(command.line, renderSessionRefusal({ kind: 'largest-is-self', power: name(largest) }));
        await recordVote(ctx, seat.id, { concedeVote: largest }, { kind: 'concede', to: name(largest) });
        break;
      }
      if (command.kind === 'vote' && (command.choice === 'yes' || command.choice === 'no')) {
        if (!game.proposal) throw new BlockError(command.line, renderSessionRefusal({ kind: 'no-open-proposal' }));
        if (command.choice === 'yes') {
          await recordVote(ctx, seat.id, { proposalVote: true }, { kind: 'accept-proposal' });
          break;
        }
        await ctx.tx.updateGame(game.id, { proposal: null });
        await ctx.tx.clearProposalVotes(game.id);
        ctx.reply.push(renderVoteReply({ kind: 'reject-proposal' }));
        await notifyPlayers(ctx, session, noticeTitle('proposal-rejected'), renderProposalNotice(game.name, null));
        return;
      }
      refuseDraws();
      // VOTE nWAY (NO_DIAS games): a draw among the n survivors with the most supply centres.
      const nWay = command.kind === 'vote' && command.choice === 'n-way' ? largestPowers(phase.position.supplyCenters, survivors, command.ways ?? 0) : null;
      if (command.kind === 'vote' && command.choice === 'n-way') {
        if (!noDias) throw new BlockError(command.line, renderSessionRefusal({ kind: 'dias-vote-dias', gameName: game.name }));
        if (!nWay) throw new BlockError(command.line, renderSessionRefusal({ kind: 'n-way-impossible', ways: command.ways }));
      }
      const tokens = nWay ?? (command.kind === 'set-draw' ? command.tokens : []);
      if (tokens.length === 0) {
        if (noDias)
          throw new BlockError(
            command.line,
            renderSessionRefusal({ kind: 'no-dias-name-powers', gameName: game.name, initials: survivors.map((p) => variant.powerById(p).initial) }),
          );
        await recordVote(ctx, seat.id, { drawVote: [] }, { kind: 'draw', between: 'survivors' });
        break;
      }
      if (!noDias) throw new BlockError(command.line, renderSessionRefusal({ kind: 'dias-draw-alone', gameName: game.name }));
      const list = resolvePowerList(tokens, variant.powers);
      if (!list.ok) throw new BlockError(command.line, renderSessionRefusal({ kind: 'not-a-power', token: list.token, error: list.error }));
      const draw = [...list.ids].sort();
      const dead = draw.filter((p) => !survivors.includes(p));
      if (dead.length > 0) throw new BlockError(command.line, renderSessionRefusal({ kind: 'cannot-share-draw', powers: dead.map(name) }));
      await recordVote(ctx, seat.id, { drawVote: draw }, { kind: 'draw', between: draw.map(name) });
      break;
    }
    case 'set-nodraw':
      return recordVote(ctx, seat.id, { drawVote: null }, { kind: 'draw-withdrawn' });
    case 'set-concede': {
      refuseConcessions();
      const target = command.power === null ? largestPower(phase.position.supplyCenters, survivors) : (variant.power(command.power)?.id ?? null);
      if (!target || !survivors.includes(target))
        throw new BlockError(command.line, renderSessionRefusal({ kind: 'cannot-concede-to', written: command.power }));
      if (target === seat.power) throw new BlockError(command.line, renderSessionRefusal({ kind: 'concede-to-self' }));
      await recordVote(ctx, seat.id, { concedeVote: target }, { kind: 'concede', to: name(target) });
      break;
    }
    case 'set-noconcede':
      return recordVote(ctx, seat.id, { concedeVote: null }, { kind: 'concession-withdrawn' });
    case 'propose': {
      if (!hasRule(game, 'PROPOSE_DIAS')) throw new BlockError(command.line, renderSessionRefusal({ kind: 'no-proposals', gameName: game.name }));
      if (game.proposal) throw new BlockError(command.line, renderSessionRefusal({ kind: 'proposal-open' }));
      const target = command.target.kind === 'dias' ? 'DIAS' : (variant.power(command.target.token)?.id ?? null);
      if (target === null || (target !== 'DIAS' && !survivors.includes(target)))
        throw new BlockError(command.line, renderSessionRefusal({ kind: 'proposal-target' }));
      if (target === 'DIAS') refuseDraws();
      else refuseConcessions();
      await ctx.tx.updateGame(game.id, { proposal: target });
      await ctx.tx.clearProposalVotes(game.id);
      await ctx.tx.updateSeat(seat.id, { proposalVote: true });
      const proposal: Proposal = target === 'DIAS' ? { kind: 'dias' } : { kind: 'concede', to: name(target) };
      ctx.reply.push(renderVoteReply({ kind: 'propose', proposal }));
      await notifyPlayers(ctx, session, noticeTitle('proposal'), renderProposalNotice(game.name, proposal));
      game = { ...game, proposal: target };
      break;
    }
  }
  const votes = (await ctx.tx.votes(game.id)).filter((v) => survivors.includes(v.power));
  const accepted = game.proposal !== null && votes.length === survivors.length && votes.every((v) => v.proposal === true);
  const drawOf = (v: (typeof votes)[number]) => (v.draw === null ? null : v.draw.length === 0 ? survivors : v.draw);
  const first = votes[0] ? drawOf(votes[0]) : null;
  const unanimousDraw = first !== null && votes.length === survivors.length && votes.every((v) => drawOf(v)?.join() === first.join());
  const winner =
    accepted && game.proposal !== 'DIAS'
      ? game.proposal!
      : survivors.find((p) => survivors.every((other) => other === p || votes.find((v) => v.power === other)?.concede === p));
  const draw = unanimousDraw ? first! : accepted && game.proposal === 'DIAS' ? survivors : null;
  if (!draw && !winner) return;
  const ending: GameEnding = draw ? { kind: 'draw', victors: draw } : { kind: 'concession', victors: [winner!] };
  await ctx.tx.updateGame(game.id, { status: 'completed', proposal: null, ending });
  const end: VoteEnd = draw ? { kind: 'draw', between: draw.map(name) } : { kind: 'conceded', winner: name(winner!) };
  const seats = await ctx.tx.seats(game.id);
  await announceEnd(ctx.tx, ctx.config, game, variant, seats, ending, { seq: phase.seq, position: phase.position, date: ctx.now });
  await publishDiaries(ctx.tx, ctx.config, game, variant, seats);
  await autoCreateSuccessor(ctx.tx, ctx.config, game, seats, ending);
  ctx.reply.push(renderVoteReply({ kind: 'game-over', gameName: game.name, end }));
}

/** A notice to every player of the game but the sender; never names who sent it. */
async function notifyPlayers(ctx: BlockContext<OutboxPort>, session: GameSession, what: string, body: string): Promise<void> {
  const to = everyone(session.seats.filter((s) => s.id !== session.seat.id));
  if (to.length > 0)
    await ctx.tx.enqueueMail({
      to,
      subject: subjectFor(ctx.config, session.game, session.game.currentPhase, what),
      body,
      gameId: session.game.id,
      kind: 'notice',
    });
}

async function recordVote(ctx: BlockContext<Pick<GamesPort, 'updateSeat'>>, seatId: number, patch: SeatPatch, vote: VoteRecord): Promise<void> {
  await ctx.tx.updateSeat(seatId, patch);
  ctx.reply.push(renderVoteReply(vote));
}

/** The n survivors with the most centres, or null when fewer survive or the cut falls inside a tie. */
function largestPowers(centres: Readonly<Record<PowerId, readonly ProvinceId[]>>, survivors: readonly PowerId[], n: number): PowerId[] | null {
  const sizes = survivors.map((p) => [p, centres[p]?.length ?? 0] as const).sort((a, b) => b[1] - a[1]);
  if (n < 1 || n > sizes.length || (n < sizes.length && sizes[n - 1]![1] === sizes[n]![1])) return null;
  return sizes.slice(0, n).map(([p]) => p);
}

function largestPower(centres: Readonly<Record<PowerId, readonly ProvinceId[]>>, survivors: readonly PowerId[]): PowerId | null {
  const sizes = survivors.map((p) => [p, centres[p]?.length ?? 0] as const).sort((a, b) => b[1] - a[1]);
  return sizes.length > 0 && (sizes.length === 1 || sizes[0]![1] > sizes[1]![1]) ? sizes[0]![0] : null;
}
