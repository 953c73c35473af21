import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts';

// The judgekeeper's commands run against a judge that exists: from the wrong folder, or with a
// DATABASE_URL naming an empty database, they say where they looked and make nothing there
// (before: a new empty PGlite database appeared and `games` printed "no games").

const run = promisify(execFile);
const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'dipjudge.js');
const baseEnv = Object.fromEntries(['PATH', 'HOME', 'TMPDIR', 'LANG'].flatMap((key) => (process.env[key] === undefined ? [] : [[key, process.env[key]!]])));
type Failed = { code: number; stdout: string; stderr: string };

const dirs: string[] = [];
const scratches: ScratchDatabase[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  for (const scratch of scratches) await scratch.drop();
});

it('games, backup and migrate-to in a folder without a judge name the folder and create nothing', async () => {
  const work = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-no-judge-'));
  dirs.push(work);
  const dataDir = path.join(work, 'pglite');
  const env = { ...baseEnv, DIPJUDGE_DATA_DIR: dataDir, DIPJUDGE_SPOOL_DIR: path.join(work, 'spool') };
  for (const args of [['games'], ['backup', 'judge.backup'], ['migrate-to', 'postgres://nobody@127.0.0.1:1/none']]) {
    const failed = (await run(process.execPath, [BIN, ...args], { env, cwd: work }).catch((error: Failed) => error)) as Failed;
    expect(failed.code, args.join(' ')).toBe(1);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toBe(
      `dipjudge: there is no judge database in ${dataDir} (DIPJUDGE_DATA_DIR); run this where the judge keeps its data, or set DIPJUDGE_DATA_DIR or --config; \`dipjudge migrate\` makes a new one\n`,
    );
  }
  expect(existsSync(dataDir)).toBe(false);
  expect(existsSync(path.join(work, 'judge.backup'))).toBe(false);
});

it('games on an empty PostgreSQL database names it without its password and lays no schema there', async () => {
  const scratch = await createScratchDatabase('dipjudge_no_judge');
  scratches.push(scratch);
  const url = new URL(scratch.url);
  url.password = 'sekrit-pw';
  const failed = (await run(process.execPath, [BIN, 'games'], { env: { ...baseEnv, DATABASE_URL: url.toString() } }).catch((error: Failed) => error)) as Failed;
  expect(failed.code).toBe(1);
  url.password = '***';
  expect(failed.stderr).toBe(
    `dipjudge: there is no judge in the PostgreSQL database ${url.toString()} (DATABASE_URL); check the URL, or run \`dipjudge migrate\` to make a new judge there\n`,
  );
  expect(failed.stderr).not.toContain('sekrit');
  const db = new pg.Client({ connectionString: scratch.url });
  await db.connect();
  try {
    expect((await db.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows[0].n).toBe(0);
  } finally {
    await db.end();
  }
});
