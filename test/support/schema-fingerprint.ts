import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEFAULT_SQL_DIR } from '../../src/store/index.ts';

/**
 * Names the migrated, empty databases the tests copy (a PGlite dump, a PostgreSQL template):
 * changes whenever a migration or the PGlite version changes.
 */
export async function schemaFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  // The package's exports hide package.json; its entry point lives in dist/.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pglitePackage = JSON.parse(await readFile(path.join(path.dirname(pgliteEntry), '..', 'package.json'), 'utf8')) as { version: string };
  hash.update(`pglite ${pglitePackage.version}\n`);
  for (const name of (await readdir(DEFAULT_SQL_DIR)).filter((file) => file.endsWith('.sql')).sort()) {
    hash.update(`${name}\n`);
    hash.update(await readFile(path.join(DEFAULT_SQL_DIR, name)));
  }
  return hash.digest('hex').slice(0, 16);
}
