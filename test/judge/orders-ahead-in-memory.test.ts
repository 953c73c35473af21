import { describe, expect, it } from 'vitest';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { inboundMail, startHarnessGame } from '../support/judge-harness.ts';
import { gameName } from '../support/names.ts';
import type { MailAddress } from '../../src/judge/model.ts';

// njudge's orders ahead by mail on the in-memory storage port: PHASE blocks sent in advance, their
// IF … ELSE … ENDIF read on the position when the phase opens, the private notice of what was taken,
// a later mail replacing a block, CLEAR, an invalid order in a taken branch, STATUS and LIST for the
// owner and the Master (test/store/orders-ahead-store.test.ts keeps the table on PGlite and PostgreSQL).

const NOW = new Date('2026-11-21T12:00:00Z');
const POWERS = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];
const HOLDS: Record<string, string> = {
  AUSTRIA: 'A Vie H\nA Bud H\nF Tri H',
  ENGLAND: 'F Lon H\nF Edi H\nA Lvp H',
  FRANCE: 'A Par H\nA Mar H\nF Bre H',
  GERMANY: 'A Ber H\nA Mun H\nF Kie H',
  ITALY: 'A Rom H\nA Ven H\nF Nap H',
  RUSSIA: 'A Mos H\nA War H\nF Sev H\nF Stp/sc H',
  TURKEY: 'A Con H\nA Smy H\nF Ank H',
};

async function playing(createLines = '') {
  const store = new InMemoryJudgeStore();
  const game = await startHarnessGame(store, createLines, () => NOW);
  const seats = await store.transaction(async (tx) => tx.seats((await tx.findGame(gameName('demo')))!.id));
  const addressOf = new Map<string | null, MailAddress>(seats.map((s) => [s.power, s.address]));
  const france = addressOf.get('FRANCE')!;
  /** Sends `lines` as the power and returns the judge's reply to it. */
  const as = async (power: string, lines: string): Promise<string> => {
    const before = store.outbox().length;
    await game.as(power, lines);
    return (
      store
        .outbox()
        .slice(before)
        .find((m) => m.kind === 'reply' && m.to.includes(addressOf.get(power)!))?.body ?? ''
    );
  };
  const asMaster = async (lines: string): Promise<string> => {
    const before = store.outbox().length;
    await game.judge.receive(inboundMail('gm@players.example', `SIGNON Mdemo gmpass\n${lines}`));
    return store
      .outbox()
      .slice(before)
      .find((m) => m.kind === 'reply')!.body;
  };
  const state = () =>
    store.transaction(async (tx) => {
      const found = (await tx.findGame(gameName('demo')))!;
      const phase = (await tx.phase(found.id, found.currentPhase!))!;
      return {
        phase: found.currentPhase,
        position: phase.position,
        orders: await tx.orders(found.id, found.currentPhase!),
        ahead: await tx.ordersAhead(found.id),
      };
    });
  /** The notices France got about orders ahead, in order. */
  const aheadNotices = () => store.outbox().filter((m) => m.kind === 'notice' && m.to.includes(france) && / Orders ahead$/.test(m.subject));
  const others = (orders: Record<string, string>) => POWERS.filter((p) => p !== 'FRANCE').map((p) => [p, orders[p] ?? HOLDS[p]!] as const);
  return { store, as, asMaster, state, aheadNotices, others, france };
}

const unitsOf = (position: { readonly units: readonly { power: string; type: string; location: string }[] }, power: string) =>
  position.units
    .filter((u) => u.power === power)
    .map((u) => `${u.type} ${u.location}`)
    .sort();

describe('orders ahead by mail', () => {
  it('plays a year for a player who mails only once: moves, a retreat and builds from PHASE blocks, nested IFs and an ELSE', async () => {
    const { as, state, aheadNotices, others } = await playing();
    const reply = await as(
      'FRANCE',
      `A Par - Bur
A Mar - Spa
F Bre - Mao
PHASE Fall 1901 Movement
F Mao - Por
IF Germany A Ruh AND (Germany A Mun OR Germany A Kie)
  IF England F Eng
    A Bur - Pic
  ELSE
    A Bur H
    A Spa H
  ENDIF
ELSE
  A Bur - Mun
  A Spa H
ENDIF
PHASE F 1901 R
IF Germany A Bur
  A Bur - Gas
ENDIF
PHASE W 1901 B
IF NOT France Par
  Build A Par
ENDIF
Build F Bre
PHASE S1902M
A Par - Pic
F Bre - Mao
A Spa H
A Gas H
F Por H`,
    );
    expect(reply).toContain('Orders for Fall 1901 Movement (F1901M) are on file; they become your orders when that phase');
    expect(reply).toContain(
      '  F Mao - Por\n  IF Germany A Ruhr AND (Germany A Munich OR Germany A Kiel)\n    IF England F English Channel\n      A Bur - Pic\n    ELSE\n      A Bur H\n      A Spa H\n    ENDIF\n  ELSE\n    A Bur - Mun\n    A Spa H\n  ENDIF\n',
    );
    expect(reply).toContain('Orders for Fall 1901 Retreats (F1901R) are on file');
    expect(reply).toContain('Orders for Winter 1901 Adjustments (W1901A) are on file');
    expect(reply).toContain('Orders for Spring 1902 Movement (S1902M) are on file');
    for (const [power, orders] of others({ GERMANY: 'A Mun - Ruh\nA Ber - Mun\nF Kie H' })) await as(power, orders);
    expect((await state()).phase).toBe('F1901M');
    // France's orders for the fall came from the block, the inner ELSE taken: France owes nothing more.
    const fall = await state();
    expect(fall.orders.find((o) => o.power === 'FRANCE')).toMatchObject({ lines: ['F Mao - Por', 'A Bur H', 'A Spa H'], submitted: true });
    const [fallNotice] = aheadNotices();
    expect(fallNotice!.body).toContain("The orders you sent ahead for Fall 1901 Movement (F1901M) in game 'demo' are now your orders for this phase.");
    expect(fallNotice!.body).toContain('  line 7: IF Germany A Ruh AND (Germany A Mun OR Germany A Kie) ... true: the orders after it were taken.');
    expect(fallNotice!.body).toContain('  line 8: IF England F Eng ... false: the orders after ELSE were taken.');
    expect(fallNotice!.body).toContain('France: Army Burgundy HOLD.');

    // Germany dislodges the army in Burgundy; the retreat, the builds and the spring follow from France's blocks alone.
    for (const [power, orders] of others({ GERMANY: 'A Ruh - Bur\nA Mun S A Ruh - Bur\nF Kie H' })) await as(power, orders);
    const spring = await state();
    expect(spring.phase).toBe('S1902M');
    expect(unitsOf(spring.position, 'FRANCE')).toEqual(['A gas', 'A par', 'A spa', 'F bre', 'F por']);
    expect(spring.orders.find((o) => o.power === 'FRANCE')).toMatchObject({ submitted: true });
    expect(spring.ahead).toEqual([]);
    const notices = aheadNotices();
    expect(notices.map((m) => m.subject.replace(/^DIP:demo - /, ''))).toEqual([
      'F1901M Orders ahead',
      'F1901R Orders ahead',
      'W1901A Orders ahead',
      'S1902M Orders ahead',
    ]);
    expect(notices[1]!.body).toContain('line 19: IF Germany A Bur ... true: the orders after it were taken.');
    expect(notices[2]!.body).toContain('line 23: IF NOT France Par ... true: the orders after it were taken.');
    expect(notices[2]!.body).toMatch(/France: +Builds an army in Paris\.\nFrance: +Builds a fleet in Brest\./);
  });

  it('replaces a block by a later mail, withdraws one with CLEAR and lets a mail replace loaded orders', async () => {
    const { as, asMaster, state, others } = await playing();
    await as('FRANCE', 'PHASE F1901M\nA Par - Bur');
    const replaced = await as('FRANCE', 'PHASE F 1901 M\nIF NOT Germany A Mun\nA Par - Bur\nENDIF\nPHASE W1901A\nWAIVE\n\nThanks,\nMarie');
    expect(replaced).toContain('Orders for Fall 1901 Movement (F1901M) replace those you sent before');
    // The sign-off after the last block is prose, not orders of the winter.
    expect(replaced).not.toMatch(/Error|not understood/i);
    expect(replaced).toContain('  WAIVE\n');
    expect((await state()).ahead.map((r) => [r.power, r.phaseId, r.steps.length])).toEqual([
      ['FRANCE', 'F1901M', 1],
      ['FRANCE', 'W1901A', 1],
    ]);
    expect(await as('FRANCE', 'PHASE W 1901 A CLEAR')).toContain('Your orders for Winter 1901 Adjustments (W1901A) are withdrawn.');
    expect(await as('FRANCE', 'PHASE W 1901 A\nCLEAR')).toContain('You had no orders on file for Winter 1901 Adjustments (W1901A); nothing is withdrawn.');
    // STATUS shows the owner what is on file, and the Master of a game that does not hide its players too.
    const status = await as('FRANCE', 'STATUS');
    expect(status).toContain('Orders on file for later phases:\n\nFrance, Fall 1901 Movement (F1901M):\n  IF NOT Germany A Munich\n    A Par - Bur\n  ENDIF\n');
    expect(await as('ENGLAND', 'STATUS')).not.toContain('Orders on file for later phases');
    expect(await asMaster('STATUS')).toContain('France, Fall 1901 Movement (F1901M):\n  IF NOT Germany A Munich');
    expect(await as('FRANCE', 'LIST')).toContain('France, Fall 1901 Movement (F1901M):\n  IF NOT Germany A Munich');

    await as('FRANCE', 'A Par H\nA Mar H\nF Bre H');
    for (const [power, orders] of others({ GERMANY: 'A Mun - Ruh\nA Ber H\nF Kie H' })) await as(power, orders);
    const fall = await state();
    expect(fall.phase).toBe('F1901M');
    // The condition held: A Par - Bur, and France's other units wait for orders (njudge's PART).
    expect(fall.orders.find((o) => o.power === 'FRANCE')).toMatchObject({ lines: ['A Par - Bur'], submitted: false });
    // A mail for the phase replaces what was loaded, as any mail does.
    await as('FRANCE', 'A Par - Pic\nA Mar H\nF Bre H');
    expect((await state()).orders.find((o) => o.power === 'FRANCE')).toMatchObject({ lines: ['A Par - Pic', 'A Mar H', 'F Bre H'], submitted: true });
  });

  it('tells the power of an invalid order in the branch taken; the others stand and the power still owes orders', async () => {
    const { as, state, aheadNotices, others } = await playing();
    await as('FRANCE', 'A Par H\nA Mar H\nF Bre H\nPHASE F1901M\nIF France A Par\nA Par - Mos\nA Mar - Spa\nF Bre - Mao\nENDIF');
    for (const [power, orders] of others({})) await as(power, orders);
    const fall = await state();
    expect(fall.phase).toBe('F1901M');
    expect(fall.orders.find((o) => o.power === 'FRANCE')).toMatchObject({ lines: ['A Mar - Spa', 'F Bre - Mao'], submitted: false });
    const notice = aheadNotices()[0]!.body;
    expect(notice).toContain('F: A Par - Mos\n');
    expect(notice).toContain('France: Army Marseilles -> Spain.');
    expect(notice).toContain('France: Army Paris, No Order Processed.');
    for (const [power, orders] of others({})) await as(power, orders);
    expect((await state()).phase).toBe('F1901M');
    await as('FRANCE', 'A Par H');
    // The mail replaces the whole set (njudge): Marseilles and Brest are unordered again.
    expect((await state()).orders.find((o) => o.power === 'FRANCE')).toMatchObject({ lines: ['A Par H'], submitted: false });
  });

  it('tells the power when a phase is skipped or asks nothing of it, and its orders ahead go unused', async () => {
    const { as, state, aheadNotices, others } = await playing();
    await as('FRANCE', 'A Par H\nA Mar H\nF Bre H\nPHASE F1901R\nA Par - Bur\nPHASE W1901A\nBuild A Par');
    for (const [power, orders] of others({})) await as(power, orders);
    await as('FRANCE', 'A Par H\nA Mar H\nF Bre H');
    for (const [power, orders] of others({ GERMANY: 'A Ber H\nA Mun H\nF Kie - Den' })) await as(power, orders);
    const winter = await state();
    expect(winter.phase).toBe('W1901A');
    expect(winter.ahead).toEqual([]);
    expect(aheadNotices().map((m) => m.body)).toEqual([
      "The orders you sent ahead for Fall 1901 Retreats (F1901R) in game 'demo' were not used: the game passed that phase without playing it, as nobody had anything to do in it.\n",
      "The orders you sent ahead for Winter 1901 Adjustments (W1901A) in game 'demo' were not used: your power had nothing to order in it.\n",
    ]);
  });

  it('refuses a block with what is wrong and where, storing nothing', async () => {
    const { as, state } = await playing();
    const reply = await as(
      'FRANCE',
      'PHASE F1901M\nIF Germany A Atlantis\nA Par - Bur\nELSE\nA Par H\nPHASE S 1901 M\nA Par H\nPHASE W 1901 R\nPHASE F 1901 M\nA Par flies',
    );
    expect(reply).toContain('"Germany A Atlantis" names no province of this map');
    expect(reply).toContain('this IF has no ENDIF before the end of its PHASE block');
    expect(reply).toContain('Spring 1901 Movement (S1901M) is the phase being played now: send its orders without PHASE');
    expect(reply).toContain('Standard has no retreats phase in Winter: W1901R never comes');
    expect(reply).toMatch(/A Par flies: /);
    expect((await state()).ahead).toEqual([]);
  });

  it('reads the conditions of a blind game on what the power sees, and shows its Master only that orders are on file', async () => {
    for (const [rules, taken] of [
      ['', 'A Par - Bur'],
      ['SET BLIND', 'A Par - Pic'],
    ] as const) {
      const { as, asMaster, state, others } = await playing(rules);
      await as('FRANCE', 'A Par H\nA Mar H\nF Bre H\nPHASE F1901M\nIF Turkey A Con\nA Par - Bur\nELSE\nA Par - Pic\nENDIF');
      expect((await asMaster('STATUS')).includes('IF Turkey A Constantinople')).toBe(rules === '');
      for (const [power, orders] of others({})) await as(power, orders);
      expect((await state()).orders.find((o) => o.power === 'FRANCE')?.lines).toEqual([taken]);
    }
  });

  it('shows the Master of a gunboat game only that orders are on file', async () => {
    const { as, asMaster } = await playing('RULES GUNBOAT');
    await as('FRANCE', 'PHASE F1901M\nA Par - Bur');
    const status = await asMaster('STATUS');
    expect(status).toContain('France, Fall 1901 Movement (F1901M): orders are on file.');
    expect(status).not.toContain('A Par - Bur');
  });
});
