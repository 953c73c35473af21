import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Position } from '../../src/engine/types.ts';
import { storeDeadline } from '../../src/judge/clock/deadlines.ts';
import { onGameEvent } from '../../src/judge/diplomacy/game-events.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { runDueGameEvents, SPRING_1901_ORDERS, startGame, TEST_JUDGE, type FixtureTiming, type StartedGame } from './game-fixture.ts';
import { eml } from './mail-builder.ts';
import { inUnitOfWork } from '../../src/judge/unit-of-work.ts';

// njudge's processing delay (UPDATE_PROCESS, njudge.md §2) on a fake clock: once every order is
// in and nobody waits, the turn runs `delay` after the last mail that signed on, and never before
// the phase's start plus `min`; the scheduler's 'process' event does it. The game starts on
// Monday 5 January 2004 16:00 UTC with njudge's default timing: moves have a 12 h minimum and a
// 30 min delay, doubled in the first phase of a game with press; the first deadline is Monday
// 12 January 23:30.

const START = new Date('2004-01-05T16:00:00Z');
const MINUTE = 60_000;
const at = (iso: string) => new Date(iso);

describeWithDatabase('the processing delay', (getStore) => {
  let now = START;
  const db = () => getStore().db;
  const game = () => db().selectFrom('games').selectAll().executeTakeFirstOrThrow();
  const phase = async () => (await game()).current_phase;
  const processJobs = () => db().selectFrom('jobs').selectAll().where('kind', '=', 'process').where('done_at', 'is', null).execute();
  const results = () => db().selectFrom('outbox').select('subject').where('kind', '=', 'results').execute();
  const lastReply = async (address: string) =>
    (
      await db()
        .selectFrom('outbox')
        .select('body')
        .where('kind', '=', 'reply')
        .where(sql<boolean>`${address} = ANY(to_addresses)`)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).body;
  const begin = (createLines: string, timing: FixtureTiming = 'njudge') => {
    now = START;
    return startGame(db(), createLines, () => now, { timing });
  };
  /** Every power sends the Spring 1901 opening; returns the reply to the last mail. */
  const allOrders = async (played: StartedGame, extra: Record<string, string> = {}) => {
    let reply = '';
    for (const [power, lines] of Object.entries(SPRING_1901_ORDERS)) reply = await played.as(power, [...lines, extra[power] ?? ''].join('\n'));
    return reply;
  };
  /** Moves the clock and runs the game events due by then, as the daemon's scheduler does. */
  const runUntil = async (instant: Date) => {
    now = instant;
    await runDueGameEvents(db(), now);
  };
  /** The 'process' event fired directly, as if its job had been claimed before the last mail. */
  const fireProcess = async () => {
    const g = await game();
    await createJudgeStore(db(), { messageIdDomain: 'judge.example' }).transaction((tx) =>
      inUnitOfWork(tx, (work) => onGameEvent(work, TEST_JUDGE, { kind: 'process', gameId: g.id, phase: g.current_phase! }, now)),
    );
  };

  it('processes at the later of the phase minimum and the delay after the last orders, never before', async () => {
    const played = await begin('');
    const started = await game();
    expect(started.process_start_at).toEqual(at('2004-01-06T04:00:00Z'));
    expect(started.process_delay_minutes).toBe(60);

    // All in at 17:00: the doubled delay would end at 18:00, but the 12 h minimum runs to 04:00.
    now = at('2004-01-05T17:00:00Z');
    const reply = await allOrders(played);
    expect(reply).toMatch(/All orders are in\. {2}The turn will be processed at\nTue Jan 06 2004 04:00:00 \+0000 unless someone sets WAIT\./);
    expect((await processJobs()).map((j) => j.due_at)).toEqual([at('2004-01-06T04:00:00Z')]);
    await runUntil(at('2004-01-06T03:59:00Z'));
    expect(await phase()).toBe('S1901M');
    expect(await results()).toHaveLength(0);
    await runUntil(at('2004-01-06T04:00:00Z'));
    expect(await phase()).toBe('F1901M');
    expect(await results()).toHaveLength(1);

    // Fall: the minimum ends at 16:00; orders complete at 20:00 wait the plain 30 min delay.
    expect((await game()).process_delay_minutes).toBe(30);
    now = at('2004-01-06T20:00:00Z');
    const position = (await db().selectFrom('phases').select('position').where('phase_id', '=', 'F1901M').executeTakeFirstOrThrow()).position as Position;
    let fallReply = '';
    for (const power of Object.keys(SPRING_1901_ORDERS)) {
      fallReply = await played.as(
        power,
        position.units
          .filter((u) => u.power === power)
          .map((u) => `${u.type} ${u.location} H`)
          .join('\n'),
      );
    }
    expect(fallReply).toMatch(/processed at\nTue Jan 06 2004 20:30:00 \+0000 unless someone sets WAIT\./);
    await runUntil(new Date(now.getTime() + 29 * MINUTE));
    expect(await phase()).toBe('F1901M');
    await runUntil(at('2004-01-06T20:30:00Z'));
    expect(await phase()).toBe('W1901A');
  });

  it('a later mail pushes the processing back by the delay (UPDATE_PROCESS); the first press phase has it doubled', async () => {
    const played = await begin('');
    now = at('2004-01-06T05:00:00Z');
    await allOrders(played);
    expect((await game()).process_at).toEqual(at('2004-01-06T06:00:00Z'));
    // France changes its mind at 05:40: another hour from then.
    now = at('2004-01-06T05:40:00Z');
    const reply = await played.as('FRANCE', 'A Par - Pic\nA Mar - Bur\nF Bre - Eng');
    expect(reply).toMatch(/processed at\nTue Jan 06 2004 06:40:00 \+0000 unless someone sets WAIT\./);
    expect((await processJobs()).map((j) => j.due_at)).toEqual([at('2004-01-06T06:40:00Z')]);
    await runUntil(at('2004-01-06T06:00:00Z'));
    await runUntil(at('2004-01-06T06:39:00Z'));
    expect(await phase()).toBe('S1901M');
    await runUntil(at('2004-01-06T06:40:00Z'));
    expect(await phase()).toBe('F1901M');
    const france = (await db().selectFrom('outbox').select('body').where('kind', '=', 'results').executeTakeFirstOrThrow()).body;
    expect(france).toMatch(/France: Army Paris -> Picardy\./);
  });

  it('SET WAIT holds the turn to the deadline; orders withdrawn before the event fires are not processed', async () => {
    // Without press the first phase has the plain delay.
    const played = await begin('RULE NO_PRESS');
    expect((await game()).process_delay_minutes).toBe(30);
    now = at('2004-01-06T05:00:00Z');
    await allOrders(played);
    expect((await game()).process_at).toEqual(at('2004-01-06T05:30:00Z'));

    // England waits: the pending processing is withdrawn, and an event that fires anyway does nothing.
    now = at('2004-01-06T05:10:00Z');
    expect(await played.as('ENGLAND', 'SET WAIT')).toMatch(/Wait flag set/);
    expect(await processJobs()).toHaveLength(0);
    expect((await game()).process_at).toBeNull();
    now = at('2004-01-06T05:30:00Z');
    await fireProcess();
    expect(await phase()).toBe('S1901M');

    // England lets go; France clears its orders before the new time comes.
    now = at('2004-01-06T06:00:00Z');
    await played.as('ENGLAND', 'SET NOWAIT');
    expect((await processJobs()).map((j) => j.due_at)).toEqual([at('2004-01-06T06:30:00Z')]);
    now = at('2004-01-06T06:20:00Z');
    expect(await played.as('FRANCE', 'CLEAR')).not.toMatch(/All orders are in/);
    expect(await processJobs()).toHaveLength(0);
    await runUntil(at('2004-01-06T06:30:00Z'));
    await fireProcess();
    expect(await phase()).toBe('S1901M');

    // France's orders again, with a WAIT this time: nothing before the deadline, then the deadline processes.
    now = at('2004-01-06T07:00:00Z');
    // Without press the first deadline is not doubled: Thursday 23:30.
    expect(await played.as('FRANCE', `${SPRING_1901_ORDERS.FRANCE!.join('\n')}\nSET WAIT`)).toMatch(
      /You have set 'wait' status so orders will not be processed\nbefore Thu Jan 08 2004 23:30:00 \+0000/,
    );
    expect(await processJobs()).toHaveLength(0);
    await runUntil(at('2004-01-08T23:29:00Z'));
    expect(await phase()).toBe('S1901M');
    await runUntil((await game()).deadline_at!);
    expect(await phase()).toBe('F1901M');
  });

  it('SET DEADLINE keeps the pending processing', async () => {
    const played = await begin('');
    now = at('2004-01-06T05:00:00Z');
    await allOrders(played);
    // Replacing the game's jobs for a new deadline brings the pending processing back as it was.
    const g = await game();
    await createJudgeStore(db(), { messageIdDomain: 'judge.example' }).transaction((tx) =>
      inUnitOfWork(tx, async (work) =>
        storeDeadline(work, (await work.findGameById(g.id))!, 'S1901M', at('2004-01-09T23:30:00Z'), at('2004-01-16T23:30:00Z'), now),
      ),
    );
    expect((await processJobs()).map((j) => j.due_at)).toEqual([at('2004-01-06T06:00:00Z')]);
    // A deadline moved before the pending time brings it forward to the deadline.
    await createJudgeStore(db(), { messageIdDomain: 'judge.example' }).transaction((tx) =>
      inUnitOfWork(tx, async (work) =>
        storeDeadline(work, (await work.findGameById(g.id))!, 'S1901M', at('2004-01-06T05:40:00Z'), at('2004-01-16T23:30:00Z'), now),
      ),
    );
    expect((await processJobs()).map((j) => j.due_at)).toEqual([at('2004-01-06T05:40:00Z')]);
    expect((await game()).process_at).toEqual(at('2004-01-06T05:40:00Z'));
    now = at('2004-01-06T05:10:00Z');
    await played.judge.receive(eml({ from: 'gm@players.example' }, 'SIGNON Mdemo gmpass\nSET DEADLINE Thu 8 Jan 2004 18:00'));
    expect(await lastReply('gm@players.example')).toMatch(/The deadline of game 'demo' is now Thu Jan 08 2004 18:00:00 \+0000/);
    // The Master's mail signed on, so, as in njudge, the hour counts from it.
    const jobs = await db().selectFrom('jobs').select(['kind', 'due_at']).where('done_at', 'is', null).orderBy('due_at').execute();
    expect(jobs.map((j) => j.kind)).toEqual(['process', 'reminder', 'deadline']);
    expect(jobs[0]!.due_at).toEqual(at('2004-01-06T06:10:00Z'));
    await runUntil(at('2004-01-06T06:09:00Z'));
    expect(await phase()).toBe('S1901M');
    await runUntil(at('2004-01-06T06:10:00Z'));
    expect(await phase()).toBe('F1901M');
  });

  it("the Master's PROCESS does not wait for the delay", async () => {
    const played = await begin('');
    now = at('2004-01-05T17:00:00Z');
    await allOrders(played);
    expect(await processJobs()).toHaveLength(1);
    await played.judge.receive(eml({ from: 'gm@players.example' }, 'SIGNON Mdemo gmpass\nPROCESS'));
    expect(await phase()).toBe('F1901M');
    // The new phase has nothing pending: its orders are still to come.
    expect(await processJobs()).toHaveLength(0);
    expect((await game()).process_at).toBeNull();
  });

  it('ALWAYS_WAIT games wait for the deadline even when every order is in and the delay is over', async () => {
    const played = await begin('RULE ALWAYS_WAIT');
    now = at('2004-01-06T05:00:00Z');
    expect(await allOrders(played)).not.toMatch(/All orders are in/);
    expect(await processJobs()).toHaveLength(0);
    await runUntil(at('2004-01-12T23:29:00Z'));
    expect(await phase()).toBe('S1901M');
    await runUntil((await game()).deadline_at!);
    expect(await phase()).toBe('F1901M');
  });

  it('REAL_TIME games and NO_DEADLINE games without a TIMING are processed as the last orders come in', async () => {
    let played = await begin('RULE REAL_TIME');
    expect((await game()).rules).toContain('REAL_TIME');
    expect(await allOrders(played)).not.toMatch(/All orders are in/);
    expect(await phase()).toBe('F1901M');
    expect(await processJobs()).toHaveLength(0);

    // DPjudge's REAL_TIME has no wait flag: SET WAIT is refused and does not hold the game.
    expect(await played.as('AUSTRIA', 'SET WAIT')).toMatch(/plays in REAL_TIME: it is processed as soon as every order is in, and SET WAIT cannot hold it/);

    await db().deleteFrom('games').execute();
    played = await begin('RULE NO_DEADLINE');
    expect((await game()).deadline_at).toBeNull();
    await allOrders(played);
    expect(await phase()).toBe('F1901M');
  });
});
