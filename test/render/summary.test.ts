import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { parsePhaseId } from '../../src/engine/phase.ts';
import { renderSummary, summaryHolder, summaryState, summaryYears, type SummaryPower } from '../../src/render/summary.ts';
import { provinceId as prov } from '../../src/engine/ids.ts';

// SUMMARY's layout: roster by stints, the owner grid by year, the counts with the index, the result.

describe('SUMMARY', () => {
  const standard = loadVariant('standard');
  const start = standard.startingPosition();
  const after1901 = { ...start, supplyCenters: { ...start.supplyCenters, FRANCE: [...start.supplyCenters.FRANCE!, prov('spa'), prov('por')] } };
  const phases = ['S1901M', 'F1901M', 'W1901A', 'S1902M', 'F1902M'].map((id, i) => ({ phase: parsePhaseId(id)!, position: i < 2 ? start : after1901 }));

  it('counts each year from the first position after its centres changed hands', () => {
    const years = summaryYears(phases);
    expect(years.map((y) => y.year)).toEqual([null, 1901]);
    expect(years[1]!.position).toBe(after1901);
    // A year without an adjustment phase is counted from the next year's first phase.
    expect(summaryYears([phases[0]!, phases[1]!, phases[3]!]).map((y) => y.year)).toEqual([null, 1901]);
  });

  it('writes stints, numbered in play, addresses after the end, nothing when hidden', () => {
    const powers: SummaryPower[] = [
      {
        power: 'FRANCE',
        stints: [
          { address: 'a@x.example', from: 'S1901M', to: 'F1901M' },
          { address: '(vacant)', from: 'W1901A', to: 'W1901A' },
          { address: 'b@x.example', from: 'S1902M', to: null },
        ],
        state: null,
      },
      { power: 'ENGLAND', stints: [{ address: '(dummy)', from: 'S1901M', to: null }], state: 'dummy' },
    ];
    const input = {
      gameName: 'demo',
      variant: standard,
      status: 'active',
      currentPhase: 'F1902M',
      powers,
      years: summaryYears(phases),
      players: 'numbers' as const,
      result: null,
    };
    const text = renderSummary(input);
    expect(text).toContain(
      [
        '  France   player 1                     S1901M - F1901M',
        '           (vacant)                     W1901A - W1901A',
        '           player 2                     S1902M -',
      ].join('\n'),
    );
    expect(text).toContain('  England  (dummy)                      S1901M -\n');
    expect(text).toContain('  Austria (nobody)');
    expect(text).toMatch(/^Spa +\. +F$/m);
    expect(text).toMatch(/^1901 +3 +3 +5 +3 +3 +4 +3 +12\.3$/m);
    expect(text).toMatch(/The game goes on\.$/);
    expect(renderSummary({ ...input, players: 'addresses', result: 'France has won the game.' })).toMatch(
      /France {3}a@x\.example[\s\S]*b@x\.example[\s\S]*Result: France has won the game\.$/,
    );
    const hidden = renderSummary({ ...input, players: 'hidden' });
    expect(hidden).not.toMatch(/@|player \d|vacant/);
    expect(hidden).toContain('  England (dummy)\n');
  });

  it("names a seat's holder and state in the roster's words", () => {
    expect(['dummy', 'resigned', 'active', 'cd'].map((status) => summaryHolder({ address: 'a@x.example', status }))).toEqual([
      '(dummy)',
      '(vacant)',
      'a@x.example',
      'a@x.example',
    ]);
    expect(['dummy', 'cd', 'abandoned', 'resigned', 'eliminated', 'active'].map(summaryState)).toEqual([
      'dummy',
      'civil disorder',
      'abandoned',
      'vacant',
      'eliminated',
      null,
    ]);
  });

  it('keeps within 76 columns for the largest variant', () => {
    const chaos = loadVariant('chaos');
    const position = chaos.startingPosition();
    const many = Array.from({ length: 30 }, (_, i) => ({ phase: parsePhaseId(`S${1901 + i}M`)!, position }));
    const text = renderSummary({
      gameName: 'big',
      variant: chaos,
      status: 'active',
      currentPhase: 'S1930M',
      powers: [],
      years: summaryYears(many),
      players: 'numbers',
      result: null,
    });
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(76);
  });
});
