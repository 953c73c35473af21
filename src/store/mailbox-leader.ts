import type pg from 'pg';
import type { Logger } from 'pino';
import { dedicatedClient, WakeablePause } from './dedicated-connection.ts';

// Which of several `serve` processes on one PostgreSQL reads the IMAP mailbox: the one holding a
// session-level advisory lock, on a connection of its own (not the kysely pool, whose clients
// come and go). PostgreSQL frees the lock when that session ends, so a leader that dies, even by
// kill -9, hands over as soon as its connection closes. A standby tries for the lock every
// `retryMs`; a leader pings its connection as often and, when the connection is lost, stops its
// intake and stands by again, because the lock may already be someone else's.
//
// The lock is about efficiency and order, not correctness: a stale leader may still be finishing
// its mail in hand when the next one starts, and the judge drops a mail handled twice by its
// Message-ID in the same transaction as its effects.

/** The ASCII of "dipjudge" read as a 64-bit integer; nothing else in dipjudge takes advisory locks. */
export const MAILBOX_LOCK_KEY = '7235419210097058661';

export interface MailboxLeaderOptions {
  readonly databaseUrl: string;
  /** Names this process in pg_stat_activity (application_name) and in the log. */
  readonly workerId: string;
  /** Pause between tries while standing by, and between pings while leading. */
  readonly retryMs: number;
  readonly logger: Logger;
  /** Called on winning the lock: start reading the mailbox. */
  lead(): void;
  /** Called on losing the lock or on stop: stop reading, finishing the mail in hand. */
  standDown(): Promise<void>;
}

export interface MailboxLeadership {
  isLeader(): boolean;
  /** Stops reading the mailbox if leading, then frees the lock by closing the connection. */
  stop(): Promise<void>;
}

export function startMailboxLeadership(options: MailboxLeaderOptions): MailboxLeadership {
  const { logger, retryMs } = options;
  let client: pg.Client | null = null;
  let leading = false;
  let stopping = false;
  let lost = false;
  const waiting = new WakeablePause();
  let lastProblem: string | null = null;
  let saidStandingBy = false;

  const dropClient = () => {
    const old = client;
    client = null;
    old?.end().catch(() => undefined);
  };

  const connect = async (): Promise<pg.Client> => {
    const fresh = dedicatedClient({ databaseUrl: options.databaseUrl, applicationName: `dipjudge mailbox ${options.workerId}`, retryMs, queryTimeout: true });
    // Without a listener a dropped connection's 'error' would end the process.
    fresh.on('error', (error) => {
      if (client === fresh) {
        lost = true;
        waiting.wake();
      }
      logger.debug({ err: error }, 'mailbox lock connection failed');
    });
    fresh.on('end', () => {
      if (client === fresh) {
        lost = true;
        waiting.wake();
      }
    });
    await fresh.connect();
    return fresh;
  };

  const problem = (error: unknown, what: string) => {
    const text = error instanceof Error ? error.message : String(error);
    // Said once per kind of trouble, not every few seconds while the database is down.
    if (text !== lastProblem) logger.warn({ err: error, retryMs }, what);
    lastProblem = text;
  };

  const loop = (async () => {
    while (!stopping) {
      if (!leading) {
        try {
          client ??= await connect();
          lost = false;
          const { rows } = await client.query<{ won: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS won', [MAILBOX_LOCK_KEY]);
          lastProblem = null;
          if (rows[0]?.won === true && !stopping && !lost) {
            leading = true;
            saidStandingBy = false;
            logger.info({ workerId: options.workerId }, 'mailbox leadership won: this process reads the mailbox');
            options.lead();
          } else if (!saidStandingBy) {
            saidStandingBy = true;
            logger.info({ workerId: options.workerId, retryMs }, 'standing by: another process reads the mailbox');
          }
        } catch (error) {
          problem(error, 'cannot reach PostgreSQL for the mailbox lock; trying again');
          dropClient();
        }
      } else {
        try {
          if (lost || client === null) throw new Error('connection closed');
          await client.query('SELECT 1');
        } catch (error) {
          if (stopping) break;
          leading = false;
          logger.warn({ err: error, workerId: options.workerId }, 'mailbox leadership lost: the lock connection failed; stopping the intake');
          dropClient();
          await options.standDown().catch((err: unknown) => logger.error({ err }, 'stopping the IMAP intake failed'));
          // Straight back for the lock: nobody may hold it now.
          continue;
        }
      }
      if (!stopping) await waiting.for(retryMs);
    }
  })();

  return {
    isLeader: () => leading,
    async stop() {
      stopping = true;
      waiting.wake();
      await loop;
      if (leading) {
        leading = false;
        await options.standDown();
        logger.info({ workerId: options.workerId }, 'mailbox leadership released');
      }
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
