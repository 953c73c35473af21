import { sql, type Kysely } from 'kysely';
import { jsonb, type Database } from '../store/index.ts';
import { toCursor, type ImapCursorStore } from './imap-cursor.ts';

// The IMAP cursor in the judge_state key/value table, e.g. key `imap:INBOX`, value
// `{"uidvalidity":"1795270473","lastUid":"7"}` (strings, like every int8 the store returns).
// The write is a single autocommit upsert: the cursor only saves work, and losing the last
// write to a crash just replays one message, which the judge recognises by its Message-ID.

export function judgeStateCursorStore(db: Kysely<Database>): ImapCursorStore {
  return {
    async get(key) {
      const row = await db.selectFrom('judge_state').select('value').where('key', '=', key).executeTakeFirst();
      return row ? toCursor(row.value) : null;
    },
    async set(key, cursor) {
      const value = jsonb({ uidvalidity: cursor.uidvalidity, lastUid: String(cursor.lastUid) });
      await db
        .insertInto('judge_state')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: sql`now()` }))
        .execute();
    },
  };
}
