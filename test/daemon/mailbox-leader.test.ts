import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { eml } from '../judge/mail-builder.ts';
import { startDaemonProcess, type DaemonLogEntry, type DaemonProcess } from '../support/daemon-process.ts';
import { dovecotInstalled, startDovecot } from '../support/dovecot.ts';
import { imapAppender } from '../support/imap-appender.ts';
import { trackReplies } from '../support/reply-tracker.ts';
import { migratedScratchDatabase } from '../support/postgres-template.ts';
import { startSmtpCapture } from '../support/smtp-capture.ts';

// Two `dipjudge serve` processes on one PostgreSQL database and one Dovecot mailbox: only the
// holder of the mailbox lock reads the mailbox (both judge what it recorded), every mail is answered once, and when the reader
// loses its lock connection it stops reading; when the reader is killed with -9 the other one
// takes the lock and answers the mail that comes after.

const inCi = process.env.CI !== undefined && !/^(|0|false)$/i.test(process.env.CI);
const mayRunWithoutDovecot = !dovecotInstalled() && !inCi;

const JUDGE = 'judge@judge.example';
const WON = 'mailbox leadership won: this process reads the mailbox';
const STANDING_BY = 'standing by: another process reads the mailbox';
const LOST = 'mailbox leadership lost: the lock connection failed; stopping the intake';
const RETRY_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(mayRunWithoutDovecot)('several serve processes on one PostgreSQL', () => {
  it('lets exactly one read the mailbox and hands the mailbox over when that one is killed', { timeout: 60_000 }, async () => {
    const cleanups: (() => Promise<unknown>)[] = [];
    const daemons: DaemonProcess[] = [];
    try {
      const root = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-leader-'));
      cleanups.push(() => rm(root, { recursive: true, force: true }));
      const dovecot = await startDovecot();
      cleanups.push(() => dovecot.stop());
      const capture = await startSmtpCapture();
      cleanups.push(() => capture.close());
      const tracker = trackReplies(capture);
      cleanups.push(async () => tracker.stop());
      const appender = imapAppender(dovecot);
      cleanups.push(() => appender.close().catch(() => undefined));
      const scratch = await migratedScratchDatabase('dipjudge_leader');
      cleanups.push(() => scratch.drop());
      const db = new pg.Pool({ connectionString: scratch.url, max: 1 });
      // The scratch database is dropped with its connections cut; an idle one's error is expected then.
      db.on('error', () => undefined);
      cleanups.push(() => db.end());
      cleanups.push(async () => {
        for (const daemon of daemons) daemon.kill9();
        await Promise.all(daemons.map((daemon) => daemon.exited));
      });

      const logs: string[][] = [];
      const start = async () => {
        const index = logs.length;
        logs.push([]);
        const daemon = await startDaemonProcess(
          {
            DATABASE_URL: scratch.url,
            IMAP_URL: dovecot.url,
            SMTP_URL: capture.url,
            JUDGE_ADDRESS: JUDGE,
            DIPJUDGE_POLL_MS: '100',
            DIPJUDGE_PASSWORD_COST: '1024',
            DIPJUDGE_MAILBOX_LEADER_RETRY_MS: String(RETRY_MS),
            DIPJUDGE_SPOOL_DIR: path.join(root, `spool-${index}`),
            DIPJUDGE_DATA_DIR: path.join(root, `pglite-${index}`),
          },
          { onLog: (entry: DaemonLogEntry) => void (typeof entry.msg === 'string' && logs[index]!.push(entry.msg)) },
        );
        daemons[index] = daemon;
        return daemon;
      };
      const waitForLog = async (index: number, message: string, timeoutMs = 10_000) => {
        const until = Date.now() + timeoutMs;
        while (!logs[index]!.includes(message)) {
          if (Date.now() > until) throw new Error(`daemon ${index} did not log "${message}":\n${daemons[index]!.recentLog()}`);
          await sleep(20);
        }
      };
      /** application_name of the sessions holding an advisory lock in the scratch database. */
      const lockHolders = async () =>
        (
          await db.query<{ application_name: string }>(
            `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
             WHERE l.locktype = 'advisory' AND l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          )
        ).rows.map((row) => row.application_name);
      let mailNumber = 0;
      const sendMails = async (count: number) => {
        const ids: string[] = [];
        for (let i = 0; i < count; i++) {
          mailNumber += 1;
          const messageId = `<leader-${mailNumber}@players.example>`;
          const body = mailNumber % 2 === 0 ? 'LIST' : `CREATE lead${mailNumber} gmpass\nFORM`;
          await appender.append(eml({ from: `p${mailNumber}@players.example`, subject: `mail ${mailNumber}`, messageId }, body));
          ids.push(messageId);
        }
        return ids;
      };

      // Both start together: whichever wins the lock reads, the other stands by.
      await Promise.all([start(), start()]);
      const until = Date.now() + 10_000;
      while (!(logs.some((log) => log.includes(WON)) && logs.some((log) => log.includes(STANDING_BY)))) {
        if (Date.now() > until) throw new Error(`no leader and standby:\n${daemons.map((d) => d.recentLog()).join('\n---\n')}`);
        await sleep(20);
      }
      const firstIndex = logs[0]!.includes(WON) ? 0 : 1;
      const first = daemons[firstIndex]!;
      const second = daemons[1 - firstIndex]!;
      expect(logs[1 - firstIndex]).not.toContain(WON);
      expect(await lockHolders()).toEqual([`dipjudge mailbox ${first.workerId}`]);

      const before = await sendMails(6);
      await tracker.waitForReplies(before, 15_000);
      await sleep(RETRY_MS * 2); // time for a stray second answer or a leadership change to show
      // Only the leader reads; the mail it records is judged by whichever process claims it first.
      const processed = () => (first.handled.processed ?? 0) + (second.handled.processed ?? 0);
      expect(processed()).toBe(6);
      expect(Object.keys({ ...first.handled, ...second.handled })).toEqual(['processed']);
      expect(logs[1 - firstIndex]).not.toContain(WON);

      // The reader's lock connection is cut, as a network fault or a PostgreSQL restart would:
      // it stops its intake and competes for the lock again, and one process holds it.
      const cut = await db.query<{ pid: number }>('SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
        `dipjudge mailbox ${first.workerId}`,
      ]);
      await waitForLog(firstIndex, LOST);
      // The cut backend may still show in pg_locks for a moment after it is told to end: the holder is read once it is gone.
      const cutPids = cut.rows.map((row) => row.pid);
      for (const until = Date.now() + 5_000; Date.now() < until; await sleep(20)) {
        const alive = await db.query('SELECT 1 FROM pg_stat_activity WHERE pid = ANY($1::int[])', [cutPids]);
        if (alive.rows.length === 0) break;
      }
      let holders = await lockHolders();
      for (const until = Date.now() + 5_000; holders.length === 0 && Date.now() < until; holders = await lockHolders()) await sleep(20);
      expect(holders).toHaveLength(1);
      const [reader, standby] = holders[0] === `dipjudge mailbox ${first.workerId}` ? [first, second] : [second, first];
      const processedBefore = processed();
      const between = await sendMails(2);
      await tracker.waitForReplies(between, 15_000);
      await sleep(RETRY_MS * 2);
      expect(processed()).toBe(processedBefore + 2);

      reader.kill9();
      const killedAt = performance.now();
      await reader.exited;
      const standbyIndex = daemons.indexOf(standby);
      const wonBefore = logs[standbyIndex]!.filter((msg) => msg === WON).length;
      const takeoverDeadline = Date.now() + 10_000;
      while (logs[standbyIndex]!.filter((msg) => msg === WON).length === wonBefore) {
        if (Date.now() > takeoverDeadline) throw new Error(`the standby did not take over:\n${standby.recentLog()}`);
        await sleep(10);
      }
      const takeoverMs = performance.now() - killedAt;
      expect(takeoverMs).toBeLessThan(RETRY_MS + 3_000);
      expect(await lockHolders()).toEqual([`dipjudge mailbox ${standby.workerId}`]);

      const standbyHandled = standby.handled.processed ?? 0;
      const after = await sendMails(4);
      await tracker.waitForReplies(after, 15_000);
      await sleep(RETRY_MS * 2);
      expect(standby.handled.processed).toBe(standbyHandled + 4);

      // Every mail answered by exactly one message, and nothing else was sent.
      const all = [...before, ...between, ...after];
      for (const id of all) expect(tracker.repliesTo.get(id), id).toHaveLength(1);
      expect(capture.messages).toHaveLength(all.length);
      expect(tracker.unthreaded).toEqual([]);
      expect(await dovecot.listMessages('INBOX')).toEqual([]);
      console.log(`mailbox takeover after kill -9: ${Math.round(takeoverMs)} ms (retry every ${RETRY_MS} ms)`);

      await standby.stop();
      expect(logs[standbyIndex]).toContain('mailbox leadership released');
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  });
});
