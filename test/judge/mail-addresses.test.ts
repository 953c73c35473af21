import type { PowerId } from '../../src/engine/types.ts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readAddressRequest, stopNotices } from '../../src/judge/mail/mail-addresses.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { addressToken, countRecipients } from '../../src/store/mail-address-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { SPRING_1901_ORDERS, startGame, TEST_JUDGE } from './game-fixture.ts';
import { eml } from './mail-builder.ts';
import { gameName } from '../support/names.ts';
import { mailAddress } from '../../src/judge/model.ts';

// The judge never becomes a way to mail strangers (issue 10): SET ADDRESS waits for a code
// mailed to the new address, STOP <token> stops all mail to an address and tells the Master,
// a valid password lifts the stop.

describe('reading a mail about an address', () => {
  const token = 'abcdefghijkmnpqrst23';
  it.each([
    [
      { subject: `STOP ${token}`, text: '' },
      { kind: 'stop', token },
    ],
    [
      { subject: `Re: unsubscribe ${token.toUpperCase()}`, text: 'sent from my phone' },
      { kind: 'stop', token },
    ],
    [
      { subject: 'anything', text: `\n  stop ${token}\nthanks` },
      { kind: 'stop', token },
    ],
    [
      { subject: 'Re: DIP:demo confirm address ABCDE23456', text: '> quoted mail' },
      { kind: 'confirm', code: 'ABCDE23456' },
    ],
    [
      { subject: 'yes', text: 'ok\n> CONFIRM ADDRESS abcde23456\n' },
      { kind: 'confirm', code: 'ABCDE23456' },
    ],
    [{ subject: 'STOP', text: 'please stop\n-- \nAnn' }, { kind: 'bare-stop' }],
    [{ subject: 'Re: DIP:demo - S1901M Results', text: 'STOP' }, { kind: 'bare-stop' }],
  ])('%j is %j', (mail, request) => {
    expect(readAddressRequest(mail)).toEqual(request);
  });

  it.each([
    { subject: 'orders', text: 'SIGNON Fdemo pw\nA Par - Bur' },
    { subject: 'stop the war', text: 'PRESS TO ALL\nstop\nENDPRESS' },
    { subject: 'STOP short', text: '' },
  ])('leaves %j to the commands', (mail) => {
    expect(readAddressRequest(mail)).toBeNull();
  });

  it("tells a game's Master, not the Master's own seats", () => {
    const notices = stopNotices(TEST_JUDGE, mailAddress('ann@players.example'), [
      { gameId: 1, gameName: gameName('demo'), role: 'power', power: 'FRANCE', masterAddress: mailAddress('gm@players.example') },
      { gameId: 2, gameName: gameName('other'), role: 'master', power: null, masterAddress: mailAddress('ann@players.example') },
      { gameId: 3, gameName: gameName('lone'), role: 'observer', power: null, masterAddress: null },
    ]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ to: ['gm@players.example'], subject: 'DIP:demo Address stopped', gameId: 1 });
    expect(notices[0]!.body).toContain("The player of FRANCE in game 'demo' asked this judge to send no more mail");
  });
});

describeWithDatabase('mail to addresses', (getStore) => {
  const db = () => getStore().db;
  const lastTo = async (address: string) =>
    db()
      .selectFrom('outbox')
      .select(['subject', 'body', 'kind', 'to_addresses'])
      .where(sql<boolean>`${address} = ANY(to_addresses)`)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  const seatAddress = async (power: PowerId) => (await db().selectFrom('seats').select('address').where('power', '=', power).executeTakeFirstOrThrow()).address;

  it('moves mail to a new address only when the code mailed there comes back from it; STOP stops it, a password lifts the stop', async () => {
    let now = new Date('2026-11-21T12:00:00Z');
    const game = await startGame(db(), 'VARIANT standard', () => now);
    const france = game.holder.get('FRANCE')!;

    // SET ADDRESS: nothing moves yet; the new address gets a code, the player hears so.
    const asked = await game.as('FRANCE', 'SET ADDRESS new.france@elsewhere.example');
    expect(asked).toContain('A code was mailed to new.france@elsewhere.example');
    expect(asked).toContain(`Until then it still goes to ${france.address}`);
    expect(await seatAddress('FRANCE')).toBe(france.address);
    const codeMail = (await lastTo('new.france@elsewhere.example'))!;
    expect(codeMail.kind).toBe('confirm-address');
    expect(codeMail.body).not.toContain('FRANCE'); // a stranger learns no power
    const code = /CONFIRM ADDRESS ([A-Z0-9]{10})/.exec(codeMail.body)![1]!;
    expect(codeMail.subject).toBe(`DIP:demo confirm address ${code}`);

    // The code from anywhere else does nothing (a forger who saw it cannot use it for another address).
    const judge = new MailJudge(
      createJudgeStore(db(), { messageIdDomain: 'judge.example' }),
      TEST_JUDGE,
      () => 0.3,
      () => now,
    );
    await judge.receive(eml({ from: 'forger@spoof.example', subject: `CONFIRM ADDRESS ${code}` }, ''));
    expect((await lastTo('forger@spoof.example'))!.body).toContain(`No address change for forger@spoof.example waits for the code ${code}`);
    expect(await seatAddress('FRANCE')).toBe(france.address);

    // The reply from the new address, quoting the judge's mail, moves the seat.
    await judge.receive(
      eml({ from: 'New.France@elsewhere.example', subject: `Re: ${codeMail.subject}` }, `yes, that was me\n\n> ${codeMail.body.split('\n').join('\n> ')}`),
    );
    expect((await lastTo('new.france@elsewhere.example'))!.body).toContain("Mail for you in game 'demo' now goes to new.france@elsewhere.example.");
    expect(await seatAddress('FRANCE')).toBe('new.france@elsewhere.example');
    // Used once.
    await judge.receive(eml({ from: 'new.france@elsewhere.example', subject: `CONFIRM ADDRESS ${code}` }, ''));
    expect((await lastTo('new.france@elsewhere.example'))!.body).toMatch(/^No address change/);

    // A second SET ADDRESS replaces the first; an old code is refused after seven days.
    await game.as('GERMANY', 'SET ADDRESS g2@elsewhere.example');
    const oldCode = /CONFIRM ADDRESS ([A-Z0-9]{10})/.exec((await lastTo('g2@elsewhere.example'))!.body)![1]!;
    now = new Date('2026-11-29T12:00:00Z');
    await judge.receive(eml({ from: 'g2@elsewhere.example', subject: `CONFIRM ADDRESS ${oldCode}` }, ''));
    expect((await lastTo('g2@elsewhere.example'))!.body).toMatch(/^No address change/);
    expect(await seatAddress('GERMANY')).not.toBe('g2@elsewhere.example');

    // STOP with the address's token, from wherever: the address is stopped, unanswered, and the Master is told.
    const token = await addressToken(db(), 'new.france@elsewhere.example');
    const before = (await db().selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    expect(await judge.receive(eml({ from: 'someone@elsewhere.example', subject: `STOP ${token}` }, ''))).toMatchObject({
      status: 'ignored',
      reason: 'STOP: mail to new.france@elsewhere.example is stopped',
    });
    const queued = await db().selectFrom('outbox').select(['to_addresses', 'body']).orderBy('id').offset(before).execute();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.to_addresses).toEqual(['gm@players.example']);
    expect(queued[0]!.body).toContain("The player of FRANCE in game 'demo' asked this judge to send no more mail to their address.");
    const stopped = await db()
      .selectFrom('mail_addresses')
      .select(['stopped_at', 'proven_at'])
      .where('address', '=', 'new.france@elsewhere.example')
      .executeTakeFirstOrThrow();
    expect(stopped.stopped_at).not.toBeNull();
    // A second STOP tells nobody again; an unknown token gets one line saying so.
    await judge.receive(eml({ from: 'someone@elsewhere.example', subject: `STOP ${token}` }, ''));
    await judge.receive(eml({ from: 'someone@elsewhere.example', subject: 'STOP zzzzzzzzzzzzzzzzzzzz' }, ''));
    const after = await db()
      .selectFrom('outbox')
      .select(['to_addresses', 'body'])
      .orderBy('id')
      .offset(before + 1)
      .execute();
    expect(after).toHaveLength(1);
    expect(after[0]!.body).toMatch(/is not one this judge gave out, so nothing was stopped/);

    // The sender sees the stop: nothing goes to a stopped address.
    const states = await countRecipients(db(), ['new.france@elsewhere.example', 'gm@players.example'], now);
    expect(states.get('new.france@elsewhere.example')).toMatchObject({ stopped: true, token });
    expect(states.get('gm@players.example')).toMatchObject({ stopped: false });

    // Writing again with the password lifts the stop and proves the address.
    await judge.receive(eml({ from: 'new.france@elsewhere.example' }, `SIGNON Fdemo ${france.password}\nA Par - Bur`));
    const lifted = await db()
      .selectFrom('mail_addresses')
      .select(['stopped_at', 'proven_at'])
      .where('address', '=', 'new.france@elsewhere.example')
      .executeTakeFirstOrThrow();
    expect(lifted.stopped_at).toBeNull();
    expect(lifted.proven_at).not.toBeNull();
  });

  it("SET ADDRESS a,b (njudge): each new address confirms its own code, then gets a copy of the seat's game mail; gunboat LIST shows neither; a new holder takes none", async () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const game = await startGame(db(), 'RULES GUNBOAT', () => now);
    const judge = new MailJudge(
      createJudgeStore(db(), { messageIdDomain: 'judge.example' }),
      TEST_JUDGE,
      () => 0.3,
      () => now,
    );
    const france = game.holder.get('FRANCE')!;
    const [home, work] = ['fr.home@a.example', 'fr.work@b.example'];
    const extras = async () =>
      (await db().selectFrom('seats').select('extra_addresses').where('power', '=', 'FRANCE').executeTakeFirstOrThrow()).extra_addresses;
    const codeFor = async (address: string) => /CONFIRM ADDRESS ([A-Z0-9]{10})/.exec((await lastTo(address))!.body)![1]!;

    const asked = await game.as('FRANCE', `SET ADDRESS ${home}, ${work}`);
    expect(asked).toContain(`A code was mailed to each of ${home} and ${work}.`);
    expect(asked).toContain(`Until then it still goes to ${france.address}.`);
    expect(asked).not.toMatch(/error|nothing in it was done/i);
    const [homeCode, workCode] = [await codeFor(home), await codeFor(work)];
    expect(homeCode).not.toBe(workCode);
    // One address's code does nothing for the other.
    await judge.receive(eml({ from: work, subject: `CONFIRM ADDRESS ${homeCode}` }, ''));
    expect((await lastTo(work))!.body).toMatch(/^No address change/);
    expect(await seatAddress('FRANCE')).toBe(france.address);

    // The first confirmed address replaces the old one; the second joins it, in the order listed.
    await judge.receive(eml({ from: work, subject: `Re: DIP:demo confirm address ${workCode}` }, 'yes'));
    expect((await lastTo(work))!.body).toBe(`Mail for you in game 'demo' now goes to ${work}.\n`);
    expect(await seatAddress('FRANCE')).toBe(work);
    await judge.receive(eml({ from: home, subject: `CONFIRM ADDRESS ${homeCode}` }, ''));
    expect((await lastTo(home))!.body).toBe(`Mail for you in game 'demo' now goes to ${home} and ${work}.\n`);
    expect(await seatAddress('FRANCE')).toBe(home);
    expect(await extras()).toEqual([work]);

    // Results, notices and press go to both; the reply to a mail goes to whoever wrote it.
    for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) await game.as(power, orders.join('\n'));
    const results = await db().selectFrom('outbox').select('to_addresses').where('kind', '=', 'results').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(results.to_addresses).toEqual(expect.arrayContaining([home, work]));
    expect(results.to_addresses).not.toContain(france.address);
    const reply = await db().selectFrom('outbox').select('to_addresses').where('kind', '=', 'reply').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(reply.to_addresses).toHaveLength(1);

    // A gunboat game shows no address of the player, first or further, to anyone.
    await judge.receive(eml({ from: 'curious@players.example' }, 'LIST demo'));
    const list = (await lastTo('curious@players.example'))!.body;
    expect(list).toContain("Game 'demo'");
    expect(list).not.toMatch(/fr\.home|fr\.work/);

    // Listing only addresses the seat has changes at once, with no code.
    const narrowed = await game.as('FRANCE', `SET ADDRESS ${work}`);
    expect(narrowed).toContain(`Mail for you in game 'demo' now goes to ${work}.\n`);
    expect(narrowed).toContain(`It no longer goes to ${home}.`);
    expect(narrowed).not.toContain('code');
    expect(await seatAddress('FRANCE')).toBe(work);
    expect(await extras()).toEqual([]);

    // A further address waiting for its code, then the power handed to someone else: the code is void.
    await game.as('FRANCE', `SET ADDRESS ${work},${home}`);
    const waiting = await codeFor(home);
    await game.as('FRANCE', 'RESIGN');
    await judge.receive(eml({ from: 'newcomer@players.example' }, `TAKEOVER Fdemo newpw`));
    expect(await seatAddress('FRANCE')).toBe('newcomer@players.example');
    await judge.receive(eml({ from: home, subject: `CONFIRM ADDRESS ${waiting}` }, ''));
    expect((await lastTo(home))!.body).toMatch(/^No address change/);
    expect(await extras()).toEqual([]);
  });

  it("tells the Master when a seat's further address (SET ADDRESS a,b) sends STOP, stops only that address, and names every address at the game's end", async () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const game = await startGame(db(), 'VARIANT standard', () => now);
    const judge = new MailJudge(
      createJudgeStore(db(), { messageIdDomain: 'judge.example' }),
      TEST_JUDGE,
      () => 0.3,
      () => now,
    );
    const [home, work] = ['de.home@a.example', 'de.work@b.example'];
    await game.as('GERMANY', `SET ADDRESS ${home}, ${work}`);
    for (const address of [home, work]) {
      const code = /CONFIRM ADDRESS ([A-Z0-9]{10})/.exec((await lastTo(address))!.body)![1]!;
      await judge.receive(eml({ from: address, subject: `CONFIRM ADDRESS ${code}` }, ''));
    }
    expect(await seatAddress('GERMANY')).toBe(home);
    const token = await addressToken(db(), work);
    const before = (await db().selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    expect(await judge.receive(eml({ from: 'someone@elsewhere.example', subject: `STOP ${token}` }, ''))).toMatchObject({
      status: 'ignored',
      reason: `STOP: mail to ${work} is stopped`,
    });
    const queued = await db().selectFrom('outbox').select(['to_addresses', 'subject', 'body']).orderBy('id').offset(before).execute();
    expect(queued).toEqual([
      {
        to_addresses: ['gm@players.example'],
        subject: 'DIP:demo Address stopped',
        body: expect.stringContaining("The player of GERMANY in game 'demo' asked this judge to send no more mail to their address."),
      },
    ]);
    const states = await countRecipients(db(), [home, work], now);
    expect(states.get(work)).toMatchObject({ stopped: true });
    expect(states.get(home)).toMatchObject({ stopped: false });

    // Where the game shows its players (the end of a game that is not gunboat or NO_REVEAL), the seat is every address it has.
    await judge.receive(eml({ from: 'gm@players.example' }, 'SIGNON Mdemo gmpass\nGAME HAS ENDED'));
    const over = await db().selectFrom('outbox').select('body').where('kind', '=', 'notice').where('subject', 'like', '%Game over').executeTakeFirstOrThrow();
    expect(over.body).toMatch(new RegExp(`^ {2}Germany +${home.replace(/\./g, '\\.')}, ${work.replace(/\./g, '\\.')}$`, 'm'));
    expect(over.body).toMatch(new RegExp(`^ {2}France +${game.holder.get('FRANCE')!.address.replace(/\./g, '\\.')}$`, 'm'));
  });

  it('mails no code to an address that asked to stop, and says so instead of "a code was mailed"', async () => {
    const game = await startGame(db(), 'VARIANT standard');
    const judge = new MailJudge(createJudgeStore(db(), { messageIdDomain: 'judge.example' }), TEST_JUDGE, () => 0.3);
    const [stopped, fresh] = ['stopped@elsewhere.example', 'fresh@elsewhere.example'];
    await judge.receive(eml({ from: 'someone@elsewhere.example', subject: `STOP ${await addressToken(db(), stopped)}` }, ''));
    const germany = await seatAddress('GERMANY');

    const alone = await game.as('GERMANY', `SET ADDRESS ${stopped}`);
    expect(alone).toContain(`No code was mailed to ${stopped}: that address has asked this judge to stop all mail.`);
    expect(alone).toContain(`Mail for you in game 'demo' still goes to ${germany}.`);
    expect(alone).not.toMatch(/A code was mailed/);
    expect(await lastTo(stopped)).toBeUndefined();

    const both = await game.as('GERMANY', `SET ADDRESS ${fresh}, ${stopped}`);
    expect(both).toContain(`No code was mailed to ${stopped}`);
    expect(both).toContain(`A code was mailed to ${fresh}.`);
    expect((await lastTo(fresh))?.kind).toBe('confirm-address');
    expect(await lastTo(stopped)).toBeUndefined();
    expect(await seatAddress('GERMANY')).toBe(germany);
  });

  it('leaves a stopped address out of mail as it is queued, so nothing that could never be sent piles up in the outbox', async () => {
    const game = await startGame(db(), 'VARIANT standard');
    const france = game.holder.get('FRANCE')!;
    const token = await addressToken(db(), france.address);
    const judge = new MailJudge(createJudgeStore(db(), { messageIdDomain: 'judge.example' }), TEST_JUDGE, () => 0.3);
    await judge.receive(eml({ from: 'someone@elsewhere.example', subject: `STOP ${token}` }, ''));
    const queuedAfter = async (id: string) => db().selectFrom('outbox').select(['to_addresses', 'kind']).where('id', '>', id).orderBy('id').execute();
    const lastId = async () =>
      (
        await db()
          .selectFrom('outbox')
          .select((eb) => eb.fn.max('id').as('max'))
          .executeTakeFirstOrThrow()
      ).max ?? '0';

    // Press to everyone: the others get it, the stopped address is not on the row.
    let before = await lastId();
    await game.as('ITALY', 'BROADCAST\nGreetings, all.\nENDPRESS');
    const press = (await queuedAfter(before)).filter((row) => row.kind !== 'reply');
    expect(press.length).toBeGreaterThan(0);
    for (const row of press) expect(row.to_addresses).not.toContain(france.address);
    expect(press.flatMap((row) => row.to_addresses)).toContain(game.holder.get('ENGLAND')!.address);
    // Press to the stopped address alone, and its own mail without a password: nothing is queued for it.
    before = await lastId();
    expect(await game.as('ITALY', 'PRESS TO FRANCE\nHello from Rome.\nENDPRESS')).toMatch(/France|FRANCE/);
    await judge.receive(eml({ from: france.address }, 'LIST'));
    expect((await queuedAfter(before)).filter((row) => row.to_addresses.includes(france.address))).toEqual([]);
    // Once it writes with its password the stop is lifted, and that very mail is answered.
    before = await lastId();
    await judge.receive(eml({ from: france.address }, `SIGNON Fdemo ${france.password}\nLIST`));
    expect(await queuedAfter(before)).toEqual([{ to_addresses: [france.address], kind: 'reply' }]);
  });

  it("drops mail whose From fails DMARC at the judge's own server when told to, and takes a pass as proof", async () => {
    const judge = new MailJudge(createJudgeStore(db(), { messageIdDomain: 'judge.example' }), {
      ...TEST_JUDGE,
      authservId: 'mx.judge.example',
      refuseFailedSenderAuth: true,
    });
    const results = (verdict: string) => ({
      'Authentication-Results': `mx.judge.example; spf=pass smtp.mailfrom=players.example; dmarc=${verdict} header.from=players.example`,
    });
    expect(await judge.receive(eml({ from: 'forged@players.example', headers: results('fail') }, 'JOIN demo secretpw'))).toMatchObject({
      status: 'ignored',
      reason: "its From failed DMARC/SPF at the judge's mail server",
    });
    expect(await lastTo('forged@players.example')).toBeUndefined();
    // A header naming another server is the sender's own words: not read.
    expect(
      (await judge.receive(eml({ from: 'other@players.example', headers: { 'Authentication-Results': 'mx.judge.example.evil; dmarc=fail' } }, 'LIST'))).status,
    ).toBe('processed');
    expect((await judge.receive(eml({ from: 'real@players.example', headers: results('pass') }, 'LIST'))).status).toBe('processed');
    const proven = await db().selectFrom('mail_addresses').select(['address', 'proven_at']).where('proven_at', 'is not', null).execute();
    expect(proven.map((row) => row.address)).toEqual(['real@players.example']);
  });

  it('answers a bare STOP with how to stop, changing nothing', async () => {
    const judge = new MailJudge(createJudgeStore(db(), { messageIdDomain: 'judge.example' }), TEST_JUDGE);
    await judge.receive(eml({ from: 'ann@players.example', subject: 'STOP' }, 'please'));
    expect((await lastTo('ann@players.example'))!.body).toContain(
      'To stop all mail from this judge to ann@players.example, send the STOP line printed at the end of this mail',
    );
    expect(await db().selectFrom('mail_addresses').selectAll().where('stopped_at', 'is not', null).execute()).toEqual([]);
  });
});
