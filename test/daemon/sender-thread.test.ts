import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { startSenderThread } from '../../src/daemon/sender-thread.ts';

// The daemon's side of the sender thread, with a stand-in thread that dies once before it is
// ready (fixtures/crash-once-sender.mjs): a dead thread is started again, a wake that came
// while no thread was ready is delivered once one is, its log lines come out through the
// daemon's logger, the wakes of one turn of the event loop reach it as one, and stop waits for
// the thread to end.

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

it('starts a thread that died again, delivers the wake it missed, forwards its log and waits for it on stop', async () => {
  const spoolDir = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-sender-thread-'));
  dirs.push(spoolDir);
  const settings = { ...loadConfig({ DIPJUDGE_SPOOL_DIR: spoolDir }), databaseUrl: 'postgres://unused', smtpUrl: 'smtp://unused' };
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const sender = startSenderThread({
    settings,
    workerId: 'test:1',
    log,
    entry: new URL('./fixtures/crash-once-sender.mjs', import.meta.url),
    restartDelayMs: 50,
  });
  sender.wake();
  const deadline = Date.now() + 10_000;
  while (!lines.some((l) => l.msg === 'woken') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  // The wakes of one turn (a claim's judged mails) reach the thread as one.
  for (let i = 0; i < 50; i++) sender.wake();
  while (lines.filter((l) => l.msg === 'woken').length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  await sender.stop();

  // The thread's lines of one turn come in one message and go out in their order, each at its level.
  expect(lines.map((l) => l.msg)).toEqual([
    'the sender thread failed',
    'the sender thread stopped unexpectedly; starting it again',
    'woken',
    'and said so twice',
    'woken',
    'and said so twice',
  ]);
  expect(lines[0]).toMatchObject({ level: 50, err: { message: 'the sender thread blew up' } });
  expect(lines.slice(2).map((l) => [l.level, l.wakes])).toEqual([
    [30, 1],
    [40, 1],
    [30, 2],
    [40, 2],
  ]);
  // Stopped: no further restart happens.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(lines).toHaveLength(6);
});
