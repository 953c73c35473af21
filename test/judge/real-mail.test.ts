import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../support/databases.ts';
import { appleMail, gmail, htmlOnlyWebmail, outlook, thunderbird } from './client-mails.ts';
import { startGame, type StartedGame } from './game-fixture.ts';

// Orders sent from ordinary mail clients: whatever the client adds (the quoted judge reply under
// its attribution line, Outlook's header block, "Sent from my iPhone", a sign-off) must not cost
// the player their orders, while a wrong order is still refused.

describeEachDatabase('mail as players really write it', (getStore) => {
  const db = () => getStore().db;
  const franceOrders = async () => (await db().selectFrom('orders').select('lines').where('power', '=', 'FRANCE').executeTakeFirst())?.lines ?? null;
  const replyTo = async (address: string) =>
    (await db().selectFrom('outbox').select(['body', 'subject']).where('kind', '=', 'reply').where(sql<boolean>`${address} = ANY(to_addresses)`).orderBy('id', 'desc').executeTakeFirstOrThrow());
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
    expect(reply.body).toMatch(/Line 5: Paris/);
    // Prose between two orders is inside the block: an error, not a note.
    reply = await send(game, gmail, 'SIGNON Fdemo PW\nA Par - Bur\nby the way\nF Bre - Pic');
    expect((await franceOrders())![2]).toBe('F Bre - Eng');
    expect(reply.body).toMatch(/Line 3: by the way/);
  });
});
