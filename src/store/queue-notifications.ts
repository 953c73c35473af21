import type pg from 'pg';
import type { Logger } from 'pino';
import { dedicatedClient, WakeablePause } from './dedicated-connection.ts';

// Every insert into inbound_queue notifies this channel when it commits (sql/020). A `serve`
// process listens on a connection of its own (not the kysely pool, whose clients come and go)
// and wakes its judging at once, whichever process recorded the mail. Notices are a shortcut,
// never the only way: while the connection is down they are lost, so the judging still looks at
// the queue every poll interval, and a reconnection wakes it once in case something came meanwhile.

export const INBOUND_QUEUE_CHANNEL = 'dipjudge_inbound_queue';

export interface QueueNotificationOptions {
  readonly databaseUrl: string;
  /** Names this process in pg_stat_activity (application_name). */
  readonly workerId: string;
  /** Pause before connecting again after the connection failed. */
  readonly retryMs: number;
  readonly logger: Logger;
  /** Mail was recorded (or may have been, while not listening): look at the queue. */
  onQueued(): void;
}

export interface QueueNotifications {
  /** Whether the LISTEN connection is up. */
  listening(): boolean;
  stop(): Promise<void>;
}

export function listenForQueuedMail(options: QueueNotificationOptions): QueueNotifications {
  const { logger, retryMs } = options;
  let client: pg.Client | null = null;
  let stopping = false;
  const waiting = new WakeablePause();
  let endListening: (() => void) | null = null;
  let saidDown = false;

  /** Resolves when the connection ends or fails (or stop() is called). */
  const listen = async (): Promise<void> => {
    const fresh = dedicatedClient({ databaseUrl: options.databaseUrl, applicationName: `dipjudge listen ${options.workerId}`, retryMs });
    const ended = new Promise<void>((resolve) => {
      // Without a listener a dropped connection's 'error' would end the process.
      fresh.on('error', (error) => {
        logger.debug({ err: error }, 'queue notification connection failed');
        resolve();
      });
      fresh.on('end', () => resolve());
      endListening = () => resolve();
    });
    try {
      await fresh.connect();
      fresh.on('notification', (message) => {
        if (message.channel === INBOUND_QUEUE_CHANNEL) options.onQueued();
      });
      await fresh.query(`LISTEN ${INBOUND_QUEUE_CHANNEL}`);
      client = fresh;
      if (saidDown) logger.info('listening for queued mail again');
      saidDown = false;
      // Whatever was recorded while nobody listened.
      options.onQueued();
      await ended;
    } finally {
      client = null;
      endListening = null;
      await fresh.end().catch(() => undefined);
    }
  };

  const loop = (async () => {
    while (!stopping) {
      try {
        await listen();
      } catch (error) {
        if (!saidDown) logger.warn({ err: error, retryMs }, 'cannot listen for queued mail: the queue is looked at every poll interval until then');
        saidDown = true;
      }
      if (!stopping) await waiting.for(retryMs);
    }
  })();

  return {
    listening: () => client !== null,
    async stop() {
      stopping = true;
      endListening?.();
      waiting.wake();
      await loop;
    },
  };
}
