import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { openStore } from '../../src/store/index.ts';
import type { Database, Store, StoreKind } from '../../src/store/index.ts';
import { migratedScratchDatabase } from './postgres-template.ts';
import { schemaFingerprint } from './schema-fingerprint.ts';

// Every database test runs twice: on an in-memory PGlite and on a fresh database of the real
// PostgreSQL server. Usage, once per test file:
//
//   describeEachDatabase('outbox', (getStore) => {
//     it('claims pending rows', async () => { const { db } = getStore(); … });
//   });
//
// Each block gets its own database for the file (PGlite takes seconds to start, so it is not
// per test) and every test starts from empty tables with restarted identities.
// PostgreSQL: TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres. When it is
// unreachable the PostgreSQL half fails; it never skips, so CI cannot go green without it.

export interface TestDatabase {
  readonly kind: StoreKind;
  readonly store: Store;
  /** postgres:// URL of this database (real PostgreSQL only), for a second connection pool. */
  readonly databaseUrl: string | null;
  /** Empties every table of the schema and restarts identities. */
  reset(): Promise<void>;
  /** Closes the store and drops the database. */
  dispose(): Promise<void>;
}

export interface DatabaseBackend {
  readonly kind: StoreKind;
  /** A fresh, migrated, empty database. */
  open(): Promise<TestDatabase>;
}

export interface DescribeEachDatabaseOptions {
  /** Empty all tables and restart identities before each test (default true). */
  readonly resetBetweenTests?: boolean;
}

export type GetStore = () => Store;
export type GetTestDatabase = () => TestDatabase;

// ------------------------------------------------------------------------------------------------
// PGlite: in memory, started from a cached, already migrated dump of the schema (about 1.5 s
// instead of 3–7 s for initdb + migrations). The dump is kept as a plain tar: PGlite unpacks it
// without first trying it as a tar and then gunzipping it (a tenth of the start's CPU).
// ------------------------------------------------------------------------------------------------

const pgliteBackend: DatabaseBackend = {
  kind: 'pglite',
  async open() {
    const store = await openPgliteFromTemplate();
    return createTestDatabase(store, null, () => store.close());
  },
};

const TEMPLATE_PREFIX = 'dipjudge-pglite-template-';

async function openPgliteFromTemplate(): Promise<Store> {
  const templatePath = await pgliteTemplatePath();
  const cached = await readFile(templatePath).catch(() => null);
  if (cached !== null) {
    try {
      return await openStore({ loadDataDir: new Blob([cached]) });
    } catch {
      // A damaged template (e.g. a half-written file from a killed run): rebuild it below.
      await rm(templatePath, { force: true });
    }
  }
  const store = await openStore({});
  await saveTemplate(store, templatePath);
  return store;
}

/**
 * A dump of an empty, migrated PGlite database, for `openStore({ dataDir, loadDataDir })` in
 * tests that need a database on disk without paying for initdb.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const templatePath = await pgliteTemplatePath();
  const cached = await readFile(templatePath).catch(() => null);
  if (cached !== null) return new Blob([cached]);
  const store = await openStore({});
  try {
    return new Blob([await saveTemplate(store, templatePath)]);
  } finally {
    await store.close();
  }
}

const INITDB_PREFIX = 'dipjudge-pglite-initdb-';

/**
 * A dump of a PGlite database as initdb leaves it, before any migration, for a test that migrates
 * it itself (`openStore({ loadDataDir, migrate: false })`): loading it costs a third of initdb's CPU.
 */
export async function unmigratedPgliteTemplate(): Promise<Blob> {
  const templatePath = path.join(os.tmpdir(), `${INITDB_PREFIX}${await schemaFingerprint()}.tar`);
  const cached = await readFile(templatePath).catch(() => null);
  if (cached !== null) return new Blob([cached]);
  const store = await openStore({ migrate: false });
  try {
    if (store.kind !== 'pglite') throw new Error('only a PGlite store can be a template');
    const dump = gunzipSync(Buffer.from(await (await store.dumpDataDir()).arrayBuffer()));
    const partial = `${templatePath}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, dump);
    await rename(partial, templatePath);
    const dir = path.dirname(templatePath);
    const others = (await readdir(dir)).filter((name) => name.startsWith(INITDB_PREFIX) && name.endsWith('.tar') && path.join(dir, name) !== templatePath);
    await Promise.all(others.map((name) => rm(path.join(dir, name), { force: true })));
    return new Blob([dump]);
  } finally {
    await store.close();
  }
}

/**
 * Lays an empty, migrated PGlite database into `dataDir` from the template, so a `serve` opening
 * it starts at once instead of running initdb and the migrations (3–7 s of CPU). The first seed
 * of a schema is made by PGlite (the dump unpacked, started and closed) and kept as a folder; later
 * seeds copy that folder file by file, the same bytes and modes, without starting PGlite
 * (some 2 s of CPU each).
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const folder = await seededFolder();
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    // cp(1) copies the 40 MB in a third of the CPU of node's fs.cp.
    await copyTree(`${folder}/.`, dataDir);
  } catch (error) {
    // Removed as stale by another run since this process found it: made again.
    if (await isFolder(folder)) throw error;
    seededFolderMade = null;
    await rm(dataDir, { recursive: true, force: true });
    await seedPgliteDataDir(dataDir);
  }
}

const copyTree = (from: string, to: string) => promisify(execFile)('cp', ['-a', from, to]);

let seededFolderMade: Promise<string> | null = null;

function seededFolder(): Promise<string> {
  seededFolderMade ??= makeSeededFolder().catch((error: unknown) => {
    seededFolderMade = null;
    throw error;
  });
  return seededFolderMade;
}

async function makeSeededFolder(): Promise<string> {
  const folder = (await pgliteTemplatePath()).replace(/\.tar$/, '.seeded');
  if (await isFolder(folder)) return folder;
  // Made aside and renamed into place, so parallel workers never copy a half-made folder.
  const partial = `${folder}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  try {
    const store = await openStore({ dataDir: partial, loadDataDir: await pgliteTemplate() });
    await store.close();
    await rename(partial, folder);
  } catch (error) {
    // Another worker renamed its folder into place first: use that one.
    if (!(await isFolder(folder))) throw error;
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  return folder;
}

async function isFolder(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isDirectory() === true;
}

async function pgliteTemplatePath(): Promise<string> {
  return path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${await schemaFingerprint()}.tar`);
}

async function saveTemplate(store: Store, templatePath: string): Promise<Buffer> {
  if (store.kind !== 'pglite') throw new Error('only a PGlite store can be a template');
  const dump = gunzipSync(Buffer.from(await (await store.dumpDataDir()).arrayBuffer()));
  // Write then rename, so parallel workers never read a partial file.
  const partial = `${templatePath}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  await writeFile(partial, dump);
  await rename(partial, templatePath);
  await removeOtherTemplates(templatePath);
  return dump;
}

/** A seeded folder of another schema this old is no longer copied by a run of another branch. */
const STALE_SEEDED_FOLDER_MS = 24 * 60 * 60 * 1000;

/**
 * Templates of older schemas are never read again. A seeded folder of another schema is left for a
 * day: a run on another branch may be copying it, and a copy of a half-removed folder would be a
 * broken database rather than a failed read.
 */
async function removeOtherTemplates(keep: string): Promise<void> {
  const dir = path.dirname(keep);
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.startsWith(TEMPLATE_PREFIX) && path.join(dir, name) !== keep);
  const stale = async (name: string): Promise<boolean> => {
    if (/\.tar(\.gz)?$/.test(name)) return true;
    if (!name.endsWith('.seeded') || path.join(dir, name) === keep.replace(/\.tar$/, '.seeded')) return false;
    const found = await stat(path.join(dir, name)).catch(() => null);
    return found !== null && Date.now() - found.mtimeMs > STALE_SEEDED_FOLDER_MS;
  };
  for (const name of names) if (await stale(name)) await rm(path.join(dir, name), { recursive: true, force: true });
}

// ------------------------------------------------------------------------------------------------
// Real PostgreSQL: one copy of the migrated template per block, dropped afterwards.
// ------------------------------------------------------------------------------------------------

const postgresBackend: DatabaseBackend = {
  kind: 'postgres',
  async open() {
    const scratch = await migratedScratchDatabase('dipjudge_test');
    let store: Store;
    try {
      store = await openStore({ databaseUrl: scratch.url, poolSize: 4 });
    } catch (error) {
      await scratch.drop().catch(() => undefined);
      throw error;
    }
    return createTestDatabase(store, scratch.url, async () => {
      try {
        await store.close();
      } finally {
        await scratch.drop();
      }
    });
  },
};

// ------------------------------------------------------------------------------------------------
// Shared
// ------------------------------------------------------------------------------------------------

function createTestDatabase(store: Store, databaseUrl: string | null, dispose: () => Promise<void>): TestDatabase {
  let emptyAll: string | null = null;
  return {
    kind: store.kind,
    store,
    databaseUrl,
    async reset() {
      emptyAll ??= await emptyAllStatement(store.db);
      await sql.raw(emptyAll).execute(store.db);
    },
    dispose,
  };
}

/**
 * Empties every table of the schema except kysely's migration bookkeeping and restarts every
 * sequence, like TRUNCATE … RESTART IDENTITY CASCADE but about ten times cheaper on small
 * tables (TRUNCATE makes new files for each table). Tables whose DELETE trips a foreign key
 * (games.current_phase → phases) are retried after the others, so no order needs maintaining.
 */
async function emptyAllStatement(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_catalog.pg_tables
    WHERE schemaname = current_schema() AND tablename NOT LIKE 'kysely\\_%'
    ORDER BY tablename`.execute(db);
  const tables = rows.map((row) => `'${row.tablename.replaceAll("'", "''")}'`).join(', ');
  return `DO $reset$
DECLARE
  remaining text[] := ARRAY[${tables}]::text[];
  name text;
  progress boolean;
BEGIN
  WHILE cardinality(remaining) > 0 LOOP
    progress := false;
    FOREACH name IN ARRAY remaining LOOP
      BEGIN
        EXECUTE format('DELETE FROM %I', name);
        remaining := array_remove(remaining, name);
        progress := true;
      EXCEPTION WHEN foreign_key_violation THEN
        NULL;
      END;
    END LOOP;
    IF NOT progress THEN
      RAISE EXCEPTION 'cannot empty tables %', remaining;
    END IF;
  END LOOP;
  -- setval, not ALTER SEQUENCE … RESTART, which gives each sequence a new file as TRUNCATE does.
  PERFORM setval(format('%I.%I', schemaname, sequencename), start_value, false)
  FROM pg_catalog.pg_sequences WHERE schemaname = current_schema();
END
$reset$;`;
}

export const databaseBackends: readonly DatabaseBackend[] = [pgliteBackend, postgresBackend];

export function databaseBackend(kind: StoreKind): DatabaseBackend {
  const backend = databaseBackends.find((candidate) => candidate.kind === kind);
  if (!backend) throw new Error(`no database backend ${kind}`);
  return backend;
}

/**
 * Declares `describe(name [backend])` once per backend: for the store's own behaviour (test/store,
 * the outbox's claims in test/mail, the web's queries), which must read the same on PGlite and
 * PostgreSQL. `getStore()` is valid inside tests and hooks; `getDatabase()` also gives the URL
 * (PostgreSQL) and `reset()`.
 */
export function describeEachDatabase(
  name: string,
  body: (getStore: GetStore, getDatabase: GetTestDatabase) => void,
  options: DescribeEachDatabaseOptions = {},
): void {
  describeOn(databaseBackends, name, body, options);
}

/**
 * Declares `describe(name [postgres])` on one database: for the judge's rules by mail, which reach
 * the store through the port whose two backends test/store holds to one behaviour. Running them on
 * PGlite too tested the store a second time at three times the CPU of PostgreSQL.
 */
export function describeWithDatabase(
  name: string,
  body: (getStore: GetStore, getDatabase: GetTestDatabase) => void,
  options: DescribeEachDatabaseOptions = {},
): void {
  describeOn([postgresBackend], name, body, options);
}

function describeOn(
  backends: readonly DatabaseBackend[],
  name: string,
  body: (getStore: GetStore, getDatabase: GetTestDatabase) => void,
  options: DescribeEachDatabaseOptions,
): void {
  for (const backend of backends) {
    describe(`${name} [${backend.kind}]`, () => {
      let database: TestDatabase | null = null;
      const getDatabase: GetTestDatabase = () => {
        if (database === null) throw new Error(`the ${backend.kind} test database is not open (failed, or used outside a test)`);
        return database;
      };
      beforeAll(async () => {
        database = await backend.open();
      });
      afterAll(async () => {
        await database?.dispose();
        database = null;
      });
      if (options.resetBetweenTests !== false) beforeEach(() => getDatabase().reset());
      body(() => getDatabase().store, getDatabase);
    });
  }
}
