import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { recordMail } from '../../src/daemon/queued-mail.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { openStore } from '../../src/store/index.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { TEST_JUDGE } from '../judge/game-fixture.ts';
import { eml } from '../judge/mail-builder.ts';
import { startDaemonProcess, type DaemonProcess } from '../support/daemon-process.ts';
import type { ScratchDatabase } from '../support/scratch-postgres.ts';
import { migratedScratchDatabase } from '../support/postgres-template.ts';

// Mail recorded in the queue by one process is judged at once by another (LISTEN/NOTIFY,
// sql/020), not at that process's next look at the queue: the `serve` child here looks only every
// 60 s (DIPJUDGE_POLL_MS), so a mail judged within seconds was judged because of the notice. The
// notices survive a lost connection: the child listens again and goes on judging at once.

const POLL_MS = 60_000;
/** Far below POLL_MS, loose enough for a loaded machine. */
const AT_ONCE_MS = 10_000;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

it('a mail recorded by one process is judged by another within seconds, its poll a minute apart, also after its LISTEN connection was cut', {
  timeout: 120_000,
}, async () => {
  const scratch: ScratchDatabase = await migratedScratchDatabase('dipjudge_notify');
  cleanups.push(() => scratch.drop());
  const store = await openStore({ databaseUrl: scratch.url, poolSize: 2 });
  cleanups.push(() => store.close());
  const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-notify-'));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  const judgedAt = new Map<string, number>();
  const daemon: DaemonProcess = await startDaemonProcess(
    {
      DATABASE_URL: scratch.url,
      DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'),
      DIPJUDGE_POLL_MS: String(POLL_MS),
      DIPJUDGE_PASSWORD_COST: '1024',
      JUDGE_ADDRESS: 'judge@judge.example',
    },
    { onLog: (entry) => void (entry.msg === 'message handled' && typeof entry.messageId === 'string' && judgedAt.set(entry.messageId, Date.now())) },
  );
  cleanups.push(() => daemon.stop(2_000));
  const started = Date.now();
  const reader = new MailJudge(createJudgeStore(store.db, { messageIdDomain: 'judge.example' }), TEST_JUDGE);
  /** The daemon's LISTEN sessions: its application_name, LISTEN its last statement. */
  const listeners = async () =>
    (
      await sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'dipjudge listen %' AND query ILIKE 'LISTEN%'`.execute(
        store.db,
      )
    ).rows.length;
  const until = async (what: string, done: () => Promise<boolean> | boolean, ms = AT_ONCE_MS) => {
    const deadline = Date.now() + ms;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`${what} after ${ms} ms\n${daemon.recentLog()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await until('the daemon is not listening', async () => (await listeners()) === 1, 30_000);

  const latencies: number[] = [];
  const recordAndWait = async (name: string) => {
    const messageId = `<${name}@players.example>`;
    await recordMail(store.db, reader, [{ raw: Buffer.from(eml({ from: `${name}@players.example`, messageId }, 'LIST')), origin: null }]);
    const recorded = Date.now();
    await until(`${name} was not judged`, () => judgedAt.has(messageId));
    latencies.push(judgedAt.get(messageId)! - recorded);
  };
  for (let i = 1; i <= 5; i++) await recordAndWait(`before-cut-${i}`);

  // The LISTEN connection cut from the server's side: the daemon listens again and is woken again.
  await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'dipjudge listen %'`.execute(
    store.db,
  );
  await until('the daemon did not listen again', async () => (await listeners()) === 1, 30_000);
  for (let i = 1; i <= 3; i++) await recordAndWait(`after-cut-${i}`);

  expect(latencies).toHaveLength(8);
  // Measured 16–92 ms at load 14.
  expect(Math.max(...latencies), `recorded → judged: ${latencies.join(', ')} ms`).toBeLessThan(AT_ONCE_MS);
  // All of it well inside the daemon's first minute: its poll never came round.
  expect(Date.now() - started).toBeLessThan(POLL_MS);
});
