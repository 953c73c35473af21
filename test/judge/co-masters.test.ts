import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeWithDatabase } from '../support/databases.ts';
import { lastReplyTo, SPRING_1901_ORDERS, type StartedGame, startGame } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// PROMOTE (njudge's PROMOTE email): the Master makes a player or observer of the game another
// Master. Each Master signs on with their own password and has every Master right; a Master may
// step down with RESIGN, the last one may not.

const START = new Date('2004-01-05T16:00:00Z');
const GM = 'gm@players.example';
const WATCHER = 'watcher@else.example';

describeWithDatabase('several Masters (PROMOTE)', (getStore) => {
  let now = START;
  const clock = () => now;
  const db = () => getStore().db;
  const game = () => db().selectFrom('games').selectAll().executeTakeFirstOrThrow();
  const send = async (played: StartedGame, from: string, body: string) => {
    await played.judge.receive(eml({ from }, body));
    return lastReplyTo(db(), from);
  };
  const mailTo = (address: string, kind?: string) => {
    let query = db().selectFrom('outbox').selectAll().where(sql<boolean>`${address} = ANY(to_addresses)`);
    if (kind) query = query.where('kind', '=', kind);
    return query.orderBy('id').execute();
  };
  const masters = async () =>
    (await db().selectFrom('seats').select('address').where('role', '=', 'master').where('left_at', 'is', null).orderBy('id').execute()).map((s) => s.address);
  const begin = async (createLines = '') => {
    now = START;
    const played = await startGame(db(), createLines, clock);
    await send(played, WATCHER, 'OBSERVE eye@demo watchpw');
    return played;
  };

  it('a promoted player and observer are Masters with their own passwords; players learn no address', async () => {
    const played = await begin('RULE GREY_PRESS NO_REVEAL');
    const france = played.holder.get('FRANCE')!;
    const england = played.holder.get('ENGLAND')!;
    expect(await played.as('ENGLAND', 'PROMOTE France')).toMatch(/PROMOTE is a Master command/);
    expect(await send(played, GM, 'SIGNON Mdemo gmpass\nPROMOTE France')).toMatch(
      new RegExp(`${france.address} is now a Master of game 'demo' \\(2 Masters\\)`),
    );
    expect(await send(played, GM, `SIGNON Mdemo gmpass\nPROMOTE ${WATCHER}`)).toMatch(/\(3 Masters\)/);
    expect(await masters()).toEqual([GM, france.address, WATCHER]);
    // The observer is a Master now, no longer an observer; the player still plays France.
    expect(await db().selectFrom('seats').select('role').where('address', '=', WATCHER).where('left_at', 'is', null).execute()).toEqual([{ role: 'master' }]);
    expect(await send(played, GM, 'SIGNON Mdemo gmpass\nPROMOTE France')).toMatch(/is a Master of game 'demo' already/);
    expect(await send(played, GM, 'SIGNON Mdemo gmpass\nPROMOTE nobody@else.example')).toMatch(/PROMOTE names a player or observer of game 'demo'/);
    // The promoted are told how to sign on; the Masters learn who; the players only that the Masters changed.
    expect((await mailTo(france.address, 'notice')).map((m) => m.body).join('\n')).toMatch(
      /You are now a Master of game 'demo'\. Sign on as its Master with SIGNON Mdemo/,
    );
    const toEngland = (await mailTo(england.address, 'notice')).filter((m) => /Parameter Change/.test(m.subject));
    expect(toEngland.map((m) => m.body).join('\n')).toMatch(/The Masters of game 'demo' have changed\. Game 'demo' has 3 Masters now\./);
    expect(toEngland.map((m) => m.body).join('\n')).not.toMatch(/@/);
    expect((await mailTo(GM, 'notice')).map((m) => m.body).join('\n')).toMatch(new RegExp(`${WATCHER} has been made a Master`));

    // Each Master signs on with their own password and uses the Master's rights.
    expect(await send(played, france.address, 'SIGNON Mdemo gmpass')).toMatch(/Invalid game, power or password/);
    // From an address no Master seat has, each Master is known by their own password; a wrong one is refused.
    expect(await send(played, 'travelling@else.example', 'SIGNON Mdemo watchpw\nSET WHITE')).toMatch(/press changed/);
    expect((await game()).rules).toEqual(['NO_REVEAL']);
    expect(await send(played, 'travelling@else.example', 'SIGNON Mdemo not-a-password')).toMatch(/Invalid game, power or password/);
    expect(await send(played, france.address, `SIGNON Mdemo ${france.password}\nSET WHITE/GREY`)).toMatch(/press changed/);
    expect((await game()).rules).toContain('WHITE_GREY');
    expect(await send(played, WATCHER, 'SIGNON Mdemo watchpw\nSET DEADLINE Fri Jan 9 2004 23:30')).not.toMatch(/ERROR|Only the Master/i);
    expect((await game()).deadline_at).toEqual(new Date('2004-01-09T23:30:00Z'));
    // Press to the Masters reaches each, with the true sender a Master may see in a NO_REVEAL game.
    await played.as('GERMANY', 'PRESS TO M GREY\nWho am I?\nENDPRESS');
    for (const address of [GM, WATCHER]) expect((await mailTo(address, 'press')).at(-1)!.body).toMatch(/Message \[from Germany\] to the Master in 'demo':/);
    // Master notices go to every Master: an absence, and the late notice.
    await played.as('ITALY', 'SET ABSENCE Feb 20 2004');
    for (const address of [GM, france.address, WATCHER]) expect((await mailTo(address, 'notice')).some((m) => /Absence Notice/.test(m.subject))).toBe(true);
    // A co-Master processes the turn.
    for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) if (power !== 'RUSSIA') await played.as(power, orders.join('\n'));
    expect(await send(played, WATCHER, 'SIGNON Mdemo watchpw\nPROCESS!')).toMatch(/S1901M has been processed; Russia took the civil-disorder defaults/);
    expect((await game()).current_phase).toBe('F1901M');
  });

  it('a Master steps down with RESIGN; the last Master cannot', async () => {
    const played = await begin();
    const france = played.holder.get('FRANCE')!;
    expect(await send(played, GM, 'SIGNON Mdemo gmpass\nRESIGN')).toMatch(
      /You are the only Master of game 'demo' and cannot leave it without one: PROMOTE another Master first/,
    );
    expect(await send(played, GM, 'RESIGN Mdemo gmpass')).toMatch(/You are the only Master of game 'demo'/);
    await send(played, GM, `SIGNON Mdemo gmpass\nPROMOTE ${WATCHER}`);
    const stepped = await send(played, GM, 'SIGNON Mdemo gmpass\nRESIGN\nSET GREY');
    expect(stepped).toMatch(/You stepped down as a Master of game 'demo' above: nothing more can be done in this block/);
    // That error undid the block: the step-down too.
    expect(await masters()).toEqual([GM, WATCHER]);
    expect(await send(played, GM, 'SIGNON Mdemo gmpass\nRESIGN')).toMatch(/You are no longer a Master of game 'demo'; one Master remains/);
    expect((await game()).rules).not.toContain('GREY_PRESS');
    expect(await masters()).toEqual([WATCHER]);
    expect(await send(played, GM, 'SIGNON Mdemo gmpass')).toMatch(/Invalid game, power or password/);
    // The remaining Master promotes a player, who then steps down with RESIGN Mgame password.
    await send(played, WATCHER, 'SIGNON Mdemo watchpw\nPROMOTE France');
    expect(await send(played, france.address, `RESIGN Mdemo ${france.password}`)).toMatch(/You are no longer a Master of game 'demo'/);
    expect(await masters()).toEqual([WATCHER]);
    // Stepping down as Master leaves France played.
    expect(await db().selectFrom('seats').select('status').where('power', '=', 'FRANCE').executeTakeFirstOrThrow()).toEqual({ status: 'active' });
    expect(await send(played, WATCHER, 'SIGNON Mdemo watchpw\nRESIGN')).toMatch(/You are the only Master/);
    // TAKEOVER master@game still hands the (first) Master's seat to a new address.
    expect(await send(played, 'new@else.example', 'TAKEOVER master@demo watchpw')).toMatch(/You are now the Master of game 'demo'/);
    expect(await masters()).toEqual(['new@else.example']);
  });
});
