// How far the intake has read a mailbox: the last UID it finished (handled and moved or
// marked) under one UIDVALIDITY. UIDs only mean something together with their UIDVALIDITY;
// when the server reports another one, the cursor starts again from 0.
// Both numbers are unsigned 32-bit on the wire; UIDVALIDITY is kept as a decimal string because
// imapflow gives it as a bigint and the database returns int8 as a string.

export interface ImapCursor {
  readonly uidvalidity: string;
  readonly lastUid: number;
}

/** Where the cursor survives restarts (the judge_state table in the daemon). */
export interface ImapCursorStore {
  get(key: string): Promise<ImapCursor | null>;
  set(key: string, cursor: ImapCursor): Promise<void>;
}

/** A cursor store that forgets on restart. Safe, since processed mail leaves the mailbox. */
export function memoryCursorStore(): ImapCursorStore {
  const cursors = new Map<string, ImapCursor>();
  return {
    get: async (key) => cursors.get(key) ?? null,
    set: async (key, cursor) => {
      cursors.set(key, cursor);
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
