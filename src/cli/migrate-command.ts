import { loadConfig } from '../config/config.ts';
import { migrate, openStore } from '../store/index.ts';
import { environment, type ConfigOptions } from './command-options.ts';

// `dipjudge migrate`: brings the schema up to date and exits, for a deployment step.

export async function runMigrate(options: ConfigOptions): Promise<void> {
  const settings = loadConfig(environment(options));
  const store = await openStore(settings.databaseUrl ? { databaseUrl: settings.databaseUrl, migrate: false } : { dataDir: settings.dataDir, migrate: false });
  try {
    const { applied } = await migrate(store.db);
    const where = store.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${settings.dataDir}`;
    process.stdout.write(
      applied.length === 0
        ? `the database (${where}) is up to date\n`
        : `applied ${applied.length} migration(s) to the database (${where}): ${applied.join(', ')}\n`,
    );
  } finally {
    await store.close();
  }
}
