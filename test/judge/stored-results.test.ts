import { describe, expect, it } from 'vitest';
import { locationId as loc } from '../../src/engine/ids.ts';
import { readStoredOrderResults, StoredResultsError } from '../../src/judge/diplomacy/stored-results.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { startHarnessGame } from '../support/judge-harness.ts';
import { gameName } from '../support/names.ts';

// The engine's reasons are typed (issue 27), but phases.results keeps each in its words, as every row
// written before does: the stored JSON has one form whatever release wrote it. Read back, a result is
// a StoredOrderResult (what became of the order, and why in words), never an OrderResult pretending
// the words are a typed reason; a row the judge never wrote is refused, naming it.

const NOW = new Date('2026-11-21T12:00:00Z');

describe('the results a processed phase stores', () => {
  it("keep each reason in its words, as before the engine's reasons were typed, and read back typed with those words", async () => {
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
    const raw = spring!.results as { power: string; unit: string; reason: unknown }[];
    expect(raw.filter((r) => r.reason !== null).map((r) => [r.power, r.unit, r.reason])).toEqual([
      ['FRANCE', 'par', 'The move bounced'],
      ['GERMANY', 'mun', 'The move bounced'],
    ]);

    const results = readStoredOrderResults(spring!.results, 'demo S1901M');
    expect(results).toHaveLength(22);
    expect(results.find((r) => r.unit === loc('par'))).toEqual({
      power: 'FRANCE',
      unit: 'par',
      order: { kind: 'move', unit: { type: 'A', location: 'par' }, to: 'bur', viaConvoy: false, route: [] },
      input: expect.any(Number),
      outcome: 'fails',
      markers: ['bounce'],
      reasonText: 'The move bounced',
    });
    expect(results.find((r) => r.unit === loc('lon'))).toMatchObject({ outcome: 'succeeds', reasonText: null });
    expect(results.every((r) => !('reason' in r) && !('notes' in r))).toBe(true);
  });

  it('reads a phase without results as none, and refuses a row the judge never wrote, naming it and the field', () => {
    expect(readStoredOrderResults(null, 'demo S1901M')).toEqual([]);
    const written = { power: 'FRANCE', unit: 'par', order: null, input: 0, outcome: 'fails', reason: 'The move bounced', markers: ['bounce'], notes: [] };
    expect(readStoredOrderResults([written], 'demo S1901M')).toEqual([
      { power: 'FRANCE', unit: 'par', order: null, input: 0, outcome: 'fails', markers: ['bounce'], reasonText: 'The move bounced' },
    ]);
    const spoiled = { ...written, outcome: 'won' };
    expect(() => readStoredOrderResults([written, spoiled], 'demo S1901M')).toThrow(StoredResultsError);
    expect(() => readStoredOrderResults([written, spoiled], 'demo S1901M')).toThrow(/^the stored results of demo S1901M do not fit at 1\.outcome/);
    expect(() => readStoredOrderResults({ results: [] }, 'demo F1901M')).toThrow(/^the stored results of demo F1901M do not fit at the top/);
  });
});
