import type { JudgeSettings } from '../config/config.ts';

// What the daemon and its sender thread (sender-thread.ts) say to each other.

export interface SenderThreadData {
  /** The worker's TypeScript module, loaded by sender-thread-worker.mjs. */
  readonly module: string;
  readonly settings: JudgeSettings & { readonly databaseUrl: string; readonly smtpUrl: string };
  readonly workerId: string;
}

/** From the daemon: mail was queued, or finish the batch in hand and end. */
export type SenderThreadRequest = { readonly type: 'wake' } | { readonly type: 'stop' };

/** A line for the daemon's log. */
export interface SenderThreadLogLine {
  readonly level: 'info' | 'warn' | 'error';
  readonly bindings: Record<string, unknown>;
  readonly message: string;
}

/**
 * From the thread: it is sending, or lines for the daemon's log, in order: the lines of one turn
 * of the thread's event loop travel together (a round of 20 sent mails is one message, not 20).
 */
export type SenderThreadMessage = { readonly type: 'ready' } | { readonly type: 'logs'; readonly lines: readonly SenderThreadLogLine[] };
