import { beforeAll, expect, it } from 'vitest';
import type { JudgeLog } from '../../src/judge/judge.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { TEST_JUDGE } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// A mail the judge itself fails on (a fault on our side, not in the mail) is answered once,
// recorded as failed and never handled again, and nothing in it takes effect. The faults are
// real ones reached through the judge's own injection points: a random source that throws, and
// a clock whose Invalid Date the database refuses.

function brokenRandom(): number {
  throw new Error('the random source is unavailable');
}

const brokenClock = () => new Date(Number.NaN);

interface CapturingLog extends JudgeLog {
  readonly entries: { readonly details: Readonly<Record<string, unknown>>; readonly message: string }[];
}

function capturingLog(): CapturingLog {
  const entries: CapturingLog['entries'] = [];
  return { entries, error: (details, message) => void entries.push({ details, message }) };
}

describeWithDatabase(
  'a mail the judge fails on',
  (getStore) => {
    const db = () => getStore().db;
    const judgeWith = (options: { random?: () => number; clock?: () => Date; log?: JudgeLog } = {}) =>
      new MailJudge(
        createJudgeStore(db(), { messageIdDomain: 'judge.example' }),
        TEST_JUDGE,
        options.random ?? (() => 0.3),
        options.clock ?? (() => new Date()),
        options.log ?? capturingLog(),
      );

    // One game for the whole suite (seven scrypt hashes are slow): forming, with six of its seven
    // players, so the seventh JOIN starts it and draws the powers at random. Every test but the
    // last leaves it so.
    beforeAll(async () => {
      const healthy = judgeWith();
      await healthy.receive(eml({ from: 'gm@players.example' }, 'CREATE demo gmpass\nFORM'));
      for (let i = 1; i <= 6; i++) await healthy.receive(eml({ from: `p${i}@players.example` }, `JOIN demo pw${i}`));
    });

    const gameState = async () => ({
      games: await db().selectFrom('games').select(['name', 'status', 'current_phase', 'version']).orderBy('id').execute(),
      seats: await db().selectFrom('seats').select(['address', 'power']).orderBy('id').execute(),
      phases: await db().selectFrom('phases').select('phase_id').execute(),
      jobs: await db().selectFrom('jobs').select('kind').execute(),
    });
    const outbox = () => db().selectFrom('outbox').select(['to_addresses', 'subject', 'body', 'headers']).orderBy('id').execute();
    const inbound = (messageId: string) =>
      db()
        .selectFrom('inbound_mail')
        .select(['outcome', 'from_address', 'game_id', 'mailbox', 'uidvalidity', 'uid'])
        .where('message_id', '=', messageId)
        .execute();

    it('answers once, records the mail as failed, leaves the game as it was, and a replay is a duplicate', async () => {
      const before = await gameState();
      const repliesBefore = (await outbox()).length;
      const log = capturingLog();
      const mail = eml({ from: 'p7@players.example', subject: 'joining', messageId: '<join-7@players.example>' }, 'JOIN demo pw7');

      const outcome = await judgeWith({ random: brokenRandom, log }).receive(mail);

      expect(outcome).toEqual({ status: 'failed', messageId: '<join-7@players.example>', reason: 'Error: the random source is unavailable' });
      expect(await gameState()).toEqual(before);
      const replies = (await outbox()).slice(repliesBefore);
      expect(replies).toHaveLength(1);
      expect(replies[0]).toMatchObject({
        to_addresses: ['p7@players.example'],
        subject: 'Re: joining',
        headers: { 'Auto-Submitted': 'auto-replied', 'In-Reply-To': '<join-7@players.example>' },
      });
      expect(replies[0]!.body).toContain('could not handle your mail <join-7@players.example>');
      expect(replies[0]!.body).toContain('Nothing in that mail was done');
      expect(replies[0]!.body).toContain('The judgekeeper has been told');
      expect(replies[0]!.body).not.toContain('pw7');
      expect(await inbound('<join-7@players.example>')).toEqual([
        { outcome: 'failed', from_address: 'p7@players.example', game_id: null, mailbox: null, uidvalidity: null, uid: null },
      ]);

      // The judgekeeper's log names the mail and the error, never what the mail said.
      expect(log.entries).toHaveLength(1);
      expect(log.entries[0]!.details).toMatchObject({
        messageId: '<join-7@players.example>',
        from: 'p7@players.example',
        error: 'Error: the random source is unavailable',
        senderTold: true,
      });
      expect(JSON.stringify(log.entries)).not.toContain('pw7');

      // Replayed (a crash before the mailbox move, or by hand once the fault is fixed): a duplicate, no second reply.
      expect(await judgeWith({ random: brokenRandom, log }).receive(mail)).toEqual({ status: 'duplicate', messageId: '<join-7@players.example>' });
      expect(await judgeWith().receive(mail)).toEqual({ status: 'duplicate', messageId: '<join-7@players.example>' });
      expect(await outbox()).toHaveLength(repliesBefore + 1);
      expect(await gameState()).toEqual(before);
      expect(log.entries).toHaveLength(1);
    });

    it('undoes the blocks of the failed mail that had already succeeded', async () => {
      const before = await gameState();
      // The first block creates a game and would stand on its own; the second fails inside the judge.
      const outcome = await judgeWith({ random: brokenRandom }).receive(
        eml({ from: 'p7@players.example', messageId: '<two-blocks@players.example>' }, 'CREATE other gmpass\nFORM\n\nJOIN demo pw7'),
      );
      expect(outcome.status).toBe('failed');
      expect(await gameState()).toEqual(before);
      expect(await inbound('<two-blocks@players.example>')).toMatchObject([{ outcome: 'failed' }]);
    });

    it('records a database error as a failure too, with where the mail was read', async () => {
      const before = await gameState();
      const repliesBefore = (await outbox()).length;
      const log = capturingLog();
      const mail = eml({ from: 'p7@players.example', messageId: '<imap-7@players.example>' }, 'JOIN demo pw7');
      const origin = { mailbox: 'INBOX', uidvalidity: '42', uid: 3 };

      const outcome = await judgeWith({ clock: brokenClock, log }).receive(mail, origin);

      // PostgreSQL and PGlite both refuse the Invalid Date (22007): a fault that would recur on every retry.
      expect(outcome).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^error \[22007\]: invalid input syntax for type timestamp/) });
      expect(await gameState()).toEqual(before);
      expect(await inbound('<imap-7@players.example>')).toEqual([
        { outcome: 'failed', from_address: 'p7@players.example', game_id: null, mailbox: 'INBOX', uidvalidity: '42', uid: '3' },
      ]);
      expect(await outbox()).toHaveLength(repliesBefore + 1);
      expect(log.entries.map((e) => e.details)).toMatchObject([{ messageId: '<imap-7@players.example>', mailbox: 'INBOX', uidvalidity: '42', uid: '3' }]);
      expect(await judgeWith({ clock: brokenClock }).receive(mail, origin)).toEqual({ status: 'duplicate', messageId: '<imap-7@players.example>' });
      expect(await outbox()).toHaveLength(repliesBefore + 1);
    });

    it('records where a mail was read, and a reused IMAP UID does not hide a new mail', async () => {
      const judge = judgeWith();
      const origin = { mailbox: 'INBOX', uidvalidity: '1795270473', uid: 7 };
      expect((await judge.receive(eml({ from: 'ann@players.example', messageId: '<first@players.example>' }, 'LIST'), origin)).status).toBe('processed');
      // Dovecot lost its index and handed UID 7 out again, under the same UIDVALIDITY, to another mail.
      expect((await judge.receive(eml({ from: 'bob@players.example', messageId: '<second@players.example>' }, 'LIST'), origin)).status).toBe('processed');
      // The first mail read again under another UID is still the same mail.
      expect((await judge.receive(eml({ from: 'ann@players.example', messageId: '<first@players.example>' }, 'LIST'), { ...origin, uid: 8 })).status).toBe(
        'duplicate',
      );

      expect(await inbound('<first@players.example>')).toEqual([
        { outcome: 'processed', from_address: 'ann@players.example', game_id: null, mailbox: 'INBOX', uidvalidity: '1795270473', uid: '7' },
      ]);
      expect(await inbound('<second@players.example>')).toEqual([
        { outcome: 'processed', from_address: 'bob@players.example', game_id: null, mailbox: null, uidvalidity: null, uid: null },
      ]);
      const replies = (await outbox()).filter((m) => m.to_addresses.includes('ann@players.example') || m.to_addresses.includes('bob@players.example'));
      expect(replies.map((m) => m.to_addresses)).toEqual([['ann@players.example'], ['bob@players.example']]);
    });

    it('is not stuck afterwards: the same JOIN in a new mail starts the game', async () => {
      expect((await judgeWith().receive(eml({ from: 'p7@players.example' }, 'JOIN demo pw7'))).status).toBe('processed');
      const { games, seats } = await gameState();
      expect(games).toMatchObject([{ name: 'demo', status: 'active' }]);
      expect(seats.filter((s) => s.power !== null)).toHaveLength(7);
    });
  },
  { resetBetweenTests: false },
);
