import { sql } from 'kysely';
import type { PowerId } from '../../src/engine/types.ts';
import { expect, it } from 'vitest';
import { onGameEvent } from '../../src/judge/diplomacy/game-events.ts';
import { BlockError, type BlockContext } from '../../src/judge/context.ts';
import type { GamePorts } from '../../src/judge/ports.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { masterCommandWithoutSignon, type MasterCommand } from '../../src/judge/master/master-commands.ts';
import type { InboundMail } from '../../src/judge/mail/inbound-mail.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { lastReplyTo, SPRING_1901_ORDERS, type StartedGame, startGame, TEST_JUDGE } from './game-fixture.ts';
import { eml } from './mail-builder.ts';
import { readGameName } from '../../src/commands/names.ts';
import { mailAddress } from '../../src/judge/model.ts';
import { inUnitOfWork } from '../../src/judge/unit-of-work.ts';

// The Master's commands through mail, on a fake clock that starts on Monday 5 January 2004.

const START = new Date('2004-01-05T16:00:00Z');
const GM = 'gm@players.example';

const FALL_1901: Record<string, string[]> = {
  AUSTRIA: ['A Vie H', 'A Ser H', 'F Alb H'],
  ENGLAND: ['F Nth H', 'F Nwg H', 'A Yor H'],
  FRANCE: ['A Bur H', 'A Mar H', 'F Mao H'],
  GERMANY: ['A Kie H', 'F Den H', 'A Ruh H'],
  ITALY: ['A Ven H', 'A Apu H', 'F Ion H'],
  RUSSIA: ['A Ukr H', 'A War H', 'F Sev H', 'F Bot H'],
  TURKEY: ['A Bul H', 'A Con H', 'F Ank H'],
};

describeWithDatabase('master commands', (getStore) => {
  let now = START;
  const clock = () => now;
  const db = () => getStore().db;
  const game = () => db().selectFrom('games').selectAll().executeTakeFirstOrThrow();
  const reply = (address: string) => lastReplyTo(db(), address);
  const master = async (played: StartedGame, lines: string) => {
    await played.judge.receive(eml({ from: GM }, `SIGNON Mdemo gmpass\n${lines}`));
    return reply(GM);
  };
  const notices = (subjectLike: string) =>
    db().selectFrom('outbox').selectAll().where('kind', '=', 'notice').where('subject', 'like', subjectLike).orderBy('id').execute();
  const play = async (played: StartedGame, orders: Record<string, string[]>) => {
    for (const [power, lines] of Object.entries(orders)) await played.as(power, lines.join('\n'));
  };
  /** Everything ROLLBACK and ROLLFORWARD touch: the current phase, every stored phase with its results, and the orders. */
  const state = async () => {
    const g = await game();
    const phases = await db()
      .selectFrom('phases')
      .select(['phase_id', 'seq', 'position', 'results', 'results_text', 'processed_at', 'game_snapshot'])
      .orderBy('seq')
      .execute();
    const orders = await db()
      .selectFrom('orders')
      .select(['phase_id', 'power', 'lines', 'submitted', 'has_errors'])
      .orderBy('phase_id')
      .orderBy('power')
      .execute();
    return { current: g.current_phase, status: g.status, phases, orders };
  };
  const begin = async (createLines = '') => {
    now = START;
    return startGame(db(), createLines, clock);
  };
  const history = async (played: StartedGame) => {
    await played.judge.receive(eml({ from: 'someone@players.example' }, 'HISTORY demo'));
    return reply('someone@players.example');
  };

  it('ROLLBACK then ROLLFORWARD returns to the same state, one phase or several at a time', async () => {
    const played = await begin();
    await play(played, SPRING_1901_ORDERS);
    await play(played, FALL_1901);
    expect((await game()).current_phase).toBe('W1901A');
    const reached = await state();
    expect(reached.phases.map((p) => p.phase_id)).toEqual(['S1901M', 'F1901M', 'W1901A']);

    now = new Date('2004-01-20T10:00:00Z');
    expect(await master(played, 'ROLLBACK')).toMatch(/rolled game 'demo' back to F1901M\. Its orders have been cleared\./);
    const back = await state();
    expect(back.current).toBe('F1901M');
    expect(back.orders.filter((o) => o.phase_id === 'F1901M')).toEqual([]);
    // The rolled-back phase's results are kept for ROLLFORWARD but no longer part of the game's history.
    expect(back.phases.find((p) => p.phase_id === 'W1901A')).toBeDefined();
    expect(await history(played)).not.toMatch(/Movement results for Fall of 1901/);
    expect(await history(played)).toMatch(/Spring of 1901/);
    const g = await game();
    expect(g.deadline_at!.getTime()).toBeGreaterThan(now.getTime());
    expect((await notices('%Rollback%'))[0]!.to_addresses).toHaveLength(8);
    expect(await played.as('FRANCE', 'STATUS')).toMatch(/Fall of 1901/);

    expect(await master(played, 'ROLLFORWARD')).toMatch(/rolled game 'demo' forward to W1901A/);
    expect(await state()).toEqual(reached);
    expect(await history(played)).toMatch(/Movement results for Fall of 1901/);

    expect(await master(played, 'ROLLBACK S1901M')).toMatch(/back to S1901M/);
    expect((await state()).current).toBe('S1901M');
    expect((await state()).orders.filter((o) => o.phase_id === 'S1901M')).toEqual([]);
    expect(await master(played, 'ROLLFORWARD F1901M')).toMatch(
      /forward to F1901M\. The orders it was processed with have been restored; their players are set to WAIT/,
    );
    expect((await game()).current_phase).toBe('F1901M');
    expect(await master(played, 'ROLLFORWARD W1901A')).toMatch(/forward to W1901A/);
    expect(await state()).toEqual(reached);
    expect(await master(played, 'ROLLBACK S1901M')).toMatch(/back to S1901M/);
    expect(await master(played, 'ROLLFORWARD W1901A')).toMatch(/forward to W1901A/);
    expect(await state()).toEqual(reached);
  });

  it('ROLLBACK RESTORE keeps the orders; processing anew replaces the rolled-back phases', async () => {
    const played = await begin();
    await play(played, SPRING_1901_ORDERS);
    const springOrders = (await state()).orders;
    expect(await master(played, 'ROLLBACK S1901M RESTORE')).toMatch(/The orders it was processed with have been kept; their players are set to WAIT/);
    expect((await state()).orders).toEqual(springOrders);
    expect(await played.as('FRANCE', 'STATUS')).toMatch(/France: Army Paris -> Burgundy/);
    // France changes its mind; the Master processes the phase again.
    await played.as('FRANCE', 'A Par H\nA Mar H\nF Bre H');
    expect(await master(played, 'PROCESS')).toMatch(/S1901M has been processed/);
    const replayed = await state();
    expect(replayed.current).toBe('F1901M');
    expect(replayed.phases.map((p) => p.phase_id)).toEqual(['S1901M', 'F1901M']);
    const fall = replayed.phases.find((p) => p.phase_id === 'F1901M')!.position as unknown as { units: { location: string; power: string }[] };
    expect(fall.units.some((u) => u.power === 'FRANCE' && u.location === 'par')).toBe(true);
    expect(await master(played, 'ROLLFORWARD')).toMatch(/has no rolled-back phase to roll forward to/);
  });

  it('ROLLBACK FULL gives a seat back to the player who held it then', async () => {
    const played = await begin();
    await play(played, SPRING_1901_ORDERS);
    const france = played.holder.get('FRANCE')!;
    await played.judge.receive(eml({ from: france.address }, `RESIGN Fdemo ${france.password}`));
    await played.judge.receive(eml({ from: 'newcomer@players.example' }, 'TAKEOVER france@demo newpw'));
    const seat = () => db().selectFrom('seats').select(['address', 'status']).where('power', '=', 'FRANCE').executeTakeFirstOrThrow();
    expect((await seat()).address).toBe('newcomer@players.example');
    expect(await master(played, 'ROLLBACK F1901M')).toMatch(/is not before the current phase F1901M/);
    expect(await master(played, 'ROLLBACK S1901M')).toMatch(/back to S1901M\./);
    expect((await seat()).address).toBe('newcomer@players.example');
    expect(await master(played, 'ROLLFORWARD')).toMatch(/forward to F1901M/);
    expect(await master(played, 'ROLLBACK S1901M FULL')).toMatch(/back to S1901M, players and rules included/);
    expect(await seat()).toEqual({ address: france.address, status: 'active' });
    const stints = await db()
      .selectFrom('seat_stints')
      .select(['seat_stints.address', 'seat_stints.end_reason'])
      .innerJoin('seats', 'seats.id', 'seat_stints.seat_id')
      .where('seats.power', '=', 'FRANCE')
      .orderBy('seat_stints.id')
      .execute();
    expect(stints.map((s) => s.end_reason)).toEqual(['resigned', 'replaced', 'rolled back', null]);
    expect(await played.as('FRANCE', 'STATUS')).toMatch(/Spring of 1901/);
  });

  it('refuses rollbacks that cannot be done, and players', async () => {
    const played = await begin();
    expect(await master(played, 'ROLLBACK')).toMatch(/is in its first phase: there is nothing to roll back/);
    expect(await master(played, 'ROLLFORWARD')).toMatch(/no rolled-back phase/);
    expect(await master(played, 'ROLLBACK X1901M')).toMatch(/has no stored phase X1901M/);
    expect(await master(played, 'ROLLBACK LATER')).toMatch(/"LATER" is none of them/);
    expect(await played.as('FRANCE', 'ROLLBACK')).toMatch(/ROLLBACK is a Master command/);
    expect(await master(played, 'ROLLBACK FORMING NOW')).toMatch(/ROLLBACK FORMING takes nothing else/);
    // In its first phase the game may still go back to forming (njudge's UNSTART).
    expect(await master(played, 'ROLLBACK FORMING')).toMatch(/is forming again with 7 of 7 players/);
    const game = await db().selectFrom('games').select(['status', 'current_phase']).executeTakeFirstOrThrow();
    expect(game).toEqual({ status: 'forming', current_phase: null });
    expect(await db().selectFrom('phases').selectAll().execute()).toEqual([]);
  });

  const fire = async (kind: string) => {
    const g = await game();
    await createJudgeStore(db(), { messageIdDomain: 'judge.example' }).transaction((tx) =>
      inUnitOfWork(tx, (work) => onGameEvent(work, TEST_JUDGE, { kind, gameId: g.id, phase: g.current_phase! }, now)),
    );
  };
  const openJobs = () => db().selectFrom('jobs').selectAll().where('done_at', 'is', null).orderBy('due_at').execute();

  it('WAIT pauses the game: deadlines pass without effect and complete orders wait; ACTIVATE resumes it', async () => {
    const played = await begin();
    expect(await master(played, 'WAIT')).toMatch(/Game 'demo' is paused/);
    expect((await game()).status).toBe('waiting');
    // Only the Master's reminder is left: the deadline's jobs are gone.
    expect((await openJobs()).map((j) => j.kind)).toEqual(['paused']);
    expect((await notices('%Parameter Change%'))[0]!.body).toMatch(/The Master has paused game 'demo'/);
    expect(await master(played, 'WAIT')).toMatch(/only an active game can be paused/);
    await play(played, SPRING_1901_ORDERS);
    expect((await game()).current_phase).toBe('S1901M');
    // A deadline job that fires while the game is paused does nothing.
    now = (await game()).deadline_at!;
    await fire('deadline');
    expect(await notices('%Late Notice%')).toHaveLength(0);
    expect((await game()).current_phase).toBe('S1901M');
    now = new Date(now.getTime() + 86_400_000);
    expect(await master(played, 'ACTIVATE')).toMatch(/Game 'demo' is active again/);
    // Every order was in, so activating processes the phase; the next deadline lies ahead.
    const g = await game();
    expect(g.status).toBe('active');
    expect(g.current_phase).toBe('F1901M');
    expect(g.deadline_at!.getTime()).toBeGreaterThan(now.getTime());
    expect(await master(played, 'ACTIVATE')).toMatch(/ACTIVATE resumes a paused or waiting game or starts a forming one/);
  });

  it('ACTIVATE after a pause keeps a deadline that is still ahead, and restarts one that has passed', async () => {
    const played = await begin();
    const deadline = (await game()).deadline_at!.toISOString();
    await master(played, 'WAIT');
    now = new Date('2004-01-06T10:00:00Z');
    await master(played, 'ACTIVATE');
    expect((await game()).deadline_at!.toISOString()).toBe(deadline);
    expect((await openJobs()).find((j) => j.kind === 'deadline')!.due_at.toISOString()).toBe(deadline);
    await master(played, 'WAIT');
    now = new Date('2004-01-14T10:00:00Z');
    await master(played, 'ACTIVATE');
    expect((await game()).deadline_at!.getTime()).toBeGreaterThan(now.getTime());
    expect((await notices('%Parameter Change%')).at(-1)!.body).toMatch(/activated game 'demo' again\.\nThe deadline is /);
  });

  it('TERMINATE ends the game for good', async () => {
    const played = await begin();
    expect(await master(played, 'TERMINATE')).toMatch(/Game 'demo' has been terminated/);
    expect((await game()).status).toBe('terminated');
    expect(await openJobs()).toHaveLength(0);
    const notice = (await notices('%Parameter Change%'))[0]!;
    expect(notice.to_addresses).toHaveLength(8);
    expect(notice.body).toMatch(/The Master has terminated game 'demo'/);
    expect(await master(played, 'ACTIVATE')).toMatch(/Game 'demo' is terminated; UNEND resumes it/);
    expect(await master(played, 'TERMINATE')).toMatch(/is terminated already/);
  });

  it('a terminated game: its players cannot sign on, its Master can, and UNEND GAME resumes it with its jobs', async () => {
    const played = await begin();
    await played.as('FRANCE', 'A Par - Bur');
    now = new Date('2004-01-06T09:00:00Z');
    await master(played, 'TERMINATE');
    const refusal = /Game 'demo' has been terminated; only its Master can still sign on to it/;
    expect(await played.as('FRANCE', 'A Par H')).toMatch(refusal);
    const { address, password } = played.holder.get('FRANCE')!;
    await played.judge.receive(eml({ from: address }, `SIGNON Mdemo ${password}\nLIST demo`));
    expect(await reply(address)).toMatch(/Invalid game, power or password/);
    for (const opener of [
      'JOIN demo newpass',
      'OBSERVE demo newpass',
      `RESIGN Fdemo ${password}`,
      'TAKEOVER france@demo newpass',
      'TAKEOVER master@demo gmpass',
    ]) {
      await played.judge.receive(eml({ from: 'newcomer@players.example' }, opener));
      expect(await reply('newcomer@players.example')).toMatch(refusal);
    }
    await played.judge.receive(eml({ from: GM }, 'SIGNON Mdemo wrongpass\nUNEND'));
    expect(await reply(GM)).toMatch(/Invalid game, power or password/);
    expect((await game()).status).toBe('terminated');

    // The Master is in; what needs a game in play asks for UNEND first, and nothing changes.
    expect(await master(played, 'LIST demo')).toMatch(/terminated/i);
    expect(await master(played, 'DUMMY Italy')).toMatch(/Game 'demo' is terminated: UNEND it before DUMMY/);
    expect(await master(played, 'BECOME Italy')).toMatch(/UNEND it before BECOME/);
    expect(await master(played, 'ROLLBACK')).toMatch(/only a game in play can be rolled back \(UNEND it first\)/);
    expect(await master(played, 'SET DEADLINE 20 JAN 12:00')).toMatch(/Game 'demo' is terminated: it has no deadline to change/);
    expect(await master(played, 'REVEAL')).toMatch(/The players of game 'demo' have been revealed to everyone/);
    expect((await db().selectFrom('seats').select('status').where('power', '=', 'ITALY').executeTakeFirstOrThrow()).status).toBe('active');
    expect(await openJobs()).toHaveLength(0);

    now = new Date('2004-01-08T12:00:00Z');
    expect(await master(played, 'UNEND GAME')).toMatch(/Game 'demo' is being played again from S1901M/);
    const g = await game();
    expect(g.status).toBe('active');
    expect(g.current_phase).toBe('S1901M');
    expect(g.deadline_at!.getTime()).toBeGreaterThan(now.getTime());
    const jobs = await openJobs();
    expect(jobs.find((j) => j.kind === 'deadline')!.due_at.toISOString()).toBe(g.deadline_at!.toISOString());
    expect(jobs.every((j) => j.game_id === g.id && j.due_at.getTime() > now.getTime())).toBe(true);
    const resumed = (await notices('%Parameter Change%')).at(-1)!;
    expect(resumed.to_addresses).toHaveLength(8);
    expect(resumed.body).toMatch(/The Master has resumed game 'demo' in S1901M\.\nThe deadline is /);
    // The players are back, with the orders they had.
    expect(await played.as('FRANCE', 'STATUS')).toMatch(/A Par -> Bur|Par.*Bur/i);
    // The resumed deadline works like any other: at it, the late powers are told.
    now = g.deadline_at!;
    await fire('deadline');
    // Every follower is told once that the powers are late.
    const told = (await notices('%Late Notice%')).flatMap((n) => n.to_addresses);
    expect(told.sort()).toEqual([...new Set([GM, ...[...played.holder.values()].map((h) => h.address)])].sort());
  });

  it('UNEND of a terminated game with a vacant power waits for a replacement, without a deadline', async () => {
    const played = await begin();
    await master(played, 'RESIGN France');
    await master(played, 'TERMINATE');
    expect(await master(played, 'UNEND')).toMatch(/being played again from S1901M; it waits for a replacement for France/);
    expect((await game()).status).toBe('waiting');
    expect(await openJobs()).toHaveLength(0);
    await played.judge.receive(eml({ from: 'new@players.example' }, 'TAKEOVER france@demo newpass'));
    expect(await reply('new@players.example')).toMatch(/You have taken over France/);
    expect((await game()).status).toBe('active');
    expect((await openJobs()).some((j) => j.kind === 'deadline')).toBe(true);
  });

  it('RENAME gives the game a new name that players sign on with', async () => {
    const played = await begin();
    expect(await master(played, 'RENAME demo other wrongpass')).toMatch(/needs the Master's password/);
    expect(await master(played, 'RENAME elsewhere other gmpass')).toMatch(/names game 'elsewhere', but you are signed on to 'demo'/);
    expect(await master(played, 'RENAME demo Bad!Name gmpass')).toMatch(/is not a valid game name/);
    expect(await master(played, 'RENAME demo Renamed gmpass')).toMatch(/Game 'demo' is now called 'renamed'/);
    expect((await game()).name).toBe('renamed');
    expect((await notices('%Parameter Change%'))[0]!.body).toMatch(/renamed game 'demo' to 'renamed'/);
    await played.judge.receive(eml({ from: GM }, 'SIGNON Mrenamed gmpass\nSET UNLISTED'));
    expect(await reply(GM)).toMatch(/Game 'renamed' is now unlisted/);
  });

  it('SET LISTED and SET UNLISTED belong to the Master and decide what SEARCH shows', async () => {
    const played = await begin();
    // LIST shows only games taking players; a game in play is found by SEARCH.
    const list = async () => {
      await played.judge.receive(eml({ from: 'someone@players.example' }, 'SEARCH demo'));
      return reply('someone@players.example');
    };
    expect(await list()).toMatch(/demo/);
    expect(await played.as('FRANCE', 'SET UNLISTED')).toMatch(/SET UNLISTED is a Master command/);
    expect(await master(played, 'SET UNLISTED')).toMatch(/is now unlisted/);
    expect(await list()).not.toMatch(/demo/);
    expect(await master(played, 'SET LISTED')).toMatch(/is now listed/);
    expect(await list()).toMatch(/demo/);
    expect(await notices('%Parameter Change%')).toHaveLength(2);
  });

  it('PREVIEW mails the results to the Master alone and saves nothing', async () => {
    const played = await begin();
    await played.as('FRANCE', SPRING_1901_ORDERS.FRANCE!.join('\n'));
    const before = await state();
    expect(await master(played, 'PREVIEW')).toMatch(/A preview of the S1901M results has been mailed to you; nothing has been saved/);
    expect(await state()).toEqual(before);
    const previews = await notices('%Preview%');
    expect(previews).toHaveLength(1);
    expect(previews[0]!.to_addresses).toEqual([GM]);
    expect(previews[0]!.body).toMatch(/France: Army Paris -> Burgundy\./);
    expect(previews[0]!.body).toMatch(/Austria: Army Vienna, No Order Processed\./);
    expect(await db().selectFrom('outbox').select('id').where('kind', '=', 'results').execute()).toHaveLength(0);
    expect(await played.as('FRANCE', 'PREVIEW')).toMatch(/PREVIEW is a Master command/);
  });

  const seatOf = (power: PowerId) => db().selectFrom('seats').select(['id', 'address', 'status', 'wait']).where('power', '=', power).executeTakeFirstOrThrow();
  const mailsTo = (address: string, subjectLike: string) =>
    db().selectFrom('outbox').selectAll().where(sql<boolean>`${address} = ANY(to_addresses)`).where('subject', 'like', subjectLike).orderBy('id').execute();

  it('RESIGN and EJECT vacate a power for TAKEOVER; REVIVE gives it back', async () => {
    const played = await begin();
    const france = played.holder.get('FRANCE')!;
    expect(await master(played, 'RESIGN Prussia')).toMatch(/"Prussia" is not a power/);
    expect(await master(played, 'RESIGN France')).toMatch(/France is vacant; game 'demo' waits for a replacement/);
    expect(await seatOf('FRANCE')).toMatchObject({ status: 'resigned', address: france.address });
    expect((await game()).status).toBe('waiting');
    expect((await mailsTo(france.address, '%Resignation: France%'))[0]!.body).toMatch(/The Master has resigned you from France/);
    expect((await notices('%Resignation: France%')).at(-1)!.body).toMatch(/TAKEOVER france@demo/);
    expect(await master(played, 'RESIGN France')).toMatch(/France has no player to resign/);
    now = new Date('2004-01-06T10:00:00Z');
    expect(await master(played, 'REVIVE France')).toMatch(/France is played again by its former player[\s\S]*goes on/);
    expect(await seatOf('FRANCE')).toMatchObject({ status: 'active', address: france.address });
    expect((await game()).status).toBe('active');
    expect(await played.as('FRANCE', 'A Par H')).toMatch(/Movement orders for Spring of 1901/);

    const england = played.holder.get('ENGLAND')!;
    expect(await master(played, `EJECT ${england.address}`)).toMatch(/England is vacant/);
    expect((await mailsTo(england.address, '%Resignation: England%'))[0]!.body).toMatch(/The Master has removed you from England/);
    await played.judge.receive(eml({ from: 'new@players.example' }, 'TAKEOVER england@demo newpw'));
    expect(await seatOf('ENGLAND')).toMatchObject({ status: 'active', address: 'new@players.example' });
    expect((await game()).status).toBe('active');

    await played.judge.receive(eml({ from: 'watcher@players.example' }, 'OBSERVE watcher@demo wpw'));
    expect(await master(played, 'EJECT watcher')).toMatch(/watcher no longer observes game 'demo'/);
    expect(await db().selectFrom('seats').select('id').where('role', '=', 'observer').where('left_at', 'is', null).execute()).toHaveLength(0);
  });

  it('DUMMY takes a power from its player; its units hold and it holds nobody up; REVIVE returns it', async () => {
    const played = await begin();
    const turkey = played.holder.get('TURKEY')!;
    expect(await master(played, 'DUMMY Turkey')).toMatch(/Turkey is now a dummy/);
    expect(await seatOf('TURKEY')).toMatchObject({ status: 'dummy', address: GM });
    expect((await mailsTo(turkey.address, '%Dummy: Turkey%'))[0]!.body).toMatch(/you no longer play it/);
    expect((await notices('%Parameter Change%'))[0]!.body).toMatch(/Turkey is now a dummy/);
    expect(await master(played, 'DUMMY Turkey')).toMatch(/Turkey is a dummy already/);
    const { TURKEY: _, ...others } = SPRING_1901_ORDERS;
    await play(played, others);
    expect((await game()).current_phase).toBe('F1901M');
    const results = await db().selectFrom('outbox').select('body').where('kind', '=', 'results').executeTakeFirstOrThrow();
    expect(results.body).toMatch(/Turkey: Army Constantinople, No Order Processed\./);
    expect(await master(played, 'REVIVE Turkey newpass')).toMatch(/Turkey is played again by its former player, with the password you gave/);
    expect(await seatOf('TURKEY')).toMatchObject({ status: 'active', address: turkey.address });
    await played.judge.receive(eml({ from: turkey.address }, 'SIGNON Tdemo newpass\nA Con H'));
    expect(await reply(turkey.address)).toMatch(/Movement orders for Fall of 1901/);
  });

  it('BECOME lets the Master order and write as a power; the player is told and gets a copy', async () => {
    const played = await begin();
    const italy = played.holder.get('ITALY')!;
    expect(await master(played, 'A Ven H')).toMatch(/Only players who hold a power can do that \(the Master may BECOME one\)/);
    const answer = await master(played, 'BECOME Italy\nA Ven - Tyr\nA Rom - Ven\nF Nap - Ion');
    expect(answer).toMatch(/You act as Italy for the rest of this block/);
    expect(answer).toMatch(/Italy: Army Venice -> Tyrolia/);
    const orders = await db().selectFrom('orders').select(['lines', 'submitted']).where('power', '=', 'ITALY').executeTakeFirstOrThrow();
    expect(orders).toEqual({ lines: ['A Ven - Tyr', 'A Rom - Ven', 'F Nap - Ion'], submitted: true });
    expect((await mailsTo(italy.address, '%Master as Italy%')).map((m) => m.body)).toEqual([
      expect.stringMatching(/The Master of game 'demo' is acting as Italy; you will be sent a copy/),
      expect.stringMatching(
        /acting as Italy, wrote:\n\n {2}A Ven - Tyr\n {2}A Rom - Ven\n {2}F Nap - Ion\n\nThe judge answered:\n\nMovement orders for Spring of 1901[\s\S]*Italy: Army Venice -> Tyrolia/,
      ),
    ]);
    expect(await master(played, 'BECOME Italy\nSET WAIT')).toMatch(/The Master cannot hold a game with SET WAIT/);
    // Orders before BECOME MASTER belong to the power acted for; after it the Master is the Master again.
    expect(await master(played, 'BECOME Austria\nA Vie H\nA Bud H\nF Tri H\nBECOME MASTER\nSET UNLISTED')).toMatch(
      /You act as the Master again[\s\S]*is now unlisted/,
    );
    expect((await db().selectFrom('orders').select('lines').where('power', '=', 'AUSTRIA').executeTakeFirstOrThrow()).lines).toEqual([
      'A Vie H',
      'A Bud H',
      'F Tri H',
    ]);
    expect(await played.as('ITALY', 'BECOME France')).toMatch(/BECOME is a Master command/);
  });

  it("OFFICIAL sends the Master's later press under its subject without the press header", async () => {
    const played = await begin();
    const france = played.holder.get('FRANCE')!;
    expect(await master(played, 'OFFICIAL House rules\nBROADCAST\nNo stabbing before 1905.\nENDBROADCAST')).toMatch(
      /Official notice "House rules" sent to 7 readers/,
    );
    const mails = await mailsTo(france.address, 'House rules');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toBe('No stabbing before 1905.\n');
    expect(await db().selectFrom('press').select('body').execute()).toEqual([{ body: 'No stabbing before 1905.' }]);
    // Without OFFICIAL, the Master's press has the usual header.
    await master(played, 'BROADCAST\nSecond notice.\nENDBROADCAST');
    expect(
      (await db().selectFrom('outbox').select(['subject', 'body']).where('kind', '=', 'press').orderBy('id', 'desc').executeTakeFirstOrThrow()).body,
    ).not.toBe('Second notice.\n');
  });

  it('REVEAL names the players of an ended NO_REVEAL game', async () => {
    const played = await begin('RULES NO_REVEAL');
    expect(await master(played, 'REVEAL')).toMatch(/its players are revealed only after it has ended/);
    await master(played, 'GAME HAS ENDED');
    expect((await notices('%Game over%'))[0]!.body).not.toMatch(/p1@players\.example/);
    expect(await master(played, 'REVEAL')).toMatch(/have been revealed to everyone/);
    const revealed = (await notices('%Players revealed%'))[0]!;
    expect(revealed.to_addresses).toHaveLength(8);
    expect(revealed.body).toMatch(/France +p\d@players\.example/);
  });
});

describeWithDatabase('master commands before the game starts', (getStore) => {
  let now = START;
  const clock = () => now;
  const db = () => getStore().db;
  const reply = (address: string) => lastReplyTo(db(), address);
  const create = async (players: number) => {
    now = START;
    const judge = new MailJudge(createJudgeStore(db(), { messageIdDomain: 'judge.example' }), TEST_JUDGE, () => 0.3, clock);
    await judge.receive(eml({ from: GM }, 'CREATE demo gmpass\nZONE Europe/Berlin\nRULE REAL_TIME\nFORM'));
    for (let i = 1; i <= players; i++) await judge.receive(eml({ from: `p${i}@players.example` }, `JOIN demo pw${i}`));
    const master = async (lines: string) => {
      await judge.receive(eml({ from: GM }, `SIGNON Mdemo gmpass\n${lines}`));
      return reply(GM);
    };
    return { judge, master };
  };

  it('ACTIVATE starts a forming game; the powers nobody took are dummies that do not hold it up', async () => {
    const { judge, master } = await create(3);
    const started = await master('ACTIVATE');
    expect(started).not.toMatch(/is full/);
    const dummyNames =
      /You have started game 'demo' with 3 of 7 players\. Nobody plays ((?:\w+, )+\w+): they are dummies, whose units hold unless you order them after BECOME\./.exec(
        started,
      );
    expect(dummyNames).not.toBeNull();
    const g = await db().selectFrom('games').selectAll().executeTakeFirstOrThrow();
    expect(g.status).toBe('active');
    expect(g.current_phase).toBe('S1901M');
    const seats = await db().selectFrom('seats').select(['power', 'status', 'address']).where('role', '=', 'power').execute();
    expect(seats).toHaveLength(7);
    const players = seats.filter((s) => s.status === 'active');
    expect(players).toHaveLength(3);
    const dummies = seats.filter((s) => s.status === 'dummy');
    expect(dummies.every((s) => s.address === GM)).toBe(true);
    const names = {
      AUSTRIA: 'Austria',
      ENGLAND: 'England',
      FRANCE: 'France',
      GERMANY: 'Germany',
      ITALY: 'Italy',
      RUSSIA: 'Russia',
      TURKEY: 'Turkey',
    } as Record<string, string>;
    expect(dummyNames![1]!.split(', ').sort()).toEqual(dummies.map((s) => names[s.power!]).sort());
    // Everyone gets one start notice naming the dummies; the Master holds them and gets one copy only.
    const starts = await db().selectFrom('outbox').select(['to_addresses', 'body']).where('subject', 'like', '%Game starting%').execute();
    expect(starts.map((m) => m.to_addresses[0]).sort()).toEqual([GM, 'p1@players.example', 'p2@players.example', 'p3@players.example']);
    for (const start of starts)
      expect(start.body).toContain(`Nobody plays ${dummyNames![1]}: they are dummies, whose units hold unless the Master orders them.`);
    for (const player of players) {
      const i = player.address.slice(1, 2);
      const initial = ({ AUSTRIA: 'A', ENGLAND: 'E', FRANCE: 'F', GERMANY: 'G', ITALY: 'I', RUSSIA: 'R', TURKEY: 'T' } as Record<PowerId, string>)[
        player.power!
      ]!;
      const units = (await db().selectFrom('phases').select('position').executeTakeFirstOrThrow()).position.units.filter((u) => u.power === player.power);
      await judge.receive(eml({ from: player.address }, `SIGNON ${initial}demo pw${i}\n${units.map((u) => `${u.type} ${u.location} H`).join('\n')}`));
    }
    expect((await db().selectFrom('games').select('current_phase').executeTakeFirstOrThrow()).current_phase).toBe('F1901M');
  });

  it("PURGE deletes a game nobody has joined, with the Master's password", async () => {
    const { judge, master } = await create(0);
    expect(await master('PURGE demo wrongpass')).toMatch(/needs the Master's password/);
    expect(await master('PURGE demo gmpass\nSET UNLISTED')).toMatch(/has been purged: nothing more can be done in it/);
    expect(await db().selectFrom('games').select('id').execute()).toHaveLength(1);
    expect(await master('PURGE demo gmpass')).toMatch(/Game 'demo' has been purged/);
    expect(await db().selectFrom('games').select('id').execute()).toHaveLength(0);
    await create(1);
    expect(await master('PURGE demo gmpass')).toMatch(/cannot be purged: players have joined it/);
    void judge;
  });

  it('PURGE and RENAME without SIGNON carry the Master password themselves', async () => {
    await create(0);
    const run = (text: string) =>
      createJudgeStore(db(), { messageIdDomain: 'judge.example' }).transaction((store) =>
        inUnitOfWork(store, async (tx) => {
          const [keyword, ...args] = text.split(' ');
          const ctx: BlockContext<GamePorts> = {
            tx,
            config: TEST_JUDGE,
            message: {} as InboundMail,
            sender: mailAddress('anyone@players.example'),
            reply: [],
            attachments: [],
            errors: [],
            random: () => 0.3,
            now,
            touchedGames: new Set(),
          };
          try {
            const [written = '', second = '', third = ''] = args;
            const game = readGameName(written);
            const command: MasterCommand =
              keyword === 'PURGE'
                ? { kind: 'master', line: 1, text, command: 'PURGE', args, game, password: second }
                : { kind: 'master', line: 1, text, command: 'RENAME', args, game, newName: second, password: third };
            await masterCommandWithoutSignon(ctx, command);
          } catch (error) {
            if (error instanceof BlockError) return error.message;
            throw error;
          }
          return ctx.reply.join('\n');
        }),
      );
    expect(await run('RENAME nothere other gmpass')).toMatch(/There is no game named 'nothere'/);
    expect(await run('RENAME demo other wrong')).toMatch(/needs the Master's password/);
    expect(await run('RENAME demo other gmpass')).toMatch(/is now called 'other'/);
    expect(await run('PURGE other gmpass')).toMatch(/Game 'other' has been purged/);
    expect(await db().selectFrom('games').select('id').execute()).toHaveLength(0);
  });
});
