import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { formatLocation } from '../../src/orders/index.ts';
import { withoutMarks } from '../../src/render/wrap.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { importFromJudge, type ImportMap } from '../support/jdip-import.ts';
import { inboundMail, startHarnessGame } from '../support/judge-harness.ts';
import { gameName } from '../support/names.ts';

// Issue 29: a game opens in jDip from its HISTORY, its LIST and its start mail. A standard game is
// played by mail to the spring of 1902 (bounces, centres taken, the Master's PROCESS! of the
// builds), and
// each text is read by test/support/jdip-import.ts, which fails where jDip fails.

const standard = loadVariant('standard');
const MAP: ImportMap = {
  powers: standard.powers.map((p) => p.name),
  places: standard.map.locations.map((location) => formatLocation(location, standard.map)),
};

const ORDERS: readonly Record<string, string>[] = [
  {
    AUSTRIA: 'A Vie - Gal\nA Bud - Ser\nF Tri - Alb',
    ENGLAND: 'F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor',
    FRANCE: 'A Par - Bur\nA Mar S A Par - Bur\nF Bre - Mao',
    GERMANY: 'A Ber - Kie\nF Kie - Den\nA Mun - Ruh',
    ITALY: 'A Ven H\nA Rom - Apu\nF Nap - Ion',
    RUSSIA: 'A Mos - Ukr\nA War - Gal\nF Sev - Bla\nF Stp/sc - Bot',
    TURKEY: 'A Con - Bul\nA Smy - Con\nF Ank - Bla',
  },
  {
    AUSTRIA: 'A Ser - Gre\nF Alb S A Ser - Gre\nA Vie - Tri',
    ENGLAND: 'F Nwg - Nwy\nF Nth S F Nwg - Nwy\nA Yor H',
    FRANCE: 'A Bur - Bel\nA Mar - Spa\nF Mao - Por',
    GERMANY: 'A Kie - Hol\nF Den H\nA Ruh S A Kie - Hol',
    ITALY: 'A Ven H\nA Apu H\nF Ion - Tun',
    RUSSIA: 'A Ukr - Rum\nA War H\nF Sev H\nF Bot - Swe',
    TURKEY: 'A Bul H\nA Con H\nF Ank H',
  },
];

describe('what jDip opens a game from', () => {
  it('imports the start mail, LIST game and every results phase of HISTORY, each with the game named in its :: lines', async () => {
    const store = new InMemoryJudgeStore();
    let now = new Date('2026-11-02T12:00:00Z');
    const game = await startHarnessGame(store, '', () => now);
    const start = store.outbox().find((m) => m.kind === 'notice' && m.to.some((a) => a === 'p1@players.example') && /You have been selected as/.test(m.body))!;
    const started = importFromJudge(withoutMarks(start.body), MAP);
    expect(started).toMatchObject({
      judge: 'DIP',
      game: 'Demo',
      variant: 'Standard',
      phase: 'S1901M',
      kind: 'start',
      status: 'Starting position for Spring of 1901',
    });
    expect(started.units).toHaveLength(22);
    expect(started.units).toContainEqual({ power: 'Russia', type: 'Fleet', place: 'St Petersburg (south coast)' });
    expect(started.players.map((p) => p.power)).toEqual(['Master', ...MAP.powers]);

    for (const orders of ORDERS) {
      for (const [power, text] of Object.entries(orders)) await game.as(power, text);
      now = new Date(now.getTime() + 3_600_000);
    }
    // Winter: the Master processes the builds nobody ordered (all waived); then the spring of 1902.
    const ask = async (from: string, text: string): Promise<string> => {
      const before = store.outbox().length;
      await game.judge.receive(inboundMail(from, text));
      return withoutMarks(
        store
          .outbox()
          .slice(before)
          .find((m) => m.kind === 'reply')!.body,
      );
    };
    await ask('gm@players.example', 'SIGNON Mdemo gmpass\nPROCESS!');
    const phases = await store.transaction(async (tx) => tx.storedPhases((await tx.findGame(gameName('demo')))!.id));
    const processed = phases.filter((p) => p.resultsText !== null);
    expect(processed.map((p) => p.phaseId)).toEqual(['S1901M', 'F1901M', 'W1901A']);
    const current = phases.at(-1)!;
    expect(current.phaseId).toBe('S1902M');

    const history = importFromJudge(await ask('p1@players.example', 'HISTORY demo'), MAP);
    expect(history).toMatchObject({ judge: 'DIP', game: 'Demo', kind: 'history', phase: current.phaseId });
    expect(history.results).toEqual(processed.map((p) => /^(.+?)\./m.exec(p.resultsText!.split('\n').find((l) => / results for /.test(l))!)![1]));
    expect(history.results[0]).toBe('Movement results for Spring of 1901');

    const listing = importFromJudge(await ask('p1@players.example', 'LIST demo'), MAP);
    expect(listing).toMatchObject({ judge: 'DIP', game: 'Demo', kind: 'listing', phase: current.phaseId });
    expect(listing.players.map((p) => p.power)).toEqual(MAP.powers);
    expect(listing.players.every((p) => p.address === 'someone@somewhere')).toBe(true);
    const expected = current.position.units.map((u) => ({
      power: standard.powerById(u.power).name,
      type: u.type === 'A' ? 'Army' : 'Fleet',
      place: formatLocation(u.location, standard.map),
    }));
    expect([...listing.units].sort(byPlace)).toEqual([...expected].sort(byPlace));
    for (const power of standard.powers) {
      expect([...(listing.ownership[power.name] ?? [])].sort()).toEqual(
        (current.position.supplyCenters[power.id] ?? []).map((c) => standard.map.province(c)!.name).sort(),
      );
    }
  });

  it('fails on a text without :: lines, or with a :: line inside, as jDip does', () => {
    expect(() => importFromJudge("History information for game 'demo' from now\nthrough then:\n", MAP)).toThrow(/Missing :: Judge: line/);
    const nested =
      ":: Judge: DIP  Game: Demo  Variant: Standard\n:: Deadline: S1901M x\n\nHistory information for game 'demo'\n\n:: Judge: DIP  Game: Demo  Variant: Standard\n";
    expect(() => importFromJudge(nested, MAP)).toThrow(/A :: line inside the text/);
    const wrapped =
      ":: Judge: DIP  Game: Demo  Variant: Standard\n:: Deadline: S1901M x\n\nThe following players are signed up for game 'demo':\n   England    late on time\n              75%\n";
    expect(() => importFromJudge(wrapped, MAP)).toThrow(/Player row not understood/);
  });
});

function byPlace(a: { place: string }, b: { place: string }): number {
  return a.place.localeCompare(b.place);
}
