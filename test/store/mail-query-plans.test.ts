import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { SPRING_1901_ORDERS, startGame, TEST_JUDGE } from '../judge/game-fixture.ts';
import { eml } from '../judge/mail-builder.ts';
import { cloneGames } from '../support/clone-games.ts';
import { databaseBackend, type TestDatabase } from '../support/databases.ts';

// A mail's cost must not grow with the number of games on the judge (issue 16). Timings say
// nothing at this scale, so this checks the two things that decide it: every statement a mail
// runs can be answered from indexes (EXPLAIN with sequential scans priced out finds no Seq Scan
// of a table that grows with games, players or mail), and the number of statements a mail runs
// is the same with 1 game as with 40. bench:mail --games 10000 measures the real thing.
// PostgreSQL only: the plans are PostgreSQL's (PGlite runs the same SQL on one connection).

/** Tables that grow with the judge: a statement may read them only through an index. */
const GROWING = ['games', 'seats', 'seat_stints', 'phases', 'orders', 'jobs', 'inbound_mail', 'outbox', 'press', 'absences'];

interface Statement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/** Where the statements sent through pg go while a capture runs. */
let recording: Statement[] | null = null;

// Patched before any connection is made: the store's pool binds each client's query when it
// connects (src/store/prepared-statements.ts), so a patch made later would see nothing, and
// recurring statements go as { text, values, name }.
{
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args as [unknown, unknown];
    if (recording !== null && typeof first === 'string') recording.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (recording !== null && typeof first === 'object' && first !== null && typeof (first as { text?: unknown }).text === 'string') {
      const named = first as { text: string; values?: unknown[] };
      recording.push({ text: named.text, values: named.values ?? [] });
    }
    return original.apply(this, args);
  };
}

/** Every statement sent through pg while `work` runs. */
async function capture(work: () => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  recording = statements;
  try {
    await work();
  } finally {
    recording = null;
  }
  return statements;
}

/** Whole-table (or whole-index) reads of growing tables left in the statement's plan when they are priced out. */
async function seqScans(client: pg.Client, statement: Statement, plan: 'custom' | 'generic' = 'custom'): Promise<string[]> {
  await client.query('BEGIN');
  try {
    // Priced out: reading a whole table, and joins that read a whole side (a merge or hash join
    // would also read an index end to end); what is left is the plan by index lookups, if any.
    await client.query('SET LOCAL enable_seqscan = off');
    await client.query('SET LOCAL enable_mergejoin = off');
    await client.query('SET LOCAL enable_hashjoin = off');
    const rows =
      plan === 'custom'
        ? (await client.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${statement.text}`, [...statement.values])).rows
        : await genericPlan(client, statement);
    const found: string[] = [];
    const walk = (node: Record<string, unknown>) => {
      const table = String(node['Relation Name']);
      if (node['Node Type'] === 'Seq Scan' && GROWING.includes(table)) found.push(`Seq Scan on ${table}`);
      // An index read from end to end is no better than the table.
      if (/Index/.test(String(node['Node Type'])) && GROWING.includes(table) && node['Index Cond'] === undefined)
        found.push(`whole index ${String(node['Index Name'])} of ${table}`);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk((rows[0]!['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan);
    return found;
  } finally {
    await client.query('ROLLBACK');
    await client.query('DEALLOCATE ALL');
  }
}

/**
 * The plan PostgreSQL keeps for a named statement (src/store/prepared-statements.ts) once a generic
 * one costs no more than the custom plans: planned without the values, so it must not fall back
 * to reading a growing table for want of knowing which game or address is asked for.
 */
async function genericPlan(client: pg.Client, statement: Statement): Promise<{ 'QUERY PLAN': unknown }[]> {
  await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
  // PREPARE outlives the transaction it runs in: seqScans deallocates it after the rollback.
  await client.query(`PREPARE generic_plan_under_test AS ${statement.text}`);
  // EXECUTE takes no bind parameters: the values go as literals, written as pg would send them.
  const { prepareValue } = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils;
  const literals = statement.values.map((value) => {
    const prepared = prepareValue(value);
    return prepared === null || prepared === undefined ? 'NULL' : client.escapeLiteral(String(prepared));
  });
  return (await client.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) EXECUTE generic_plan_under_test(${literals.join(', ')})`)).rows;
}

const isPlanned = (s: Statement) => /^\s*(select|insert|update|delete|with)\b/i.test(s.text);

describe('what a mail costs does not grow with the games [postgres]', () => {
  let database: TestDatabase | null = null;
  let client: pg.Client | null = null;
  let judge: MailJudge | null = null;
  let sent = 0;

  beforeAll(async () => {
    database = await databaseBackend('postgres').open();
    client = new pg.Client({ connectionString: database.databaseUrl! });
    await client.connect();
    const game = await startGame(database.store.db, '', () => new Date('2026-01-05T12:00:00Z'), { timing: 'njudge' });
    await game.as('FRANCE', SPRING_1901_ORDERS.FRANCE!.join('\n'));
    judge = new MailJudge(createJudgeStore(database.store.db, { messageIdDomain: 'judge.example' }), TEST_JUDGE, () => 0.5);
  });
  afterAll(async () => {
    await client?.end();
    await database?.dispose();
  });

  /** The statements of one mail of each kind a player sends all day. */
  async function mails(): Promise<Record<string, Statement[]>> {
    const result: Record<string, Statement[]> = {};
    const bodies: Record<string, string> = {
      LIST: 'LIST',
      'LIST game': 'LIST demo',
      HELP: 'HELP',
      'GET DEDICATION': 'GET DEDICATION',
      'INFO PLAYER': 'INFO PLAYER p2@players.example',
      // The trigram index finds the games holding the words (sql/019_game_search.sql).
      SEARCH: 'SEARCH demo-c12 standard',
      'SIGNON + orders': `SIGNON Gdemo pw4\n${SPRING_1901_ORDERS.GERMANY!.join('\n')}`,
    };
    for (const [kind, body] of Object.entries(bodies)) {
      const from = kind === 'SIGNON + orders' ? 'p4@players.example' : `reader${++sent}@players.example`;
      result[kind] = await capture(() => judge!.receive(eml({ from, messageId: `<plan-${++sent}@players.example>` }, body)));
    }
    return result;
  }

  it('every statement of LIST, LIST game, HELP, GET DEDICATION, INFO PLAYER, SEARCH and orders runs from indexes, in its custom and its generic plan, and as many with 40 games as with 1', async () => {
    const seats = await database!.store.db.selectFrom('seats').select('address').where('role', '=', 'power').execute();
    expect(seats.map((s) => s.address)).toContain('p4@players.example');
    const withOne = await mails();
    await cloneGames(database!.databaseUrl!, { template: 'demo', copies: 39 });
    // Forming games too, so LIST has more than it may show.
    await database!.store.db.updateTable('games').set({ status: 'forming' }).where('name', 'like', 'demo-c1%').execute();
    const withForty = await mails();
    for (const [kind, statements] of Object.entries(withForty)) {
      expect(statements.length, kind).toBe(withOne[kind]!.length);
      // The capture sees the mail's statements (it once saw none, and so checked nothing).
      expect(statements.filter(isPlanned).length, kind).toBeGreaterThan(1);
      for (const statement of statements.filter(isPlanned)) {
        expect({ kind, statement: statement.text.slice(0, 160), seqScans: await seqScans(client!, statement) }).toEqual({
          kind,
          statement: statement.text.slice(0, 160),
          seqScans: [],
        });
        if (statement.values.length > 0) {
          expect({ kind, generic: statement.text.slice(0, 160), seqScans: await seqScans(client!, statement, 'generic') }).toEqual({
            kind,
            generic: statement.text.slice(0, 160),
            seqScans: [],
          });
        }
      }
    }
  });

  it('LIST shows the games taking players, 50 at most, and says when there are more', async () => {
    const db = database!.store.db;
    await cloneGames(database!.databaseUrl!, { template: 'demo', copies: 60, prefix: 'open' });
    await db.updateTable('games').set({ status: 'forming' }).where('name', 'like', 'open-%').execute();
    await judge!.receive(eml({ from: 'lister@players.example', messageId: '<list-many@players.example>' }, 'LIST'));
    const reply = await db.selectFrom('outbox').select('body').where(sql<boolean>`'lister@players.example' = ANY(to_addresses)`).executeTakeFirstOrThrow();
    expect(reply.body).toMatch(/Games on this judge taking players/);
    expect(reply.body.match(/^ {2}(demo|open)-c\S+ +Standard +forming/gm)).toHaveLength(50);
    expect(reply.body).toMatch(/only the first 50 by name are shown/);
    expect(reply.body).not.toMatch(/^ {2}demo +Standard +active/m);
  });
});
