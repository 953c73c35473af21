import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { civilDisorderRatio, onTimeRatio } from '../../src/judge/players/dedication.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { runGameEventsUntil, SPRING_1901_ORDERS, startGame, type StartedGame } from './game-fixture.ts';
import { eml } from './mail-builder.ts';
import { mailAddress } from '../../src/judge/model.ts';

// njudge's dedication (njudge.md §3): +3 for a punctual phase, −1 for a late one (judged once per
// phase), −49 for abandoning a power, −100 for civil disorder; on-time and civil-disorder ratios.

describe('ratios', () => {
  it('counts a player never judged as punctual and caps the civil-disorder ratio at 1', () => {
    expect(onTimeRatio({ onTime: 0, total: 0 })).toBe(1);
    expect(onTimeRatio({ onTime: 3, total: 4 })).toBe(0.75);
    expect(civilDisorderRatio({ resigned: 0, started: 0, tookOver: 0 })).toBe(0);
    expect(civilDisorderRatio({ resigned: 1, started: 1, tookOver: 1 })).toBe(0.5);
    expect(civilDisorderRatio({ resigned: 2, started: 1, tookOver: 0 })).toBe(1);
  });
});

describeWithDatabase('dedication and ratings', (getStore) => {
  let now = new Date('2004-01-05T16:00:00Z');
  const clock = () => now;
  const db = () => getStore().db;
  const game = () => db().selectFrom('games').selectAll().executeTakeFirstOrThrow();

  /** Runs every job due up to `until`, each at its own due time. */
  const runUntil = (until: Date): Promise<void> => runGameEventsUntil(db(), until, (at) => void (now = at));
  const record = async (address: string) =>
    (await createJudgeStore(db(), { messageIdDomain: 'judge.example' }).transaction((tx) => tx.playerRecords([mailAddress(address)]))).get(
      mailAddress(address),
    );
  const list = async (played: StartedGame): Promise<string> => {
    await played.judge.receive(eml({ from: 'reader@elsewhere.example' }, 'LIST demo'));
    const reply = await db()
      .selectFrom('outbox')
      .select('body')
      .where('kind', '=', 'reply')
      .where(sql<boolean>`'reader@elsewhere.example' = ANY(to_addresses)`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return reply.body;
  };
  const playFall = async (played: StartedGame, except: string) => {
    const fall = await db().selectFrom('phases').select('position').where('phase_id', '=', 'F1901M').executeTakeFirstOrThrow();
    for (const power of played.holder.keys()) {
      if (power === except) continue;
      await played.as(
        power,
        fall.position.units
          .filter((u) => u.power === power)
          .map((u) => `${u.type} ${u.location} H`)
          .join('\n'),
      );
    }
  };

  it('credits a punctual phase, charges lateness, abandonment and civil disorder, and counts takeovers; LIST shows it without addresses', async () => {
    now = new Date('2004-01-05T16:00:00Z');
    const played = await startGame(db(), 'RULES CIVIL_DISORDER', clock);
    const turkey = played.holder.get('TURKEY')!.address;
    const france = played.holder.get('FRANCE')!.address;
    expect(await record(turkey)).toEqual({ points: 0, onTime: 0, total: 0, started: 1, tookOver: 0, resigned: 0 });

    // Spring: everyone orders before the deadline: +3 each.
    for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) await played.as(power, orders.join('\n'));
    await runUntil(new Date('2004-01-08T00:00:00Z'));
    expect((await game()).current_phase).toBe('F1901M');
    expect(await record(france)).toEqual({ points: 3, onTime: 1, total: 1, started: 1, tookOver: 0, resigned: 0 });

    // Fall: Turkey sends nothing. First late notice: +3 to the punctual, −1 to Turkey; a day
    // before grace Turkey is abandoned (−49), at grace it falls into civil disorder (−100).
    await playFall(played, 'TURKEY');
    const fall = await game();
    await runUntil(new Date(fall.grace_at!.getTime() + 60_000));
    expect((await game()).current_phase).not.toBe('F1901M');
    expect(await record(france)).toEqual({ points: 6, onTime: 2, total: 2, started: 1, tookOver: 0, resigned: 0 });
    expect(await record(turkey)).toEqual({ points: 3 - 1 - 49 - 100, onTime: 1, total: 2, started: 1, tookOver: 0, resigned: 2 });
    const seats = await db()
      .selectFrom('seats')
      .select(['power', 'late_count', 'on_time_count', 'status'])
      .where('power', 'in', ['FRANCE', 'TURKEY'])
      .orderBy('power')
      .execute();
    expect(seats).toEqual([
      { power: 'FRANCE', late_count: 0, on_time_count: 2, status: 'active' },
      { power: 'TURKEY', late_count: 1, on_time_count: 1, status: 'cd' },
    ]);

    const listed = await list(played);
    // njudge's columns: power, status, units/centres, dedication points, address (hidden).
    expect(listed).toMatch(/ {3}France {5}none {4}\d\/\d {8}6 someone@somewhere\n/);
    expect(listed).toMatch(/ {3}Turkey {5}CD {6}\d\/\d {5}-147 someone@somewhere\n/);
    expect(listed).not.toMatch(/@players\.example/);

    // A newcomer takes Turkey over: one takeover on their record, which starts clean.
    now = new Date(now.getTime() + 3_600_000);
    await played.judge.receive(eml({ from: 'sub@players.example' }, 'TAKEOVER turkey@demo newpw'));
    expect(await record('sub@players.example')).toEqual({ points: 0, onTime: 0, total: 0, started: 0, tookOver: 1, resigned: 0 });
    expect(await list(played)).toMatch(/ {3}Turkey {5}(?:none|waiting|ordered) +\d\/\d +0 someone@somewhere\n/);
  });

  it('a phase processed an hour or more after its deadline without a late notice earns nothing', async () => {
    now = new Date('2004-01-05T16:00:00Z');
    const played = await startGame(db(), 'RULES GUNBOAT', clock);
    // The deadline passes unnoticed (no job ran), then the last orders come in.
    for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) if (power !== 'TURKEY') await played.as(power, orders.join('\n'));
    now = new Date((await game()).deadline_at!.getTime() + 2 * 3_600_000);
    await db().deleteFrom('jobs').execute();
    await played.as('TURKEY', SPRING_1901_ORDERS.TURKEY!.join('\n'));
    expect((await game()).current_phase).toBe('F1901M');
    expect(await record(played.holder.get('FRANCE')!.address)).toEqual({ points: 0, onTime: 0, total: 0, started: 1, tookOver: 0, resigned: 0 });
    // Gunboat: LIST shows neither addresses nor anyone's record.
    const listed = await list(played);
    expect(listed).toMatch(/ {3}France {5}waiting 3\/3 {10}someone@somewhere\n/);
    expect(listed).not.toMatch(/@players\.example/);
  });

  it('a NO_REVEAL game shows no record per power in LIST either', async () => {
    now = new Date('2004-01-05T16:00:00Z');
    const played = await startGame(db(), 'RULES NO_REVEAL', clock);
    for (const [power, orders] of Object.entries(SPRING_1901_ORDERS)) await played.as(power, orders.join('\n'));
    const listed = await list(played);
    expect(listed).toMatch(/ {3}France {5}\w+ +3\/3 {10}someone@somewhere\n/);
    expect(listed).not.toMatch(/@players\.example/);
  });
});
