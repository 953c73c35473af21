import { renderSessionRefusal } from '../render/session-refusals.ts';
import { BlockError, type BlockContext, type JudgeConfig } from './context.ts';
import { targetsOf } from './password-guard.ts';
import type { SeatRecord } from './ports.ts';

// The password rules of a mail's blocks (issue 25): a password is checked under the guard of
// wrong passwords (password-guard.ts), and a new one is at least the judge's minimum long.

/**
 * Runs a password check for `seat` (null: the opener named no seat) under the guard: refused
 * unchecked while the seat or the sender is locked, and a wrong password counted against both.
 * The seat's own holder's failures count against their address alone.
 */
export async function guardedCheck<T>(ctx: Pick<BlockContext<unknown>, 'passwordGuard' | 'sender' | 'now'>, seat: SeatRecord | null | undefined, line: number, check: () => Promise<T | null>): Promise<T | null> {
  const guard = ctx.passwordGuard;
  if (!guard) return check();
  const targets = targetsOf(seat, ctx.sender);
  const until = guard.lockedUntil(targets, ctx.now);
  if (until !== null) throw new BlockError(line, renderSessionRefusal({ kind: 'password-attempts-locked', until }));
  const result = await check();
  if (result === null) guard.recordFailure(targets, ctx.now);
  return result;
}

/** A new password (of a seat or a game's Master) is refused when shorter than the judge's minimum. */
export function requireNewPassword(config: Pick<JudgeConfig, 'minPasswordLength'>, password: string, line: number): void {
  const minimum = config.minPasswordLength;
  if (minimum !== undefined && [...password].length < minimum) throw new BlockError(line, renderSessionRefusal({ kind: 'password-too-short', minimum }));
}
