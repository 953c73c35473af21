import { expect, it } from 'vitest';
import { describeWithDatabase } from '../support/databases.ts';
import { lastReplyTo, runDueGameEvents, SPRING_1901_ORDERS, type StartedGame, startGame } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// The times a reply names. An order reply says when a power missing orders is abandoned: a day
// before grace in CIVIL_DISORDER (NMR) games, at grace in the others (njudge.md §2, T_ab). Every
// reply to a mail after which the phase is ready says when it will be processed, whatever made
// it ready, and that time is never after the deadline. The games start on Monday 5 January 2004
// 16:00 UTC with njudge's timing: the first deadline is Monday 12 January 23:30 (Thursday 8
// January without press), grace a week later at 22:30.

const START = new Date('2004-01-05T16:00:00Z');
const at = (iso: string) => new Date(iso);

describeWithDatabase('what replies say about time', (getStore) => {
  let now = START;
  const clock = () => now;
  const db = () => getStore().db;
  const game = () => db().selectFrom('games').selectAll().executeTakeFirstOrThrow();
  const processJobs = () => db().selectFrom('jobs').select('due_at').where('kind', '=', 'process').where('done_at', 'is', null).execute();
  const reply = (address: string) => lastReplyTo(db(), address);
  const begin = (createLines: string) => {
    now = START;
    return startGame(db(), createLines, clock, { timing: 'njudge' });
  };
  const allOrders = async (played: StartedGame, except: readonly string[] = []) => {
    for (const [power, lines] of Object.entries(SPRING_1901_ORDERS)) if (!except.includes(power)) await played.as(power, lines.join('\n'));
  };

  it('CIVIL_DISORDER: missing orders are abandoned a day before grace, and processed in civil disorder at grace', async () => {
    const played = await begin('RULES CIVIL_DISORDER');
    expect((await game()).grace_at).toEqual(at('2004-01-19T22:30:00Z'));
    now = at('2004-01-06T10:00:00Z');
    const text = await played.as('TURKEY', 'A Con - Bul');
    expect(text).toContain(
      'You will be considered abandoned if all orders\nare not received by\nSun Jan 18 2004 22:30:00 +0000,\n' +
        'and the partial orders will be processed if nothing is received by\nMon Jan 19 2004 22:30:00 +0000.\n',
    );
    // With an error nothing changes, and the same two moments are named for the orders on file.
    const wrong = await played.as('TURKEY', 'A Con - Bul\nF Ank - Lon');
    expect(wrong).toContain('Nothing in this block was done');
    expect(wrong).toContain('Your orders on file for Spring of 1901 are still:');
    expect(wrong).toContain('You will be considered abandoned if all orders\nare not received by\nSun Jan 18 2004 22:30:00 +0000,\n');
    // With an order for every unit on file, a refused block names no abandonment.
    await played.as('TURKEY', SPRING_1901_ORDERS.TURKEY!.join('\n'));
    const every = await played.as('TURKEY', `${SPRING_1901_ORDERS.TURKEY!.join('\n')}\nF Ank - Lon`);
    expect(every).toContain('Your orders on file for Spring of 1901 are still:');
    expect(every).not.toContain('Sun Jan 18');

    // Once the abandonment time has passed the reply no longer names it (no scheduler ran here, so
    // Turkey still holds its seat).
    now = at('2004-01-19T00:00:00Z');
    const late = await played.as('TURKEY', 'A Con - Bul');
    expect(late).toContain('Note: you are LATE');
    expect(late).not.toContain('Sun Jan 18');
    expect(late).toContain('The partial orders will be processed if nothing is received by\nMon Jan 19 2004 22:30:00 +0000.\n');
  });

  it('without CIVIL_DISORDER: missing orders are abandoned at grace', async () => {
    const played = await begin('');
    now = at('2004-01-06T10:00:00Z');
    const text = await played.as('TURKEY', 'A Con - Bul');
    expect(text).toContain('You will be considered abandoned if all orders\nare not received by\nMon Jan 19 2004 22:30:00 +0000.\n');
    expect(text).not.toContain('partial orders will be processed');
  });

  it('SET NOWAIT that leaves every order in is answered with the processing time', async () => {
    const played = await begin('RULE NO_PRESS');
    now = at('2004-01-06T05:00:00Z');
    expect(await played.as('ENGLAND', 'SET WAIT')).toMatch(/Wait flag set/);
    await allOrders(played);
    expect(await processJobs()).toHaveLength(0);
    now = at('2004-01-06T06:00:00Z');
    expect(await played.as('ENGLAND', 'SET NOWAIT')).toMatch(
      /Wait flag cleared\.[\s\S]*Game 'demo': All orders are in\. {2}The turn will be processed at\nTue Jan 06 2004 06:30:00 \+0000 unless someone sets WAIT\.\n/,
    );
    // A mail that leaves the phase ready pushes the time (UPDATE_PROCESS), and says so.
    now = at('2004-01-06T06:10:00Z');
    expect(await played.as('FRANCE', 'SET NOWAIT')).toMatch(/processed at\nTue Jan 06 2004 06:40:00 \+0000 unless someone sets WAIT\./);
    // A mail after which the phase is not ready says nothing of it.
    expect(await played.as('FRANCE', 'CLEAR')).not.toMatch(/processed at/);
  });

  it('the TAKEOVER that fills the last vacancy is answered with the processing time', async () => {
    const played = await begin('RULE NO_PRESS');
    now = at('2004-01-06T05:00:00Z');
    await allOrders(played);
    const france = played.holder.get('FRANCE')!;
    now = at('2004-01-06T05:10:00Z');
    await played.judge.receive(eml({ from: france.address }, `RESIGN Fdemo ${france.password}`));
    expect((await game()).status).toBe('waiting');
    now = at('2004-01-06T08:00:00Z');
    await played.judge.receive(eml({ from: 'sub@players.example' }, 'TAKEOVER france@demo newpw'));
    // France's orders are still in; the fresh phase may not be processed before its 12 h minimum.
    expect(await reply('sub@players.example')).toMatch(
      /You have taken over France[\s\S]*All orders are in\. {2}The turn will be processed at\nTue Jan 06 2004 20:00:00 \+0000 unless someone sets WAIT\./,
    );
    expect((await processJobs()).map((j) => j.due_at)).toEqual([at('2004-01-06T20:00:00Z')]);
  });

  it('a delay that would run past the deadline is kept at the deadline, which processes the turn once', async () => {
    const played = await begin('RULE NO_PRESS');
    const { deadline_at: deadline } = await game();
    expect(deadline).toEqual(at('2004-01-08T23:30:00Z'));
    await allOrders(played, ['TURKEY']);
    now = at('2004-01-08T23:10:00Z');
    expect(await played.as('TURKEY', SPRING_1901_ORDERS.TURKEY!.join('\n'))).toMatch(
      /All orders are in\. {2}The turn will be processed at\nThu Jan 08 2004 23:30:00 \+0000\.\n/,
    );
    expect((await game()).process_at).toEqual(deadline);
    expect((await processJobs()).map((j) => j.due_at)).toEqual([deadline]);
    // A later mail does not move it past the deadline either.
    now = at('2004-01-08T23:20:00Z');
    await played.as('FRANCE', SPRING_1901_ORDERS.FRANCE!.join('\n'));
    expect((await game()).process_at).toEqual(deadline);
    now = deadline!;
    await runDueGameEvents(db(), now);
    await runDueGameEvents(db(), now);
    expect((await game()).current_phase).toBe('F1901M');
    expect(await db().selectFrom('outbox').select('id').where('kind', '=', 'results').execute()).toHaveLength(1);
  });
});
