import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SQL_DIR, migrate, SqlFolderMigrationProvider } from '../../src/store/index.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { insertGame, insertPhase } from './fixtures.ts';

const EXPECTED_TABLES = [
  'absences',
  'address_changes',
  'address_password_failures',
  'diary_entries',
  'failed_mail',
  'inbound_queue',
  'game_notices',
  'games',
  'inbound_mail',
  'judge_state',
  'jobs',
  'mail_addresses',
  'orders',
  'orders_ahead',
  'outbox',
  'phases',
  'press',
  'seat_password_failures',
  'seat_stints',
  'seats',
].sort();

describeEachDatabase('migrations', (getStore, getDatabase) => {
  it('creates every table of the schema', async () => {
    const { rows } = await sql<{ tablename: string }>`
      SELECT tablename FROM pg_catalog.pg_tables
      WHERE schemaname = current_schema() AND tablename NOT LIKE 'kysely%'
      ORDER BY tablename`.execute(getStore().db);
    expect(rows.map((row) => row.tablename)).toEqual(EXPECTED_TABLES);
  });

  it('records each sql/ file once and applies nothing the second time', async () => {
    const { db } = getStore();
    expect(await migrate(db)).toEqual({ applied: [] });
    expect(await migrate(db)).toEqual({ applied: [] });
    const executed = await db.selectNoFrom(sql<string[]>`(SELECT array_agg(name ORDER BY name) FROM kysely_migration)`.as('names')).executeTakeFirstOrThrow();
    const files = Object.keys(await new SqlFolderMigrationProvider(DEFAULT_SQL_DIR).getMigrations());
    expect(executed.names).toEqual(files);
    expect(files[0]).toBe('001_initial');
  });

  it('answers an up-to-date database from its record alone, and still migrates one that is behind', async () => {
    const { db } = getStore();
    // The Migrator's lock table is made by the Migrator itself: a quick check does not need it.
    await sql`DROP TABLE kysely_migration_lock`.execute(db);
    expect(await migrate(db)).toEqual({ applied: [] });
    const { rows } = await sql<{ present: boolean }>`SELECT to_regclass('kysely_migration_lock') IS NOT NULL AS present`.execute(db);
    expect(rows[0]!.present).toBe(false);
    // One file more than the record holds: the Migrator runs, and applies it.
    const sqlDir = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-sql-'));
    try {
      const files = Object.keys(await new SqlFolderMigrationProvider(DEFAULT_SQL_DIR).getMigrations());
      for (const name of files) await writeFile(path.join(sqlDir, `${name}.sql`), 'SELECT 1;');
      await writeFile(path.join(sqlDir, '999_quick_check.sql'), 'CREATE TABLE quick_check (id int);');
      expect(await migrate(db, { sqlDir })).toEqual({ applied: ['999_quick_check'] });
      expect(await migrate(db, { sqlDir })).toEqual({ applied: [] });
      // A second file with a number already used is refused even when the rest is applied.
      await writeFile(path.join(sqlDir, '999_twin.sql'), 'SELECT 1;');
      await expect(migrate(db, { sqlDir })).rejects.toThrow(/two migrations numbered 999/);
    } finally {
      await rm(sqlDir, { recursive: true, force: true });
      await sql`DROP TABLE IF EXISTS quick_check`.execute(db);
      await sql`DELETE FROM kysely_migration WHERE name = '999_quick_check'`.execute(db);
    }
  });

  it('creates the partial indexes the workers rely on', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      SELECT indexname, indexdef FROM pg_catalog.pg_indexes
      WHERE schemaname = current_schema() AND indexname IN
        ('outbox_pending_idx', 'jobs_due_idx', 'inbound_mail_imap_key', 'jobs_open_dedupe_key')
      ORDER BY indexname`.execute(getStore().db);
    expect(rows.map((row) => [row.indexname, /\bWHERE\b/.test(row.indexdef)])).toEqual([
      ['inbound_mail_imap_key', true],
      ['jobs_due_idx', true],
      ['jobs_open_dedupe_key', true],
      ['outbox_pending_idx', true],
    ]);
  });

  it('resets to empty tables with restarted identities but keeps the migration record', async () => {
    const { db } = getStore();
    const game = await insertGame(db);
    await insertPhase(db, game.id, 'S1901M', 0);
    // games.current_phase → phases and phases.game_id → games form a cycle the reset must untie
    await db.updateTable('games').set({ current_phase: 'S1901M', status: 'active' }).where('id', '=', game.id).execute();
    await db
      .insertInto('outbox')
      .values({ message_id: '<x@judge.test>', to_addresses: ['a@example.test'], subject: 's', body: 'b' })
      .execute();

    await getDatabase().reset();

    expect(await db.selectFrom('games').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('phases').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('outbox').selectAll().execute()).toEqual([]);
    expect((await insertGame(db)).id).toBe(1);
    expect(await migrate(db)).toEqual({ applied: [] });
  });
});

describe('SqlFolderMigrationProvider', () => {
  let dir: string | null = null;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = null;
  });

  async function folder(files: Record<string, string>): Promise<string> {
    dir = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-sql-'));
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
    return dir;
  }

  it('orders migrations by number and ignores files that are not .sql', async () => {
    const sqlDir = await folder({ '010_b.sql': 'SELECT 2;', '002_a.sql': 'SELECT 1;', 'README.md': '# notes' });
    expect(Object.keys(await new SqlFolderMigrationProvider(sqlDir).getMigrations())).toEqual(['002_a', '010_b']);
  });

  it('refuses misnamed, duplicate-numbered and empty files', async () => {
    await expect(new SqlFolderMigrationProvider(await folder({ 'initial.sql': 'SELECT 1;' })).getMigrations()).rejects.toThrow(/NNN_lower_case_name\.sql/);
    await rm(dir!, { recursive: true });
    await expect(new SqlFolderMigrationProvider(await folder({ '001_a.sql': 'SELECT 1;', '001_b.sql': 'SELECT 2;' })).getMigrations()).rejects.toThrow(
      /two migrations numbered 001/,
    );
    await rm(dir!, { recursive: true });
    await expect(new SqlFolderMigrationProvider(await folder({ '001_a.sql': '  \n' })).getMigrations()).rejects.toThrow(/empty/);
  });
});
