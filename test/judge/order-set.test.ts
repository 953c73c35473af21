import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { sightOf } from '../../src/engine/sight.ts';
import type { PowerId } from '../../src/engine/types.ts';
import { checkOrderSet } from '../../src/judge/diplomacy/order-set.ts';
import { orderRefusalText } from '../../src/render/order-problems.ts';

// A power's order set checked before the deadline: why each order does not stand is typed (an
// OrderRefusal: unreadable, refused as written, or illegal in the engine's word), the blind game's
// verdict on a unit out of sight included, and src/render/order-problems.ts words it for the reply.

const variant = loadVariant('standard');
const start = variant.startingPosition();
const ENGLAND = 'ENGLAND' as PowerId;

function check(lines: readonly string[], blind = false) {
  const sight = blind ? sightOf(variant, start, ENGLAND, { rule: 'BLIND', modifiers: [] }) : null;
  return checkOrderSet(
    variant,
    start,
    ENGLAND,
    lines.map((text, i) => ({ text, line: i + 1 })),
    sight,
  );
}

describe('checking a power’s order set', () => {
  it('types why each order does not stand, and the reply words it as before', () => {
    const checked = check(['F Lon - Nth', 'A Xyz H', 'France: A Par H', 'Frnace: A Par H', 'A Lvp - Mun', 'F Edi - Nwg']);
    expect(checked.orders.map((o) => o.error)).toEqual([
      null,
      { kind: 'unreadable', problem: { kind: 'unknown-province', written: 'Xyz', suggestions: [] } },
      { kind: 'refused', refusal: { kind: 'order-other-power', power: 'FRANCE' } },
      { kind: 'refused', refusal: { kind: 'order-not-a-power', written: 'Frnace' } },
      { kind: 'illegal', reason: { code: 'not-adjacent', from: 'lvp', to: 'mun' } },
      null,
    ]);
    expect(checked.orders.flatMap((o) => (o.error === null ? [] : [orderRefusalText(o.error, variant)]))).toEqual([
      '"Xyz" is not a province on this map',
      "You cannot order France's units",
      '"Frnace" is not a power; did you mean France?',
      'Liverpool is not adjacent to Munich',
    ]);
    expect(checked.errorCount).toBe(4);
    expect(checked.complete).toBe(false);
  });

  it('in a blind game refuses an order for a unit out of sight as for an empty province, and accepts one naming another unseen unit unjudged', () => {
    const checked = check(['A Mos - StP', 'F Lon S A Mos - StP', 'F Edi - Nwg', 'A Lvp - Yor'], true);
    expect(checked.orders[0]!.error).toEqual({
      kind: 'refused',
      refusal: { kind: 'order-no-own-unit-unseen', power: 'ENGLAND', province: 'mos' },
    });
    expect(orderRefusalText(checked.orders[0]!.error!, variant)).toBe('England has no unit in Moscow');
    expect(checked.fictional.map((o) => o.text)).toEqual(['F Lon S A Mos - StP']);
    expect(checked.orders.slice(1).map((o) => o.error)).toEqual([null, null, null]);
    expect(checked.errorCount).toBe(1);
  });
});
