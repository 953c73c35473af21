import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { keptQuery } from '../../src/store/kept-query.ts';
import { jsonb } from '../../src/store/schema.ts';
import { describeEachDatabase } from '../support/databases.ts';

// A read built and compiled once (src/store/kept-query.ts): each call must run with its own
// values, on whichever connection or transaction it is given, and a query that does not take an
// argument as a parameter of its own must fail at once rather than send the stand-in.

describeEachDatabase('a kept query', (getStore) => {
  const namesFrom = keptQuery((db, first: string, count: number) =>
    db.selectFrom('judge_state').select(['key', 'value']).where('key', '>=', first).orderBy('key').limit(count),
  );

  it('runs with each call its own values, in a transaction as outside one', async () => {
    const { db } = getStore();
    await db
      .insertInto('judge_state')
      .values(['a', 'b', 'c', 'd'].map((key) => ({ key, value: jsonb(`value ${key}`) })))
      .execute();
    expect((await namesFrom(db, 'b', 2)).map((row) => row.key)).toEqual(['b', 'c']);
    expect((await namesFrom(db, 'a', 1)).map((row) => row.key)).toEqual(['a']);
    const inTransaction = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('judge_state')
        .values({ key: 'bb', value: jsonb('only in here') })
        .execute();
      return namesFrom(trx, 'b', 3);
    });
    expect(inTransaction.map((row) => row.key)).toEqual(['b', 'bb', 'c']);
    expect((await namesFrom(db, 'c', 5)).map((row) => row.value)).toEqual(['value c', 'value d']);
  });

  it('refuses an argument that is not a parameter of the query of its own', async () => {
    const { db } = getStore();
    const inArray = keptQuery((kdb, key: string) =>
      kdb
        .selectFrom('judge_state')
        .select('key')
        .where(sql<boolean>`key = ANY(${sql.val([key])})`),
    );
    await expect(inArray(db, 'a')).rejects.toThrow(/argument 0 is not a parameter/);
  });
});
