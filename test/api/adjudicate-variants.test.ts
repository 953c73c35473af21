import { describe, expect, it } from 'vitest';
import { adjudicate, AdjudicateInputError } from '../../src/api/adjudicate.ts';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';

// `dipjudge adjudicate` for variants other than standard: their own phase ids, build rules,
// ports and two-player games.

describe('adjudicate() with the imported variants', () => {
  it("takes hundred's A1425M and goes on five years later", () => {
    const out = adjudicate({ position: loadVariant('hundred').startingPosition(), orders: {} });
    expect(out.position.phase).toBe('A1430M');
    expect(() => adjudicate({ position: { ...loadVariant('hundred').startingPosition(), phase: 'S1425M' }, orders: {} })).toThrow(AdjudicateInputError);
  });

  it("counts classical's years down: B273M is followed by B272M, with builds in even years", () => {
    const spring = adjudicate({ position: loadVariant('classical').startingPosition(), orders: {} });
    expect(spring.position.phase).toBe('B272M');
  });

  it('opens chaos with builds in winter 1900, anywhere a power owns', () => {
    const out = adjudicate({ position: loadVariant('chaos').startingPosition(), orders: { LONDON: ['Build F Lon'], PARIS: ['Build A Par'] } });
    expect(out.position.phase).toBe('S1901M');
    expect(out.position.units).toContainEqual({ power: 'LONDON', type: 'F', location: 'lon' });
    expect(out.position.units).toContainEqual({ power: 'PARIS', type: 'A', location: 'par' });
  });

  it('lets aberration build on any owned centre while a home centre is held (REMOTE_BUILDS), and not otherwise', () => {
    const position = { variant: 'aberration', phase: 'W1901A', units: [], dislodged: [], supplyCenters: { BURGUNDY: ['dij', 'edi'], EIRE: ['dub'] } };
    const out = adjudicate({ position, orders: { BURGUNDY: ['Build A Edi'], EIRE: [] } });
    expect(out.results.find((r) => r.power === 'BURGUNDY' && r.text !== null)).toMatchObject({ outcome: 'succeeds' });
    const homeless = adjudicate({ position: { ...position, supplyCenters: { BURGUNDY: ['edi'] } }, orders: { BURGUNDY: ['Build A Edi'] } });
    expect(homeless.results.find((r) => r.text === 'Build A Edi')).toMatchObject({ outcome: 'illegal' });
    expect(homeless.results.find((r) => r.text === 'Build A Edi')!.reason).toMatch(/home centre held/);
  });

  it('lets a fleet in an ancmed port convoy, as at sea', () => {
    const position = {
      variant: 'ancmed',
      phase: 'S1M',
      units: [
        { power: 'ROME', type: 'F' as const, location: 'bal' },
        { power: 'ROME', type: 'A' as const, location: 'sag' },
      ],
      dislodged: [],
      supplyCenters: {},
    };
    const out = adjudicate({ position, orders: { ROME: ['F Bal C A Sag - Tar', 'A Sag - Tar via convoy'] } });
    expect(out.results.find((r) => r.unit === 'bal')).toMatchObject({ outcome: 'succeeds' });
    expect(out.position.units).toContainEqual({ power: 'ROME', type: 'A', location: 'tar' });
  });

  it('plays France against Austria with the other centres neutral and empty', () => {
    const start = loadVariant('france-austria').startingPosition();
    expect(Object.keys(start.supplyCenters).sort()).toEqual(['AUSTRIA', 'FRANCE']);
    expect(start.units).toHaveLength(6);
    expect(loadVariant('france-austria').victoryCenters).toBe(18);
    expect(() => adjudicate({ position: start, orders: { ENGLAND: ['F Lon - Nth'] } })).toThrow(AdjudicateInputError);
  });
});
