// The one error shape of the schedule layer. Every parser names the word it could not
// understand (`word`), so a reply can point at it; `message` is the full sentence for the mail.

export type ScheduleErrorCode =
  /** A word that is not part of the language at that position. */
  | 'unknown-word'
  /** A keyword without its value, or an empty text. */
  | 'missing-value'
  /** A value of the right kind that is out of range or malformed. */
  | 'bad-value'
  /** Two parts that contradict each other (two months, a weekday that does not match the date). */
  | 'conflict'
  /** Understood, but dipjudge does not implement it. */
  | 'not-supported'
  /** The date or time lies in the past. */
  | 'in-past'
  /** An absence that ends before it begins. */
  | 'order'
  /** Absences: more pending than allowed. */
  | 'too-many'
  /** Absences: overlaps a pending one. */
  | 'overlap'
  /** Absences: longer than the game allows without the Master. */
  | 'too-long'
  /** Absences: nothing to cancel. */
  | 'not-found'
  /** A change the sender may not make (a player shortening a deadline under PLAYER_DEADLINES). */
  | 'not-allowed';

export interface ScheduleError {
  readonly code: ScheduleErrorCode;
  /** The word as the sender wrote it, or null when the problem is not one word. */
  readonly word: string | null;
  readonly message: string;
}

export function scheduleError(code: ScheduleErrorCode, word: string | null, message: string): ScheduleError {
  return { code, word, message };
}
