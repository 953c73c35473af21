import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { ImapIntakePhase } from '../mail/imap-intake.ts';
import type { HealthCheck, HealthReport } from '../web/server.ts';
import { healthDetail, type HealthSeen } from '../render/health-checks.ts';

// /healthz of a running `serve`: the database answers, mail comes in (the IMAP intake is connected,
// or this process stands by while another reads the mailbox; the spool inbox is readable and the
// spool loop goes round), and mail goes out (the SMTP sender is alive, or the spool outbox is
// writable). Each check says what it saw, never a secret (no URL, no password).

export interface HealthParts {
  readonly pingDatabase: () => Promise<void>;
  readonly spoolInbox: string;
  /** The spool outbox, when replies are written there (no SMTP_URL). */
  readonly spoolOutbox: string | null;
  /** When the spool loop last went round (ms since the epoch). */
  readonly lastSpoolRound: () => number;
  /** The longest the loop may take between rounds before it counts as stuck. */
  readonly stuckAfterMs: number;
  /** With IMAP_URL: what the intake is doing, or 'standby' while another process reads the mailbox. */
  readonly imap: (() => ImapIntakePhase | 'standby' | 'none') | null;
  /** With SMTP_URL: whether the sender (loop or thread) is running. */
  readonly smtpSender: (() => boolean) | null;
  readonly timeoutMs?: number;
}

export async function checkHealth(parts: HealthParts, now: number = Date.now()): Promise<HealthReport> {
  const timeoutMs = parts.timeoutMs ?? 3_000;
  const checks: Record<string, HealthCheck> = {};
  checks.database = await withTimeout(parts.pingDatabase(), timeoutMs).then(
    () => saw(true, { kind: 'database-answers' }),
    (error: unknown) => saw(false, { kind: 'database-silent', error: error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : String(error) }),
  );
  const roundAge = now - parts.lastSpoolRound();
  const inbox = await usable(parts.spoolInbox, constants.R_OK | constants.W_OK);
  checks.spool =
    inbox !== null
      ? saw(false, { kind: 'inbox-unreadable', code: inbox })
      : roundAge > parts.stuckAfterMs
        ? saw(false, { kind: 'loop-stuck', seconds: Math.round(roundAge / 1000) })
        : saw(true, { kind: 'loop-running' });
  if (parts.imap !== null) {
    const phase = parts.imap();
    checks.imap =
      phase === 'standby'
        ? saw(true, { kind: 'imap-standby' })
        : phase === 'waiting' || phase === 'draining'
          ? saw(true, { kind: 'imap-connected', phase })
          : saw(false, phase === 'none' ? { kind: 'imap-not-started' } : { kind: 'imap-not-connected', phase });
  }
  if (parts.smtpSender !== null) {
    checks.sender = parts.smtpSender() ? saw(true, { kind: 'sender-running' }) : saw(false, { kind: 'sender-restarting' });
  } else if (parts.spoolOutbox !== null) {
    const outbox = await usable(parts.spoolOutbox, constants.W_OK);
    checks.sender = outbox === null ? saw(true, { kind: 'outbox-writable' }) : saw(false, { kind: 'outbox-unwritable', code: outbox });
  }
  return { ok: Object.values(checks).every((check) => check.ok), checks };
}

const saw = (ok: boolean, seen: HealthSeen): HealthCheck => ({ ok, detail: healthDetail(seen) });

async function usable(folder: string, mode: number): Promise<string | null> {
  try {
    await access(folder, mode);
    return null;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'unusable';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
