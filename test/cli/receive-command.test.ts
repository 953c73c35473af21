import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { runReceive } from '../../src/cli/judge-commands.ts';
import { eml } from '../judge/mail-builder.ts';
import { migratedScratchDatabase } from '../support/postgres-template.ts';

// `dipjudge receive` as procmail or an MTA runs it: a mail on stdin, an exit status it acts on
// (0 dealt with, 75 try again later, 70 internal error), never a stack trace.

const ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'dipjudge.js');
const baseEnv = Object.fromEntries(['PATH', 'HOME', 'TMPDIR', 'LANG'].flatMap((key) => (process.env[key] === undefined ? [] : [[key, process.env[key]!]])));

function receive(mail: string | Buffer, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [ENTRY, 'receive'], { env: { ...baseEnv, ...env }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(mail);
  });
}

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

it('answers a mail whose Subject decodes to a NUL, and exits 75 without a stack trace when the database is unreachable', { timeout: 90_000 }, async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-receive-'));
  dirs.push(root);
  const mail = eml({ from: 'ann@players.example', subject: '=?utf-8?B?aGkAdGhlcmU=?=' }, 'LIST');
  // PostgreSQL: a fresh PGlite data folder takes most of a minute to create on a busy machine.
  const scratch = await migratedScratchDatabase('dipjudge_receive');
  // A process of its own only where the exit status is the point: each start costs seconds.
  const unreachableRun = receive(mail, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
  let handled: string;
  try {
    handled = await runReceive(Buffer.from(mail), { DATABASE_URL: scratch.url, DIPJUDGE_SPOOL_DIR: path.join(root, 'spool') });
  } finally {
    await scratch.drop();
  }
  const unreachable = await unreachableRun;
  expect(handled).toMatch(/^# processed <test-\d+-\d+@players\.example>: 1 block\(s\), 0 refused; 1 message\(s\) queued/);
  expect(handled).toContain('Subject: Re: hi there');

  expect(unreachable.code).toBe(75);
  expect(unreachable.stdout).toBe('');
  expect(unreachable.stderr).toMatch(/^dipjudge receive: the database is unreachable \(.*\): nothing was done, deliver the mail again later\n$/);
});
