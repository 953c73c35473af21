import { expect, it } from 'vitest';
import type { Position } from '../../src/engine/types.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { runDueGameEvents, SPRING_1901_ORDERS } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// A whole game played only through e-mail messages fed to the judge, on both databases (the judge's
// other rules by mail run on PostgreSQL alone; this game and DIARY keep PGlite's whole path in view): CREATE, seven JOINs (one
// with POWER_CHOICE), orders with an error and its correction, press of each kind including a
// refused one, SET WAIT holding a phase, a resignation and a takeover, builds, a retreat, two
// game years. Every queued message is checked for its recipients and contents.
//
// The game runs on njudge's default timing with a fake clock: once every order is in, a turn
// waits for the delay after the last orders (doubled in the first phase of a press game) and
// for the phase's minimum (12 h for moves), and the scheduler's 'process' event processes it.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const config = { address: 'judge@judge.example', name: 'dipjudge', code: 'DIP' };
const GM = 'gm@players.example';
const INITIAL: Record<string, string> = { AUSTRIA: 'A', ENGLAND: 'E', FRANCE: 'F', GERMANY: 'G', ITALY: 'I', RUSSIA: 'R', TURKEY: 'T' };

const FALL_1901: Record<string, string[]> = {
  AUSTRIA: ['A Ser - Gre', 'F Alb S A Ser - Gre', 'A Vie - Gal'],
  ENGLAND: ['F Nth C A Yor - Nwy', 'A Yor - Nwy', 'F Nwg H'],
  FRANCE: ['A Bur - Bel', 'F Mao - Por', 'A Mar - Spa'],
  GERMANY: ['A Kie - Hol', 'F Den H', 'A Ruh H'],
  ITALY: ['F Ion C A Apu - Tun', 'A Apu - Tun', 'A Ven H'],
  RUSSIA: ['F Bot - Swe', 'A Ukr - Rum', 'A War - Gal', 'F Sev H'],
  TURKEY: ['A Bul - Ser', 'A Con - Bul', 'F Ank - Bla'],
};
const WINTER_1901: Record<string, string[]> = {
  AUSTRIA: ['Build A Bud'],
  ENGLAND: ['Build F Lon'],
  FRANCE: ['Build A Par', 'Build F Bre', 'Build A Mar'],
  GERMANY: ['Build A Ber', 'Build A Mun'],
  ITALY: ['Build F Nap'],
  RUSSIA: ['Build A Mos', 'Build F Stp/nc'],
  TURKEY: ['Build A Smy', 'Waive'],
};

describeEachDatabase('a seven-player game by e-mail', (getStore) => {
  it('plays two game years end to end', { timeout: 120_000 }, async () => {
    const db = getStore().db;
    let now = new Date('2004-01-05T09:00:00Z');
    const judge = new MailJudge(
      createJudgeStore(db, { messageIdDomain: 'judge.example' }),
      config,
      () => 0.42,
      () => now,
    );
    let seen = 0;
    const mailsSince = async () => {
      const rows = await db.selectFrom('outbox').selectAll().orderBy('id').execute();
      const fresh = rows.slice(seen);
      seen = rows.length;
      return fresh;
    };
    const send = async (from: string, body: string, messageId?: string) => {
      const outcome = await judge.receive(eml({ from, ...(messageId ? { messageId } : {}) }, body));
      return { outcome, mails: await mailsSince() };
    };
    const replyOf = (mails: Awaited<ReturnType<typeof mailsSince>>, to: string) => mails.find((m) => m.kind === 'reply' && m.to_addresses[0] === to)!;
    const game = () => db.selectFrom('games').selectAll().where('name', '=', 'demo').executeTakeFirstOrThrow();
    // Every order is in: nothing is processed a minute before the expected time, then the
    // scheduler's event processes the turn. Returns the mails it sent.
    const processedAt = async (expected: Date) => {
      const waiting = await game();
      expect(waiting.process_at).toEqual(expected);
      now = new Date(expected.getTime() - MINUTE);
      await runDueGameEvents(db, now);
      expect((await game()).current_phase).toBe(waiting.current_phase);
      expect((await mailsSince()).filter((m) => m.kind === 'results')).toHaveLength(0);
      now = expected;
      await runDueGameEvents(db, now);
      expect((await game()).current_phase).not.toBe(waiting.current_phase);
      return mailsSince();
    };
    const currentPosition = async () => {
      const g = await game();
      const row = await db
        .selectFrom('phases')
        .select('position')
        .where('game_id', '=', g.id)
        .where('phase_id', '=', g.current_phase!)
        .executeTakeFirstOrThrow();
      return row.position as Position;
    };

    // CREATE: the sender becomes Master; the password is never echoed.
    let step = await send(GM, 'CREATE demo gmpass standard\nRULES POWER_CHOICE WHITE_GREY FAKE_PRESS\nDESC A test game\nFORM\nSIGNOFF');
    expect(replyOf(step.mails, GM).body).toMatch(/Game 'demo' \(Standard\) has been created with you as its Master/);
    expect(step.mails.map((m) => m.body).join()).not.toMatch(/gmpass/);
    expect((await game()).status).toBe('forming');

    // Seven JOINs; one chooses France. The last one starts the game.
    const players = Array.from({ length: 7 }, (_, i) => ({ address: `p${i + 1}@players.example`, password: `pw${i + 1}` }));
    for (const [i, player] of players.entries()) {
      step = await send(player.address, i === 6 ? `JOIN france@demo ${player.password}` : `JOIN demo ${player.password}`);
      expect(replyOf(step.mails, player.address).body).toMatch(/You have joined game 'demo'/);
    }
    expect(await game()).toMatchObject({ status: 'active', current_phase: 'S1901M' });
    const starts = step.mails.filter((m) => m.kind === 'notice');
    expect(starts).toHaveLength(8);
    for (const start of starts) {
      expect(start.to_addresses).toHaveLength(1);
      expect(start.body).toMatch(/You have been selected as \w+ in game 'demo'/);
      expect(start.body).toMatch(/Starting position for Spring of 1901\./);
      // A player sees their own address and the Master's, nobody else's.
      const shown = players.filter((p) => start.body.includes(p.address)).map((p) => p.address);
      if (start.to_addresses[0] !== GM) expect(shown).toEqual([start.to_addresses[0]]);
    }
    const seats = await db.selectFrom('seats').select(['power', 'address']).where('role', '=', 'power').execute();
    const holder = new Map<string, (typeof players)[number]>(seats.map((s) => [s.power!, players.find((p) => p.address === s.address)!]));
    expect(holder.get('FRANCE')!.address).toBe('p7@players.example');
    expect(new Set(seats.map((s) => s.power)).size).toBe(7);
    const signon = (power: string) => `SIGNON ${INITIAL[power]}demo ${holder.get(power)!.password}`;
    const orders = async (power: string, lines: readonly string[], extra = '') =>
      send(holder.get(power)!.address, `${signon(power)}\n${lines.join('\n')}\n${extra}`);

    // An order mail with an error changes nothing and says why; the corrected one is accepted.
    step = await orders('FRANCE', ['A Par - Mun', 'A Mar S A Par - Bur', 'F Bre - Mao']);
    const reply = replyOf(step.mails, holder.get('FRANCE')!.address);
    expect(reply.body).toMatch(/Line 2: A Par - Mun\n {2}Paris is not adjacent to Munich/);
    expect(reply.body).toMatch(/Nothing in this block was done/);
    expect(await db.selectFrom('orders').selectAll().execute()).toHaveLength(0);
    step = await orders('FRANCE', SPRING_1901_ORDERS.FRANCE!);
    expect(replyOf(step.mails, holder.get('FRANCE')!.address).body).toMatch(/France: Army Paris -> Burgundy\./);

    // Press: white, grey, broadcast, fake, and a refused one.
    step = await send(holder.get('ENGLAND')!.address, `${signon('ENGLAND')}\nPRESS TO F\nShall we share the Channel?\nENDPRESS`);
    let press = step.mails.filter((m) => m.kind === 'press');
    expect(press.map((m) => m.to_addresses)).toEqual([[holder.get('FRANCE')!.address]]);
    expect(press[0]!.body).toMatch(/England/);
    expect(press[0]!.body).toMatch(/Shall we share the Channel\?/);
    expect(press[0]!.body).not.toMatch(/p\d@players/);

    step = await send(holder.get('GERMANY')!.address, `${signon('GERMANY')}\nPRESS TO R GREY\nWatch the Baltic.\nENDPRESS`);
    press = step.mails.filter((m) => m.kind === 'press');
    expect(press.map((m) => m.to_addresses[0])).toContain(holder.get('RUSSIA')!.address);
    const toRussia = press.find((m) => m.to_addresses[0] === holder.get('RUSSIA')!.address)!;
    expect(`${toRussia.subject}\n${toRussia.body}`).not.toMatch(/German|Germany|p\d@players/);

    step = await send(holder.get('TURKEY')!.address, `${signon('TURKEY')}\nBROADCAST\nPeace in our time.\nENDBROADCAST`);
    press = step.mails.filter((m) => m.kind === 'press');
    expect(press.flatMap((m) => m.to_addresses).sort()).toEqual(
      [GM, ...players.map((p) => p.address).filter((a) => a !== holder.get('TURKEY')!.address)].sort(),
    );

    step = await send(holder.get('AUSTRIA')!.address, `${signon('AUSTRIA')}\nPRESS TO I FROM R\nRussia will attack you.\nENDPRESS`);
    press = step.mails.filter((m) => m.kind === 'press');
    const toItaly = press.find((m) => m.to_addresses[0] === holder.get('ITALY')!.address)!;
    expect(toItaly.body).toMatch(/Russia/);
    expect(toItaly.body).not.toMatch(/Austria/);
    const masterCopy = press.find((m) => m.to_addresses[0] === GM);
    if (masterCopy) expect(masterCopy.body).toMatch(/Austria/);

    step = await send(holder.get('ITALY')!.address, `${signon('ITALY')}\nPRESS TO X\nHello?\nENDPRESS`);
    expect(step.mails.filter((m) => m.kind === 'press')).toHaveLength(0);
    expect(replyOf(step.mails, holder.get('ITALY')!.address).body).toMatch(/Press refused/);
    expect(await db.selectFrom('press').selectAll().execute()).toHaveLength(4);

    // The remaining Spring orders, two hours into the phase. With the last of them the turn
    // waits: the doubled delay (1 h) ends before the phase's minimum (started 09:00 + 12 h).
    now = new Date('2004-01-05T11:00:00Z');
    for (const power of ['AUSTRIA', 'ENGLAND', 'GERMANY', 'ITALY', 'RUSSIA']) {
      step = await orders(power, SPRING_1901_ORDERS[power]!);
      expect((await game()).current_phase).toBe('S1901M');
      expect(replyOf(step.mails, holder.get(power)!.address).body).not.toMatch(/All orders are in/);
    }
    step = await orders('TURKEY', SPRING_1901_ORDERS.TURKEY!);
    expect((await game()).current_phase).toBe('S1901M');
    expect(step.mails.filter((m) => m.kind === 'results')).toHaveLength(0);
    expect(replyOf(step.mails, holder.get('TURKEY')!.address).body).toMatch(
      /All orders are in\. {2}The turn will be processed at\nMon Jan 05 2004 21:00:00 \+0000 unless someone sets WAIT\./,
    );
    const results = (await processedAt(new Date('2004-01-05T21:00:00Z'))).filter((m) => m.kind === 'results');
    expect((await game()).current_phase).toBe('F1901M');
    expect(results).toHaveLength(1);
    expect([...results[0]!.to_addresses].sort()).toEqual([GM, ...players.map((p) => p.address)].sort());
    expect(results[0]!.subject).toBe('DIP:demo - S1901M Results');
    expect(results[0]!.body).toMatch(/^:: Judge: DIP {2}Game: Demo {2}Variant: Standard\n:: Deadline: S1901M /);
    expect(results[0]!.body).toMatch(/Movement results for Spring of 1901\. {2}\(demo\.001\)/);
    expect(results[0]!.body).toMatch(/Austria: Army Vienna -> Galicia\. {2}\(\*bounce\*\)/);
    expect(results[0]!.body).toMatch(/The next phase of 'demo' will be Movement for Fall of 1901\./);

    // Fall 1901 → Winter adjustments: not before the phase's 12 h minimum (its delay is 30 min).
    now = new Date('2004-01-05T22:00:00Z');
    for (const power of Object.keys(FALL_1901)) await orders(power, FALL_1901[power]!);
    expect((await game()).current_phase).toBe('F1901M');
    await processedAt(new Date('2004-01-06T09:00:00Z'));
    expect((await game()).current_phase).toBe('W1901A');
    expect((await currentPosition()).supplyCenters.FRANCE).toEqual(['bel', 'bre', 'mar', 'par', 'por', 'spa']);

    // Italy resigns; the game waits for a replacement, who takes over with a new password.
    const italy = holder.get('ITALY')!;
    step = await send(italy.address, `RESIGN Idemo ${italy.password}`);
    expect((await game()).status).toBe('waiting');
    const resignNotice = step.mails.find((m) => m.kind === 'notice')!;
    expect(resignNotice.to_addresses).not.toContain(italy.address);
    expect(resignNotice.body).toMatch(/TAKEOVER italy@demo/);
    step = await send('newitaly@players.example', 'TAKEOVER italy@demo fresh123');
    expect(replyOf(step.mails, 'newitaly@players.example').body).toMatch(/You have taken over Italy/);
    expect((await game()).status).toBe('active');
    holder.set('ITALY', { address: 'newitaly@players.example', password: 'fresh123' });
    step = await send(italy.address, `SIGNON Idemo ${italy.password}\nSTATUS`);
    expect(replyOf(step.mails, italy.address).body).toMatch(/Invalid game, power or password/);

    // Builds: adjustments have no minimum, so the turn runs 30 min after the last orders.
    now = new Date('2004-01-06T10:00:00Z');
    for (const power of Object.keys(WINTER_1901)) await orders(power, WINTER_1901[power]!);
    expect((await game()).current_phase).toBe('W1901A');
    await processedAt(new Date(now.getTime() + 30 * MINUTE));
    expect((await game()).current_phase).toBe('S1902M');
    const builtUnits = (await currentPosition()).units;
    expect(builtUnits).toContainEqual({ power: 'RUSSIA', type: 'F', location: 'stp/nc' });
    expect(builtUnits.filter((u) => u.power === 'FRANCE')).toHaveLength(6);

    // Spring 1902: England holds the turn with SET WAIT until it clears it; Austria dislodges Turkey.
    const holdAll = (power: string, position: Position) => position.units.filter((u) => u.power === power).map((u) => `${u.type} ${u.location} H`);
    let position = await currentPosition();
    await orders('ENGLAND', holdAll('ENGLAND', position), 'SET WAIT');
    for (const power of ['FRANCE', 'GERMANY', 'ITALY', 'RUSSIA']) await orders(power, holdAll(power, position));
    await orders('AUSTRIA', ['A Bud - Ser', 'A Gre S A Bud - Ser', 'A Vie H', 'F Alb H']);
    await orders('TURKEY', holdAll('TURKEY', position));
    expect((await game()).current_phase).toBe('S1902M');
    expect((await game()).process_at).toBeNull();
    // Clearing the WAIT 13 h into the phase: past its minimum, the delay is what is left.
    now = new Date(now.getTime() + 13 * HOUR);
    await runDueGameEvents(db, now);
    expect((await game()).current_phase).toBe('S1902M');
    await send(holder.get('ENGLAND')!.address, `${signon('ENGLAND')}\nSET NOWAIT`);
    expect((await game()).current_phase).toBe('S1902M');
    step = { outcome: step.outcome, mails: await processedAt(new Date(now.getTime() + 30 * MINUTE)) };
    expect((await game()).current_phase).toBe('S1902R');
    expect(step.mails.find((m) => m.kind === 'results')!.body).toMatch(/The Turkish Army in Serbia can retreat to Trieste\./);

    // The retreat: only Turkey owes orders.
    const retreatMail = eml({ from: holder.get('TURKEY')!.address, messageId: '<retreat@players.example>' }, `${signon('TURKEY')}\nA Ser - Tri`);
    await judge.receive(retreatMail);
    await mailsSince();
    await processedAt(new Date(now.getTime() + 30 * MINUTE));
    expect((await game()).current_phase).toBe('F1902M');
    expect((await currentPosition()).units).toContainEqual({ power: 'TURKEY', type: 'A', location: 'tri' });

    // Feeding the same message again changes nothing.
    const before = { outbox: (await db.selectFrom('outbox').selectAll().execute()).length, game: await game() };
    expect((await judge.receive(retreatMail)).status).toBe('duplicate');
    expect((await db.selectFrom('outbox').selectAll().execute()).length).toBe(before.outbox);
    expect((await game()).version).toBe(before.game.version);

    // Fall 1902: everyone holds; the second year ends with Turkey taking Trieste.
    position = await currentPosition();
    for (const power of Object.keys(INITIAL)) await orders(power, holdAll(power, position));
    await processedAt(new Date(now.getTime() + 12 * HOUR));
    const afterFall = await game();
    expect(['W1902A', 'S1903M']).toContain(afterFall.current_phase);
    expect((await currentPosition()).supplyCenters.TURKEY).toContain('tri');
    const phases = await db.selectFrom('phases').select(['phase_id', 'results_text']).where('game_id', '=', afterFall.id).orderBy('seq').execute();
    expect(phases.map((p) => p.phase_id)).toEqual(['S1901M', 'F1901M', 'W1901A', 'S1902M', 'S1902R', 'F1902M', afterFall.current_phase]);
    expect(phases.slice(0, -1).every((p) => p.results_text !== null)).toBe(true);

    // No mail of the game ever carried a password.
    const everything = (await db.selectFrom('outbox').select(['subject', 'body']).execute()).map((m) => `${m.subject}\n${m.body}`).join('\n');
    for (const secret of ['gmpass', 'fresh123', ...players.map((p) => p.password)]) expect(everything).not.toMatch(new RegExp(`\\b${secret}\\b`));
  });
});
