import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GameMap } from '../../src/engine/map.ts';
import { mapDataSchema } from '../../src/engine/map-schema.ts';
import type { LocationId, Order } from '../../src/engine/types.ts';
import { parseOrderLine } from '../../src/orders/index.ts';
import { locationId as loc } from '../../src/engine/ids.ts';
import { orderProblemText } from '../../src/render/order-problems.ts';

// A map of its own, so that what these tests teach the lexicon does not reach other tests.
function freshStandardMap(): GameMap {
  const raw: unknown = JSON.parse(readFileSync(new URL('../../maps/standard.json', import.meta.url), 'utf8'));
  return new GameMap(mapDataSchema.parse(raw));
}

function moveOf(map: GameMap, text: string): Order | string {
  const [result] = parseOrderLine(text, map, 'movement');
  return result === undefined ? 'nothing' : result.ok ? result.order : orderProblemText(result.error);
}

const move = (from: LocationId, to: LocationId): Order => ({ kind: 'move', unit: { type: 'F', location: from }, to, viaConvoy: false, route: [] });

describe('the lexicon of a map', () => {
  it('finds aliases it was not compiled with, the first time and after', () => {
    const map = freshStandardMap();
    for (let round = 0; round < 2; round++) {
      expect(moveOf(map, 'F Gulf of Lions - Eas Med')).toEqual(move(loc('gol'), loc('eas')));
      expect(moveOf(map, 'F Norsea - Helgoland Bight')).toEqual(move(loc('nth'), loc('hel')));
      expect(moveOf(map, 'F Lpl - Irs')).toEqual(move(loc('lvp'), loc('iri')));
      expect(moveOf(map, 'F St.Petersburg/nc - Barents')).toEqual(move(loc('stp/nc'), loc('bar')));
    }
  });

  it('keeps reading orders correctly after a flood of unknown words fills its tables', () => {
    const map = freshStandardMap();
    // More phrases (two per line) and then more words (300 per line) than the lexicon will learn.
    for (let line = 0; line < 26_000; line++) {
      const [result] = parseOrderLine(`F zq${line} sea - Nth`, map, 'movement');
      expect(result?.ok).toBe(false);
    }
    for (let line = 0; line < 100; line++) {
      const words = Array.from({ length: 300 }, (_, k) => `zw${line}x${k}`).join(' ');
      const [result] = parseOrderLine(`F Nth - ${words}`, map, 'movement');
      expect(result?.ok).toBe(false);
    }
    expect(moveOf(map, 'F Mid-Atlantic Ocean - Gulf of Lyon')).toEqual(move(loc('mao'), loc('gol')));
    expect(moveOf(map, 'F Gulf of Lions - Western Med')).toEqual(move(loc('gol'), loc('wes')));
    expect(moveOf(map, 'F Helgoland - Skagerrak')).toEqual(move(loc('hel'), loc('ska')));
    expect(moveOf(map, 'F Nth - Nrth Sea')).toBe('"Nrth Sea" is not a province on this map; did you mean Nth (North Sea)?');
    expect(moveOf(map, 'F Spa/ec - Mao')).toBe('Spain has no east coast');
  });
});
