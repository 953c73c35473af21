// Public face of the persistence layer: other layers import from here only.
export { NoJudgeDatabaseError, openStore, withoutPassword } from './connect.ts';
export type { PgliteStore, PostgresStore, Store, StoreKind, StoreOptions } from './connect.ts';
export { DEFAULT_SQL_DIR, migrate, MigrationFailedError, SqlFolderMigrationProvider } from './migrate.ts';
export type { MigrateOptions, MigrateResult } from './migrate.ts';
export { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './pglite-lock.ts';
export type { DataDirLock } from './pglite-lock.ts';
export type { StoreLogger } from './logger.ts';
export {
  GAME_STATUSES,
  INBOUND_OUTCOMES,
  jsonb,
  OUTBOX_STATUSES,
  PRESS_KINDS,
  PRESS_TO_MASTER,
  PRESS_TO_OBSERVERS,
  SEAT_ROLES,
  SEAT_STATUSES,
} from './schema.ts';
export type * from './schema.ts';
