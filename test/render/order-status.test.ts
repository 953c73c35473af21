import { describe, expect, it } from 'vitest';
import type { OrderReason } from '../../src/engine/results.ts';
import type { Order, Position, PowerId } from '../../src/engine/types.ts';
import { parseOrderLine } from '../../src/orders/index.ts';
import { renderOrderStatus, type OrderLine, type OrderStatusInput } from '../../src/render/index.ts';
import { expectGolden, play, position, standard, unit } from './helpers.ts';
import { locationId as loc, provinceId as prov } from '../../src/engine/ids.ts';

// The reply to an order mail as njudge's mail.c writes it: each rejected line (po_errmsg.c `errmsg`
// prints the line, then the reason), the "Movement orders for …" listing of every unit (st_movement.c
// `moveout` with the power as reader), then the status sentences: "Orders not received for all
// units.  If complete orders are not / received by …, you will be considered late." or
// "N error(s) encountered." / "Error flag set." with what happens at the deadline.

const deadline = 'Mon Jan 12 2004 23:30:00 +0000';
const grace = 'Mon Jan 19 2004 23:30:00 +0000';

function accepted(text: string, phase: 'movement' | 'retreat' | 'adjustment'): OrderLine {
  const [parsed] = parseOrderLine(text, standard.map, phase);
  if (!parsed?.ok) throw new Error(`test order "${text}" does not parse`);
  return { text, order: parsed.order, error: null };
}

/** A line the engine found illegal, for this reason. */
function refused(text: string, reason: OrderReason): OrderLine {
  return { text, order: null, error: { kind: 'illegal', reason } };
}

function status(position: Position, power: PowerId, orders: OrderLine[], extra: Partial<OrderStatusInput> = {}): string {
  return renderOrderStatus({ variant: standard, gameName: 'demo', sequence: 1, power, position, orders, deadline, grace, ...extra });
}

describe('renderOrderStatus: movement', () => {
  const start = standard.startingPosition();

  it('lists the rejected line with its reason, every unit, and sets the error flag', () => {
    const orders = [accepted('A Vie - Gal', 'movement'), refused('F Tri - Bud', { code: 'fleet-inland', province: prov('bud') })];
    expectGolden('order-status-error', status(start, 'AUSTRIA', orders));
  });

  it('says orders are incomplete and what happens at grace', () => {
    const text = status(start, 'RUSSIA', [accepted('F StP - Bot', 'movement'), accepted('A War S A Mos - Ukr', 'movement')]);
    expectGolden('order-status-incomplete', text);
  });

  it('says nothing more once every unit has an order, and reads foreign units with their adjective', () => {
    const text = status(start, 'GERMANY', [
      accepted('F Kie - Den', 'movement'),
      accepted('A Ber - Kie', 'movement'),
      accepted('A Mun S A Vie - Tyr', 'movement'),
    ]);
    expect(text).toBe(
      'Movement orders for Spring of 1901.  (demo.001)\n\n' +
        'Germany: Army Berlin -> Kiel.\n' +
        'Germany: Fleet Kiel -> Denmark.\n' +
        'Germany: Army Munich SUPPORT Austrian Army Vienna -> Tyrolia.\n',
    );
  });

  it('takes the last order given to a unit and writes the unit where it stands', () => {
    const text = status(start, 'RUSSIA', [accepted('F StP - Bot', 'movement'), accepted('F StP H', 'movement')]);
    expect(text).toContain('Russia: Fleet St Petersburg (south coast) HOLD.\n');
    expect(text).not.toContain('Gulf of Bothnia');
  });

  it('uses the NoNMR sentence, the late notice and the wait notice', () => {
    expect(status(start, 'ITALY', [], { noNmr: true })).toContain(`You will be considered abandoned if all orders\nare not received by\n${grace}.\n\n`);
    expect(status(start, 'ITALY', [], { noNmr: true, abandonment: grace })).toContain(
      `You will be considered abandoned if all orders\nare not received by\n${grace}.\n\n`,
    );
    expect(status(start, 'ITALY', [], { late: true })).toContain('\n\nNote: you are LATE and orders are still not received for all units.\n');
    const all = ['A Rom H', 'A Ven H', 'F Nap H'].map((o) => accepted(o, 'movement'));
    expect(
      status(start, 'ITALY', all, { wait: true }).endsWith(`\n\n\nYou have set 'wait' status so orders will not be processed\nbefore ${deadline}.\n\n`),
    ).toBe(true);
  });
});

describe('renderOrderStatus: abandonment in CIVIL_DISORDER (NMR) games', () => {
  const start = standard.startingPosition();
  const abandonment = 'Sun Jan 18 2004 23:30:00 +0000';

  it('names the abandonment a day before grace, then the civil disorder at grace, when orders are missing', () => {
    const text = status(start, 'ITALY', [accepted('A Rom H', 'movement')], { abandonment });
    expect(text).toContain(
      `You will be considered abandoned if all orders\nare not received by\n${abandonment},\nand the partial orders will be processed if nothing is received by\n${grace}.\n\n`,
    );
  });

  it('does the same when lines were rejected and units are still without orders', () => {
    const text = status(start, 'ITALY', [refused('A Rom - Lon', { code: 'not-adjacent', from: prov('rom'), to: prov('lon') })], { abandonment });
    expect(text).toContain(`Error flag set.\n\n`);
    expect(text).toContain(
      `You will be considered abandoned if nothing is received by\n${abandonment},\nand the partial orders will be processed if nothing is received by\n${grace}.\n\n`,
    );
    expect(text).not.toContain(`abandoned if nothing is received by\n${grace}`);
  });

  it('names only grace for a power with an order for every unit: its orders are accepted as they are', () => {
    const all = ['A Rom H', 'A Ven H', 'F Nap H'].map((o) => accepted(o, 'movement'));
    const text = status(start, 'ITALY', [...all, refused('A Ven - Lon', { code: 'not-adjacent', from: prov('ven'), to: prov('lon') })], { abandonment });
    expect(text).toContain(`The partial orders will be processed if nothing is received by\n${grace}.\n\n`);
    expect(text).not.toContain(abandonment);
  });

  it('leaves out an abandonment that has passed', () => {
    const text = status(start, 'ITALY', [accepted('A Rom H', 'movement')], { abandonment: null, late: true });
    expect(text).toContain(`The partial orders will be processed if nothing is received by\n${grace}.\n\n`);
    expect(text).not.toContain('abandoned');
  });
});

describe('renderOrderStatus: retreat', () => {
  it('lists the dislodged units in the retreat layout', () => {
    const before = position('S1902M', [
      unit('AUSTRIA', 'A', loc('boh')),
      unit('GERMANY', 'A', loc('mun')),
      unit('GERMANY', 'A', loc('sil')),
      unit('RUSSIA', 'A', loc('gal')),
    ]);
    const after = play(before, { GERMANY: ['A Mun - Boh', 'A Sil S A Mun - Boh'] }).position;
    expect(after.phase).toBe('S1902R');
    const text = status(after, 'AUSTRIA', [accepted('A Boh - Vie', 'retreat')], { sequence: 6 });
    expect(text).toBe('Retreat orders for Spring of 1902.  (demo.006)\n\nAustria:                  Army  Bohemia -> Vienna.\n');
    expect(status(after, 'AUSTRIA', [], { sequence: 6 })).toContain(
      'Austria:                  Army  Bohemia, No Order Processed (DISBAND).\n\n\nOrders not received',
    );
  });
});

describe('renderOrderStatus: adjustment', () => {
  const winter = position(
    'W1901A',
    [
      unit('AUSTRIA', 'A', loc('ser')),
      unit('AUSTRIA', 'A', loc('gre')),
      unit('AUSTRIA', 'A', loc('vie')),
      unit('ITALY', 'A', loc('rom')),
      unit('ITALY', 'A', loc('ven')),
      unit('ITALY', 'A', loc('nap')),
    ],
    {
      supplyCenters: {
        AUSTRIA: [prov('bud'), prov('tri'), prov('vie'), prov('ser'), prov('gre')],
        ITALY: [prov('nap'), prov('rom'), prov('ven'), prov('tun')],
        TURKEY: [prov('ank')],
      },
    },
  );

  it('echoes the builds and counts the builds still to order', () => {
    const build: Order = { kind: 'build', unit: { type: 'A', location: loc('bud') } };
    expectGolden('order-status-builds', status(winter, 'AUSTRIA', [{ text: 'Build A Bud', order: build, error: null }], { sequence: 4 }));
  });

  it('calls builds without a free home centre unusable, and does not wait for them', () => {
    const text = status(winter, 'ITALY', [], { sequence: 4 });
    expect(text).toBe('Adjustment orders for Winter of 1901.  (demo.004)\n\nItaly:                    1 unusable build pending.\n');
  });

  it('counts removals still due', () => {
    const text = status(
      { ...winter, units: [...winter.units, unit('TURKEY', 'A', loc('con')), unit('TURKEY', 'A', loc('smy')), unit('TURKEY', 'F', loc('bla'))] },
      'TURKEY',
      [accepted('Remove F Bla', 'adjustment')],
      { sequence: 4 },
    );
    expect(text).toContain(
      'Turkey:                   Removes the fleet in the Black Sea.\nTurkey:                   1 removal pending.\n\n\nOrders not received for all units.',
    );
  });

  it('does not set the error flag for a power with nothing to order', () => {
    const text = status(winter, 'FRANCE', [refused('Build A Par', { code: 'no-builds', power: 'FRANCE' as PowerId })], { sequence: 4 });
    expect(text).toContain('Since you have no moves due, the error flag is not set.');
    expect(text).not.toContain('Error flag set.');
  });
});
