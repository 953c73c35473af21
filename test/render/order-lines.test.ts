import { describe, expect, it } from 'vitest';
import type { Marker, Order } from '../../src/engine/types.ts';
import { adjustmentLine, movementMarker, retreatLine } from '../../src/render/order-lines.ts';
import { standard } from './helpers.ts';
import { locationId as loc, provinceId as prov } from '../../src/engine/ids.ts';

// st_movement.c prints one reason and adds ", dislodged": "(*%s%s*)" with results[result % DISLODGED]
// and ", dislodged" when result > DISLODGED; docs/mail_format.html lists (*bounce*), (*bounce,
// dislodged*), (*cut*), (*cut, dislodged*), (*void*), (*dislodged*) and two blanks before each.

const move: Order = { kind: 'move', unit: { type: 'A', location: loc('lon') }, to: loc('bel'), viaConvoy: true, route: [] };
const convoy: Order = { kind: 'convoy', unit: { type: 'F', location: loc('eng') }, army: { type: 'A', location: loc('lon') }, to: prov('bel') };
const support: Order = { kind: 'support', unit: { type: 'A', location: loc('tyr') }, supported: { type: 'A', location: loc('boh') }, to: null };

describe('movementMarker', () => {
  const cases: [Order, Marker[], string][] = [
    [move, [], ''],
    [move, ['bounce'], '  (*bounce*)'],
    [move, ['bounce', 'dislodged'], '  (*bounce, dislodged*)'],
    [support, ['cut', 'dislodged'], '  (*cut, dislodged*)'],
    [support, ['void'], '  (*void*)'],
    [support, ['dislodged'], '  (*dislodged*)'],
    [move, ['no convoy'], '  (*no convoy*)'],
    [move, ['disrupted'], '  (*no convoy*)'],
    [convoy, ['disrupted'], ''],
    [convoy, ['dislodged'], '  (*dislodged*)'],
  ];
  it.each(cases)('writes %j with %j as %j', (order, markers, expected) => {
    expect(movementMarker(order, markers)).toBe(expected);
  });
});

describe('retreat and adjustment lines', () => {
  it('pads the power to column 26 and the unit type to five columns', () => {
    expect(retreatLine('Russia', 'F', loc('stp/sc'), { kind: 'retreat', to: loc('fin'), bounced: false }, standard.map)).toBe(
      'Russia:                   Fleet St Petersburg (south coast) -> Finland.',
    );
    expect(retreatLine('Austria', 'A', loc('ser'), { kind: 'retreat', to: loc('alb'), bounced: true }, standard.map)).toBe(
      'Austria:                  Army  Serbia -> Albania (*bounce, destroyed*).',
    );
  });

  it('writes "in the" before a sea, as njudge does', () => {
    expect(adjustmentLine('England', { kind: 'remove', type: 'F', location: loc('nth') }, standard.map)).toBe(
      'England:                  Removes the fleet in the North Sea.',
    );
    expect(adjustmentLine('England', { kind: 'default-remove', type: 'A', location: loc('yor') }, standard.map)).toBe(
      'England:                  Defaults, removing the army in Yorkshire.',
    );
    expect(adjustmentLine('England', { kind: 'unusable', count: 2, processed: false }, standard.map)).toBe(
      'England:                  2 unusable builds pending.',
    );
  });
});
