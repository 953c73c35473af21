import { deliverPostalPress } from '../press/postal-press.ts';
import { autoCreateSuccessor } from '../master/auto-create.ts';
import { publishDiaries } from '../players/diary.ts';
import type { PhaseId, Position, PowerId } from '../../engine/types.ts';
import { loadVariant } from '../../catalog/variant-catalog.ts';
import { adjudicatePhase, skippingIdleRetreats } from '../../engine/adjudicate-phase.ts';
import type { PhaseOutcome } from '../../engine/results.ts';
import type { Variant } from '../../engine/variant.ts';
import { positionLines } from '../../render/list-game.ts';
import {
  gameEndText,
  gameEndTitle,
  noticeTitle,
  renderGameOver,
  type RosterLine,
  renderManualProcessNote,
  renderPlayersRevealed,
  renderProcessingTime,
  renderResults,
  withMapperHeader,
} from '../../render/index.ts';
import { everyone, type JudgeConfig } from '../context.ts';
import { subjectFor } from '../../render/subjects.ts';
import { deadlineText, deadlineTextFor, scheduleDeadline } from '../clock/deadlines.ts';
import { creditPunctualTurn } from '../players/dedication.ts';
import { endReason } from '../reports/game-ending.ts';
import { gameHeader } from '../reports/game-header.ts';
import { mapAttachment, splitByPictureChoice, type PictureRequest } from '../reports/map-pictures.ts';
import { hasRule, type Game, type GameEnding } from '../model.ts';
import { owesOrders, submittedOrders } from './order-set.ts';
import { loadOrdersAhead } from './orders-ahead.ts';
import { storedResultsJson } from './stored-results.ts';
import type { GamePorts, NoticePorts, OutboxPort, PhaseOrdersPorts, PhaseRecord, SeatRecord, StoredOrders } from '../ports.ts';
import { recordedView, resultsAudiences, resultsKey, shownAddresses, shownPosition, shownResults, viewOf, type ReaderView } from '../visibility/policy.ts';
import { PUBLIC } from '../visibility/reader.ts';
import { announcedProcessingTime, deferProcessing, heldToDeadline, processingDue, processingTime, withdrawProcessing } from '../clock/process-delay.ts';
import type { TouchedGame } from '../kinds/game-kind.ts';

// A phase is processed once every power that owes orders has a player who submitted a
// complete, error-free set and nobody who owes orders has SET WAIT, after njudge's delay
// (process-delay.ts). Deadlines (which also end a phase) belong to the scheduler.

export interface TurnReadiness {
  readonly ready: boolean;
  /** Powers still owing orders, waiting, or without a player. */
  readonly waitingFor: readonly PowerId[];
  /** The phase and orders read to decide, for processTurn to use as long as nothing was written since. */
  readonly current?: CurrentPhase;
}

/** The current phase and the orders stored for it. */
export interface CurrentPhase {
  readonly phase: PhaseRecord;
  readonly stored: readonly StoredOrders[];
}

export async function turnReadiness(
  tx: PhaseOrdersPorts,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  now: Date,
  options: { readonly ignoreWaits?: boolean } = {},
): Promise<TurnReadiness> {
  if (game.status !== 'active' || game.currentPhase === null) return { ready: false, waitingFor: [] };
  const phase = await tx.phase(game.id, game.currentPhase);
  if (!phase) return { ready: false, waitingFor: [] };
  const orders = await tx.orders(game.id, phase.phaseId);
  const stored = new Map(orders.map((o) => [o.power, o]));
  // A WAIT holds the turn only until the deadline (njudge's UPDATE_PROCESS).
  // The Master's PROCESS overrides it (njudge clears WAIT).
  const waitCounts = options.ignoreWaits !== true && !hasRule(game, 'REAL_TIME') && (game.deadline === null || now < game.deadline);
  const waitingFor: PowerId[] = [];
  for (const power of variant.powers) {
    if (!owesOrders(variant, phase.position, power.id)) continue;
    const seat = seats.find((s) => s.role === 'power' && s.power === power.id);
    const own = stored.get(power.id);
    // A dummy has nobody to wait for: its units hold unless the Master orders them (BECOME).
    // Nor does a power in civil disorder hold up later phases (njudge) until someone takes it over.
    if (seat?.status === 'dummy' || seat?.status === 'cd') continue;
    if (seat?.status !== 'active' || (seat.wait && waitCounts) || !own?.submitted || own.hasErrors) waitingFor.push(power.id);
  }
  return { ready: waitingFor.length === 0, waitingFor, current: { phase, stored: orders } };
}

/**
 * After a mail that touched the game (njudge's UPDATE_PROCESS): processes the current phase if
 * it is ready and its delay is over; if it is ready but must wait, (re)schedules its processing
 * and returns, for the reply to the mail, when that will be (in the zone the sender chose in the
 * game, if any); if it is not ready, withdraws any pending one. Whatever the mail did (orders,
 * SET NOWAIT, a TAKEOVER, the Master's BECOME), its reply says when the turn will be processed.
 * ALWAYS_WAIT games are never processed before their deadline: the deadline job does it.
 */
export async function processIfReady(tx: GamePorts, config: JudgeConfig, game: Game, now: Date, sender: string | null = null): Promise<TouchedGame> {
  const unchanged = { name: game.name, phase: game.currentPhase, note: null };
  if (game.status !== 'active') return unchanged;
  const variant = loadVariant(game.variant);
  const seats = await tx.seats(game.id);
  const at = await readyAt(tx, game, variant, seats, now);
  // njudge's MANUAL PROCESS: a ready turn waits for the Master's PROCESS.
  if (at !== 'not ready' && hasRule(game, 'MANUAL_PROCESS')) {
    await withdrawProcessing(tx, game);
    return { ...unchanged, note: renderManualProcessNote(game.name) };
  }
  if (at === 'not ready') {
    await withdrawProcessing(tx, game);
    return unchanged;
  }
  if (at !== null) {
    await deferProcessing(tx, game, at);
    const reader = sender === null ? undefined : seats.find((s) => s.address === sender && s.status !== 'resigned' && s.status !== 'dummy');
    return { ...unchanged, note: processingNote(game, at, reader?.timeZone ?? null, now) };
  }
  return { ...unchanged, phase: await processTurn(tx, config, game, variant, seats, now) };
}

/** When the ready phase is to be processed (null: now), or 'not ready'. */
async function readyAt(tx: PhaseOrdersPorts, game: Game, variant: Variant, seats: readonly SeatRecord[], now: Date): Promise<Date | null | 'not ready'> {
  if (heldToDeadline(game, now)) return 'not ready';
  if (!(await turnReadiness(tx, game, variant, seats, now)).ready) return 'not ready';
  return processingTime(game, now);
}

/**
 * The 'process' job: the phase's delay is over. Orders may have been withdrawn or a WAIT set
 * since the job was scheduled, so readiness is checked again; a phase no longer ready waits for
 * the next mail or its deadline.
 */
export async function processWhenDue(
  tx: GamePorts,
  config: JudgeConfig,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  readiness: TurnReadiness,
  now: Date,
): Promise<void> {
  if (heldToDeadline(game, now) || !readiness.ready) return withdrawProcessing(tx, game);
  if (processingDue(game, now)) await processTurn(tx, config, game, variant, seats, now, readiness.current);
}

/** When the ready turn will be processed, as the reply to the mail that set the time says it. */
function processingNote(game: Game, at: Date, readerZone: string | null, now: Date): string {
  const announced = announcedProcessingTime(game, at, now);
  return renderProcessingTime(game.name, deadlineTextFor(game, readerZone, announced.at)!, announced.waitHolds);
}

/**
 * The current phase adjudicated with the orders stored for it (missing ones default), nothing saved.
 * `current`: the phase and orders as just read (turnReadiness), when nothing was written since.
 */
export async function adjudicateCurrent(tx: PhaseOrdersPorts, game: Game, variant: Variant, current?: CurrentPhase) {
  const phase = current?.phase ?? (await tx.phase(game.id, game.currentPhase!))!;
  const stored = current?.stored ?? (await tx.orders(game.id, phase.phaseId));
  const outcome = skippingIdleRetreats(variant, adjudicatePhase(variant, phase.position, submittedOrders(variant, phase.position, stored)));
  return { phase, stored, outcome };
}

/** Processes the current phase; returns the phase the game is in afterwards. */
export async function processTurn(
  tx: GamePorts,
  config: JudgeConfig,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  now: Date,
  current?: CurrentPhase,
): Promise<PhaseId> {
  const { phase, stored, outcome } = await adjudicateCurrent(tx, game, variant, current);
  await creditPunctualTurn(tx, game, variant, phase, stored, seats, now);
  const next = outcome.position.phase;
  // Phases left by a ROLLBACK can no longer be rolled forward to: this phase is played anew.
  await tx.discardPhasesAfter(game.id, phase.seq);
  await tx.savePhase(game.id, { phaseId: next, seq: phase.seq + 1, position: outcome.position });
  // The new phase is written with its deadline, in one update of the game.
  let schedule: Awaited<ReturnType<typeof scheduleDeadline>> | null = null;
  if (outcome.winner) {
    await tx.updateGame(game.id, { currentPhase: next, status: 'completed', ending: { kind: 'solo', victors: [outcome.winner] } });
    await tx.cancelJobs(game.id);
  } else {
    schedule = await scheduleDeadline(tx, game, next, now, { deadline: game.deadline, grace: game.grace }, { currentPhase: next });
  }
  const nextPhaseDeadline = deadlineText(game, schedule?.deadline ?? null);
  // What is stored (HISTORY, the web pages) is the results as the public sees them (blind: the whole
  // board, shown once the game ends).
  const publicView = recordedView(game);
  const text = resultsText(config, game, variant, phase, outcome, nextPhaseDeadline, publicView);
  await tx.recordResults(game.id, phase.phaseId, storedResultsJson(outcome.results), text, stored);
  for (const seat of seats) if (seat.wait) await tx.updateSeat(seat.id, { wait: false });
  await mailResults(tx, config, game, variant, seats, phase, outcome, { key: resultsKey(publicView), text }, nextPhaseDeadline, now);
  // njudge's POSTAL PRESS written in the phase goes out with its results.
  await deliverPostalPress(tx, config, game, variant, seats, phase.phaseId);
  if (outcome.winner) {
    const ending: GameEnding = { kind: 'solo', victors: [outcome.winner] };
    await announceEnd(tx, config, game, variant, seats, ending, { seq: phase.seq + 1, position: outcome.position, date: now });
    await publishDiaries(tx, config, game, variant, seats);
    await autoCreateSuccessor(tx, config, game, seats, ending);
    return next;
  }
  // njudge loads the orders sent ahead for the new phase as it opens, before lateness or civil disorder can be decided on it;
  // they may complete it, and then it is processed as after a mail (UPDATE_PROCESS).
  const opened = { phaseId: next, seq: phase.seq + 1, position: outcome.position, deadline: schedule?.deadline ?? null };
  if (await loadOrdersAhead(tx, config, game.id, variant, opened)) {
    const reopened = await tx.findGameById(game.id, { forUpdate: true });
    if (reopened) await processIfReady(tx, config, reopened, now);
    return (await tx.findGameById(game.id))?.currentPhase ?? next;
  }
  return next;
}

/**
 * The results go to everyone following the game, each reader the results their view shows, written
 * once per distinct view (`publicText`, the stored text, is the public view's); the map of the phase
 * just played (its position and orders) follows the text as an inline picture, except for those who
 * SET MAP OFF.
 */
async function mailResults(
  tx: OutboxPort,
  config: JudgeConfig,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  phase: PhaseRecord,
  outcome: PhaseOutcome,
  publicText: { readonly key: string; readonly text: string },
  nextPhaseDeadline: string | null,
  now: Date,
): Promise<void> {
  const subject = subjectFor(config, game, phase.phaseId, noticeTitle('results'));
  for (const audience of resultsAudiences(game, seats)) {
    const { view } = audience;
    const text = audience.key === publicText.key ? publicText.text : resultsText(config, game, variant, phase, outcome, nextPhaseDeadline, view);
    const picture = {
      gameName: game.name,
      variant,
      position: shownPosition(view, phase.position, variant),
      results: shownResults(view, outcome.results, variant, phase.position, outcome.position),
      date: now.toISOString().slice(0, 10),
    };
    await mailWithMap(tx, audience.seats, picture, { subject, body: text, gameId: game.id, kind: 'results' });
  }
}

/**
 * A mail to everyone following the game with the map picture inline, and the same text alone to those
 * who SET MAP OFF (or to everyone, when the map has no drawing).
 */
async function mailWithMap(
  tx: OutboxPort,
  seats: readonly SeatRecord[],
  request: PictureRequest,
  mail: { readonly subject: string; readonly body: string; readonly gameId: number; readonly kind: 'results' | 'notice' },
): Promise<void> {
  const { withPicture, textOnly } = splitByPictureChoice(seats);
  const picture = withPicture.length === 0 ? null : mapAttachment(request);
  const groups = picture
    ? [
        { to: withPicture, attachments: [picture] },
        { to: textOnly, attachments: [] },
      ]
    : [{ to: everyone(seats), attachments: [] }];
  for (const group of groups) {
    if (group.to.length > 0) await tx.enqueueMail({ ...mail, to: group.to, attachments: group.attachments });
  }
}

/** The results mail as `view`'s reader sees it: the Mapper header, the results and the next phase with its deadline. */
export function resultsText(
  config: JudgeConfig,
  game: Game,
  variant: Variant,
  phase: PhaseRecord,
  outcome: PhaseOutcome,
  nextPhaseDeadline: string | null,
  view: ReaderView,
): string {
  const body = renderResults({
    variant,
    gameName: game.name,
    phase: phase.phaseId,
    sequence: phase.seq + 1,
    results: shownResults(view, outcome.results, variant, phase.position, outcome.position),
    before: shownPosition(view, phase.position, variant),
    after: shownPosition(view, outcome.position, variant),
    winner: outcome.winner,
    nextPhaseDeadline,
  });
  return withMapperHeader(gameHeader(config, game, variant, phase.phaseId), body);
}

/** Who played which power, as `view` shows them: a seat's every confirmed address (SET ADDRESS a,b), or null where hidden. */
function rosterOf(view: ReaderView, variant: Variant, seats: readonly SeatRecord[]): RosterLine[] {
  return seats
    .filter((s) => s.role === 'power' && s.power)
    .map((s) => ({ power: variant.powerById(s.power!).name, address: shownAddresses(view, s)?.join(', ') ?? null }));
}

/** REVEAL: who played which power, to everyone who follows the game. */
export async function revealPlayers(tx: OutboxPort, config: JudgeConfig, game: Game, variant: Variant, seats: readonly SeatRecord[]): Promise<void> {
  const roster = rosterOf(viewOf({ ...game, revealedByMaster: true }, PUBLIC), variant, seats);
  const body = renderPlayersRevealed({ gameName: game.name, roster });
  await tx.enqueueMail({
    to: everyone(seats),
    subject: subjectFor(config, game, null, noticeTitle('players-revealed')),
    body,
    gameId: game.id,
    kind: 'notice',
  });
}

/**
 * The game is over: everyone is told, and who played is shown as the ended game's view shows the
 * public (named unless the game keeps its players hidden). The ending's victors are the powers
 * that won or share the draw: njudge's subject then reads "Victory: FG" in the phase it ended; a game the Master ended has none ("Game over").
 * The mail carries the final map (the position the game ended in, without orders), except to those who
 * SET MAP OFF, as results do, and its text ends with that position as LIST game shows it: `final` is the
 * phase the game ends in (after a solo, the phase after the one processed).
 */
export async function announceEnd(
  tx: NoticePorts,
  config: JudgeConfig,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  ending: GameEnding,
  final: { readonly seq: number; readonly position: Position; readonly date: Date },
): Promise<void> {
  // Everyone gets one mail, written as the game will be seen once ended (its status is not yet written).
  const endedView = viewOf({ ...game, status: 'completed' }, PUBLIC);
  const roster = rosterOf(endedView, variant, seats);
  const shown = shownPosition(endedView, final.position, variant);
  const finalPosition = positionLines(variant, game.name, final.seq, shown);
  const body = renderGameOver({ gameName: game.name, why: gameEndText(endReason(ending, variant)), roster, finalPosition });
  const what = gameEndTitle(ending.victors.map((id) => variant.power(id)?.initial ?? id));
  const phaseId = ending.victors.length > 0 ? game.currentPhase : null;
  const picture = {
    gameName: game.name,
    variant,
    position: shown,
    results: [],
    date: final.date.toISOString().slice(0, 10),
  };
  await mailWithMap(tx, seats, picture, { subject: subjectFor(config, game, phaseId, what), body, gameId: game.id, kind: 'notice' });
  await tx.archiveNotice({ gameId: game.id, phaseId, subject: what, body });
}
