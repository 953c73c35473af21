import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { onGameEvent } from '../../src/judge/diplomacy/game-events.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { startGame, TEST_JUDGE, type StartedGame } from './game-fixture.ts';
import { eml } from './mail-builder.ts';
import { inUnitOfWork } from '../../src/judge/unit-of-work.ts';

// SET DEADLINE, SET GRACE and the Mafia tracker's GM lines, through mail, on a fake clock. The game
// plays in Europe/Berlin and starts on Monday 5 January 2004 17:00 local (16:00Z); its first
// deadline is Mon 12 Jan 23:30 +0100 (22:30Z) and its grace ends Mon 19 Jan 22:30 +0100.

const START = new Date('2004-01-05T16:00:00Z');
const FIRST_DEADLINE = '2004-01-12T22:30:00.000Z';
const HOLDS: Record<string, string[]> = {
  AUSTRIA: ['A Vie H', 'A Bud H', 'F Tri H'],
  ENGLAND: ['F Lon H', 'F Edi H', 'A Lvp H'],
  FRANCE: ['A Par H', 'A Mar H', 'F Bre H'],
  GERMANY: ['A Ber H', 'F Kie H', 'A Mun H'],
  ITALY: ['A Ven H', 'A Rom H', 'F Nap H'],
  RUSSIA: ['A Mos H', 'A War H', 'F Sev H', 'F Stp/sc H'],
  TURKEY: ['A Con H', 'A Smy H', 'F Ank H'],
};

describeWithDatabase('deadline commands', (getStore, getDatabase) => {
  let now = START;
  const clock = () => now;
  const db = () => getStore().db;
  const game = () => db().selectFrom('games').selectAll().executeTakeFirstOrThrow();
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
  const master = async (played: StartedGame, lines: string) => {
    await played.judge.receive(eml({ from: 'gm@players.example' }, `SIGNON Mdemo gmpass\n${lines}`));
    return lastReply('gm@players.example');
  };
  const openJobs = () => db().selectFrom('jobs').selectAll().where('done_at', 'is', null).orderBy('due_at').execute();
  const notices = (subjectLike: string) =>
    db().selectFrom('outbox').selectAll().where('kind', '=', 'notice').where('subject', 'like', subjectLike).orderBy('id').execute();
  const begin = async (createLines = '') => {
    now = START;
    const played = await startGame(db(), `ZONE Europe/Berlin${createLines ? `\n${createLines}` : ''}`, clock);
    expect((await game()).deadline_at!.toISOString()).toBe(FIRST_DEADLINE);
    return played;
  };

  it('lets the Master set the deadline: grace follows, jobs move, everyone is told in the game zone', async () => {
    const played = await begin();
    const reply = await master(played, 'SET DEADLINE Wed 14 Jan 2004 18:00');
    expect(reply).toMatch(/The deadline of game 'demo' is now Wed Jan 14 2004 18:00:00 \+0100/);
    const g = await game();
    expect(g.deadline_at!.toISOString()).toBe('2004-01-14T17:00:00.000Z');
    // The grace must end at least 167 hours after the new deadline: Wed 21 Jan 17:00 local.
    expect(g.grace_at!.toISOString()).toBe('2004-01-21T16:00:00.000Z');
    const phase = await db().selectFrom('phases').select('deadline_at').where('phase_id', '=', 'S1901M').executeTakeFirstOrThrow();
    expect(phase.deadline_at!.toISOString()).toBe('2004-01-14T17:00:00.000Z');
    const jobs = await openJobs();
    expect(jobs.map((j) => [j.kind, j.due_at.toISOString()])).toEqual([
      ['reminder', '2004-01-14T13:00:00.000Z'],
      ['deadline', '2004-01-14T17:00:00.000Z'],
    ]);
    const notice = await notices('%Deadline Adjustment%');
    expect(notice).toHaveLength(1);
    expect(notice[0]!.subject).toBe('DIP:demo - S1901M Deadline Adjustment to: Wed Jan 14 2004 18:00:00 +0100');
    expect(notice[0]!.to_addresses).toHaveLength(8);
    expect(notice[0]!.body).toMatch(
      /The Master has set the deadline of game 'demo' \(S1901M\)\.\nThe deadline is now Wed Jan 14 2004 18:00:00 \+0100\.\nThe grace period ends Wed Jan 21 2004 17:00:00 \+0100\./,
    );
    // An order reply shows the new deadline.
    expect(await played.as('FRANCE', 'A Par H')).toMatch(/Wed Jan 14 2004 18:00:00 \+0100/);
  });

  it('reads every date form the judges write, in the game zone', async () => {
    const played = await begin();
    const forms: [string, string][] = [
      ['Wed 14 Jan 2004 18:00', '2004-01-14T17:00:00.000Z'],
      ['14 Jan', '2004-01-14T22:30:00.000Z'],
      ['Fri', '2004-01-09T22:30:00.000Z'],
      ['18:00', '2004-01-05T17:00:00.000Z'],
      ['2004-01-14T18:00', '2004-01-14T17:00:00.000Z'],
      ['2004-01-16', '2004-01-16T22:30:00.000Z'],
      ['200401141800', '2004-01-14T17:00:00.000Z'],
      ['tomorrow', '2004-01-06T22:30:00.000Z'],
      ['Jan 15 23:30', '2004-01-15T22:30:00.000Z'],
      ['23:30 15 Jan', '2004-01-15T22:30:00.000Z'],
      ['Mon Jan 19 2004 23:30:00 +0100', '2004-01-19T22:30:00.000Z'],
      ['Thu Jan 15 2004 17:30:00 -0500 (America/New_York)', '2004-01-15T22:30:00.000Z'],
      ['11:30pm', '2004-01-05T22:30:00.000Z'],
      ['15th', '2004-01-15T22:30:00.000Z'],
      ['Sat 17 Jan 04 12:00', '2004-01-17T11:00:00.000Z'],
    ];
    for (const [form, expected] of forms) {
      const reply = await master(played, `SET DEADLINE ${form}`);
      expect(reply, form).not.toMatch(/error/);
      expect((await game()).deadline_at!.toISOString(), form).toBe(expected);
    }
    expect(await notices('%Deadline Adjustment%')).toHaveLength(forms.length);
  });

  it('refuses malformed and past dates, naming the problem and changing nothing', async () => {
    const played = await begin();
    const bad: [string, RegExp][] = [
      ['32 Jan', /32/],
      ['Funday', /Funday/],
      ['25:00', /25:00/],
      ['12:61', /12:61/],
      ['31 Feb', /31/],
      ['2004-13-01', /2004-13-01/],
      ['Mon 13 Jan 2004', /Mon|Tuesday|weekday/i],
      ['12 Jan 2003', /past|2003/],
      ['Jan Feb', /Feb|month/i],
      ['tomorrow 99:00', /99:00/],
      ['(Mars/Base)', /Mars\/Base/],
      ['5 Jan 2004 10:00', /not in the future|past/],
      ['14 Jan 2004 18:00 +0100 (America/New_York)', /agree|offset|America\/New_York|\+0100/],
    ];
    for (const [form, pattern] of bad) {
      const reply = await master(played, `SET DEADLINE ${form}`);
      expect(reply, form).toMatch(/Nothing in this block was done, because of this error:/);
      expect(reply, form).toMatch(pattern);
      expect((await game()).deadline_at!.toISOString(), form).toBe(FIRST_DEADLINE);
    }
    expect(await notices('%Deadline Adjustment%')).toHaveLength(0);
  });

  it('keeps SET GRACE at or after the deadline', async () => {
    const played = await begin();
    expect(await master(played, 'SET GRACE 10 Jan')).toMatch(/the grace period cannot end .* before the deadline/i);
    const reply = await master(played, 'SET GRACE Wed 21 Jan 2004 12:00');
    expect(reply).toMatch(/the grace period ends Wed Jan 21 2004 12:00:00 \+0100/);
    expect((await game()).grace_at!.toISOString()).toBe('2004-01-21T11:00:00.000Z');
    expect((await game()).deadline_at!.toISOString()).toBe(FIRST_DEADLINE);
    expect((await notices('%Deadline Adjustment%'))[0]!.body).toMatch(/The Master has set the grace period/);
  });

  it('lets players only extend the deadline, and only under PLAYER_DEADLINES', async () => {
    let played = await begin();
    expect(await played.as('FRANCE', 'SET DEADLINE 14 Jan')).toMatch(
      /Only the Master can change the deadline of game 'demo' \(it does not have PLAYER_DEADLINES\)/,
    );
    await getDatabase().reset();
    played = await begin('RULES PLAYER_DEADLINES');
    expect(await played.as('FRANCE', 'SET DEADLINE 10 Jan')).toMatch(/players may only extend the deadline/i);
    expect((await game()).deadline_at!.toISOString()).toBe(FIRST_DEADLINE);
    expect(await played.as('FRANCE', 'SET DEADLINE 14 Jan 2004 23:30')).toMatch(/The deadline of game 'demo' is now Wed Jan 14 2004 23:30:00 \+0100/);
    expect((await notices('%Deadline Adjustment%'))[0]!.body).toMatch(/France has extended the deadline/);
    expect(await played.as('FRANCE', 'SET GRACE 15 Jan 2004 23:30')).toMatch(/Players may only extend the grace period/);
    expect(await master(played, 'SET DEADLINE 13 Jan')).toMatch(/Tue Jan 13 2004 23:30:00 \+0100/);
  });

  it('moves the deadline by DEADLINE … MOVED lengths, later and back again, never into the past', async () => {
    const played = await begin();
    expect(await master(played, 'DEADLINE MOVED 1D 12H LATER')).toMatch(/Wed Jan 14 2004 11:30:00 \+0100/);
    const moved = await game();
    expect(moved.deadline_at!.toISOString()).toBe('2004-01-14T10:30:00.000Z');
    expect((await notices('%Deadline Adjustment%'))[0]!.body).toMatch(/The Master has moved the deadline of game 'demo' \(S1901M\) 1 day 12 hours later\.\n/);
    const lengths = ['1 D 12 H', '1D12H', '1D 23H 30M', '2 days', '24 hours', '1 day 12 hours 34 minutes', '90 minutes', '1W', '36'];
    for (const length of lengths) {
      const before = (await game()).deadline_at!.toISOString();
      expect(await master(played, `DEADLINE MOVED ${length} LATER`), length).not.toMatch(/error/);
      expect((await game()).deadline_at!.toISOString(), length).not.toBe(before);
      expect(await master(played, `Deadline for day 1 is moved ${length} earlier`), length).not.toMatch(/error/);
      expect((await game()).deadline_at!.toISOString(), length).toBe(before);
    }
    expect((await game()).grace_at!.toISOString()).toBe(moved.grace_at!.toISOString());
    expect(await master(played, 'DEADLINE MOVED 10D EARLIER')).toMatch(/would put it in the past/);
    expect(await master(played, 'DEADLINE MOVED LATER')).toMatch(/needs a length of time/);
    expect(await master(played, 'DEADLINE MOVED 2X LATER')).toMatch(/"X"|2X/);
    expect(await master(played, 'DEADLINE MOVED 1D 1D LATER')).toMatch(/error/);
    expect(await master(played, 'DEADLINE IS LATE')).toMatch(/Write DEADLINE MOVED <length> LATER or EARLIER/);
    expect(await played.as('FRANCE', 'DEADLINE MOVED 1D LATER')).toMatch(/DEADLINE is a Master command/);
    expect((await game()).deadline_at!.toISOString()).toBe('2004-01-14T10:30:00.000Z');
  });

  it('ends the phase early: late powers are told, and a phase held only by WAIT is processed', async () => {
    let played = await begin();
    now = new Date('2004-01-07T12:00:00Z');
    // The tracker's pair of lines ends one phase, not two.
    const pair = await master(played, 'DAY 1 HAS ENDED EARLY\nNIGHT 1 HAS BEGUN');
    expect(pair).toMatch(/S1901M has ended; the late powers have been told/);
    expect(pair).toMatch(/Noted: the night has begun \(the phase before it ended above\)/);
    expect((await game()).deadline_at!.toISOString()).toBe('2004-01-07T12:00:00.000Z');
    expect(await notices('DIP:%Late Notice: AEFGIRT')).toHaveLength(1);
    expect((await openJobs()).map((j) => j.kind)).toEqual(['grace']);

    await getDatabase().reset();
    played = await begin();
    await played.as('FRANCE', 'SET WAIT');
    for (const [power, orders] of Object.entries(HOLDS)) await played.as(power, orders.join('\n'));
    expect((await game()).current_phase).toBe('S1901M');
    now = new Date('2004-01-07T12:00:00Z');
    // "… HAS BEGUN" alone ends the current phase as "… HAS ENDED" does.
    expect(await master(played, 'Day 2 has begun.')).toMatch(/S1901M has ended and has been processed/);
    expect((await game()).current_phase).toBe('F1901M');
  });

  it('ends the game and unends it with a fresh deadline', async () => {
    const played = await begin();
    now = new Date('2004-01-07T12:00:00Z');
    expect(await master(played, 'GAME HAS ENDED')).toMatch(/Game 'demo' has ended/);
    expect((await game()).status).toBe('completed');
    expect(await openJobs()).toHaveLength(0);
    expect((await notices('%Game over%'))[0]!.body).toMatch(/The Master has ended the game/);
    expect(await played.as('FRANCE', 'A Par H')).toMatch(/is not being played/);
    now = new Date('2004-01-08T12:00:00Z');
    expect(await master(played, 'UNEND')).toMatch(/Game 'demo' is being played again from S1901M/);
    const g = await game();
    expect(g.status).toBe('active');
    expect(g.deadline_at!.getTime()).toBeGreaterThan(now.getTime());
    expect((await openJobs()).some((j) => j.kind === 'deadline')).toBe(true);
    expect((await notices('%Parameter Change%'))[0]!.body).toMatch(/The Master has resumed game 'demo' in S1901M/);
    expect(await master(played, 'UNEND')).toMatch(/only a game that has ended can be unended/);
    expect(await master(played, 'Game is over')).toMatch(/has ended/);
    expect(await master(played, 'Game has unended')).toMatch(/being played again/);
  });

  const everyoneHolds = async (played: StartedGame) => {
    for (const [power, orders] of Object.entries(HOLDS)) await played.as(power, orders.join('\n'));
  };

  it('puts no deadline inside an absence: the next one moves past it', async () => {
    let played = await begin();
    await everyoneHolds(played);
    // Processed Mon 5 Jan 17:00: the fall deadline would be Thursday 23:30, but a deadline is never
    // earlier than the one before: Mon 12 Jan 23:30.
    expect((await game()).current_phase).toBe('F1901M');
    expect((await game()).deadline_at!.toISOString()).toBe('2004-01-12T22:30:00.000Z');

    await getDatabase().reset();
    played = await begin();
    const reply = await played.as('FRANCE', 'SET ABSENCE 12 Jan TO 13 Jan');
    expect(reply).toMatch(
      /Absence recorded: no new deadline will fall inside it\.\nPending absences of France:\n {2}Mon 12 Jan 2004 00:00 to Tue 13 Jan 2004 23:59/,
    );
    const notice = (await notices('%Absence Notice%'))[0]!;
    expect(notice.to_addresses).toEqual(['gm@players.example']);
    expect(notice.body).toMatch(/France in game 'demo' has set an absence/);
    await everyoneHolds(played);
    // Past the absence (Tue 23:59), then to the next 23:30: Wed 14 Jan.
    expect((await game()).deadline_at!.toISOString()).toBe('2004-01-14T22:30:00.000Z');
    expect(await master(played, 'SET DEADLINE 12 Jan 12:00')).toMatch(/Tue Jan 13 2004 23:59:00 \+0100.*It has been moved past an absence/);
  });

  it('limits players to three short, separate absences; the Master may grant a long one through BECOME', async () => {
    const played = await begin();
    expect(await played.as('FRANCE', 'SET ABSENCE 32 Jan')).toMatch(/SET ABSENCE: .*32/);
    expect(await played.as('FRANCE', 'SET NO ABSENCE')).toMatch(/no absence is pending/);
    expect(await played.as('FRANCE', 'SET ABSENCE 1 Feb TO 20 Feb')).toMatch(/lasts 20 days; more than 15 needs the Master/);
    expect(await played.as('FRANCE', 'SET ABSENCE 10 Jan TO 8 Jan')).toMatch(/more than 15 needs the Master/);
    expect(await played.as('FRANCE', 'SET ABSENCE 8 Jan')).toMatch(/Thu 8 Jan 2004 00:00 to Fri 9 Jan 2004 00:00/);
    expect(await played.as('FRANCE', 'SET ABSENCE 9 Jan')).toMatch(
      /Pending absences of France:\n {2}Thu 8 Jan 2004 00:00 to Fri 9 Jan 2004 00:00\n {2}Fri 9 Jan 2004 00:00 to Sat 10 Jan 2004 00:00/,
    );
    expect(await played.as('FRANCE', 'SET VACATION 8 Jan 12:00')).toMatch(/overlaps the pending one/);
    expect(await played.as('FRANCE', 'SET HOLIDAY 14 Jan TO 15 Jan')).toMatch(/Wed 14 Jan 2004 00:00 to Thu 15 Jan 2004 23:59/);
    expect(await played.as('FRANCE', 'SET ABSENCE 20 Jan')).toMatch(/3 absences are pending already/);
    expect(await played.as('FRANCE', 'SET NO ABSENCE')).toMatch(/3 absences are pending; name a date/);
    expect(await played.as('FRANCE', 'SET NO ABSENCE 9 Jan')).toMatch(/Absence cancelled\.\nPending absences of France:\n {2}Thu 8 Jan[^\n]*\n {2}Wed 14 Jan/);
    expect(await master(played, 'BECOME France\nSET ABSENCE 1 Feb TO 20 Feb')).toMatch(/Sun 1 Feb 2004 00:00 to Fri 20 Feb 2004 23:59/);
    const stored = await db()
      .selectFrom('absences')
      .innerJoin('seats', 'seats.id', 'absences.seat_id')
      .select(['seats.power', 'absences.starts_at'])
      .orderBy('absences.starts_at')
      .execute();
    expect(stored.map((a) => [a.power, a.starts_at.toISOString()])).toEqual([
      ['FRANCE', '2004-01-07T23:00:00.000Z'],
      ['FRANCE', '2004-01-13T23:00:00.000Z'],
      ['FRANCE', '2004-01-31T23:00:00.000Z'],
    ]);
    await played.judge.receive(eml({ from: 'watcher@players.example' }, 'OBSERVE watcher@demo wpw\nSET ABSENCE 8 Jan'));
    expect(await lastReply('watcher@players.example')).toMatch(/Only players and the Master can set absences/);
  });

  it("shows a player's deadlines in the zone they set; the Master's SET ZONE moves the game's", async () => {
    const played = await begin();
    expect(await played.as('FRANCE', 'SET ZONE Mars/Olympus')).toMatch(/"Mars\/Olympus" is not a time zone/);
    expect(await played.as('FRANCE', 'SET ZONE america/new_york')).toMatch(
      /Deadlines in mail to you are now shown in America\/New_York\. The deadline is Mon Jan 12 2004 17:30:00 -0500 \(America\/New_York\)\./,
    );
    expect(await played.as('FRANCE', 'A Par H')).toMatch(/received by Mon Jan 12 2004 17:30:00 -0500 \(America\/New_York\)/);
    expect(await played.as('GERMANY', 'A Ber H')).toMatch(/received by Mon Jan 12 2004 23:30:00 \+0100/);
    // A player in New York writes dates in New York time.
    expect(await played.as('FRANCE', 'SET ABSENCE 20 Jan')).toMatch(/Tue 20 Jan 2004 00:00 to Wed 21 Jan 2004 00:00/);
    expect((await db().selectFrom('absences').select('starts_at').executeTakeFirstOrThrow()).starts_at.toISOString()).toBe('2004-01-20T05:00:00.000Z');
    await master(played, 'SET DEADLINE 14 Jan 2004 18:00');
    const adjustments = await notices('%Deadline Adjustment%');
    expect(adjustments).toHaveLength(2);
    const france = played.holder.get('FRANCE')!.address;
    expect(adjustments.find((n) => n.to_addresses.includes(france))!.body).toMatch(/The deadline is now Wed Jan 14 2004 12:00:00 -0500 \(America\/New_York\)/);
    expect(adjustments.find((n) => !n.to_addresses.includes(france))!.to_addresses).toHaveLength(7);
    expect(await played.as('FRANCE', 'SET NOZONE')).toMatch(/shown in the game's zone, Europe\/Berlin, again/);
    expect(await master(played, 'SET ZONE Europe/London')).toMatch(/now keeps its deadlines in Europe\/London/);
    expect((await game()).time_zone).toBe('Europe/London');
    expect((await notices('%Parameter Change%'))[0]!.body).toMatch(/The deadline is Wed Jan 14 2004 17:00:00 \+0000/);
  });

  it('ALWAYS_WAIT games wait for the deadline even when every order is in', async () => {
    const played = await begin('RULES ALWAYS_WAIT');
    await everyoneHolds(played);
    expect((await game()).current_phase).toBe('S1901M');
    now = new Date('2004-01-08T10:00:00Z');
    await played.as('FRANCE', 'STATUS');
    expect((await game()).current_phase).toBe('S1901M');
    now = (await game()).deadline_at!;
    const g = await game();
    await createJudgeStore(db(), { messageIdDomain: 'judge.example' }).transaction((tx) =>
      inUnitOfWork(tx, (work) => onGameEvent(work, TEST_JUDGE, { kind: 'deadline', gameId: g.id, phase: 'S1901M' }, now)),
    );
    expect((await game()).current_phase).toBe('F1901M');
    expect(await notices('%Late Notice%')).toHaveLength(0);
  });
});
