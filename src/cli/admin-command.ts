import { existsSync } from 'node:fs';
import { loadConfig, type JudgeSettings } from '../config/config.ts';
import { adminSocketPath, askRunningJudge } from '../daemon/admin/admin-socket.ts';
import { restoreBackup, runAdminRequest, type AdminAnswer, type AdminRequest } from '../daemon/admin/operations.ts';
import { DataDirLockedError, openStore } from '../store/index.ts';

// The judgekeeper's commands: each request runs on the configured database, or, when a running
// judge holds the PGlite database, in that judge through its admin socket. Never a stack trace
// for a locked database: a one-line message says what to do. They open only a database that
// already holds a judge (but `receive`): run from the wrong folder, they say so instead of making
// a new one.

export class JudgeBusyError extends Error {
  override readonly name = 'JudgeBusyError';
}

export async function runAdmin(request: AdminRequest, env: Record<string, string | undefined>): Promise<AdminAnswer> {
  return runAdminWith(loadConfig(env), request);
}

export async function runAdminWith(settings: JudgeSettings, request: AdminRequest): Promise<AdminAnswer> {
  let store: Awaited<ReturnType<typeof openStore>>;
  try {
    // `receive` is the judge itself run by procmail or an MTA, which like `serve` makes its database.
    const existing = request.op !== 'receive';
    store = await openStore(settings.databaseUrl ? { databaseUrl: settings.databaseUrl, existing } : { dataDir: settings.dataDir, existing });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const socket = adminSocketPath(settings.dataDir);
    if (!existsSync(socket)) throw new JudgeBusyError(`${error.message}, which does not answer commands; stop it (SIGTERM) and run this again`);
    // The running judge goes on taking mail into PGlite after the copy: that mail would stay behind.
    if (request.op === 'migrate-to' && request.force !== true) {
      throw new JudgeBusyError(
        `${error.message}: mail it takes after the copy would stay behind in PGlite; stop it (SIGTERM) and run this again, or add --force to copy while it runs`,
      );
    }
    return askRunningJudge(socket, request);
  }
  try {
    return await runAdminRequest({ store, settings }, request);
  } finally {
    await store.close();
  }
}

/** `dipjudge restore FILE`: into an empty database nobody else is using. */
export async function runRestore(file: string, env: Record<string, string | undefined>): Promise<AdminAnswer> {
  const settings = loadConfig(env);
  if (!existsSync(file)) throw new JudgeBusyError(`no such file: ${file}`);
  let store: Awaited<ReturnType<typeof openStore>>;
  try {
    store = await openStore(settings.databaseUrl ? { databaseUrl: settings.databaseUrl } : { dataDir: settings.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new JudgeBusyError(
        `${error.message}: a restore needs an empty database that no judge is using; stop the judge first, and restore into a new DIPJUDGE_DATA_DIR`,
      );
    throw error;
  }
  try {
    return await restoreBackup(store, file);
  } finally {
    await store.close();
  }
}
