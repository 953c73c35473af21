import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { DateTime } from 'luxon';
import type { JudgeSettings } from '../../config/config.ts';
import { MailJudge } from '../../mail/mail-judge.ts';
import { withoutMarks } from '../../render/wrap.ts';
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
  type OutboxListing,
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
  const { store, settings } = context;
  switch (request.op) {
    case 'games': {
      const games = await listGames(store.db);
      if (request.json) return json(games);
      if (games.length === 0) return ok('no games');
      return ok(
        table(
          ['game', 'variant', 'state', 'phase', 'deadline (UTC)', 'players'],
          games.map((g) => [g.name, g.variant, g.status, g.phase ?? '-', utc(g.deadline), String(g.players)]),
        ),
      );
    }
    case 'game': {
      const detail = await gameDetail(store.db, request.name, { results: request.results ?? 1 });
      if (detail === null) return refuse(`no game named ${request.name}`);
      const shown = hideOrderTexts(detail);
      return request.json ? json(shown) : ok(formatGame(shown));
    }
    case 'mail-failed': {
      const failed = await listFailedMail(store.db);
      if (request.json) return json(failed);
      if (failed.length === 0) return ok('no failed mail');
      return ok(
        table(
          ['id', 'received (UTC)', 'from', 'subject', 'message-id', 'retry'],
          failed.map((m) => [m.id, utc(m.receivedAt), m.from, m.subject.slice(0, 40), m.messageId, m.kept ? `dipjudge mail retry ${m.id}` : 'no copy kept']),
        ),
      );
    }
    case 'mail-retry': {
      const reopened = await reopenFailedMail(store.db, request.id);
      if (reopened === null) return refuse(`no failed mail #${request.id} with a kept copy (see dipjudge mail failed)`);
      const text = await receiveMail(context, Buffer.from(reopened.raw));
      return ok(text);
    }
    case 'outbox': {
      const mails = await listOutbox(store.db, request.failed ? 'failed' : 'pending');
      if (request.json) return json(mails.map((mail) => ({ ...mail, body: withoutMarks(mail.body) })));
      const title = request.failed
        ? `# ${mails.length} message(s) given up (undeliverable or too many attempts)`
        : `# ${mails.length} message(s) waiting to be sent`;
      return ok([title, ...mails.map(formatMail)].join('\n'));
    }
    case 'backup': {
      const { tables, rows } = await writeBackup(store, request.file);
      return ok(`backed up ${rows} row(s) of ${tables} table(s) to ${request.file}`);
    }
    case 'migrate-to': {
      const target = await openStore({ databaseUrl: request.databaseUrl, poolSize: 2 });
      try {
        const lines: string[] = [];
        await dumpDatabase(store.db, (line) => void lines.push(line));
        const { tables, rows } = await restoreDatabase(target.db, () => fromArray(lines));
        return ok(`copied ${rows} row(s) of ${tables} table(s) into PostgreSQL; now set DATABASE_URL to it and start the judge there`);
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
    return ok(`restored ${rows} row(s) of ${tables} table(s) from ${file}`);
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
    return `# set aside ${outcome.messageId}: ${outcome.reason}; the judge could not record it, it is kept in ${file}`;
  }
  if (outcome.status === 'failed') await keepFailedMail(store.db, outcome.messageId, raw);
  else if (outcome.status === 'processed' || outcome.status === 'rejected') await forgetFailedMail(store.db, outcome.messageId);
  const queued = await outboxSince(store.db, before);
  const summary =
    outcome.status === 'processed'
      ? `processed ${outcome.messageId}: ${outcome.blocks} block(s), ${outcome.failedBlocks} refused`
      : outcome.status === 'duplicate'
        ? `duplicate ${outcome.messageId}: already processed, nothing done`
        : `${outcome.status} ${outcome.messageId}: ${outcome.reason}`;
  return [`# ${summary}; ${queued.length} message(s) queued`, ...queued.map(formatMail)].join('\n');
}

function formatMail(mail: OutboxListing): string {
  const headers = Object.entries(mail.headers)
    .map(([k, v]) => `${k}: ${v}\n`)
    .join('');
  const failure = mail.status === 'dead' ? `X-Dipjudge-Attempts: ${mail.attempts}\nX-Dipjudge-Last-Error: ${mail.lastError ?? ''}\n` : '';
  return `--- outbox #${mail.id} (${mail.status})\nTo: ${mail.to.join(', ')}\nSubject: ${mail.subject}\n${headers}${failure}\n${withoutMarks(mail.body)}`;
}

/** The game as the judgekeeper's view shows it: the texts of this phase's orders only where it shows them. */
function hideOrderTexts(detail: GameDetail): GameDetail {
  const view = viewOf(detail.game, JUDGEKEEPER);
  return { ...detail, orders: detail.orders.map((o) => (liveOrdersShown(view, o.power) ? o : { ...o, lines: [] })) };
}

function formatGame(detail: GameDetail): string {
  const { game } = detail;
  const zone = game.timeZone;
  const local = (date: Date | null) => (date === null ? '-' : `${DateTime.fromJSDate(date, { zone }).toFormat('yyyy-LL-dd HH:mm ZZ')} (${zone})`);
  const lines = [
    `game ${game.name}: ${game.variant}, ${game.status}${game.phase ? `, ${game.phase}` : ''}`,
    `  deadline ${local(game.deadline)}; grace ${local(game.grace)}${game.processAt ? `; processed at ${local(game.processAt)}` : ''}`,
    `  rules ${game.rules.length > 0 ? game.rules.join(' ') : '(none)'}; ${game.private ? 'private' : 'public'}; ${game.listed ? 'listed' : 'unlisted'}`,
    `  press ${JSON.stringify(game.press)}`,
    `  timing ${JSON.stringify(game.timing)}`,
    ...(game.description ? [`  ${game.description}`] : []),
    '',
    'seats:',
    ...detail.seats.flatMap((seat) => [
      `  ${(seat.power ?? seat.role).padEnd(10)} ${seat.address} (${seat.status}${seat.wait ? ', wait' : ''}) late ${seat.lateCount}, on time ${seat.onTimeCount}`,
      ...seat.stints.map(
        (s) =>
          `    ${s.startedAt.slice(0, 16)} – ${s.endedAt?.slice(0, 16) ?? 'now'} ${s.address}${s.endReason ? ` (${s.endReason})` : ''} late ${s.lateCount}, on time ${s.onTimeCount}`,
      ),
    ]),
    '',
    `orders for ${game.phase ?? '-'}:`,
    ...(detail.orders.length === 0
      ? ['  none on file']
      : detail.orders.map(
          (o) =>
            `  ${o.power.padEnd(10)} ${o.submitted ? 'submitted' : 'not submitted'}${o.hasErrors ? ', with errors' : ''}, ${o.lineCount} line(s)${o.lines.length > 0 ? `: ${o.lines.join('; ')}` : ''}`,
        )),
    '',
    'pending jobs:',
    ...(detail.jobs.length === 0
      ? ['  none']
      : detail.jobs.map(
          (j) => `  ${j.kind.padEnd(10)} due ${utc(j.dueAt)} UTC${j.attempts > 0 ? `, ${j.attempts} attempt(s), last error: ${j.lastError ?? ''}` : ''}`,
        )),
    '',
    ...detail.results.flatMap((r) => [`last results (${r.phase}, processed ${utc(r.processedAt)} UTC):`, ...(r.text ?? '').split('\n').map((l) => `  ${l}`)]),
  ];
  return `${lines.join('\n')}\n`;
}

function utc(date: Date | null): string {
  return date === null ? '-' : date.toISOString().slice(0, 16).replace('T', ' ');
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
}
