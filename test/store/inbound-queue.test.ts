import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InboundMail } from '../../src/judge/mail/inbound-mail.ts';
import { orderKeys } from '../../src/judge/mail/mail-order.ts';
import { openStore, type Store } from '../../src/store/index.ts';
import { failedQueuedAttempt, judgeQueued, queueInbound, queuedInboundCount, type ClaimedInbound } from '../../src/store/inbound-queue.ts';
import { databaseBackend, type TestDatabase } from '../support/databases.ts';
import { mailAddress } from '../../src/judge/model.ts';
import { sql } from 'kysely';

// The queue of recorded mail (sql/017) as two `serve` processes use it: a second pool on the same
// PostgreSQL claims while the first holds its claim. A mail is claimed only when no earlier mail
// shares an order key with it, held rows stay invisible to the other claimer, and what a claim
// judged leaves the queue with its transaction.

const DOMAIN = 'judge.example';

// The statements sent while `capturing` is set. Installed before any connection is made: the
// store's connections bind pg's query when they connect (src/store/prepared-statements.ts).
let capturing: { text: string; values: unknown[] }[] | null = null;
{
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: unknown; values?: unknown } | undefined;
    const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : null;
    const values = typeof first === 'string' ? args[1] : first?.values;
    if (capturing !== null && text !== null) capturing.push({ text, values: Array.isArray(values) ? values : [] });
    return original.apply(this, args);
  };
}

function mail(id: string, from: string, text: string): InboundMail {
  return {
    id,
    messageId: id,
    from: mailAddress(from),
    replyAddress: mailAddress(from),
    subject: '',
    references: [],
    text,
    sizeBytes: text.length,
    noReplyReason: null,
  };
}

const queued = (m: InboundMail, uid: number) => ({
  messageId: m.id,
  mail: m,
  unreadable: null,
  raw: Buffer.from(m.text),
  origin: { mailbox: 'INBOX', uidvalidity: '1', uid },
  orderKeys: orderKeys(m),
});

/** Claims, then waits for `release` before committing: the claim is held meanwhile. */
function holdClaim(db: Store['db'], limit: number, release: Promise<void>, failed: readonly string[] = []) {
  let claimed: (ids: readonly string[]) => void;
  const seen = new Promise<readonly string[]>((resolve) => (claimed = resolve));
  const done = judgeQueued(db, { messageIdDomain: DOMAIN, limit }, async (_tx, mails: readonly ClaimedInbound[]) => {
    claimed(mails.map((m) => m.messageId));
    await release;
    return mails.map((m) => ({ failed: failed.includes(m.messageId) }));
  }).then((result) => {
    if (result === null) claimed([]);
    return result;
  });
  return { seen, done };
}

describe('inbound queue [postgres]', () => {
  let database: TestDatabase;
  let other: Store;
  beforeAll(async () => {
    database = await databaseBackend('postgres').open();
    other = await openStore({ databaseUrl: database.databaseUrl!, migrate: false, poolSize: 2 });
  });
  afterAll(async () => {
    await other?.close();
    await database?.dispose();
  });
  beforeEach(() => database.reset());

  it('keys a mail by its sender and the games it may change, not the games it only reads', () => {
    expect(orderKeys(mail('<a>', 'Ann@x.example', 'SIGNON Fdemo pw\nA PAR H'))).toEqual(['sender:ann@x.example', 'game:demo']);
    expect(orderKeys(mail('<b>', 'bob@x.example', 'LIST demo\nHISTORY demo\nHELP'))).toEqual(['sender:bob@x.example']);
    expect(orderKeys(mail('<c>', 'cy@x.example', 'CREATE newone pw\nFORM'))).toEqual(['sender:cy@x.example', 'game:newone']);
    expect(orderKeys({ ...mail('<d>', 'dee@x.example', 'JOIN demo pw'), replyAddress: mailAddress('list@x.example') })).toEqual([
      'sender:dee@x.example',
      'sender:list@x.example',
      'game:demo',
    ]);
  });

  it('claims only mail no earlier mail shares a key with, and hides held mail from another process', async () => {
    const { db } = database.store;
    const mails = [
      mail('<1>', 'ann@x.example', 'SIGNON Fdemo pw\nA PAR H'),
      mail('<2>', 'bob@x.example', 'HELP'),
      mail('<3>', 'ann@x.example', 'LIST'), // waits for <1>: same sender
      mail('<4>', 'cy@x.example', 'SIGNON Edemo pw\nF LON H'), // waits for <1>: same game
      mail('<5>', 'dee@x.example', 'LIST demo'), // reads demo only: free
    ];
    await queueInbound(
      db,
      mails.map((m, i) => queued(m, i + 1)),
    );
    // Recording the same mail again (a replay from the mailbox) changes nothing.
    await queueInbound(db, [queued(mails[0]!, 1)]);
    expect(await queuedInboundCount(db)).toBe(5);

    let release!: () => void;
    const first = holdClaim(db, 10, new Promise<void>((resolve) => (release = resolve)));
    expect(await first.seen).toEqual(['<1>', '<2>', '<5>']);
    // The other process finds nothing it may take while <1> is held: <3> and <4> wait for it.
    const meanwhile = await judgeQueued(other.db, { messageIdDomain: DOMAIN, limit: 10 }, async (_tx, claimed) => claimed.map(() => ({ failed: false })));
    expect(meanwhile).toBeNull();
    release();
    await first.done;
    const second = await judgeQueued(other.db, { messageIdDomain: DOMAIN, limit: 10 }, async (_tx, claimed) => claimed.map(() => ({ failed: false })));
    expect(second?.mails.map((m) => m.messageId)).toEqual(['<3>', '<4>']);
    expect(second?.mails[0]?.origin).toEqual({ mailbox: 'INBOX', uidvalidity: '1', uid: '3' });
    expect(await queuedInboundCount(db)).toBe(0);
  });

  it('leaves a claim that failed queued, keeps the bytes of failed mail, and sets aside a mail that keeps failing', async () => {
    const { db } = database.store;
    await queueInbound(db, [queued(mail('<f>', 'ann@x.example', 'HELP'), 1), queued(mail('<g>', 'bob@x.example', 'LIST'), 2)]);
    await expect(judgeQueued(db, { messageIdDomain: DOMAIN, limit: 10 }, async () => Promise.reject(new Error('judge fault')))).rejects.toThrow('judge fault');
    expect(await queuedInboundCount(db)).toBe(2);

    const done = await judgeQueued(db, { messageIdDomain: DOMAIN, limit: 10, onlyId: '1' }, async (_tx, claimed) => claimed.map(() => ({ failed: true })));
    expect(done?.mails.map((m) => m.messageId)).toEqual(['<f>']);
    const kept = await db.selectFrom('failed_mail').select(['message_id', 'raw']).execute();
    expect(kept.map((row) => [row.message_id, row.raw.toString()])).toEqual([['<f>', 'HELP']]);

    expect(await failedQueuedAttempt(db, '2', 2)).toBe(1);
    expect(await failedQueuedAttempt(db, '2', 2)).toBeNull();
    expect(await queuedInboundCount(db)).toBe(0);
    expect((await db.selectFrom('failed_mail').select('message_id').orderBy('message_id').execute()).map((r) => r.message_id)).toEqual(['<f>', '<g>']);
  });

  it('looks up the earlier mail through the keys index even on a queue the planner knows nothing of, in the custom and the generic plan', async () => {
    // A queue never analyzed or vacuumed (a new judge, or a busy one between autovacuum runs)
    // looks nearly empty to the planner: read by the primary key from the start, the earlier rows
    // of each candidate cost as much as the queue is long, and the generic plan a connection keeps
    // for the named claim (prepared-statements.ts) stays with that choice as a burst fills the queue.
    const { db } = database.store;
    await queueInbound(db, [queued(mail('<fresh1>', 'a@x.example', 'HELP'), 1), queued(mail('<fresh2>', 'b@x.example', 'HELP'), 2)]);
    const client = new pg.Client({ connectionString: database.databaseUrl! });
    await client.connect();
    capturing = [];
    let statement: { text: string; values: unknown[] } | undefined;
    try {
      await judgeQueued(db, { messageIdDomain: DOMAIN, limit: 50 }, async (_tx, mails) => mails.map(() => ({ failed: false })));
      statement = capturing.find((st) => /FOR UPDATE OF q SKIP LOCKED/.test(st.text));
      capturing = null;
      expect(statement).toBeDefined();
      await client.query('BEGIN');
      const custom = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement!.text}`, statement!.values);
      await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
      await client.query(`PREPARE claim_under_test AS ${statement!.text}`);
      const literals = statement!.values.map((value) => client.escapeLiteral(String(value)));
      const generic = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE claim_under_test(${literals.join(', ')})`);
      for (const plan of [custom, generic]) {
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(text).toMatch(/Bitmap Index Scan on inbound_queue_keys_idx/);
        expect(text).not.toMatch(/Index Cond: \(id < q\.id\)/);
      }
    } finally {
      capturing = null;
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end();
    }
  });

  it('looks up the earlier mail sharing a key through the keys index, not by reading every earlier row', async () => {
    const { db } = database.store;
    // A backlog of 1,000 mails, every 40th also keyed by a game; 900 held by another process's claim.
    const backlog = Array.from({ length: 1000 }, (_, i) =>
      queued(mail(`<b${i}>`, `s${i}@x.example`, i % 40 === 0 ? 'SIGNON Fdemo pw\nA PAR H' : 'HELP'), i + 1),
    );
    await queueInbound(db, backlog);
    await db.executeQuery(sql`ANALYZE inbound_queue`.compile(db));
    let release!: () => void;
    const held = holdClaim(other.db, 900, new Promise<void>((resolve) => (release = resolve)));
    expect(await held.seen).toHaveLength(900);
    let claimed: readonly string[] = [];
    let statements: { text: string; values: unknown[] }[] = [];
    capturing = [];
    try {
      await judgeQueued(db, { messageIdDomain: DOMAIN, limit: 50 }, async (_tx, mails) => {
        claimed = mails.map((m) => m.messageId);
        return mails.map(() => ({ failed: false }));
      });
    } finally {
      statements = capturing.filter((st) => /FOR UPDATE OF q SKIP LOCKED/.test(st.text));
      capturing = null;
    }
    release();
    await held.done;
    // Past the held rows, and never a mail of the game, whose first mail waits in the queue.
    const heldIds = new Set(await held.seen);
    const number = (id: string) => Number(id.slice(2, -1));
    expect(claimed).toHaveLength(50);
    expect(claimed.filter((id) => heldIds.has(id))).toEqual([]);
    expect(Math.min(...claimed.map(number))).toBeGreaterThan(Math.max(...[...heldIds].map(number)));
    expect(claimed.filter((id) => number(id) % 40 === 0)).toEqual([]);
    expect(statements).toHaveLength(1);
    const client = new pg.Client({ connectionString: database.databaseUrl! });
    await client.connect();
    try {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statements[0]!.text}`, statements[0]!.values);
      expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Bitmap Index Scan on inbound_queue_keys_idx/);
    } finally {
      await client.end();
    }
  });
});
