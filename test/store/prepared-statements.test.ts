import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANNED_EACH_TIME, statementNames } from '../../src/store/prepared-statements.ts';
import { databaseBackend, type TestDatabase } from '../support/databases.ts';

// Recurring statements go to PostgreSQL as named prepared statements (src/store/prepared-statements.ts),
// parsed and planned once per connection instead of at every execution.

describe('statement names', () => {
  it('names a text the second time it is seen, and keeps that name', () => {
    const names = statementNames();
    expect(names.nameFor('select $1')).toBeUndefined();
    const name = names.nameFor('select $1');
    expect(name).toMatch(/^dipjudge_\d+$/);
    expect(names.nameFor('select $1')).toBe(name);
    expect(names.nameFor('select $1, $2')).toBeUndefined();
    expect(names.nameFor('select $1, $2')).not.toBe(name);
  });

  it('never names a text that asks to be planned each time', () => {
    const names = statementNames();
    const claim = `${PLANNED_EACH_TIME} SELECT id FROM inbound_queue LIMIT $1`;
    for (let n = 0; n < 5; n++) expect(names.nameFor(claim)).toBeUndefined();
  });

  it('names at most 500 texts', () => {
    const names = statementNames();
    for (let n = 0; n < 600; n++) {
      names.nameFor(`select ${n}`);
      names.nameFor(`select ${n}`);
    }
    expect(names.nameFor('select 499')).toMatch(/^dipjudge_/);
    expect(names.nameFor('select 500')).toBeUndefined();
  });
});

describe('prepared statements [postgres]', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await databaseBackend('postgres').open();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('prepares a recurring statement with parameters on the connection and gives the same rows', async () => {
    const rows = await database.store.db.connection().execute(async (db) => {
      const answers: unknown[] = [];
      for (let n = 1; n <= 3; n++) answers.push((await sql<{ answer: number }>`SELECT ${n}::integer + 1 AS answer`.execute(db)).rows[0]!.answer);
      for (let n = 1; n <= 3; n++) await sql`SELECT 1 AS once`.execute(db);
      for (let n = 1; n <= 3; n++) await sql`${sql.raw(PLANNED_EACH_TIME)} SELECT ${n}::integer AS fresh`.execute(db);
      const prepared = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements ORDER BY statement`.execute(db);
      return { answers, prepared: prepared.rows.map((row) => row.statement) };
    });
    expect(rows.answers).toEqual([2, 3, 4]);
    // Named from its second execution on; a text without parameters never is.
    expect(rows.prepared).toContain('SELECT $1::integer + 1 AS answer');
    expect(rows.prepared).not.toContain('SELECT 1 AS once');
    expect(rows.prepared.filter((text) => text.includes('AS fresh'))).toEqual([]);
  });
});
