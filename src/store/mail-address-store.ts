import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { mailAddress, storedGameName, type MailAddress } from '../judge/model.ts';
import type { AddressSeat, PendingAddressChange } from '../judge/ports.ts';
import type { Database } from './schema.ts';

// The addresses the judge writes to (sql/014): each one's unsubscribe token, whether it asked to
// stop, whether it ever proved itself, and how many mails it got today; and SET ADDRESS changes
// waiting for the new address to send its code back. Used by the judge's transaction
// (judge-store.ts) and by the outbox's senders (outbox-queue.ts).

/** A new unsubscribe token: 20 letters and digits (about 100 bits), lower case so it survives any mail program. */
export function newAddressToken(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return [...randomBytes(20)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * Which of an address's daily counts a mail goes on (issue 25): replies to mails, or game mail
 * (results, notices, press …), each capped apart for an unproven address, so forged mail, which
 * only ever gets replies, cannot use up the day of a player's results.
 */
export type DailyCount = 'replies' | 'game';

/** The daily count an outbox row of this kind goes on. */
export function dailyCountOf(kind: string | null): DailyCount {
  return kind === 'reply' ? 'replies' : 'game';
}

/** What the sender may do with one recipient of one message. */
export interface RecipientState {
  readonly address: string;
  readonly token: string;
  readonly stopped: boolean;
  readonly proven: boolean;
  /** Mails of the message's daily count sent to the address today, this one included when it was counted. */
  readonly sentToday: number;
}

/** One mail of a sender's round, as its recipients are checked. */
export interface RecipientCheck {
  readonly addresses: readonly string[];
  /** Whether the mail goes on its recipients' day: only on its first attempt, so a retry is not charged twice. */
  readonly count: boolean;
  readonly daily: DailyCount;
}

/**
 * Counts one more mail today on `daily` to each address (lower case, each once) and returns their
 * states; an address seen for the first time gets its token. Stopped addresses are not counted
 * (nothing goes to them).
 */
export async function countRecipients(
  db: Kysely<Database>,
  addresses: readonly string[],
  now: Date,
  daily: DailyCount = 'game',
): Promise<Map<string, RecipientState>> {
  const [states] = await checkRecipients(db, [{ addresses, count: true, daily }], now);
  return states!;
}

/**
 * The states of the recipients of each of a round's mails, one map per mail, in one statement.
 * The mails are taken in the order given, as if each were checked after the one before it: a
 * counted mail adds to its recipients' day (on its own `daily`) before the next one is read, so
 * with a cap of 3 the fourth mail of a round to one stranger sees 4. An address first met on a
 * mail that is not counted (a retry) gets its token by being counted, as it would have alone.
 * Stopped addresses are not counted, though their day is set as a count would.
 */
export async function checkRecipients(db: Kysely<Database>, mails: readonly RecipientCheck[], now: Date): Promise<Map<string, RecipientState>[]> {
  const entries = mails.flatMap((mail, order) =>
    [...new Set(mail.addresses.map((a) => a.toLowerCase()))].map((address) => ({
      order,
      address,
      replies: mail.daily === 'replies' ? 1 : 0,
      counted: mail.count ? 1 : 0,
    })),
  );
  const states = mails.map(() => new Map<string, RecipientState>());
  if (entries.length === 0) return states;
  const day = now.toISOString().slice(0, 10);
  const tokens = new Map<string, string>();
  for (const { address } of entries) if (!tokens.has(address)) tokens.set(address, newAddressToken());
  // `known` and the read of untouched addresses see the table as it was before the statement;
  // the INSERT's RETURNING sees it after. Rows are upserted in address order, so two senders
  // locking the same addresses take them in the same order.
  const { rows } = await sql<{ ord: number; address: string; token: string; stopped: boolean; proven: boolean; sent_today: string | number }>`
    WITH entry AS (
      SELECT * FROM unnest(${entries.map((e) => e.order)}::int[], ${entries.map((e) => e.address)}::text[], ${entries.map((e) => e.replies)}::int[],
        ${entries.map((e) => e.counted)}::int[], ${entries.map((e) => tokens.get(e.address)!)}::text[]) AS e(ord, address, replies, counted, token)
    ),
    known AS (
      SELECT m.address, m.token, m.stopped_at, m.proven_at, m.day, m.day_count, m.game_day_count FROM mail_addresses m WHERE m.address IN (SELECT address FROM entry)
    ),
    charged AS (
      SELECT e.ord, e.address, e.replies, e.token, k.day AS day_before,
        CASE WHEN e.counted = 1 OR (k.address IS NULL AND e.ord = min(e.ord) OVER (PARTITION BY e.address)) THEN 1 ELSE 0 END AS charged
      FROM entry e LEFT JOIN known k ON k.address = e.address
    ),
    added AS (
      SELECT address, min(token) AS token, sum(charged * replies)::int AS replies, sum(charged * (1 - replies))::int AS game
      FROM charged GROUP BY address HAVING sum(charged) > 0
    ),
    counted AS (
      INSERT INTO mail_addresses AS m (address, token, day, day_count, game_day_count)
      SELECT address, token, ${day}, replies, game FROM added ORDER BY address
      ON CONFLICT (address) DO UPDATE
        SET day = excluded.day,
            day_count = CASE WHEN m.stopped_at IS NOT NULL THEN m.day_count WHEN m.day = excluded.day THEN m.day_count + excluded.day_count ELSE excluded.day_count END,
            game_day_count = CASE WHEN m.stopped_at IS NOT NULL THEN m.game_day_count WHEN m.day = excluded.day THEN m.game_day_count + excluded.game_day_count ELSE excluded.game_day_count END
      RETURNING m.address, m.token, m.stopped_at, m.proven_at, m.day, m.day_count, m.game_day_count
    ),
    after AS (
      SELECT * FROM counted
      UNION ALL
      SELECT * FROM known WHERE address NOT IN (SELECT address FROM counted)
    )
    SELECT c.ord, c.address, a.token, a.stopped_at IS NOT NULL AS stopped, a.proven_at IS NOT NULL AS proven,
      CASE
        -- Not counted, so as it was read: its count, once a count of this round or before set its day to today.
        WHEN a.stopped_at IS NOT NULL THEN
          CASE WHEN c.day_before = ${day} OR sum(c.charged) OVER (PARTITION BY c.address ORDER BY c.ord) > 0
            THEN CASE WHEN c.replies = 1 THEN a.day_count ELSE a.game_day_count END ELSE 0 END
        -- The day's count after the round, less the round's mails after this one.
        ELSE (CASE WHEN a.day = ${day} THEN CASE WHEN c.replies = 1 THEN a.day_count ELSE a.game_day_count END ELSE 0 END)
          - sum(c.charged) OVER (PARTITION BY c.address, c.replies)
          + sum(c.charged) OVER (PARTITION BY c.address, c.replies ORDER BY c.ord)
      END AS sent_today
    FROM charged c JOIN after a ON a.address = c.address`.execute(db);
  for (const row of rows) {
    states[row.ord]!.set(row.address, {
      address: row.address,
      token: row.token,
      stopped: row.stopped,
      proven: row.proven,
      sentToday: Number(row.sent_today),
    });
  }
  return states;
}

/** The address's token (made on first use), e.g. for a reply telling how to stop. */
export async function addressToken(db: Kysely<Database>, address: string): Promise<string> {
  const lower = address.toLowerCase();
  await db
    .insertInto('mail_addresses')
    .values({ address: lower, token: newAddressToken() })
    .onConflict((oc) => oc.column('address').doNothing())
    .execute();
  const row = await db.selectFrom('mail_addresses').select('token').where('address', '=', lower).executeTakeFirstOrThrow();
  return row.token;
}

/** Marks the address proven and lifts a stop; returns whether it had been stopped. */
export async function markAddressProven(db: Kysely<Database>, address: string, at: Date): Promise<boolean> {
  const lower = address.toLowerCase();
  const { rows } = await sql<{ was_stopped: boolean }>`
    INSERT INTO mail_addresses AS m (address, token, proven_at) VALUES (${lower}, ${newAddressToken()}, ${at})
    ON CONFLICT (address) DO UPDATE SET proven_at = coalesce(m.proven_at, ${at}), stopped_at = NULL
    RETURNING (SELECT stopped_at IS NOT NULL FROM mail_addresses WHERE address = ${lower}) AS was_stopped`.execute(db);
  return rows[0]?.was_stopped === true;
}

/** Which of the addresses (lower case) asked to stop all mail. */
export async function stoppedAddresses(db: Kysely<Database>, addresses: readonly MailAddress[]): Promise<MailAddress[]> {
  if (addresses.length === 0) return [];
  const rows = await db
    .selectFrom('mail_addresses')
    .select('address')
    .where(
      'address',
      'in',
      addresses.map((a) => a.toLowerCase()),
    )
    .where('stopped_at', 'is not', null)
    .execute();
  return rows.map((row) => mailAddress(row.address));
}

/** Stops mail to the address holding `token`; returns the address, or null for an unknown token. */
export async function stopAddress(db: Kysely<Database>, token: string, at: Date): Promise<{ readonly address: MailAddress; readonly already: boolean } | null> {
  const before = await db.selectFrom('mail_addresses').select(['address', 'stopped_at']).where('token', '=', token.toLowerCase()).executeTakeFirst();
  if (!before) return null;
  if (before.stopped_at === null) await db.updateTable('mail_addresses').set({ stopped_at: at }).where('address', '=', before.address).execute();
  return { address: mailAddress(before.address), already: before.stopped_at !== null };
}

/** The seats the address holds (as first or extra address) in games not over, with the game's Master (for the notice of a stop). */
export async function seatsAtAddress(db: Kysely<Database>, address: string): Promise<AddressSeat[]> {
  const rows = await db
    .selectFrom('seats')
    .innerJoin('games', 'games.id', 'seats.game_id')
    .leftJoin('seats as master', (join) => join.onRef('master.game_id', '=', 'seats.game_id').on('master.role', '=', 'master').on('master.left_at', 'is', null))
    .select(['games.id as gameId', 'games.name as gameName', 'seats.role', 'seats.power', 'master.address as masterAddress'])
    // A seat's extra addresses (SET ADDRESS a,b) are kept lower-case, as the first is compared.
    .where(sql<boolean>`(lower(seats.address) = ${address.toLowerCase()} OR ${address.toLowerCase()} = ANY(seats.extra_addresses))`)
    .where('seats.left_at', 'is', null)
    .where('games.status', 'not in', ['completed'])
    .orderBy('games.name')
    .execute();
  return rows.map((row) => ({
    gameId: row.gameId,
    gameName: storedGameName(row.gameName),
    role: row.role,
    power: row.power,
    masterAddress: row.masterAddress ? mailAddress(row.masterAddress) : null,
  }));
}

/** Keeps one SET ADDRESS per seat: its new addresses replace whatever the seat had waiting. */
export async function requestAddressChanges(db: Kysely<Database>, seatId: number, changes: readonly PendingAddressChange[], at: Date): Promise<void> {
  await db.deleteFrom('address_changes').where('seat_id', '=', seatId).execute();
  if (changes.length === 0) return;
  await db
    .insertInto('address_changes')
    .values(
      changes.map((change) => ({
        code: change.code,
        seat_id: seatId,
        address: change.address.toLowerCase(),
        addresses: change.addresses.map((a) => a.toLowerCase()),
        requested_at: at,
      })),
    )
    .execute();
}

/** Takes the pending change with this code to this address (it is used up), if it is younger than `notBefore`. */
export async function takeAddressChange(
  db: Kysely<Database>,
  code: string,
  address: string,
  notBefore: Date,
): Promise<(PendingAddressChange & { readonly gameId: number }) | null> {
  const row = await db
    .deleteFrom('address_changes')
    .using('seats')
    .whereRef('seats.id', '=', 'address_changes.seat_id')
    .where('address_changes.code', '=', code.toUpperCase())
    .where('address_changes.address', '=', address.toLowerCase())
    .returning(['address_changes.seat_id', 'address_changes.address', 'address_changes.addresses', 'address_changes.requested_at', 'seats.game_id'])
    .executeTakeFirst();
  if (!row || row.requested_at < notBefore) return null;
  return {
    code: code.toUpperCase(),
    seatId: row.seat_id,
    address: mailAddress(row.address),
    addresses: (row.addresses ?? [row.address]).map(mailAddress),
    gameId: row.game_id,
  };
}
