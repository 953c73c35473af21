import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { createScratchDatabase } from '../support/scratch-postgres.ts';

// The command line as a judgekeeper runs it: `dipjudge --help`, and `dipjudge migrate` against an
// empty PostgreSQL database (settings from a config file), then again when there is nothing to do.
// Bad settings are covered by test/config/config.test.ts.

const run = promisify(execFile);
const ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'dipjudge.js');
const baseEnv = Object.fromEntries(['PATH', 'HOME', 'TMPDIR', 'LANG'].flatMap((key) => (process.env[key] === undefined ? [] : [[key, process.env[key]!]])));
const dipjudge = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, [ENTRY, ...args], { env: { ...baseEnv, ...env }, timeout: 30_000 });

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

it('lists its commands in --help, migrates the configured database and exits, and has nothing to do the second time', { timeout: 60_000 }, async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-migrate-'));
  dirs.push(root);
  const scratch = await createScratchDatabase('dipjudge_migrate');
  try {
    const configFile = path.join(root, 'dipjudge.json');
    await writeFile(configFile, JSON.stringify({ DATABASE_URL: scratch.url }));

    // Side by side: each start of the command line costs seconds.
    const [help, first] = await Promise.all([dipjudge(['--help']), dipjudge(['migrate', '--config', configFile])]);
    for (const command of ['serve', 'receive', 'adjudicate', 'outbox', 'migrate']) expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    expect(first.stdout).toMatch(/^applied \d+ migration\(s\) to the database \(PostgreSQL\): 001_initial, /);
    expect(first.stdout).not.toContain(scratch.url);
    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    try {
      const tables = await db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`);
      expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['games', 'seats', 'outbox', 'inbound_mail']));
    } finally {
      await db.end();
    }

    const second = await dipjudge(['migrate'], { DIPJUDGE_CONFIG: configFile });
    expect(second.stdout).toBe('the database (PostgreSQL) is up to date\n');
  } finally {
    await scratch.drop();
  }
});
