import { describe, expect, it } from 'vitest';
import { importEdges } from '../../scripts/import-graph.ts';
import { measuredPortCalls, portHops, WALK, walkReport } from '../../scripts/order-walk.ts';

// `npm run order-walk` counts the layers one mailed order passes through; its walk is written
// by hand, so this keeps it true to the code: every module named exists and every hop it calls an
// import is one. The judge goes to the store twice per mail, to open and to save (the unit of
// work): in the walk, and in the calls a played mail makes.

describe('the walk of one mailed order', () => {
  it('matches the import graph, from the IMAP intake to the results mail', () => {
    const report = walkReport(importEdges());
    expect(WALK[0]!.module).toBe('mail/imap-intake.ts');
    expect(WALK.some((step) => step.module === 'render/results.ts')).toBe(true);
    expect(WALK.at(-1)!.module).toBe('store/outbox-queue.ts');
    expect(report.at(-3)).toMatch(new RegExp(`^${WALK.length} steps, ${WALK.length - 1} hops`));
  });

  it('refuses a hop the code does not make', () => {
    const edges = importEdges().filter((edge) => !(edge.from === 'judge/diplomacy/process-turn.ts' && edge.to === 'engine/adjudicate-phase.ts'));
    expect(() => walkReport(edges)).toThrow(/judge\/diplomacy\/process-turn.ts does not import engine\/adjudicate-phase.ts/);
  });

  it('enters the store from the judge twice, to open and to save, as a mail completing a phase does', async () => {
    expect(portHops().map((step) => step.does.split(':')[0])).toEqual(['open', 'apply']);
    const calls = await measuredPortCalls();
    expect(calls).toHaveLength(2);
    expect(calls[0]).toBe('open');
    expect(calls[1]).toMatch(/^apply\(saveOrders,.*savePhase,.*recordResults,.*markInbound\)$/);
  });
});
