import { mkdir, open, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Two processes on one PGlite dataDir silently lose committed rows (mail-and-database.md §4), and
// so do two PGlite instances in one process. A lock file created with O_EXCL and holding the
// owner's pid keeps a dataDir to a single opener; a lock left by a dead process is taken over.

export const LOCK_FILE_NAME = '.dipjudge.lock';

export interface DataDirLock {
  readonly lockPath: string;
  /** Writes our pid into the lock file again, e.g. after a loaded dump replaced it with its own. */
  refresh(): Promise<void>;
  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): Promise<void>;
}

export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      pid === process.pid
        ? `this dipjudge process (pid ${pid}) is already using ${dataDir}; close the open store first`
        : `another dipjudge process (pid ${pid}) is using ${dataDir}`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Takes the exclusive lock on `dataDir`, creating the directory when missing. */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  const ownContent = `${process.pid}\n`;

  // Two rounds: the second follows removing a stale lock. If another process slips in between,
  // its lock is live and we refuse rather than loop.
  for (let round = 0; round < 2; round++) {
    if (await createExclusive(lockPath, ownContent)) return createLock(lockPath, ownContent);

    const content = await readLockContent(lockPath);
    if (content === null) continue; // vanished between our create and read: try again
    const pid = parsePid(content);
    if (pid !== null && isProcessAlive(pid)) throw new DataDirLockedError(dataDir, pid);
    // Stale (dead pid or garbage). Re-read right before removing, to avoid deleting a lock that a
    // concurrent opener has just written in place of the stale one.
    if ((await readLockContent(lockPath)) === content) await unlink(lockPath).catch(ignoreMissing);
  }
  throw new Error(`could not take the lock file ${lockPath}: other openers keep racing for it`);
}

async function createExclusive(lockPath: string, content: string): Promise<boolean> {
  try {
    const handle = await open(lockPath, 'wx', 0o600);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if (isErrnoCode(error, 'EEXIST')) return false;
    throw error;
  }
}

function createLock(lockPath: string, ownContent: string): DataDirLock {
  let released = false;
  return {
    lockPath,
    async refresh() {
      if (!released) await writeFile(lockPath, ownContent);
    },
    async release() {
      if (released) return;
      released = true;
      // Only remove our own lock: if someone removed ours as stale by mistake, leave theirs alone.
      if ((await readLockContent(lockPath)) === ownContent) await unlink(lockPath).catch(ignoreMissing);
    },
  };
}

async function readLockContent(lockPath: string): Promise<string | null> {
  try {
    return await readFile(lockPath, 'utf8');
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT')) return null;
    throw error;
  }
}

function parsePid(content: string): number | null {
  const trimmed = content.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const pid = Number(trimmed);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return isErrnoCode(error, 'EPERM');
  }
}

function isErrnoCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

function ignoreMissing(error: unknown): void {
  if (!isErrnoCode(error, 'ENOENT')) throw error;
}
