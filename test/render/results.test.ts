import { describe, expect, it } from 'vitest';
import type { Position, ProvinceId } from '../../src/engine/types.ts';
import { mapperHeader, renderResults, withMapperHeader, type ResultsInput } from '../../src/render/index.ts';
import { expectGolden, play, position, standard, unit } from './helpers.ts';
import { locationId as loc, provinceId as prov } from '../../src/engine/ids.ts';

// Golden results mails. The expected texts follow njudge 1.7 (jonmarkgo/njudge): the title and unit
// lines of st_movement.c `moveout`, the retreat lines of st_retreat.c `retreatout`, the adjustment
// lines of st_build.c `buildout`, the ownership block of st_build.c `ownership()`, and the closing
// sentences of dip.c; the spacing checked against docs/mail_format.html (Courtois 2003), which shows
// two blanks before "(demo.005)" and before every "(*marker*)".

function results(
  before: Position,
  orders: Record<string, string[]>,
  extra: Partial<ResultsInput> & { sequence: number; deadline: string | null },
): { text: string; after: Position } {
  const outcome = play(before, orders);
  const body = renderResults({
    variant: standard,
    gameName: 'demo',
    phase: before.phase,
    results: outcome.results,
    before,
    after: outcome.position,
    winner: outcome.winner,
    nextPhaseDeadline: extra.deadline,
    ...extra,
  });
  const header = mapperHeader({
    judgeCode: 'TEST',
    gameName: 'demo',
    variantTitle: 'Standard',
    phase: before.phase,
    deadline: 'Mon Mar 01 2004 23:30:00 +0000',
  });
  return { text: withMapperHeader(header, body), after: outcome.position };
}

const spring1902 = position('S1902M', [
  unit('AUSTRIA', 'A', loc('boh')),
  unit('AUSTRIA', 'A', loc('bud')),
  unit('AUSTRIA', 'F', loc('tri')),
  unit('ENGLAND', 'F', loc('nth')),
  unit('ENGLAND', 'A', loc('yor')),
  unit('ENGLAND', 'A', loc('lon')),
  unit('ENGLAND', 'F', loc('eng')),
  unit('FRANCE', 'A', loc('pie')),
  unit('FRANCE', 'A', loc('bur')),
  unit('GERMANY', 'A', loc('mun')),
  unit('GERMANY', 'A', loc('sil')),
  unit('GERMANY', 'F', loc('kie')),
  unit('GERMANY', 'A', loc('ber')),
  unit('ITALY', 'A', loc('tyr')),
  unit('ITALY', 'A', loc('ven')),
  unit('RUSSIA', 'F', loc('sev')),
  unit('RUSSIA', 'F', loc('rum')),
  unit('RUSSIA', 'F', loc('stp/sc')),
  unit('TURKEY', 'F', loc('bla')),
  unit('TURKEY', 'A', loc('ank')),
  unit('TURKEY', 'A', loc('con')),
  unit('TURKEY', 'A', loc('arm')),
  unit('TURKEY', 'A', loc('bul')),
]);

const spring1902Orders = {
  AUSTRIA: ['F Tri H', 'A Bud H'],
  ENGLAND: ['A Yor - Nth - Nwy', 'F Nth C A Yor - Nwy', 'A Lon - Eng - Bel'],
  FRANCE: ['A Pie - Tyr', 'A Bur - Mun'],
  GERMANY: ['A Mun - Boh', 'A Sil S A Mun - Boh', 'F Kie - Hol', 'A Ber S F Kie'],
  ITALY: ['A Tyr S A Boh', 'A Ven H'],
  RUSSIA: ['F Sev - Bla', 'F Rum S F Sev - Bla'],
  TURKEY: ['F Bla - Sev'],
};

describe('renderResults: movement', () => {
  it('writes a spring movement with bounces, a cut, a void support, convoys and both kinds of dislodgement', () => {
    const { text } = results(spring1902, spring1902Orders, { sequence: 5, deadline: 'Tue Mar 02 2004 23:30:00 +0000' });
    expectGolden('spring-movement', text);
  });

  it('shows a rejected order as njudge did, as a unit without an order', () => {
    // "A Ven - Tri" replaces "A Ven H" and bounces; "F Tri - Bud" is illegal, so the fleet has no order.
    const orders = { ...spring1902Orders, AUSTRIA: ['F Tri - Bud', 'A Bud H'], ITALY: ['A Tyr S A Boh', 'A Ven H', 'A Ven - Tri'] };
    const { text } = results(spring1902, orders, { sequence: 5, deadline: null });
    expect(text).toContain('Austria: Fleet Trieste, No Order Processed.\n');
    expect(text).not.toContain('Budapest.');
    expect(text).toContain('Italy: Army Venice -> Trieste.  (*bounce*)\n');
    expect(text).not.toContain('Venice HOLD');
    expect(text).not.toContain('The deadline for orders');
  });

  it('writes a fall movement with the ownership table, the civil-disorder flag and builds', () => {
    const spring = play(standard.startingPosition(), {
      AUSTRIA: ['A Vie - Gal', 'A Bud - Ser', 'F Tri - Alb'],
      ENGLAND: ['F Lon - Nth', 'F Edi - Nwg', 'A Lvp - Yor'],
      FRANCE: ['F Bre - Mao', 'A Par - Bur', 'A Mar - Spa'],
      GERMANY: ['F Kie - Den', 'A Ber - Kie', 'A Mun - Ruh'],
      RUSSIA: ['A Mos - Ukr', 'A War - Gal', 'F Sev - Bla', 'F StP - Bot'],
      TURKEY: ['F Ank - Bla', 'A Con - Bul', 'A Smy - Con'],
    }).position;
    expect(spring.phase).toBe('F1901M');
    const { text, after } = results(
      spring,
      {
        AUSTRIA: ['A Ser - Gre', 'F Alb S A Ser - Gre', 'A Vie - Bud'],
        ENGLAND: ['F Nth C A Yor - Nwy', 'A Yor - Nwy via convoy', 'F Nwg - Bar'],
        FRANCE: ['F Mao - Por', 'A Bur - Bel', 'A Spa H'],
        GERMANY: ['F Den - Swe', 'A Kie - Hol', 'A Ruh - Bel'],
        RUSSIA: ['F Bot - Swe', 'A Ukr - Rum', 'F Sev S A Ukr - Rum', 'A Gal - Vie'],
        TURKEY: ['A Bul H', 'F Ank - Bla', 'A Con - Smy'],
      },
      { sequence: 2, deadline: 'Thu Jan 22 2004 23:30:00 +0000', standing: { ITALY: 'cd' } },
    );
    expect(after.phase).toBe('W1901A');
    expectGolden('fall-movement-ownership', text);
  });

  it('ends a victory with the VICTORY flag and no next phase', () => {
    const germany: ProvinceId[] = [
      prov('ber'),
      prov('kie'),
      prov('mun'),
      prov('hol'),
      prov('bel'),
      prov('den'),
      prov('swe'),
      prov('nwy'),
      prov('stp'),
      prov('mos'),
      prov('war'),
      prov('par'),
      prov('bre'),
      prov('mar'),
      prov('lon'),
      prov('edi'),
      prov('lvp'),
    ];
    const before = position(
      'F1905M',
      [
        ...germany.map((c) => unit('GERMANY', c === 'bre' || c === 'kie' ? 'F' : 'A', c)).filter((u) => u.location !== 'par'),
        unit('GERMANY', 'A', loc('gas')),
        unit('AUSTRIA', 'A', loc('bud')),
        unit('AUSTRIA', 'A', loc('ser')),
        unit('AUSTRIA', 'F', loc('gre')),
        unit('ITALY', 'A', loc('rom')),
        unit('ITALY', 'F', loc('nap')),
        unit('ITALY', 'F', loc('tun')),
        unit('RUSSIA', 'A', loc('sev')),
        unit('RUSSIA', 'A', loc('rum')),
        unit('TURKEY', 'A', loc('ank')),
        unit('TURKEY', 'A', loc('con')),
        unit('TURKEY', 'F', loc('smy')),
        unit('TURKEY', 'A', loc('bul')),
        unit('FRANCE', 'F', loc('por')),
      ],
      {
        supplyCenters: {
          GERMANY: germany,
          AUSTRIA: [prov('bud'), prov('tri'), prov('vie'), prov('ser'), prov('gre')],
          ITALY: [prov('nap'), prov('rom'), prov('ven'), prov('tun')],
          RUSSIA: [prov('sev'), prov('rum')],
          TURKEY: [prov('ank'), prov('con'), prov('smy'), prov('bul')],
          FRANCE: [prov('por')],
          ENGLAND: [],
        },
      },
    );
    const { text } = results(
      before,
      { GERMANY: ['A Gas - Spa', 'A Mar S A Gas - Spa'], FRANCE: ['F Por - Spa/nc'] },
      { sequence: 40, deadline: 'Mon Jun 07 2004 23:30:00 +0000' },
    );
    // One unit to build: njudge adds a blank after "unit." so the flag lines up with "units.".
    expect(text).toContain('Germany:  18 Supply centers, 17 Units:  Builds   1 unit.   (* VICTORY!! *)\n');
    expectGolden('victory', text);
  });
});

describe('renderResults: retreat', () => {
  it('writes a fall retreat phase with a retreat, a double bounce, a disband, a civil-disorder disband and the ownership table', () => {
    const before = position(
      'F1902R',
      [
        unit('AUSTRIA', 'A', loc('bud')),
        unit('AUSTRIA', 'F', loc('tri')),
        unit('ENGLAND', 'F', loc('nth')),
        unit('ENGLAND', 'A', loc('nwy')),
        unit('GERMANY', 'A', loc('ser')),
        unit('GERMANY', 'A', loc('boh')),
        unit('GERMANY', 'F', loc('kie')),
        unit('RUSSIA', 'A', loc('ukr')),
        unit('TURKEY', 'F', loc('con')),
        unit('ITALY', 'F', loc('aeg')),
        unit('ITALY', 'A', loc('ven')),
        unit('FRANCE', 'A', loc('par')),
      ],
      {
        dislodged: [
          { ...unit('AUSTRIA', 'A', loc('ser')), attackerFrom: prov('bul'), retreats: [loc('alb'), loc('gre')] },
          { ...unit('AUSTRIA', 'A', loc('vie')), attackerFrom: prov('boh'), retreats: [loc('gal')] },
          { ...unit('RUSSIA', 'A', loc('war')), attackerFrom: prov('sil'), retreats: [loc('gal'), loc('lvn'), loc('pru')] },
          { ...unit('GERMANY', 'F', loc('hel')), attackerFrom: prov('nth'), retreats: [loc('hol')] },
          { ...unit('TURKEY', 'F', loc('aeg')), attackerFrom: prov('ion'), retreats: [loc('eas')] },
          { ...unit('RUSSIA', 'F', loc('stp/nc')), attackerFrom: prov('nwy'), retreats: [] },
        ],
      },
    );
    const { text, after } = results(
      before,
      { AUSTRIA: ['A Ser - Alb', 'A Vie - Gal'], RUSSIA: ['A War - Gal'], GERMANY: ['F Hel Disband'] },
      { sequence: 7, deadline: 'Fri Feb 04 2005 21:00:00 +0000' },
    );
    expect(after.phase).toBe('W1902A');
    expectGolden('fall-retreat', text);
  });
});

describe('renderResults: adjustment', () => {
  it('writes builds, a coast, a waive, removals at sea, an unusable build and civil-disorder removals', () => {
    const before = position(
      'W1902A',
      [
        unit('AUSTRIA', 'A', loc('ser')),
        unit('AUSTRIA', 'A', loc('gre')),
        unit('AUSTRIA', 'F', loc('alb')),
        unit('ENGLAND', 'F', loc('nth')),
        unit('ENGLAND', 'F', loc('nwy')),
        unit('ENGLAND', 'A', loc('yor')),
        unit('GERMANY', 'F', loc('kie')),
        unit('GERMANY', 'F', loc('hel')),
        unit('GERMANY', 'A', loc('mun')),
        unit('GERMANY', 'A', loc('ber')),
        unit('GERMANY', 'F', loc('den')),
        unit('ITALY', 'A', loc('rom')),
        unit('ITALY', 'A', loc('ven')),
        unit('ITALY', 'F', loc('nap')),
        unit('RUSSIA', 'A', loc('mos')),
        unit('RUSSIA', 'A', loc('war')),
        unit('RUSSIA', 'F', loc('sev')),
        unit('RUSSIA', 'A', loc('rum')),
        unit('TURKEY', 'A', loc('ank')),
        unit('TURKEY', 'A', loc('con')),
        unit('TURKEY', 'F', loc('smy')),
        unit('TURKEY', 'F', loc('eas')),
        unit('TURKEY', 'A', loc('bul')),
      ],
      {
        supplyCenters: {
          AUSTRIA: [prov('bud'), prov('tri'), prov('vie'), prov('ser'), prov('gre')],
          ENGLAND: [prov('edi'), prov('lon'), prov('lvp'), prov('nwy')],
          FRANCE: [prov('bre'), prov('mar'), prov('par')],
          GERMANY: [prov('ber'), prov('kie'), prov('mun')],
          ITALY: [prov('nap'), prov('rom'), prov('ven'), prov('tun')],
          RUSSIA: [prov('mos'), prov('sev'), prov('stp'), prov('war'), prov('rum')],
          TURKEY: [prov('ank'), prov('con'), prov('smy')],
        },
      },
    );
    const { text, after } = results(
      before,
      { AUSTRIA: ['Build A Bud', 'Build F Tri'], ENGLAND: ['Waive'], GERMANY: ['Remove F Kie', 'Remove F Hel'], RUSSIA: ['Build F StP/nc'] },
      { sequence: 8, deadline: 'Mon Feb 14 2005 23:30:00 +0000' },
    );
    expect(after.phase).toBe('S1903M');
    expect(text.startsWith(':: Judge: TEST  Game: Demo  Variant: Standard\n:: Deadline: F1902B ')).toBe(true);
    expectGolden('winter-adjustments', text);
  });
});
