import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { readStoredPosition, StoredPositionError } from '../../src/engine/position-schema.ts';

// A stored position is read back through a check: the judge's own JSON reads as it was written,
// and a row that does not fit stops with an error naming the row and the field.

const stored = (variant: string) => JSON.parse(JSON.stringify(loadVariant(variant).startingPosition())) as Record<string, unknown>;

describe('readStoredPosition', () => {
  it.each(['standard', 'youngstown', 'imperial', 'hundred'])('reads the %s starting position as it was written', (variant) => {
    expect(readStoredPosition(stored(variant), 'demo S1901M')).toEqual(loadVariant(variant).startingPosition());
  });

  it('reads dislodged units with their retreats, and the optional homes', () => {
    const position = {
      ...stored('standard'),
      phase: 'S1901R',
      dislodged: [{ power: 'AUSTRIA', type: 'A', location: 'vie', attackerFrom: 'gal', retreats: ['boh', 'tyr'] }],
      undeterminedHomes: { RUSSIA: 1 },
      homeCenters: { RUSSIA: ['mos', 'stp'] },
    };
    expect(readStoredPosition(position, 'demo S1901R')).toEqual(position);
  });

  it.each<[string, (position: Record<string, unknown>) => void, RegExp]>([
    ['a unit of an unknown type', (p) => ((p.units as { type: string }[])[0]!.type = 'X'), /at units\.0\.type/],
    ['a phase id that is not one', (p) => (p.phase = 'Spring 1901'), /at phase: a phase id such as S1901M/],
    ['a phase id not written as the judge writes it', (p) => (p.phase = 's1901m'), /at phase/],
    ['a power id in lower case', (p) => (p.supplyCenters = { england: ['lon'] }), /at supplyCenters/],
    ['a location in upper case', (p) => ((p.units as { location: string }[])[0]!.location = 'VIE'), /at units\.0\.location: location ids are lower case/],
    ['no dislodged list', (p) => delete p.dislodged, /at dislodged/],
    ['a negative count of homes to choose', (p) => (p.undeterminedHomes = { RUSSIA: -1 }), /at undeterminedHomes\.RUSSIA/],
  ])('refuses %s, naming the row and the field', (_what, spoil, message) => {
    const position = stored('standard');
    spoil(position);
    expect(() => readStoredPosition(position, 'game 7 phase S1901M')).toThrow(StoredPositionError);
    expect(() => readStoredPosition(position, 'game 7 phase S1901M')).toThrow(message);
    expect(() => readStoredPosition(position, 'game 7 phase S1901M')).toThrow(/^the stored position of game 7 phase S1901M does not fit at /);
  });

  it('refuses what is not a position at all', () => {
    expect(() => readStoredPosition(null, 'game 7 phase S1901M')).toThrow(/does not fit at the whole position/);
    expect(() => readStoredPosition('S1901M', 'game 7 phase S1901M')).toThrow(StoredPositionError);
  });
});
