import { describe, expect, it } from 'vitest';
import { locationId as loc } from '../../src/engine/ids.ts';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { readStoredOrderResults, StoredResultsError } from '../../src/judge/diplomacy/stored-results.ts';
import { storedOrderReasonText } from '../../src/render/order-reasons.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { inboundMail, startHarnessGame } from '../support/judge-harness.ts';
import { gameName } from '../support/names.ts';

// phases.results keeps each order's reason typed (issue 27): its code and fields as JSON, worded
// for each reader through src/render. Rows written before kept the words of the results mail; they
// are still read, their words kept, and shown as before. Read back, a result is a StoredOrderResult
// (what became of the order, and why), never an OrderResult; a row the judge never wrote is refused,
// naming it.

const NOW = new Date('2026-11-21T12:00:00Z');
const HOLDS: Record<string, string> = {
  AUSTRIA: 'A Vie H\nA Bud H\nF Tri H',
  ENGLAND: 'F Lon H\nF Edi H\nA Lvp H',
  FRANCE: 'F Bre H\nA Par-Bur\nA Mar H',
  GERMANY: 'F Kie H\nA Ber H\nA Mun-Bur',
  ITALY: 'F Nap H\nA Rom H\nA Ven H',
  RUSSIA: 'A Mos H\nA War H\nF Sev H\nF StP/sc H',
  TURKEY: 'F Ank H\nA Con H\nA Smy H',
};

/** demo on the in-memory store, its Spring 1901 played by mail (Paris and Munich bounce in Burgundy). */
async function playedSpring() {
  const store = new InMemoryJudgeStore();
  const game = await startHarnessGame(store, '', () => NOW);
  for (const [power, orders] of Object.entries(HOLDS)) await game.as(power, orders);
  const id = (await store.transaction(async (tx) => tx.findGame(gameName('demo'))))!.id;
  const spring = async () => (await store.transaction(async (tx) => tx.storedPhases(id)))[0]!;
  return { store, game, id, spring };
}

describe('the results a processed phase stores', () => {
  it('keep each reason typed, its code as JSON, and read back typed, worded through render', async () => {
    const { spring } = await playedSpring();
    const stored = await spring();
    const raw = stored.results as { power: string; unit: string; reason: unknown }[];
    expect(raw.filter((r) => r.reason !== null).map((r) => [r.power, r.unit, r.reason])).toEqual([
      ['FRANCE', 'par', { code: 'bounced' }],
      ['GERMANY', 'mun', { code: 'bounced' }],
    ]);

    const results = readStoredOrderResults(stored.results, 'demo S1901M');
    expect(results).toHaveLength(22);
    expect(results.find((r) => r.unit === loc('par'))).toEqual({
      power: 'FRANCE',
      unit: 'par',
      order: { kind: 'move', unit: { type: 'A', location: 'par' }, to: 'bur', viaConvoy: false, route: [] },
      input: expect.any(Number),
      outcome: 'fails',
      markers: ['bounce'],
      reason: { code: 'bounced' },
    });
    expect(results.find((r) => r.unit === loc('lon'))).toMatchObject({ outcome: 'succeeds', reason: null });
    expect(results.every((r) => !('notes' in r))).toBe(true);
    // A reader is given render's words for the code.
    const variant = loadVariant('standard');
    const worded = results.flatMap((r) => (r.reason === null ? [] : [storedOrderReasonText(r.reason, variant)]));
    expect(worded).toEqual(['The move bounced', 'The move bounced']);
  });

  it('read a row written before, its reasons in words, with those words, and MAP draws it as it draws the typed row', async () => {
    const { store, game, id, spring } = await playedSpring();
    const map = async () => {
      const from = store.outbox().length;
      await game.judge.receive(inboundMail('stranger@else.example', 'MAP demo S1901M SVG'));
      const reply = store.outbox().slice(from);
      expect(reply).toHaveLength(1);
      return { body: reply[0]!.body, attachments: reply[0]!.attachments };
    };
    const typed = await map();
    expect(Buffer.from(typed.attachments![0]!.content, 'base64').toString()).toContain('<svg');

    // The row as a release before issue 27 wrote it: each reason in its words.
    const stored = await spring();
    const variant = loadVariant('standard');
    const old = readStoredOrderResults(stored.results, 'demo S1901M').map((r) => ({
      ...r,
      reason: r.reason === null ? null : storedOrderReasonText(r.reason, variant),
      notes: [],
    }));
    await store.transaction((tx) => tx.apply([{ kind: 'recordResults', args: [id, stored.phaseId, old, stored.resultsText!, stored.processedOrders!] }]));
    const rewritten = (await spring()).results as { reason: unknown }[];
    expect(rewritten.filter((r) => r.reason !== null).map((r) => r.reason)).toEqual(['The move bounced', 'The move bounced']);

    const results = readStoredOrderResults(rewritten, 'demo S1901M');
    expect(results.find((r) => r.unit === loc('par'))).toMatchObject({ outcome: 'fails', markers: ['bounce'], reason: { words: 'The move bounced' } });
    expect(results.flatMap((r) => (r.reason === null ? [] : [storedOrderReasonText(r.reason, variant)]))).toEqual(['The move bounced', 'The move bounced']);
    expect(await map()).toEqual(typed);
  });

  it('reads a phase without results as none, and refuses a row the judge never wrote, naming it and the field', () => {
    expect(readStoredOrderResults(null, 'demo S1901M')).toEqual([]);
    const written = { power: 'FRANCE', unit: 'par', order: null, input: 0, outcome: 'fails', reason: 'The move bounced', markers: ['bounce'], notes: [] };
    expect(readStoredOrderResults([written], 'demo S1901M')).toEqual([
      { power: 'FRANCE', unit: 'par', order: null, input: 0, outcome: 'fails', markers: ['bounce'], reason: { words: 'The move bounced' } },
    ]);
    const spoiled = { ...written, outcome: 'won' };
    expect(() => readStoredOrderResults([written, spoiled], 'demo S1901M')).toThrow(StoredResultsError);
    expect(() => readStoredOrderResults([written, spoiled], 'demo S1901M')).toThrow(/^the stored results of demo S1901M do not fit at 1\.outcome/);
    expect(() => readStoredOrderResults({ results: [] }, 'demo F1901M')).toThrow(/^the stored results of demo F1901M do not fit at the top/);
    // A typed reason of a code this judge does not know, or without its fields, is no reason it wrote.
    expect(() => readStoredOrderResults([{ ...written, reason: { code: 'tired' } }], 'demo S1901M')).toThrow(
      /^the stored results of demo S1901M do not fit at 0\.reason/,
    );
    expect(() => readStoredOrderResults([{ ...written, reason: { code: 'not-adjacent', from: 'par' } }], 'demo S1901M')).toThrow(
      /^the stored results of demo S1901M do not fit at 0\.reason/,
    );
    expect(() => readStoredOrderResults([{ ...written, reason: 7 }], 'demo S1901M')).toThrow(/^the stored results of demo S1901M do not fit at 0\.reason/);
  });
});
