import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ReceiveOutcome } from '../../src/judge/judge.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { recordQueuedMail, startQueuedMailJudge } from '../../src/daemon/queued-mail.ts';
import { queuedInboundCount } from '../../src/store/inbound-queue.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { databaseBackend, type TestDatabase } from '../support/databases.ts';
import { TEST_JUDGE } from '../judge/game-fixture.ts';
import { eml } from '../judge/mail-builder.ts';

// The judging side of the queue (daemon/queued-mail.ts) on PostgreSQL: recorded mail is claimed
// as a group; when the judge fails on one mail of it, the group is undone and judged again one
// mail at a time, so the faulty mail alone is recorded as failed (with its one reply and its bytes
// kept for `dipjudge mail retry`) and the others go through. The fault is a real one, reached
// through the judge's random source, as in test/judge/failed-mail.test.ts: the seventh JOIN starts
// the game and draws the powers.

let database: TestDatabase;
beforeAll(async () => {
  database = await databaseBackend('postgres').open();
});
afterAll(async () => {
  await database?.dispose();
});

it('judges a claim again mail by mail when the judge fails on one, recording that one alone as failed', { timeout: 60_000 }, async () => {
  const { db } = database.store;
  const judgeWith = (random: () => number) =>
    new MailJudge(createJudgeStore(db, { messageIdDomain: 'judge.example' }), TEST_JUDGE, random, () => new Date(), { error: () => undefined });
  const healthy = judgeWith(() => 0.3);
  await healthy.receive(eml({ from: 'gm@players.example' }, 'CREATE demo gmpass\nFORM'));
  for (let i = 1; i <= 6; i++) await healthy.receive(eml({ from: `p${i}@players.example` }, `JOIN demo pw${i}`));

  const raws = [
    eml({ from: 'a@players.example', messageId: '<q-help@players.example>' }, 'HELP'),
    eml({ from: 'p7@players.example', messageId: '<q-join@players.example>' }, 'JOIN demo pw7'),
    eml({ from: 'b@players.example', messageId: '<q-list@players.example>' }, 'LIST'),
  ];
  const broken = judgeWith(() => {
    throw new Error('the random source is unavailable');
  });
  await recordQueuedMail(
    db,
    broken,
    raws.map((raw, index) => ({ raw: Buffer.from(raw), meta: { mailbox: 'INBOX', uidvalidity: '7', uid: index + 1 } })),
  );
  const outcomes: ReceiveOutcome[] = [];
  const running = startQueuedMailJudge({
    db,
    judge: broken.judge,
    messageIdDomain: 'judge.example',
    pollMs: 50,
    logger: pino({ level: 'silent' }),
    onJudged: (outcome) => outcomes.push(outcome),
  });
  try {
    for (const until = Date.now() + 30_000; outcomes.length < 3; ) {
      if (Date.now() > until) throw new Error(`judged ${outcomes.length} of 3`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await running.stop();
  }
  expect(outcomes.map((o) => [o.messageId, o.status])).toEqual([
    ['<q-help@players.example>', 'processed'],
    ['<q-join@players.example>', 'failed'],
    ['<q-list@players.example>', 'processed'],
  ]);
  expect(await queuedInboundCount(db)).toBe(0);
  const inbound = await db.selectFrom('inbound_mail').select(['message_id', 'outcome', 'uid']).where('message_id', 'like', '<q-%').orderBy('id').execute();
  expect(inbound.map((row) => [row.message_id, row.outcome, row.uid])).toEqual([
    ['<q-help@players.example>', 'processed', '1'],
    ['<q-join@players.example>', 'failed', '2'],
    ['<q-list@players.example>', 'processed', '3'],
  ]);
  // The faulty mail's bytes are kept; its JOIN did nothing: the game still forms with six players.
  const kept = await db.selectFrom('failed_mail').select(['message_id', 'raw']).execute();
  expect(kept.map((row) => [row.message_id, row.raw.toString()])).toEqual([['<q-join@players.example>', raws[1]]]);
  const game = await db.selectFrom('games').select('status').where('name', '=', 'demo').executeTakeFirstOrThrow();
  expect(game.status).toBe('forming');
  expect(await db.selectFrom('seats').select('id').where('role', '=', 'power').execute()).toHaveLength(6);
  // One reply each, the failed mail's saying the judge failed on it.
  const askers = ['a@players.example', 'p7@players.example', 'b@players.example'];
  const replies = (await db.selectFrom('outbox').select(['to_addresses', 'body']).where('kind', '=', 'reply').orderBy('id').execute()).filter((r) =>
    askers.includes(r.to_addresses[0]!),
  );
  expect(replies.map((r) => r.to_addresses[0])).toEqual(['a@players.example', 'p7@players.example', 'b@players.example']);
  expect(replies[1]!.body).not.toMatch(/You have joined/);
});

it('follows a claim that found mail with one empty claim, not one for each wake that came while it was judged', { timeout: 60_000 }, async () => {
  const { db } = database.store;
  // Observes the claims; the database underneath is the real one.
  let claims = 0;
  const observed = db.withPlugin({
    transformQuery: ({ node }) => {
      if (node.kind === 'RawNode' && node.sqlFragments.join('?').includes('FOR UPDATE OF q SKIP LOCKED')) claims += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  const reader = new MailJudge(
    createJudgeStore(db, { messageIdDomain: 'judge.example' }),
    TEST_JUDGE,
    () => 0.3,
    () => new Date(),
    { error: () => undefined },
  );
  await recordQueuedMail(db, reader, [
    {
      raw: Buffer.from(eml({ from: 'c@players.example', messageId: '<q-wakes@players.example>' }, 'LIST')),
      meta: { mailbox: 'INBOX', uidvalidity: '7', uid: 9 },
    },
  ]);
  let running: ReturnType<typeof startQueuedMailJudge> | null = null;
  // While the mail is judged the judge is woken again, as this process's own NOTIFY for the mail
  // that woke it wakes it: the claim in hand already took that mail.
  const judge = Object.create(reader.judge) as typeof reader.judge;
  judge.receiveAllIn = (tx, mails) => {
    running?.wake();
    running?.wake();
    return reader.judge.receiveAllIn(tx, mails);
  };
  const outcomes: ReceiveOutcome[] = [];
  running = startQueuedMailJudge({
    db: observed,
    judge,
    messageIdDomain: 'judge.example',
    pollMs: 60_000,
    logger: pino({ level: 'silent' }),
    onJudged: (outcome) => outcomes.push(outcome),
  });
  try {
    for (const until = Date.now() + 30_000; outcomes.length < 1; ) {
      if (Date.now() > until) throw new Error('the mail was not judged');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Time for any further claim the wakes would cause.
    await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    await running.stop();
  }
  expect(outcomes.map((o) => [o.messageId, o.status])).toEqual([['<q-wakes@players.example>', 'processed']]);
  expect(claims).toBe(2);
});
