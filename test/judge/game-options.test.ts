import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addRule, GAME_OPTIONS, readOption, type GameSettings } from '../../src/judge/master/game-options.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { lastReplyTo, runGameEventsUntil, SPRING_1901_ORDERS, type StartedGame, startGame, TEST_JUDGE } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// Game options (issue 13): one table read by CREATE, SET after the Master's SIGNON, RULE lines,
// LIST game and HELP. Each option accepted here is shown to change what the judge does.

const START = new Date('2004-01-05T16:00:00Z');
const GM = 'gm@players.example';

const SETTINGS: GameSettings = { status: 'active', rules: [], listed: true, description: '', timing: null, options: {}, isPrivate: false };

describe('the options table', () => {
  it('reads njudge spellings, refuses what it cannot honour by name, and knows the rest is unknown', () => {
    const read = (words: string) => readOption(words.split(' '), words, SETTINGS);
    expect(read('GREY')).toMatchObject({ kind: 'option', reading: { ok: true, change: { rules: ['GREY_PRESS'] } } });
    expect(read('white/grey')).toMatchObject({ kind: 'option', reading: { ok: true, change: { rules: ['WHITE_GREY'] } } });
    expect(read('NO PRESS')).toMatchObject({ kind: 'option', reading: { ok: true, change: { rules: ['NO_PRESS'] } } });
    expect(read('NO WATCH ALL PRESS')).toMatchObject({ kind: 'option', reading: { ok: true, change: { rules: [] } } });
    expect(read('MAX ABSENCE 40')).toMatchObject({ kind: 'option', reading: { ok: false, message: 'SET MAX ABSENCE takes a number of days from 0 to 31' } });
    expect(read('MYOPIC')).toMatchObject({ kind: 'unknown' });
    expect(read('BLIND')).toMatchObject({ kind: 'option' });
    expect(read('STRICT CONVOY')).toMatchObject({ kind: 'refused' });
    expect(read('LEVEL EXPERT')).toMatchObject({ kind: 'refused', message: expect.stringMatching(/ALLOW PLAYER/) });
    expect(read('APPROVAL')).toMatchObject({ kind: 'option', reading: { ok: true, change: { rules: ['APPROVAL'] } } });
    expect(read('PARTIAL FAKES BROADCAST BY DEFAULT')).toMatchObject({
      kind: 'option',
      reading: { ok: true, change: { rules: ['FAKES_BROADCAST_DEFAULT', 'FAKE_PRESS'] } },
    });
    expect(read('COLOUR blue')).toEqual({ kind: 'unknown' });
  });

  it('keeps implies and forbids: GUNBOAT brings NO_REVEAL, NO_PRESS and GREY_PRESS exclude each other', () => {
    expect(addRule([], 'GUNBOAT')).toEqual({ ok: true, rules: ['GUNBOAT', 'NO_REVEAL'] });
    expect(addRule(['GREY_PRESS'], 'NO_PRESS')).toEqual({ ok: false, message: 'NO_PRESS and GREY_PRESS cannot both be rules of a game' });
    expect(addRule(['NO_PRESS'], 'FAKE_PRESS')).toMatchObject({ ok: false });
    // SET GREY switches the press kind rather than clashing with NO_PRESS.
    expect(readOption(['GREY'], 'GREY', { ...SETTINGS, rules: ['NO_PRESS'] })).toMatchObject({ reading: { ok: true, change: { rules: ['GREY_PRESS'] } } });
  });

  it('gives every option a title and usage short enough for the HELP text', () => {
    for (const option of GAME_OPTIONS) expect(`  ${option.usage}`.length).toBeLessThanOrEqual(76);
  });
});

describeWithDatabase('game options', (getStore) => {
  let now = START;
  const clock = () => now;
  const db = () => getStore().db;
  const game = () => db().selectFrom('games').selectAll().executeTakeFirstOrThrow();
  const reply = (address: string) => lastReplyTo(db(), address);
  const newJudge = () => new MailJudge(createJudgeStore(db(), { messageIdDomain: 'judge.example' }), TEST_JUDGE, () => 0.3, clock);
  const send = async (judge: MailJudge, from: string, body: string) => {
    await judge.receive(eml({ from }, body));
    return reply(from);
  };
  const master = (played: StartedGame, lines: string) => send(played.judge, GM, `SIGNON Mdemo gmpass\n${lines}`);
  const mailTo = (address: string) => db().selectFrom('outbox').selectAll().where(sql<boolean>`${address} = ANY(to_addresses)`).orderBy('id').execute();
  const start = async (createLines = '') => {
    now = START;
    return startGame(db(), createLines, clock);
  };

  it('CREATE … standard gunboat makes a gunboat game; refused and unknown words refuse the CREATE', async () => {
    const judge = newJudge();
    expect(await send(judge, GM, 'CREATE gb pw standard gunboat')).toMatch(/Rules: GUNBOAT, NO_REVEAL\./);
    expect((await game()).rules).toEqual(['GUNBOAT', 'NO_REVEAL']);
    expect(await send(judge, GM, 'CREATE gb2 pw gunboat')).toMatch(/Game 'gb2' \(Standard\) has been created/);
    expect(await send(judge, GM, 'CREATE bl pw standard wings')).toMatch(/CREATE WINGS is refused: Wings .* not available on this judge/);
    expect(await send(judge, GM, 'CREATE bl pw standard sparkles')).toMatch(/"sparkles" is neither a variant option/);
    expect(await send(judge, GM, 'CREATE bl pw\nRULE MYOPIC')).toMatch(/RULE MYOPIC is refused/);
    expect(await send(judge, GM, 'CREATE bl pw\nRULE NO_PRESS GREY_PRESS')).toMatch(/GREY_PRESS and NO_PRESS cannot both be rules/);
    expect(await send(judge, GM, 'CREATE bl pw\nSET WINGS')).toMatch(/SET WINGS is refused: Wings/);
    expect(await send(judge, GM, 'CREATE bl pw\nSET COLOUR blue')).toMatch(/SET COLOUR is not a setting this judge knows/);
    expect((await db().selectFrom('games').select('name').orderBy('name').execute()).map((g) => g.name)).toEqual(['gb', 'gb2']);
  });

  it('a gunboat game names no player anywhere: start, press, results, LIST, SUMMARY, HISTORY, the end', async () => {
    const played = await start('SET GUNBOAT\nSET GREY');
    expect((await game()).rules).toEqual(expect.arrayContaining(['GUNBOAT', 'NO_REVEAL', 'GREY_PRESS']));
    await played.as('ENGLAND', 'PRESS TO F\nShall we?\nENDPRESS');
    for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) await played.as(power, orders.join('\n'));
    expect((await game()).current_phase).toBe('F1901M');
    await send(played.judge, 'outsider@else.example', 'LIST demo\nSUMMARY demo\nHISTORY demo');
    for (const power of Object.keys(SPRING_1901_ORDERS)) await played.as(power, 'SET DRAW');
    expect((await game()).status).toBe('completed');
    const results = (await db().selectFrom('outbox').select('body').where('kind', '=', 'results').execute()).map((r) => r.body);
    expect(results[0]).toMatch(/Variant: Standard Gunboat/);
    // Only the Master, and each player in mail to that player alone, ever sees a player's address.
    const mails = (await db().selectFrom('outbox').select(['body', 'to_addresses', 'bcc_addresses']).execute()).filter((m) => !m.to_addresses.includes(GM));
    for (const mail of mails) {
      const shown = mail.body.match(/p\d@players\.example/g) ?? [];
      for (const address of shown) expect([...mail.to_addresses, ...mail.bcc_addresses]).toEqual([address]);
    }
  });

  it('the Master changes press at once, announced to everyone; players may not, unless UNMODERATED', async () => {
    const played = await start();
    expect(await master(played, 'SET NO PRESS')).toMatch(/press changed\. No press: players may write only to the Master\./);
    const notice = await db().selectFrom('outbox').selectAll().where('subject', 'like', '%Parameter Change').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(notice.body).toMatch(/The Master has changed a setting of game 'demo':\nPress: no press/);
    expect(notice.to_addresses.length + notice.bcc_addresses.length).toBeGreaterThan(1);
    expect(await played.as('ENGLAND', 'PRESS TO F\nHello\nENDPRESS')).toMatch(/Press refused: this game allows press only to the Master \(NO_PRESS\)/);
    expect(await played.as('ENGLAND', 'SET WHITE')).toMatch(/Only the Master can change press in game 'demo' \(players can in UNMODERATED games\)/);
    await master(played, 'SET UNMODERATED');
    expect(await played.as('ENGLAND', 'SET GREY')).toMatch(/press changed\. Grey press only/);
    expect((await game()).rules).toEqual(['UNMODERATED', 'GREY_PRESS']);
    expect(await played.as('ENGLAND', 'PRESS TO F\nHello\nENDPRESS')).not.toMatch(/refused/);
    const french = await mailTo(played.holder.get('FRANCE')!.address);
    expect(french.at(-1)!.body).toMatch(/^Message to France in 'demo':/m);
    expect(await played.as('ENGLAND', 'SET GUNBOAT')).toMatch(/Only the Master can change gunboat/);
    expect(await master(played, 'SET GUNBOAT')).toMatch(/Gunboat can change only before game 'demo' starts/);
    expect(await master(played, 'SET BLIND')).toMatch(/Blind can change only before game 'demo' starts/);
    expect(await master(played, 'SET NO PARTIAL')).toMatch(/partial press changed/);
    expect(await played.as('ENGLAND', 'PRESS TO F\nHello\nENDPRESS')).toMatch(/only broadcasts and press to the Master \(PUBLIC_PRESS\)/);
    await master(played, 'SET PARTIAL\nSET FAKE');
    expect(await played.as('ENGLAND', 'PRESS TO F FAKE FROM G\nHello\nENDPRESS')).not.toMatch(/refused/);
    expect(await master(played, 'RULE !FAKE_PRESS NO_DIAS')).toMatch(/now has the rules: UNMODERATED, GREY_PRESS, NO_DIAS/);
    expect(await played.as('ENGLAND', 'PRESS TO F FAKE FROM G\nHello\nENDPRESS')).toMatch(/fake press is not allowed/);
    expect(await played.as('ENGLAND', 'SET DRAW')).toMatch(/plays NO_DIAS: name the powers/);
    const list = await send(played.judge, 'outsider@else.example', 'LIST demo');
    expect(list).toMatch(/Press: grey press only: senders are not named\./);
    expect(list).toMatch(/Draws: draws need not include every survivor \(NO_DIAS\)\./);
    expect(list).toMatch(/Moderation: unmoderated/);
  });

  it('observers: WHITE allows white press only, WATCH ALL PRESS copies them partial press', async () => {
    const played = await start();
    await send(played.judge, 'watcher@else.example', 'OBSERVE eye@demo pw');
    await master(played, 'SET GREY/WHITE\nSET OBSERVER WHITE\nSET WATCH ALL PRESS');
    expect(await send(played.judge, 'watcher@else.example', 'SIGNON eye@demo pw\nBROADCAST GREY\nWho am I?\nENDBROADCAST')).toMatch(
      /observers may send white press only/,
    );
    await played.as('ENGLAND', 'PRESS TO F\nJust between us.\nENDPRESS');
    expect((await mailTo('watcher@else.example')).some((m) => m.kind === 'press' && m.body.includes('Just between us.'))).toBe(true);
    await master(played, 'SET NO WATCH ALL PRESS\nSET OBSERVER NO');
    await played.as('ENGLAND', 'PRESS TO F\nSecret two.\nENDPRESS');
    expect((await mailTo('watcher@else.example')).some((m) => m.body.includes('Secret two.'))).toBe(false);
    expect(await send(played.judge, 'watcher@else.example', 'SIGNON eye@demo pw\nBROADCAST\nHi\nENDBROADCAST')).toMatch(
      /observers may write only to the Master/,
    );
  });

  it('MUST ORDER and NO LATE PRESS hold a power to the Master until its orders are in', async () => {
    const played = await start();
    await master(played, 'SET MUST ORDER');
    expect(await played.as('ENGLAND', 'PRESS TO F\nHi\nENDPRESS')).toMatch(/only once its orders are in \(MUST ORDER\)/);
    expect(await played.as('ENGLAND', 'PRESS TO M\nHi\nENDPRESS')).not.toMatch(/refused/);
    // Press and orders in one mail: the press goes once the orders are in, wherever it stands in the mail.
    const france = played.holder.get('FRANCE')!.address;
    expect(await played.as('GERMANY', 'PRESS TO F\nHalf my orders\nENDPRESS\nA MUN H')).toMatch(/only once its orders are in \(MUST ORDER\)/);
    const pressFirst = await played.as('GERMANY', `PRESS TO F\nMy orders are in\nENDPRESS\n${SPRING_1901_ORDERS.GERMANY!.join('\n')}\nSET WAIT`);
    expect(pressFirst).not.toMatch(/refused|MUST ORDER/);
    expect(pressFirst).toMatch(/Germany: Army Munich -> Ruhr\.[^]*Press sent to France/);
    await played.as('ITALY', `${SPRING_1901_ORDERS.ITALY!.join('\n')}\nPRESS TO F\nMine too\nENDPRESS\nSET WAIT`);
    const toFrance = (await mailTo(france)).map((m) => m.body).join('\n');
    expect(toFrance).toMatch(/My orders are in/);
    expect(toFrance).toMatch(/Mine too/);
    expect(toFrance).not.toMatch(/Half my orders/);
    await played.as('ENGLAND', `${SPRING_1901_ORDERS.ENGLAND!.join('\n')}\nSET WAIT`);
    expect(await played.as('ENGLAND', 'PRESS TO F\nHi\nENDPRESS')).not.toMatch(/refused/);
    await master(played, 'SET NO MUST ORDER\nSET NO LATE PRESS');
    expect(await played.as('FRANCE', 'PRESS TO E\nBefore the deadline\nENDPRESS')).not.toMatch(/refused/);
    now = new Date((await game()).deadline_at!.getTime() + 60_000);
    expect(await played.as('FRANCE', 'PRESS TO E\nAfter it\nENDPRESS')).toMatch(
      /your orders are late: until they are in you may write only to the Master \(NO LATE PRESS\)/,
    );
    expect(await played.as('ENGLAND', 'PRESS TO F\nI am on time\nENDPRESS')).not.toMatch(/refused/);
  });

  it('NO CONCESSIONS refuses concessions; MAX ABSENCE limits what a player may set alone', async () => {
    const played = await start();
    await master(played, 'SET NO CONCESSIONS\nSET MAX ABSENCE 3');
    expect(await played.as('ENGLAND', 'SET CONCEDE France')).toMatch(/allows no concessions/);
    expect(await played.as('ENGLAND', 'VOTE LOSS')).toMatch(/allows no concessions/);
    expect(await played.as('ENGLAND', 'SET ABSENCE 20 Jan 2004 TO 24 Jan 2004')).toMatch(/lasts 5 days; more than 3 needs the Master/);
    expect(await played.as('ENGLAND', 'SET ABSENCE 20 Jan 2004 TO 22 Jan 2004')).toMatch(/Absence recorded/);
    await master(played, 'SET CONCESSIONS');
    expect(await played.as('ENGLAND', 'SET CONCEDE France')).toMatch(/You concede the game to France/);
    const list = await send(played.judge, 'outsider@else.example', 'LIST demo');
    expect(list).toMatch(/Absences: players may set absences of up to 3 days\./);
  });

  it("MANUAL PROCESS: complete orders wait for the Master's PROCESS", async () => {
    const played = await start('SET MANUAL PROCESS');
    for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) await played.as(power, orders.join('\n'));
    expect(await reply(played.holder.get('TURKEY')!.address)).toMatch(/processed when its Master sends PROCESS \(MANUAL PROCESS\)/);
    expect((await game()).current_phase).toBe('S1901M');
    await runGameEventsUntil(db(), new Date((await game()).deadline_at!.getTime() + 3_600_000), (at) => (now = at));
    expect((await game()).current_phase).toBe('S1901M');
    expect((await db().selectFrom('outbox').select('subject').where('subject', 'like', '%Turn Waiting').execute()).length).toBe(1);
    await master(played, 'SET AUTO PROCESS\nPROCESS');
    expect((await game()).current_phase).toBe('F1901M');
  });

  it('QUIET late notices reach the late power and the Master only; NO LATE COUNT keeps lateness off the record', async () => {
    const played = await start('SET QUIET\nSET NO LATE COUNT');
    for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) if (power !== 'TURKEY') await played.as(power, `${orders.join('\n')}\nSET WAIT`);
    const deadline = (await game()).deadline_at!;
    await runGameEventsUntil(db(), new Date(deadline.getTime() + 3_600_000), (at) => (now = at));
    const late = await db().selectFrom('outbox').selectAll().where('subject', 'like', '%Late Notice%').orderBy('id').execute();
    expect(late.map((m) => [...m.to_addresses, ...m.bcc_addresses].sort())).toEqual([[GM], [played.holder.get('TURKEY')!.address]]);
    expect(late[1]!.body).toMatch(/waiting for your orders/);
    const seats = await db().selectFrom('seats').select(['power', 'late_count']).where('power', '=', 'TURKEY').executeTakeFirstOrThrow();
    expect(seats.late_count).toBe(0);
  });

  it('timing, STRICT GRACE and PLAYER DEADLINES shape the deadlines', async () => {
    const judge = newJudge();
    now = START;
    await send(judge, GM, 'CREATE demo gmpass\nFORM');
    expect(await send(judge, GM, 'SIGNON Mdemo gmpass\nSET MOVE NEXT 48')).toMatch(
      /timing changed\. The timing is now\n\s+Move\s+clock 1410 min 12\.00 next {2}48\.00/,
    );
    for (let i = 1; i <= 7; i++) await send(judge, `p${i}@players.example`, `JOIN demo pw${i}`);
    // Doubled in a game with press: 96 h from Mon 16:00 is Fri 16:00, then the 23:30 clock.
    expect((await game()).deadline_at).toEqual(new Date('2004-01-09T23:30:00Z'));
    await send(judge, GM, 'SIGNON Mdemo gmpass\nSET MOVE GRACE 24\nSET STRICT GRACE\nSET DEADLINE Fri Jan 23 2004 23:30');
    expect((await game()).grace_at).toEqual(new Date('2004-01-24T23:30:00Z'));
    await send(judge, GM, 'SIGNON Mdemo gmpass\nSET NO STRICT GRACE\nSET DEADLINE Fri Jan 30 2004 23:30');
    expect((await game()).grace_at).toEqual(new Date('2004-02-02T23:30:00Z'));
    const player = (await db().selectFrom('seats').select(['address', 'power']).where('power', '=', 'ENGLAND').executeTakeFirstOrThrow()).address;
    const pw = `pw${player.slice(1, 2)}`;
    expect(await send(judge, player, `SIGNON Edemo ${pw}\nSET DEADLINE Sat Jan 31 2004 23:30`)).toMatch(/Only the Master can change the deadline/);
    await send(judge, GM, 'SIGNON Mdemo gmpass\nSET PLAYER DEADLINES');
    expect(await send(judge, player, `SIGNON Edemo ${pw}\nSET DEADLINE Mon Feb 2 2004 23:30`)).not.toMatch(/Only the Master/);
    expect((await game()).deadline_at).toEqual(new Date('2004-02-02T23:30:00Z'));
    expect(await send(judge, 'outsider@else.example', 'LIST demo')).toMatch(/Move\s+clock 1410 min 12\.00 next {2}48\.00 grace {2}24\.00/);
  });

  it('a timing change moves the deadline of the phase in play at once, and its jobs fire at the new time', async () => {
    const played = await start();
    const before = (await game()).deadline_at!;
    now = new Date('2004-01-06T10:00:00Z');
    const changed = await master(played, 'SET MOVE NEXT 24 CLOCK 1200');
    // From Tue 10:00, 24 hours on is Wed 10:00, then the 20:00 clock.
    const deadline = new Date('2004-01-07T20:00:00Z');
    expect(before.getTime()).toBeGreaterThan(deadline.getTime());
    expect((await game()).deadline_at).toEqual(deadline);
    expect(changed).toMatch(/timing changed\.[^]*The deadline for S1901M is now Wed Jan 07 2004 20:00/);
    const england = played.holder.get('ENGLAND')!.address;
    const notice = (await mailTo(england)).filter((m) => /Parameter Change/.test(m.subject)).at(-1)!;
    expect(notice.body).toMatch(/Timing: the timing is now[^]*The deadline for S1901M is now Wed Jan 07 2004 20:00/);
    const jobs = await db().selectFrom('jobs').select(['kind', 'due_at']).where('done_at', 'is', null).where('kind', '=', 'deadline').execute();
    expect(jobs).toEqual([{ kind: 'deadline', due_at: deadline }]);
    // The deadline job runs at the new time: the late notices go out then, not at the old deadline.
    const lateAt: Date[] = [];
    await runGameEventsUntil(
      db(),
      deadline,
      (at) => (now = at),
      async (at) => {
        if ((await mailTo(england)).some((m) => /Late Notice/.test(m.subject)) && lateAt.length === 0) lateAt.push(at);
      },
    );
    expect(lateAt).toEqual([deadline]);
    // The timing of another phase type leaves the deadline of the movement phase in play alone.
    now = new Date('2004-01-08T12:00:00Z');
    const retreats = await master(played, 'SET RETREAT NEXT 12');
    expect(retreats).not.toMatch(/The deadline for/);
    expect((await game()).deadline_at).toEqual(deadline);
  });

  it('every option of the table, set by mail, shows in LIST game', async () => {
    const judge = newJudge();
    now = START;
    await send(judge, GM, 'CREATE demo gmpass\nFORM');
    const settings = [
      'SET GREY',
      'SET NO PARTIAL',
      'SET FAKE',
      'SET OBSERVER WHITE',
      'SET WATCH ALL PRESS',
      'SET MUST ORDER',
      'SET NO LATE PRESS',
      'SET QUIET',
      'SET NO DIAS',
      'SET NO CONCESSIONS',
      'SET NMR',
      'SET NO LATE COUNT',
      'SET STRICT GRACE',
      'SET MAX ABSENCE 5',
      'SET MANUAL PROCESS',
      'SET MANUAL START',
      'SET UNMODERATED',
      'SET GUNBOAT',
      'SET PLAYER DEADLINES',
      'SET POSTAL PRESS',
      'SET APPROVAL',
      'SET AUTO CREATE',
      'SET MOVE NEXT 48',
      'SET COMMENT Everything at once',
      'SET NO LIST',
      'SET PRIVATE opensesame',
      'SET ALLOW PLAYER p1@players.example',
    ];
    expect(await send(judge, GM, `SIGNON Mdemo gmpass\n${settings.join('\n')}`)).not.toMatch(/ERROR|refused|cannot/i);
    const list = await send(judge, 'outsider@else.example', 'LIST demo');
    // Each option of the table has its line (timing and the description are shown in their own places).
    // Blind and fog games' options forbid NO_DIAS and one another: test/judge/blind-in-memory.test.ts sets them.
    const blind = (title: string) => title.startsWith('Blind') || title === 'Fog of war' || title === 'Observers';
    for (const option of GAME_OPTIONS.filter((o) => o.title !== 'Timing' && o.title !== 'Description' && !blind(o.title)))
      expect(list, option.title).toMatch(new RegExp(`^\\s*${option.title}: `, 'm'));
    expect(list).toMatch(/Identities: players stay anonymous after the game ends/);
    expect(list).toMatch(/Absences: players may set absences of up to 5 days\./);
    expect(list).toMatch(/Access: only 1 allowed address may join or take over\./);
    expect(list).toMatch(/Move\s+clock 1410 min 12\.00 next {2}48\.00/);
    expect(list).toMatch(/Everything at once/);
    expect(list).not.toMatch(/opensesame|p1@players/);
  });

  it('SET NMR in a game in play: at grace the late power goes into civil disorder and the turn is processed', async () => {
    const played = await start();
    expect(await master(played, 'SET NMR')).toMatch(/civil disorder changed\. NMR: at grace late powers go into civil disorder/);
    for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) if (power !== 'TURKEY') await played.as(power, orders.join('\n'));
    const { grace_at } = await game();
    await runGameEventsUntil(db(), new Date(grace_at!.getTime() + 60_000), (at) => (now = at));
    expect((await game()).current_phase).toBe('F1901M');
    expect(await db().selectFrom('seats').select('status').where('power', '=', 'TURKEY').executeTakeFirstOrThrow()).toEqual({ status: 'cd' });
  });

  it("SET NO REVEAL in a game in play hides its players from SUMMARY and the players' records from LIST", async () => {
    const played = await start();
    const outsider = 'outsider@else.example';
    expect(await send(played.judge, outsider, 'SUMMARY demo')).toMatch(/^The players:/m);
    expect(await master(played, 'SET NO REVEAL')).toMatch(/identities changed\. Players stay anonymous after the game ends/);
    expect(await send(played.judge, outsider, 'SUMMARY demo')).toMatch(/The powers \(this game does not say who played them\):/);
    expect(await send(played.judge, outsider, 'LIST demo')).toMatch(/Identities: players stay anonymous after the game ends/);
    expect(await master(played, 'SET REVEAL')).toMatch(/Players are revealed when the game ends/);
    expect(await send(played.judge, outsider, 'SUMMARY demo')).toMatch(/^The players:/m);
  });

  it('forming games: privacy word, ALLOW/DENY PLAYER, MANUAL START, NO LIST and COMMENT', async () => {
    const judge = newJudge();
    now = START;
    await send(judge, GM, 'CREATE demo gmpass\nFORM');
    const setReply = await send(
      judge,
      GM,
      'SIGNON Mdemo gmpass\nSET PRIVATE opensesame\nSET DENY PLAYER p2@players.example\nSET MANUAL START\nSET NO LIST\nSET COMMENT A Quiet Game',
    );
    // The privacy word is masked in the echo, like a password, and named in no notice.
    expect(setReply).not.toMatch(/opensesame/i);
    const refused = await send(judge, GM, 'SIGNON Mdemo gmpass\nSET PRIVATE opensesame twice');
    expect(refused).toMatch(/SET PRIVATE \*\*\*\* \*\*\*\*/);
    expect(refused).not.toMatch(/opensesame/i);
    expect(await send(judge, GM, 'SIGNON Mdemo gmpass\nSETPRIVATE opensesame')).not.toMatch(/opensesame/i);
    expect((await mailTo(GM)).map((m) => `${m.subject}\n${m.body}`).join('\n')).not.toMatch(/opensesame/i);
    expect(await send(judge, 'p1@players.example', 'JOIN demo pw1')).toMatch(/is private: give its privacy word/);
    expect(await send(judge, 'p1@players.example', 'JOIN demo pw1 opensesame')).toMatch(/You have joined/);
    expect(await send(judge, 'p2@players.example', 'JOIN demo pw2 opensesame')).toMatch(/does not allow you to join it/);
    await send(
      judge,
      GM,
      'SIGNON Mdemo gmpass\nSET PUBLIC\nSET DENY PLAYER -p2@players.example\nSET ALLOW PLAYER p2@players.example\nSET ALLOW PLAYER p3@players.example',
    );
    expect(await send(judge, 'p9@players.example', 'JOIN demo pw9')).toMatch(/does not allow you to join it/);
    for (let i = 2; i <= 7; i++) {
      if (i === 4) await send(judge, GM, 'SIGNON Mdemo gmpass\nSET ALLOW PLAYER -p2@players.example\nSET ALLOW PLAYER -p3@players.example');
      await send(judge, `p${i}@players.example`, `JOIN demo pw${i}`);
    }
    expect(await reply('p7@players.example')).toMatch(/Every power is taken; game 'demo' starts when its Master sends ACTIVATE/);
    expect((await game()).status).toBe('forming');
    const list = await send(judge, 'outsider@else.example', 'LIST\nLIST demo');
    expect(list).not.toMatch(/^\s+demo\s/m);
    expect(list).toMatch(/A Quiet Game/);
    expect(list).not.toMatch(/players\.example/);
    await send(judge, GM, 'SIGNON Mdemo gmpass\nACTIVATE');
    expect((await game()).status).toBe('active');
  });
});
