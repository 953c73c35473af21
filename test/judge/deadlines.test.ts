import { expect, it } from 'vitest';
import { onGameEvent } from '../../src/judge/diplomacy/game-events.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { startGame, TEST_JUDGE } from './game-fixture.ts';
import { eml } from './mail-builder.ts';
import { inUnitOfWork } from '../../src/judge/unit-of-work.ts';

// The clock is injected: the game starts on Monday 5 January 2004 17:00 in Europe/Berlin, as in
// njudge's worked example, and time moves only when the test says so.

describeWithDatabase('deadlines and lateness', (getStore) => {
  let now = new Date('2004-01-05T16:00:00Z');
  const clock = () => now;
  const store = () => createJudgeStore(getStore().db, { messageIdDomain: 'judge.example' });
  const game = () => getStore().db.selectFrom('games').selectAll().executeTakeFirstOrThrow();
  const fire = async (kind: string) => {
    const g = await game();
    await store().transaction((tx) => inUnitOfWork(tx, (work) => onGameEvent(work, TEST_JUDGE, { kind, gameId: g.id, phase: g.current_phase! }, now)));
  };
  const notices = async (subjectLike: string) =>
    getStore().db.selectFrom('outbox').selectAll().where('kind', '=', 'notice').where('subject', 'like', subjectLike).orderBy('id').execute();

  it('sets njudge deadlines in the game zone, shows them, and schedules the deadline job', async () => {
    now = new Date('2004-01-05T16:00:00Z');
    await startGame(getStore().db, 'ZONE Europe/Berlin', clock);
    const g = await game();
    // njudge's worked example: started Mon 5 Jan 17:00, the first deadline is Mon 12 Jan 23:30
    // (next doubled for a press game, snapped to the clock, no deadline on Sundays).
    expect(g.deadline_at!.toISOString()).toBe('2004-01-12T22:30:00.000Z');
    const start = (await notices('%Game starting%'))[0]!;
    expect(start.body).toMatch(/The deadline for the first orders is Mon Jan 12 2004 23:30:00 \+0100/);
    const jobs = await getStore().db.selectFrom('jobs').selectAll().where('done_at', 'is', null).execute();
    expect(jobs.find((j) => j.kind === 'deadline')!.due_at.toISOString()).toBe(g.deadline_at!.toISOString());
  });

  it('sends a late notice at the deadline and abandons the late powers at the end of grace', async () => {
    now = new Date('2004-01-05T16:00:00Z');
    const played = await startGame(getStore().db, 'ZONE Europe/Berlin', clock);
    for (const power of ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA']) {
      const units = {
        AUSTRIA: ['A Vie H', 'A Bud H', 'F Tri H'],
        ENGLAND: ['F Lon H', 'F Edi H', 'A Lvp H'],
        FRANCE: ['A Par H', 'A Mar H', 'F Bre H'],
        GERMANY: ['A Ber H', 'F Kie H', 'A Mun H'],
        ITALY: ['A Ven H', 'A Rom H', 'F Nap H'],
        RUSSIA: ['A Mos H', 'A War H', 'F Sev H', 'F Stp/sc H'],
      }[power]!;
      await played.as(power, units.join('\n'));
    }
    now = (await game()).deadline_at!;
    await fire('deadline');
    // One copy for the others, one marked for the late player.
    const late = await notices('%Late Notice: T%');
    expect(late.map((n) => [n.subject, n.to_addresses.length])).toEqual([
      ['DIP:demo - S1901M Late Notice: T', 7],
      ['[You are late!] DIP:demo - S1901M Late Notice: T', 1],
    ]);
    expect(late[1]!.to_addresses).toEqual([played.holder.get('TURKEY')!.address]);
    expect(late[0]!.body).toMatch(/waiting for Turkey's orders/);
    const turkey = await getStore().db.selectFrom('seats').select(['late_count', 'status']).where('power', '=', 'TURKEY').executeTakeFirstOrThrow();
    expect(turkey.late_count).toBe(1);
    // The next look at the game is the next day at grace's time of day.
    const next = await getStore().db.selectFrom('jobs').selectAll().where('kind', '=', 'grace').where('done_at', 'is', null).executeTakeFirstOrThrow();
    expect(next.due_at.toISOString()).toBe('2004-01-13T21:30:00.000Z');
    now = (await game()).grace_at!;
    await fire('grace');
    expect((await game()).status).toBe('waiting');
    expect((await notices('%Waiting for Replacements: T%'))[0]!.body).toMatch(/TAKEOVER turkey@demo/);
    // A replacement takes over; the game goes on with a deadline counted from now.
    now = new Date(now.getTime() + 3_600_000);
    await played.judge.receive(eml({ from: 'sub@players.example' }, 'TAKEOVER turkey@demo newpw'));
    const resumed = await game();
    expect(resumed.status).toBe('active');
    expect(resumed.deadline_at!.getTime()).toBeGreaterThan(now.getTime());
  });

  it('processes the turn with the late powers holding in CIVIL_DISORDER games', async () => {
    now = new Date('2004-01-05T16:00:00Z');
    await startGame(getStore().db, 'RULES CIVIL_DISORDER', clock);
    now = (await game()).deadline_at!;
    await fire('deadline');
    expect((await game()).current_phase).toBe('S1901M');
    now = (await game()).grace_at!;
    await fire('grace');
    const g = await game();
    expect(g.current_phase).toBe('F1901M');
    expect((await notices('%Civil Disorder%'))[0]!.body).toMatch(/Austria, England, France, Germany, Italy, Russia, Turkey are in civil disorder/);
    const results = await getStore().db.selectFrom('outbox').selectAll().where('kind', '=', 'results').executeTakeFirstOrThrow();
    expect(results.body).toMatch(/Austria: Army Vienna, No Order Processed\./);
    // Jobs of a phase the game has left do nothing.
    await store().transaction((tx) => inUnitOfWork(tx, (work) => onGameEvent(work, TEST_JUDGE, { kind: 'grace', gameId: g.id, phase: 'S1901M' }, now)));
    expect((await game()).current_phase).toBe('F1901M');
  });
});

describeWithDatabase('master processing', (getStore) => {
  it('PROCESS refuses while orders are missing; PROCESS! defaults them', async () => {
    const played = await startGame(getStore().db, '');
    await played.as('FRANCE', 'A Par - Bur\nA Mar H\nF Bre - Mao');
    const master = async (line: string) => {
      await played.judge.receive(eml({ from: 'gm@players.example' }, `SIGNON Mdemo gmpass\n${line}`));
      return (await getStore().db.selectFrom('outbox').select('body').where('kind', '=', 'reply').orderBy('id', 'desc').executeTakeFirstOrThrow()).body;
    };
    expect(await master('PROCESS')).toMatch(/Not all orders are in: waiting for Austria, England, Germany, Italy, Russia, Turkey/);
    expect(await master('PROCESS!')).toMatch(/S1901M has been processed; Austria, England, Germany, Italy, Russia, Turkey took the civil-disorder defaults/);
    const g = await getStore().db.selectFrom('games').select('current_phase').executeTakeFirstOrThrow();
    expect(g.current_phase).toBe('F1901M');
    const results = await getStore().db.selectFrom('outbox').select('body').where('kind', '=', 'results').executeTakeFirstOrThrow();
    expect(results.body).toMatch(/France: Army Paris -> Burgundy\./);
    expect(await played.as('FRANCE', 'PROCESS!')).toMatch(/PROCESS! is a Master command/);
  });
});
