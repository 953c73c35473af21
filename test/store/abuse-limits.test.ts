import { expect, it } from 'vitest';
import { MAX_PRESS_PER_HOUR, MAX_PRESS_PER_MAIL } from '../../src/judge/mail/mail-work.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { inboundMail, startHarnessGame } from '../support/judge-harness.ts';

// What the limits against hostile mail keep in the store (issue 25, sql/025), on PGlite and
// PostgreSQL: wrong passwords counted per seat and per address across mails (each mail its own
// transaction), and an address's press of the last hour. The rules themselves are tested in memory
// (test/judge/password-guessing.test.ts, test/judge/mail-caps.test.ts).

describeEachDatabase('limits against hostile mail, stored', (getStore) => {
  const db = () => getStore().db;

  async function demo() {
    const store = createJudgeStore(db(), { messageIdDomain: 'judge.example' });
    const game = await startHarnessGame(store);
    const france = await db().selectFrom('seats').select(['id', 'address']).where('power', '=', 'FRANCE').executeTakeFirstOrThrow();
    const signon = `SIGNON Fdemo pw${france.address.slice(1, 2)}`;
    const reply = async (from: string, text: string) => {
      const before = await db()
        .selectFrom('outbox')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      await game.judge.receive(inboundMail(from, text));
      const row = await db()
        .selectFrom('outbox')
        .select('body')
        .where('kind', '=', 'reply')
        .where('id', '>', before?.id ?? '0')
        .orderBy('id')
        .executeTakeFirst();
      return row?.body ?? '';
    };
    return { france, signon, reply };
  }

  it('keeps wrong passwords per seat and per address across mails, and refuses the right one while locked', async () => {
    const { france, signon, reply } = await demo();
    for (let i = 0; i < 5; i++) expect(await reply(`guesser${i}@evil.example`, `SIGNON Fdemo guess${i}`)).toMatch(/Invalid game, power or password/);
    const seatRow = await db().selectFrom('seat_password_failures').selectAll().executeTakeFirstOrThrow();
    expect(seatRow).toMatchObject({ seat_id: france.id, failures: 5 });
    expect(seatRow.locked_until!.getTime() - seatRow.last_failure_at.getTime()).toBe(60_000);
    const addressRows = await db().selectFrom('address_password_failures').select(['address', 'failures', 'locked_until']).orderBy('address').execute();
    expect(addressRows).toEqual(Array.from({ length: 5 }, (_, i) => ({ address: `guesser${i}@evil.example`, failures: 1, locked_until: null })));
    expect(await reply('someone@evil.example', signon)).toMatch(/Too many wrong passwords were tried for this power or from your address lately/);
    // France's own player is not locked out of France.
    expect(await reply(france.address, `${signon}\nSET WAIT`)).toMatch(/Wait flag set/);
  });

  it("counts an address's press of the last hour in every mail", async () => {
    const { france, signon, reply } = await demo();
    const broadcasts = (from: number) => Array.from({ length: MAX_PRESS_PER_MAIL }, (_, i) => `BROADCAST\nnews ${from + i}\nENDPRESS`);
    for (let mail = 0; mail < MAX_PRESS_PER_HOUR / MAX_PRESS_PER_MAIL; mail++)
      expect(await reply(france.address, [signon, ...broadcasts(mail * 10)].join('\n'))).not.toMatch(/not sent/);
    expect(
      Number(
        (
          await db()
            .selectFrom('press')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(MAX_PRESS_PER_HOUR);
    expect(await reply(france.address, [signon, 'BROADCAST\none more\nENDPRESS'].join('\n'))).toContain(
      'Line 2 was not sent: at most 30 press messages are sent from one address per hour.',
    );
  });
});
