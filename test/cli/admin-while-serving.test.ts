import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { startDaemonProcess } from '../support/daemon-process.ts';
import { seedPgliteDataDir } from '../support/databases.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts';

// With PGlite only one process may open the database. While `dipjudge serve` runs, the
// judgekeeper's commands are done by the running judge over its admin socket: no
// DataDirLockedError, no stack trace; `restore`, which needs the judge stopped, says so in one line,
// and so does `migrate-to`, after which the running judge's mail would stay behind, unless forced.

const run = promisify(execFile);
const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'dipjudge.js');
const baseEnv = Object.fromEntries(['PATH', 'HOME', 'TMPDIR', 'LANG'].flatMap((key) => (process.env[key] === undefined ? [] : [[key, process.env[key]!]])));

const dirs: string[] = [];
const scratches: ScratchDatabase[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  for (const scratch of scratches) await scratch.drop();
});

it('games, receive, outbox, backup (0600) and mail failed work while serve holds the PGlite database; restore and migrate-to (unless --force) refuse in one line', {
  timeout: 200_000,
}, async () => {
  const work = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-admin-serving-'));
  dirs.push(work);
  const env = {
    ...baseEnv,
    DIPJUDGE_DATA_DIR: path.join(work, 'pglite'),
    DIPJUDGE_SPOOL_DIR: path.join(work, 'spool'),
    DIPJUDGE_POLL_MS: '200',
    DIPJUDGE_PASSWORD_COST: '1024',
  };
  const dipjudge = (args: string[], stdin?: string) =>
    stdin === undefined
      ? run(process.execPath, [BIN, ...args], { env, cwd: work })
      : run('sh', ['-c', `"${process.execPath}" "${BIN}" ${args.join(' ')} < stdin.eml`], { env, cwd: work });
  // The data folder starts from a migrated template: the daemon does not pay for initdb.
  await seedPgliteDataDir(env.DIPJUDGE_DATA_DIR);
  const daemon = await startDaemonProcess(
    { DIPJUDGE_DATA_DIR: env.DIPJUDGE_DATA_DIR, DIPJUDGE_SPOOL_DIR: env.DIPJUDGE_SPOOL_DIR, DIPJUDGE_POLL_MS: '200', DIPJUDGE_PASSWORD_COST: '1024' },
    { readyTimeoutMs: 100_000 },
  );
  try {
    await writeFile(path.join(work, 'stdin.eml'), 'From: gm@example.org\nSubject: new game\nMessage-ID: <serving-1@example.org>\n\nCREATE serving masterpw\n');
    const received = await dipjudge(['receive'], '');
    expect(received.stdout).toMatch(/^# processed <serving-1@example.org>: 1 block\(s\), 0 refused; 1 message\(s\) queued/);
    expect(received.stderr).toBe('');

    const [games, failed] = await Promise.all([dipjudge(['games', '--json']), dipjudge(['mail', 'failed'])]);
    expect(JSON.parse(games.stdout)).toEqual([expect.objectContaining({ name: 'serving', status: 'preparation', variant: 'standard' })]);
    expect(failed.stdout).toBe('no failed mail\n');

    const backupFile = path.join(work, 'judge.backup');
    const backup = await dipjudge(['backup', 'judge.backup']);
    expect(backup.stdout).toMatch(/^backed up \d+ row\(s\) of \d+ table\(s\) to .*judge\.backup\n$/);
    expect(JSON.parse((await readFile(backupFile, 'utf8')).split('\n')[0]!)).toMatchObject({ format: 'dipjudge-backup' });
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);

    // migrate-to while the judge runs would leave its later mail behind: refused unless forced.
    const target = await createScratchDatabase('dipjudge_migrate_serving');
    scratches.push(target);
    const refused = await dipjudge(['migrate-to', target.url]).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect((refused as { stderr: string }).stderr).toMatch(
      /^dipjudge: another dipjudge process \(pid \d+\) is using .*: mail it takes after the copy would stay behind in PGlite; stop it \(SIGTERM\) and run this again, or add --force to copy while it runs\n$/,
    );
    const forced = await dipjudge(['migrate-to', '--force', target.url]);
    expect(forced.stdout).toMatch(/^copied \d+ row\(s\) of \d+ table\(s\) into PostgreSQL/);

    const restore = await dipjudge(['restore', backupFile]).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(restore).toMatchObject({ code: 1, stdout: '' });
    expect((restore as { stderr: string }).stderr).toMatch(
      /^dipjudge: another dipjudge process \(pid \d+\) is using .*: a restore needs an empty database that no judge is using; stop the judge first, and restore into a new DIPJUDGE_DATA_DIR\n$/,
    );

    // Restored elsewhere once the judge is stopped, the games are there.
    await daemon.stop();
    // Into an empty, migrated database laid from the template, as `migrate` would make it, without its initdb.
    const elsewhere = { ...env, DIPJUDGE_DATA_DIR: path.join(work, 'restored') };
    await seedPgliteDataDir(elsewhere.DIPJUDGE_DATA_DIR);
    const restored = await run(process.execPath, [BIN, 'restore', backupFile], { env: elsewhere, cwd: work });
    expect(restored.stdout).toMatch(/^restored \d+ row\(s\)/);
    const listed = await run(process.execPath, [BIN, 'games'], { env: elsewhere, cwd: work });
    expect(listed.stdout).toMatch(/^game\s+variant.*\nserving\s+standard\s+preparation/);
  } finally {
    await daemon.stop();
  }
});
