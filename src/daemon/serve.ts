import os from 'node:os';
import type { Logger } from 'pino';
import type { JudgeSettings } from '../config/config.ts';
import { Judge } from '../judge/judge.ts';
import { createImapIntake } from '../mail/imap-intake.ts';
import { judgeStateCursorStore } from '../mail/judge-state-cursor-store.ts';
import { createSmtpSender } from '../mail/smtp-sender.ts';
import { onGameEvent } from '../judge/game-events.ts';
import { startJobRunner } from '../store/job-queue.ts';
import { createJudgeStore, judgeTransaction } from '../store/judge-store.ts';
import { openStore } from '../store/index.ts';
import { drainInbox, drainOutboxToFiles, prepareSpool, spoolFolders } from './spool.ts';

// `dipjudge serve` in its zero-configuration form: the judge on its database, reading mail from
// the local spool and writing replies there. Stopping finishes the message in hand first.

export interface RunningJudge {
  stop(): Promise<void>;
  /** Resolves once the loop has gone round once more (for tests and scripts). */
  settled(): Promise<void>;
}

export async function serve(settings: JudgeSettings, log: Logger): Promise<RunningJudge> {
  const store = await openStore(settings.databaseUrl ? { databaseUrl: settings.databaseUrl, logger: log } : { dataDir: settings.dataDir, logger: log });
  const messageIdDomain = settings.judge.address.split('@')[1]!;
  const judge = new Judge(createJudgeStore(store.db, { messageIdDomain }), settings.judge);
  const workerId = `${os.hostname()}:${process.pid}`;
  const folders = spoolFolders(settings.spoolDir);
  await prepareSpool(folders);
  log.info({ database: store.kind, spool: settings.spoolDir, judge: settings.judge.address }, 'dipjudge is running: drop .eml files into the spool inbox');
  // Outgoing mail: through SMTP when configured, otherwise written to the spool outbox.
  const sender = settings.smtpUrl
    ? createSmtpSender({ db: store.db, smtpUrl: settings.smtpUrl, from: settings.judge, workerId, logger: log.child({ component: 'smtp' }) })
    : null;
  const sending = sender?.start({ pollMs: settings.pollMs }) ?? null;
  // Incoming mail: from the IMAP mailbox when configured; the spool inbox is always read too.
  const intake = settings.imapUrl
    ? createImapIntake({
        connection: settings.imapUrl,
        stateStore: judgeStateCursorStore(store.db),
        logger: log.child({ component: 'imap' }),
        handle: async (raw) => {
          const started = Date.now();
          const outcome = await judge.receive(raw);
          log.info({ status: outcome.status, messageId: outcome.messageId, ms: Date.now() - started }, 'message handled');
          sending?.wake();
        },
      })
    : null;
  intake?.start();
  // Deadlines, reminders and ends of grace: timed jobs in the database, shared safely by several processes.
  const jobs = startJobRunner({
    db: store.db,
    now: () => new Date(),
    workerId,
    pollMs: Math.max(settings.pollMs, 1000),
    logger: log.child({ component: 'scheduler' }),
    handle: async (trx, job) => {
      if (job.game_id === null || typeof job.payload.phase !== 'string') return;
      await onGameEvent(judgeTransaction(trx, { messageIdDomain }), settings.judge, { kind: job.kind, gameId: job.game_id, phase: job.payload.phase }, new Date());
      log.info({ job: job.kind, gameId: job.game_id, phase: job.payload.phase }, 'game event handled');
    },
  });
  let stopping = false;
  let waiters: (() => void)[] = [];
  const loop = (async () => {
    while (!stopping) {
      try {
        const handled = await drainInbox(folders, judge, (file, status) => log.info({ file, status }, 'message handled'));
        if (sending) {
          if (handled > 0) sending.wake();
        } else {
          const written = await drainOutboxToFiles(store.db, folders, { name: settings.judge.name, address: settings.judge.address });
          if (written > 0) log.info({ written, folder: folders.outbox }, 'outgoing mail written');
        }
      } catch (error) {
        log.error({ err: error }, 'spool round failed; retrying');
      }
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
      if (!stopping) await new Promise((resolve) => setTimeout(resolve, settings.pollMs));
    }
  })();
  return {
    settled: () => new Promise<void>((resolve) => waiters.push(resolve)),
    async stop() {
      stopping = true;
      await intake?.stop();
      await jobs.stop();
      await loop;
      await sender?.close();
      await store.close();
      log.info('dipjudge stopped');
    },
  };
}
