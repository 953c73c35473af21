import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator, sql } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { StoreLogger } from './logger.ts';

// Migrations are plain SQL files, sql/NNN_name.sql, one `up` each, applied in name order by
// kysely's Migrator (one transaction on both backends; a failure leaves the schema untouched).
// There are no `down`s: a mistake is fixed by the next numbered file.

export const DEFAULT_SQL_DIR = fileURLToPath(new URL('../../sql/', import.meta.url));

const MIGRATION_FILE = /^\d{3,}_[a-z0-9_-]+\.sql$/;

export interface MigrateOptions {
  readonly sqlDir?: string;
  readonly logger?: StoreLogger;
}

export interface MigrateResult {
  /** Names (file names without `.sql`) applied by this call, in order; empty when up to date. */
  readonly applied: readonly string[];
}

export class MigrationFailedError extends Error {
  constructor(
    readonly migrationName: string | null,
    override readonly cause: unknown,
  ) {
    super(`database migration ${migrationName ?? '(setup)'} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationFailedError';
  }
}

/** The migration files of the folder in order, their names checked (NNN_name.sql, one file per number). */
async function migrationFiles(sqlDir: string): Promise<string[]> {
  const names = (await readdir(sqlDir)).filter((name) => name.endsWith('.sql')).sort();
  const seenNumbers = new Set<string>();
  for (const fileName of names) {
    if (!MIGRATION_FILE.test(fileName)) throw new Error(`${path.join(sqlDir, fileName)}: migration files are named NNN_lower_case_name.sql`);
    const number = fileName.slice(0, fileName.indexOf('_'));
    if (seenNumbers.has(number)) throw new Error(`${sqlDir}: two migrations numbered ${number}`);
    seenNumbers.add(number);
  }
  return names;
}

/**
 * Whether the database has applied exactly the folder's migrations, so that there is nothing to
 * do. Every command opens the store and so migrates; on an up-to-date database this one read
 * replaces the Migrator's own round (its tables created if missing, its lock taken, every file
 * read), which was some 80 ms of a PGlite start.
 */
// biome-ignore lint/suspicious/noExplicitAny: kysely's Migrator takes any schema; migrations run before one is known
async function upToDate(db: Kysely<any>, sqlDir: string): Promise<boolean> {
  const files = await migrationFiles(sqlDir);
  const { rows: tables } = await sql<{ present: boolean }>`SELECT to_regclass('kysely_migration') IS NOT NULL AS present`.execute(db);
  if (tables[0]?.present !== true) return false;
  const { rows: applied } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return applied.length === files.length && applied.every((row, i) => `${row.name}.sql` === files[i]);
}

/** Reads sql/NNN_name.sql files; each file becomes one migration executed as raw SQL. */
export class SqlFolderMigrationProvider implements MigrationProvider {
  constructor(private readonly sqlDir: string = DEFAULT_SQL_DIR) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const fileName of await migrationFiles(this.sqlDir)) {
      const text = await readFile(path.join(this.sqlDir, fileName), 'utf8');
      if (text.trim() === '') throw new Error(`${path.join(this.sqlDir, fileName)} is empty`);
      // Without parameters pg uses the simple query protocol, which accepts many statements.
      migrations[fileName.slice(0, -'.sql'.length)] = {
        up: (db) =>
          sql
            .raw(text)
            .execute(db)
            .then(() => undefined),
      };
    }
    return migrations;
  }
}

/** Brings the schema up to date. Idempotent; safe to call from several processes at once. */
// biome-ignore lint/suspicious/noExplicitAny: kysely's Migrator takes any schema; migrations run before one is known
export async function migrate(db: Kysely<any>, options: MigrateOptions = {}): Promise<MigrateResult> {
  if (await upToDate(db, options.sqlDir ?? DEFAULT_SQL_DIR)) return { applied: [] };
  const migrator = new Migrator({ db, provider: new SqlFolderMigrationProvider(options.sqlDir) });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error');
    throw new MigrationFailedError(failed?.migrationName ?? null, error);
  }
  const applied = results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
  if (applied.length > 0) options.logger?.info({ applied }, 'database migrated');
  return { applied };
}
