import { provinceOf } from '../../engine/map.ts';
import type { PhaseId, Position, PowerId } from '../../engine/types.ts';
import type { Variant } from '../../engine/variant.ts';
import type { SessionCommand } from '../../commands/index.ts';
import { comesAfter, readAheadBlock, readAheadPhase, type AheadCondition, type AheadStep } from '../../orders/orders-ahead.ts';
import { noticeTitle, renderOrderStatus } from '../../render/index.ts';
import {
  aheadErrorText,
  renderAheadLoaded,
  renderAheadOnFile,
  renderAheadReply,
  renderAheadUnused,
  type AheadDecision,
  type AheadOnFile,
} from '../../render/orders-ahead.ts';
import { subjectFor } from '../../render/subjects.ts';
import { deadlineTextFor } from '../clock/deadlines.ts';
import { everyone, type BlockContext, type JudgeConfig } from '../context.ts';
import type { Game } from '../model.ts';
import type { GamePorts, OrdersAheadPorts, OutboxPort, PhaseRecord, SeatRecord } from '../ports.ts';
import { shownOrdersAhead, shownPosition, viewOf, type ReaderView } from '../visibility/policy.ts';
import { readerOfSeat } from '../visibility/reader.ts';
import { checkOrderSet, owesOrders, parsedOrdersOf, type OrderEntry } from './order-set.ts';
import type { ActingSession } from '../acting-session.ts';

// njudge's orders ahead in the Diplomacy kind: a PHASE block is read (src/orders/orders-ahead.ts) and
// stored per game, power and phase, replacing what the power sent for that phase before; when the
// phase begins its conditions are read on the position then, the orders of the branches taken become
// the power's orders for the phase as if mailed then (njudge's PART, or MOVED when complete), and the
// power is told privately what was taken and what could not stand. A mail for that phase afterwards
// replaces them, as any mail does.

type PhaseCommand = Extract<SessionCommand, { kind: 'phase' }>;

/** A PHASE block of a mail from the power's player (or the Master acting for it): stored, replaced or withdrawn. */
export async function sendOrdersAhead(
  ctx: BlockContext<OrdersAheadPorts>,
  session: ActingSession,
  command: PhaseCommand,
  power: PowerId,
  current: PhaseId,
): Promise<void> {
  const { game, variant } = session;
  const read = readAheadPhase(command.args, command.line, variant, current);
  if (!read.ok) {
    ctx.errors.push({ line: read.error.line, message: aheadErrorText(read.error, variant) });
    return;
  }
  const lines = command.lines.map((l) => ({ line: l.line, text: l.text }));
  if (read.clear && lines.length > 0) {
    ctx.errors.push({ line: command.line, message: aheadErrorText({ line: command.line, kind: 'clear-with-orders' }, variant) });
    return;
  }
  const block = readAheadBlock(read.phase, lines, variant);
  if (!block.ok) {
    for (const error of block.errors) ctx.errors.push({ line: error.line, message: aheadErrorText(error, variant) });
    return;
  }
  const onFile = (await ctx.tx.ordersAhead(game.id)).some((r) => r.power === power && r.phaseId === read.phase);
  const { steps } = block.block;
  if (steps.length === 0) {
    if (onFile) await ctx.tx.discardOrdersAhead(game.id, [{ power, phaseId: read.phase }]);
    ctx.reply.push(renderAheadReply({ kind: onFile ? 'withdrawn' : 'nothing-to-withdraw', phase: read.phase }, variant));
    return;
  }
  await ctx.tx.saveOrdersAhead(game.id, { power, phaseId: read.phase, steps });
  ctx.reply.push(renderAheadReply({ kind: 'stored', phase: read.phase, steps, replaced: onFile }, variant));
}

/** Whether the position has a unit as the condition asks (units in place; a dislodged unit counts no more). */
export function conditionHolds(condition: AheadCondition, position: Position): boolean {
  switch (condition.kind) {
    case 'unit':
      return position.units.some(
        (u) =>
          provinceOf(u.location) === condition.province &&
          (condition.power === null || u.power === condition.power) &&
          (condition.unitType === null || u.type === condition.unitType),
      );
    case 'not':
      return !conditionHolds(condition.condition, position);
    case 'and':
      return condition.conditions.every((c) => conditionHolds(c, position));
    case 'or':
      return condition.conditions.some((c) => conditionHolds(c, position));
  }
}

/** The orders of the branches the position takes, in the order written, and each condition as it was read. */
export function chooseAheadOrders(steps: readonly AheadStep[], position: Position): { readonly orders: OrderEntry[]; readonly decisions: AheadDecision[] } {
  const orders: OrderEntry[] = [];
  const decisions: AheadDecision[] = [];
  const walk = (branch: readonly AheadStep[]) => {
    for (const step of branch) {
      if (step.kind === 'orders') {
        orders.push({ text: step.text, line: step.line });
        continue;
      }
      const held = conditionHolds(step.condition, position);
      decisions.push({ line: step.line, text: step.text, held, hasElse: step.whenFalse.length > 0 });
      walk(held ? step.whenTrue : step.whenFalse);
    }
  };
  walk(steps);
  return { orders, decisions };
}

/**
 * The phase just opened (processTurn): every power's orders ahead for it become its orders, checked as
 * a mail's would be; the blocks for it and for phases it passed are forgotten. Returns whether any
 * orders were loaded, so that the caller can see whether the phase is already ready.
 */
export async function loadOrdersAhead(tx: GamePorts, config: JudgeConfig, gameId: number, variant: Variant, phase: PhaseRecord): Promise<boolean> {
  const all = await tx.ordersAhead(gameId);
  const passed = all.filter((r) => !comesAfter(variant, phase.phaseId, r.phaseId));
  if (passed.length === 0) return false;
  await tx.discardOrdersAhead(
    gameId,
    passed.map((r) => ({ power: r.power, phaseId: r.phaseId })),
  );
  const game = (await tx.findGameById(gameId))!;
  const seats = await tx.seats(gameId);
  let loaded = false;
  const holderOf = (power: PowerId) => seats.find((s) => s.role === 'power' && s.power === power && s.status !== 'resigned' && s.status !== 'dummy');
  for (const record of passed) {
    const seat = holderOf(record.power);
    if (record.phaseId !== phase.phaseId || !owesOrders(variant, phase.position, record.power)) {
      // Told, so that a player away does not count on orders that never became theirs.
      const why = record.phaseId !== phase.phaseId ? 'phase-skipped' : 'nothing-to-order';
      if (seat) await mailNotice(tx, config, game, seat, phase.phaseId, renderAheadUnused({ gameName: game.name, phase: record.phaseId, why, variant }));
      continue;
    }
    // Conditions read what the power sees: all of the board, or in a blind game its own sight of it (a branch taken must not tell of units out of sight).
    const powerSeat = seats.find((s) => s.role === 'power' && s.power === record.power);
    const seen = powerSeat ? shownPosition(viewOf(game, readerOfSeat(powerSeat)), phase.position, variant) : phase.position;
    const { orders, decisions } = chooseAheadOrders(record.steps, seen);
    const checked = checkOrderSet(variant, phase.position, record.power, orders);
    // What stands is stored as if mailed alone: the power's orders are complete (njudge's MOVED) only when every one stood.
    await tx.saveOrders(gameId, phase.phaseId, {
      power: record.power,
      lines: checked.orders.filter((o) => o.error === null).map((o) => o.text),
      parsed: parsedOrdersOf(checked),
      submitted: checked.complete,
      hasErrors: false,
    });
    loaded = true;
    if (seat) await mailLoaded(tx, config, game, variant, seat, phase, { decisions, orders: checked.orders });
  }
  return loaded;
}

/** The power's private notice: the branches taken and the orders now on file, as the reply to an order mail shows them. */
async function mailLoaded(
  tx: OutboxPort,
  config: JudgeConfig,
  game: Game,
  variant: Variant,
  seat: SeatRecord,
  phase: PhaseRecord,
  loaded: { readonly decisions: readonly AheadDecision[]; readonly orders: Parameters<typeof renderOrderStatus>[0]['orders'] },
): Promise<void> {
  const view = viewOf(game, readerOfSeat(seat));
  const orderStatus = renderOrderStatus({
    variant,
    gameName: game.name,
    sequence: phase.seq + 1,
    power: seat.power!,
    position: shownPosition(view, phase.position, variant),
    orders: loaded.orders,
    deadline: deadlineTextFor(game, seat.timeZone, game.deadline),
    grace: deadlineTextFor(game, seat.timeZone, game.grace),
  });
  await mailNotice(
    tx,
    config,
    game,
    seat,
    phase.phaseId,
    renderAheadLoaded({ gameName: game.name, phase: phase.phaseId, decisions: loaded.decisions, orderStatus, variant }),
  );
}

/** A notice about the power's orders ahead, to its player alone. */
async function mailNotice(tx: OutboxPort, config: JudgeConfig, game: Game, seat: SeatRecord, phaseId: PhaseId, body: string): Promise<void> {
  await tx.enqueueMail({
    to: everyone([seat]),
    subject: subjectFor(config, game, phaseId, noticeTitle('orders-ahead')),
    body,
    gameId: game.id,
    kind: 'notice',
  });
}

/** STATUS and LIST game: the orders ahead on file as `view`'s reader may see them; empty when none shows. */
export async function ordersAheadText(tx: Pick<OrdersAheadPorts, 'ordersAhead'>, game: Game, variant: Variant, view: ReaderView): Promise<string> {
  const entries: AheadOnFile[] = [];
  for (const record of await tx.ordersAhead(game.id)) {
    // A phase the game has already reached (ROLLFORWARD) is no longer ahead: its block is dropped when the next phase begins.
    if (game.currentPhase !== null && !comesAfter(variant, game.currentPhase, record.phaseId)) continue;
    const shown = shownOrdersAhead(view, record.power);
    if (shown === 'none') continue;
    entries.push({ power: variant.power(record.power)?.name ?? record.power, phase: record.phaseId, steps: shown === 'contents' ? record.steps : null });
  }
  return renderAheadOnFile(entries, variant);
}
