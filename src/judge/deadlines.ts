import { parsePhaseId } from '../engine/phase.ts';
import { DEFAULT_TIMING, formatDeadline, nextDeadline, parseTiming, warningTimes, type DeadlineSchedule, type Timing } from '../schedule/index.ts';
import { hasRule, type Game } from './model.ts';
import type { JudgeTransaction } from './ports.ts';

// Deadlines of a game's phases: computed by the schedule module in the game's zone, stored on the
// game and its phase, and turned into timed jobs (the deadline itself and the reminders before it)
// that the scheduler runs. NO_DEADLINE games have none and wait for their orders.

export function gameTiming(game: Pick<Game, 'timing'>): Timing {
  if (game.timing === null) return DEFAULT_TIMING;
  const parsed = parseTiming(game.timing);
  return parsed.ok ? parsed.timing : DEFAULT_TIMING;
}

/** The deadline as every mail writes it: njudge's format in the game's zone, with the offset. */
export function deadlineText(game: Pick<Game, 'timeZone'>, deadline: Date | null): string | null {
  return deadline === null ? null : formatDeadline(deadline, game.timeZone);
}

/**
 * Sets the deadline of the phase the game has just entered and schedules its jobs. `previous`
 * is the deadline of the phase just processed (a new deadline is never earlier); null at the start.
 */
export async function scheduleDeadline(
  tx: JudgeTransaction,
  game: Game,
  phaseId: string,
  now: Date,
  previous: { readonly deadline: Date | null; readonly grace: Date | null } | null,
): Promise<DeadlineSchedule | null> {
  await tx.cancelJobs(game.id);
  if (hasRule(game, 'NO_DEADLINE')) {
    await tx.updateGame(game.id, { deadline: null, grace: null });
    return null;
  }
  const phase = parsePhaseId(phaseId)!;
  const timing = gameTiming(game);
  const schedule = nextDeadline({
    timing,
    phaseType: phase.type,
    zone: game.timeZone,
    now,
    previousDeadline: previous?.deadline ?? null,
    previousGrace: previous?.grace ?? null,
    firstOfGame: previous === null,
    hasPress: !hasRule(game, 'NO_PRESS'),
  });
  await tx.updateGame(game.id, { deadline: schedule.deadline, grace: schedule.grace });
  await tx.setPhaseDeadline(game.id, phaseId, schedule.deadline);
  const payload = { phase: phaseId };
  await tx.scheduleJob({ kind: 'deadline', gameId: game.id, dueAt: schedule.deadline, dedupeKey: `game:${game.id}:deadline`, payload });
  for (const [index, at] of warningTimes(schedule.deadline, timing).entries()) {
    if (at > now) await tx.scheduleJob({ kind: 'reminder', gameId: game.id, dueAt: at, dedupeKey: `game:${game.id}:reminder:${index}`, payload });
  }
  return schedule;
}
