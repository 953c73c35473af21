import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME, openStore } from '../../src/store/index.ts';
import type { Store } from '../../src/store/index.ts';
import { pgliteTemplate } from '../support/databases.ts';
import { insertGame } from './fixtures.ts';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** A process that is alive until we kill it; its pid stands in for "another dipjudge". */
async function startIdleProcess(): Promise<{ pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await once(child, 'spawn');
  return {
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    },
  };
}

/** The pid of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid!;
}

describe('PGlite dataDir', () => {
  let root: string;
  const open: Store[] = [];

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-pglite-'));
  });
  afterAll(async () => {
    await Promise.all(open.map((store) => store.close()));
    await rm(root, { recursive: true, force: true });
  });

  it('keeps committed data across close and reopen, and locks the dir only while open', async () => {
    const dataDir = path.join(root, 'judge-db');
    const lockPath = path.join(dataDir, LOCK_FILE_NAME);

    // Seeded from the migrated template to skip initdb (seconds); everything after is on disk.
    const first = await openStore({ dataDir, loadDataDir: await pgliteTemplate() });
    open.push(first);
    expect(first.kind).toBe('pglite');
    expect(await readFile(lockPath, 'utf8')).toBe(`${process.pid}\n`);
    await insertGame(first.db, { name: 'durable' });

    // A second open of the same dir while the first is open would lose writes: refused.
    await expect(openStore({ dataDir })).rejects.toThrow(DataDirLockedError);
    await expect(openStore({ dataDir })).rejects.toThrow(`(pid ${process.pid}) is already using ${dataDir}`);
    expect(await readFile(lockPath, 'utf8')).toBe(`${process.pid}\n`);

    await first.close();
    await first.close(); // idempotent
    expect(await exists(lockPath)).toBe(false);

    const reopened = await openStore({ dataDir });
    open.push(reopened);
    expect(await reopened.db.selectFrom('games').select('name').execute()).toEqual([{ name: 'durable' }]);

    // Dump it as if another process had held the lock: the dump carries that lock file.
    const other = await startIdleProcess();
    await writeFile(lockPath, `${other.pid}\n`);
    const dump = reopened.kind === 'pglite' ? await reopened.dumpDataDir() : null;
    await writeFile(lockPath, `${process.pid}\n`);
    await other.stop();
    await reopened.close();
    expect(await exists(lockPath)).toBe(false);

    await expect(openStore({ dataDir, loadDataDir: dump! })).rejects.toThrow(/already holds a database/);
    expect(await exists(lockPath)).toBe(false);

    const copyDir = path.join(root, 'copy');
    const copy = await openStore({ dataDir: copyDir, loadDataDir: dump! });
    open.push(copy);
    expect(await readFile(path.join(copyDir, LOCK_FILE_NAME), 'utf8')).toBe(`${process.pid}\n`);
    expect(await copy.db.selectFrom('games').select('name').execute()).toEqual([{ name: 'durable' }]);
    await copy.close();
    expect(await exists(path.join(copyDir, LOCK_FILE_NAME))).toBe(false);
  });
});

describe('dataDir lock file', () => {
  let dataDir: string;
  const stops: Array<() => Promise<void>> = [];

  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
    await rm(dataDir, { recursive: true, force: true });
  });

  async function freshDir(): Promise<string> {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-lock-'));
    return dataDir;
  }

  it('refuses a dir whose lock belongs to another live process, naming its pid', async () => {
    const dir = await freshDir();
    const other = await startIdleProcess();
    stops.push(other.stop);
    await writeFile(path.join(dir, LOCK_FILE_NAME), `${other.pid}\n`);

    const attempt = acquireDataDirLock(dir);
    await expect(attempt).rejects.toThrow(`another dipjudge process (pid ${other.pid}) is using ${dir}`);
    await expect(attempt).rejects.toMatchObject({ code: 'DATA_DIR_LOCKED', pid: other.pid, dataDir: dir });
    // the live owner's lock is untouched
    expect(await readFile(path.join(dir, LOCK_FILE_NAME), 'utf8')).toBe(`${other.pid}\n`);
    // openStore refuses before starting PGlite
    await expect(openStore({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
  });

  it('takes over a lock left by a dead process or holding garbage', async () => {
    const dir = await freshDir();
    const lockPath = path.join(dir, LOCK_FILE_NAME);
    for (const stale of [`${await deadPid()}\n`, 'not a pid', '']) {
      await writeFile(lockPath, stale);
      const lock = await acquireDataDirLock(dir);
      expect(await readFile(lockPath, 'utf8')).toBe(`${process.pid}\n`);
      await lock.release();
      expect(await exists(lockPath)).toBe(false);
    }
  });

  it('creates a missing dir, and release leaves a lock that is no longer ours alone', async () => {
    const dir = path.join(await freshDir(), 'nested', 'db');
    const lock = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError);

    const other = await startIdleProcess();
    stops.push(other.stop);
    await writeFile(lock.lockPath, `${other.pid}\n`);
    await lock.release();
    expect(await readFile(lock.lockPath, 'utf8')).toBe(`${other.pid}\n`);
  });
});
