import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMailboxLeadership, type MailboxLeadership } from '../../src/store/mailbox-leader.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts';

// The mailbox lock on its own, in one process against the real PostgreSQL: contenders stand in
// for `serve` processes, and what they would do with the mailbox is counted.

const RETRY_MS = 100;
let scratch: ScratchDatabase;
let admin: pg.Client;
beforeAll(async () => {
  scratch = await createScratchDatabase('dipjudge_lock');
  admin = new pg.Client({ connectionString: scratch.url });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await scratch?.drop();
});

interface Contender {
  readonly leadership: MailboxLeadership;
  readonly events: string[];
  readonly messages: string[];
}

function contend(name: string, databaseUrl = scratch.url): Contender {
  const events: string[] = [];
  const messages: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void messages.push(String(JSON.parse(line).msg)) });
  const leadership = startMailboxLeadership({
    databaseUrl,
    workerId: name,
    retryMs: RETRY_MS,
    logger,
    lead: () => void events.push('lead'),
    standDown: async () => void events.push('stand down'),
  });
  return { leadership, events, messages };
}

async function eventually(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

it('lets one contender lead, hands over when it stops, and stands a leader down when its connection is cut', { timeout: 20_000 }, async () => {
  const a = contend('a');
  await eventually(() => a.leadership.isLeader(), 'a leads');
  const b = contend('b');
  await eventually(() => b.messages.includes('standing by: another process reads the mailbox'), 'b stands by');
  await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 3));
  expect(b.leadership.isLeader()).toBe(false);
  expect(b.events).toEqual([]);

  // Cut a's lock connection from outside: a stops reading; one of them leads again.
  await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', ['dipjudge mailbox a']);
  await eventually(() => a.events.includes('stand down'), 'a stands down');
  await eventually(() => a.leadership.isLeader() !== b.leadership.isLeader(), 'exactly one leads');
  const [leader, standby] = a.leadership.isLeader() ? [a, b] : [b, a];

  // A stopped leader frees the lock at once; the standby takes it at its next try.
  await leader.leadership.stop();
  expect(leader.events.at(-1)).toBe('stand down');
  await eventually(() => standby.leadership.isLeader(), 'the standby leads', RETRY_MS * 20);
  expect(standby.events.at(-1)).toBe('lead');
  await standby.leadership.stop();
  expect(standby.events.at(-1)).toBe('stand down');
  const { rows } = await admin.query(`SELECT count(*)::int AS n FROM pg_locks
     WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
  expect(rows[0].n).toBe(0);
});

it('never leads while PostgreSQL is unreachable, says so once, and stops promptly', { timeout: 20_000 }, async () => {
  const unreachable = new URL(scratch.url);
  unreachable.port = '1'; // nothing listens there: connection refused
  const c = contend('c', unreachable.toString());
  await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 5));
  expect(c.leadership.isLeader()).toBe(false);
  expect(c.events).toEqual([]);
  expect(c.messages.filter((msg) => msg === 'cannot reach PostgreSQL for the mailbox lock; trying again')).toHaveLength(1);
  const started = Date.now();
  await c.leadership.stop();
  expect(Date.now() - started).toBeLessThan(2_000);
});
