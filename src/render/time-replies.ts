// The replies to the Master's time lines, deadline changes, absences and zones
// (src/judge/clock/time-commands.ts decides what changed, these write it). Deadlines arrive formatted in
// the sender's zone; powers come as the names players read.

/** What a time command did. */
export type TimeRecord =
  | { readonly kind: 'phase-begun-noted'; readonly phase: string }
  | { readonly kind: 'phase-ended'; readonly phaseId: string; readonly processed: boolean }
  | { readonly kind: 'game-ended'; readonly gameName: string }
  | { readonly kind: 'game-unended'; readonly gameName: string; readonly phaseId: string; readonly vacant: readonly string[] }
  | { readonly kind: 'deadline-set'; readonly gameName: string; readonly deadline: string; readonly grace: string; readonly movedPastAbsence: boolean }
  | { readonly kind: 'absences'; readonly change: 'recorded' | 'cancelled'; readonly who: AbsenceHolder; readonly pending: readonly AbsenceWindow[] }
  | { readonly kind: 'game-zone-set'; readonly gameName: string; readonly zone: string }
  | { readonly kind: 'own-zone-set'; readonly zone: string | null; readonly gameZone: string; readonly deadline: string | null };

/** Whose absences: the sender as a player ('you'), the Master, or a power named. */
export type AbsenceHolder = 'you' | 'the Master' | string;

/** The Master as the holder of absences. */
export const MASTER_HOLDER: AbsenceHolder = 'the Master';

/** One pending absence, both ends formatted in the sender's zone. */
export interface AbsenceWindow {
  readonly start: string;
  readonly end: string;
}

export function renderTimeReply(record: TimeRecord): string {
  switch (record.kind) {
    case 'phase-begun-noted':
      return `Noted: the ${record.phase} has begun (the phase before it ended above).`;
    case 'phase-ended':
      return record.processed ? `${record.phaseId} has ended and has been processed.` : `${record.phaseId} has ended; the late powers have been told.`;
    case 'game-ended':
      return `Game '${record.gameName}' has ended.`;
    case 'game-unended':
      return record.vacant.length > 0
        ? `Game '${record.gameName}' is being played again from ${record.phaseId}; it waits for a replacement for ${record.vacant.join(', ')}.`
        : `Game '${record.gameName}' is being played again from ${record.phaseId}.`;
    case 'deadline-set':
      return `The deadline of game '${record.gameName}' is now ${record.deadline}; the grace period ends ${record.grace}.${record.movedPastAbsence ? absenceMoveText : ''}`;
    case 'absences':
      return (
        (record.change === 'recorded' ? 'Absence recorded: no new deadline will fall inside it.' : 'Absence cancelled.') +
        pendingText(record.who, record.pending)
      );
    case 'game-zone-set':
      return `Game '${record.gameName}' now keeps its deadlines in ${record.zone}.`;
    case 'own-zone-set': {
      const shown = record.deadline !== null ? ` The deadline is ${record.deadline}.` : '';
      return record.zone === null
        ? `Deadlines in mail to you are shown in the game's zone, ${record.gameZone}, again.${shown}`
        : `Deadlines in mail to you are now shown in ${record.zone}.${shown}`;
    }
  }
}

/** Said after a deadline that fell inside an absence, in the reply and in the notice to everyone. */
export const absenceMoveText = ' It has been moved past an absence.';

/** "  <start> to <end>", one line per pending absence. */
export function absenceLines(pending: readonly AbsenceWindow[]): string[] {
  return pending.map((a) => `  ${a.start} to ${a.end}`);
}

function pendingText(who: AbsenceHolder, pending: readonly AbsenceWindow[]): string {
  if (pending.length > 0) return `\nPending absences of ${who}:\n${absenceLines(pending).join('\n')}`;
  return `\n${who === 'you' ? 'You have' : `${who.charAt(0).toUpperCase()}${who.slice(1)} has`} no absences pending.`;
}
