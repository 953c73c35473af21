import pg from 'pg';
import { openStore } from '../../src/store/index.ts';
import { schemaFingerprint } from './schema-fingerprint.ts';
import { createScratchDatabase, testServerUrl, withAdmin, type ScratchDatabase } from './scratch-postgres.ts';

// A fresh, migrated, empty test database on the real PostgreSQL server (its commits not waiting
// for the WAL flush, see scratch-postgres.ts), copied from a template that holds every migration
// (CREATE DATABASE … TEMPLATE) instead of running the migrations again for each test file. The template is built once per schema and kept on the server, named by the
// schema's fingerprint, so a changed migration gets a new one; parallel workers and runs that
// build it at once each build their own copy and keep the first renamed into place.

const TEMPLATE_PREFIX = 'dipjudge_template_';
/** Templates of other schemas (older migrations, another branch) are dropped once this old. */
const STALE_TEMPLATE_MS = 24 * 60 * 60 * 1000;

const DUPLICATE_DATABASE = '42P04';
const INVALID_CATALOG_NAME = '3D000';

export async function migratedScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  try {
    return await createScratchDatabase(prefix, { template: await migratedTemplate(), commitWithoutFlush: true });
  } catch (error) {
    // Another run dropped a template it found stale between our look and our copy: build it again.
    if (!hasCode(error, INVALID_CATALOG_NAME)) throw error;
    templateBuilt = null;
    return createScratchDatabase(prefix, { template: await migratedTemplate(), commitWithoutFlush: true });
  }
}

let templateBuilt: Promise<string> | null = null;

function migratedTemplate(): Promise<string> {
  templateBuilt ??= buildTemplate().catch((error: unknown) => {
    templateBuilt = null;
    throw error;
  });
  return templateBuilt;
}

async function buildTemplate(): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${await schemaFingerprint()}`;
  const present = await withAdmin(testServerUrl(), (client) => client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]));
  if (present.rowCount === 1) return name;
  const partial = await createScratchDatabase(`${TEMPLATE_PREFIX}partial`);
  try {
    const store = await openStore({ databaseUrl: partial.url, poolSize: 1 });
    await store.close();
    await withAdmin(testServerUrl(), async (client) => {
      await client.query(`ALTER DATABASE ${partial.name} RENAME TO ${name}`);
      // Nobody works in the template: a session left in it would stop every copy.
      await client.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await client.query(`COMMENT ON DATABASE ${name} IS ${pg.escapeLiteral(`dipjudge test template, built ${new Date().toISOString()}`)}`);
      await dropStaleTemplates(client, name);
    });
  } catch (error) {
    if (!hasCode(error, DUPLICATE_DATABASE)) throw error;
  } finally {
    await partial.drop();
  }
  return name;
}

async function dropStaleTemplates(client: pg.Client, keep: string): Promise<void> {
  const { rows } = await client.query<{ datname: string; comment: string | null }>(
    `SELECT datname, shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname LIKE $1 AND datname <> $2`,
    [`${TEMPLATE_PREFIX.replaceAll('_', '\\_')}%`, keep],
  );
  for (const { datname, comment } of rows) {
    const built = Date.parse(/built (\S+)$/.exec(comment ?? '')?.[1] ?? '');
    if (Number.isNaN(built) || Date.now() - built < STALE_TEMPLATE_MS) continue;
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)}`).catch(() => undefined);
  }
}

function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
