import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { abandonmentTime, nextLateCheck } from '../../src/judge/diplomacy/late-checks.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { runGameEventsUntil, SPRING_1901_ORDERS, startGame, type StartedGame } from './game-fixture.ts';
import { eml } from './mail-builder.ts';
import { inUnitOfWork } from '../../src/judge/unit-of-work.ts';

// njudge's late timeline (njudge.md §2, observed with a deadline on Monday 23:30) replayed with a
// fake clock through the real job queue: every job fires at its due time, as in `serve`.
// The game starts Monday 5 January 2004 17:00 in Europe/Berlin (UTC+1), so the first deadline is
// Monday 12 January 23:30 and grace ends Monday 19 January 22:30.

interface Notice {
  readonly at: string;
  readonly subject: string;
  readonly to: readonly string[];
  readonly body: string;
}

describe('when a late game is looked at', () => {
  const grace = new Date('2004-01-19T21:30:00Z');
  it('is grace − k·24 h, the first such instant after now', () => {
    expect(nextLateCheck(grace, new Date('2004-01-12T22:30:00Z')).toISOString()).toBe('2004-01-13T21:30:00.000Z');
    expect(nextLateCheck(grace, new Date('2004-01-13T21:30:00Z')).toISOString()).toBe('2004-01-14T21:30:00.000Z');
    expect(nextLateCheck(grace, new Date('2004-01-18T21:30:00Z')).toISOString()).toBe('2004-01-19T21:30:00.000Z');
    expect(nextLateCheck(grace, new Date('2004-01-19T21:29:00Z')).toISOString()).toBe('2004-01-19T21:30:00.000Z');
    // Once grace has passed, at once.
    expect(nextLateCheck(grace, new Date('2004-01-20T00:00:00Z')).toISOString()).toBe('2004-01-20T00:00:00.000Z');
  });
  it('abandons a day before grace in CIVIL_DISORDER games, at grace otherwise', () => {
    expect(abandonmentTime({ rules: ['CIVIL_DISORDER'] }, grace).toISOString()).toBe('2004-01-18T21:30:00.000Z');
    expect(abandonmentTime({ rules: [] }, grace).toISOString()).toBe(grace.toISOString());
  });
});

describeWithDatabase('late notices, abandonment and civil disorder', (getStore) => {
  let now = new Date('2004-01-05T16:00:00Z');
  const clock = () => now;
  const db = () => getStore().db;
  const game = () => db().selectFrom('games').selectAll().executeTakeFirstOrThrow();
  let seen = '0';

  /** Moves the clock from job to job up to `until`, running each as the scheduler does; returns the notices sent. */
  const runUntil = async (until: Date): Promise<Notice[]> => {
    const sent: Notice[] = [];
    // Only what the jobs send counts, not the mails before.
    seen = (await db().selectFrom('outbox').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? '0';
    await runGameEventsUntil(
      db(),
      until,
      (at) => void (now = at),
      async (at) => {
        const rows = await db().selectFrom('outbox').selectAll().where('kind', '=', 'notice').where('id', '>', seen).orderBy('id').execute();
        for (const row of rows) sent.push({ at: at.toISOString(), subject: row.subject, to: row.to_addresses, body: row.body });
        if (rows.length > 0) seen = rows.at(-1)!.id;
      },
    );
    const failed = await db().selectFrom('jobs').select(['kind', 'last_error']).where('last_error', 'is not', null).execute();
    expect(failed).toEqual([]);
    return sent;
  };

  const begin = async (rules: string): Promise<StartedGame> => {
    now = new Date('2004-01-05T16:00:00Z');
    seen = '0';
    return startGame(db(), `ZONE Europe/Berlin\n${rules}`, clock);
  };
  const address = (played: StartedGame, power: string) => played.holder.get(power)!.address;
  const others = (played: StartedGame, ...late: string[]) =>
    ['gm@players.example', ...[...played.holder.keys()].filter((p) => !late.includes(p)).map((p) => address(played, p))].sort();
  const summary = (notices: readonly Notice[]) => notices.map((n) => [n.at, n.subject, [...n.to].sort()]);

  it('CIVIL_DISORDER: daily notices to everyone, then to the late player, abandonment a day before grace, civil disorder at grace', async () => {
    const played = await begin('RULES CIVIL_DISORDER');
    // Turkey reads deadlines in New York time and sends nothing; everyone else orders.
    expect(await played.as('TURKEY', 'SET ZONE America/New_York')).toMatch(/America\/New_York/);
    for (const power of ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA']) await played.as(power, SPRING_1901_ORDERS[power]!.join('\n'));
    const g = await game();
    expect([g.deadline_at!.toISOString(), g.grace_at!.toISOString()]).toEqual(['2004-01-12T22:30:00.000Z', '2004-01-19T21:30:00.000Z']);

    const turkey = address(played, 'TURKEY');
    const everyoneElse = others(played, 'TURKEY');
    const late = '[You are late!] DIP:demo - S1901M Late Notice: T';
    const onTime = 'DIP:demo - S1901M Late Notice: T';
    const notices = await runUntil(new Date('2004-01-20T00:00:00Z'));
    expect(summary(notices)).toEqual([
      // The 4-hour reminder, to the late player only, in their zone.
      ['2004-01-12T18:30:00.000Z', 'DIP:demo - S1901M Reminder', [turkey]],
      // Monday 23:30 (the deadline) and Tuesday 22:30: everyone hears of it.
      ['2004-01-12T22:30:00.000Z', onTime, everyoneElse],
      ['2004-01-12T22:30:00.000Z', late, [turkey]],
      ['2004-01-13T21:30:00.000Z', onTime, everyoneElse],
      ['2004-01-13T21:30:00.000Z', late, [turkey]],
      // Wednesday to Saturday 22:30: only the late player.
      ['2004-01-14T21:30:00.000Z', late, [turkey]],
      ['2004-01-15T21:30:00.000Z', late, [turkey]],
      ['2004-01-16T21:30:00.000Z', late, [turkey]],
      ['2004-01-17T21:30:00.000Z', late, [turkey]],
      // Sunday 22:30: declared abandoned, to everyone.
      ['2004-01-18T21:30:00.000Z', onTime, everyoneElse],
      ['2004-01-18T21:30:00.000Z', late, [turkey]],
      // Monday 22:30: civil disorder, and the turn is processed.
      ['2004-01-19T21:30:00.000Z', 'DIP:demo - S1901M Civil Disorder', everyoneElse],
      ['2004-01-19T21:30:00.000Z', '[You are late!] DIP:demo - S1901M Civil Disorder', [turkey]],
    ]);
    const [reminder, first, firstLate] = notices;
    expect(reminder!.body).toMatch(/orders for Turkey are not complete\.\nThe deadline is Mon Jan 12 2004 17:30:00 -0500 \(America\/New_York\)/);
    expect(first!.body).toBe(
      "Diplomacy game 'demo' is waiting for Turkey's orders.\n" +
        'The deadline was Mon Jan 12 2004 23:30:00 +0100.\n' +
        'If they are not received by Sun Jan 18 2004 22:30:00 +0100, the late powers will be considered abandoned and free for takeover,\n' +
        'and if nothing is received by Mon Jan 19 2004 22:30:00 +0100, they will be in civil disorder: their units hold.\n',
    );
    // The late player with SET ZONE reads the same notice in New York time.
    expect(firstLate!.body).toMatch(
      /The deadline was Mon Jan 12 2004 17:30:00 -0500 \(America\/New_York\)\.\nIf they are not received by Sun Jan 18 2004 16:30:00 -0500 \(America\/New_York\)/,
    );
    const abandonment = notices.find((n) => n.at.startsWith('2004-01-18') && n.subject === onTime)!;
    expect(abandonment.body).toMatch(
      /Turkey is now considered abandoned and free for takeover:\n {2}TAKEOVER turkey@demo <password>\nCivil disorder \(units hold\) if orders are not received by Mon Jan 19 2004 22:30:00 \+0100\./,
    );
    expect(notices.find((n) => n.subject === late && n.at.startsWith('2004-01-18'))!.body).toMatch(
      /received by Mon Jan 19 2004 16:30:00 -0500 \(America\/New_York\)/,
    );
    expect(notices.at(-1)!.body).toMatch(/Turkey is in civil disorder: their units hold, retreats disband, builds are waived/);

    const after = await game();
    expect(after.current_phase).toBe('F1901M');
    const results = await db().selectFrom('outbox').select('body').where('kind', '=', 'results').executeTakeFirstOrThrow();
    expect(results.body).toMatch(/Turkey: Army Constantinople, No Order Processed\./);
    const seat = await db().selectFrom('seats').select(['status', 'late_count']).where('power', '=', 'TURKEY').executeTakeFirstOrThrow();
    expect(seat).toEqual({ status: 'cd', late_count: 1 });

    // A power in civil disorder holds up no later phase: Fall 1901 is processed once the others are in.
    const fall = await db().selectFrom('phases').select('position').where('phase_id', '=', 'F1901M').executeTakeFirstOrThrow();
    for (const power of ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA']) {
      const holds = fall.position.units.filter((u) => u.power === power).map((u) => `${u.type} ${u.location} H`);
      await played.as(power, holds.join('\n'));
    }
    await runUntil(new Date('2004-01-21T00:00:00Z'));
    expect((await game()).current_phase).not.toBe('F1901M');
  });

  it('without CIVIL_DISORDER: partial orders are accepted at grace, the rest abandoned, and the game waits for replacements', async () => {
    const played = await begin('');
    // Russia's stored set gives every unit an order, one of them impossible (the mail path refuses
    // such a set, so it is stored through the port, as njudge keeps orders with errors); Turkey
    // sends nothing.
    for (const power of ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY']) await played.as(power, SPRING_1901_ORDERS[power]!.join('\n'));
    expect(await played.as('RUSSIA', 'A Mos - Ukr\nA War - Mun\nF Sev - Bla\nF Stp/sc - Bot')).toMatch(/Warsaw is not adjacent to Munich/);
    const { id } = await game();
    await createJudgeStore(db(), { messageIdDomain: 'judge.example' }).transaction((tx) =>
      inUnitOfWork(tx, (work) =>
        work.saveOrders(id, 'S1901M', {
          power: 'RUSSIA',
          lines: ['A Mos - Ukr', 'A War - Mun', 'F Sev - Bla', 'F Stp/sc - Bot'],
          submitted: false,
          hasErrors: true,
        }),
      ),
    );
    const russia = address(played, 'RUSSIA');
    const turkey = address(played, 'TURKEY');
    const notices = await runUntil(new Date('2004-01-24T00:00:00Z'));
    const lateNotices = notices.filter((n) => n.subject.includes('Late Notice'));
    // No abandonment a day early: the late notices run until grace, to everyone and then to the late.
    expect(lateNotices.map((n) => n.at.slice(0, 10))).toEqual([
      '2004-01-12',
      '2004-01-12',
      '2004-01-13',
      '2004-01-13',
      '2004-01-14',
      '2004-01-15',
      '2004-01-16',
      '2004-01-17',
      '2004-01-18',
    ]);
    expect(lateNotices.at(-1)!.to.toSorted()).toEqual([russia, turkey].sort());
    expect(lateNotices.at(-1)!.subject).toBe('[You are late!] DIP:demo - S1901M Late Notice: RT');
    const waiting = notices.filter((n) => n.subject.includes('Waiting for Replacements'));
    expect(summary(waiting)).toEqual([
      ['2004-01-19T21:30:00.000Z', 'DIP:demo - S1901M Waiting for Replacements: T', others(played, 'TURKEY')],
      ['2004-01-19T21:30:00.000Z', '[You are late!] DIP:demo - S1901M Waiting for Replacements: T', [turkey]],
      // Then every 48 hours until someone takes Turkey over.
      ['2004-01-21T21:30:00.000Z', 'DIP:demo - S1901M Waiting for Replacements: T', [...others(played, 'TURKEY'), turkey].sort()],
      ['2004-01-23T21:30:00.000Z', 'DIP:demo - S1901M Waiting for Replacements: T', [...others(played, 'TURKEY'), turkey].sort()],
    ]);
    expect(waiting[0]!.body).toMatch(
      /Turkey is now considered abandoned and free for takeover\.\nThe game waits for replacements; anyone may take over with:\n {2}TAKEOVER turkey@demo <password>/,
    );
    const g = await game();
    expect([g.status, g.current_phase]).toEqual(['waiting', 'S1901M']);
    // Russia's orders were accepted as they are, so only Turkey is vacant.
    const seats = await db().selectFrom('seats').select(['power', 'status']).where('power', 'in', ['RUSSIA', 'TURKEY']).orderBy('power').execute();
    expect(seats).toEqual([
      { power: 'RUSSIA', status: 'active' },
      { power: 'TURKEY', status: 'abandoned' },
    ]);

    // A replacement takes over: the game goes on with a fresh deadline, and the reminders stop.
    await played.judge.receive(eml({ from: 'sub@players.example' }, 'TAKEOVER turkey@demo newpw'));
    const resumed = await game();
    expect(resumed.status).toBe('active');
    expect(resumed.deadline_at!.getTime()).toBeGreaterThan(now.getTime());
    const jobs = await db().selectFrom('jobs').select('kind').where('done_at', 'is', null).where(sql<boolean>`kind = 'replacements'`).execute();
    expect(jobs).toEqual([]);
  });
});
