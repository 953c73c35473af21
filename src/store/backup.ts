import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

// A judge's whole database as JSON lines, and back. The first line describes the dump (format,
// the migrations its schema has, when it was taken, the tables in the order they are restored);
// then one line per batch of rows: `{"table": "...", "rows": [...]}`. PostgreSQL itself turns each
// row into JSON (row_to_json) and back (json_populate_recordset), so every column type survives
// the trip exactly on both backends (timestamps, arrays, jsonb, bytea, bigint).
//
// A dump is one REPEATABLE READ transaction, a consistent snapshot however much mail arrives
// meanwhile (on PGlite, one session, the judge simply waits for it). A restore goes into a database
// with the schema and no judge data, in one transaction: all of it or nothing.

export const BACKUP_FORMAT = 'dipjudge-backup';
const BATCH_ROWS = 500;
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

export interface BackupHeader {
  readonly format: typeof BACKUP_FORMAT;
  readonly version: 1;
  readonly takenAt: string;
  readonly migrations: readonly string[];
  readonly tables: readonly string[];
}

export interface BackupBatch {
  readonly table: string;
  readonly rows: readonly unknown[];
}

export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** The judge's tables, parents before children (deferrable references, e.g. games → phases, aside). */
async function tablesInRestoreOrder(db: Kysely<Database> | Transaction<Database>): Promise<string[]> {
  const tables = (
    await sql<{
      name: string;
    }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(
      db,
    )
  ).rows
    .map((row) => row.name)
    .filter((name) => !MIGRATION_TABLES.has(name));
  const references = (
    await sql<{ child: string; parent: string }>`
      SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND NOT c.condeferrable AND n.nspname = current_schema()`.execute(db)
  ).rows;
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const { parent } of references.filter((r) => r.child === table && r.parent !== table)) visit(parent);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

async function appliedMigrations(db: Kysely<Database> | Transaction<Database>): Promise<string[]> {
  const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return rows.rows.map((row) => row.name);
}

/** Writes the whole database, one consistent snapshot, through `write` (one call per line). */
export async function dumpDatabase(db: Kysely<Database>, write: (line: string) => Promise<void> | void): Promise<{ tables: number; rows: number }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`SET TRANSACTION READ ONLY`.execute(trx);
      const tables = await tablesInRestoreOrder(trx);
      const header: BackupHeader = { format: BACKUP_FORMAT, version: 1, takenAt: new Date().toISOString(), migrations: await appliedMigrations(trx), tables };
      await write(JSON.stringify(header));
      let count = 0;
      for (const table of tables) {
        // Keyset paging would need each table's key; ctid order is stable inside the snapshot.
        for (let offset = 0; ; offset += BATCH_ROWS) {
          const rows = (
            await sql<{ row: unknown }>`SELECT row_to_json(t) AS row FROM ${sql.table(table)} t ORDER BY t.ctid LIMIT ${BATCH_ROWS} OFFSET ${offset}`.execute(
              trx,
            )
          ).rows;
          if (rows.length === 0) break;
          count += rows.length;
          const batch: BackupBatch = { table, rows: rows.map((r) => r.row) };
          await write(JSON.stringify(batch));
          if (rows.length < BATCH_ROWS) break;
        }
      }
      return { tables: tables.length, rows: count };
    });
}

/** A table's columns that take a value on INSERT: all but the generated ones. */
async function insertableColumns(trx: Transaction<Database>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT column_name AS name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER'
    ORDER BY ordinal_position`.execute(trx);
  return rows.map((row) => row.name);
}

/**
 * Loads a dump into a database whose schema is up to date and which holds no judge data yet.
 * `openLines` is called once, when the lines are wanted (a readline interface made earlier would
 * drop the lines it read before the first is asked for), and yields the dump's lines in order.
 * Identity columns continue after the restored ids.
 */
export async function restoreDatabase(db: Kysely<Database>, openLines: () => AsyncIterable<string>): Promise<{ tables: number; rows: number }> {
  return db.transaction().execute(async (trx) => {
    await sql`SET CONSTRAINTS ALL DEFERRED`.execute(trx);
    const tables = await tablesInRestoreOrder(trx);
    for (const table of tables) {
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one FROM ${sql.table(table)} LIMIT 1`.execute(trx);
      if (rows.length > 0) throw new BackupError(`the database is not empty (table ${table} has rows): restore only into a new, empty database`);
    }
    const migrations = await appliedMigrations(trx);
    let header: BackupHeader | null = null;
    let count = 0;
    const seen = new Set<string>();
    const storedColumns: Record<string, string[]> = {};
    let lineNumber = 0;
    for await (const line of openLines()) {
      lineNumber++;
      if (line.trim() === '') continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        throw new BackupError(`line ${lineNumber} of the backup is not JSON: is this a dipjudge backup?`);
      }
      if (header === null) {
        const candidate = parsed as Partial<BackupHeader>;
        if (candidate.format !== BACKUP_FORMAT || candidate.version !== 1)
          throw new BackupError('this is not a dipjudge backup (its first line does not say so)');
        const unknown = (candidate.migrations ?? []).filter((name) => !migrations.includes(name));
        if (unknown.length > 0)
          throw new BackupError(`the backup comes from a newer judge (migrations ${unknown.join(', ')} are unknown here): restore it with that version`);
        header = candidate as BackupHeader;
        continue;
      }
      const batch = parsed as BackupBatch;
      if (!tables.includes(batch.table)) throw new BackupError(`line ${lineNumber}: the backup has a table ${batch.table} this judge does not know`);
      seen.add(batch.table);
      // Generated columns (outbox.drawing) are computed again from the others.
      const columns = sql.join((storedColumns[batch.table] ??= await insertableColumns(trx, batch.table)).map((column) => sql.ref(column)));
      await sql`INSERT INTO ${sql.table(batch.table)} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${sql.table(batch.table)}, ${JSON.stringify(batch.rows)}::json)`.execute(
        trx,
      );
      count += batch.rows.length;
    }
    if (header === null) throw new BackupError('the backup is empty');
    // Identity and serial columns carry on after the highest restored value.
    const sequences = (
      await sql<{ table: string; column: string; sequence: string }>`
        SELECT table_name AS table, column_name AS column, pg_get_serial_sequence(quote_ident(table_name), column_name) AS sequence
        FROM information_schema.columns
        WHERE table_schema = current_schema() AND pg_get_serial_sequence(quote_ident(table_name), column_name) IS NOT NULL`.execute(trx)
    ).rows;
    for (const { table, column, sequence } of sequences) {
      if (!seen.has(table)) continue;
      await sql`SELECT setval(${sequence}::regclass, (SELECT max(${sql.ref(column)}) FROM ${sql.table(table)}))`.execute(trx);
    }
    return { tables: seen.size, rows: count };
  });
}
