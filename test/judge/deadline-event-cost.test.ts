import { queuedDrawing } from '../../src/judge/reports/map-pictures.ts';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onScheduledGameEvent } from '../../src/judge/kinds/events.ts';
import { runDueJobs } from '../../src/store/job-queue.ts';
import { gameEventOf, judgeTransaction } from '../../src/store/judge-store.ts';
import { databaseBackend, type TestDatabase } from '../support/databases.ts';
import { SPRING_1901_ORDERS, startGame, TEST_JUDGE } from './game-fixture.ts';

// What one deadline costs the scheduler, counted in SQL statements (a figure the machine's load does
// not change): a deadline storm runs this for every game due at the same minute (issue 16,
// bench:deadlines). The turn is processed and its results queued; the map picture is left to the
// outbox sender, not drawn in the job's transaction. One backend suffices (the statements are the same on
// both); PostgreSQL opens faster than PGlite.

const START = new Date('2026-01-05T12:00:00Z');
/**
 * Claim, done mark with the game's lock, savepoint, and the turn: 11 since issue 35 (27 before issue 16's
 * first step: phase and orders read twice, the game read back; 23 before its second: the phase's snapshot
 * read in two statements of its own, the deadline's jobs inserted one by one, the seats read again for
 * further addresses; 19 before its third: the game's new phase and its deadline written in two updates;
 * 16 before issue 35: the game locked again by the handler, the seats read again for further addresses,
 * and the new phase's deadline, the game's jobs' cancelling and the old phase's punctuality each written
 * by a statement of its own: store/combined-writes.ts). In a batch the claim and the done mark are shared.
 */
const MOST_STATEMENTS = 11;

let database: TestDatabase;
beforeAll(async () => {
  database = await databaseBackend('postgres').open();
});
afterAll(async () => {
  await database.dispose();
});

it('a deadline that processes a turn costs at most a fixed number of statements and draws no picture', async () => {
  const db = database.store.db;
  const game = await startGame(db, '', () => START, { timing: 'njudge' });
  for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) await game.as(power, orders.join('\n'));
  const deadline = (await db.selectFrom('jobs').select('due_at').where('kind', '=', 'deadline').where('done_at', 'is', null).executeTakeFirstOrThrow()).due_at;
  // Only the deadline is left due: the early processing and reminders are other events.
  await db.deleteFrom('jobs').where('kind', '<>', 'deadline').execute();
  await db.deleteFrom('outbox').execute();
  const now = new Date(deadline.getTime() + 60_000);

  const statements: string[] = [];
  const counting: KyselyPlugin = {
    transformQuery(args) {
      statements.push(args.node.kind);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const result = await runDueJobs(db.withPlugin(counting), {
    now: () => now,
    workerId: 'cost',
    limit: 1,
    handle: async (trx, job) => {
      const event = gameEventOf(job);
      if (event !== null) await onScheduledGameEvent(judgeTransaction(trx, { messageIdDomain: 'judge.example' }), TEST_JUDGE, event, now);
    },
  });
  expect(result).toEqual({ done: 1, failed: 0 });
  expect((await db.selectFrom('games').select('current_phase').executeTakeFirstOrThrow()).current_phase).toBe('F1901M');
  const results = await db.selectFrom('outbox').selectAll().where('kind', '=', 'results').execute();
  expect(results).toHaveLength(1);
  expect(results[0]!.attachments[0]).toMatchObject({ contentType: 'image/png', content: '' });
  expect(queuedDrawing(results[0]!.attachments[0]!.draw!)?.svg).toMatch(/^<svg/);
  // The new phase's deadline and reminders are scheduled as before.
  const open = await sql<{ kind: string }>`SELECT kind FROM jobs WHERE done_at IS NULL ORDER BY kind`.execute(db);
  expect(open.rows.map((r) => r.kind)).toEqual(['deadline', 'reminder']);
  expect(statements.length).toBeLessThanOrEqual(MOST_STATEMENTS);
});
