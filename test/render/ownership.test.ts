import { describe, expect, it } from 'vitest';
import { powerEntries } from '../../src/engine/ids.ts';
import type { PowerId, ProvinceId, Unit } from '../../src/engine/types.ts';
import { renderOwnership } from '../../src/render/index.ts';
import { position, standard, unit } from './helpers.ts';

// The counts lines are st_build.c's "%2d Supply center%s %2d Unit%s  %s %2d unit%s." after the
// power padded to GetMaxCountryStrlen() (10 on the standard map). The expected lines are the ones
// jDip's AdjustmentParserTest (dip.judge.parser) copied from a real njudge results mail.

/** A position where each power has the given numbers of centres and units; which ones does not matter here. */
function counts(table: Record<PowerId, [centres: number, units: number]>) {
  const centres = standard.supplyCenters();
  const places = standard.map.provinces.map((p) => p.id);
  const supplyCenters: Record<PowerId, ProvinceId[]> = {};
  const units: Unit[] = [];
  for (const [power, [c, u]] of powerEntries(table)) {
    supplyCenters[power] = centres.splice(0, c);
    for (let k = 0; k < u; k++) units.push(unit(power, 'A', places.splice(0, 1)[0]!));
  }
  return position('F1902M', units, { supplyCenters });
}

describe('renderOwnership', () => {
  it('lines the counts up exactly as the njudge mail jDip parses', () => {
    const text = renderOwnership({
      variant: standard,
      position: counts({ AUSTRIA: [2, 3], ENGLAND: [3, 4], FRANCE: [6, 4], GERMANY: [6, 5], ITALY: [5, 5], RUSSIA: [8, 7], TURKEY: [4, 4] }),
      winner: null,
    });
    expect(text).toContain(
      [
        'Austria:   2 Supply centers,  3 Units:  Removes  1 unit.',
        'England:   3 Supply centers,  4 Units:  Removes  1 unit.',
        'France:    6 Supply centers,  4 Units:  Builds   2 units.',
        'Germany:   6 Supply centers,  5 Units:  Builds   1 unit.',
        'Italy:     5 Supply centers,  5 Units:  Builds   0 units.',
        'Russia:    8 Supply centers,  7 Units:  Builds   1 unit.',
        'Turkey:    4 Supply centers,  4 Units:  Builds   0 units.',
      ].join('\n'),
    );
  });

  it('flags civil disorder and abandonment, keeping the flags in one column', () => {
    const text = renderOwnership({
      variant: standard,
      position: counts({ AUSTRIA: [4, 3], TURKEY: [4, 6] }),
      winner: null,
      standing: { AUSTRIA: 'cd', TURKEY: 'abandoned' },
    });
    expect(text).toContain('Austria:   4 Supply centers,  3 Units:  Builds   1 unit.   (* CD *)\n');
    expect(text).toContain('Turkey:    4 Supply centers,  6 Units:  Removes  2 units.  (* ABANDONED *)\n');
  });

  it('leaves out a power with neither centres nor units, and lists unowned centres last', () => {
    const text = renderOwnership({ variant: standard, position: counts({ AUSTRIA: [3, 3] }), winner: null });
    expect(text).not.toContain('England');
    expect(text).toMatch(/\nUnowned: {3}\S/);
    expect(text.startsWith('\nOwnership of supply centers:\n\nAustria:   ')).toBe(true);
  });
});
