import { sql } from 'kysely';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Judge, type JudgeLog, type ReceiveOutcome } from '../../src/judge/judge.ts';
import type { GameName } from '../../src/judge/model.ts';
import type { JudgeTransaction } from '../../src/judge/ports.ts';
import { UnitOfWork } from '../../src/judge/unit-of-work.ts';
import type { GameState } from '../../src/judge/state/game-state.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { databaseBackend, describeWithDatabase, type TestDatabase } from '../support/databases.ts';
import { HARNESS_JUDGE, inboundMail } from '../support/judge-harness.ts';
import { duringMasterPasswordChange } from '../support/master-password-race.ts';
import { runGameEventsUntil, SPRING_1901_ORDERS } from './game-fixture.ts';

// Real mails through the judge's unit of work (src/judge/unit-of-work.ts) on PostgreSQL (the
// store reads the same on PGlite: test/store), in the cases where what it holds and what the database holds could part: blocks of
// one mail that fail after another wrote (with and without writing through to the store), a game
// renamed or created and then used in the same mail or batch, a JOIN that starts the game and
// orders after it, ROLLBACK / ROLLFORWARD / PROCESS and SET NOWAIT, TAKEOVER, a batch against the
// same mails one by one, and a mail the judge fails on after it held writes.
// Every unit of work, once saved, is compared with the database it wrote to: each game it holds
// (row, seats, phases, orders, absences, punctuality flag) and each name it resolved must read
// the same from the store in the same transaction.

const NOW = new Date('2026-11-21T12:00:00Z');
const GM = 'gm@players.example';
const quietLog: JudgeLog = { error: () => undefined };

/** What the unit of work holds, read by the check below (its private state). */
interface HeldState {
  readonly store: JudgeTransaction;
  readonly names: Map<GameName, number | null>;
  readonly games: Map<number, { readonly state: GameState }>;
}

const disagreements: string[] = [];

/** Records where the unit's held state and the store (after its writes) differ. */
async function compareWithStore(unit: UnitOfWork): Promise<void> {
  const { store, names, games } = unit as unknown as HeldState;
  const differ = (what: string, held: unknown, stored: unknown) => {
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(held ?? null)), JSON.parse(JSON.stringify(stored ?? null))))
      disagreements.push(`${what}: held ${JSON.stringify(held)}, stored ${JSON.stringify(stored)}`);
  };
  for (const [name, id] of names) differ(`the game named ${name}`, id, (await store.findGame(name))?.id ?? null);
  for (const [id, { state: held }] of games) {
    const [stored] = await store.loadGames([id], { forUpdate: false });
    if (!stored) {
      disagreements.push(`game ${id} is held but not stored`);
      continue;
    }
    differ(`game ${id}`, held.game, stored.game);
    if (held.seats) differ(`game ${id}'s seats`, held.seats, stored.seats);
    if (held.absences) differ(`game ${id}'s absences`, held.absences, stored.absences);
    for (const [phaseId, phase] of held.phases) differ(`game ${id}'s phase ${phaseId}`, phase, await store.phase(id, phaseId as never));
    for (const [phaseId, orders] of held.orders) differ(`game ${id}'s orders of ${phaseId}`, orders, await store.orders(id, phaseId as never));
    const current = stored.game.currentPhase;
    const judged = current === null ? undefined : held.punctualityJudged.get(current);
    if (judged !== undefined && stored.phase !== null) differ(`game ${id}'s punctuality of ${current}`, judged, stored.punctualityJudged);
  }
}

const save = UnitOfWork.prototype.save;
beforeAll(() => {
  UnitOfWork.prototype.save = async function checkedSave(this: UnitOfWork) {
    await save.call(this);
    await compareWithStore(this);
  };
});
afterAll(() => {
  UnitOfWork.prototype.save = save;
});

describeWithDatabase('mails through the unit of work', (getStore, getDatabase) => {
  const db = () => getStore().db;
  let random: () => number = () => 0.3;
  let now = NOW;
  const judge = () =>
    new Judge(
      createJudgeStore(db(), { messageIdDomain: 'judge.example' }),
      HARNESS_JUDGE,
      () => random(),
      () => now,
      quietLog,
    );

  afterEach(() => {
    random = () => 0.3;
    now = NOW;
    const found = disagreements.splice(0);
    expect(found).toEqual([]);
  });

  async function send(from: string, text: string): Promise<ReceiveOutcome> {
    return judge().receive(inboundMail(from, text));
  }

  /** The body of the newest reply to `address`. */
  async function reply(address: string): Promise<string> {
    const row = await db()
      .selectFrom('outbox')
      .select('body')
      .where('kind', '=', 'reply')
      .where(sql<boolean>`${address} = ANY(to_addresses)`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.body;
  }

  /** CREATE demo and JOINs by p1 … p`players` (seven start it; powers drawn with random 0.3). */
  async function begin(players = 7, name = 'demo'): Promise<void> {
    await send(GM, `CREATE ${name} gmpass\nTIMING MIN 0 DELAY 0\nFORM`);
    for (let i = 1; i <= players; i++) await send(`p${i}@players.example`, `JOIN ${name} pw${i}`);
  }

  /** The player of `power` in demo and the SIGNON line for them. */
  async function player(power: string, name = 'demo'): Promise<{ address: string; signon: string }> {
    const seat = await db()
      .selectFrom('seats')
      .innerJoin('games', 'games.id', 'seats.game_id')
      .select(['seats.address', 'seats.power'])
      .where('games.name', '=', name)
      .where('seats.power', '=', power as never)
      .where('seats.left_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { address: seat.address, signon: `SIGNON ${power[0]}${name} pw${seat.address.slice(1, 2)}` };
  }

  const ordersOf = (power: string) =>
    db()
      .selectFrom('orders')
      .innerJoin('games', 'games.id', 'orders.game_id')
      .select(['orders.phase_id', 'orders.lines'])
      .where('orders.power', '=', power as never)
      .orderBy('orders.phase_id')
      .execute();
  const currentPhase = async (name = 'demo') =>
    (await db().selectFrom('games').select('current_phase').where('name', '=', name).executeTakeFirst())?.current_phase ?? null;

  /** Spring 1901 orders for every power but `except`. */
  async function ordersFromAllBut(except: readonly string[]): Promise<void> {
    for (const [power, lines] of Object.entries(SPRING_1901_ORDERS)) {
      if (except.includes(power)) continue;
      const { address, signon } = await player(power);
      await send(address, `${signon}\n${lines.join('\n')}`);
    }
  }

  it('keeps the first block of a mail when a later block on the same game fails after writing', async () => {
    await begin();
    const france = await player('FRANCE');
    await send(france.address, `${france.signon}\nA Par - Bur\n\n${france.signon}\nA Mar - Spa\nSET NOSUCHTHING`);
    expect(await reply(france.address)).toMatch(/Nothing in this block was done/);
    expect(await ordersOf('FRANCE')).toEqual([{ phase_id: 'S1901M', lines: ['A Par - Bur'] }]);
  });

  it('keeps the first block when a later one wrote through to the store (JOIN, a pass-through read) and then failed', async () => {
    await begin();
    await send('gm2@players.example', 'CREATE second gmpass\nFORM');
    const france = await player('FRANCE');
    await send(france.address, `${france.signon}\nA Par - Bur\n\nJOIN second frpass\nSET NOSUCHTHING\n\n${france.signon}\nA Mar - Spa\nLIST\nSET NOSUCHTHING`);
    expect(await reply(france.address)).not.toMatch(/You have joined/);
    expect(await ordersOf('FRANCE')).toEqual([{ phase_id: 'S1901M', lines: ['A Par - Bur'] }]);
    const joined = await db()
      .selectFrom('seats')
      .innerJoin('games', 'games.id', 'seats.game_id')
      .select('seats.address')
      .where('games.name', '=', 'second')
      .execute();
    expect(joined.map((s) => s.address)).toEqual(['gm2@players.example']);
  });

  it('signs on by a new name after RENAME in the same mail, and by the old name no more', async () => {
    await begin();
    await send(GM, 'RENAME demo other gmpass\nSIGNON Mother gmpass\nSET DEADLINE 2026-12-01 12:00\n\nSIGNON Mdemo gmpass\nSET DEADLINE 2026-12-02 12:00');
    const text = await reply(GM);
    expect(text).toMatch(/is now called 'other'/);
    expect(text).toMatch(/There is no game named 'demo'/);
    expect(await db().selectFrom('games').select('name').execute()).toEqual([{ name: 'other' }]);
  });

  it('signs on by a new name after RENAME in an earlier mail of the same batch', async () => {
    await begin();
    const france = await player('FRANCE');
    const outcomes = await judge().receiveAll([
      { message: inboundMail(GM, 'RENAME demo other gmpass') },
      { message: inboundMail(france.address, `SIGNON Fother pw${france.address.slice(1, 2)}\nA Par - Bur`) },
      { message: inboundMail(france.address, `${france.signon}\nA Mar - Spa`) },
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['processed', 'processed', 'processed']);
    expect(await ordersOf('FRANCE')).toEqual([{ phase_id: 'S1901M', lines: ['A Par - Bur'] }]);
    expect(await reply(france.address)).toMatch(/There is no game named 'demo'/);
  });

  it('HISTORY lists what a batch wrote in the order it was written, not all its notices before all its press', async () => {
    await begin();
    const france = await player('FRANCE');
    const outcomes = await judge().receiveAll([
      { message: inboundMail(france.address, `${france.signon}\nPRESS TO ALL\nFirst word from Paris.\nENDPRESS`) },
      { message: inboundMail(GM, 'SIGNON Mdemo gmpass\nSET DEADLINE Wed 25 Nov 2026 18:00') },
      { message: inboundMail(france.address, `${france.signon}\nPRESS TO ALL\nSecond word from Paris.\nENDPRESS`) },
    ]);
    expect(outcomes.map((o) => (o.status === 'processed' ? o.failedBlocks : o.status))).toEqual([0, 0, 0]);
    await send(france.address, 'HISTORY demo');
    const history = await reply(france.address);
    const at = (text: string) => history.indexOf(text);
    // The notice by its subject: the reply's `::` lines above the entries name the deadline too.
    expect([at('First word from Paris.'), at('Deadline Adjustment'), at('Second word from Paris.')].every((index) => index >= 0)).toBe(true);
    expect(at('First word from Paris.')).toBeLessThan(at('Deadline Adjustment'));
    expect(at('Deadline Adjustment')).toBeLessThan(at('Second word from Paris.'));
  });

  it('PURGE, then CREATE by the same name and JOIN it, in one batch', async () => {
    await begin(0);
    const outcomes = await judge().receiveAll([
      { message: inboundMail(GM, 'PURGE demo gmpass') },
      { message: inboundMail('p4@players.example', 'JOIN demo pw4') },
      { message: inboundMail('gm2@players.example', 'CREATE demo gmpass2\nFORM\n\nSIGNON Mdemo gmpass2\nSET UNLISTED') },
      { message: inboundMail('p5@players.example', 'JOIN demo pw5') },
      { message: inboundMail(GM, 'RENAME demo other gmpass2\nRENAME demo other2 gmpass') },
    ]);
    expect(outcomes.map((o) => (o.status === 'processed' ? o.failedBlocks : o.status))).toEqual([0, 1, 0, 0, 1]);
    expect(await reply('p4@players.example')).toMatch(/There is no game named 'demo'/);
    expect(await reply('p5@players.example')).toMatch(/You have joined game 'demo'/);
    const seats = await db()
      .selectFrom('seats')
      .innerJoin('games', 'games.id', 'seats.game_id')
      .select(['games.name', 'games.listed', 'seats.address'])
      .orderBy('seats.id')
      .execute();
    expect(seats).toEqual([
      { name: 'demo', listed: false, address: 'gm2@players.example' },
      { name: 'demo', listed: false, address: 'p5@players.example' },
    ]);
  });

  it('signs on with the password a block before it set, in the same mail', async () => {
    await begin();
    const france = await player('FRANCE');
    await send(france.address, `${france.signon}\nSET PASSWORD newpw\n\nSIGNON Fdemo newpw\nA Par - Bur\n\n${france.signon}\nA Mar - Spa`);
    expect(await reply(france.address)).toMatch(/Invalid game, power or password/);
    expect(await ordersOf('FRANCE')).toEqual([{ phase_id: 'S1901M', lines: ['A Par - Bur'] }]);
  });

  it('CREATE then SIGNON as its Master in the same mail, and JOIN by another in the same batch', async () => {
    const outcomes = await judge().receiveAll([
      { message: inboundMail(GM, 'CREATE fresh gmpass\nFORM\n\nSIGNON Mfresh gmpass\nSET UNLISTED') },
      { message: inboundMail('p1@players.example', 'JOIN fresh pw1') },
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['processed', 'processed']);
    expect(await reply(GM)).not.toMatch(/Nothing in this block was done/);
    expect(await reply('p1@players.example')).toMatch(/You have joined game 'fresh'/);
    expect(await db().selectFrom('games').select(['name', 'listed']).execute()).toEqual([{ name: 'fresh', listed: false }]);
  });

  it('takes orders after the JOIN that starts the game, in the same mail', async () => {
    await begin(6);
    const outcome = await send('p7@players.example', 'JOIN demo pw7\n\nSIGNON Gdemo pw7\nA Ber - Kie\nF Kie - Den\nA Mun - Ruh');
    expect(outcome).toMatchObject({ status: 'processed', failedBlocks: 0 });
    expect(await ordersOf('GERMANY')).toEqual([{ phase_id: 'S1901M', lines: ['A Ber - Kie', 'F Kie - Den', 'A Mun - Ruh'] }]);
    await ordersFromAllBut(['GERMANY']);
    expect(await currentPhase()).toBe('F1901M');
  });

  it('processes the turn when SET NOWAIT makes it ready', async () => {
    await begin();
    const france = await player('FRANCE');
    await send(france.address, `${france.signon}\n${SPRING_1901_ORDERS.FRANCE!.join('\n')}\nSET WAIT`);
    await ordersFromAllBut(['FRANCE']);
    expect(await currentPhase()).toBe('S1901M');
    await send(france.address, `${france.signon}\nSET NOWAIT`);
    expect(await currentPhase()).toBe('F1901M');
  });

  it('ROLLBACK and ROLLFORWARD in one mail, then orders in the same batch', async () => {
    await begin();
    await ordersFromAllBut([]);
    expect(await currentPhase()).toBe('F1901M');
    const france = await player('FRANCE');
    await judge().receiveAll([
      { message: inboundMail(GM, 'SIGNON Mdemo gmpass\nROLLBACK S1901M\n\nSIGNON Mdemo gmpass\nROLLFORWARD F1901M\n\nSIGNON Mdemo gmpass\nROLLBACK S1901M') },
      { message: inboundMail(france.address, `${france.signon}\nA Par - Pic\nA Mar H\nF Bre H`) },
    ]);
    expect(await currentPhase()).toBe('S1901M');
    expect(await ordersOf('FRANCE')).toEqual([{ phase_id: 'S1901M', lines: ['A Par - Pic', 'A Mar H', 'F Bre H'] }]);
    await ordersFromAllBut(['FRANCE']);
    expect(await currentPhase()).toBe('F1901M');
  });

  it('orders of the next phase, ROLLBACK, and the phase processed again, in one batch', async () => {
    await begin();
    await ordersFromAllBut(['TURKEY']);
    const turkey = await player('TURKEY');
    const france = await player('FRANCE');
    const spring = Object.entries(SPRING_1901_ORDERS).map(([power, lines]) => ({ power, lines }));
    const mails = [
      { from: turkey.address, text: `${turkey.signon}\n${SPRING_1901_ORDERS.TURKEY!.join('\n')}` },
      { from: france.address, text: `${france.signon}\nA Bur H\nF Mao H` },
      { from: GM, text: 'SIGNON Mdemo gmpass\nROLLBACK S1901M RESTORE' },
      { from: france.address, text: `${france.signon}\nSET NOWAIT` },
    ];
    for (const { power } of spring)
      if (power !== 'FRANCE') mails.push({ from: (await player(power)).address, text: `${(await player(power)).signon}\nSET NOWAIT` });
    mails.push({ from: france.address, text: `${france.signon}\nA Bur H` });
    await judge().receiveAll(mails.map((mail) => ({ message: inboundMail(mail.from, mail.text) })));
    expect(await currentPhase()).toBe('F1901M');
    expect(await reply(GM)).toMatch(/rolled game 'demo' back to S1901M/);
    const results = await db().selectFrom('outbox').select('subject').where('kind', '=', 'results').execute();
    // Spring 1901 processed twice, for the same readers: before the ROLLBACK and after it.
    expect(results.every((r) => r.subject.includes('S1901M'))).toBe(true);
    expect(results.length % 2 === 0 && results.length > 0).toBe(true);
    expect(results.slice(results.length / 2)).toEqual(results.slice(0, results.length / 2));
    expect((await ordersOf('FRANCE')).find((o) => o.phase_id === 'F1901M')).toEqual({ phase_id: 'F1901M', lines: ['A Bur H'] });
  });

  it('PROCESS by the Master, then orders for the next phase in the same batch', async () => {
    await begin();
    const france = await player('FRANCE');
    await send(france.address, `${france.signon}\n${SPRING_1901_ORDERS.FRANCE!.join('\n')}\nSET WAIT`);
    await ordersFromAllBut(['FRANCE']);
    await judge().receiveAll([
      { message: inboundMail(GM, 'SIGNON Mdemo gmpass\nPROCESS') },
      { message: inboundMail(france.address, `${france.signon}\nA Bur H`) },
    ]);
    expect(await currentPhase()).toBe('F1901M');
    expect(await ordersOf('FRANCE')).toEqual([
      { phase_id: 'F1901M', lines: ['A Bur H'] },
      { phase_id: 'S1901M', lines: SPRING_1901_ORDERS.FRANCE },
    ]);
  });

  it("RESIGN, TAKEOVER and the new player's orders in one batch", async () => {
    await begin();
    const france = await player('FRANCE');
    const outcomes = await judge().receiveAll([
      { message: inboundMail(france.address, `RESIGN Fdemo pw${france.address.slice(1, 2)}`) },
      { message: inboundMail('p8@players.example', 'TAKEOVER france@demo newpw') },
      { message: inboundMail('p8@players.example', 'SIGNON Fdemo newpw\nA Par - Bur') },
    ]);
    expect(outcomes.map((o) => (o.status === 'processed' ? o.failedBlocks : o.status))).toEqual([0, 0, 0]);
    expect((await player('FRANCE')).address).toBe('p8@players.example');
    expect(await ordersOf('FRANCE')).toEqual([{ phase_id: 'S1901M', lines: ['A Par - Bur'] }]);
  });

  it('records a mail the judge failed on after it held writes: nothing of it stands, one reply', async () => {
    await begin(6);
    await send('gm2@players.example', 'CREATE second gmpass\nFORM');
    const before = await db().selectFrom('outbox').select('id').execute();
    random = () => {
      throw new Error('the random source is unavailable');
    };
    // The first JOIN writes its seat through and holds its mail; the second draws the powers, and fails.
    const outcome = await send('p7@players.example', 'JOIN second pw7\n\nJOIN demo pw7');
    expect(outcome.status).toBe('failed');
    const after = await db().selectFrom('outbox').select(['id', 'kind', 'body']).orderBy('id').execute();
    expect(after.length - before.length).toBe(1);
    expect(after.at(-1)).toMatchObject({ kind: 'reply' });
    expect(await db().selectFrom('seats').select('address').where('address', '=', 'p7@players.example').execute()).toEqual([]);
    expect(await currentPhase()).toBeNull();
  });

  it("records a queued mail the judge failed on after it held writes in the caller's transaction (receiveIn): one outcome, one reply", async () => {
    await begin(6);
    await send('gm2@players.example', 'CREATE second gmpass\nFORM');
    const before = await db().selectFrom('outbox').select('id').execute();
    random = () => {
      throw new Error('the random source is unavailable');
    };
    const mail = inboundMail('p7@players.example', 'JOIN second pw7\n\nJOIN demo pw7');
    const store = createJudgeStore(db(), { messageIdDomain: 'judge.example' });
    const outcome = await store.transaction((tx) => judge().receiveIn(tx, mail));
    expect(outcome.status).toBe('failed');
    const after = await db().selectFrom('outbox').select(['kind', 'to_addresses']).orderBy('id').execute();
    expect(after.slice(before.length)).toEqual([{ kind: 'reply', to_addresses: ['p7@players.example'] }]);
    expect(await db().selectFrom('inbound_mail').select('outcome').where('message_id', '=', mail.id).execute()).toEqual([{ outcome: 'failed' }]);
    expect(await db().selectFrom('seats').select('address').where('address', '=', 'p7@players.example').execute()).toEqual([]);
    expect(await currentPhase()).toBeNull();
  });

  it('judges queued mails one by one in one transaction (receiveIn): a failed one between two others leaves them standing', async () => {
    await begin(6);
    await send('gm2@players.example', 'CREATE second gmpass\nFORM');
    const store = createJudgeStore(db(), { messageIdDomain: 'judge.example' });
    const before = (await db().selectFrom('outbox').select('id').execute()).length;
    const outcomes = await store.transaction(async (tx) => [
      await judge().receiveIn(tx, inboundMail('p8@players.example', 'JOIN second pw8')),
      await (async () => {
        random = () => {
          throw new Error('the random source is unavailable');
        };
        return judge().receiveIn(tx, inboundMail('p7@players.example', 'JOIN second pw7\n\nJOIN demo pw7'));
      })(),
      await (async () => {
        random = () => 0.3;
        return judge().receiveIn(tx, inboundMail('p9@players.example', 'JOIN demo pw9'));
      })(),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['processed', 'failed', 'processed']);
    const joined = await db()
      .selectFrom('seats')
      .innerJoin('games', 'games.id', 'seats.game_id')
      .select(['games.name', 'seats.address'])
      .where('seats.role', '=', 'power')
      .where('seats.address', 'in', ['p7@players.example', 'p8@players.example', 'p9@players.example'])
      .orderBy('seats.id')
      .execute();
    expect(joined).toEqual([
      { name: 'second', address: 'p8@players.example' },
      { name: 'demo', address: 'p9@players.example' },
    ]);
    expect(await currentPhase()).toBe('S1901M');
    const queued = await db().selectFrom('outbox').select(['kind', 'to_addresses']).orderBy('id').execute();
    expect(
      queued
        .slice(before)
        .filter((m) => m.kind === 'reply')
        .map((r) => r.to_addresses),
    ).toEqual([['p8@players.example'], ['p7@players.example'], ['p9@players.example']]);
  });

  it('a batch ending with the last orders of a phase does what the same mails do one by one', async () => {
    const mails = async () => {
      const lines: { from: string; text: string }[] = [];
      for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) {
        const { address, signon } = await player(power);
        lines.push({ from: address, text: `${signon}\n${orders.join('\n')}` });
      }
      return lines;
    };
    const state = async () => ({
      outbox: await db().selectFrom('outbox').select(['to_addresses', 'subject', 'body', 'kind']).orderBy('id').execute(),
      games: await db().selectFrom('games').select(['name', 'status', 'current_phase', 'deadline_at']).execute(),
      orders: await db().selectFrom('orders').select(['phase_id', 'power', 'lines', 'submitted', 'has_errors']).orderBy('phase_id').orderBy('power').execute(),
      phases: await db().selectFrom('phases').select(['phase_id', 'seq', 'results_text', 'punctuality_judged_at']).orderBy('seq').execute(),
      seats: await db().selectFrom('seats').select(['power', 'status', 'wait', 'late_count', 'on_time_count']).orderBy('id').execute(),
    });
    await begin();
    for (const mail of await mails()) await send(mail.from, mail.text);
    const oneByOne = await state();
    await getDatabase().reset();
    await begin();
    await judge().receiveAll((await mails()).map((mail) => ({ message: inboundMail(mail.from, mail.text) })));
    expect(await state()).toEqual(oneByOne);
    expect(oneByOne.games[0]!.current_phase).toBe('F1901M');
  });

  it('random mails to two games do the same in batches as one by one', { timeout: 120_000 }, async () => {
    const powers = Object.keys(SPRING_1901_ORDERS);
    const units: Record<string, string[]> = {
      ...SPRING_1901_ORDERS,
    };
    let seed = 20261126;
    const next = (n: number) => {
      // mulberry32: the same mails every run.
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const pick = <T>(items: readonly T[]) => items[next(items.length)]!;
    const script: { from: string; text: string }[] = [];
    const holders = new Map<string, string>();
    // No HISTORY: it lists a game's press and notices by the time they were stored, and a batch
    // stores them all at one time (one transaction), so its order there is not the mails' order.
    const masterBlock = (game: string) => ({
      from: GM,
      text: pick([
        `SIGNON M${game} gmpass\nPROCESS`,
        `SIGNON M${game} gmpass\nROLLBACK`,
        `SIGNON M${game} gmpass\nSET DEADLINE Fri Dec 4 2026 23:30`,
        `SUMMARY ${game}`,
      ]),
    });
    const playerBlock = (game: string, power: string) => {
      const address = holders.get(`${game}:${power}`)!;
      const lines = units[power]!;
      // Mostly every unit holding, which stays valid phase after phase, so the game goes on.
      const holds = lines.map((l) => `${l.split(' ').slice(0, 2).join(' ')} H`).join('\n');
      const orders = pick([holds, holds, holds, holds, holds, holds, holds, holds, lines.join('\n'), lines[0]!]);
      const extra =
        next(4) > 0
          ? ''
          : pick([
              'SET WAIT',
              'SET NOWAIT',
              'SET NOWAIT',
              'SET ABSENCE 10 Dec 2026 TO 12 Dec 2026',
              'SET NOSUCHTHING',
              'BROADCAST\nHello all\nENDPRESS',
              'LIST',
            ]);
      return { from: address, text: `SIGNON ${power[0]}${game} pw${address.slice(1, 2)}\n${orders}\n${extra}` };
    };
    const state = async () => ({
      // Press carries the minute it was sent by the wall clock, not the judge's.
      outbox: (await db().selectFrom('outbox').select(['to_addresses', 'subject', 'body', 'kind']).orderBy('id').execute()).map((m) => ({
        ...m,
        body: m.body.replace(/^Date: .*$/gm, 'Date:'),
      })),
      games: await db().selectFrom('games').select(['name', 'status', 'current_phase', 'deadline_at', 'grace_at', 'process_at']).orderBy('name').execute(),
      orders: await db()
        .selectFrom('orders')
        .select(['game_id', 'phase_id', 'power', 'lines', 'submitted', 'has_errors'])
        .orderBy('game_id')
        .orderBy('phase_id')
        .orderBy('power')
        .execute(),
      phases: await db().selectFrom('phases').select(['game_id', 'phase_id', 'seq', 'results_text', 'deadline_at']).orderBy('game_id').orderBy('seq').execute(),
      seats: await db().selectFrom('seats').select(['game_id', 'power', 'status', 'wait', 'late_count', 'on_time_count']).orderBy('id').execute(),
      absences: await db().selectFrom('absences').select(['game_id', 'seat_id', 'starts_at', 'ends_at']).orderBy('id').execute(),
      press: await db().selectFrom('press').select(['game_id', 'phase_id', 'body']).orderBy('id').execute(),
      jobs: await db().selectFrom('jobs').select(['kind', 'due_at', 'dedupe_key', 'done_at']).orderBy('dedupe_key').execute(),
    });
    const setUp = async () => {
      await begin();
      await begin(7, 'second');
      for (const game of ['demo', 'second']) for (const power of powers) holders.set(`${game}:${power}`, (await player(power, game)).address);
    };
    await setUp();
    // Rounds in which every power of each game sends a block, in a random order, with the
    // Master's commands and a power's second block (to the same game or the other) between them.
    for (let round = 0; round < 5; round++) {
      const blocks = ['demo', 'second'].flatMap((game) => powers.map((power) => ({ game, power })));
      for (let i = blocks.length - 1; i > 0; i--) {
        const j = next(i + 1);
        [blocks[i], blocks[j]] = [blocks[j]!, blocks[i]!];
      }
      for (const { game, power } of blocks) {
        if (next(8) === 0) script.push(masterBlock(pick(['demo', 'second'])));
        const first = playerBlock(game, power);
        const other = next(4) === 0 ? playerBlock(pick(['demo', 'second']), power) : null;
        script.push(other ? { from: first.from, text: `${first.text}\n\n${other.text}` } : first);
      }
    }
    for (const mail of script) await send(mail.from, mail.text);
    const oneByOne = await state();
    await getDatabase().reset();
    await setUp();
    for (let start = 0; start < script.length; ) {
      const size = 1 + next(6);
      await judge().receiveAll(script.slice(start, start + size).map((mail) => ({ message: inboundMail(mail.from, mail.text) })));
      start += size;
    }
    const batched = await state();
    expect(batched).toEqual(oneByOne);
    console.log(`${script.length} mails, ${oneByOne.phases.length} phases, ${oneByOne.outbox.length} mails queued`);
    expect(oneByOne.phases.length).toBeGreaterThanOrEqual(4);
  });

  it('runs the timed events of two games, with mails to both between them', async () => {
    await begin();
    await begin(7, 'second');
    const france = await player('FRANCE');
    await send(france.address, `${france.signon}\n${SPRING_1901_ORDERS.FRANCE!.join('\n')}\nSET ABSENCE 1 Dec 2026 TO 3 Dec 2026`);
    const russia = await player('RUSSIA', 'second');
    await send(russia.address, `${russia.signon}\n${SPRING_1901_ORDERS.RUSSIA!.join('\n')}`);
    let mailed = false;
    await runGameEventsUntil(
      db(),
      new Date(NOW.getTime() + 20 * 86_400_000),
      (at) => (now = at),
      async () => {
        if (mailed || (await currentPhase('second')) === null) return;
        // Once events have run, a mail to each game between them.
        const england = await player('ENGLAND', 'second');
        await send(england.address, `${england.signon}\n${SPRING_1901_ORDERS.ENGLAND!.join('\n')}`);
        const turkey = await player('TURKEY');
        await send(turkey.address, `${turkey.signon}\n${SPRING_1901_ORDERS.TURKEY!.join('\n')}\nSET ABSENCE 5 Dec 2026 TO 6 Dec 2026`);
        mailed = true;
      },
    );
    expect(mailed).toBe(true);
    const games = await db().selectFrom('games').select(['name', 'status', 'current_phase']).orderBy('name').execute();
    const notices = await db().selectFrom('outbox').select('subject').where('kind', '=', 'notice').execute();
    expect(notices.length).toBeGreaterThan(0);
    expect(games.map((g) => g.status)).toEqual(['waiting', 'waiting']);
  });
});

describe('a game read before its lock, while another transaction changes it [postgres]', () => {
  let database: TestDatabase | null = null;
  const db = () => database!.store.db;
  const judge = () =>
    new Judge(
      createJudgeStore(db(), { messageIdDomain: 'judge.example' }),
      HARNESS_JUDGE,
      () => 0.3,
      () => NOW,
      quietLog,
    );

  beforeAll(async () => {
    database = await databaseBackend('postgres').open();
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await database!.reset();
    await judge().receive(inboundMail(GM, 'CREATE demo gmpass\nFORM'));
  });
  afterEach(() => {
    const found = disagreements.splice(0);
    expect(found).toEqual([]);
  });

  /**
   * Another connection locks demo and gives the Master a new password, uncommitted. The mail's
   * HISTORY reads demo and its seats without a lock (the old password); its RENAME, which needs
   * the Master's password, then waits for the lock, and only then the change commits. The RENAME
   * must check the password the game has once it holds the lock, as it did before the unit of work.
   */
  async function renameDuringPasswordChange(password: string): Promise<string> {
    await duringMasterPasswordChange(db(), 'newpass', () => judge().receive(inboundMail(GM, `HISTORY demo\nRENAME demo other ${password}`)));
    return (await db().selectFrom('outbox').select('body').where('kind', '=', 'reply').orderBy('id', 'desc').executeTakeFirstOrThrow()).body;
  }

  it('the old password, right when the seats were read, is refused once the change has committed', async () => {
    expect(await renameDuringPasswordChange('gmpass')).toMatch(/needs the Master's password/);
    expect(await db().selectFrom('games').select('name').execute()).toEqual([{ name: 'demo' }]);
  });

  it('the new password is accepted', async () => {
    expect(await renameDuringPasswordChange('newpass')).toMatch(/is now called 'other'/);
  });
});
