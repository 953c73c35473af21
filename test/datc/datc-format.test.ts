import { describe, expect, it } from 'vitest';
import { DatcFormatError, formatUnit, parseDatcFile, parsePlace } from './datc-format.ts';

const SAMPLE = `# a comment line
case 6.H.99 Retreat after a bounce
> What the DATC says.
> Second line.
units
  England: F North Sea        # trailing comment
  Russia: F St Petersburg/north coast
supply centres
  England: London, Edinburgh
orders
  England: F North Sea - Picardy              => illegal
  Russia: F St Petersburg(nc) - Barents Sea   => succeeds [bounce, cut]
expect dislodged
  England: F North Sea
expect retreats
  England: F North Sea may retreat to Holland, Belgium
  England: F North Sea may not retreat to Skagerrak
  England: F North Sea may retreat only to Holland
  England: F North Sea has no retreats
next phase
orders
  England: F North Sea - Holland              => fails
expect units
  Russia: F Barents Sea
expect centres
  England: London
  Russia: none
scenario second start
phase F1901R
units: none
dislodged units
  Turkey: F Ankara from Black Sea
  Turkey: A Smyrna
orders: none
expect units: none

case 6.H.100 Defaults
units
  Italy: A Rome
orders
  Italy: A Rome Hold => succeeds
`;

describe('parseDatcFile', () => {
  const [first, second] = parseDatcFile(SAMPLE, 'sample.datc');

  it('reads the case header, notes and defaults', () => {
    expect(first).toMatchObject({
      id: '6.H.99',
      section: '6.H',
      number: 99,
      title: 'Retreat after a bounce',
      variant: 'standard',
      file: 'sample.datc',
      line: 2,
    });
    expect(first!.notes).toEqual(['What the DATC says.', 'Second line.']);
    expect(second).toMatchObject({ id: '6.H.100', title: 'Defaults' });
    expect(second!.scenarios[0]!.start.phase).toBe('S1901M');
  });

  it('reads the starting position with coasts and centres', () => {
    const start = first!.scenarios[0]!.start;
    expect(start.units.map(formatUnit)).toEqual(['England: F North Sea', 'Russia: F St Petersburg(nc)']);
    expect(start.supplyCentres).toEqual({
      England: [
        { name: 'London', coast: null },
        { name: 'Edinburgh', coast: null },
      ],
    });
  });

  it('reads orders with outcome and markers, and every expectation', () => {
    const [step1, step2] = first!.scenarios[0]!.steps;
    expect(step1!.orders).toEqual([
      { power: 'England', text: 'F North Sea - Picardy', outcome: 'illegal', markers: [], line: 11 },
      { power: 'Russia', text: 'F St Petersburg(nc) - Barents Sea', outcome: 'succeeds', markers: ['bounce', 'cut'], line: 12 },
    ]);
    expect(step1!.expectDislodged!.map(formatUnit)).toEqual(['England: F North Sea']);
    expect(step1!.expectRetreats.map((r) => [r.rule, r.places.map((p) => p.name)])).toEqual([
      ['includes', ['Holland', 'Belgium']],
      ['excludes', ['Skagerrak']],
      ['exactly', ['Holland']],
      ['exactly', []],
    ]);
    expect(step2!.orders.map((o) => o.outcome)).toEqual(['fails']);
    expect(step2!.expectUnits!.map(formatUnit)).toEqual(['Russia: F Barents Sea']);
    expect(step2!.expectCentres).toEqual({ England: [{ name: 'London', coast: null }], Russia: [] });
  });

  it('reads a second scenario with dislodged units and "none" sections', () => {
    const scenario = first!.scenarios[1]!;
    expect(scenario.label).toBe('second start');
    expect(scenario.start.phase).toBe('F1901R');
    expect(scenario.start.units).toEqual([]);
    expect(scenario.start.dislodged.map((d) => [formatUnit(d), d.attackerFrom?.name ?? null])).toEqual([
      ['Turkey: F Ankara', 'Black Sea'],
      ['Turkey: A Smyrna', null],
    ]);
    expect(scenario.steps[0]!.orders).toEqual([]);
    expect(scenario.steps[0]!.expectUnits).toEqual([]);
  });
});

describe('parsePlace', () => {
  it.each([
    ['North Sea', { name: 'North Sea', coast: null }],
    ['Spain(nc)', { name: 'Spain', coast: 'nc' }],
    ['Spain (sc)', { name: 'Spain', coast: 'sc' }],
    ['Bulgaria/ec', { name: 'Bulgaria', coast: 'ec' }],
    ['St Petersburg/north coast', { name: 'St Petersburg', coast: 'nc' }],
    ['St Petersburg (South Coast)', { name: 'St Petersburg', coast: 'sc' }],
  ])('reads %s', (text, place) => {
    expect(parsePlace(text)).toEqual(place);
  });

  it.each(['Spain(xc)', '(nc)', '', 'Spain(nc'])('rejects "%s"', (text) => {
    expect(parsePlace(text)).toBeNull();
  });
});

describe('format errors', () => {
  const errorOf = (text: string): string => {
    try {
      parseDatcFile(text, 'bad.datc');
    } catch (error) {
      expect(error).toBeInstanceOf(DatcFormatError);
      return (error as Error).message;
    }
    throw new Error('expected a DatcFormatError');
  };
  const caseWith = (body: string): string => `case 6.A.1 Title\n${body}`;

  it.each([
    ['text before the first case', 'units\n', /bad\.datc:1: expected a "case" line/],
    ['an order without outcome', caseWith('units\n  England: F London\norders\n  England: F London Hold\n'), /bad\.datc:5: .*needs its expected outcome/],
    ['an unknown outcome', caseWith('units\n  England: F London\norders\n  England: F London Hold => holds\n'), /outcome must be succeeds, fails or illegal/],
    ['an unknown marker', caseWith('units\n  England: F London\norders\n  England: F London Hold => fails [oops]\n'), /unknown marker "oops"/],
    ['units after the orders', caseWith('units\n  England: F London\norders\n  England: F London Hold => succeeds\nunits\n'), /must come before the orders/],
    ['an expectation before the orders', caseWith('units\n  England: F London\nexpect dislodged: none\n'), /must follow the step's "orders"/],
    ['two orders sections in a step', caseWith('units: none\norders: none\norders: none\n'), /a step has one "orders" section/],
    ['a step that expects nothing', caseWith('units\n  England: F London\norders: none\n'), /case 6\.A\.1: the step expects nothing/],
    ['a case without units', caseWith('orders\n  England: F London Hold => succeeds\n'), /needs a "units" section/],
    ['an indented line outside a section', caseWith('  England: F London\n'), /must belong to a section/],
    ['an unknown header', caseWith('unit\n'), /cannot read "unit"/],
    ['a bad unit', caseWith('units\n  England: X London\n'), /expected a unit such as "F North Sea"/],
    ['a bad phase', caseWith('phase spring\n'), /is not a phase id/],
    ['a non-DATC case id', 'case 7.A.1 Title\n', /DATC section 6 ids/],
    ['"next phase" before orders', caseWith('units: none\nnext phase\n'), /must follow an "orders" section/],
  ])('rejects %s', (_what, text, pattern) => {
    expect(errorOf(text)).toMatch(pattern);
  });
});
