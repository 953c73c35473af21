import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Kysely } from 'kysely';
import type { JudgeSettings } from '../config/config.ts';
import type { ReceiveOutcome } from '../judge/judge.ts';
import { createImapIntake } from '../mail/imap-intake.ts';
import { MailJudge, OVERSIZED_HEAD_BYTES } from '../mail/mail-judge.ts';
import { SENDER_DEFAULTS, type RunningSender } from '../mail/smtp-sender.ts';
import { onScheduledGameEvent } from '../judge/kinds/events.ts';
import { stopByLink } from '../judge/mail/mail-addresses.ts';
import { judgeStateCursorStore } from '../store/imap-cursor-store.ts';
import { startJobRunner } from '../store/job-queue.ts';
import { ensurePruneJob, isPruneJob, runPruneJob } from '../store/prune.ts';
import { createJudgeStore, gameEventOf, judgeTransaction } from '../store/judge-store.ts';
import { openStore, type Database, type Store } from '../store/index.ts';
import { startMailboxLeadership, type MailboxLeadership } from '../store/mailbox-leader.ts';
import { keepFailedMail } from '../store/admin-store.ts';
import { startAdminSocket } from './admin/admin-socket.ts';
import { outboxSender, recipientPolicy } from './outbox-sender.ts';
import { startSenderThread } from './sender-thread.ts';
import { recordMail, recordQueuedMail, startQueuedMailJudge } from './queued-mail.ts';
import { checkHealth } from './health.ts';
import { startWebServer, type RunningWebServer } from '../web/server.ts';
import { JudgeMetrics } from '../web/metrics.ts';
import { publicSite } from '../web/public-view.ts';
import { pingDatabase, queueGauges } from '../store/health-queries.ts';
import { DIPJUDGE_VERSION } from '../config/version.ts';
import { loadAllRoleSets } from '../catalog/roleset-catalog.ts';
import { roleSetProblemLine } from '../render/werewolf-problems.ts';
import { drainInbox, drainOutboxToFiles, prepareSpool, recordInbox, spoolFolders } from './spool.ts';

// `dipjudge serve`: the judge on its database, reading mail from the local spool and, when
// configured, an IMAP mailbox, and sending replies through SMTP or into the spool. Several
// processes may share one PostgreSQL: the scheduler, the judging of recorded mail and the outbox
// sender run in all of them, the mailbox is read by one at a time (store/mailbox-leader.ts), which
// only records the mail it reads (daemon/queued-mail.ts). Stopping finishes the message in hand first.

export interface RunningJudge {
  stop(): Promise<void>;
  /** Resolves once the loop has gone round once more, a whole round begun after the call (for tests and scripts). */
  settled(): Promise<void>;
  /** The HTTP side (DIPJUDGE_HTTP_PORT), when on: where it listens. */
  readonly http: { readonly host: string; readonly port: number } | null;
}

export async function serve(settings: JudgeSettings, log: Logger): Promise<RunningJudge> {
  const store = await openStore(settings.databaseUrl ? { databaseUrl: settings.databaseUrl, logger: log } : { dataDir: settings.dataDir, logger: log });
  const messageIdDomain = settings.judge.address.split('@')[1]!;
  const judgeStore = createJudgeStore(store.db, { messageIdDomain });
  const judge = new MailJudge(judgeStore, settings.judge, Math.random, () => new Date(), log.child({ component: 'judge' }));
  const metrics = new JudgeMetrics();
  const judged = (outcome: ReceiveOutcome, ms: number) =>
    metrics.mailJudged(outcome.status, ms / 1000, outcome.status === 'processed' ? outcome.failedBlocks : 0);
  const workerId = `${os.hostname()}:${process.pid}`;
  const folders = spoolFolders(settings.spoolDir);
  await prepareSpool(folders);
  // With PGlite nobody else may open the database: the judgekeeper's commands ask this process.
  const adminSocket =
    store.kind === 'pglite' && store.dataDir !== null ? await startAdminSocket({ store, settings }, store.dataDir, log.child({ component: 'admin' })) : null;
  // The bytes of a mail the judge failed on are kept for `dipjudge mail retry`.
  const keepIfFailed = async (outcome: ReceiveOutcome, raw: () => Promise<Buffer> | Buffer) => {
    if (outcome.status !== 'failed') return;
    await keepFailedMail(store.db, outcome.messageId, await raw()).catch((error: unknown) =>
      log.error({ err: error, messageId: outcome.messageId }, 'could not keep a copy of the failed mail'),
    );
  };
  // The werewolf role sets are read and checked once at start-up: a set that does not load is told
  // here with every problem (file, line, element), and CREATE and HELP ROLES say the same.
  for (const [name, parsed] of loadAllRoleSets()) {
    if (!parsed.ok) log.error({ roleSet: name, problems: parsed.problems.map(roleSetProblemLine) }, 'a werewolf role set does not load');
  }
  log.info(
    { database: store.kind, spool: settings.spoolDir, judge: settings.judge.address, config: settings.configFile ?? undefined },
    'dipjudge is running: drop .eml files into the spool inbox',
  );
  // Outgoing mail: through SMTP when configured, otherwise written to the spool outbox.
  const sending = startSending(settings, store, workerId, log);
  // On PostgreSQL every process judges the mail the mailbox leader recorded (daemon/queued-mail.ts);
  // PGlite has one process, whose intake judges the mail it reads.
  const queued =
    store.kind === 'postgres'
      ? startQueuedMailJudge({
          db: store.db,
          judge: judge.judge,
          messageIdDomain,
          pollMs: settings.pollMs,
          ...(settings.databaseUrl === undefined ? {} : { notifications: { databaseUrl: settings.databaseUrl, workerId } }),
          logger: log.child({ component: 'judge' }),
          onJudged: (outcome, ms, group) => {
            log.info({ ...handledFields(outcome), ms, ...(group > 1 ? { group } : {}) }, 'message handled');
            judged(outcome, ms / group);
            sending?.wake();
          },
        })
      : null;
  // Incoming mail: from the IMAP mailbox when configured; the spool inbox is always read too.
  // An intake cannot be restarted, so each spell of leadership gets a new one.
  const imapUrl = settings.imapUrl;
  const newIntake = (connection: string) =>
    createImapIntake({
      connection,
      stateStore: judgeStateCursorStore(store.db),
      // The intake names its own components (imap-intake, imapflow): one per line.
      logger: log,
      isTransient: (error) => judgeStore.isTransient(error),
      // An oversized mail is answered from its headers; its body is never downloaded.
      headOnlyAbove: settings.judge.maxMessageBytes,
      headBytes: OVERSIZED_HEAD_BYTES,
      failedMailbox: 'Failed',
      handle: async (raw, meta) => {
        if (queued !== null) {
          // Judging on every process: this one only records the mail; any process judges it.
          const { wholeSizeBytes, ...origin } = meta;
          await recordQueuedMail(store.db, judge, [{ raw, meta: origin, ...(wholeSizeBytes === undefined ? {} : { sizeBytes: wholeSizeBytes }) }]);
          queued.wake();
          return undefined;
        }
        const started = Date.now();
        const { wholeSizeBytes, ...origin } = meta;
        const outcome = await judge.receive(raw, origin, wholeSizeBytes === undefined ? {} : { sizeBytes: wholeSizeBytes });
        log.info({ ...handledFields(outcome), ms: Date.now() - started }, 'message handled');
        judged(outcome, Date.now() - started);
        await keepIfFailed(outcome, () => raw);
        sending?.wake();
        return outcome.status === 'set-aside' ? 'set-aside' : undefined;
      },
      handleGroup: async (mails) => {
        if (queued !== null) {
          await recordQueuedMail(store.db, judge, mails);
          queued.wake();
          return;
        }
        const started = Date.now();
        const outcomes = await judge.receiveAll(mails.map((mail) => ({ raw: mail.raw, origin: mail.meta })));
        // The mails shared one transaction: each line gives the group's time and size.
        const ms = Date.now() - started;
        for (const outcome of outcomes) {
          log.info({ ...handledFields(outcome), ms, group: outcomes.length }, 'message handled');
          judged(outcome, ms / outcomes.length);
        }
        for (const [index, outcome] of outcomes.entries()) await keepIfFailed(outcome, () => mails[index]!.raw);
        sending?.wake();
      },
    });
  let intake: ReturnType<typeof createImapIntake> | null = null;
  const startIntake = (connection: string) => {
    intake = newIntake(connection);
    intake.start();
  };
  const stopIntake = async () => {
    const running = intake;
    intake = null;
    await running?.stop();
  };
  let leadership: MailboxLeadership | null = null;
  if (imapUrl !== undefined) {
    if (settings.databaseUrl !== undefined) {
      leadership = startMailboxLeadership({
        databaseUrl: settings.databaseUrl,
        workerId,
        retryMs: settings.mailboxLeaderRetryMs,
        logger: log.child({ component: 'mailbox-leader' }),
        lead: () => startIntake(imapUrl),
        standDown: stopIntake,
      });
    } else {
      // PGlite: the data folder's lock already makes this the only process.
      log.info({ workerId }, 'this process reads the mailbox (PGlite: the only process on its database)');
      startIntake(imapUrl);
    }
  }
  // Deadlines, reminders and ends of grace: timed jobs in the database, shared safely by several processes.
  // Old jobs and mail are deleted by a judge-wide job, which the first process to start schedules.
  await ensurePruneJob(store.db, new Date());
  const jobs = startJobRunner({
    db: store.db,
    now: () => new Date(),
    workerId,
    pollMs: Math.max(settings.pollMs, 1000),
    // A deadline storm runs game events side by side on PostgreSQL; PGlite is one connection.
    concurrency: store.kind === 'postgres' ? settings.jobConcurrency : 1,
    batchSize: settings.jobBatchSize,
    logger: log.child({ component: 'scheduler' }),
    handle: async (trx, job) => {
      if (isPruneJob(job)) {
        const pruned = await runPruneJob(trx, settings.retention, new Date());
        if (pruned.jobs + pruned.inboundMail + pruned.outbox > 0) log.info({ pruned }, 'old jobs and mail pruned');
        return;
      }
      const event = gameEventOf(job);
      if (event === null) return;
      await onScheduledGameEvent(judgeTransaction(trx, { messageIdDomain }), settings.judge, event, new Date());
      log.info({ job: job.kind, gameId: event.gameId, phase: event.phase }, 'game event handled');
      metrics.gameEventHandled();
    },
  });
  const spoolPolicy = (db: Kysely<Database>) => recipientPolicy(db, settings);
  let stopping = false;
  let lastRound = Date.now();
  let waiters: (() => void)[] = [];
  // /healthz, /metrics and the public site, when DIPJUDGE_HTTP_PORT is set.
  let web: RunningWebServer | null = null;
  if (settings.http !== undefined) {
    const webLog = log.child({ component: 'web' });
    web = await startWebServer(
      {
        site: publicSite(judgeStore),
        info: { judgeName: settings.judge.name, judgeAddress: settings.judge.address },
        health: () =>
          checkHealth({
            pingDatabase: () => pingDatabase(store.db),
            spoolInbox: folders.inbox,
            spoolOutbox: sending ? null : folders.outbox,
            lastSpoolRound: () => lastRound,
            stuckAfterMs: Math.max(60_000, settings.pollMs * 20),
            imap: imapUrl === undefined ? null : () => (leadership !== null && !leadership.isLeader() ? 'standby' : (intake?.status().phase ?? 'none')),
            smtpSender: sending ? () => sending.alive() : null,
          }),
        // Every mail's one-click link (DIPJUDGE_PUBLIC_URL): the Masters' notices go out at once.
        unsubscribe: async (token) => {
          const outcome = await stopByLink(judgeStore, settings.judge, token, new Date());
          if (outcome === 'stopped') {
            webLog.info({ outcome }, 'an address stopped its mail through the one-click link');
            sending?.wake();
          }
          return outcome;
        },
        metrics: async () => metrics.render(await queueGauges(store.db, new Date()).catch(() => null), { version: DIPJUDGE_VERSION, database: store.kind }),
        log: webLog,
        ...(settings.publicUrl === undefined ? {} : { publicUrl: settings.publicUrl }),
        metricsRemote: settings.http.metricsRemote,
      },
      settings.http,
    );
    log.info({ host: web.host, port: web.port }, 'answering HTTP: /healthz, /metrics and the games site');
  }
  const loop = (async () => {
    while (!stopping) {
      // settled() asked during the last round or the pause after it is answered by this whole round:
      // a round already under way may have read the outbox before the mail it waits for was judged.
      const askedBeforeRound = waiters;
      waiters = [];
      try {
        lastRound = Date.now();
        const failedFiles: { file: string; outcome: ReceiveOutcome }[] = [];
        let started = Date.now();
        // On PostgreSQL the spool's mail is judged as the mailbox's is: recorded, then claimed by any process.
        const handled =
          queued !== null
            ? await recordInbox(
                folders,
                (mails) => recordMail(store.db, judge, mails),
                (error) => judgeStore.isTransient(error),
                {
                  onRecorded: (file) => log.debug({ file }, 'spool mail recorded'),
                  onSetAside: (file, error) => log.error({ err: error, file, folder: folders.failed }, 'spool mail could not be recorded: set aside'),
                },
                { maxBytes: settings.judge.maxMessageBytes },
              )
            : await drainInbox(
                folders,
                judge,
                (file, status, outcome) => {
                  log.info({ file, ...handledFields(outcome) }, 'message handled');
                  judged(outcome, Date.now() - started);
                  started = Date.now();
                  if (status === 'failed') failedFiles.push({ file, outcome });
                },
                { maxBytes: settings.judge.maxMessageBytes },
              );
        if (queued !== null && handled > 0) queued.wake();
        for (const { file, outcome } of failedFiles) await keepIfFailed(outcome, () => readFile(path.join(folders.failed, file)));
        if (sending && handled > 0) sending.wake();
      } catch (error) {
        log.error({ err: error }, 'spool round failed; retrying');
      }
      // Apart from the inbox: a round that fails there never stops the spool's replies.
      if (!sending) {
        try {
          const written = await drainOutboxToFiles(store.db, folders, { name: settings.judge.name, address: settings.judge.address }, spoolPolicy, log);
          if (written > 0) log.info({ written, folder: folders.outbox }, 'outgoing mail written');
        } catch (error) {
          log.error({ err: error }, 'writing the spool outbox failed; retrying');
        }
      }
      for (const wake of askedBeforeRound) wake();
      if (!stopping) await new Promise((resolve) => setTimeout(resolve, settings.pollMs));
    }
    // Stopped: nobody waits for a round that will not come.
    for (const wake of waiters) wake();
  })();
  return {
    // With the queue, once the recorded mail is judged too.
    settled: async () => {
      await queued?.idle();
      await new Promise<void>((resolve) => waiters.push(resolve));
    },
    http: web === null ? null : { host: web.host, port: web.port },
    async stop() {
      stopping = true;
      await web?.close();
      if (leadership) await leadership.stop();
      else await stopIntake();
      await jobs.stop();
      await queued?.stop();
      await loop;
      await sending?.stop();
      await adminSocket?.close();
      await store.close();
      log.info('dipjudge stopped');
    },
  };
}

/**
 * The outbox sender: with PostgreSQL on a thread of its own (sender-thread.ts), with PGlite,
 * which lives in this thread, here. Null without SMTP_URL (the spool outbox is written instead).
 */
function startSending(settings: JudgeSettings, store: Store, workerId: string, log: Logger): (RunningSender & { alive(): boolean }) | null {
  const { smtpUrl, databaseUrl } = settings;
  if (smtpUrl === undefined) return null;
  if (settings.outbox.leaseSeconds * 1000 < SENDER_DEFAULTS.socketTimeoutMs) {
    log.warn({ leaseSeconds: settings.outbox.leaseSeconds }, 'the outbox lease is shorter than the SMTP timeouts: a slow message may be sent twice');
  }
  if (databaseUrl !== undefined) return startSenderThread({ settings: { ...settings, smtpUrl, databaseUrl }, workerId, log });
  const sender = outboxSender(store.db, { ...settings, smtpUrl }, workerId, log.child({ component: 'smtp' }));
  const running = sender.start({ pollMs: settings.pollMs });
  let stopped = false;
  return {
    wake: running.wake,
    // The loop runs in this thread and logs its own errors: it is alive until stopped.
    alive: () => !stopped,
    stop: () => {
      stopped = true;
      return sender.close();
    },
  };
}

/** What the log says of a handled mail: its outcome and the games and phases it touched, never its text. */
function handledFields(outcome: ReceiveOutcome): Record<string, unknown> {
  const fields: Record<string, unknown> = { status: outcome.status, messageId: outcome.messageId };
  if (outcome.status === 'processed') {
    fields.blocks = outcome.blocks;
    if (outcome.failedBlocks > 0) fields.failedBlocks = outcome.failedBlocks;
    if (outcome.games.length > 0) fields.games = outcome.games.map((g) => (g.phase ? `${g.name} ${g.phase}` : g.name));
  } else if (outcome.status !== 'duplicate') {
    fields.reason = outcome.reason;
  }
  return fields;
}
