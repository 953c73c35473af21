import { parentPort, workerData } from 'node:worker_threads';
import type { SenderLogger } from '../mail/smtp-sender.ts';
import { openStore } from '../store/index.ts';
import { outboxSender } from './outbox-sender.ts';
import type { SenderThreadData, SenderThreadLogLine, SenderThreadMessage, SenderThreadRequest } from './sender-thread-protocol.ts';

// Runs in the sender thread (see sender-thread.ts): drains the outbox until the daemon says stop.

const { settings, workerId } = workerData as SenderThreadData;
const port = parentPort!;
const tell = (message: SenderThreadMessage) => port.postMessage(message);
// Log lines wait for the end of this turn of the event loop and go to the daemon together: one
// message between threads per round of sent mail instead of one per mail.
let lines: SenderThreadLogLine[] = [];
const flush = () => {
  if (lines.length === 0) return;
  tell({ type: 'logs', lines });
  lines = [];
};
const forward =
  (level: 'info' | 'warn' | 'error') =>
  (bindings: object, message: string): void => {
    if (lines.length === 0) setImmediate(flush);
    // Errors do not survive the trip between threads whole: their text and stack go instead.
    lines.push({ level, bindings: { component: 'smtp', ...cloneable(bindings) }, message });
  };
const logger: SenderLogger = { info: forward('info'), warn: forward('warn'), error: forward('error') };

// Sending and recording outcomes need few connections: a claim, a "sent" update and a retry at most.
const store = await openStore({ databaseUrl: settings.databaseUrl, migrate: false, poolSize: 3, logger });
const sender = outboxSender(store.db, settings, workerId, logger);
const running = sender.start({ pollMs: settings.pollMs });
port.on('message', (request: SenderThreadRequest) => {
  if (request.type === 'wake') running.wake();
  // exit() ends only this thread, once what it had in hand is done.
  else
    void sender.close().finally(() =>
      store.close().finally(() => {
        flush();
        process.exit(0);
      }),
    );
});
tell({ type: 'ready' });

function cloneable(bindings: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(bindings).map(([key, value]) => [key, value instanceof Error ? { type: value.name, message: value.message, stack: value.stack } : value]),
  );
}
