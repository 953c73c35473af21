import { renderSessionRefusal } from '../../render/session-refusals.ts';
import { BlockError, type BlockContext } from '../context.ts';
import { MAX_NEW_PASSWORDS_PER_MAIL } from '../mail/mail-work.ts';
import { targetsOf } from './password-guard.ts';
import type { SeatRecord } from '../ports.ts';

// The password rules of a mail's blocks (issue 25): a password is checked under the guard of
// wrong passwords (password-guard.ts), and a new one is at least the judge's minimum long.

/**
 * Runs a password check for `seat` (null: the opener named no seat) under the guard: refused
 * unchecked while the seat or the sender is locked, and a wrong password counted against both.
 * The seat's own holder's failures count against their address alone.
 */
export async function guardedCheck<T>(
  ctx: Pick<BlockContext<unknown>, 'passwordGuard' | 'sender' | 'now'>,
  seat: SeatRecord | null | undefined,
  line: number,
  check: () => Promise<T | null>,
): Promise<T | null> {
  const guard = ctx.passwordGuard;
  if (!guard) return check();
  const targets = targetsOf(seat, ctx.sender);
  const until = guard.lockedUntil(targets, ctx.now);
  if (until !== null) throw new BlockError(line, renderSessionRefusal({ kind: 'password-attempts-locked', until }));
  const result = await check();
  if (result === null) guard.recordFailure(targets, ctx.now);
  return result;
}

/**
 * A new password (of a seat or a game's Master) is refused when shorter than the judge's minimum,
 * or past the mail's cap on new passwords: each costs a scrypt hash (mail-work.ts).
 */
export function requireNewPassword(ctx: Pick<BlockContext<unknown>, 'config' | 'mailWork'>, password: string, line: number): void {
  const minimum = ctx.config.minPasswordLength;
  if (minimum !== undefined && [...password].length < minimum) throw new BlockError(line, renderSessionRefusal({ kind: 'password-too-short', minimum }));
  requireHashBudget(ctx, line);
}

/** One more scrypt hash of a new password or privacy word in this mail, refused past the mail's cap. */
export function requireHashBudget(ctx: Pick<BlockContext<unknown>, 'mailWork'>, line: number): void {
  if (ctx.mailWork && !ctx.mailWork.hashesNewPassword())
    throw new BlockError(line, renderSessionRefusal({ kind: 'too-many-new-passwords', limit: MAX_NEW_PASSWORDS_PER_MAIL }));
}
