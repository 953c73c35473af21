import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import type { LocationId, Order, PhaseType, ProvinceId } from '../../src/engine/types.ts';
import { parseOrderLine, powerHeader, type ParsedOrder } from '../../src/orders/index.ts';
import { locationId as loc, provinceId as prov } from '../../src/engine/ids.ts';
import { orderProblemText } from '../../src/render/order-problems.ts';

const map = loadVariant('standard').map;

function parseOne(text: string, phase: PhaseType = 'movement'): ParsedOrder {
  const results = parseOrderLine(text, map, phase);
  expect(results).toHaveLength(1);
  return results[0]!;
}

/** A result with its problem in words, as the player reads it. */
function worded(result: ParsedOrder | undefined): unknown {
  return result === undefined || result.ok ? result : { ...result, error: orderProblemText(result.error) };
}

function order(text: string, phase: PhaseType = 'movement'): Order {
  const result = parseOne(text, phase);
  if (!result.ok) throw new Error(`"${text}" did not parse: ${orderProblemText(result.error)}`);
  return result.order;
}

function error(text: string, phase: PhaseType = 'movement'): string {
  const result = parseOne(text, phase);
  if (result.ok) throw new Error(`"${text}" parsed as ${JSON.stringify(result.order)}`);
  return orderProblemText(result.error);
}

const move = (type: 'A' | 'F' | null, from: LocationId, to: LocationId, route: ProvinceId[] = [], viaConvoy = route.length > 0): Order => ({
  kind: 'move',
  unit: { type, location: from },
  to,
  viaConvoy,
  route,
});

describe('unit types and province names', () => {
  it.each([
    ['A Par - Bur', 'A'],
    ['a par - bur', 'A'],
    ['Army Paris - Burgundy', 'A'],
    ['army paris - burgundy', 'A'],
    ['ARMY PARIS - BURGUNDY', 'A'],
    ['F Bre - Pic', 'F'],
    ['Fleet Brest - Picardy', 'F'],
  ])('reads the unit type in %s', (text, type) => {
    const parsed = order(text);
    expect(parsed.kind).toBe('move');
    expect(parsed.kind === 'move' && parsed.unit.type).toBe(type);
  });

  it('leaves the unit type null when it is not written', () => {
    expect(order('Lon-Nth')).toEqual(move(null, loc('lon'), loc('nth')));
    expect(order('Par H')).toEqual({ kind: 'hold', unit: { type: null, location: 'par' } });
  });

  it.each([
    ['F North Sea - Norwegian Sea', 'nth', 'nwg'],
    ['F Mid-Atlantic Ocean - Gulf of Lyon', 'mao', 'gol'],
    ['F mid atlantic ocean - gulf of lyon', 'mao', 'gol'],
    ['F Mid-Atlantic - Western Mediterranean', 'mao', 'wes'],
    ['F Heligoland Bight - North Sea', 'hel', 'nth'],
    ['F North Atlantic Ocean - Norwegian Sea', 'nao', 'nwg'],
    ['F Gulf of Bothnia - Baltic Sea', 'bot', 'bal'],
    ['F Eastern Mediterranean - Aegean Sea', 'eas', 'aeg'],
    ['F English Channel - Irish Sea', 'eng', 'iri'],
    ['F Mao - Naf', 'mao', 'naf'],
    ['F Mao - North Africa', 'mao', 'naf'],
    ['F Mid - Wes', 'mao', 'wes'],
    ['A Lpl - Yor', 'lvp', 'yor'],
    ['A Rumania - Romania', 'rum', 'rum'],
  ])('resolves names, abbreviations and aliases in %s', (text, from, to) => {
    const parsed = order(text);
    expect(parsed.kind === 'move' && [parsed.unit.location, parsed.to]).toEqual([from, to]);
  });

  it('reads St. Petersburg with and without the dot', () => {
    expect(order('A St. Petersburg - Moscow')).toEqual(move('A', loc('stp'), loc('mos')));
    expect(order('A St Petersburg - Moscow')).toEqual(move('A', loc('stp'), loc('mos')));
    expect(order('A StP - Mos')).toEqual(move('A', loc('stp'), loc('mos')));
  });

  it('tolerates punctuation at the end and blanks anywhere', () => {
    expect(order('A Par - Bur.')).toEqual(move('A', loc('par'), loc('bur')));
    expect(order('  A   Par-Bur  ')).toEqual(move('A', loc('par'), loc('bur')));
    expect(order('A\tPar\u00a0-\u00a0Bur')).toEqual(move('A', loc('par'), loc('bur')));
  });
});

describe('coasts', () => {
  it.each([
    ['F StP/nc - Bar', 'stp/nc'],
    ['F StP/NC - Bar', 'stp/nc'],
    ['F StP(nc) - Bar', 'stp/nc'],
    ['F StP (nc) - Bar', 'stp/nc'],
    ['F StP/north coast - Bar', 'stp/nc'],
    ['F StP (north coast) - Bar', 'stp/nc'],
    ['F StP nc - Bar', 'stp/nc'],
    ['F StP/n - Bar', 'stp/nc'],
    ['F StP (n) - Bar', 'stp/nc'],
    ['F StP/north - Bar', 'stp/nc'],
    ['F StP north coast - Bar', 'stp/nc'],
    ['F St Petersburg (north coast) - Barents Sea', 'stp/nc'],
    ['F StP n.c. - Bar', 'stp/nc'],
  ])('reads the coast in %s', (text, location) => {
    const parsed = order(text);
    expect(parsed.kind === 'move' && parsed.unit.location).toBe(location);
  });

  it('reads coasts on destinations, including east and south', () => {
    expect(order('F Con - Bul/ec')).toEqual(move('F', loc('con'), loc('bul/ec')));
    expect(order('F Con - Bulgaria (east coast)')).toEqual(move('F', loc('con'), loc('bul/ec')));
    expect(order('F Gre - Bul sc')).toEqual(move('F', loc('gre'), loc('bul/sc')));
    expect(order('F Mao - Spain(sc)')).toEqual(move('F', loc('mao'), loc('spa/sc')));
    expect(order('F Bul east coast - Con')).toEqual(move('F', loc('bul/ec'), loc('con')));
  });

  it('does not take a sea named like a direction for a coast', () => {
    // "east" and "west" are aliases of the Mediterranean seas on the standard map.
    expect(order('F Naf - West')).toEqual(move('F', loc('naf'), loc('wes')));
    expect(order('F Aeg - East')).toEqual(move('F', loc('aeg'), loc('eas')));
  });

  it('rejects a coast the province does not have', () => {
    expect(error('F Spa/ec - Mao')).toBe('Spain has no east coast');
    expect(error('F Bul/nc - Con')).toBe('Bulgaria has no north coast');
    expect(error('A Par/nc - Bur')).toBe('Paris has no north coast');
  });

  it('rejects a slash or parenthesis that holds no coast', () => {
    expect(error('F Spa/x - Mao')).toBe('"/x" is not a coast: write /nc, /sc, /ec or /wc');
    expect(error('F Spa(nc - Mao')).toBe('Expected ")" after "F Spa(nc"');
  });
});

describe('movement phase', () => {
  it.each(['A Par H', 'A Par h', 'A Par hold', 'A Par holds', 'A Par stand', 'A Par Stands', 'Army Paris HOLD.'])('reads the hold %s', (text) => {
    expect(order(text)).toEqual({ kind: 'hold', unit: { type: 'A', location: 'par' } });
  });

  it.each([
    'A Par - Bur',
    'A Par-Bur',
    'A Par -> Bur',
    'A Par => Bur',
    'A Par m Bur',
    'A Par move Bur',
    'A Par moves Bur',
    'A Par move to Bur',
    'A Par moves to Bur',
    'A Par to Bur',
    'A Par \u2013 Bur',
    'A Par \u2192 Bur',
    'Army Paris -> Burgundy.',
  ])('reads the move %s', (text) => {
    expect(order(text)).toEqual(move('A', loc('par'), loc('bur')));
  });

  it('reads explicit convoy routes', () => {
    expect(order('A Lon-Nth-Nwy')).toEqual(move('A', loc('lon'), loc('nwy'), [prov('nth')]));
    expect(order('A Bre-Mid-Wes-Lyo-Mar')).toEqual(move('A', loc('bre'), loc('mar'), [prov('mao'), prov('wes'), prov('gol')]));
    expect(order('Army London -> North Sea -> Norway.')).toEqual(move('A', loc('lon'), loc('nwy'), [prov('nth')]));
    expect(order('A Lon m Nth m Nwy')).toEqual(move('A', loc('lon'), loc('nwy'), [prov('nth')]));
  });

  it('reads VIA CONVOY and BY CONVOY', () => {
    expect(order('A Lon - Nwy via convoy')).toEqual(move('A', loc('lon'), loc('nwy'), [], true));
    expect(order('A London - Belgium via Convoy')).toEqual(move('A', loc('lon'), loc('bel'), [], true));
    expect(order('A Lon - Nwy by convoy')).toEqual(move('A', loc('lon'), loc('nwy'), [], true));
    expect(order('Army London -> Norway by convoy.')).toEqual(move('A', loc('lon'), loc('nwy'), [], true));
    expect(error('A Lon - Nwy via')).toBe('Expected "convoy" after "A Lon - Nwy via"');
  });

  it('reads support to hold', () => {
    const expected: Order = { kind: 'support', unit: { type: 'A', location: loc('mun') }, supported: { type: 'A', location: loc('ber') }, to: null };
    expect(order('A Mun S A Ber')).toEqual(expected);
    expect(order('A Mun supports A Ber')).toEqual(expected);
    expect(order('A Mun support A Ber H')).toEqual(expected);
    expect(order('A Mun S A Ber hold')).toEqual(expected);
    expect(order('Army Munich SUPPORT Army Berlin.')).toEqual(expected);
    expect(order('A Brest supports Paris')).toEqual({
      kind: 'support',
      unit: { type: 'A', location: 'bre' },
      supported: { type: null, location: 'par' },
      to: null,
    });
  });

  it('reads support to move, keeping a coast of the destination (DATC 4.B.4)', () => {
    const expected: Order = { kind: 'support', unit: { type: 'A', location: loc('mun') }, supported: { type: 'F', location: loc('kie') }, to: loc('ber') };
    expect(order('A MUN S F KIE-BER')).toEqual(expected);
    expect(order('A Munich supports F Kiel -> Berlin')).toEqual(expected);
    expect(order('A Mun s F Kie m Ber')).toEqual(expected);
    expect(order('F Sev S A Ser M Rum')).toEqual({
      kind: 'support',
      unit: { type: 'F', location: 'sev' },
      supported: { type: 'A', location: 'ser' },
      to: 'rum',
    });
    expect(order('Munich support Kiel -> Berlin')).toEqual({
      kind: 'support',
      unit: { type: null, location: 'mun' },
      supported: { type: null, location: 'kie' },
      to: 'ber',
    });
    expect(order('F Mao S F Gas - Spa/nc')).toEqual({
      kind: 'support',
      unit: { type: 'F', location: 'mao' },
      supported: { type: 'F', location: 'gas' },
      to: 'spa/nc',
    });
    expect(error('F Mao S F Gas - Spa/ec')).toBe('Spain has no east coast');
  });

  it('reads convoys', () => {
    const expected: Order = { kind: 'convoy', unit: { type: 'F', location: loc('nth') }, army: { type: 'A', location: loc('lon') }, to: prov('nwy') };
    expect(order('F Nth C A Lon - Nwy')).toEqual(expected);
    expect(order('F North Sea Convoys A London - Norway')).toEqual(expected);
    expect(order('F Nth convoy A Lon -> Nwy')).toEqual(expected);
    expect(order('F Nth transports A Lon to Nwy')).toEqual(expected);
    expect(order('Fleet North Sea CONVOY Army London -> Norway.')).toEqual(expected);
    expect(order('F Nth C Lon - Nwy')).toEqual({ ...expected, army: { type: null, location: 'lon' } });
  });

  it('explains what is missing or wrong', () => {
    expect(error('Army Paris')).toBe('Expected a move (-), hold, support or convoy after "Army Paris"');
    expect(error('A Par Bur')).toBe('Expected a move (-), hold, support or convoy after "A Par", not "Bur"');
    expect(error('A Par -')).toBe('Expected a province after "A Par -"');
    expect(error('A Lon - H')).toBe('Expected a province after "A Lon -", not "H"');
    expect(error('A')).toBe('Expected a province after "A"');
    expect(error('- Bur')).toBe('Expected a province, not "-"');
    expect(error('A Mun S A Ber Kie')).toBe('Expected a move (-) or the end of the order after "A Mun S A Ber", not "Kie"');
    expect(error('F Nth C A Lon')).toBe('Expected "-" and the army\'s destination after "F Nth C A Lon"');
    expect(error('F Nth C F Lon - Nwy')).toBe('Only armies can be convoyed, and "F Lon" is a fleet');
    expect(error('A Par - Bur H')).toBe('Did not understand "H" after "A Par - Bur"');
    expect(error('A Par H please')).toBe('Did not understand "please" after "A Par H"');
  });

  it('names provinces it does not know', () => {
    expect(error('A Xyz - Bur')).toBe('"Xyz" is not a province on this map');
    expect(error('A Par - Xyz')).toBe('"Xyz" is not a province on this map');
    expect(error('F Nth - Nrth Sea')).toBe('"Nrth Sea" is not a province on this map; did you mean Nth (North Sea)?');
    expect(error('F Philadelphia S F Boston')).toBe('"Philadelphia" is not a province on this map');
  });

  it('rejects orders of other phases', () => {
    expect(error('A Par D')).toBe('"D" (disband) is only possible in retreat and adjustment phases');
    expect(error('A Par disband')).toBe('"disband" is only possible in retreat and adjustment phases');
    expect(error('Disband A Par')).toBe('"Disband" is only possible in retreat and adjustment phases');
    expect(error('build A Par')).toBe('"build" is only possible in adjustment phases');
    expect(error('waive')).toBe('"waive" is only possible in adjustment phases');
    expect(error('remove A Par')).toBe('"remove" is only possible in adjustment phases');
  });
});

describe('retreat phase', () => {
  it('reads a move as a retreat', () => {
    const expected: Order = { kind: 'retreat', unit: { type: 'A', location: loc('par') }, to: loc('bur') };
    expect(order('A Par - Bur', 'retreat')).toEqual(expected);
    expect(order('Par -> Bur', 'retreat')).toEqual({ ...expected, unit: { type: null, location: 'par' } });
    expect(order('A Par m Bur', 'retreat')).toEqual(expected);
    expect(order('Army Paris -> Burgundy.', 'retreat')).toEqual(expected);
    expect(order('F Mao - Spa/nc', 'retreat')).toEqual({ kind: 'retreat', unit: { type: 'F', location: 'mao' }, to: 'spa/nc' });
  });

  it.each(['A Par D', 'A Par disband', 'A Par disbands', 'Army Paris DISBAND.', 'disband A Par'])('reads the disband %s', (text) => {
    expect(order(text, 'retreat')).toEqual({ kind: 'disband', unit: { type: 'A', location: 'par' } });
  });

  it('rejects holds, supports, convoys, routes and builds', () => {
    expect(error('A Par H', 'retreat')).toBe('A dislodged unit cannot hold: retreat it (-) or disband it');
    expect(error('A Par S A Mar', 'retreat')).toBe('"S" (support) is not possible in a retreat phase: retreat the unit (-) or disband it');
    expect(error('F Nth C A Lon - Nwy', 'retreat')).toBe('"C" (convoy) is not possible in a retreat phase: retreat the unit (-) or disband it');
    expect(error('A Lon-Nth-Nwy', 'retreat')).toBe('A retreat cannot be convoyed: name one neighbouring province');
    expect(error('A Lon - Nwy via convoy', 'retreat')).toBe('A retreat cannot be convoyed: name one neighbouring province');
    expect(error('build A Par', 'retreat')).toBe('"build" is only possible in adjustment phases');
    expect(error('A Par', 'retreat')).toBe('Expected a retreat (-) or "disband" after "A Par"');
    expect(error('A Par Bur', 'retreat')).toBe('Expected a retreat (-) or "disband" after "A Par", not "Bur"');
  });
});

describe('adjustment phase', () => {
  it.each(['build A Lon', 'b a lon', 'Build Army London', 'build army london', 'BUILD A LON', 'Build Army London.', 'A Lon build'])(
    'reads the build %s',
    (text) => {
      expect(order(text, 'adjustment')).toEqual({ kind: 'build', unit: { type: 'A', location: 'lon' } });
    },
  );

  it('reads a fleet build on a coast', () => {
    expect(order('build F StP/sc', 'adjustment')).toEqual({ kind: 'build', unit: { type: 'F', location: 'stp/sc' } });
    expect(order('Build Fleet St Petersburg (north coast).', 'adjustment')).toEqual({ kind: 'build', unit: { type: 'F', location: 'stp/nc' } });
  });

  it.each([
    ['remove F Kie', 'F'],
    ['r F Kie', 'F'],
    ['disband F Kie', 'F'],
    ['d F Kie', 'F'],
    ['Remove Fleet Kiel.', 'F'],
    ['F Kie disband', 'F'],
    ['remove Kie', null],
  ])('reads the removal %s', (text, type) => {
    expect(order(text, 'adjustment')).toEqual({ kind: 'remove', unit: { type, location: 'kie' } });
  });

  it.each(['waive', 'WAIVE', 'w', 'build waive', 'Waive build.', 'waive builds'])('reads the waive %s', (text) => {
    expect(order(text, 'adjustment')).toEqual({ kind: 'waive' });
  });

  it('leaves a bare unit for the caller to decide', () => {
    expect(order('F StP/sc', 'adjustment')).toEqual({ kind: 'adjust', unit: { type: 'F', location: 'stp/sc' } });
    expect(order('A Lon', 'adjustment')).toEqual({ kind: 'adjust', unit: { type: 'A', location: 'lon' } });
    expect(order('Tun', 'adjustment')).toEqual({ kind: 'adjust', unit: { type: null, location: 'tun' } });
  });

  it('explains errors', () => {
    expect(error('build Lon', 'adjustment')).toBe('Say which kind of unit to build, e.g. "Build A London" or "Build F London"');
    expect(error('build', 'adjustment')).toBe('Expected a province after "build"');
    expect(error('A Lon - Nth', 'adjustment')).toBe('Only builds, removals and "waive" are possible in an adjustment phase');
    expect(error('A Lon H', 'adjustment')).toBe('Only builds, removals and "waive" are possible in an adjustment phase');
    expect(error('build A Xyz', 'adjustment')).toBe('"Xyz" is not a province on this map');
    expect(error('build F Spa/ec', 'adjustment')).toBe('Spain has no east coast');
    expect(error('build A Lon now', 'adjustment')).toBe('Did not understand "now" after "build A Lon"');
  });
});

describe('lines, separators and powers', () => {
  it('splits a line at commas and semicolons', () => {
    const results = parseOrderLine('A Par - Bur, A Mar S A Par - Bur; F Bre - Mao', map, 'movement');
    expect(results.map((r) => r.ok && r.order.kind)).toEqual(['move', 'support', 'move']);
    expect(results.map((r) => r.text)).toEqual(['A Par - Bur', 'A Mar S A Par - Bur', 'F Bre - Mao']);
  });

  it('ignores empty pieces between separators', () => {
    const results = parseOrderLine('A Par - Bur,, ; A Mar H,', map, 'movement');
    expect(results.map((r) => r.ok)).toEqual([true, true]);
  });

  it('keeps a failed order among good ones', () => {
    const results = parseOrderLine('A Par - Bur, A Xyz H, A Mar H', map, 'movement');
    expect(results.map((r) => r.ok)).toEqual([true, false, true]);
    expect(results[1]).toEqual({ ok: false, text: 'A Xyz H', power: null, error: { kind: 'unknown-province', written: 'Xyz', suggestions: [] } });
    expect(worded(results[1])).toEqual({ ok: false, text: 'A Xyz H', power: null, error: '"Xyz" is not a province on this map' });
  });

  it('returns a leading power name raw and applies it to the rest of the line', () => {
    const results = parseOrderLine('England: F London - North Sea, A Lpl - Yor', map, 'movement');
    expect(results.map((r) => r.power)).toEqual(['England', 'England']);
    expect(results[0]!.text).toBe('F London - North Sea');
    expect(parseOne('ENGLAND: F Lon H').power).toBe('ENGLAND');
    const mixed = parseOrderLine('England: F Lon H; France: A Par H', map, 'movement');
    expect(mixed.map((r) => r.power)).toEqual(['England', 'France']);
    expect(parseOne('A Par H').power).toBeNull();
  });

  it('reports an empty order', () => {
    expect(parseOrderLine('', map, 'movement').map(worded)).toEqual([{ ok: false, text: '', power: null, error: 'The order is empty' }]);
    expect(error('   ')).toBe('The order is empty');
    expect(error(' , ; ')).toBe('The order is empty');
    expect(parseOrderLine('England:', map, 'movement').map(worded)).toEqual([
      { ok: false, text: '', power: 'England', error: 'There is no order after "England:"' },
    ]);
  });

  it('refuses a line too long to hold orders instead of tokenising it', () => {
    const results = parseOrderLine('A Par H, '.repeat(2000), map, 'movement');
    expect(results).toHaveLength(1);
    expect(worded(results[0])).toMatchObject({ ok: false, power: null, error: 'The line is too long (18000 characters): put the orders on separate lines' });
    expect(parseOrderLine('A Par H, '.repeat(1000), map, 'movement')).toHaveLength(1000);
  });

  it('recognises a line that is only a power heading', () => {
    expect(powerHeader('England:')).toBe('England');
    expect(powerHeader('  Austria :  ')).toBe('Austria');
    expect(powerHeader('England: F Lon H')).toBeNull();
    expect(powerHeader('F Lon H')).toBeNull();
  });
});
