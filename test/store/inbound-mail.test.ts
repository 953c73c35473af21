import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { Database } from '../../src/store/index.ts';
import type { InboundRecord } from '../../src/judge/ports.ts';
import { mailAddress } from '../../src/judge/model.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { insertGame } from './fixtures.ts';

// The exactly-once pattern of mail-and-database.md §5: the dedupe row, the game change and the
// outbox row commit together, so feeding the same message twice changes nothing the second time.
// The Message-ID decides what is a duplicate; the IMAP (mailbox, uidvalidity, uid) only records
// where a mail was read, since a rebuilt Dovecot index can give a UID to a different mail.

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
      // no conflict target: a clash on the Message-ID skips it (so would one on the IMAP triple:
      // the judge's store then records the mail without its origin, see below)
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
    await trx.updateTable('inbound_mail').set({ outcome: 'processed', game_id: game.id }).where('id', '=', recorded.id).execute();
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

  it('decides duplicates by Message-ID alone and keeps the IMAP origin only while it is free', async () => {
    const { db } = getStore();
    const store = createJudgeStore(db, { messageIdDomain: 'judge.test' });
    const record = async (messageId: string, uid: number) =>
      (
        await store.transaction((tx) =>
          tx.recordInbound([{ messageId, from: 'england@example.test', subject: 'orders', origin: { mailbox: 'INBOX', uidvalidity: '5', uid } }]),
        )
      )[0]!.recorded;
    expect(await record('<a@example.test>', 10)).toBe(true);
    // A Dovecot that lost its index reuses UID 10 for another mail: that mail is new all the same.
    expect(await record('<b@example.test>', 10)).toBe(true);
    expect(await record('<b@example.test>', 11)).toBe(false);
    expect(await record('<a@example.test>', 12)).toBe(false);
    const rows = await db.selectFrom('inbound_mail').select(['message_id', 'mailbox', 'uidvalidity', 'uid']).orderBy('id').execute();
    expect(rows).toEqual([
      { message_id: '<a@example.test>', mailbox: 'INBOX', uidvalidity: '5', uid: '10' },
      { message_id: '<b@example.test>', mailbox: null, uidvalidity: null, uid: null },
    ]);
  });

  it('records mail without an origin, and an origin given later to the same Message-ID changes nothing', async () => {
    const { db } = getStore();
    const store = createJudgeStore(db, { messageIdDomain: 'judge.test' });
    const record = async (mail: InboundRecord) => (await store.transaction((tx) => tx.recordInbound([mail])))[0]!.recorded;
    expect(await record({ messageId: '<s@example.test>', from: 'x@example.test', subject: '' })).toBe(true);
    expect(await record({ messageId: '<s@example.test>', from: 'x@example.test', subject: '', origin: { mailbox: 'INBOX', uidvalidity: 1n, uid: 1n } })).toBe(
      false,
    );
    expect(await db.selectFrom('inbound_mail').select(['message_id', 'uid']).execute()).toEqual([{ message_id: '<s@example.test>', uid: null }]);
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

  it('records many mails in one call: each Message-ID once, origins while free, and each sender counted in order', async () => {
    const { db } = getStore();
    const store = createJudgeStore(db, { messageIdDomain: 'judge.test' });
    const inbox = (uid: number) => ({ mailbox: 'INBOX', uidvalidity: '9', uid });
    await store.transaction((tx) => tx.recordInbound([{ messageId: '<old@example.test>', from: 'a@example.test', subject: 'earlier', origin: inbox(1) }]));
    const results = await store.transaction((tx) =>
      tx.recordInbound([
        { messageId: '<old@example.test>', from: 'a@example.test', subject: 'replayed', origin: inbox(2) },
        { messageId: '<n1@example.test>', from: 'a@example.test', subject: 'new', origin: inbox(3) },
        { messageId: '<n2@example.test>', from: 'b@example.test', subject: 'new', origin: inbox(1) }, // a reused UID
        { messageId: '<n1@example.test>', from: 'a@example.test', subject: 'the same mail twice in one call', origin: inbox(4) },
        { messageId: '<n3@example.test>', from: 'a@example.test', subject: 'new' },
      ]),
    );
    expect(results).toEqual([
      { recorded: false, fromSenderThisHour: 1 },
      { recorded: true, fromSenderThisHour: 2 },
      { recorded: true, fromSenderThisHour: 1 },
      { recorded: false, fromSenderThisHour: 2 },
      { recorded: true, fromSenderThisHour: 3 },
    ]);
    const rows = await db.selectFrom('inbound_mail').select(['message_id', 'uid']).orderBy('id').execute();
    expect(rows).toEqual([
      { message_id: '<old@example.test>', uid: '1' },
      { message_id: '<n1@example.test>', uid: '3' },
      { message_id: '<n3@example.test>', uid: null },
      { message_id: '<n2@example.test>', uid: null },
    ]);
  });

  it('writes queued mail and outcomes at commit, in order, and drops those of a rolled-back savepoint', async () => {
    const { db } = getStore();
    const store = createJudgeStore(db, { messageIdDomain: 'judge.test' });
    const mail = (subject: string) => ({
      to: [mailAddress('x@example.test')],
      subject,
      body: `${subject}\n`,
      headers: { 'In-Reply-To': '<m@example.test>' },
      kind: 'reply',
    });
    await store.transaction(async (tx) => {
      await tx.recordInbound([{ messageId: '<m@example.test>', from: 'x@example.test', subject: 'orders' }]);
      await tx.apply([{ kind: 'enqueueMail', args: [mail('first')] }]);
      await expect(
        tx.nested(async () => {
          await tx.apply([{ kind: 'enqueueMail', args: [mail('undone')] }]);
          throw new Error('the block fails');
        }),
      ).rejects.toThrow('the block fails');
      await tx.nested(() => tx.apply([{ kind: 'enqueueMail', args: [mail('second')] }]));
      await tx.apply([{ kind: 'markInbound', args: ['<m@example.test>', 'processed', null] }]);
    });
    const queued = await db.selectFrom('outbox').select(['subject', 'to_addresses', 'headers', 'body', 'status']).orderBy('id').execute();
    expect(queued).toEqual([
      { subject: 'first', to_addresses: ['x@example.test'], headers: { 'In-Reply-To': '<m@example.test>' }, body: 'first\n', status: 'pending' },
      { subject: 'second', to_addresses: ['x@example.test'], headers: { 'In-Reply-To': '<m@example.test>' }, body: 'second\n', status: 'pending' },
    ]);
    expect(await db.selectFrom('inbound_mail').select(['message_id', 'outcome']).execute()).toEqual([{ message_id: '<m@example.test>', outcome: 'processed' }]);
  });

  it('writes text with a lone surrogate (from a mail in a broken charset) as U+FFFD, as a text parameter would', async () => {
    const { db } = getStore();
    const store = createJudgeStore(db, { messageIdDomain: 'judge.test' });
    await store.transaction((tx) =>
      tx.apply([{ kind: 'enqueueMail', args: [{ to: [mailAddress('x@example.test')], subject: 'Re: \ud800', body: 'press: a\udc00b\n', kind: 'reply' }] }]),
    );
    expect(await db.selectFrom('outbox').select(['subject', 'body']).execute()).toEqual([{ subject: 'Re: \ufffd', body: 'press: a\ufffdb\n' }]);
  });
});
