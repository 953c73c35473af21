import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, type JudgeSettings } from '../config/config.ts';
import { spoolFolders } from '../daemon/spool.ts';
import { isTransientStoreFailure } from '../store/transient-failure.ts';
import { MailJudge } from '../mail/mail-judge.ts';
import { createJudgeStore } from '../store/judge-store.ts';
import { openStore, type Store } from '../store/index.ts';
import { lastOutboxId, outboxRowsAfter, pendingOutbox } from '../store/outbox-queue.ts';

// `dipjudge receive` and `dipjudge outbox`: the judge driven by one message on stdin, for
// procmail/.forward setups and scripts, and a look at the mail waiting to be sent.

async function withStore<T>(settings: JudgeSettings, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(settings.databaseUrl ? { databaseUrl: settings.databaseUrl } : { dataDir: settings.dataDir });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

function formatMail(row: { id: string; to_addresses: string[]; subject: string; headers: Readonly<Record<string, string>>; body: string; status: string }): string {
  const headers = Object.entries(row.headers).map(([k, v]) => `${k}: ${v}\n`).join('');
  return `--- outbox #${row.id} (${row.status})\nTo: ${row.to_addresses.join(', ')}\nSubject: ${row.subject}\n${headers}\n${row.body}`;
}

/**
 * `dipjudge receive`'s exit statuses (sysexits.h, which procmail and MTAs understand), documented
 * in the README: 0 the mail was dealt with (answered, refused, dropped by rule, or set aside in
 * the spool's failed/ folder); 75 a passing failure (the database is unreachable): nothing was
 * done, deliver the mail again later; 70 anything else unexpected; 1 bad settings.
 */
export const RECEIVE_EXIT = { handled: 0, badSettings: 1, internalError: 70, tryAgainLater: 75 } as const;

export class ReceiveTemporaryFailure extends Error {}

/**
 * Handles one mail. Throws ReceiveTemporaryFailure when the database failed for a passing
 * reason (the caller exits 75 so the MTA delivers the mail again). A mail the judge could not
 * even record is written to the spool's failed/ folder for the judgekeeper.
 */
export async function runReceive(raw: Buffer, env?: Record<string, string | undefined>): Promise<string> {
  const settings = loadConfig(env);
  try {
    return await withStore(settings, async (store) => {
      const before = await lastOutboxId(store.db);
      const outcome = await new MailJudge(createJudgeStore(store.db, { messageIdDomain: settings.judge.address.split('@')[1]! }), settings.judge).receive(raw);
      if (outcome.status === 'set-aside') {
        const folder = spoolFolders(settings.spoolDir).failed;
        await mkdir(folder, { recursive: true });
        const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.eml`);
        await writeFile(file, raw);
        return `# set aside ${outcome.messageId}: ${outcome.reason}; the judge could not record it, it is kept in ${file}`;
      }
      const queued = await outboxRowsAfter(store.db, before);
      const summary = outcome.status === 'processed' ? `processed ${outcome.messageId}: ${outcome.blocks} block(s), ${outcome.failedBlocks} refused` : outcome.status === 'duplicate' ? `duplicate ${outcome.messageId}: already processed, nothing done` : `${outcome.status} ${outcome.messageId}: ${outcome.reason}`;
      return [`# ${summary}; ${queued.length} message(s) queued`, ...queued.map(formatMail)].join('\n');
    });
  } catch (error) {
    if (isTransientStoreFailure(error)) throw new ReceiveTemporaryFailure(`the database is unreachable (${error instanceof Error ? error.message : String(error)}): nothing was done, deliver the mail again later`, { cause: error });
    throw error;
  }
}

export async function runOutbox(env?: Record<string, string | undefined>): Promise<string> {
  return withStore(loadConfig(env), async (store) => {
    const pending = await pendingOutbox(store.db);
    return [`# ${pending.length} message(s) waiting to be sent`, ...pending.map(formatMail)].join('\n');
  });
}
