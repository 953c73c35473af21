import type { GameSession } from './context.ts';
import type { SeatRecord } from './ports.ts';

// The session a block's commands act in, shared by the Master's commands and the time commands
// (its own module, so neither imports the other for it).

/**
 * A session in which the sender may be the Master acting as a power (BECOME): `seat` is the seat
 * being acted for, `master` the Master's own seat. Without BECOME `master` is absent.
 */
export interface ActingSession extends GameSession {
  readonly master?: SeatRecord;
  /** The game was purged in this block: nothing more can be done in it. */
  readonly purged?: boolean;
  /** The Master stepped down (RESIGN) in this block: the rest of it has no Master's rights. */
  readonly steppedDown?: boolean;
  /** After OFFICIAL: the subject of the Master's later press in the block, which goes without header. */
  readonly official?: string;
  /** The Master ended the current phase in this block ("… HAS ENDED"): a "… HAS BEGUN" after it ends nothing more. */
  readonly phaseEndedInBlock?: boolean;
}

/** The Master's own seat, whether acting as themself or, after BECOME, as a power. */
export function masterSeat(session: ActingSession): SeatRecord | null {
  if (session.master) return session.master;
  return session.seat.role === 'master' ? session.seat : null;
}
