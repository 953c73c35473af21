import { expect, it } from 'vitest';
import { withoutMarks } from '../../src/render/wrap.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { inboundMail, startHarnessGame } from '../support/judge-harness.ts';

// Issue 29: njudge's DIARY by mail, kept in the store (sql/028) on PGlite and PostgreSQL: entries
// numbered per player (a deleted latest number is used again, as on njudge), listed, read and
// deleted by their writer alone, and sent to everyone, power by power, when the game ends.

const GM = 'gm@players.example';

describeEachDatabase('DIARY', (getStore) => {
  const db = () => getStore().db;

  async function demo() {
    const store = createJudgeStore(db(), { messageIdDomain: 'judge.example' });
    const game = await startHarnessGame(store);
    const seat = async (power: 'FRANCE' | 'ENGLAND' | 'ITALY') =>
      db().selectFrom('seats').select(['id', 'address']).where('power', '=', power).executeTakeFirstOrThrow();
    const lastId = async () =>
      (
        await db()
          .selectFrom('outbox')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? '0';
    const send = async (from: string, text: string) => {
      const before = await lastId();
      await game.judge.receive(inboundMail(from, text));
      const mails = await db().selectFrom('outbox').selectAll().where('id', '>', before).orderBy('id').execute();
      return { reply: withoutMarks(mails.find((m) => m.kind === 'reply' && m.to_addresses.includes(from))?.body ?? ''), mails };
    };
    const as = async (power: 'FRANCE' | 'ENGLAND', lines: string) => {
      const { address } = await seat(power);
      return send(address, `SIGNON ${power[0]}demo pw${address.slice(1, 2)}\n${lines}`);
    };
    return { send, as, seat };
  }

  it('records, lists, reads and deletes entries, and sends the diaries to everyone when the game ends', async () => {
    const { send, as, seat } = await demo();
    expect((await as('FRANCE', 'DIARY\nEngland looks weak.\nENDPRESS')).reply).toMatch(
      /Diary entry 1 recorded in game 'demo'; your diary goes to everyone in the game when it ends\./,
    );
    expect((await as('FRANCE', 'DIARY RECORD\nGermany promised Belgium.\nENDPRESS\nDIARY RECORD\nA third thought.\nENDPRESS')).reply).toMatch(
      /Diary entry 2 recorded[\s\S]*Diary entry 3 recorded/,
    );
    expect((await as('ENGLAND', 'DIARY\nFrance is too quiet.\nENDPRESS')).reply).toMatch(/Diary entry 1 recorded/);
    const list = (await as('FRANCE', 'DIARY LIST')).reply;
    expect(list).toMatch(/Your diary entries in game 'demo':\n\s+1 {2}\w{3} \d+ \w{3} \d{4} \d\d:\d\d {2}England looks weak\./);
    expect(list).not.toContain('France is too quiet');
    expect((await as('FRANCE', 'DIARY READ 2')).reply).toMatch(/Diary entry 2 in game 'demo', written .*:\n\nGermany promised Belgium\./);
    // The latest number deleted is free again; an earlier one leaves a hole.
    expect((await as('FRANCE', 'DIARY DELETE 3')).reply).toMatch(/Diary entry 3 deleted from your diary in game 'demo'\./);
    expect((await as('FRANCE', 'DIARY\nThird again.\nENDPRESS')).reply).toMatch(/Diary entry 3 recorded/);
    expect((await as('FRANCE', 'DIARY DELETE 1')).reply).toMatch(/Diary entry 1 deleted/);
    expect((await as('FRANCE', 'DIARY READ 1')).reply).toMatch(/your diary in game 'demo' has no entry 1 \(DIARY LIST shows them\)/);
    expect((await as('FRANCE', 'DIARY READ')).reply).toMatch(/DIARY READ needs the number of an entry/);
    expect((await as('FRANCE', 'DIARY SHOW 2')).reply).toMatch(/DIARY SHOW 2: write DIARY \[RECORD\], DIARY LIST, DIARY READ n or DIARY DELETE n/);
    expect((await send(GM, 'SIGNON Mdemo gmpass\nDIARY LIST')).reply).toMatch(/DIARY is for the game's players/);
    expect((await send('someone@else.example', 'DIARY LIST')).reply).toMatch(/DIARY needs a SIGNON first/);
    const ended = await send(GM, 'SIGNON Mdemo gmpass\nGAME HAS ENDED');
    const diaries = ended.mails.filter((m) => m.kind === 'notice' && m.subject.endsWith('Diaries'));
    const { address: italy } = await seat('ITALY');
    const copy = diaries.find((m) => m.to_addresses.includes(italy))!;
    expect(copy.body).toMatch(
      /^The diaries kept in game 'demo', now that it is over:\n\nEngland, entry 1 \(.*\):\n\nFrance is too quiet\.\n\nFrance, entry 2 \(.*\):\n\nGermany promised Belgium\.\n\nFrance, entry 3 \(.*\):\n\nThird again\.\n?$/,
    );
    expect(diaries.some((m) => m.to_addresses.includes(GM))).toBe(true);
    expect((await as('FRANCE', 'DIARY LIST')).reply).toMatch(/game 'demo' is over: its diaries have been sent/);
  });
});
