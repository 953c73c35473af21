import type { PowerId } from '../../engine/types.ts';
import type { Seat } from '../model.ts';

// Who reads an output. Every reply, mail, page and listing is written for one kind of reader, and
// the visibility policy (policy.ts) decides from the reader and the game what it may show.

export type Reader =
  /** A power's player (before powers are drawn, a seat without one yet). */
  | { readonly kind: 'player'; readonly seatId: number; readonly power: PowerId | null }
  /** An observer or a monitor of the game. */
  | { readonly kind: 'observer' }
  | { readonly kind: 'master' }
  /** Anyone at all: LIST, SUMMARY, HISTORY, the web pages and feeds. */
  | { readonly kind: 'public' }
  /** Whoever runs the judge, through the admin command line. */
  | { readonly kind: 'judgekeeper' };

export const PUBLIC: Reader = { kind: 'public' };
export const JUDGEKEEPER: Reader = { kind: 'judgekeeper' };
export const MASTER: Reader = { kind: 'master' };

/** The reader a seat's holder is in its game. */
export function readerOfSeat(seat: Pick<Seat, 'id' | 'role' | 'power'>): Reader {
  switch (seat.role) {
    case 'master':
      return MASTER;
    case 'power':
      return { kind: 'player', seatId: seat.id, power: seat.power };
    case 'observer':
    case 'monitor':
      return { kind: 'observer' };
  }
}
