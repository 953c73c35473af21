import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { JudgeSettings } from '../config/config.ts';
import { backoffDelay, backoffPolicy } from '../mail/backoff.ts';
import type { RunningSender } from '../mail/smtp-sender.ts';
import type { SenderThreadData, SenderThreadMessage, SenderThreadRequest } from './sender-thread-protocol.ts';

// The outbox sender on a thread of its own (PostgreSQL only: PGlite lives inside the main
// thread). Composing MIME and speaking SMTP cost about as much CPU per mail as judging it, so
// on its own thread sending no longer holds up the judge, and a burst of mail is judged and
// sent on two cores at once. The thread opens its own connections to the database; its log
// lines come back here and go out through the daemon's logger. A thread that dies is started
// again after a pause: the outbox is in the database, and the dead thread's claims run out
// after the lease.

export interface SenderThreadOptions {
  readonly settings: JudgeSettings & { readonly databaseUrl: string; readonly smtpUrl: string };
  readonly workerId: string;
  readonly log: Logger;
  /** The thread's entry module; tests give one of their own. */
  readonly entry?: URL;
  /** Pause before the first restart of a thread that died; it doubles up to a minute. */
  readonly restartDelayMs?: number;
}

// Run from the TypeScript sources (tests, tsx), a worker starts without a TypeScript loader: its
// entry is a small .mjs that loads the .ts module through tsx. In the compiled judge the worker's
// own built entry sits beside this code in dist/lib.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_ENTRY = FROM_SOURCE ? new URL('./sender-thread-worker.mjs', import.meta.url) : new URL('./sender-thread-worker.js', import.meta.url);
const WORKER_MODULE = FROM_SOURCE ? new URL('./sender-thread-worker.ts', import.meta.url).href : WORKER_ENTRY.href;

/** The sender thread; `alive` is false while it is starting or being started again (for /healthz). */
export interface RunningSenderThread extends RunningSender {
  alive(): boolean;
}

export function startSenderThread(options: SenderThreadOptions): RunningSenderThread {
  const { settings, workerId, log } = options;
  const restart = backoffPolicy({ initialMs: options.restartDelayMs ?? 1_000, maxMs: 60_000 });
  const data: SenderThreadData = { module: WORKER_MODULE, settings, workerId };
  let worker: Worker | null = null;
  let ready = false;
  let wakeWaiting = false;
  let wakePosted = false;
  let stopping = false;
  let failures = 0;
  let restartTimer: NodeJS.Timeout | null = null;
  let exited: Promise<void> = Promise.resolve();

  const post = (request: SenderThreadRequest) => worker?.postMessage(request);

  const launch = () => {
    restartTimer = null;
    const thread = new Worker(options.entry ?? WORKER_ENTRY, { workerData: data, name: 'dipjudge-sender' });
    worker = thread;
    ready = false;
    thread.on('message', (message: SenderThreadMessage) => {
      switch (message.type) {
        case 'ready':
          ready = true;
          failures = 0;
          if (wakeWaiting || stopping) post(stopping ? { type: 'stop' } : { type: 'wake' });
          wakeWaiting = false;
          return;
        case 'logs':
          for (const line of message.lines) log[line.level](line.bindings, line.message);
          return;
      }
    });
    thread.on('error', (error) => log.error({ err: error }, 'the sender thread failed'));
    exited = new Promise((resolve) =>
      thread.once('exit', (code) => {
        if (worker === thread) worker = null;
        resolve();
        if (stopping) return;
        const delayMs = backoffDelay(restart, failures++);
        log.error({ code, delayMs }, 'the sender thread stopped unexpectedly; starting it again');
        restartTimer = setTimeout(launch, delayMs);
      }),
    );
  };
  launch();

  return {
    alive: () => worker !== null && ready,
    wake() {
      if (!ready) {
        wakeWaiting = true;
        return;
      }
      // One message for all the wakes of this turn of the event loop: a claim of 50 judged mails
      // wakes the sender once, not 50 times.
      if (wakePosted) return;
      wakePosted = true;
      setImmediate(() => {
        wakePosted = false;
        if (ready) post({ type: 'wake' });
        else wakeWaiting = true;
      });
    },
    async stop() {
      stopping = true;
      if (restartTimer !== null) clearTimeout(restartTimer);
      // A thread still starting is told once it is ready; its batch in hand is finished first.
      if (ready) post({ type: 'stop' });
      await exited;
    },
  };
}
