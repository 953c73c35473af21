import { describe, expect, it } from 'vitest';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { startHarnessGame } from '../support/judge-harness.ts';
import { gameName } from '../support/names.ts';

// The engine's reasons are typed (issue 27), but phases.results keeps each in its words, as every row
// written before does: the stored JSON has one form whatever release wrote it.

const NOW = new Date('2026-11-21T12:00:00Z');

describe('the results a processed phase stores', () => {
  it("keep each reason in its words, as before the engine's reasons were typed", async () => {
    const store = new InMemoryJudgeStore();
    const game = await startHarnessGame(store, '', () => NOW);
    const holds: Record<string, string> = {
      AUSTRIA: 'A Vie H\nA Bud H\nF Tri H',
      ENGLAND: 'F Lon H\nF Edi H\nA Lvp H',
      FRANCE: 'F Bre H\nA Par-Bur\nA Mar H',
      GERMANY: 'F Kie H\nA Ber H\nA Mun-Bur',
      ITALY: 'F Nap H\nA Rom H\nA Ven H',
      RUSSIA: 'A Mos H\nA War H\nF Sev H\nF StP/sc H',
      TURKEY: 'F Ank H\nA Con H\nA Smy H',
    };
    for (const [power, orders] of Object.entries(holds)) await game.as(power, orders);
    const id = (await store.transaction(async (tx) => tx.findGame(gameName('demo'))))!.id;
    const [spring] = await store.transaction(async (tx) => tx.storedPhases(id));
    const results = spring!.results as { power: string; unit: string; reason: unknown }[];
    expect(results.filter((r) => r.reason !== null).map((r) => [r.power, r.unit, r.reason])).toEqual([
      ['FRANCE', 'par', 'The move bounced'],
      ['GERMANY', 'mun', 'The move bounced'],
    ]);
  });
});
