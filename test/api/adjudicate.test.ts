import { describe, expect, it } from 'vitest';
import { adjudicate, AdjudicateInputError } from '../../src/api/adjudicate.ts';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';

const start = loadVariant('standard').startingPosition();

describe('adjudicate()', () => {
  it('runs a year from the starting position, feeding each output into the next phase', () => {
    const spring = adjudicate({
      position: start,
      orders: { ENGLAND: ['F Lon - Nth', 'F Edi - Nwg', 'A Lvp - Yor'], GERMANY: ['F Kie - Den', 'A Ber - Kie', 'A Mun - Ruh'] },
    });
    expect(spring.position.phase).toBe('F1901M');
    const fall = adjudicate({ position: spring.position, orders: { ENGLAND: ['A Yor - Nwy via convoy', 'F Nth C A Yor - Nwy'], GERMANY: ['F Den - Swe'] } });
    expect(fall.results.find((r) => r.unit === 'yor')).toMatchObject({ outcome: 'succeeds', canonical: 'Army Yorkshire -> Norway by convoy.' });
    expect(fall.position.phase).toBe('W1901A');
    expect(fall.position.supplyCenters.ENGLAND).toEqual(['edi', 'lon', 'lvp', 'nwy']);
    expect(fall.position.supplyCenters.GERMANY).toEqual(['ber', 'kie', 'mun', 'swe']);
    const winter = adjudicate({ position: fall.position, orders: { ENGLAND: ['Build F Lon'], GERMANY: ['build a mun', 'b f ber'] } });
    expect(winter.position.phase).toBe('S1902M');
    expect(winter.position.units.filter((u) => u.power === 'GERMANY')).toHaveLength(4);
    expect(winter.results.find((r) => r.text === 'b f ber')).toMatchObject({ outcome: 'illegal', reason: 'Germany may build only 1 unit' });
    expect(winter.results.filter((r) => r.power === 'ENGLAND' && r.outcome === 'succeeds').map((r) => r.canonical)).toEqual(['Build Fleet London.']);
  });

  it('gives every unit without an order its civil-disorder default and echoes it', () => {
    const out = adjudicate({ position: start, orders: {} });
    expect(out.results).toHaveLength(22);
    expect(out.results.every((r) => r.text === null && r.canonical!.endsWith('HOLD.'))).toBe(true);
  });

  it('reports an unparseable order with its reason and keeps the unit holding', () => {
    const out = adjudicate({ position: start, orders: { FRANCE: ['A Par - Xyzzy'] } });
    const bad = out.results.find((r) => r.text === 'A Par - Xyzzy')!;
    expect(bad.outcome).toBe('illegal');
    expect(bad.reason).toMatch(/Xyzzy/);
    expect(out.results.find((r) => r.unit === 'par' && r.text === null)?.canonical).toBe('Army Paris HOLD.');
  });

  it('says which coast it inferred and refuses to guess between two', () => {
    const position = {
      ...start,
      units: [
        { power: 'FRANCE', type: 'F', location: 'gas' },
        { power: 'FRANCE', type: 'F', location: 'mao' },
      ],
    };
    const out = adjudicate({ position, orders: { FRANCE: ['F Gas - Spa', 'F Mao - Spa'] } });
    const gas = out.results.find((r) => r.unit === 'gas')!;
    expect(gas.canonical).toBe('Fleet Gascony -> Spain (north coast).');
    expect(gas.notes.join()).toMatch(/coast inferred/);
    expect(out.results.find((r) => r.text === 'F Mao - Spa')).toMatchObject({
      outcome: 'illegal',
      reason: 'Spain needs a coast for a fleet: spa/nc or spa/sc',
    });
  });

  it('lists a dislodged unit even when it has no retreat', () => {
    const position = {
      variant: 'standard',
      phase: 'S1901M',
      units: [
        { power: 'TURKEY', type: 'F', location: 'ank' },
        { power: 'RUSSIA', type: 'F', location: 'bla' },
        { power: 'RUSSIA', type: 'A', location: 'arm' },
        { power: 'RUSSIA', type: 'A', location: 'smy' },
        { power: 'RUSSIA', type: 'F', location: 'con' },
      ],
    };
    const out = adjudicate({ position, orders: { RUSSIA: ['F Bla - Ank', 'A Arm S F Bla - Ank'] } });
    expect(out.position.phase).toBe('S1901R');
    expect(out.position.dislodged).toEqual([{ power: 'TURKEY', type: 'F', location: 'ank', attackerFrom: 'bla', retreats: [] }]);
  });

  it('accepts njudge winter ids and case-insensitive powers', () => {
    const out = adjudicate({
      position: { ...start, phase: 'F1901B', supplyCenters: { england: ['lon', 'edi', 'lvp', 'bel'] } },
      orders: { england: ['waive'] },
    });
    expect(out.phase).toBe('W1901A');
    expect(out.results.find((r) => r.power === 'ENGLAND')?.canonical).toBe('Waive build.');
  });

  it.each([
    [{}, /position/],
    [{ position: { ...start, variant: 'nosuch' } }, /unknown variant "nosuch"/],
    [{ position: { ...start, phase: 'X1901Q' } }, /position.phase/],
    [{ position: { ...start, units: [{ power: 'ENGLAND', type: 'A', location: 'nth' }] } }, /an army cannot stand at "nth"/],
    [{ position: { ...start, units: [{ power: 'ENGLAND', type: 'A', location: 'zzz' }] } }, /"zzz" is not a location/],
    [{ position: start, orders: { NARNIA: ['A Lon H'] } }, /"NARNIA" is not a power/],
    [{ position: { ...start, units: [...start.units, { power: 'ENGLAND', type: 'A', location: 'lon' }] } }, /already holds/],
  ])('rejects bad input %# with a clear message', (input, message) => {
    expect(() => adjudicate(input)).toThrow(AdjudicateInputError);
    expect(() => adjudicate(input)).toThrow(message);
  });

  // The shape is checked by hand first (cheap per item of a batch); what it doubts goes to the schema, which names the fault.
  it.each([
    [{ position: [] }, 'invalid input at position: '],
    [{ position: { ...start, units: [{ power: 'ENGLAND', type: 'X', location: 'lon' }] } }, 'invalid input at position.units.0.type: unit type must be A or F'],
    [{ position: { ...start, units: [{ power: '', type: 'A', location: 'lon' }] } }, 'invalid input at position.units.0.power: '],
    [{ position: start, orders: { ENGLAND: 'A Lon H' } }, 'invalid input at orders.ENGLAND: '],
    [{ position: { ...start, undeterminedHomes: { ENGLAND: -1 } } }, 'invalid input at position.undeterminedHomes.ENGLAND: '],
    [{ position: { ...start, undeterminedHomes: { ENGLAND: 1.5 } } }, 'invalid input at position.undeterminedHomes.ENGLAND: '],
    [
      { position: { ...start, dislodged: [{ power: 'ENGLAND', type: 'F', location: 'nth', retreats: [3] }] } },
      'invalid input at position.dislodged.0.retreats.0: ',
    ],
    [{ position: { ...start, supplyCenters: { ENGLAND: 'lon' } } }, 'invalid input at position.supplyCenters.ENGLAND: '],
  ])('names the field of a malformed input %#', (input, message) => {
    expect(() => adjudicate(input)).toThrow(AdjudicateInputError);
    expect(() => adjudicate(input)).toThrow(message);
  });

  it('reads a well-formed input whatever else it carries, as the schema would', () => {
    const orders = { ENGLAND: ['F Lon - Nth'], FRANCE: ['A Par - Bur'] };
    const plain = adjudicate({ position: start, orders });
    const decorated = adjudicate({
      comment: 'ignored',
      position: { ...start, note: 'ignored', units: start.units.map((u) => ({ ...u, type: u.type.toLowerCase(), id: 7 })) },
      orders,
    });
    expect(decorated).toEqual(plain);
    // An object that is not a plain record goes through the schema, which accepts it the same.
    const fromClass = adjudicate(Object.assign(Object.create({ inherited: true }) as object, { position: start, orders }));
    expect(fromClass).toEqual(plain);
  });
});
