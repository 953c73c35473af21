import { expect, it } from 'vitest';
import { describeWithDatabase } from '../support/databases.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { INITIALS, startGame, TEST_JUDGE } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

describeWithDatabase('draws and concessions by mail', (getStore) => {
  const status = async () => await getStore().db.selectFrom('games').select(['status', 'timing', 'time_zone']).executeTakeFirstOrThrow();

  it('ends the game in a DIAS draw when every survivor votes for it, and reveals the players', async () => {
    const game = await startGame(getStore().db, 'TIMING AT 23:30 DAYS -MTWTF-\nZONE Europe/Berlin');
    expect(await status()).toMatchObject({ status: 'active', timing: { text: 'MIN 0 DELAY 0 AT 23:30 DAYS -MTWTF-' }, time_zone: 'Europe/Berlin' });
    const powers = Object.keys(INITIALS);
    for (const power of powers.slice(0, 6)) expect(await game.as(power, 'SET DRAW')).toMatch(/draw including all survivors has been recorded/);
    expect((await status()).status).toBe('active');
    expect(await game.as('ENGLAND', 'SET NODRAW')).toMatch(/withdrawn/);
    expect(await game.as('TURKEY', 'VOTE DIAS')).toMatch(/recorded/);
    expect((await status()).status).toBe('active');
    expect(await game.as('ENGLAND', 'VOTE DRAW')).toMatch(
      /Game 'demo' is over\. It ends in a draw between Austria, England, France, Germany, Italy, Russia, Turkey\./,
    );
    expect((await status()).status).toBe('completed');
    // njudge's subject names the powers of the draw.
    const over = await getStore()
      .db.selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'notice')
      .where('subject', '=', 'DIP:demo - S1901M Victory: AEFGIRT')
      .executeTakeFirstOrThrow();
    expect(over.to_addresses).toHaveLength(8);
    for (let i = 1; i <= 7; i++) expect(over.body).toContain(`p${i}@players.example`);
    // SUMMARY gives the reason the end notice gave, whatever that notice is titled.
    expect(await game.as('FRANCE', 'SUMMARY demo')).toMatch(/Result: It ends in a draw between Austria, England, France, Germany,\s+Italy, Russia, Turkey\./);
  });

  it('hands the game to the power every other survivor concedes to', async () => {
    const game = await startGame(getStore().db, 'RULES NO_REVEAL');
    for (const power of ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY']) await game.as(power, 'SET CONCEDE Russia');
    expect(await game.as('RUSSIA', 'SET CONCEDE Russia')).toMatch(/cannot concede to yourself/);
    // Russia starts with four centres, the most: VOTE LOSS would concede to itself.
    const largestVotesLoss = await game.as('RUSSIA', 'VOTE LOSS');
    expect(largestVotesLoss).toMatch(/Russia holds the most centres, so there is nobody to concede to/);
    expect(largestVotesLoss).not.toMatch(/You concede the game/);
    expect(await game.as('TURKEY', 'SET CONCEDE Russia')).toMatch(/Russia wins: every other power has conceded/);
    expect((await status()).status).toBe('completed');
    const over = await getStore().db.selectFrom('outbox').selectAll().where('subject', '=', 'DIP:demo - S1901M Victory: R').executeTakeFirstOrThrow();
    expect(over.body).not.toMatch(/p\d@players\.example/);
    expect(await game.as('FRANCE', 'SUMMARY demo')).toMatch(/Result: Russia /);
  });

  it('refuses a CREATE whose TIMING or ZONE cannot be read, naming the word', async () => {
    const judge = new MailJudge(createJudgeStore(getStore().db, { messageIdDomain: 'judge.example' }), TEST_JUDGE);
    await judge.receive(eml({ from: 'gm@players.example' }, 'CREATE demo pw\nTIMING AT 23:30 NEXXT 1D\nZONE Mars/Olympus\nFORM'));
    const reply = await getStore().db.selectFrom('outbox').select('body').executeTakeFirstOrThrow();
    expect(reply.body).toMatch(/Line 2: TIMING AT 23:30 NEXXT 1D\n {2}.*"NEXXT" is not a timing setting/);
    expect(reply.body).toMatch(/Line 3: ZONE Mars\/Olympus\n {2}"Mars\/Olympus" is not a time zone/);
    expect(await getStore().db.selectFrom('games').selectAll().execute()).toHaveLength(0);
  });

  it('asks NO_DIAS games for the powers in the draw, reads n-way votes and names an unknown power', async () => {
    const game = await startGame(getStore().db, 'RULES NO_DIAS');
    expect(await game.as('FRANCE', 'SET DRAW')).toMatch(/NO_DIAS: name the powers in the draw/);
    expect(await game.as('FRANCE', 'SET DRAW FGE')).toMatch(/draw between England, France, Germany has been recorded/);
    expect(await game.as('FRANCE', 'SET DRAW FXQ')).toMatch(/"FXQ" is not a power/);
    // n-way votes name the n powers with the most centres: Russia starts with four, the others three.
    expect(await game.as('FRANCE', 'VOTE 2WAY')).toMatch(/No 2-way draw can be named/);
    expect(await game.as('FRANCE', 'VOTE 3WAY')).toMatch(/No 3-way draw can be named: .* or the 3rd place in centres is shared/);
    expect(await game.as('FRANCE', 'VOTE 7WAY')).toMatch(/draw between Austria, England, France, Germany, Italy, Russia, Turkey has been recorded/);
  });
});

describeWithDatabase('proposals under PROPOSE_DIAS', (getStore) => {
  it('passes a proposal when every survivor says yes, and withdraws it on a no', async () => {
    const game = await startGame(getStore().db, 'RULES PROPOSE_DIAS');
    expect(await game.as('FRANCE', 'VOTE YES')).toMatch(/no open proposal/);
    expect(await game.as('FRANCE', 'PROPOSE DIAS')).toMatch(/Your proposal of a draw including all survivors is open/);
    const notice = await getStore().db.selectFrom('outbox').selectAll().where('subject', 'like', '%Proposal%').executeTakeFirstOrThrow();
    expect(notice.to_addresses).toHaveLength(7);
    expect(notice.body).not.toMatch(/France|p\d@/);
    expect(await game.as('ENGLAND', 'PROPOSE Russia')).toMatch(/already open/);
    expect(await game.as('ENGLAND', 'VOTE NO')).toMatch(/You reject the proposal/);
    expect(await game.as('ENGLAND', 'PROPOSE Russia')).toMatch(/conceding the game to Russia is open/);
    for (const power of ['AUSTRIA', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA']) await game.as(power, 'VOTE YES');
    expect((await getStore().db.selectFrom('games').select('status').executeTakeFirstOrThrow()).status).toBe('active');
    expect(await game.as('TURKEY', 'VOTE YES')).toMatch(/Russia wins/);
    expect(await getStore().db.selectFrom('games').select(['status', 'proposal']).executeTakeFirstOrThrow()).toEqual({ status: 'completed', proposal: null });
  });

  it('tells games without PROPOSE_DIAS to vote instead', async () => {
    const game = await startGame(getStore().db, '');
    expect(await game.as('FRANCE', 'PROPOSE DIAS')).toMatch(/takes no proposals/);
  });
});
