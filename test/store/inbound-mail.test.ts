import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { Database } from '../../src/store/index.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { insertGame } from './fixtures.ts';

// The exactly-once pattern of mail-and-database.md §5: the dedupe row, the game change and the
// outbox row commit together, so feeding the same message twice changes nothing the second time.

interface Delivery {
  readonly messageId: string;
  readonly mailbox: string;
  readonly uidvalidity: bigint;
  readonly uid: bigint;
}

async function deliver(db: Kysely<Database>, mail: Delivery): Promise<'applied' | 'duplicate'> {
  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto('inbound_mail')
      .values({
        message_id: mail.messageId,
        mailbox: mail.mailbox,
        uidvalidity: mail.uidvalidity,
        uid: mail.uid,
        from_address: 'england@example.test',
        subject: 'orders',
      })
      // no conflict target: a clash on the Message-ID or on (mailbox, uidvalidity, uid) skips it
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!recorded) return 'duplicate';
    const game = await trx
      .updateTable('games')
      .set({ description: `last mail ${mail.messageId}` })
      .where('name', '=', 'demo')
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('outbox')
      .values({
        message_id: `<reply-${recorded.id}@judge.test>`,
        to_addresses: ['england@example.test'],
        subject: 'Re: orders',
        body: 'Orders received.',
        game_id: game.id,
        kind: 'reply',
      })
      .execute();
    await trx
      .updateTable('inbound_mail')
      .set({ outcome: 'processed', game_id: game.id })
      .where('id', '=', recorded.id)
      .execute();
    return 'applied';
  });
}

async function counts(db: Kysely<Database>) {
  const inbound = await db.selectFrom('inbound_mail').select(['message_id', 'uid', 'outcome']).orderBy('id').execute();
  const outbox = await db.selectFrom('outbox').select(['message_id', 'to_addresses', 'status']).orderBy('id').execute();
  const { version } = await db.selectFrom('games').select('version').executeTakeFirstOrThrow();
  return { inbound, outbox, version };
}

describeEachDatabase('inbound mail dedupe', (getStore) => {
  it('applies a message once however often it is fed', async () => {
    const { db } = getStore();
    await insertGame(db);
    const mail = { messageId: '<m1@example.test>', mailbox: 'INBOX', uidvalidity: 1795270473n, uid: 1n };

    expect(await deliver(db, mail)).toBe('applied');
    const afterFirst = await counts(db);
    expect(afterFirst).toEqual({
      inbound: [{ message_id: '<m1@example.test>', uid: '1', outcome: 'processed' }],
      outbox: [{ message_id: '<reply-1@judge.test>', to_addresses: ['england@example.test'], status: 'pending' }],
      version: 2,
    });

    // the same UID again (a crash before the IMAP move)
    expect(await deliver(db, mail)).toBe('duplicate');
    // the mailbox was rebuilt: new UIDVALIDITY, the message got UID 1 again
    expect(await deliver(db, { ...mail, uidvalidity: 1795270474n })).toBe('duplicate');
    // the same message copied into another folder
    expect(await deliver(db, { ...mail, mailbox: 'Processed', uid: 7n })).toBe('duplicate');
    expect(await counts(db)).toEqual(afterFirst);
  });

  it('treats a reused IMAP UID as the same message even under another Message-ID', async () => {
    const { db } = getStore();
    await insertGame(db);
    expect(await deliver(db, { messageId: '<a@example.test>', mailbox: 'INBOX', uidvalidity: 5n, uid: 10n })).toBe('applied');
    expect(await deliver(db, { messageId: '<b@example.test>', mailbox: 'INBOX', uidvalidity: 5n, uid: 10n })).toBe('duplicate');
    expect(await deliver(db, { messageId: '<b@example.test>', mailbox: 'INBOX', uidvalidity: 5n, uid: 11n })).toBe('applied');
    expect((await counts(db)).outbox).toHaveLength(2);
  });

  it('keeps mail that did not come over IMAP deduplicated by Message-ID alone', async () => {
    const { db } = getStore();
    const spool = () =>
      db
        .insertInto('inbound_mail')
        .values({ message_id: '<spool@example.test>', from_address: 'x@example.test' })
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
    expect(await spool()).toEqual({ id: '1' });
    expect(await spool()).toBeUndefined();
  });
});
