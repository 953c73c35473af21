import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eml } from '../judge/mail-builder.ts';
import { startDaemonProcess, type DaemonLogEntry, type DaemonProcess } from '../support/daemon-process.ts';
import { dovecotInstalled } from '../support/dovecot.ts';
import { startServeRig } from '../support/serve-rig.ts';

// Judging on every process: two `dipjudge serve` processes (node bin/dipjudge.js serve) on one
// PostgreSQL and one Dovecot mailbox. The mailbox leader only records the mail; both judge it.
// The burst is built so that order matters: each game is CREATEd by one sender and JOINed by
// seven others just after (a JOIN judged before its CREATE would be refused), and some senders
// write several mails in a row (judged in another order, the database would show it). Halfway,
// the process that is judging is killed with kill -9 and replaced. Afterwards: both processes
// judged mail, every mail has exactly one answer, each game has its Master and seven players, and
// each sender's mails were judged in the order they arrived.

const inCi = process.env.CI !== undefined && !/^(|0|false)$/i.test(process.env.CI);
const mayRunWithoutDovecot = !dovecotInstalled() && !inCi;

const JUDGE = 'judge@judge.example';
const GAMES = 8;
const JOINS_PER_GAME = 7;
/** Senders who write several mails in a row, and how many each. */
const CHATTY_SENDERS = 6;
const MAILS_EACH = 8;
/**
 * The killed process's claimed replies are sent again after this; long enough that a send slowed down
 * by a loaded machine is not taken for abandoned (the sender's at-least-once window is crash-recovery's
 * subject; here a second copy is allowed only of a row the killed process held).
 */
const OUTBOX_LEASE_SECONDS = 10;

type Kind = 'CREATE' | 'JOIN' | 'LIST' | 'HELP';

interface TestMail {
  readonly messageId: string;
  readonly from: string;
  readonly kind: Kind;
  readonly raw: string;
}

function burstMails(): TestMail[] {
  const mails: TestMail[] = [];
  const mail = (from: string, kind: Kind, body: string) => {
    const messageId = `<order-${mails.length}@players.example>`;
    mails.push({ messageId, from, kind, raw: eml({ from, subject: `${kind} ${mails.length}`, messageId }, body) });
  };
  for (let game = 0; game < GAMES; game++) {
    mail(`master${game}@players.example`, 'CREATE', `CREATE twoproc${game} gmpass\nFORM`);
    for (let seat = 0; seat < JOINS_PER_GAME; seat++) mail(`p${game}-${seat}@players.example`, 'JOIN', `JOIN twoproc${game} pass${seat}`);
    // Between the games, the chatty senders' next mails and strangers' questions.
    for (let sender = 0; sender < CHATTY_SENDERS; sender++)
      if (game < MAILS_EACH) mail(`chatty${sender}@players.example`, sender % 2 === 0 ? 'LIST' : 'HELP', sender % 2 === 0 ? 'LIST' : 'HELP');
    for (let other = 0; other < 6; other++) mail(`q${game}-${other}@players.example`, other % 2 === 0 ? 'HELP' : 'LIST', other % 2 === 0 ? 'HELP' : 'LIST');
  }
  return mails;
}

describe.skipIf(mayRunWithoutDovecot)('two serve processes share the judging', () => {
  it('judges on both, in order per sender and per game, exactly once through a kill -9', { timeout: 120_000 }, async () => {
    const cleanups: (() => Promise<unknown>)[] = [];
    const defer = (release: () => Promise<unknown>) => void cleanups.push(release);
    const daemons: DaemonProcess[] = [];
    defer(async () => {
      for (const daemon of daemons) daemon.kill9();
      await Promise.all(daemons.map((daemon) => daemon.exited));
    });
    const story: string[] = [];
    try {
      const { root, dovecot, capture, tracker, appender, scratch, db } = await startServeRig(
        { folder: 'dipjudge-two-judges-', database: 'dipjudge_two_judges' },
        defer,
      );
      const env = {
        DATABASE_URL: scratch.url,
        IMAP_URL: dovecot.url,
        SMTP_URL: capture.url,
        JUDGE_ADDRESS: JUDGE,
        DIPJUDGE_POLL_MS: '100',
        DIPJUDGE_PASSWORD_COST: '1024',
        DIPJUDGE_MAILBOX_LEADER_RETRY_MS: '500',
        DIPJUDGE_OUTBOX_LEASE_SECONDS: String(OUTBOX_LEASE_SECONDS),
        DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'),
        DIPJUDGE_DATA_DIR: path.join(root, 'pglite'),
      };
      /** "message handled" lines per daemon, whatever the status. */
      const judgedBy = new Map<number, number>();
      const startDaemon = async () => {
        const index = daemons.length + 1;
        const daemon = await startDaemonProcess(env, {
          onLog: (entry: DaemonLogEntry) => {
            if (entry.msg === 'message handled') judgedBy.set(index, (judgedBy.get(index) ?? 0) + 1);
          },
        });
        daemons.push(daemon);
        story.push(`daemon ${index} running (pid ${daemon.pid})`);
        return daemon;
      };
      const count = async (query: string): Promise<number> => Number((await db.query<{ n: string }>(query)).rows[0]!.n);
      await startDaemon();
      await startDaemon();

      const mails = burstMails();
      // Staged and moved in at once, so the whole burst waits in the mailbox together.
      await appender.ensureMailbox('Staging');
      for (const mail of mails) await appender.append(mail.raw, 'Staging');
      const moved = await appender.moveAllFrom('Staging');
      expect(moved).toBe(mails.length);

      // Kill -9 whichever process has judged most so far, once a fifth of the burst is judged.
      const deadline = Date.now() + 60_000;
      while ((await count('SELECT count(*) AS n FROM inbound_mail')) < mails.length / 5) {
        if (Date.now() > deadline) throw new Error(`the burst is not being judged\n${story.join('\n')}\n${daemons[0]!.recentLog()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const busiest = (judgedBy.get(1) ?? 0) >= (judgedBy.get(2) ?? 0) ? 0 : 1;
      const victim = daemons[busiest]!;
      const orphaned = new Set<string>();
      victim.kill9();
      await victim.exited;
      const { rows } = await db.query<{ message_id: string }>(`SELECT message_id FROM outbox WHERE claimed_by = $1 AND status = 'pending'`, [victim.workerId]);
      for (const row of rows) orphaned.add(row.message_id);
      story.push(
        `killed daemon ${busiest + 1} after it judged ${judgedBy.get(busiest + 1) ?? 0} mails; ${await count('SELECT count(*) AS n FROM inbound_mail')} of ${mails.length} judged`,
      );
      await startDaemon();

      const all = mails.map((m) => m.messageId);
      await tracker.waitForReplies(all, 80_000).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${story.join('\n')}\n${daemons.at(-1)!.recentLog()}`);
      });
      // Everything queued goes out before the processes stop: the notices too, and what the killed
      // process had claimed once its lease runs out.
      const allSentBy = Date.now() + (OUTBOX_LEASE_SECONDS + 30) * 1_000;
      while ((await count(`SELECT count(*) AS n FROM outbox WHERE status <> 'sent'`)) > 0 && Date.now() < allSentBy) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      for (const daemon of daemons) if (daemon !== victim) await daemon.stop();
      story.push(`mails judged per daemon: ${[...judgedBy.entries()].map(([d, n]) => `${d}: ${n}`).join(', ')}`);
      const context = story.join('\n');

      // Both of the first two processes judged mail: the judging is shared, not only the leader's.
      expect(judgedBy.get(1) ?? 0, context).toBeGreaterThan(0);
      expect(judgedBy.get(2) ?? 0, context).toBeGreaterThan(0);

      // Every mail answered by exactly one outbox mail, with the answer its command deserves.
      const expectedText: Record<Kind, RegExp> = {
        CREATE: /has been created with you as its Master/,
        JOIN: /You have joined game/,
        LIST: /Games on this judge|There are no games/,
        HELP: /dipjudge understands the e-mail commands/,
      };
      for (const mail of mails) {
        const replies = tracker.repliesTo.get(mail.messageId) ?? [];
        const outboxIds = new Set(replies.map((reply) => reply.messageId));
        expect([...outboxIds], `${mail.messageId}\n${context}`).toHaveLength(1);
        if (replies.length > 1) expect(orphaned.has([...outboxIds][0]!), `${mail.messageId} sent twice\n${context}`).toBe(true);
        expect(replies[0]!.message.parsed.text ?? '', `${mail.kind} ${mail.messageId}\n${context}`).toMatch(expectedText[mail.kind]);
      }

      // Each game has its Master and all its players: no JOIN was judged before its CREATE.
      const seats = await db.query<{ name: string; masters: string; players: string }>(
        `SELECT g.name, count(*) FILTER (WHERE s.role = 'master') AS masters, count(*) FILTER (WHERE s.role = 'power') AS players
         FROM games g JOIN seats s ON s.game_id = g.id GROUP BY g.name ORDER BY g.name`,
      );
      expect(seats.rows).toHaveLength(GAMES);
      for (const row of seats.rows) expect([row.name, Number(row.masters), Number(row.players)]).toEqual([row.name, 1, JOINS_PER_GAME]);

      // Exactly once, and in order: one record per mail, none left queued, and each sender's
      // mails recorded (judged) in the order their UIDs say they arrived.
      expect(await count('SELECT count(*) AS n FROM inbound_mail')).toBe(mails.length);
      expect(await count(`SELECT count(*) AS n FROM inbound_mail WHERE outcome <> 'processed'`)).toBe(0);
      expect(await count('SELECT count(*) AS n FROM inbound_queue')).toBe(0);
      const bySender = await db.query<{ from_address: string; uids: string[] }>(
        `SELECT from_address, array_agg(uid::text ORDER BY id) AS uids FROM inbound_mail GROUP BY from_address HAVING count(*) > 1`,
      );
      expect(bySender.rows).toHaveLength(CHATTY_SENDERS);
      for (const row of bySender.rows) {
        const uids = row.uids.map(Number);
        expect(uids, row.from_address).toEqual([...uids].sort((a, b) => a - b));
      }
      // Besides the replies, the JOINs told each Master and started each game: all of it sent.
      expect(await count(`SELECT count(*) AS n FROM outbox WHERE status <> 'sent'`)).toBe(0);
      expect(await dovecot.listMessages('INBOX')).toEqual([]);
      console.log(context);
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  });
});
