import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeWithDatabase } from '../support/databases.ts';
import { SPRING_1901_ORDERS, startGame, type StartedGame } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// njudge's INFO PLAYER and GET DEDICATION (njudge.md §3): a player's dedication points, on-time
// and civil-disorder ratios and the counters behind them, without signing on. Nobody learns
// from them where an address plays: no game or power is named, and anyone else's record leaves
// out gunboat and NO_REVEAL games, whose changes (a late notice naming a power) would tell.

const START = new Date('2004-01-05T16:00:00Z');
const READER = 'reader@elsewhere.example';

describeWithDatabase('a player record on request', (getStore) => {
  let now = START;
  const clock = () => now;
  const db = () => getStore().db;
  const ask = async (played: StartedGame, from: string, line: string) => {
    await played.judge.receive(eml({ from }, line));
    return (
      await db()
        .selectFrom('outbox')
        .select('body')
        .where('kind', '=', 'reply')
        .where(sql<boolean>`${from} = ANY(to_addresses)`)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).body;
  };
  /** A game in which every power orders Spring 1901 in time: +3 and one punctual phase each. */
  const playedSpring = async (rules: string) => {
    now = START;
    const played = await startGame(db(), rules, clock);
    for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) await played.as(power, orders.join('\n'));
    expect((await db().selectFrom('games').select('current_phase').executeTakeFirstOrThrow()).current_phase).toBe('F1901M');
    return played;
  };
  const names = (text: string) => /demo|Austria|England|France|Germany|Italy|Russia|Turkey/.test(text);

  it('GET DEDICATION and INFO PLAYER give the counters and ratios, and name no game or power', async () => {
    const played = await playedSpring('');
    const france = played.holder.get('FRANCE')!.address;
    const own = await ask(played, france, 'GET DEDICATION');
    expect(own).toContain('Your record on this judge:');
    expect(own).toMatch(/Dedication points: {2}3\n/);
    expect(own).toMatch(/On time: {12}100% \(1 of 1 phases judged\)\n/);
    expect(own).toMatch(/Civil disorder: {5}0% \(0 abandoned or in civil disorder\)\n/);
    expect(own).toMatch(/Games started: {6}1\n/);
    expect(own).toMatch(/Powers taken over: {2}0\n/);
    expect(names(own)).toBe(false);

    const other = await ask(played, READER, `INFO PLAYER ${france.toUpperCase()}`);
    expect(other).toContain(`The record of ${france} on this judge:`);
    expect(other).toMatch(/Dedication points: {2}3\n/);
    expect(other).toMatch(/Games started: {6}1\n/);
    expect(names(other)).toBe(false);

    // INFO PLAYER alone is the sender's own; an address nobody plays under has an empty record.
    expect(await ask(played, france, 'INFO PLAYER')).toContain('Your record on this judge:');
    const nobody = await ask(played, READER, 'INFO PLAYER nobody@nowhere.example');
    expect(nobody).toMatch(/Dedication points: {2}0\n[\s\S]*Games started: {6}0\n/);
    expect(await ask(played, READER, 'INFO PLAYER nobody')).toMatch(/"nobody" is not an e-mail address/);
  });

  it('in gunboat and NO_REVEAL games only the player sees what the game did to their record', async () => {
    for (const rules of ['RULES GUNBOAT', 'RULES NO_REVEAL']) {
      await db().deleteFrom('games').execute();
      const played = await playedSpring(rules);
      const turkey = played.holder.get('TURKEY')!.address;
      const own = await ask(played, turkey, 'GET DEDICATION');
      expect(own).toMatch(/Dedication points: {2}3\n[\s\S]*Games started: {6}1\n/);
      expect(own).toMatch(/Games whose players are hidden \(gunboat, NO_REVEAL\) count here/);
      expect(names(own)).toBe(false);
      const other = await ask(played, READER, `INFO PLAYER ${turkey}`);
      expect(other).toMatch(/Dedication points: {2}0\n[\s\S]*On time: {12}100% \(0 of 0 phases judged\)\n[\s\S]*Games started: {6}0\n/);
      expect(other).toMatch(/are not counted/);
      // Asking about oneself by address is the same as GET DEDICATION.
      expect(await ask(played, turkey, `INFO PLAYER ${turkey}`)).toMatch(/Your record on this judge:\n {2}Dedication points: {2}3\n/);
    }
  });

  it('HELP names both commands', async () => {
    now = START;
    const played = await startGame(db(), '', clock);
    const help = await ask(played, READER, 'HELP');
    expect(help).toMatch(/GET DEDICATION \(your own record/);
    expect(help).toMatch(/INFO PLAYER address/);
  });
});
