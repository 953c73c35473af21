// What /healthz says each check saw (daemon/health.ts decides, as a typed value): the
// judgekeeper's monitoring and the judgekeeper read it. Never a secret: no URL, no password.

export type HealthSeen =
  | { readonly kind: 'database-answers' }
  | { readonly kind: 'database-silent'; readonly error: string }
  | { readonly kind: 'inbox-unreadable'; readonly code: string }
  | { readonly kind: 'loop-stuck'; readonly seconds: number }
  | { readonly kind: 'loop-running' }
  | { readonly kind: 'imap-standby' }
  | { readonly kind: 'imap-connected'; readonly phase: string }
  | { readonly kind: 'imap-not-started' }
  | { readonly kind: 'imap-not-connected'; readonly phase: string }
  | { readonly kind: 'sender-running' }
  | { readonly kind: 'sender-restarting' }
  | { readonly kind: 'outbox-writable' }
  | { readonly kind: 'outbox-unwritable'; readonly code: string };

export function healthDetail(seen: HealthSeen): string {
  switch (seen.kind) {
    case 'database-answers':
      return 'answers';
    case 'database-silent':
      return `does not answer: ${seen.error}`;
    case 'inbox-unreadable':
      return `the spool inbox cannot be read: ${seen.code}`;
    case 'loop-stuck':
      return `the spool loop last went round ${seen.seconds} s ago`;
    case 'loop-running':
      return 'inbox readable, loop running';
    case 'imap-standby':
      return 'standing by: another process reads the mailbox';
    case 'imap-connected':
      return `connected (${seen.phase})`;
    case 'imap-not-started':
      return 'not started';
    case 'imap-not-connected':
      return `not connected (${seen.phase})`;
    case 'sender-running':
      return 'SMTP sender running';
    case 'sender-restarting':
      return 'the SMTP sender is not running (restarting)';
    case 'outbox-writable':
      return 'replies written to the spool outbox';
    case 'outbox-unwritable':
      return `the spool outbox cannot be written: ${seen.code}`;
  }
}
