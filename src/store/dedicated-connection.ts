import pg from 'pg';

// What the mailbox lock and the queue's LISTEN share: a PostgreSQL connection of their own (not
// the kysely pool, whose clients come and go), and a loop that waits between tries to connect
// but must end its wait at once when the connection fails or the process stops.

export interface DedicatedConnectionOptions {
  readonly databaseUrl: string;
  /** Names the connection in pg_stat_activity. */
  readonly applicationName: string;
  /** The loop's pause between tries; connecting (and each query, when `queryTimeout`) may take as long, 5 s at least. */
  readonly retryMs: number;
  readonly queryTimeout?: boolean;
}

/** A client for one long-lived session, kept alive by TCP keepalives; not yet connected. */
export function dedicatedClient(options: DedicatedConnectionOptions): pg.Client {
  const timeoutMs = Math.max(options.retryMs, 5_000);
  return new pg.Client({
    connectionString: options.databaseUrl,
    application_name: options.applicationName.slice(0, 63),
    keepAlive: true,
    connectionTimeoutMillis: timeoutMs,
    ...(options.queryTimeout ? { query_timeout: timeoutMs } : {}),
  });
}

/** A pause that `wake()` ends early; waking while nothing waits does nothing. */
export class WakeablePause {
  private wakeUp: (() => void) | null = null;

  for(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (this.wakeUp = null));
  }

  wake(): void {
    this.wakeUp?.();
  }
}
