import type { PowerId } from '../../src/engine/types.ts';
import { expect, it } from 'vitest';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { lastReplyTo, runGameEventsUntil, SPRING_1901_ORDERS, type StartedGame, startGame } from './game-fixture.ts';
import { eml } from './mail-builder.ts';
import { mailAddress } from '../../src/judge/model.ts';

// A power vacated in the middle of a game (its player's RESIGN, the Master's RESIGN or EJECT)
// leaves the game waiting for a replacement, and everyone is reminded every 48 h, as after an
// abandonment at grace (njudge's "Waiting for Replacements"), until TAKEOVER fills the seat.
// Taking a vacated power back (TAKEOVER by anyone, the Master's REVIVE, its own player's orders
// for a power abandoned or in civil disorder) counts a takeover.

const START = new Date('2004-01-05T16:00:00Z');
const HOUR = 3_600_000;
const GM = 'gm@players.example';

describeWithDatabase('waiting for replacements after a resignation', (getStore) => {
  let now = START;
  const clock = () => now;
  const db = () => getStore().db;
  const game = () => db().selectFrom('games').selectAll().executeTakeFirstOrThrow();
  const reminders = () =>
    db().selectFrom('outbox').selectAll().where('kind', '=', 'notice').where('subject', 'like', '%Waiting for Replacements%').orderBy('id').execute();
  const openJobs = () => db().selectFrom('jobs').select(['kind', 'due_at']).where('done_at', 'is', null).orderBy('due_at').execute();
  const record = async (address: string) =>
    (await createJudgeStore(db(), { messageIdDomain: 'judge.example' }).transaction((tx) => tx.playerRecords([mailAddress(address)]))).get(
      mailAddress(address),
    );
  const reply = (address: string) => lastReplyTo(db(), address);
  const master = async (played: StartedGame, lines: string) => {
    await played.judge.receive(eml({ from: GM }, `SIGNON Mdemo gmpass\n${lines}`));
    return reply(GM);
  };
  const seat = (power: PowerId) => db().selectFrom('seats').select(['status', 'address']).where('power', '=', power).executeTakeFirstOrThrow();
  const notices = (subjectLike: string) => db().selectFrom('outbox').selectAll().where('kind', '=', 'notice').where('subject', 'like', subjectLike).execute();
  const begin = async () => {
    now = START;
    return startGame(db(), '', clock);
  };
  /** Runs the jobs due up to `until`, each at its own due time, as the scheduler does. */
  const runUntil = (until: Date) => runGameEventsUntil(db(), until, (at) => void (now = at));

  it("a player's RESIGN: reminders every 48 h name the vacant power, until TAKEOVER; the game then goes on with a fresh deadline", async () => {
    const played = await begin();
    const france = played.holder.get('FRANCE')!;
    now = new Date(START.getTime() + HOUR);
    await played.judge.receive(eml({ from: france.address }, `RESIGN Fdemo ${france.password}`));
    expect((await game()).status).toBe('waiting');
    // The deadline's jobs are gone: only the reminder is left, 48 h after the resignation.
    expect(await openJobs()).toEqual([{ kind: 'replacements', due_at: new Date(now.getTime() + 48 * HOUR) }]);

    await runUntil(new Date(now.getTime() + 100 * HOUR));
    const sent = await reminders();
    expect(sent).toHaveLength(2);
    expect(sent[0]!.subject).toMatch(/Waiting for Replacements: F$/);
    expect(sent[0]!.body).toMatch(/still waiting for replacements for France\.\nAnyone may take over with:\n {2}TAKEOVER france@demo <password>/);
    // The resigned player is not reminded; the others and the Master are.
    expect(sent[0]!.to_addresses).not.toContain(france.address);
    expect(sent[0]!.to_addresses).toContain(GM);

    await played.judge.receive(eml({ from: 'sub@players.example' }, 'TAKEOVER france@demo newpw'));
    const resumed = await game();
    expect(resumed.status).toBe('active');
    expect(resumed.deadline_at!.getTime()).toBeGreaterThan(now.getTime());
    expect((await openJobs()).map((j) => j.kind)).not.toContain('replacements');
    await runUntil(new Date(now.getTime() + 100 * HOUR));
    expect(await reminders()).toHaveLength(2);
    expect(await record('sub@players.example')).toMatchObject({ tookOver: 1, started: 0 });
  });

  it('orders from the player of an abandoned power take it back: a takeover, and the waiting game goes on', async () => {
    const played = await begin();
    const turkey = played.holder.get('TURKEY')!;
    for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) if (power !== 'TURKEY') await played.as(power, orders.join('\n'));
    await runUntil(new Date((await game()).grace_at!.getTime() + 60_000));
    expect((await game()).status).toBe('waiting');
    expect(await seat('TURKEY')).toMatchObject({ status: 'abandoned', address: turkey.address });
    expect(await record(turkey.address)).toMatchObject({ tookOver: 0, resigned: 1 });

    now = new Date(now.getTime() + HOUR);
    const back = await played.as('TURKEY', SPRING_1901_ORDERS.TURKEY!.join('\n'));
    expect(back).toMatch(/You play Turkey in game 'demo' again\./);
    expect(await seat('TURKEY')).toMatchObject({ status: 'active' });
    expect(await record(turkey.address)).toMatchObject({ tookOver: 1, resigned: 1 });
    // Every order is in: this REAL_TIME game is processed at once.
    expect((await game()).current_phase).toBe('F1901M');
    expect((await game()).status).toBe('active');
  });

  it('orders from the player of a power in civil disorder take it back, counting a takeover', async () => {
    now = START;
    const played = await startGame(db(), 'RULES CIVIL_DISORDER', clock);
    const turkey = played.holder.get('TURKEY')!;
    for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) if (power !== 'TURKEY') await played.as(power, orders.join('\n'));
    await runUntil(new Date((await game()).grace_at!.getTime() + 60_000));
    expect((await game()).current_phase).toBe('F1901M');
    expect(await seat('TURKEY')).toMatchObject({ status: 'cd' });
    now = new Date(now.getTime() + HOUR);
    expect(await played.as('TURKEY', 'A Con H')).toMatch(/You play Turkey in game 'demo' again\.[\s\S]*Turkey: Army Constantinople HOLD\./);
    expect(await seat('TURKEY')).toMatchObject({ status: 'active' });
    expect(await record(turkey.address)).toMatchObject({ tookOver: 1 });
    expect(await notices('%New Player Signon: T')).toHaveLength(1);
  });

  it("the Master's RESIGN and EJECT start the same reminders; REVIVE ends them and counts a takeover for the returning player", async () => {
    const played = await begin();
    const england = played.holder.get('ENGLAND')!;
    const turkey = played.holder.get('TURKEY')!;
    expect(await master(played, 'RESIGN Turkey')).toMatch(/Turkey is vacant/);
    expect(await master(played, `EJECT ${england.address}`)).toMatch(/England is vacant/);
    expect((await openJobs()).map((j) => j.kind)).toEqual(['replacements']);
    await runUntil(new Date(now.getTime() + 49 * HOUR));
    const [first] = await reminders();
    expect(first!.subject).toMatch(/Waiting for Replacements: ET$/);
    expect(first!.body).toMatch(/TAKEOVER england@demo <password>\n {2}TAKEOVER turkey@demo <password>/);

    expect(await record(turkey.address)).toMatchObject({ started: 1, tookOver: 0 });
    expect(await master(played, 'REVIVE Turkey')).toMatch(/Turkey is played again by its former player/);
    expect(await record(turkey.address)).toMatchObject({ started: 1, tookOver: 1 });
    // England is still vacant: the game still waits and the reminders go on, naming England alone.
    expect((await game()).status).toBe('waiting');
    await runUntil(new Date(now.getTime() + 49 * HOUR));
    expect((await reminders()).at(-1)!.subject).toMatch(/Waiting for Replacements: E$/);

    // England's own player comes back with TAKEOVER: a takeover too, and the game goes on.
    await played.judge.receive(eml({ from: england.address }, 'TAKEOVER england@demo back'));
    expect(await record(england.address)).toMatchObject({ started: 1, tookOver: 1 });
    expect((await game()).status).toBe('active');
    const count = (await reminders()).length;
    await runUntil(new Date(now.getTime() + 100 * HOUR));
    expect(await reminders()).toHaveLength(count);
  });
});
