import { loadVariant } from '../../catalog/variant-catalog.ts';
import { checkPhaseOrders } from '../../engine/check-orders.ts';
import type { PhaseId, Position, PowerId } from '../../engine/types.ts';
import type { Variant } from '../../engine/variant.ts';
import { renderTurnNotice, turnNoticeTitle, type NamedPower } from '../../render/turn-notices.ts';
import { storedPhase, type JudgeConfig } from '../context.ts';
import { subjectFor } from '../../render/subjects.ts';
import { chargeAbandonment, chargeCivilDisorder, judgeLatePhase } from '../players/dedication.ts';
import { deadlineTextFor, noticeToAll, scheduleDeadline, type DeadlineWriter } from '../clock/deadlines.ts';
import { abandonmentTime, nextLateCheck } from './late-checks.ts';
import { hasRule, holdsPower, type Game, type PowerSeat } from '../model.ts';
import { owesOrders, submittedOrders } from './order-set.ts';
import type { GameEvent, GamePorts, JobsPort, OutboxPort, PhaseOrdersPorts, SchedulePorts, SeatRecord, StoredOrders } from '../ports.ts';
import { processTurn, processWhenDue, turnReadiness, type CurrentPhase } from './process-turn.ts';

// What happens when a game's clock strikes, as njudge's PROCESS does it (njudge.md §2):
//   - before the deadline, a reminder to the players who still owe orders;
//   - at the deadline, the turn if everything is in; otherwise lateness begins. The game is
//     looked at again daily, at grace − k·24 h: late notices go to everyone during the first day
//     after the deadline, then only to the late players (their copies marked "[You are late!]");
//   - at T_ab (grace − 24 h in CIVIL_DISORDER games, grace in the others) a late power with an
//     order for every unit is accepted as it is, the others are declared abandoned;
//   - at grace, CIVIL_DISORDER games put the powers still late in civil disorder and process the
//     turn; the others wait for replacements, reminding everyone every 48 h.
// Every notice writes its times in the reader's zone (SET ZONE). Jobs of a phase the game has
// left are ignored.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const REPLACEMENT_REMINDER_MS = 48 * HOUR_MS;

const FORMING_REMINDER_MS = 7 * DAY_MS;
const PAUSE_REMINDER_MS = 3 * DAY_MS;

export type { GameEvent } from '../ports.ts';

export async function onGameEvent(tx: GamePorts, config: JudgeConfig, event: GameEvent, now: Date): Promise<void> {
  const game = await tx.findGameById(event.gameId, { forUpdate: true });
  if (game) await onDiplomacyEvent(tx, config, game, event, now);
}

/** A timed event of a Diplomacy game; jobs of a phase the game has left are ignored. */
export async function onDiplomacyEvent(tx: GamePorts, config: JudgeConfig, game: Game, event: GameEvent, now: Date): Promise<void> {
  if (game.currentPhase !== event.phase) return;
  if (event.kind === 'replacements') return remindOfVacancies(tx, config, game, now);
  if (event.kind === 'forming') return remindOfForming(tx, config, game, now);
  if (event.kind === 'paused') return remindOfPause(tx, config, game, now);
  if (game.status !== 'active') return;
  const variant = loadVariant(game.variant);
  const seats = await tx.seats(game.id);
  const readiness = await turnReadiness(tx, game, variant, seats, now);
  switch (event.kind) {
    case 'process':
      if (hasRule(game, 'MANUAL_PROCESS')) return;
      return processWhenDue(tx, config, game, variant, seats, readiness, now);
    case 'reminder':
      return remind(tx, config, game, variant, seats, readiness.waitingFor);
    case 'deadline':
    case 'grace':
      if (readiness.ready) return processOrHold(tx, config, game, variant, seats, now, readiness.current);
      return lateness(tx, config, game, variant, seats, readiness.waitingFor, now);
  }
}

/**
 * The turn is due: processed, or in a MANUAL PROCESS game (njudge) held for the Master, who is
 * told it waits for PROCESS (and reminded daily while it does).
 */
async function processOrHold(
  tx: GamePorts,
  config: JudgeConfig,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  now: Date,
  current?: CurrentPhase,
): Promise<void> {
  if (!hasRule(game, 'MANUAL_PROCESS')) return void (await processTurn(tx, config, game, variant, seats, now, current));
  const master = seats.filter((s) => s.role === 'master');
  await noticeToAll(tx, config, game, master, turnNoticeTitle({ kind: 'turn-waiting' }), () => renderTurnNotice({ kind: 'turn-waiting', gameName: game.name }));
  await tx.scheduleJob({
    kind: 'grace',
    gameId: game.id,
    dueAt: new Date(now.getTime() + DAY_MS),
    dedupeKey: `game:${game.id}:grace`,
    payload: { phase: game.currentPhase },
  });
}

/** Who stands where once the deadline has passed. */
interface Lateness {
  /** Powers the turn waits for, vacant ones included. */
  readonly waitingFor: readonly PowerId[];
  /** Seats with a player who owes orders and has not sent a complete set. */
  readonly late: readonly PowerSeat<SeatRecord>[];
  /** Seats with a player who owed orders and sent them. */
  readonly punctual: readonly PowerSeat<SeatRecord>[];
  /** Late seats with an order for every unit, errors or not (njudge's PART). */
  readonly partial: readonly PowerSeat<SeatRecord>[];
  /** Powers the turn waits for that have no player: abandoned or resigned. */
  readonly vacant: readonly PowerSeat<SeatRecord>[];
}

async function standing(
  tx: PhaseOrdersPorts,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  waitingFor: readonly PowerId[],
): Promise<Lateness & { readonly phaseId: PhaseId }> {
  const phase = await storedPhase(tx, game, game.currentPhase!);
  const stored = await tx.orders(game.id, phase.phaseId);
  const powerSeats = seats.filter(holdsPower).sort((a, b) => variant.powerIndex(a.power) - variant.powerIndex(b.power));
  const waiting = powerSeats.filter((s) => waitingFor.includes(s.power));
  const late = waiting.filter((s) => s.status === 'active');
  const punctual = powerSeats.filter((s) => s.status === 'active' && !waitingFor.includes(s.power) && owesOrders(variant, phase.position, s.power));
  const partial = late.filter((s) => ordersEveryUnit(variant, phase.position, s.power, stored));
  const vacant = waiting.filter((s) => s.status === 'abandoned' || s.status === 'resigned');
  return { phaseId: phase.phaseId, waitingFor, late, punctual, partial, vacant };
}

/** Whether the power's stored orders give every unit an order the adjudicator reads, legal or not. */
function ordersEveryUnit(variant: Variant, position: Position, power: PowerId, stored: readonly StoredOrders[]): boolean {
  const own = stored.filter((o) => o.power === power);
  if (own.length === 0) return false;
  const check = checkPhaseOrders(variant, position, submittedOrders(variant, position, own));
  // An impossible order is reported, and the unit then holds by default: it still had an order.
  const ordered = new Set(check.illegal.filter((r) => r.power === power).map((r) => r.unit));
  return check.defaulted.every((d) => d.power !== power || ordered.has(d.unit));
}

async function lateness(
  tx: GamePorts,
  config: JudgeConfig,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  waitingFor: readonly PowerId[],
  now: Date,
): Promise<void> {
  const state = await standing(tx, game, variant, seats, waitingFor);
  const deadline = game.deadline ?? now;
  const grace = game.grace ?? deadline;
  await judgeLatePhase(tx, game, state.phaseId, state.punctual, state.late, now);
  if (now < grace) {
    if (now < abandonmentTime(game, grace)) await lateNotice(tx, config, game, variant, seats, state, now);
    else await declareAbandoned(tx, config, game, variant, seats, state, grace);
    await tx.scheduleJob({
      kind: 'grace',
      gameId: game.id,
      dueAt: nextLateCheck(grace, now),
      dedupeKey: `game:${game.id}:grace`,
      payload: { phase: state.phaseId },
    });
    return;
  }
  const partial = new Set(state.partial.map((s) => s.id));
  const defaulting = state.late.filter((s) => !partial.has(s.id));
  if (hasRule(game, 'CIVIL_DISORDER')) {
    const disorder = [...defaulting, ...state.vacant.filter((s) => s.status === 'abandoned')];
    if (disorder.length > 0) await civilDisorder(tx, config, game, variant, seats, disorder);
    return processOrHold(tx, config, game, variant, await tx.seats(game.id), now);
  }
  if (defaulting.length === 0 && state.vacant.length === 0) return processOrHold(tx, config, game, variant, seats, now);
  await abandon(tx, defaulting);
  await tx.updateGame(game.id, { status: 'waiting' });
  const vacant = [...state.vacant, ...defaulting];
  const body = (): string => renderTurnNotice({ kind: 'grace-over-abandoned', gameName: game.name, vacant: powersOf(variant, vacant) });
  await noticeToAll(tx, config, game, seats, turnNoticeTitle({ kind: 'replacements', powers: powersOf(variant, vacant) }), body, {
    lateSeats: new Set(defaulting.map((s) => s.id)),
  });
  await awaitReplacements(tx, game, now);
}

/**
 * The game waits for replacements for its vacant powers (abandoned at grace, resigned, or resigned
 * or ejected by the Master): its deadline jobs stop, and everyone is reminded every 48 h until
 * TAKEOVER fills the last seat and a fresh deadline is set (resumeAfterTakeover).
 */
export async function awaitReplacements(tx: JobsPort, game: Game, now: Date): Promise<void> {
  await tx.cancelJobs(game.id);
  await scheduleReplacementReminder(tx, game, now);
}

/** Before T_ab: the late powers are told when they will be abandoned (and, NMR, when in CD). */
async function lateNotice(
  tx: GamePorts,
  config: JudgeConfig,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  state: Lateness,
  now: Date,
): Promise<void> {
  const deadline = game.deadline ?? now;
  const grace = game.grace ?? deadline;
  const waiting = state.waitingFor.map((p) => variant.powerById(p));
  const body = (when: DeadlineWriter, whose: readonly NamedPower[] | 'your' = waiting): string =>
    renderTurnNotice({
      kind: 'late',
      gameName: game.name,
      whose,
      deadline: when(deadline),
      abandonment: when(abandonmentTime(game, grace)),
      civilDisorder: hasRule(game, 'CIVIL_DISORDER') ? when(grace) : null,
    });
  // njudge's QUIET: the Master hears who is late; each late player hears of their own orders only.
  if (hasRule(game, 'QUIET')) {
    await noticeToAll(
      tx,
      config,
      game,
      seats.filter((s) => s.role === 'master'),
      turnNoticeTitle({ kind: 'late-powers', powers: waiting }),
      body,
    );
    for (const seat of state.late)
      await noticeToAll(tx, config, game, [seat], turnNoticeTitle({ kind: 'late' }), (when) => body(when, 'your'), { lateSeats: new Set([seat.id]) });
    return;
  }
  // During the first day after the deadline everyone hears of it; after that only the late.
  const readers = now.getTime() < deadline.getTime() + DAY_MS ? seats : state.late;
  await noticeToAll(tx, config, game, readers, turnNoticeTitle({ kind: 'late-powers', powers: waiting }), body, {
    lateSeats: new Set(state.late.map((s) => s.id)),
  });
}

/** T_ab in CIVIL_DISORDER games: partial orders are accepted, the other late powers abandoned. */
async function declareAbandoned(
  tx: GamePorts,
  config: JudgeConfig,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  state: Lateness,
  grace: Date,
): Promise<void> {
  const partial = new Set(state.partial.map((s) => s.id));
  const abandoned = state.late.filter((s) => !partial.has(s.id));
  if (abandoned.length === 0) return;
  await abandon(tx, abandoned);
  const body = (when: DeadlineWriter): string =>
    renderTurnNotice({
      kind: 'abandoned',
      gameName: game.name,
      abandoned: powersOf(variant, abandoned),
      accepted: powersOf(variant, state.partial),
      grace: when(grace),
    });
  await noticeToAll(tx, config, game, seats, turnNoticeTitle({ kind: 'late-powers', powers: powersOf(variant, abandoned) }), body, {
    lateSeats: new Set(abandoned.map((s) => s.id)),
  });
}

/** The late players leave their powers, which are free for TAKEOVER. */
async function abandon(tx: GamePorts, seats: readonly SeatRecord[]): Promise<void> {
  await chargeAbandonment(tx, seats);
  for (const seat of seats) {
    await tx.updateSeat(seat.id, { status: 'abandoned', wait: false });
    await tx.changeHolder(seat.id, seat.address, 'abandoned');
  }
}

async function civilDisorder(
  tx: GamePorts,
  config: JudgeConfig,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  disorder: readonly PowerSeat<SeatRecord>[],
): Promise<void> {
  await chargeCivilDisorder(tx, disorder);
  for (const seat of disorder) await tx.updateSeat(seat.id, { status: 'cd', wait: false });
  const body = (): string => renderTurnNotice({ kind: 'civil-disorder', gameName: game.name, disorder: powersOf(variant, disorder) });
  await noticeToAll(tx, config, game, seats, turnNoticeTitle({ kind: 'civil-disorder' }), body, { lateSeats: new Set(disorder.map((s) => s.id)) });
}

async function remind(
  tx: OutboxPort,
  config: JudgeConfig,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  waitingFor: readonly PowerId[],
): Promise<void> {
  const late = seats.filter(holdsPower).filter((s) => s.status === 'active' && waitingFor.includes(s.power));
  // One mail per player: a reminder tells nobody else who is behind.
  for (const seat of late) {
    const body = renderTurnNotice({
      kind: 'reminder',
      gameName: game.name,
      power: variant.powerById(seat.power).name,
      deadline: deadlineTextFor(game, seat.timeZone, game.deadline),
    });
    await tx.enqueueMail({
      to: [seat.address],
      subject: subjectFor(config, game, game.currentPhase, turnNoticeTitle({ kind: 'reminder' })),
      body,
      gameId: game.id,
      kind: 'notice',
    });
  }
}

/** While the game waits for replacements: everyone is reminded of the vacant powers every 48 h. */
async function remindOfVacancies(tx: GamePorts, config: JudgeConfig, game: Game, now: Date): Promise<void> {
  if (game.status !== 'waiting') return;
  const variant = loadVariant(game.variant);
  const seats = await tx.seats(game.id);
  const vacant = seats.filter(holdsPower).filter((s) => s.status === 'abandoned' || s.status === 'resigned');
  if (vacant.length === 0) return;
  const body = (): string => renderTurnNotice({ kind: 'still-vacant', gameName: game.name, vacant: powersOf(variant, vacant) });
  await noticeToAll(tx, config, game, seats, turnNoticeTitle({ kind: 'replacements', powers: powersOf(variant, vacant) }), body);
  await scheduleReplacementReminder(tx, game, now);
}

/** njudge mails a forming game weekly until it is full: how many players it still waits for. */
export async function scheduleFormingReminder(tx: Pick<JobsPort, 'scheduleJob'>, game: Pick<Game, 'id' | 'currentPhase'>, now: Date): Promise<void> {
  await scheduleReminder(tx, game, 'forming', new Date(now.getTime() + FORMING_REMINDER_MS));
}

async function remindOfForming(tx: GamePorts, config: JudgeConfig, game: Game, now: Date): Promise<void> {
  if (game.status !== 'forming') return;
  const variant = loadVariant(game.variant);
  const seats = await tx.seats(game.id);
  const missing = variant.powers.length - seats.filter((s) => s.role === 'power').length;
  const body = () => renderTurnNotice({ kind: 'still-forming', gameName: game.name, missing });
  await noticeToAll(tx, config, game, seats, turnNoticeTitle({ kind: 'forming', missing }), body);
  await scheduleFormingReminder(tx, game, now);
}

/** njudge reminds the Master of a paused game every three days. */
export async function schedulePauseReminder(tx: Pick<JobsPort, 'scheduleJob'>, game: Pick<Game, 'id' | 'currentPhase'>, now: Date): Promise<void> {
  await scheduleReminder(tx, game, 'paused', new Date(now.getTime() + PAUSE_REMINDER_MS));
}

async function remindOfPause(tx: GamePorts, config: JudgeConfig, game: Game, now: Date): Promise<void> {
  if (game.status !== 'waiting') return;
  const seats = await tx.seats(game.id);
  // A game waiting for replacements has reminders of its own, to everyone.
  if (seats.some((s) => s.role === 'power' && (s.status === 'abandoned' || s.status === 'resigned'))) return;
  const masters = seats.filter((s) => s.role === 'master');
  const body = () => renderTurnNotice({ kind: 'still-paused', gameName: game.name });
  await noticeToAll(tx, config, game, masters, turnNoticeTitle({ kind: 'paused' }), body);
  await schedulePauseReminder(tx, game, now);
}

async function scheduleReplacementReminder(tx: Pick<JobsPort, 'scheduleJob'>, game: Game, now: Date): Promise<void> {
  await scheduleReminder(tx, game, 'replacements', new Date(now.getTime() + REPLACEMENT_REMINDER_MS));
}

/** A game's one pending reminder of a kind (its dedupe key keeps it one), tied to the phase it was set in. */
async function scheduleReminder(
  tx: Pick<JobsPort, 'scheduleJob'>,
  game: Pick<Game, 'id' | 'currentPhase'>,
  kind: 'forming' | 'paused' | 'replacements',
  dueAt: Date,
): Promise<void> {
  await tx.scheduleJob({ kind, gameId: game.id, dueAt, dedupeKey: `game:${game.id}:${kind}`, payload: { phase: game.currentPhase } });
}

/** The powers the seats hold, as the notices name them. */
function powersOf(variant: Variant, seats: readonly PowerSeat[]): NamedPower[] {
  return seats.map((s) => variant.powerById(s.power));
}

/** When the last vacancy is filled the game goes on with a fresh deadline counted from now (njudge). */
export async function resumeAfterTakeover(tx: SchedulePorts, game: Game, now: Date): Promise<void> {
  if (game.currentPhase === null) return;
  await scheduleDeadline(tx, game, game.currentPhase, now, { deadline: null, grace: null });
}
