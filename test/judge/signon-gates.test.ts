import { describe, expect, it } from 'vitest';
import { parseBody } from '../../src/commands/index.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { lastReplyTo, type StartedGame, startGame, TEST_JUDGE } from './game-fixture.ts';
import { eml } from './mail-builder.ts';
import { gameName } from '../support/names.ts';
import { commandProblemText } from '../../src/render/command-problems.ts';
import { inUnitOfWork } from '../../src/judge/unit-of-work.ts';

// njudge's signon gates (njudge.md §3): SET DEDICATION n, SET ONTIMERAT x and SET RESRAT x decide
// whose record lets them JOIN a game or TAKEOVER one of its powers.

const GM = 'gm@players.example';

describe('parsing the gate commands', () => {
  const parse = (line: string) => parseBody(`SIGNON Mdemo gmpass\n${line}`);

  it('reads values, percentages and SET NO …, and names the word when a value is bad', () => {
    const commands = (line: string) => {
      const block = parse(line).blocks[0]!;
      return 'commands' in block ? block.commands : [];
    };
    expect(commands('SET DEDICATION -5')).toMatchObject([{ kind: 'master', command: 'SET DEDICATION', args: ['-5'] }]);
    expect(commands('set ontimerat 0.75')).toMatchObject([{ kind: 'master', command: 'SET ONTIMERAT', args: ['0.75'] }]);
    expect(commands('SET RESRAT 10%')).toMatchObject([{ kind: 'master', command: 'SET RESRAT', args: ['0.1'] }]);
    expect(commands('SET NO RESRAT')).toMatchObject([{ kind: 'master', command: 'SET RESRAT', args: [] }]);
    expect(commands('SET NODEDICATION')).toMatchObject([{ kind: 'master', command: 'SET DEDICATION', args: [] }]);

    const error = (line: string) =>
      parse(line)
        .errors.map((e) => commandProblemText(e.problem))
        .join('\n');
    expect(error('SET DEDICATION lots')).toMatch(/SET DEDICATION takes whole dedication points.*not "lots"/);
    expect(error('SET DEDICATION 2.5')).toMatch(/not "2\.5"/);
    expect(error('SET ONTIMERAT 1.5')).toMatch(/SET ONTIMERAT takes a ratio from 0 to 1.*not "1\.5"/);
    expect(error('SET RESRAT -0.1')).toMatch(/SET RESRAT takes a ratio from 0 to 1.*not "-0\.1"/);
    expect(error('SET RESRAT 150%')).toMatch(/not "150%"/);
    expect(error('SET ONTIMERAT')).toMatch(/SET ONTIMERAT needs SET ONTIMERAT 0\.9/);
    expect(error('SET ONTIMERAT 0.5 0.6')).toMatch(/SET ONTIMERAT takes one value/);
    expect(error('SET NO RESRAT 0.2')).toMatch(/SET NO RESRAT takes no arguments/);
  });

  it('reads the same lines after CREATE', () => {
    const parsed = parseBody('CREATE demo gmpass\nSET DEDICATION 5\nSET ONTIMERAT 90%\nSET NO RESRAT\nSET RESRAT often');
    const block = parsed.blocks[0]!;
    expect('settings' in block ? block.settings : []).toMatchObject([
      { kind: 'signon-gate', gate: 'DEDICATION', value: 5 },
      { kind: 'signon-gate', gate: 'ONTIMERAT', value: 0.9 },
      { kind: 'signon-gate', gate: 'RESRAT', value: null },
    ]);
    expect(parsed.errors.map((e) => commandProblemText(e.problem))).toEqual([
      'SET RESRAT takes a ratio from 0 to 1 (or 0% to 100%), e.g. SET RESRAT 0.1, not "often"',
    ]);
  });
});

describeWithDatabase('signon gates', (getStore) => {
  const now = new Date('2004-01-05T16:00:00Z');
  const clock = () => now;
  const db = () => getStore().db;
  const reply = (address: string) => lastReplyTo(db(), address);
  const send = async (judge: MailJudge, from: string, body: string) => {
    await judge.receive(eml({ from }, body));
    return reply(from);
  };
  const gated = () => db().selectFrom('games').selectAll().where('name', '=', 'gated').executeTakeFirstOrThrow();
  const seatsOf = async (name: string) => {
    const game = await db().selectFrom('games').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    return db().selectFrom('seats').select(['power', 'address', 'status']).where('game_id', '=', game.id).where('role', '=', 'power').orderBy('id').execute();
  };

  /**
   * 'demo' is played by p1…p7; p1 then gets a poor record there (late and in civil disorder), p2
   * a fair one. 'gated' is a second game with the Master's gates, forming.
   */
  const setUp = async (): Promise<{ played: StartedGame; judge: MailJudge }> => {
    const played = await startGame(db(), '', clock);
    const store = createJudgeStore(db(), { messageIdDomain: 'judge.example' });
    await store.transaction((store) =>
      inUnitOfWork(store, async (tx) => {
        const seats = await tx.seats((await tx.findGame(gameName('demo')))!.id);
        const seatOf = (address: string) => seats.find((s) => s.address === address)!.id;
        await tx.addDedication([
          { seatId: seatOf('p1@players.example'), points: 3 - 1 - 49 - 100, onTime: 1, late: 1, resigned: 2 },
          { seatId: seatOf('p2@players.example'), points: 6, onTime: 2 },
        ]);
      }),
    );
    const judge = new MailJudge(createJudgeStore(db(), { messageIdDomain: 'judge.example' }), TEST_JUDGE, () => 0.3, clock);
    await judge.receive(eml({ from: GM }, 'CREATE gated gmpass\nFORM'));
    return { played, judge };
  };

  it('the Master sets and clears the gates, each announced as a Parameter Change and shown by LIST', async () => {
    const { judge } = await setUp();
    await judge.receive(eml({ from: 'watcher@elsewhere.example' }, 'OBSERVE watcher@gated watchpw'));
    const answer = await send(judge, GM, 'SIGNON Mgated gmpass\nSET DEDICATION 0\nSET ONTIMERAT 0.75\nSET RESRAT 25%');
    expect(answer).toMatch(/Game 'gated' now asks for a dedication of at least 0 points of players who join or take over a power\./);
    expect(answer).toMatch(/now asks for an on-time ratio of at least 75%/);
    expect(answer).toMatch(/now asks for a civil-disorder ratio of at most 25%/);
    expect(await gated()).toMatchObject({ min_dedication: 0, min_on_time_ratio: 0.75, max_civil_disorder_ratio: 0.25 });
    const notices = await db()
      .selectFrom('outbox')
      .select(['to_addresses', 'body'])
      .where('kind', '=', 'notice')
      .where('subject', 'like', '%Parameter Change%')
      .orderBy('id')
      .execute();
    expect(notices.map((n) => n.body)).toEqual([
      "The Master has set a signon requirement for game 'gated': to join or take over a power, players need a dedication of at least 0 points.\n",
      "The Master has set a signon requirement for game 'gated': to join or take over a power, players need an on-time ratio of at least 75%.\n",
      "The Master has set a signon requirement for game 'gated': to join or take over a power, players need a civil-disorder ratio of at most 25%.\n",
    ]);
    expect(notices.every((n) => n.to_addresses.includes('watcher@elsewhere.example'))).toBe(true);

    const listed = await send(judge, 'reader@elsewhere.example', 'LIST gated');
    expect(listed).toMatch(
      /To join or take over a power, players need a dedication of at least 0 points, an on-time ratio of at least 75% and a civil-disorder ratio of at most 25%\./,
    );

    expect(await send(judge, GM, 'SIGNON Mgated gmpass\nSET NO ONTIMERAT\nSET NO DEDICATION')).toMatch(
      /Game 'gated' no longer has a minimum on-time ratio\.\n(.|\n)*no longer has a minimum dedication\./,
    );
    expect(await gated()).toMatchObject({ min_dedication: null, min_on_time_ratio: null, max_civil_disorder_ratio: 0.25 });
    expect(await send(judge, 'reader@elsewhere.example', 'LIST gated')).toMatch(
      /To join or take over a power, players need a civil-disorder ratio of at most 25%\.\n/,
    );
    expect(await send(judge, GM, 'SIGNON Mgated gmpass\nSET NO RESRAT')).toMatch(/no longer has a maximum civil-disorder ratio/);
    expect(await send(judge, 'reader@elsewhere.example', 'LIST gated')).not.toMatch(/To join or take over/);
    const removal = await db()
      .selectFrom('outbox')
      .select('body')
      .where('kind', '=', 'notice')
      .where('subject', 'like', '%Parameter Change%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(removal.body).toBe("The Master has removed the maximum civil-disorder ratio required to join game 'gated' or take over a power in it.\n");
  });

  it('CREATE sets gates with its status lines, and refuses the game when one is bad', async () => {
    const { judge } = await setUp();
    const created = await send(judge, GM, 'CREATE strict gmpass\nSET DEDICATION 5\nSET RESRAT 0.2\nFORM');
    expect(created).toMatch(
      /Game 'strict' \(Standard\) has been created with you as its Master\.\nTo join or take over a power, players need a dedication of at least 5 points and a civil-disorder ratio of at most 20%\./,
    );
    expect(await db().selectFrom('games').selectAll().where('name', '=', 'strict').executeTakeFirstOrThrow()).toMatchObject({
      min_dedication: 5,
      min_on_time_ratio: null,
      max_civil_disorder_ratio: 0.2,
    });
    expect(await send(judge, 'p2@players.example', 'JOIN strict p2pw')).toMatch(/You have joined game 'strict'/);
    expect(await send(judge, 'new@players.example', 'JOIN strict newpw')).toMatch(/a dedication of at least 5 points; yours is 0\./);

    expect(await send(judge, GM, 'CREATE sloppy gmpass\nSET ONTIMERAT 2\nFORM')).toMatch(/SET ONTIMERAT takes a ratio from 0 to 1 .*not "2"/);
    expect(await db().selectFrom('games').select('name').where('name', '=', 'sloppy').executeTakeFirst()).toBeUndefined();
  });

  it('only the Master sets gates, and the Master is not held to them', async () => {
    const { played, judge } = await setUp();
    expect(await played.as('FRANCE', 'SET DEDICATION 5')).toMatch(/SET DEDICATION is a Master command/);
    expect((await db().selectFrom('games').select('min_dedication').where('name', '=', 'demo').executeTakeFirstOrThrow()).min_dedication).toBeNull();
    // p1's poor record does not stop them taking the Master's seat of a game whose gates it fails.
    expect(await send(judge, GM, 'SIGNON Mgated gmpass\nSET DEDICATION 10\nSET RESRAT 0')).toMatch(/now asks for a civil-disorder ratio of at most 0%/);
    expect(await send(judge, 'p1@players.example', 'TAKEOVER master@gated gmpass')).toMatch(/You are now the Master of game 'gated'/);
    expect(await send(judge, 'p1@players.example', 'SIGNON Mgated gmpass\nSET NO DEDICATION')).toMatch(/no longer has a minimum dedication/);
  });

  it('refuses a JOIN whose record fails a gate, naming each requirement with the player’s own figures; newcomers pass', async () => {
    const { judge } = await setUp();
    await send(judge, GM, 'SIGNON Mgated gmpass\nSET DEDICATION 0\nSET ONTIMERAT 0.75\nSET RESRAT 0.25');

    const refused = await send(judge, 'p1@players.example', 'JOIN gated p1pw');
    expect(refused).toMatch(/Your record does not meet what game 'gated' asks of players who join it:/);
    expect(refused).toMatch(/a dedication of at least 0 points; yours is -147/);
    expect(refused).toMatch(/an on-time ratio of at least 75%; yours is 50% \(1 of 2 phases on time\)/);
    expect(refused).toMatch(/a civil-disorder ratio of at most 25%; yours is 100% \(2 abandoned or in civil disorder\)/);
    expect(await seatsOf('gated')).toEqual([]);

    // p2's record (6 points, 2 of 2 on time, never in civil disorder) and a newcomer's empty one
    // (no phases judged counts as punctual, 0 points) both pass.
    expect(await send(judge, 'p2@players.example', 'JOIN gated p2pw')).toMatch(/You have joined game 'gated'/);
    expect(await send(judge, 'new@players.example', 'JOIN gated newpw')).toMatch(/You have joined game 'gated'/);
    // A gate only p2's record meets: the newcomer's 0 points would now be refused.
    await send(judge, GM, 'SIGNON Mgated gmpass\nSET DEDICATION 1');
    const newcomer = await send(judge, 'fresh@players.example', 'JOIN gated freshpw');
    expect(newcomer).toMatch(/a dedication of at least 1 points; yours is 0\./);
    expect(newcomer).not.toMatch(/on-time|civil-disorder/);
    expect((await seatsOf('gated')).map((s) => s.address)).toEqual(['p2@players.example', 'new@players.example']);

    // Observers are not gated.
    expect(await send(judge, 'p1@players.example', 'OBSERVE p1@gated p1pw')).toMatch(/You are now observing game 'gated'/);
  });

  it('refuses a TAKEOVER whose record fails a gate and changes nothing; once the gate is cleared it goes through', async () => {
    const { played } = await setUp();
    const judge = played.judge;
    // 'demo' itself gets a gate, and Austria's player leaves it.
    await send(judge, GM, 'SIGNON Mdemo gmpass\nSET RESRAT 0.5');
    const austria = played.holder.get('AUSTRIA')!;
    await judge.receive(eml({ from: austria.address }, `RESIGN Ademo ${austria.password}`));
    const before = await seatsOf('demo');

    // p1 plays in demo already; the outsider with the poor record is 'poor@players.example',
    // whose record comes from a seat they held in 'gated' before leaving it.
    const store = createJudgeStore(db(), { messageIdDomain: 'judge.example' });
    await judge.receive(eml({ from: 'poor@players.example' }, 'JOIN gated poorpw'));
    await store.transaction((store) =>
      inUnitOfWork(store, async (tx) => {
        const seat = (await tx.seats((await tx.findGame(gameName('gated')))!.id)).find((s) => s.address === 'poor@players.example')!;
        await tx.addDedication([{ seatId: seat.id, points: -100, started: 1, resigned: 1 }]);
      }),
    );

    const refused = await send(judge, 'poor@players.example', 'TAKEOVER austria@demo poorpw');
    expect(refused).toMatch(
      /Your record does not meet what game 'demo' asks of players who take over a power in it: a civil-disorder ratio of at most 50%; yours is 100% \(1 abandoned or in civil disorder\)/,
    );
    expect(await seatsOf('demo')).toEqual(before);
    expect((await db().selectFrom('games').select('status').where('name', '=', 'demo').executeTakeFirstOrThrow()).status).toBe('waiting');

    // Another outsider with a clean record may.
    await send(judge, GM, 'SIGNON Mdemo gmpass\nSET DEDICATION -10');
    expect(await send(judge, 'clean@players.example', 'TAKEOVER austria@demo cleanpw')).toMatch(/You have taken over Austria in game 'demo'/);
    expect((await seatsOf('demo')).find((s) => s.power === 'AUSTRIA')).toMatchObject({ address: 'clean@players.example', status: 'active' });

    // Italy's player leaves too; with the gates gone the poor record no longer matters.
    const italy = played.holder.get('ITALY')!;
    await judge.receive(eml({ from: italy.address }, `RESIGN Idemo ${italy.password}`));
    expect(await send(judge, 'poor@players.example', 'TAKEOVER italy@demo poorpw')).toMatch(
      /a dedication of at least -10 points; yours is -100; and a civil-disorder ratio/,
    );
    await send(judge, GM, 'SIGNON Mdemo gmpass\nSET NO RESRAT\nSET NO DEDICATION');
    expect(await send(judge, 'poor@players.example', 'TAKEOVER italy@demo poorpw')).toMatch(/You have taken over Italy in game 'demo'/);
  });
});
