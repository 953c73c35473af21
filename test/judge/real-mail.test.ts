import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeWithDatabase } from '../support/databases.ts';
import { appleMail, gmail, htmlOnlyWebmail, outlook, thunderbird } from './client-mails.ts';
import { startGame, type StartedGame } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// Orders sent from ordinary mail clients: whatever the client adds (the quoted judge reply under
// its attribution line, Outlook's header block, "Sent from my iPhone", a sign-off) must not cost
// the player their orders, while a wrong order is still refused.

describeWithDatabase('mail as players really write it', (getStore) => {
  const db = () => getStore().db;
  const franceOrders = async () => (await db().selectFrom('orders').select('lines').where('power', '=', 'FRANCE').executeTakeFirst())?.lines ?? null;
  const replyTo = async (address: string) =>
    await db()
      .selectFrom('outbox')
      .select(['body', 'subject'])
      .where('kind', '=', 'reply')
      .where(sql<boolean>`${address} = ANY(to_addresses)`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const send = async (game: StartedGame, build: (from: string, typed: string) => string, typed: string) => {
    const { address, password } = game.holder.get('FRANCE')!;
    await game.judge.receive(build(address, typed.replace('PW', password)));
    return replyTo(address);
  };
  const ORDERS = 'SIGNON Fdemo PW\nA Par - Bur\nA Mar S A Par - Bur\nF Bre - Mao';

  it('keeps the orders of Gmail, Outlook, Apple Mail, Thunderbird and HTML-only webmail replies', async () => {
    const game = await startGame(db(), '');
    // Gmail: a sign-off and the "On … wrote:" line wrapped over two lines.
    let reply = await send(game, gmail, `${ORDERS}\n\nThanks,\nBob`);
    expect(await franceOrders()).toEqual(['A Par - Bur', 'A Mar S A Par - Bur', 'F Bre - Mao']);
    expect(reply.body).toContain('France: Army Paris -> Burgundy.');
    expect(reply.body).toMatch(/Lines 6-7 read as a greeting or signature, not as commands, and were ignored\.\nEnd your commands with SIGNOFF/);
    expect(reply.body).not.toMatch(/error/i);

    // Outlook (Windows-1252) above "-----Original Message-----" or the From:/Sent: block.
    reply = await send(game, (f, t) => outlook(f, t, 'original-message'), `Here’s my orders:\n${ORDERS}\n\nCheers, René`);
    expect(await franceOrders()).toEqual(['A Par - Bur', 'A Mar S A Par - Bur', 'F Bre - Mao']);
    expect(reply.body).toMatch(/Lines 1, 7 read as a greeting or signature/);
    reply = await send(game, outlook, `${ORDERS.replace('Mao', 'Eng')}\n\nBest regards\nRené Dupont`);
    expect(await franceOrders()).toEqual(['A Par - Bur', 'A Mar S A Par - Bur', 'F Bre - Eng']);
    expect(reply.body).toMatch(/Lines 6-7 read as a greeting or signature/);

    // "Sent from my iPhone" (Apple Mail), `-- ` (Thunderbird), the quote of HTML-only webmail.
    await send(game, appleMail, ORDERS);
    expect(await franceOrders()).toEqual(['A Par - Bur', 'A Mar S A Par - Bur', 'F Bre - Mao']);
    await send(game, thunderbird, ORDERS.replace('Mao', 'Pic'));
    expect(await franceOrders()).toEqual(['A Par - Bur', 'A Mar S A Par - Bur', 'F Bre - Pic']);
    reply = await send(game, htmlOnlyWebmail, `Hallo,\n${ORDERS.replace('Bur', 'Gas')}\nGrüße\nKlaus`);
    expect(await franceOrders()).toEqual(['A Par - Gas', 'A Mar S A Par - Bur', 'F Bre - Mao']);
    expect(reply.body).toMatch(/Lines 1, 6-7 read as a greeting or signature/);

    // Attribution lines in French, Spanish, Italian and Dutch end the commands too.
    const attributions = [
      'Le mar. 3 mars 2026 à 09:12, dipjudge <judge@judge.example> a\nécrit :',
      'El mar, 3 mar 2026 a las 09:12, dipjudge (<judge@judge.example>) escribió:',
      'Il giorno mar 3 mar 2026 alle ore 09:12 dipjudge <judge@judge.example> ha scritto:',
      'Op di 3 mrt 2026 om 09:12 schreef dipjudge <judge@judge.example>:',
    ];
    for (const [index, attribution] of attributions.entries()) {
      const destination = ['Mao', 'Eng', 'Pic', 'Gas'][index]!;
      reply = await send(game, (f, t) => gmail(f, t, { attribution }), ORDERS.replace('Mao', destination));
      expect(reply.body, attribution).not.toMatch(/error/i);
      expect((await franceOrders())![2]).toBe(`F Bre - ${destination}`);
    }
  });

  it('still refuses a block with a wrong order, keeping the orders on file, and decides the ambiguous lines', async () => {
    const game = await startGame(db(), '');
    await send(game, gmail, ORDERS);
    let reply = await send(game, gmail, `${ORDERS.replace('Par - Bur', 'Pra - Bur')}\n\nThanks,\nBob`);
    expect(await franceOrders()).toEqual(['A Par - Bur', 'A Mar S A Par - Bur', 'F Bre - Mao']);
    expect(reply.body).toMatch(/Line 2: A Pra - Bur/);
    expect(reply.body).toMatch(/Lines 6-7 read as a greeting or signature/);

    // The ambiguous lines: "Hold on" and a name after a sign-off are prose; a lone province or prose between orders is not.
    reply = await send(game, gmail, `${ORDERS}\nHold on`);
    expect(await franceOrders()).toHaveLength(3);
    expect(reply.body).toMatch(/Line 5 read as a greeting or signature, not as a command, and was ignored/);
    reply = await send(game, gmail, `${ORDERS.replace('Mao', 'Eng')}\n\nCheers,\nParis`);
    expect((await franceOrders())![2]).toBe('F Bre - Eng');
    expect(reply.body).toMatch(/Lines 6-7 read as a greeting or signature/);
    // "Paris" alone could be an order that lost its move: an error, and nothing changes.
    reply = await send(game, gmail, `${ORDERS.replace('Eng', 'Pic')}\nParis`);
    expect((await franceOrders())![2]).toBe('F Bre - Eng');
    expect(reply.body).toMatch(/Line 5: Paris\n/);
    // Prose between two orders is inside the block: an error, not a note.
    reply = await send(game, gmail, 'SIGNON Fdemo PW\nA Par - Bur\nby the way\nF Bre - Pic');
    expect((await franceOrders())![2]).toBe('F Bre - Eng');
    expect(reply.body).toMatch(/Line 3: by the way/);
  });
});

describeWithDatabase('the reply to a refused block', (getStore) => {
  const NOT_DONE_CLAIMS =
    /has been recorded|Press sent|Message sent|Wait flag set|partial orders will be processed|Error flag set|orders for Spring of 1901\. {2}\(demo|password has been changed|You concede/;

  it('says nothing was done and why, what else was not done, what stands instead and what to do, for orders, press, votes, settings and a mix', async () => {
    const game = await startGame(getStore().db, '');
    await game.as('FRANCE', 'A Par - Bur\nA Mar S A Par - Bur');

    // Orders: the orders on file are listed as they stand, not the refused set.
    let reply = await game.as('FRANCE', 'A Pra - Bur\nA Mar H\nF Bre - Mao');
    expect(reply).toContain(
      ['Nothing in this block was done, because of this error:', '', 'Line 2: A Pra - Bur', '  "Pra" is not a province on this map'].join('\n'),
    );
    expect(reply).toContain('So the orders on lines 3-4 were not entered.');
    expect(reply).toContain(
      'Your orders on file for Spring of 1901 are still:\n\nFrance: Fleet Brest, No Order Processed.\nFrance: Army Marseilles SUPPORT Army Paris -> Burgundy.\nFrance: Army Paris -> Burgundy.',
    );
    expect(reply).toMatch(/Correct the line above and send the whole block again, from its first line\.\n$/);
    expect(reply).not.toMatch(NOT_DONE_CLAIMS);

    // A power without orders on file is told so.
    reply = await game.as('GERMANY', 'A Ber - Xyz');
    expect(reply).toContain('You have no orders on file for Spring of 1901.');
    expect(reply).not.toMatch(NOT_DONE_CLAIMS);

    // Press, votes and settings in a refused block are not sent, recorded or changed, and the reply never says they were.
    reply = await game.as('ENGLAND', 'PRESS TO F\nThe Channel is yours.\nENDPRESS\nSET DRAW\nSET WAIT\nSET PASSWORD one two\nF Lon - Nth');
    expect(reply).toContain('Line 7: SET PASSWORD **** ****\n  SET PASSWORD takes exactly one word, the new password.');
    expect(reply).toContain(
      'So the order on line 8 was not entered, the press on line 2 was not sent, the vote on line 5 was not recorded and the setting on line 6 was not changed.',
    );
    expect(reply).toContain('You have no orders on file for Spring of 1901.');
    expect(reply).not.toMatch(NOT_DONE_CLAIMS);
    const db = getStore().db;
    expect(await db.selectFrom('outbox').select('id').where('kind', '=', 'press').execute()).toHaveLength(0);
    expect(await db.selectFrom('seats').select('power').where('wait', '=', true).execute()).toHaveLength(0);
    expect(await db.selectFrom('seats').select('power').where('draw_vote', 'is not', null).execute()).toHaveLength(0);

    // Two errors: both named, plural wording.
    reply = await game.as('ITALY', 'A Ven - Xyz\nVOTE MAYBE');
    expect(reply).toContain('Nothing in this block was done, because of these 2 errors:');
    expect(reply).toContain('Correct the lines above');
  });

  it('never writes "the deadline (none is set" in a game without a deadline', async () => {
    const game = await startGame(getStore().db, 'RULES NO_DEADLINE');
    const reply = await game.as('FRANCE', 'A Par - Bur');
    expect(reply).not.toMatch(/none is set|deadline of\n/);
    expect(reply).toContain('This game has no deadline: the\nturn is processed once every power has complete orders.');
  });
});

describeWithDatabase('a wrong unit type', (getStore) => {
  it('is noted and the order applies to the unit that is there (DATC 4.B.5, 4.C.2)', async () => {
    const game = await startGame(getStore().db, '');
    const reply = await game.as('FRANCE', 'F Par - Bur\nA Mar S F Par - Bur\nA Bre - Mao');
    expect(reply).not.toMatch(/has no unit|Nothing in this block/);
    expect(reply).toContain('Line 2: F Par - Bur\n  Note: the unit in Paris is an army; read as such.');
    expect(reply).toContain('Line 4: A Bre - Mao\n  Note: the unit in Brest is a fleet; read as such.');
    expect(reply).toContain('France: Army Paris -> Burgundy.');
    expect(reply).toContain('France: Fleet Brest -> Mid-Atlantic Ocean.');
    expect((await getStore().db.selectFrom('orders').select('lines').executeTakeFirstOrThrow()).lines).toEqual([
      'F Par - Bur',
      'A Mar S F Par - Bur',
      'A Bre - Mao',
    ]);

    // Did-you-mean: a misspelt PRESS keeps its body out of the orders; a misspelt province is named with the close ones.
    const misspelt = await game.as('FRANCE', 'PRSS TO E\nMeet me in Belgium\nENDPRESS\nA Pra - Bur');
    expect(misspelt).toContain('Line 2: PRSS TO E\n  "PRSS" is not a command; did you mean PRESS? Its text up to ENDPRESS was not sent.');
    expect(misspelt).toContain('Line 5: A Pra - Bur\n  "Pra" is not a province on this map; did you mean Par (Paris) or Pru (Prussia)?');
    expect(misspelt).not.toMatch(/"Meet|"Belgium/);
    // njudge's REGISTER gets one line, its form no errors.
    const { address } = game.holder.get('ITALY')!;
    await game.judge.receive(eml({ from: address }, 'REGISTER\nName: Ann Smith\nEmail: ann@players.example\nEND\nLIST'));
    const registered = await getStore().db.selectFrom('outbox').select('body').where('kind', '=', 'reply').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(registered.body).toContain('Line 1: REGISTER\n  REGISTER is not needed on this judge: this judge needs no registration');
    expect(registered.body).not.toMatch(/Nothing in this block|Name: Ann/);
  });
});
