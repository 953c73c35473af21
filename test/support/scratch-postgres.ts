import { randomBytes } from 'node:crypto';
import pg from 'pg';

// An empty database on the real PostgreSQL server, for a daemon that migrates it itself (a
// child process or serve()), and the PostgreSQL half of test/support/databases.ts. It does not
// import vitest, so benchmarks can use it too.
//
//   const scratch = await createScratchDatabase();   // postgres://…/dipjudge_scratch_3fa1…
//   … DATABASE_URL: scratch.url …
//   await scratch.drop();                              // WITH (FORCE): also ends leftover sessions

/** The server the tests use: TEST_DATABASE_URL, or the local one with trust auth. */
const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  readonly name: string;
  readonly url: string;
  /** Drops the database, ending any session still connected to it. Safe to call twice. */
  drop(): Promise<void>;
}

export interface ScratchDatabaseOptions {
  /** A database to copy (CREATE DATABASE … TEMPLATE) instead of the server's empty template1. */
  readonly template?: string;
  /**
   * Commits do not wait for the WAL to reach the disk (synchronous_commit off), for tests: a test
   * database need not outlive a crash of the server, and on a busy machine that wait was much of a
   * database test's time (4–6 ms a commit against 0.2–0.3 ms). Benchmarks keep the default.
   */
  readonly commitWithoutFlush?: boolean;
}

export async function createScratchDatabase(prefix = 'dipjudge_scratch', options: ScratchDatabaseOptions = {}): Promise<ScratchDatabase> {
  const adminUrl = testServerUrl();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unusable database name ${name}`);
  if (options.template !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.template)) throw new Error(`unusable template name ${options.template}`);
  await withAdmin(adminUrl, async (client) => {
    await client.query(`CREATE DATABASE ${name}${options.template === undefined ? '' : ` TEMPLATE ${options.template}`}`);
    if (options.commitWithoutFlush === true) await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | null = null;
  return {
    name,
    url: url.toString(),
    drop: () => (dropped ??= withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined)),
  };
}

/** The server the tests use (TEST_DATABASE_URL or the local one), as a URL of its postgres database. */
export function testServerUrl(): string {
  return process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
}

export async function withAdmin<T>(adminUrl: string, action: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${redactPassword(adminUrl)} (${describeError(error)}). ` +
        'Start it or point TEST_DATABASE_URL at a server where this user may CREATE DATABASE.',
      { cause: error },
    );
  }
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}

function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable TEST_DATABASE_URL)';
  }
}

function describeError(error: unknown): string {
  if (error instanceof AggregateError) return error.errors.map(describeError).join('; ');
  return error instanceof Error ? error.message || error.name : String(error);
}
