import { sql, type Kysely } from 'kysely';
import { jsonb, type Database } from './schema.ts';

// The IMAP cursor in the judge_state key/value table, e.g. key `imap:INBOX`, value
// `{"uidvalidity":"1795270473","lastUid":"7"}` (strings, like every int8 the store returns).
// The write is a single autocommit upsert: the cursor only saves work, and losing the last
// write to a crash just replays one message, which the judge recognises by its Message-ID.

export interface ImapCursor {
  readonly uidvalidity: string;
  readonly lastUid: number;
}

/** Where the cursor survives restarts (the judge_state table in the daemon; a memory one in tests). */
export interface ImapCursorStore {
  get(key: string): Promise<ImapCursor | null>;
  set(key: string, cursor: ImapCursor): Promise<void>;
}

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

/** Reads a stored value leniently: numbers may come back as strings from JSON written by hand. */
export function toCursor(value: unknown): ImapCursor | null {
  if (typeof value !== 'object' || value === null) return null;
  const { uidvalidity, lastUid } = value as { uidvalidity?: unknown; lastUid?: unknown };
  const validity = typeof uidvalidity === 'string' || typeof uidvalidity === 'number' ? String(uidvalidity) : null;
  const last = typeof lastUid === 'number' ? lastUid : typeof lastUid === 'string' ? Number(lastUid) : NaN;
  if (validity === null || !/^\d+$/.test(validity) || !Number.isSafeInteger(last) || last < 0) return null;
  return { uidvalidity: validity, lastUid: last };
}
