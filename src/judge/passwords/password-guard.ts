import type { MailAddress } from '../model.ts';
import type { GuardedTarget, PasswordFailures, SeatRecord } from '../ports.ts';

// Passwords cannot be guessed by mail (issue 25): wrong passwords are counted per seat and per
// sending address, across mails and within one. At a few failures the seat or address is locked
// for a while, the lock doubling with each further failure; while it is locked a password
// for it is refused without being checked (no scrypt, nothing learnt). Failures are forgotten a
// day after the last one. A player who mistypes once or twice never meets a lock.
//
// A seat's own holder is never locked out of it by others' failures: wrong passwords written from
// the seat's address count against that address only, so forged mail cannot shut a player out of
// their power (an address lock ends within an hour).

export interface PasswordAttemptLimits {
  /** Wrong passwords that lock the target for FIRST_LOCK_MINUTES. */
  readonly failuresToLock: number;
  /** The longest a lock lasts. */
  readonly longestLockMinutes: number;
}

/** The limits the judge applies; the README's section on hostile mail states them. */
export const PASSWORD_ATTEMPT_LIMITS: { readonly seat: PasswordAttemptLimits; readonly address: PasswordAttemptLimits } = {
  seat: { failuresToLock: 5, longestLockMinutes: 24 * 60 },
  address: { failuresToLock: 10, longestLockMinutes: 60 },
};
/** The first lock; each failure after it doubles the next one. */
export const FIRST_LOCK_MINUTES = 1;
/** A target's failures are forgotten this long after its last one. */
export const FORGET_FAILURES_AFTER_HOURS = 24;

/** The key of a target in the guard's map. */
function keyOf(target: GuardedTarget): string {
  return target.kind === 'seat' ? `seat:${target.seatId}` : `address:${target.address}`;
}

/**
 * The failures a unit of work knows (loaded with its games) and adds to. It lives outside the
 * unit's blocks: the refused block that counted a failure is rolled back, the count is not.
 */
export class PasswordGuard {
  private readonly known = new Map<string, PasswordFailures>();
  private readonly changed = new Set<string>();

  constructor(loaded: readonly PasswordFailures[] = []) {
    for (const failures of loaded) this.known.set(keyOf(failures.target), failures);
  }

  /** The latest lock among the targets still running at `now`, or null when a password may be checked. */
  lockedUntil(targets: readonly GuardedTarget[], now: Date): Date | null {
    let until: Date | null = null;
    for (const target of targets) {
      const lock = this.known.get(keyOf(target))?.lockedUntil ?? null;
      if (lock !== null && lock > now && (until === null || lock > until)) until = lock;
    }
    return until;
  }

  /** Whether a password for a seat from `sender` would be refused unchecked at `now`. */
  locks(sender: MailAddress, now: Date): (seat: SeatRecord | null | undefined) => boolean {
    return (seat) => this.lockedUntil(targetsOf(seat, sender), now) !== null;
  }

  /** Counts one wrong password against each target. */
  recordFailure(targets: readonly GuardedTarget[], now: Date): void {
    for (const target of targets) {
      const key = keyOf(target);
      const before = this.known.get(key);
      const forgotten = before === undefined || now.getTime() - before.lastFailureAt.getTime() > FORGET_FAILURES_AFTER_HOURS * 3_600_000;
      const failures = (forgotten ? 0 : before.failures) + 1;
      const limits = PASSWORD_ATTEMPT_LIMITS[target.kind];
      const over = failures - limits.failuresToLock;
      const lockedUntil =
        over >= 0 ? new Date(now.getTime() + Math.min(limits.longestLockMinutes, FIRST_LOCK_MINUTES * 2 ** Math.min(over, 30)) * 60_000) : null;
      this.known.set(key, { target, failures, lastFailureAt: now, lockedUntil });
      this.changed.add(key);
    }
  }

  /** The failures counted since the last call, to be stored. */
  takeChanges(): PasswordFailures[] {
    const changes = [...this.changed].map((key) => this.known.get(key)!);
    this.changed.clear();
    return changes;
  }
}

/** The targets a password for `seat` from `sender` is counted against: the seat's own holder's failures count against their address alone. */
export function targetsOf(seat: SeatRecord | null | undefined, sender: MailAddress): GuardedTarget[] {
  const holder = seat && (seat.address === sender || (seat.extraAddresses ?? []).includes(sender));
  return [{ kind: 'address', address: sender }, ...(seat && !holder ? [{ kind: 'seat' as const, seatId: seat.id }] : [])];
}
