import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import type { Order, PhaseType } from '../../src/engine/types.ts';
import { formatLocation, formatOrder, parseOrderLine } from '../../src/orders/index.ts';
import { locationId as loc } from '../../src/engine/ids.ts';

const map = loadVariant('standard').map;

function parsed(text: string, phase: PhaseType): Order {
  const [result] = parseOrderLine(text, map, phase);
  if (!result?.ok) throw new Error(`"${text}" did not parse: ${result?.ok === false ? result.error : 'nothing'}`);
  return result.order;
}

describe('formatOrder', () => {
  it.each<[string, PhaseType, string]>([
    ['A Par - Bur', 'movement', 'Army Paris -> Burgundy.'],
    ['A Par H', 'movement', 'Army Paris HOLD.'],
    ['F Nth C A Lon - Nwy', 'movement', 'Fleet North Sea CONVOY Army London -> Norway.'],
    ['A Lon-Nth-Nwy', 'movement', 'Army London -> North Sea -> Norway.'],
    ['A Yor-Nth-Bel', 'movement', 'Army Yorkshire -> North Sea -> Belgium.'],
    ['A Lon - Nwy via convoy', 'movement', 'Army London -> Norway by convoy.'],
    ['A Mun S A Ber - Kie', 'movement', 'Army Munich SUPPORT Army Berlin -> Kiel.'],
    ['A Mun S A Ber', 'movement', 'Army Munich SUPPORT Army Berlin.'],
    ['F StP/sc - Bot', 'movement', 'Fleet St Petersburg (south coast) -> Gulf of Bothnia.'],
    ['F Mao - Spa/nc', 'movement', 'Fleet Mid-Atlantic Ocean -> Spain (north coast).'],
    ['F Con - Bul/ec', 'movement', 'Fleet Constantinople -> Bulgaria (east coast).'],
    ['F Mao S F Gas - Spa/nc', 'movement', 'Fleet Mid-Atlantic Ocean SUPPORT Fleet Gascony -> Spain (north coast).'],
    ['A Par - Bur', 'retreat', 'Army Paris -> Burgundy.'],
    ['A Par D', 'retreat', 'Army Paris DISBAND.'],
    ['build A Bud', 'adjustment', 'Build Army Budapest.'],
    ['build F StP/nc', 'adjustment', 'Build Fleet St Petersburg (north coast).'],
    ['remove F Kie', 'adjustment', 'Remove Fleet Kiel.'],
    ['waive', 'adjustment', 'Waive build.'],
    ['F StP/sc', 'adjustment', 'Fleet St Petersburg (south coast).'],
  ])('echoes %s (%s) as %s', (text, phase, echo) => {
    expect(formatOrder(parsed(text, phase), map)).toBe(echo);
  });

  it('leaves out the unit word when the type is unknown', () => {
    expect(formatOrder(parsed('Lon - Nth', 'movement'), map)).toBe('London -> North Sea.');
    expect(formatOrder(parsed('remove Tun', 'adjustment'), map)).toBe('Remove Tunis.');
  });

  it('names the owner of a foreign supported or convoyed unit', () => {
    const describe = { adjective: (location: string) => (location === 'bur' || location === 'lon' ? 'French' : null) };
    expect(formatOrder(parsed('A Ruh S A Bur - Bel', 'movement'), map, describe)).toBe('Army Ruhr SUPPORT French Army Burgundy -> Belgium.');
    expect(formatOrder(parsed('F Nth C A Lon - Nwy', 'movement'), map, describe)).toBe('Fleet North Sea CONVOY French Army London -> Norway.');
    expect(formatOrder(parsed('A Mun S A Ber', 'movement'), map, describe)).toBe('Army Munich SUPPORT Army Berlin.');
    expect(formatOrder(parsed('A Ruh S A Bur - Bel', 'movement'), map, {})).toBe('Army Ruhr SUPPORT Army Burgundy -> Belgium.');
  });

  it('formats a location on its own', () => {
    expect(formatLocation(loc('stp/sc'), map)).toBe('St Petersburg (south coast)');
    expect(formatLocation(loc('nth'), map)).toBe('North Sea');
  });

  it('echoes a place its map does not list from its id, as it always did', () => {
    // Such an order never reaches the echo from a game; a caller building orders by hand still gets words back.
    const order: Order = { kind: 'move', unit: { type: 'F', location: loc('xyz/nc') }, to: loc('xyz'), viaConvoy: false, route: [] };
    expect(formatOrder(order, map)).toBe('Fleet xyz (north coast) -> xyz.');
    expect(formatLocation(loc('stp/ec'), map)).toBe('St Petersburg (east coast)');
  });

  it("uses each map's own names when orders of two maps alternate", () => {
    const other = loadVariant('ancmed').map;
    const parsedOn = (text: string, on: typeof map) => {
      const [result] = parseOrderLine(text, on, 'movement');
      if (!result?.ok) throw new Error(`"${text}" did not parse`);
      return result.order;
    };
    const onAncmed = parsedOn('A Ant H', other);
    expect(formatOrder(parsed('F Lon H', 'movement'), map)).toBe('Fleet London HOLD.');
    expect(formatOrder(onAncmed, other)).toBe('Army Antioch HOLD.');
    expect(formatOrder(parsed('F Lon H', 'movement'), map)).toBe('Fleet London HOLD.');
  });
});

describe('round trips', () => {
  const lines: [string, PhaseType][] = [
    ['A Par - Bur', 'movement'],
    ['Par H', 'movement'],
    ['F Nth C A Lon - Nwy', 'movement'],
    ['A Bre-Mid-Wes-Lyo-Mar', 'movement'],
    ['A Lon - Nwy by convoy', 'movement'],
    ['A Mun S Ber - Kie', 'movement'],
    ['F Sev S A Rum', 'movement'],
    ['F StP/sc - Bot', 'movement'],
    ['F Mid-Atlantic Ocean - Spain (nc)', 'movement'],
    ['F Wes - Gulf of Lyon', 'movement'],
    ['F Nwg S F Nao - Nth', 'movement'],
    ['F Aeg - Eas', 'movement'],
    ['F Bul/ec - Con', 'retreat'],
    ['A Par disband', 'retreat'],
    ['build F StP/sc', 'adjustment'],
    ['remove A Tun', 'adjustment'],
    ['remove Tun', 'adjustment'],
    ['waive', 'adjustment'],
    ['F StP/nc', 'adjustment'],
    ['Tun', 'adjustment'],
  ];

  it.each(lines)('parses the echo of %s (%s) back to the same order', (text, phase) => {
    const order = parsed(text, phase);
    const echo = formatOrder(order, map);
    expect(parsed(echo, phase)).toEqual(order);
    expect(formatOrder(parsed(echo, phase), map)).toBe(echo);
  });

  it('round-trips every province and coast as a move target', () => {
    for (const province of map.provinces) {
      for (const location of map.locationsOf(province)) {
        const order: Order = { kind: 'move', unit: { type: 'F', location: loc('nth') }, to: location, viaConvoy: false, route: [] };
        expect(parsed(formatOrder(order, map), 'movement')).toEqual(order);
        const unit: Order = { kind: 'hold', unit: { type: 'A', location } };
        expect(parsed(formatOrder(unit, map), 'movement')).toEqual(unit);
      }
    }
  });
});
