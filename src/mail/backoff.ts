// Exponential backoff with jitter, for reconnecting to the mail server and for retrying a mail
// whose handler failed: initialMs, then ×factor per failure, capped at maxMs. Jitter takes up to
// that fraction off each delay so that replicas restarted together do not knock in step.

export interface BackoffPolicy {
  readonly initialMs: number;
  readonly maxMs: number;
  readonly factor: number;
  /** 0 … 1 */
  readonly jitter: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 500, maxMs: 30_000, factor: 2, jitter: 0.2 };

export function backoffPolicy(overrides: Partial<BackoffPolicy> = {}): BackoffPolicy {
  const policy = { ...DEFAULT_BACKOFF, ...overrides };
  if (!(policy.initialMs >= 0) || !(policy.maxMs >= policy.initialMs)) throw new Error('backoff needs 0 <= initialMs <= maxMs');
  if (!(policy.factor >= 1)) throw new Error('backoff factor must be at least 1');
  if (!(policy.jitter >= 0 && policy.jitter <= 1)) throw new Error('backoff jitter must be between 0 and 1');
  return policy;
}

/** Delay before retry number `failures` (0 = after the first failure). */
export function backoffDelay(policy: BackoffPolicy, failures: number, random: () => number = Math.random): number {
  const raw = Math.min(policy.maxMs, policy.initialMs * policy.factor ** Math.max(0, failures));
  return Math.round(raw * (1 - policy.jitter * random()));
}
