import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { JudgeSettings } from '../../config/config.ts';
import { MailJudge } from '../../mail/mail-judge.ts';
import { withoutMarks } from '../../render/wrap.ts';
import { adminNote, failedMailTable, gamesTable, gameText, outboxText, receivedText } from '../../render/admin-output.ts';
import {
  forgetFailedMail,
  gameDetail,
  keepFailedMail,
  lastOutboxId,
  listFailedMail,
  listGames,
  listOutbox,
  outboxSince,
  reopenFailedMail,
  type GameDetail,
} from '../../store/admin-store.ts';
import { dumpDatabase, restoreDatabase } from '../../store/backup.ts';
import { createJudgeStore } from '../../store/judge-store.ts';
import { liveOrdersShown, viewOf } from '../../judge/visibility/policy.ts';
import { JUDGEKEEPER } from '../../judge/visibility/reader.ts';
import { openStore, type Store } from '../../store/index.ts';
import { spoolFolders } from '../spool.ts';

// The judgekeeper's operations (`dipjudge games`, `game`, `mail failed|retry`, `outbox`,
// `backup`, `migrate-to`, `receive`) as requests with a text answer. The command line runs them
// on the database itself, or, when a running judge holds the PGlite database, hands them to that
// judge over its admin socket (admin-socket.ts), which runs the very same code.

export type AdminRequest =
  | { readonly op: 'games'; readonly json?: boolean }
  | { readonly op: 'game'; readonly name: string; readonly json?: boolean; readonly results?: number }
  | { readonly op: 'mail-failed'; readonly json?: boolean }
  | { readonly op: 'mail-retry'; readonly id: string }
  | { readonly op: 'outbox'; readonly failed?: boolean; readonly json?: boolean }
  | { readonly op: 'backup'; readonly file: string }
  /** `force`: copy while a running judge holds the PGlite database (its later mail stays behind). */
  | { readonly op: 'migrate-to'; readonly databaseUrl: string; readonly force?: boolean }
  | { readonly op: 'receive'; readonly raw: string /* base64 */ };

export interface AdminAnswer {
  readonly stdout: string;
  /** 0 done; 1 the request could not be done (the text says why). */
  readonly exitCode: number;
}

export interface AdminContext {
  readonly store: Store;
  readonly settings: JudgeSettings;
}

const ok = (stdout: string): AdminAnswer => ({ stdout: terminalSafe(stdout.endsWith('\n') || stdout === '' ? stdout : `${stdout}\n`), exitCode: 0 });
const refuse = (stdout: string): AdminAnswer => ({ stdout: terminalSafe(`${stdout}\n`), exitCode: 1 });

/**
 * The answer as the judgekeeper's terminal may show it: players wrote much of it (a game's
 * description, a mail's Subject, a reply quoting their lines), so each control character but
 * the line break and tab is shown as its escape, `\u001b`, and never acts (issue 25: escape
 * sequences in a description reached the terminal through `dipjudge game`). JSON stays JSON:
 * the escape is JSON's own, for the C1 controls JSON.stringify leaves as they are.
 */
function terminalSafe(text: string): string {
  return text.replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, (control) => `\\u${control.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
const json = (value: unknown): AdminAnswer => ok(`${JSON.stringify(value, null, 2)}\n`);

export async function runAdminRequest(context: AdminContext, request: AdminRequest): Promise<AdminAnswer> {
  const { store } = context;
  switch (request.op) {
    case 'games': {
      const games = await listGames(store.db);
      if (request.json) return json(games);
      if (games.length === 0) return ok(adminNote({ kind: 'no-games' }));
      return ok(gamesTable(games));
    }
    case 'game': {
      const detail = await gameDetail(store.db, request.name, { results: request.results ?? 1 });
      if (detail === null) return refuse(adminNote({ kind: 'no-game', name: request.name }));
      const shown = hideOrderTexts(detail);
      return request.json ? json(shown) : ok(gameText(shown));
    }
    case 'mail-failed': {
      const failed = await listFailedMail(store.db);
      if (request.json) return json(failed);
      if (failed.length === 0) return ok(adminNote({ kind: 'no-failed-mail' }));
      return ok(failedMailTable(failed));
    }
    case 'mail-retry': {
      const reopened = await reopenFailedMail(store.db, request.id);
      if (reopened === null) return refuse(adminNote({ kind: 'no-kept-copy', id: request.id }));
      const text = await receiveMail(context, Buffer.from(reopened.raw));
      return ok(text);
    }
    case 'outbox': {
      const mails = await listOutbox(store.db, request.failed ? 'failed' : 'pending');
      if (request.json) return json(mails.map((mail) => ({ ...mail, body: withoutMarks(mail.body) })));
      return ok(outboxText(mails, request.failed === true));
    }
    case 'backup': {
      const { tables, rows } = await writeBackup(store, request.file);
      return ok(adminNote({ kind: 'backed-up', rows, tables, file: request.file }));
    }
    case 'migrate-to': {
      const target = await openStore({ databaseUrl: request.databaseUrl, poolSize: 2 });
      try {
        const lines: string[] = [];
        await dumpDatabase(store.db, (line) => void lines.push(line));
        const { tables, rows } = await restoreDatabase(target.db, () => fromArray(lines));
        return ok(adminNote({ kind: 'copied', rows, tables }));
      } finally {
        await target.close();
      }
    }
    case 'receive':
      return ok(await receiveMail(context, Buffer.from(request.raw, 'base64')));
  }
}

/**
 * Writes the backup next to its final name and renames it, so a FILE is always a whole backup.
 * Only its owner may read it (0600): it holds password hashes, every address and unsubscribe token.
 */
async function writeBackup(store: Store, file: string): Promise<{ tables: number; rows: number }> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  // A partial file left by an earlier attempt would keep its own mode.
  await rm(partial, { force: true });
  const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  const result = await dumpDatabase(store.db, async (line) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  });
  out.end();
  await once(out, 'finish');
  await rename(partial, file);
  return result;
}

/** Restores FILE into the (empty) database of `store`. */
export async function restoreBackup(store: Store, file: string): Promise<AdminAnswer> {
  // Opened first, so a missing or unreadable file is an error here rather than on the stream.
  const handle = await open(file, 'r');
  try {
    const { tables, rows } = await restoreDatabase(store.db, () =>
      createInterface({ input: handle.createReadStream({ autoClose: false }), crlfDelay: Infinity }),
    );
    return ok(adminNote({ kind: 'restored', rows, tables, file }));
  } finally {
    // A refused restore (database not empty) never reads the stream, which would leave the file open.
    await handle.close();
  }
}

async function* fromArray(lines: readonly string[]): AsyncIterable<string> {
  yield* lines;
}

/**
 * One mail judged (`dipjudge receive`, `mail retry`): prints its outcome and the mail it queued.
 * A mail the judge fails on keeps its bytes for `mail retry`; one it could not even record is
 * written to the spool's failed/ folder.
 */
export async function receiveMail(context: AdminContext, raw: Buffer): Promise<string> {
  const { store, settings } = context;
  const before = await lastOutboxId(store.db);
  const outcome = await new MailJudge(createJudgeStore(store.db, { messageIdDomain: settings.judge.address.split('@')[1]! }), settings.judge).receive(raw);
  if (outcome.status === 'set-aside') {
    const folder = spoolFolders(settings.spoolDir).failed;
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.eml`);
    await writeFile(file, raw, { mode: 0o600 });
    return adminNote({ kind: 'set-aside', messageId: outcome.messageId, reason: outcome.reason, file });
  }
  if (outcome.status === 'failed') await keepFailedMail(store.db, outcome.messageId, raw);
  else if (outcome.status === 'processed' || outcome.status === 'rejected') await forgetFailedMail(store.db, outcome.messageId);
  const queued = await outboxSince(store.db, before);
  return receivedText(outcome, queued);
}

/** The game as the judgekeeper's view shows it: the texts of this phase's orders only where it shows them. */
function hideOrderTexts(detail: GameDetail): GameDetail {
  const view = viewOf(detail.game, JUDGEKEEPER);
  return { ...detail, orders: detail.orders.map((o) => (liveOrdersShown(view, o.power) ? o : { ...o, lines: [] })) };
}
