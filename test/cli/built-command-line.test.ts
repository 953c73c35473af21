import { execFile, spawnSync } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { seedPgliteDataDir } from '../support/databases.ts';

// The compiled command line (bin/dipjudge.js runs dist/lib, built by vitest's global setup as
// `npm ci` builds it): it starts without TypeScript, knows its version, lists its commands, and
// finds its data files (maps, variants, sql/) from dist, which `receive` on a fresh PGlite needs.

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = path.join(ROOT, 'bin', 'dipjudge.js');
const baseEnv = Object.fromEntries(['PATH', 'HOME', 'TMPDIR', 'LANG'].flatMap((key) => (process.env[key] === undefined ? [] : [[key, process.env[key]!]])));

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

it('bin/dipjudge.js runs the built JavaScript: --version, --help, no tsx loaded', async () => {
  const packageJson = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const [version, help] = await Promise.all([
    run(process.execPath, [BIN, '--version'], { env: baseEnv }),
    run(process.execPath, [BIN, '--help'], { env: baseEnv }),
  ]);
  expect(version.stdout).toBe(`${packageJson.version}\n`);
  for (const command of ['serve', 'receive', 'adjudicate', 'outbox', 'migrate']) expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
  const bin = await readFile(BIN, 'utf8');
  expect(bin).toContain('../dist/lib/main.js');
  expect(bin).not.toContain('tsx');
});

it('the built `receive` creates a game and lists it on a new PGlite database (migrations and variants found from dist)', { timeout: 60_000 }, async () => {
  const work = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-built-'));
  dirs.push(work);
  const mail = path.join(work, 'list.eml');
  await writeFile(mail, 'From: player@example.org\nSubject: games\nMessage-ID: <built-1@example.org>\n\nCREATE built masterpw standard\n');
  const { stdout } = await run('sh', ['-c', `"${process.execPath}" "${BIN}" receive < "${mail}"`], {
    env: { ...baseEnv, DIPJUDGE_DATA_DIR: path.join(work, 'pglite'), DIPJUDGE_SPOOL_DIR: path.join(work, 'spool') },
  });
  expect(stdout).toMatch(/^# processed <built-1@example.org>: 1 block\(s\), 0 refused; 1 message\(s\) queued/);
  expect(stdout).toContain("Game 'built' (Standard) has been created with you as its Master.");

  // Issue 25: everything it wrote is the judgekeeper's alone (PGlite made 969 of 1,090 files 0666).
  const modes = await modesUnder(path.join(work, 'pglite'));
  expect(modes.files.length).toBeGreaterThan(100);
  expect(modes.files.filter(([, mode]) => mode !== 0o600)).toEqual([]);
  expect(modes.folders.filter(([, mode]) => mode !== 0o700)).toEqual([]);
  await run(process.execPath, [BIN, 'backup', path.join(work, 'backups', 'judge.jsonl')], {
    env: { ...baseEnv, DIPJUDGE_DATA_DIR: path.join(work, 'pglite'), DIPJUDGE_SPOOL_DIR: path.join(work, 'spool') },
  });
  expect((await stat(path.join(work, 'backups', 'judge.jsonl'))).mode & 0o777).toBe(0o600);
  expect((await stat(path.join(work, 'backups'))).mode & 0o777).toBe(0o700);
});

async function chownTree(root: string, uid: number, gid: number): Promise<void> {
  await chown(root, uid, gid);
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) await chown(path.join(entry.parentPath, entry.name), uid, gid);
}

/** Every file and folder under `root` (itself included) with its permission bits. */
async function modesUnder(root: string): Promise<{ files: [string, number][]; folders: [string, number][] }> {
  const files: [string, number][] = [];
  const folders: [string, number][] = [[root, (await stat(root)).mode & 0o777]];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const mode = (await stat(file)).mode & 0o777;
    (entry.isDirectory() ? folders : files).push([file, mode]);
  }
  return { files, folders };
}

it('a file the command cannot write is one line naming it and why (EACCES), not a stack trace', { timeout: 60_000 }, async () => {
  const work = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-built-eacces-'));
  dirs.push(work);
  // A folder the command may not write into. Root may write anywhere: as root the command runs as nobody.
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? { uid: 65534, gid: 65534 } : {};
  await chmod(work, 0o755);
  await mkdir(path.join(work, 'locked'), { mode: 0o500 });
  // The judge's database first (the judgekeeper's commands never make one they were not asked for): an empty,
  // migrated one laid from the template, as `migrate` (tested above through `receive`) makes it, and the command's user's.
  await seedPgliteDataDir(path.join(work, 'pglite'));
  if (asRoot) await chownTree(path.join(work, 'pglite'), 65534, 65534);
  const target = path.join(work, 'locked', 'judge.jsonl');
  const env = { ...baseEnv, DIPJUDGE_DATA_DIR: path.join(work, 'pglite'), DIPJUDGE_SPOOL_DIR: path.join(work, 'pglite', 'spool') };
  const backup = spawnSync(process.execPath, [BIN, 'backup', target], { ...user, env, encoding: 'utf8', timeout: 50_000 });
  // As nobody, node itself and the built judge must be readable: .ci/node24.sh installs Node 24 where they are.
  expect(backup.error).toBeUndefined();
  // The backup first removes a partial file an earlier attempt may have left (so it cannot keep its mode): that is the first refusal.
  expect(backup.stderr).toBe(`dipjudge: cannot lstat ${target}.partial: permission denied (EACCES)\n`);
  expect(backup.status).toBe(1);
});
