import { loadVariant } from '../catalog/variant-catalog.ts';
import type { Variant } from '../engine/variant.ts';
import { everyone, subjectFor, type JudgeConfig } from './context.ts';
import { deadlineText, scheduleDeadline } from './deadlines.ts';
import { hasRule, type Game } from './model.ts';
import type { JudgeTransaction, SeatRecord } from './ports.ts';
import { processTurn, processWhenDue, turnReadiness } from './process-turn.ts';

// What happens when a game's clock strikes: a reminder before the deadline to the players who
// still owe orders; at the deadline, the turn if everything is in, otherwise a late notice to
// everyone; at the end of grace, civil disorder (CIVIL_DISORDER games: the turn is processed
// with the late powers' units holding) or abandonment (the late powers are free for TAKEOVER
// and the game waits for replacements). Jobs for a phase the game has left are ignored.

export interface GameEvent {
  readonly kind: string;
  readonly gameId: number;
  readonly phase: string;
}

export async function onGameEvent(tx: JudgeTransaction, config: JudgeConfig, event: GameEvent, now: Date): Promise<void> {
  const game = await tx.findGameById(event.gameId, { forUpdate: true });
  if (!game || game.status !== 'active' || game.currentPhase !== event.phase) return;
  const variant = loadVariant(game.variant);
  const seats = await tx.seats(game.id);
  const readiness = await turnReadiness(tx, game, variant, seats, now);
  const late = readiness.waitingFor;
  switch (event.kind) {
    case 'process':
      return processWhenDue(tx, config, game, variant, seats, readiness, now);
    case 'reminder':
      return remind(tx, config, game, variant, seats, late);
    case 'deadline':
      if (readiness.ready) return processTurn(tx, config, game, variant, seats, now);
      await tx.markLate(seatsOf(seats, late).map((s) => s.id));
      await lateNotice(tx, config, game, variant, seats, late);
      if (game.grace !== null) {
        await tx.scheduleJob({ kind: 'grace', gameId: game.id, dueAt: game.grace, dedupeKey: `game:${game.id}:grace`, payload: { phase: event.phase } });
      }
      return;
    case 'grace':
      if (readiness.ready) return processTurn(tx, config, game, variant, seats, now);
      if (hasRule(game, 'CIVIL_DISORDER')) {
        await civilDisorderNotice(tx, config, game, variant, seats, late);
        return processTurn(tx, config, game, variant, seats, now);
      }
      return abandon(tx, config, game, variant, seats, late);
  }
}

function seatsOf(seats: readonly SeatRecord[], powers: readonly string[]): SeatRecord[] {
  return seats.filter((s) => s.role === 'power' && s.power !== null && powers.includes(s.power) && s.status === 'active');
}

function names(variant: Variant, powers: readonly string[]): string {
  return powers.map((p) => variant.power(p)!.name).join(', ');
}

async function remind(tx: JudgeTransaction, config: JudgeConfig, game: Game, variant: Variant, seats: readonly SeatRecord[], late: readonly string[]): Promise<void> {
  for (const seat of seatsOf(seats, late)) {
    const body = `Diplomacy game '${game.name}': orders for ${variant.power(seat.power!)!.name} are not complete.\nThe deadline is ${deadlineText(game, game.deadline)}.\n`;
    await tx.enqueueMail({ to: [seat.address], subject: subjectFor(config, game, game.currentPhase, 'Reminder'), body, gameId: game.id, kind: 'notice' });
  }
}

async function lateNotice(tx: JudgeTransaction, config: JudgeConfig, game: Game, variant: Variant, seats: readonly SeatRecord[], late: readonly string[]): Promise<void> {
  const fate = hasRule(game, 'CIVIL_DISORDER') ? 'will be processed with their units holding (civil disorder)' : 'will be considered abandoned and free for takeover';
  const body =
    `Diplomacy game '${game.name}' is waiting for ${names(variant, late)}'s orders.\n` +
    `If they are not received by ${deadlineText(game, game.grace)}, the late powers ${fate}.\n`;
  await tx.enqueueMail({ to: everyone(seats), subject: subjectFor(config, game, game.currentPhase, `Late Notice: ${late.map((p) => variant.power(p)!.initial).join('')}`), body, gameId: game.id, kind: 'notice' });
}

async function civilDisorderNotice(tx: JudgeTransaction, config: JudgeConfig, game: Game, variant: Variant, seats: readonly SeatRecord[], late: readonly string[]): Promise<void> {
  const body = `The grace period of game '${game.name}' is over. ${names(variant, late)} ${late.length === 1 ? 'is' : 'are'} in civil disorder: their units hold, retreats disband, builds are waived.\n`;
  await tx.enqueueMail({ to: everyone(seats), subject: subjectFor(config, game, game.currentPhase, 'Civil Disorder'), body, gameId: game.id, kind: 'notice' });
}

async function abandon(tx: JudgeTransaction, config: JudgeConfig, game: Game, variant: Variant, seats: readonly SeatRecord[], late: readonly string[]): Promise<void> {
  for (const seat of seatsOf(seats, late)) {
    await tx.updateSeat(seat.id, { status: 'abandoned', wait: false });
    await tx.changeHolder(seat.id, seat.address, 'abandoned');
  }
  await tx.updateGame(game.id, { status: 'waiting' });
  await tx.cancelJobs(game.id);
  const takeovers = late.map((p) => `TAKEOVER ${variant.power(p)!.name.toLowerCase()}@${game.name} <password>`).join('\n  ');
  const body = `${names(variant, late)} ${late.length === 1 ? 'is' : 'are'} now considered abandoned in game '${game.name}'. The game waits for replacements;\nanyone may take over with:\n  ${takeovers}\n`;
  await tx.enqueueMail({ to: everyone(seats), subject: subjectFor(config, game, game.currentPhase, `Waiting for Replacements: ${late.map((p) => variant.power(p)!.initial).join('')}`), body, gameId: game.id, kind: 'notice' });
}

/** When the last vacancy is filled the game goes on with a fresh deadline counted from now (njudge). */
export async function resumeAfterTakeover(tx: JudgeTransaction, game: Game, now: Date): Promise<void> {
  if (game.currentPhase === null) return;
  await scheduleDeadline(tx, game, game.currentPhase, now, { deadline: null, grace: null });
}
