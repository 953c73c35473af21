import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { ReceiveOutcome } from '../judge/judge.ts';
import { OVERSIZED_HEAD_BYTES, type MailJudge } from '../mail/mail-judge.ts';
import { envelopeRecipients, mailOptions } from '../mail/outgoing-message.ts';
import { addressedCopies, recipientCheckOf, type RecipientPolicy } from '../mail/unsubscribe.ts';
import type { Database } from '../store/index.ts';
import type { MailToRecord } from './queued-mail.ts';
import { markOutboxRowSent, pendingOutbox } from '../store/outbox-queue.ts';

// The zero-configuration mail setup: mail to the judge is a `.eml` file dropped into
// <spool>/inbox; once handled it moves to <spool>/processed, or to <spool>/failed when the
// judge failed on it (answered and recorded, kept for the judgekeeper). On PostgreSQL the files
// are only recorded in the inbound queue (recordInbox) and move to processed once recorded: the
// judging is that of every other mail (daemon/queued-mail.ts), whichever process claims it, and
// a mail the judge fails on is kept in failed_mail as the mailbox's are. Outgoing mail is written to
// <spool>/outbox as one `.eml` file per recipient, named after its Message-ID, so writing one
// twice after a crash leaves one file.

export interface SpoolFolders {
  readonly inbox: string;
  readonly processed: string;
  /** Mail the judge failed on: already answered and recorded, never read again. */
  readonly failed: string;
  readonly outbox: string;
}

export function spoolFolders(root: string): SpoolFolders {
  return { inbox: path.join(root, 'inbox'), processed: path.join(root, 'processed'), failed: path.join(root, 'failed'), outbox: path.join(root, 'outbox') };
}

/** Creates the spool's folders owner-only (0700): its mail carries addresses, passwords and STOP tokens. */
export async function prepareSpool(folders: SpoolFolders): Promise<void> {
  for (const dir of Object.values(folders)) await mkdir(dir, { recursive: true, mode: 0o700 });
}

/**
 * Handles every `.eml` file waiting in the inbox, oldest name first; returns how many. When the
 * judge throws (only for a transient database failure) the round stops and the file stays for
 * the next one. A file over `maxBytes` is not read whole: the judge answers it from its headers.
 * A mail the judge failed on, or could not even record, goes to failed/, so it never holds up
 * the files behind it.
 */
export async function drainInbox(
  folders: SpoolFolders,
  judge: MailJudge,
  onMessage?: (file: string, status: ReceiveOutcome['status'], outcome: ReceiveOutcome) => void,
  options: { readonly maxBytes?: number } = {},
): Promise<number> {
  const files = (await readdir(folders.inbox)).filter((f) => f.endsWith('.eml')).sort();
  const maxBytes = options.maxBytes ?? 256 * 1024;
  for (const file of files) {
    const source = path.join(folders.inbox, file);
    const { size } = await stat(source);
    const outcome =
      size > maxBytes
        ? await judge.receive(await readStart(source, OVERSIZED_HEAD_BYTES), null, { sizeBytes: size })
        : await judge.receive(await readFile(source));
    // Only after the judge committed: a crash before this line replays the file as a duplicate.
    const setAside = outcome.status === 'failed' || outcome.status === 'set-aside';
    await rename(source, path.join(setAside ? folders.failed : folders.processed, file));
    onMessage?.(file, outcome.status, outcome);
  }
  return files.length;
}

/** Files recorded per statement. */
const RECORD_BATCH = 50;

/** What recordInbox reports of each file: recorded in the queue, or set aside in failed/ (with why). */
export interface RecordEvents {
  onRecorded?(file: string): void;
  /** The file could not be recorded for a lasting reason: it went to failed/, so the files behind it go on. */
  onSetAside?(file: string, error: unknown): void;
}

/**
 * Records every `.eml` file waiting in the inbox in the inbound queue, oldest name first, and
 * moves each to processed once its batch is recorded; returns how many. Recording twice is
 * harmless (a queued mail is kept once and a judged one is a duplicate), so a crash between the
 * two steps, or another process on the same spool, costs nothing: a file another process moved
 * first is left to it. A file over `maxBytes` is recorded by its head and size, as the mailbox's.
 * A batch the database refuses for a lasting reason (not `isTransient`) is recorded file by file,
 * and a file refused alone goes to failed/: one mail never holds up the inbox (issue 25, where a
 * Message-ID too long for an index stopped the spool for good). A transient failure throws and
 * the files stay for the next round.
 */
export async function recordInbox(
  folders: SpoolFolders,
  record: (mails: readonly MailToRecord[]) => Promise<void>,
  isTransient: (error: unknown) => boolean,
  events: RecordEvents = {},
  options: { readonly maxBytes?: number } = {},
): Promise<number> {
  const files = (await readdir(folders.inbox)).filter((f) => f.endsWith('.eml')).sort();
  const maxBytes = options.maxBytes ?? 256 * 1024;
  let handled = 0;
  const moveEach = async (batch: readonly { file: string }[], to: string, after: (file: string) => void) => {
    for (const { file } of batch) {
      if ((await ifStillThere(() => rename(path.join(folders.inbox, file), path.join(to, file)))) === null) continue;
      handled += 1;
      after(file);
    }
  };
  const recordOrSetAside = async (batch: readonly { file: string; mail: MailToRecord }[]): Promise<void> => {
    try {
      await record(batch.map((b) => b.mail));
    } catch (error) {
      if (isTransient(error)) throw error;
      if (batch.length > 1) {
        for (const one of batch) await recordOrSetAside([one]);
        return;
      }
      await moveEach(batch, folders.failed, (file) => events.onSetAside?.(file, error));
      return;
    }
    await moveEach(batch, folders.processed, (file) => events.onRecorded?.(file));
  };
  for (let start = 0; start < files.length; start += RECORD_BATCH) {
    const batch: { file: string; mail: MailToRecord }[] = [];
    for (const file of files.slice(start, start + RECORD_BATCH)) {
      const source = path.join(folders.inbox, file);
      const mail = await ifStillThere(async (): Promise<MailToRecord> => {
        const { size } = await stat(source);
        return size > maxBytes
          ? { raw: await readStart(source, OVERSIZED_HEAD_BYTES), origin: null, sizeBytes: size }
          : { raw: await readFile(source), origin: null };
      });
      if (mail !== null) batch.push({ file, mail });
    }
    await recordOrSetAside(batch);
  }
  return handled;
}

/** The action's result, or null when the file it works on is gone (another process took it). */
async function ifStillThere<T>(action: () => Promise<T>): Promise<T | null> {
  try {
    return await action();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The first `bytes` of a file, without reading the rest. */
async function readStart(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/**
 * Writes pending outbox rows as `.eml` files and marks them sent; returns how many rows were
 * written. The same recipient policy as the SMTP sender's (src/mail/unsubscribe.ts
 * addressedCopies): one file per recipient, with its List-Unsubscribe and closing STOP line,
 * nothing for a stopped address and nothing past the day's cap for an unproven one, so trying the
 * judge with the spool shows what it does in production. A file is named after its row,
 * Message-ID and recipient, so writing a row again after a crash leaves the same files.
 *
 * Each row's files are written whole or not at all (writeWholeFile), in the transaction that
 * counts the mail against its recipients' day and marks the row sent: when a file cannot be
 * written (a full disk), nothing of the row stands, no recipient is charged, and the row stays
 * pending for the next round (issue 25: before, a full disk left empty files, lost the replies
 * and charged the cap for each).
 */
export async function drainOutboxToFiles(
  db: Kysely<Database>,
  folders: SpoolFolders,
  from: { name: string; address: string },
  policyOn: (db: Kysely<Database>) => RecipientPolicy,
  log?: SpoolLogger,
): Promise<number> {
  const rows = await pendingOutbox(db, 100);
  let written = 0;
  for (const row of rows) {
    try {
      await db.transaction().execute(async (trx) => {
        const now = new Date();
        const policy = policyOn(trx);
        // One row at a time: its count stands or falls with its files, in this transaction.
        const [standings] = await policy.standings([recipientCheckOf(row)], now);
        const { copies, withheld } = addressedCopies(envelopeRecipients(row), mailOptions(row, from), policy, standings!);
        if (withheld.length > 0) log?.info({ id: row.id, messageId: row.message_id, kind: row.kind, withheld }, 'mail held back from some recipients');
        for (const [index, copy] of copies.entries()) {
          const info = await transport.sendMail(copy.mail);
          const name = `${row.id.padStart(8, '0')}-${String(index + 1).padStart(3, '0')}-${row.message_id.replace(/[^A-Za-z0-9@.-]/g, '')}.eml`;
          // Written beside the outbox, in the spool's own folder: the outbox only ever holds whole .eml files.
          await writeWholeFile(path.join(folders.outbox, name), info.message as Buffer, path.dirname(folders.outbox));
        }
        if (copies.length > 0) await syncFolder(folders.outbox);
        await markOutboxRowSent(trx, row, now);
      });
      written += 1;
    } catch (error) {
      log?.error({ err: error, id: row.id, kind: row.kind }, 'an outgoing mail could not be written to the spool outbox: it stays queued');
    }
  }
  return written;
}

/**
 * Writes a file whole or not at all: into a temporary file in `temporaryFolder` (beside it unless
 * told; a name no reader of `.eml` files takes) on the same disk, flushed to the disk, then renamed over the name; on any failure the temporary file
 * is removed and the name never appears. Owner-only (0600), like everything the judge writes.
 */
export async function writeWholeFile(file: string, bytes: Buffer, temporaryFolder: string = path.dirname(file)): Promise<void> {
  const temporary = path.join(temporaryFolder, `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Flushes a folder's entries (the renames into it) to the disk. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** pino-compatible. */
export interface SpoolLogger {
  info(bindings: object, message: string): void;
  error(bindings: object, message: string): void;
}
