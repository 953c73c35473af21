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
    super(
      `database migration ${migrationName ?? '(setup)'} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'MigrationFailedError';
  }
}

/** Reads sql/NNN_name.sql files; each file becomes one migration executed as raw SQL. */
export class SqlFolderMigrationProvider implements MigrationProvider {
  constructor(private readonly sqlDir: string = DEFAULT_SQL_DIR) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const names = (await readdir(this.sqlDir)).filter((name) => name.endsWith('.sql')).sort();
    const migrations: Record<string, Migration> = {};
    const seenNumbers = new Set<string>();
    for (const fileName of names) {
      if (!MIGRATION_FILE.test(fileName)) {
        throw new Error(`${path.join(this.sqlDir, fileName)}: migration files are named NNN_lower_case_name.sql`);
      }
      const number = fileName.slice(0, fileName.indexOf('_'));
      if (seenNumbers.has(number)) throw new Error(`${this.sqlDir}: two migrations numbered ${number}`);
      seenNumbers.add(number);
      const text = await readFile(path.join(this.sqlDir, fileName), 'utf8');
      if (text.trim() === '') throw new Error(`${path.join(this.sqlDir, fileName)} is empty`);
      // Without parameters pg uses the simple query protocol, which accepts many statements.
      migrations[fileName.slice(0, -'.sql'.length)] = { up: (db) => sql.raw(text).execute(db).then(() => undefined) };
    }
    return migrations;
  }
}

/** Brings the schema up to date. Idempotent; safe to call from several processes at once. */
export async function migrate(db: Kysely<any>, options: MigrateOptions = {}): Promise<MigrateResult> {
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
