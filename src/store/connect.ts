import { access, chmod } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { StoreLogger } from './logger.ts';
import { migrate } from './migrate.ts';
import { makeOwnerOnly } from './owner-only.ts';
import { prepareRecurringStatements, statementNames } from './prepared-statements.ts';
import { acquireDataDirLock } from './pglite-lock.ts';
import type { DataDirLock } from './pglite-lock.ts';
import type { Database } from './schema.ts';

// One kysely stack for both backends: the stock PostgresDialect over a pg.Pool. For PGlite the
// pool talks to the embedded database through PGlite's node-postgres shim, so SQL, migrations
// and type parsing (int8 → string, timestamptz → Date) are the same everywhere.

export interface StoreOptions {
  /** postgres://… : use that server. Otherwise the store is an embedded PGlite database. */
  readonly databaseUrl?: string;
  /** PGlite directory; undefined or ':memory:' keeps the database in memory. */
  readonly dataDir?: string;
  readonly logger?: StoreLogger;
  /** Apply sql/ migrations on open (default true). */
  readonly migrate?: boolean;
  /** Real PostgreSQL only: pool size (default 10). PGlite is one session, so always 1. */
  readonly poolSize?: number;
  /** PGlite only: start a new database from a `dumpDataDir()` tarball instead of running initdb. */
  readonly loadDataDir?: Blob;
  /**
   * Open only a database that already holds a judge (NoJudgeDatabaseError otherwise): no new PGlite
   * folder, no schema laid into an empty PostgreSQL database. For commands run against a judge,
   * where a wrong folder or URL must not quietly become a new, empty judge.
   */
  readonly existing?: boolean;
}

/** The folder or database named holds no judge, and the command was not one that creates it. */
export class NoJudgeDatabaseError extends Error {
  override readonly name = 'NoJudgeDatabaseError';
}

interface StoreBase {
  readonly db: Kysely<Database>;
  /** Destroys the pool, closes PGlite and releases the dataDir lock. Safe to call twice. */
  close(): Promise<void>;
}

export interface PostgresStore extends StoreBase {
  readonly kind: 'postgres';
}

export interface PgliteStore extends StoreBase {
  readonly kind: 'pglite';
  /** Directory on disk, or null when in memory. */
  readonly dataDir: string | null;
  /** A tarball of the whole database, for backups or as `loadDataDir` of another store. */
  dumpDataDir(): Promise<Blob>;
}

export type Store = PostgresStore | PgliteStore;
export type StoreKind = Store['kind'];

const IN_MEMORY_DATA_DIRS = new Set([':memory:', 'memory://']);

export async function openStore(options: StoreOptions = {}): Promise<Store> {
  if (
    options.existing &&
    options.databaseUrl === undefined &&
    options.dataDir !== undefined &&
    !IN_MEMORY_DATA_DIRS.has(options.dataDir) &&
    !(await isDatabaseDir(options.dataDir))
  ) {
    throw new NoJudgeDatabaseError(
      `there is no judge database in ${path.resolve(options.dataDir)} (DIPJUDGE_DATA_DIR); run this where the judge keeps its data, or set DIPJUDGE_DATA_DIR or --config; \`dipjudge migrate\` makes a new one`,
    );
  }
  const store = options.databaseUrl !== undefined ? openPostgres(options.databaseUrl, options) : await openPglite(options);
  try {
    if (options.existing && store.kind === 'postgres') await refuseEmptyPostgres(store, options.databaseUrl!);
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
  if (options.migrate === false) return store;
  try {
    await migrate(store.db, options.logger ? { logger: options.logger } : {});
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
  return store;
}

function openPostgres(databaseUrl: string, options: StoreOptions): PostgresStore {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    application_name: 'dipjudge',
  });
  // An idle client whose server connection drops emits 'error' on the pool; unhandled, that
  // would kill the process. The pool replaces the client by itself.
  pool.on('error', (error) => options.logger?.warn({ err: error }, 'idle PostgreSQL connection failed'));
  // A client checked out for a transaction has no such listener: when the server ends its session
  // mid-transaction, the query fails and then the client emits 'error' too, which would crash the
  // process. The query's own failure already reaches the caller, who retries the mail.
  pool.on('connect', (client) => client.on('error', (error) => options.logger?.warn({ err: error }, 'PostgreSQL connection lost')));
  // Recurring statements are parsed and planned once per connection (prepared-statements.ts).
  const names = statementNames();
  pool.on('connect', (client) => prepareRecurringStatements(client, names));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kind: 'postgres', db, close: once(() => db.destroy()) };
}

async function openPglite(options: StoreOptions): Promise<PgliteStore> {
  const dataDir = options.dataDir === undefined || IN_MEMORY_DATA_DIRS.has(options.dataDir) ? null : options.dataDir;
  const lock: DataDirLock | null = dataDir === null ? null : await acquireDataDirLock(dataDir);
  let pglite: PGlite | null = null;
  try {
    if (options.loadDataDir && dataDir !== null && (await isDatabaseDir(dataDir))) {
      throw new Error(`loadDataDir needs an empty dataDir, but ${dataDir} already holds a database`);
    }
    pglite = await PGlite.create({
      // SEARCH's index (sql/019_game_search.sql) is a pg_trgm one.
      extensions: { pg_trgm },
      ...(dataDir === null ? {} : { dataDir }),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    // A dump of an on-disk store carries that store's lock file, now unpacked over ours.
    if (options.loadDataDir) await lock?.refresh();
    // The folder is shut to others at once; what is in it is made owner-only when it closes.
    if (dataDir !== null) await chmod(dataDir, 0o700);
  } catch (error) {
    await pglite?.close().catch(() => undefined);
    await lock?.release();
    throw error;
  }
  const database = pglite;
  // PGlite is a single session: with more than one pooled client, a query sent while another
  // client holds a transaction would run inside that transaction.
  const pool = new pg.Pool({ ...createPgConfig(database), max: 1 });
  pool.on('error', (error) => options.logger?.warn({ err: error }, 'PGlite connection failed'));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  options.logger?.info({ dataDir: dataDir ?? ':memory:' }, 'PGlite database opened');
  return {
    kind: 'pglite',
    db,
    dataDir,
    dumpDataDir: () => database.dumpDataDir('gzip'),
    close: once(async () => {
      try {
        await db.destroy();
        await database.close();
        // And the files it made since it opened.
        if (dataDir !== null) await makeOwnerOnly(dataDir);
      } finally {
        await lock?.release();
      }
    }),
  };
}

async function refuseEmptyPostgres(store: PostgresStore, databaseUrl: string): Promise<void> {
  const { rows } = await sql<{ present: boolean }>`SELECT to_regclass('kysely_migration') IS NOT NULL AS present`.execute(store.db);
  if (rows[0]?.present !== true) {
    throw new NoJudgeDatabaseError(
      `there is no judge in the PostgreSQL database ${withoutPassword(databaseUrl)} (DATABASE_URL); check the URL, or run \`dipjudge migrate\` to make a new judge there`,
    );
  }
}

/** A database URL fit for a message: the password is never shown. */
export function withoutPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return '(a DATABASE_URL that is not a URL)';
  }
}

async function isDatabaseDir(dataDir: string): Promise<boolean> {
  return access(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | null = null;
  return () => (done ??= action());
}
