import { phaseOf } from '../../engine/phase.ts';
import { gameTiming, processJobKey, scheduleProcessJob } from './deadlines.ts';
import { hasRule, type Game } from '../model.ts';
import type { SchedulePorts } from '../ports.ts';

// njudge's UPDATE_PROCESS (njudge.md §2): once every order is in and nobody waits, a phase is
// processed `delay` after the last mail, never before `start` (the phase's start plus `min`).
// Each further mail re-computes the time, so a change of mind pushes it; the time is kept on the
// game and a 'process' job waits for it. REAL_TIME games (DPjudge) and NO_DEADLINE games without
// a TIMING are processed as soon as everything is in.

const MINUTE_MS = 60_000;

/** ALWAYS_WAIT games are never processed before their deadline: the deadline job does it. */
export function heldToDeadline(game: Game, now: Date): boolean {
  return hasRule(game, 'ALWAYS_WAIT') && game.deadline !== null && now < game.deadline;
}

/**
 * When the game's current phase, ready now, is to be processed: null means at once. A pending
 * time that has already come (its job not yet run) is due at once as well. It is never after a
 * deadline still ahead (njudge's process starts at the deadline and UPDATE_PROCESS only moves it
 * earlier): the deadline processes a ready phase anyway.
 */
export function processingTime(game: Game, now: Date): Date | null {
  if (hasRule(game, 'REAL_TIME')) return null;
  if (hasRule(game, 'NO_DEADLINE') && game.timing === null) return null;
  if (game.processAt !== null && game.processAt <= now) return null;
  const at = Math.max(game.processStart?.getTime() ?? -Infinity, now.getTime() + delayMinutes(game) * MINUTE_MS);
  if (at <= now.getTime()) return null;
  if (game.deadline !== null && now < game.deadline && at > game.deadline.getTime()) return game.deadline;
  return new Date(at);
}

/** The stored delay of the phase, or (games begun before it was stored) the timing's own. */
function delayMinutes(game: Game): number {
  if (game.processDelayMinutes !== null) return game.processDelayMinutes;
  const phase = game.currentPhase === null ? null : phaseOf(game.currentPhase);
  return phase === null ? 0 : gameTiming(game)[phase.type].delayMinutes;
}

/** Sets (or moves) the phase's pending processing to `at`. */
export async function deferProcessing(tx: SchedulePorts, game: Game, at: Date): Promise<void> {
  await scheduleProcessJob(tx, game.id, game.currentPhase!, at);
}

/** The phase is no longer ready (orders withdrawn, a WAIT): nothing is pending any more. */
export async function withdrawProcessing(tx: SchedulePorts, game: Game): Promise<void> {
  if (game.processAt === null) return;
  await tx.updateGame(game.id, { processAt: null });
  await tx.cancelJob(processJobKey(game.id));
}

/** Whether a pending processing has come due (a 'process' job fired for it). */
export function processingDue(game: Game, now: Date): boolean {
  return game.processAt !== null && game.processAt <= now;
}

/**
 * The time to tell players: the pending processing, or the deadline if that comes first (the
 * deadline processes a ready phase itself).
 */
export function announcedProcessingTime(game: Game, at: Date, now: Date): { readonly at: Date; readonly waitHolds: boolean } {
  const beforeDeadline = game.deadline !== null && now < game.deadline;
  if (beforeDeadline && at >= game.deadline!) return { at: game.deadline!, waitHolds: false };
  return { at, waitHolds: beforeDeadline };
}
