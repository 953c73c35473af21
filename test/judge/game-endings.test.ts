import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Position } from '../../src/engine/types.ts';
import { readGameEnding } from '../../src/judge/reports/ending-format.ts';
import { jsonb } from '../../src/store/schema.ts';
import { describeWithDatabase } from '../support/databases.ts';
import { startGame, type StartedGame } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// How a game ended is stored with the game (games.ending) when it ends, by a solo, a draw, a
// concession, the Master's END or TERMINATE, and cleared by UNEND; SUMMARY tells it from there, not
// from the end notice (the notices are deleted below to show it).

const HOLDS: Record<string, string> = {
  AUSTRIA: 'A Vie H\nA Bud H\nF Tri H',
  ENGLAND: 'F Lon H\nF Edi H\nA Lvp H',
  FRANCE: 'A Par H\nA Mar H\nF Bre H',
  GERMANY: 'A Ber H\nF Kie H\nA Mun H',
  RUSSIA: 'A Mos H\nA War H\nF Sev H\nF Stp/sc H',
  TURKEY: 'A Con H\nA Smy H\nF Ank H',
};
const OUTSIDER = 'outsider@else.example';
const SURVIVORS = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];
// France's homes, every neutral centre and Italy's homes: eighteen, a solo once the year ends.
const FRENCH_CENTRES = ['bre', 'par', 'mar', 'nwy', 'swe', 'den', 'hol', 'bel', 'spa', 'por', 'tun', 'ser', 'rum', 'bul', 'gre', 'ven', 'rom', 'nap'];

describeWithDatabase('how a game ended, stored and told by SUMMARY', (getStore) => {
  const db = () => getStore().db;
  const storedEnding = async () => (await db().selectFrom('games').select('ending').executeTakeFirstOrThrow()).ending;
  const master = async (played: StartedGame, lines: string) => {
    await played.judge.receive(eml({ from: 'gm@players.example' }, `SIGNON Mdemo gmpass\n${lines}`));
  };
  /** SUMMARY's result line, its wrapping undone, once the end notices are gone. */
  const summaryResult = async (played: StartedGame) => {
    await db().deleteFrom('game_notices').where(sql<boolean>`true`).execute();
    await played.judge.receive(eml({ from: OUTSIDER, messageId: `<s-${Math.random().toString(36).slice(2)}@else.example>` }, 'SUMMARY demo'));
    const { body: summary } = await db()
      .selectFrom('outbox')
      .select('body')
      .where(sql<boolean>`${OUTSIDER} = ANY(to_addresses)`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /^Result: ([\s\S]*?)(?:\n\n|\n?$)/m.exec(summary)?.[1]?.replace(/\s+/g, ' ');
  };

  it('a solo: the winner, until UNEND clears it', async () => {
    const played = await startGame(db(), '');
    const spring = await db().selectFrom('phases').select('position').where('phase_id', '=', 'S1901M').executeTakeFirstOrThrow();
    const position = spring.position as unknown as Position;
    const soloAhead = {
      ...position,
      units: position.units.filter((u) => u.power !== 'ITALY'),
      supplyCenters: { ...position.supplyCenters, FRANCE: FRENCH_CENTRES, ITALY: [] },
    };
    await db()
      .updateTable('phases')
      .set({ position: jsonb(soloAhead as unknown as Position) })
      .where('phase_id', '=', 'S1901M')
      .execute();
    for (const [power, orders] of Object.entries(HOLDS)) await played.as(power, orders);
    expect(await storedEnding()).toBeNull();
    for (const [power, orders] of Object.entries(HOLDS)) await played.as(power, orders);
    expect((await db().selectFrom('games').select('status').executeTakeFirstOrThrow()).status).toBe('completed');
    expect(await storedEnding()).toEqual({ kind: 'solo', victors: ['FRANCE'] });
    expect(await summaryResult(played)).toBe('France has won the game.');
    await master(played, 'UNEND');
    expect(await storedEnding()).toBeNull();
  });

  it('a draw, with the powers it is shared between', async () => {
    const played = await startGame(db(), '');
    for (const power of SURVIVORS) await played.as(power, 'SET DRAW');
    expect(await storedEnding()).toEqual({ kind: 'draw', victors: SURVIVORS });
    expect(await summaryResult(played)).toBe('It ends in a draw between Austria, England, France, Germany, Italy, Russia, Turkey.');
  });

  it('a concession, with the power conceded to', async () => {
    const played = await startGame(db(), '');
    for (const power of SURVIVORS.filter((p) => p !== 'RUSSIA')) await played.as(power, 'SET CONCEDE Russia');
    expect(await storedEnding()).toEqual({ kind: 'concession', victors: ['RUSSIA'] });
    expect(await summaryResult(played)).toBe('Russia wins: every other power has conceded.');
  });

  it("the Master's END and TERMINATE, each cleared by UNEND; a game ended before endings were stored gets the generic line", async () => {
    const played = await startGame(db(), '');
    await master(played, 'GAME HAS ENDED');
    expect(await storedEnding()).toEqual({ kind: 'master', victors: [] });
    expect(await summaryResult(played)).toBe('The Master has ended the game.');
    await master(played, 'UNEND');
    expect(await storedEnding()).toBeNull();
    await master(played, 'TERMINATE');
    expect(await storedEnding()).toEqual({ kind: 'terminated', victors: [] });
    expect(await summaryResult(played)).toBe('The Master terminated the game.');
    await master(played, 'UNEND');
    expect(await storedEnding()).toBeNull();
    await db().updateTable('games').set({ status: 'completed' }).execute();
    expect(await summaryResult(played)).toBe('The game is over.');
  });
});

describe('a stored ending read back', () => {
  it('takes the shapes the judge writes and nothing else', () => {
    expect(readGameEnding({ kind: 'solo', victors: ['FRANCE'] })).toEqual({ kind: 'solo', victors: ['FRANCE'] });
    expect(readGameEnding({ kind: 'draw', victors: ['ENGLAND', 'FRANCE'] })).toEqual({ kind: 'draw', victors: ['ENGLAND', 'FRANCE'] });
    expect(readGameEnding({ kind: 'master', victors: [] })).toEqual({ kind: 'master', victors: [] });
    expect(readGameEnding(null)).toBeNull();
    expect(readGameEnding({ kind: 'solo', victors: ['FRANCE', 'ENGLAND'] })).toBeNull();
    expect(readGameEnding({ kind: 'draw', victors: [] })).toBeNull();
    expect(readGameEnding({ kind: 'terminated', victors: ['FRANCE'] })).toBeNull();
    expect(readGameEnding({ kind: 'told', victors: [], text: 'France has won.' })).toEqual({ kind: 'told', victors: [], text: 'France has won.' });
    expect(readGameEnding({ kind: 'told', victors: [], text: '' })).toBeNull();
    expect(readGameEnding({ kind: 'resigned', victors: [] })).toBeNull();
    expect(readGameEnding('solo')).toBeNull();
  });
});
