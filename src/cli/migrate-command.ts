import { loadConfig } from '../config/config.ts';
import { migrate, openStore } from '../store/index.ts';
import { environment, type ConfigOptions } from './command-options.ts';
import { migratedText } from '../render/admin-output.ts';

// `dipjudge migrate`: brings the schema up to date and exits, for a deployment step.

export async function runMigrate(options: ConfigOptions): Promise<void> {
  const settings = loadConfig(environment(options));
  const store = await openStore(settings.databaseUrl ? { databaseUrl: settings.databaseUrl, migrate: false } : { dataDir: settings.dataDir, migrate: false });
  try {
    const { applied } = await migrate(store.db);
    process.stdout.write(migratedText(applied, store.kind === 'postgres' ? { kind: 'postgres' } : { kind: 'pglite', dataDir: settings.dataDir }));
  } finally {
    await store.close();
  }
}
