import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eml } from '../judge/mail-builder.ts';
import { startDaemonProcess, type DaemonLogEntry, type DaemonProcess } from '../support/daemon-process.ts';
import { dovecotInstalled } from '../support/dovecot.ts';
import { startServeRig } from '../support/serve-rig.ts';

// `dipjudge serve` as a real process (node bin/dipjudge.js serve) on a fresh PostgreSQL
// database, reading a throwaway Dovecot and sending to an SMTP capture, while things go wrong:
// three kill -9 at random moments, Dovecot restarted under it, and the SMTP server answering
// 451 for a while. Afterwards every mail must have exactly one answer and every CREATE and JOIN
// exactly one effect.
//
// Why some replies may reach the capture twice: the sender is at-least-once by design
// (src/mail/smtp-sender.ts). A daemon killed between the server's 250 and its "sent" UPDATE
// leaves the row pending and claimed; the next sender sends it again with the same Message-ID.
// The test records which rows a killed daemon held and allows a repeat only for those, and
// never two different outbox mails answering one inbound mail.
//
// The sender treats a claim as abandoned after its lease; the daemons here run with a lease of
// OUTBOX_LEASE_SECONDS (DIPJUDGE_OUTBOX_LEASE_SECONDS) instead of the default five minutes, so a
// killed daemon's claims have run out by the time its successor is up. The 451s cost retries
// after DIPJUDGE_SMTP_RETRY_MIN_SECONDS; the faults are injected first so that the wait
// overlaps the rest.
//
// Everything talks to 127.0.0.1 only. Set CRASH_SEED to replay a run's random delays.

const inCi = process.env.CI !== undefined && !/^(|0|false)$/i.test(process.env.CI);
const mayRunWithoutDovecot = !dovecotInstalled() && !inCi;
if (mayRunWithoutDovecot) console.warn('crash-recovery test skipped: Dovecot is not installed (run .ci/install-dovecot.sh)');

const WAVES = 3;
const MAILS_PER_WAVE = 80;
const JUDGE = 'judge@judge.example';
/** Short enough to run out while the next daemon starts; sends here take milliseconds. */
const OUTBOX_LEASE_SECONDS = 2;

type Kind = 'CREATE' | 'JOIN' | 'LIST' | 'HELP';

interface TestMail {
  readonly messageId: string;
  readonly from: string;
  readonly kind: Kind;
  /** The game a CREATE makes or a JOIN joins. */
  readonly game: string | null;
  readonly raw: string;
}

/** Wave w: a CREATE in every fourth mail; from wave 1 on, a JOIN to each game of the wave before. */
function waveMails(wave: number): TestMail[] {
  return Array.from({ length: MAILS_PER_WAVE }, (_, i) => {
    const messageId = `<crash-${wave}-${i}@players.example>`;
    const from = `w${wave}-${i}@players.example`;
    const mail = (kind: Kind, game: string | null, body: string): TestMail => ({
      messageId,
      from,
      kind,
      game,
      raw: eml({ from, subject: `${kind} ${wave}-${i}`, messageId }, body),
    });
    switch (i % 4) {
      case 0:
        return mail('CREATE', `g${wave}x${i}`, `CREATE g${wave}x${i} gmpass\nFORM`);
      case 1:
        return wave === 0 ? mail('LIST', null, 'LIST') : mail('JOIN', `g${wave - 1}x${i - 1}`, `JOIN g${wave - 1}x${i - 1} pass${i}`);
      case 2:
        return mail('LIST', null, 'LIST');
      default:
        return mail('HELP', null, 'HELP');
    }
  });
}

/** mulberry32: small, seedable, good enough for picking delays. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(mayRunWithoutDovecot)('dipjudge serve crash recovery', () => {
  it('answers every mail exactly once through kill -9, a Dovecot restart and SMTP 451s', { timeout: 110_000 }, async () => {
    const seed = process.env.CRASH_SEED !== undefined ? Number(process.env.CRASH_SEED) : Date.now() % 2 ** 31;
    const random = seededRandom(seed);
    const between = (min: number, max: number) => Math.round(min + random() * (max - min));
    const story: string[] = [`CRASH_SEED=${seed}`];
    const note = (line: string) => story.push(line);

    // Torn down in reverse order, however far the setup got.
    const cleanups: (() => Promise<unknown>)[] = [];
    const defer = (release: () => Promise<unknown>) => void cleanups.push(release);
    const daemons: DaemonProcess[] = [];
    defer(async () => {
      for (const daemon of daemons) daemon.kill9();
      await Promise.all(daemons.map((daemon) => daemon.exited));
    });
    try {
      const { root, dovecot, capture, tracker, appender, scratch, db } = await startServeRig({ folder: 'dipjudge-crash-', database: 'dipjudge_crash' }, defer);
      const sent: TestMail[] = [];
      let killedWhileBusy = false;
      const logCounts = new Map<string, number>();
      /** The most mails a daemon judged in one transaction: a backlog after a restart comes as groups. */
      let largestGroup = 1;
      const env = {
        DATABASE_URL: scratch.url,
        IMAP_URL: dovecot.url,
        SMTP_URL: capture.url,
        JUDGE_ADDRESS: JUDGE,
        DIPJUDGE_POLL_MS: '100',
        DIPJUDGE_PASSWORD_COST: '1024',
        DIPJUDGE_OUTBOX_LEASE_SECONDS: String(OUTBOX_LEASE_SECONDS),
        DIPJUDGE_SMTP_RETRY_MIN_SECONDS: '3',
        // Not used with IMAP, SMTP and PostgreSQL, but kept out of the repository all the same.
        DIPJUDGE_SPOOL_DIR: path.join(root, 'spool'),
        DIPJUDGE_DATA_DIR: path.join(root, 'pglite'),
      };
      const startDaemon = async () => {
        const index = daemons.length + 1;
        const daemon = await startDaemonProcess(env, {
          onLog: (entry: DaemonLogEntry) => {
            if (typeof entry.msg === 'string') logCounts.set(`${index}:${entry.msg}`, (logCounts.get(`${index}:${entry.msg}`) ?? 0) + 1);
            if (entry.msg === 'message handled' && typeof entry.group === 'number') largestGroup = Math.max(largestGroup, entry.group);
          },
        });
        daemons.push(daemon);
        note(`daemon ${index} running (pid ${daemon.pid})`);
        return daemon;
      };
      const count = async (query: string): Promise<number> => Number((await db.query<{ n: string }>(query)).rows[0]!.n);
      /** Rows the killed daemon had claimed: what a lease expiry would hand to the next sender. */
      const orphaned = new Set<string>();
      const killAndReplace = async (daemon: DaemonProcess) => {
        const judgedBefore = await count('SELECT count(*) AS n FROM inbound_mail');
        daemon.kill9();
        const { signal } = await daemon.exited;
        expect(signal).toBe('SIGKILL');
        const { rows } = await db.query<{ message_id: string }>(`SELECT message_id FROM outbox WHERE claimed_by = $1 AND status = 'pending'`, [
          daemon.workerId,
        ]);
        for (const row of rows) orphaned.add(row.message_id);
        note(
          `killed daemon ${daemons.indexOf(daemon) + 1} after it judged ${daemon.handled.processed ?? 0} mails; ` +
            `${judgedBefore} of the ${sent.length} appended so far were judged, ${rows.length} outbox rows were claimed by it`,
        );
        killedWhileBusy ||= judgedBefore < sent.length;
        return startDaemon();
      };
      const appendWave = async (wave: number) => {
        for (const mail of waveMails(wave)) {
          await appender.append(mail.raw);
          sent.push(mail);
        }
      };

      let daemon = await startDaemon();

      // Wave 0, with the SMTP server refusing every recipient for a while (at least a random
      // time and 10 refusals), then kill -9 at a random moment.
      capture.inject({ kind: 'refuse', stage: 'rcpt', code: 451, message: '4.3.0 try again later' });
      const refusing = Date.now();
      const refuseAtLeast = between(1_000, 2_500);
      const wave0 = appendWave(0);
      await sleep(between(300, 1_500));
      daemon = await killAndReplace(daemon);
      await wave0;
      while (capture.stats.refused < 10 || Date.now() - refusing < refuseAtLeast) {
        if (Date.now() - refusing > 30_000) throw new Error(`only ${capture.stats.refused} refusals in 30 s\n${story.join('\n')}\n${daemon.recentLog()}`);
        await sleep(20);
      }
      capture.clearFaults();
      note(`SMTP answered 451 for ${Date.now() - refusing} ms (${capture.stats.refused} refusals)`);

      // Wave 1, Dovecot restarted while the daemon works through it, then kill -9.
      await appendWave(1);
      await sleep(between(0, 500));
      await dovecot.restart();
      note('Dovecot restarted');
      await sleep(between(300, 1_500));
      const restarted = daemons.length;
      daemon = await killAndReplace(daemon);

      // Wave 2, kill -9 at a random moment, and a last daemon that is left to finish.
      const wave2 = appendWave(2);
      await sleep(between(300, 1_500));
      daemon = await killAndReplace(daemon);
      await wave2;

      const all = sent.map((mail) => mail.messageId);
      expect(new Set(all).size).toBe(WAVES * MAILS_PER_WAVE);
      await tracker.waitForReplies(all, 80_000).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${story.join('\n')}\nlast daemon's log:\n${daemon.recentLog()}`);
      });
      // Late duplicates would come within a sender round or two.
      await sleep(1_500);
      await daemon.stop();
      note(`last daemon stopped; duplicates dropped by the judge: ${daemons.map((d) => d.handled.duplicate ?? 0).join(', ')}`);
      const context = story.join('\n');

      // The faults did happen, and at moments when there was work in hand.
      expect(capture.stats.refused, context).toBeGreaterThan(0);
      expect(killedWhileBusy, context).toBe(true);
      expect(largestGroup, context).toBeGreaterThan(1);
      expect((logCounts.get(`${restarted}:IMAP connection lost`) ?? 0) + (logCounts.get(`${restarted}:IMAP connection failed`) ?? 0), context).toBeGreaterThan(
        0,
      );

      // Every mail answered, by exactly one outbox mail, with the answer its command deserves.
      const expectedText: Record<Kind, RegExp> = {
        CREATE: /has been created with you as its Master/,
        JOIN: /You have joined game/,
        LIST: /Games on this judge|There are no games/,
        HELP: /dipjudge understands the e-mail commands/,
      };
      const known = new Set(all);
      expect(
        [...tracker.repliesTo.keys()].filter((id) => !known.has(id)),
        context,
      ).toEqual([]);
      expect(
        tracker.unthreaded.map((m) => m.parsed.subject),
        context,
      ).toEqual([]);
      const redelivered: string[] = [];
      for (const mail of sent) {
        const replies = tracker.repliesTo.get(mail.messageId) ?? [];
        const outboxIds = new Set(replies.map((reply) => reply.messageId));
        expect([...outboxIds], `${mail.messageId}\n${context}`).toHaveLength(1);
        if (replies.length > 1) redelivered.push(...outboxIds);
        expect(replies[0]!.message.envelope.to, mail.messageId).toEqual([mail.from]);
        expect(replies[0]!.message.parsed.text ?? '', `${mail.kind} ${mail.messageId}`).toMatch(expectedText[mail.kind]);
      }
      // A repeat is only allowed for a row a killed daemon held: SMTP's at-least-once window.
      expect(
        redelivered.filter((id) => !orphaned.has(id)),
        context,
      ).toEqual([]);
      note(`replies sent twice (killed between 250 and "sent"): ${redelivered.length}`);

      // The database: one inbound record per mail, one game per CREATE, one seat per JOIN,
      // one outbox row per reply and all of them sent.
      expect(await count('SELECT count(*) AS n FROM inbound_mail')).toBe(sent.length);
      expect(await count(`SELECT count(*) AS n FROM inbound_mail WHERE outcome <> 'processed'`)).toBe(0);
      // Recorded mail is judged by any process (daemon/queued-mail.ts): none is left waiting.
      expect(await count('SELECT count(*) AS n FROM inbound_queue')).toBe(0);
      const creates = sent
        .filter((m) => m.kind === 'CREATE')
        .map((m) => m.game!)
        .sort();
      const games = (await db.query<{ name: string }>('SELECT name FROM games')).rows.map((r) => r.name).sort();
      expect(games).toEqual(creates);
      const seats = await db.query<{ name: string; masters: string; players: string }>(
        `SELECT g.name, count(*) FILTER (WHERE s.role = 'master') AS masters, count(*) FILTER (WHERE s.role = 'power') AS players
         FROM games g JOIN seats s ON s.game_id = g.id GROUP BY g.name`,
      );
      const joined = new Set(sent.filter((m) => m.kind === 'JOIN').map((m) => m.game!));
      expect(joined.size).toBe((WAVES - 1) * (MAILS_PER_WAVE / 4));
      for (const row of seats.rows) {
        expect(Number(row.masters), row.name).toBe(1);
        expect(Number(row.players), row.name).toBe(joined.has(row.name) ? 1 : 0);
      }
      expect(seats.rows).toHaveLength(creates.length);
      const outbox = await db.query<{ message_id: string; status: string }>('SELECT message_id, status FROM outbox');
      expect(outbox.rows).toHaveLength(sent.length);
      expect(
        outbox.rows.filter((row) => row.status !== 'sent'),
        context,
      ).toEqual([]);
      expect(new Set(outbox.rows.map((row) => row.message_id))).toEqual(new Set(capture.messages.map((m) => m.messageId)));

      // The mailbox: everything filed as processed, nothing left behind.
      expect(await dovecot.listMessages('INBOX')).toEqual([]);
      const processed = await dovecot.listMessages('Processed');
      expect(new Set(processed.map((m) => m.messageId))).toEqual(known);
      console.log(story.join('\n'));
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  });
});
