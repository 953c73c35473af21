import { describeDuration } from '../schedule/index.ts';
import { absenceLines, absenceMoveText, type AbsenceWindow } from './time-replies.ts';
import { deadlineLine } from './master-notices.ts';

// The notices of time changes: a deadline or grace set, moved or ended early, a game resumed, its
// zone changed, and the Absence Notice to the Master (src/judge/clock/time-commands.ts decides who gets
// which). Deadlines arrive formatted in each reader's zone; powers as the names players read.

/** What a time command tells. */
export type TimeNotice =
  | { readonly kind: 'phase-ended-early'; readonly gameName: string; readonly phaseId: string }
  | { readonly kind: 'resumed-waiting'; readonly gameName: string; readonly phaseId: string; readonly vacant: readonly string[] }
  | { readonly kind: 'resumed'; readonly gameName: string; readonly phaseId: string; readonly deadline: string | null }
  | {
      readonly kind: 'deadline-changed';
      readonly change: DeadlineChange;
      readonly gameName: string;
      readonly phaseId: string;
      readonly deadline: string | null;
      readonly grace: string | null;
      readonly movedPastAbsence: boolean;
    }
  | {
      readonly kind: 'absence-changed';
      readonly who: string;
      readonly gameName: string;
      readonly change: 'set' | 'cancelled';
      readonly pending: readonly AbsenceWindow[];
      readonly zone: string;
    }
  | { readonly kind: 'game-zone-set'; readonly gameName: string; readonly zone: string; readonly deadline: string | null };

/** Who changed what: "The Master has moved the deadline … 1 day later", "France has extended the grace period". */
export interface DeadlineChange {
  readonly who: string;
  readonly verb: 'set' | 'extended' | 'moved';
  readonly what: 'deadline' | 'grace period';
  /** How far the Mafia tracker's MOVED line took it, told after the phase (" 1 day later"). */
  readonly moved?: { readonly minutes: number; readonly direction: 'later' | 'earlier' };
}

/** The notice's body, ending in a newline. */
export function renderTimeNotice(notice: TimeNotice): string {
  switch (notice.kind) {
    case 'phase-ended-early':
      return `The Master has ended ${notice.phaseId} of game '${notice.gameName}' early: its deadline is now.\n`;
    case 'resumed-waiting':
      return `The Master has resumed game '${notice.gameName}' in ${notice.phaseId}. It waits for a replacement for ${notice.vacant.join(', ')} before a deadline is set.\n`;
    case 'resumed':
      return `The Master has resumed game '${notice.gameName}' in ${notice.phaseId}.\n${deadlineLine(notice.deadline)}`;
    case 'deadline-changed': {
      const { change } = notice;
      return `${change.who} has ${change.verb} the ${change.what} of game '${notice.gameName}' (${notice.phaseId})${change.moved ? ` ${describeDuration(change.moved.minutes)} ${change.moved.direction}` : ''}.\nThe deadline is now ${notice.deadline}.${notice.movedPastAbsence ? absenceMoveText : ''}\nThe grace period ends ${notice.grace}.\n`;
    }
    case 'absence-changed': {
      const list = absenceLines(notice.pending);
      return `${notice.who} in game '${notice.gameName}' has ${notice.change === 'set' ? 'set an absence' : 'cancelled an absence'}. Pending:\n${list.length > 0 ? list.join('\n') : '  none'}\n(times in ${notice.zone})\n`;
    }
    case 'game-zone-set':
      return `The Master has set the time zone of game '${notice.gameName}' to ${notice.zone}.\n${deadlineLine(notice.deadline)}`;
  }
}

/** njudge's subject of a notice that the deadline moved: "Deadline Adjustment to: <the new deadline>". */
export function deadlineAdjustmentTitle(deadline: string | null): string {
  return `Deadline Adjustment to: ${deadline}`;
}

/** Who the deadline notices name when the Master changed it. */
export const THE_MASTER = 'The Master';

/** Why the game ended, in the Game over notice, when the Master ended it. */
export const MASTER_ENDED_GAME = 'The Master has ended the game.';
