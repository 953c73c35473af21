import type { PhaseId } from '../../src/engine/types.ts';
import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { phaseOf } from '../../src/engine/phase.ts';
import { mapperHeader, withMapperHeader } from '../../src/render/index.ts';

// njudge's `msg_header` (mail.c, 1.7): ":: Judge: %s  ", "Game: %s  " with strcap, "Variant: %s"
// plus the options, then ":: Deadline: %s %s  " — two blanks close the deadline line. The phase is
// njudge's: winter adjustments are F1902B (docs/mail_format.html example "F1906B").

const base = { judgeCode: 'TEST', gameName: 'demo', variantTitle: 'Standard', deadline: 'Mon Jan 12 2004 23:30:00 +0000' };

describe('mapperHeader', () => {
  it('writes the two lines of a movement phase', () => {
    expect(mapperHeader({ ...base, phase: 'S1901M' })).toBe(
      ':: Judge: TEST  Game: Demo  Variant: Standard\n:: Deadline: S1901M Mon Jan 12 2004 23:30:00 +0000  \n',
    );
  });

  it('writes a winter adjustment phase as F1902B', () => {
    expect(mapperHeader({ ...base, phase: 'W1902A' })).toContain(':: Deadline: F1902B Mon Jan 12 2004 23:30:00 +0000  \n');
    expect(mapperHeader({ ...base, phase: 'F1902B' as PhaseId })).toContain(':: Deadline: F1902B ');
    expect(mapperHeader({ ...base, phase: 'F1902R' })).toContain(':: Deadline: F1902R ');
  });

  it('keeps the season letter of an adjustment phase in another season', () => {
    expect(mapperHeader({ ...base, phase: 'S1902A' })).toContain(':: Deadline: S1902B ');
    expect(mapperHeader({ ...base, phase: 'U1902A' as PhaseId })).toContain(':: Deadline: U1902B ');
  });

  it('appends the variant options in the order given', () => {
    expect(mapperHeader({ ...base, phase: 'S1901M', variantOptions: ['Gunboat', 'Blind'] })).toMatch(
      /^:: Judge: TEST {2}Game: Demo {2}Variant: Standard Gunboat Blind\n/,
    );
  });

  it('capitalises the game name as strcap does', () => {
    expect(mapperHeader({ ...base, gameName: 's1b6p2', phase: 'S1901M' })).toContain('Game: S1b6p2  ');
    expect(mapperHeader({ ...base, gameName: 'big-war', phase: 'S1901M' })).toContain('Game: Big-War  ');
  });

  it('shows the start of the clock while the deadline is unknown', () => {
    expect(mapperHeader({ ...base, phase: 'S1901M', deadline: null })).toContain(':: Deadline: S1901M Thu Jan 01 1970 00:00:00 +0000  \n');
  });

  it('names only the judge in a mail about no game', () => {
    expect(mapperHeader({ ...base, gameName: null, phase: 'S1901M' })).toBe(':: Judge: TEST  \n');
  });

  it('rejects a phase id it cannot read', () => {
    expect(() => mapperHeader({ ...base, phase: 'spring' as PhaseId })).toThrow(/not a phase id/);
  });

  it('puts one blank line between the header and the body', () => {
    expect(withMapperHeader(':: Judge: TEST  \n', 'Body\n')).toBe(':: Judge: TEST  \n\nBody\n');
  });
});

describe('eras', () => {
  it('writes the eras of hundred and classical in capitals (A.D. 1425, B.C. 272), as the map files do', () => {
    expect(loadVariant('hundred').seasonName(phaseOf('A1425M'))).toBe('A.D.');
    expect(loadVariant('classical').seasonName(phaseOf('B272M'))).toBe('B.C.');
    expect(loadVariant('empire').powers.map((p) => p.name)).toContain('B.C.');
  });
});
