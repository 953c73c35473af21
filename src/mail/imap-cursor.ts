// How far the intake has read a mailbox: the last UID it finished (handled and moved or
// marked) under one UIDVALIDITY. UIDs only mean something together with their UIDVALIDITY;
// when the server reports another one, the cursor starts again from 0.
// Both numbers are unsigned 32-bit on the wire; UIDVALIDITY is kept as a decimal string because
// imapflow gives it as a bigint and the database returns int8 as a string.

import type { ImapCursor, ImapCursorStore } from '../store/imap-cursor-store.ts';

export { toCursor, type ImapCursor, type ImapCursorStore } from '../store/imap-cursor-store.ts';

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
