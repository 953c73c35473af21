import { DateTime } from 'luxon';
import { withoutMarks } from './wrap.ts';

// What the judgekeeper reads at the command line (`dipjudge games`, `game`, `mail failed|retry`,
// `outbox`, `backup`, `migrate-to`, `receive`, `restore`): daemon/admin/operations.ts does the
// work and hands its results here as values. The shapes below are what these texts read of the
// store's listings (store/admin-store.ts), declared here so that render needs nothing from the store.

/** A game in `dipjudge games`. */
export interface AdminGameRow {
  readonly name: string;
  readonly variant: string;
  readonly status: string;
  readonly phase: string | null;
  readonly deadline: Date | null;
  readonly players: number;
}

/** A mail the judge failed on, in `dipjudge mail failed`. */
export interface AdminFailedMail {
  readonly id: string;
  readonly messageId: string;
  readonly from: string;
  readonly subject: string;
  readonly receivedAt: Date;
  readonly kept: boolean;
}

/** A mail of the outbox. */
export interface AdminMail {
  readonly id: string;
  readonly status: string;
  readonly to: readonly string[];
  readonly subject: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly attempts: number;
  readonly lastError: string | null;
}

/** One game as `dipjudge game` shows it. */
export interface AdminGame {
  readonly game: {
    readonly name: string;
    readonly variant: string;
    readonly status: string;
    readonly rules: readonly string[];
    readonly press: unknown;
    readonly timing: unknown;
    readonly timeZone: string;
    readonly description: string;
    readonly listed: boolean;
    readonly private: boolean;
    readonly phase: string | null;
    readonly deadline: Date | null;
    readonly grace: Date | null;
    readonly processAt: Date | null;
  };
  readonly seats: readonly {
    readonly role: string;
    readonly power: string | null;
    readonly address: string;
    readonly status: string;
    readonly wait: boolean;
    readonly lateCount: number;
    readonly onTimeCount: number;
    readonly stints: readonly {
      readonly address: string;
      readonly startedAt: string;
      readonly endedAt: string | null;
      readonly endReason: string | null;
      readonly lateCount: number;
      readonly onTimeCount: number;
    }[];
  }[];
  readonly orders: readonly {
    readonly power: string;
    readonly submitted: boolean;
    readonly hasErrors: boolean;
    readonly lineCount: number;
    readonly lines: readonly string[];
  }[];
  readonly jobs: readonly { readonly kind: string; readonly dueAt: Date; readonly attempts: number; readonly lastError: string | null }[];
  readonly results: readonly { readonly phase: string; readonly processedAt: Date | null; readonly text: string | null }[];
}

/** How one mail went, as the judge answered it (mail/mail-judge.ts's outcome). */
export type AdminMailOutcome =
  | { readonly status: 'processed'; readonly messageId: string; readonly blocks: number; readonly failedBlocks: number }
  | { readonly status: 'duplicate'; readonly messageId: string }
  | { readonly status: 'ignored' | 'rejected' | 'failed'; readonly messageId: string; readonly reason: string };

/** A one-line answer of an operation. */
export type AdminNote =
  | { readonly kind: 'no-games' }
  | { readonly kind: 'no-game'; readonly name: string }
  | { readonly kind: 'no-failed-mail' }
  | { readonly kind: 'no-kept-copy'; readonly id: string }
  | { readonly kind: 'backed-up'; readonly rows: number; readonly tables: number; readonly file: string }
  | { readonly kind: 'copied'; readonly rows: number; readonly tables: number }
  | { readonly kind: 'restored'; readonly rows: number; readonly tables: number; readonly file: string }
  | { readonly kind: 'set-aside'; readonly messageId: string; readonly reason: string; readonly file: string };

export function adminNote(note: AdminNote): string {
  switch (note.kind) {
    case 'no-games':
      return 'no games';
    case 'no-game':
      return `no game named ${note.name}`;
    case 'no-failed-mail':
      return 'no failed mail';
    case 'no-kept-copy':
      return `no failed mail #${note.id} with a kept copy (see dipjudge mail failed)`;
    case 'backed-up':
      return `backed up ${note.rows} row(s) of ${note.tables} table(s) to ${note.file}`;
    case 'copied':
      return `copied ${note.rows} row(s) of ${note.tables} table(s) into PostgreSQL; now set DATABASE_URL to it and start the judge there`;
    case 'restored':
      return `restored ${note.rows} row(s) of ${note.tables} table(s) from ${note.file}`;
    case 'set-aside':
      return `# set aside ${note.messageId}: ${note.reason}; the judge could not record it, it is kept in ${note.file}`;
  }
}

/** `dipjudge migrate`: the migrations it applied to the database (PostgreSQL, or PGlite in its folder). */
export function migratedText(applied: readonly string[], where: { readonly kind: 'postgres' } | { readonly kind: 'pglite'; readonly dataDir: string }): string {
  const database = where.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${where.dataDir}`;
  return applied.length === 0
    ? `the database (${database}) is up to date\n`
    : `applied ${applied.length} migration(s) to the database (${database}): ${applied.join(', ')}\n`;
}

/** `dipjudge games`. */
export function gamesTable(games: readonly AdminGameRow[]): string {
  return table(
    ['game', 'variant', 'state', 'phase', 'deadline (UTC)', 'players'],
    games.map((g) => [g.name, g.variant, g.status, g.phase ?? '-', utc(g.deadline), String(g.players)]),
  );
}

/** `dipjudge mail failed`. */
export function failedMailTable(failed: readonly AdminFailedMail[]): string {
  return table(
    ['id', 'received (UTC)', 'from', 'subject', 'message-id', 'retry'],
    failed.map((m) => [m.id, utc(m.receivedAt), m.from, m.subject.slice(0, 40), m.messageId, m.kept ? `dipjudge mail retry ${m.id}` : 'no copy kept']),
  );
}

/** `dipjudge outbox [--failed]`: a title, then each mail. */
export function outboxText(mails: readonly AdminMail[], failed: boolean): string {
  const title = failed ? `# ${mails.length} message(s) given up (undeliverable or too many attempts)` : `# ${mails.length} message(s) waiting to be sent`;
  return [title, ...mails.map(formatMail)].join('\n');
}

/** One mail judged (`dipjudge receive`, `mail retry`): its outcome and the mail it queued. */
export function receivedText(outcome: AdminMailOutcome, queued: readonly AdminMail[]): string {
  const summary =
    outcome.status === 'processed'
      ? `processed ${outcome.messageId}: ${outcome.blocks} block(s), ${outcome.failedBlocks} refused`
      : outcome.status === 'duplicate'
        ? `duplicate ${outcome.messageId}: already processed, nothing done`
        : `${outcome.status} ${outcome.messageId}: ${outcome.reason}`;
  return [`# ${summary}; ${queued.length} message(s) queued`, ...queued.map(formatMail)].join('\n');
}

function formatMail(mail: AdminMail): string {
  const headers = Object.entries(mail.headers)
    .map(([k, v]) => `${k}: ${v}\n`)
    .join('');
  const failure = mail.status === 'dead' ? `X-Dipjudge-Attempts: ${mail.attempts}\nX-Dipjudge-Last-Error: ${mail.lastError ?? ''}\n` : '';
  return `--- outbox #${mail.id} (${mail.status})\nTo: ${mail.to.join(', ')}\nSubject: ${mail.subject}\n${headers}${failure}\n${withoutMarks(mail.body)}`;
}

/** `dipjudge game`: settings, seats with their stints, this phase's orders, pending jobs, last results. */
export function gameText(detail: AdminGame): string {
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
