import { durationMinutes, endPhaseNow, moveDeadline, parseMasterTimeLine, type MasterTimeCommand } from '../../schedule/index.ts';
import { renderTimeNotice, renderTimeReply, THE_MASTER } from '../../render/index.ts';
import { renderMasterRefusal } from '../../render/master-refusals.ts';
import type { ActingSession } from '../acting-session.ts';
import { applyDeadline, currentState, endGame, refreshed, runningPhase, unendGame, unwrap } from '../clock/time-commands.ts';
import { deadlineAdjustment, noticeToAll } from '../clock/deadlines.ts';
import { BlockError, type BlockContext } from '../context.ts';
import { onGameEvent } from '../diplomacy/game-events.ts';
import type { GamePorts } from '../ports.ts';
import { parseReplacementLine, replacePlayer } from './replacement.ts';

// The Mafia tracker's GM lines (seeds 000 and 001) written by a Diplomacy game's Master in a
// block, read by the schedule module: "DEADLINE … MOVED 1D 12H LATER|EARLIER", "DAY 3 HAS ENDED
// EARLY", "NIGHT 1 HAS BEGUN", "GAME HAS ENDED", "UNEND GAME" and "NEW HAS REPLACED OLD". On a
// Diplomacy game they work its clock and seats; the tracker's words are kept out of Diplomacy's own
// Master commands, which call in here only for the DEADLINE form.

/**
 * A Master's line in the Mafia tracker's words, or null when the line is none of them (it is
 * then an order line). `text` is the line as written.
 */
export async function masterTimeLine(ctx: BlockContext<GamePorts>, session: ActingSession, line: number, text: string): Promise<ActingSession | null> {
  const replacement = parseReplacementLine(text);
  if (replacement !== null) {
    if ('refusal' in replacement) throw new BlockError(line, renderMasterRefusal(replacement.refusal));
    await replacePlayer(ctx, session, line, replacement);
    return refreshed(ctx, session);
  }
  const parsed = parseMasterTimeLine(text);
  if (!parsed.ok) throw new BlockError(line, parsed.error.message);
  if (parsed.command === null) return null;
  return masterTimeCommand(ctx, session, line, parsed.command);
}

export async function masterTimeCommand(
  ctx: BlockContext<GamePorts>,
  session: ActingSession,
  line: number,
  command: MasterTimeCommand,
): Promise<ActingSession> {
  const { game } = session;
  switch (command.kind) {
    case 'deadline-moved': {
      runningPhase(game, line);
      if (game.deadline === null) throw new BlockError(line, renderMasterRefusal({ kind: 'no-deadline-to-move', gameName: game.name }));
      const changed = unwrap(moveDeadline(currentState(game, ctx.now), command, { zone: game.timeZone, now: ctx.now }), line);
      return applyDeadline(ctx, session, changed, {
        who: THE_MASTER,
        verb: 'moved',
        what: 'deadline',
        moved: { minutes: durationMinutes(command.duration), direction: command.direction },
      });
    }
    case 'phase-begun':
      // "NIGHT 1 HAS ENDED. DAY 2 HAS BEGUN.": the day begun is the phase the end has just
      // brought; only one phase ends per block for such a pair of lines.
      if (session.phaseEndedInBlock) {
        ctx.reply.push(renderTimeReply({ kind: 'phase-begun-noted', phase: command.phase }));
        return session;
      }
      // A new day or night begun alone ends the current phase, as "… HAS ENDED" does.
      return endPhase(ctx, session, line);
    case 'phase-ended':
      return endPhase(ctx, session, line);
    case 'game-ended':
      return endGame(ctx, session, line);
    case 'game-unended':
      return unendGame(ctx, session, line);
  }
}

/** "DAY 3 HAS ENDED [EARLY]" or "NIGHT 3 HAS BEGUN": the current phase is due now. */
async function endPhase(ctx: BlockContext<GamePorts>, session: ActingSession, line: number): Promise<ActingSession> {
  const { game } = session;
  const phaseId = runningPhase(game, line);
  if (game.status !== 'active') throw new BlockError(line, renderMasterRefusal({ kind: 'activate-first', gameName: game.name, status: game.status }));
  const ended = endPhaseNow(currentState(game, ctx.now), ctx.now);
  await ctx.tx.updateGame(game.id, { deadline: ended.deadline, grace: ended.grace });
  await ctx.tx.setPhaseDeadline(game.id, phaseId, ended.deadline);
  await ctx.tx.cancelJobs(game.id);
  await noticeToAll(ctx.tx, ctx.config, game, session.seats, deadlineAdjustment(ended.deadline), () =>
    renderTimeNotice({ kind: 'phase-ended-early', gameName: game.name, phaseId }),
  );
  // What the deadline job would do, done now: process the phase, or send the late notice.
  await onGameEvent(ctx.tx, ctx.config, { kind: 'deadline', gameId: game.id, phase: phaseId }, ctx.now);
  const after = (await ctx.tx.findGameById(game.id))!;
  ctx.reply.push(renderTimeReply({ kind: 'phase-ended', phaseId, processed: after.currentPhase !== phaseId }));
  return { ...(await refreshed(ctx, session)), phaseEndedInBlock: true };
}
