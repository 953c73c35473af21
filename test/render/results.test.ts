import { describe, expect, it } from 'vitest';
import type { Position, ProvinceId } from '../../src/engine/types.ts';
import { mapperHeader, renderResults, withMapperHeader, type ResultsInput } from '../../src/render/index.ts';
import { expectGolden, play, position, standard, unit } from './helpers.ts';

// Golden results mails. The expected texts follow njudge 1.7 (jonmarkgo/njudge): the title and unit
// lines of st_movement.c `moveout`, the retreat lines of st_retreat.c `retreatout`, the adjustment
// lines of st_build.c `buildout`, the ownership block of st_build.c `ownership()`, and the closing
// sentences of dip.c; the spacing checked against docs/mail_format.html (Courtois 2003), which shows
// two blanks before "(demo.005)" and before every "(*marker*)".

function results(before: Position, orders: Record<string, string[]>, extra: Partial<ResultsInput> & { sequence: number; deadline: string | null }): { text: string; after: Position } {
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
  const header = mapperHeader({ judgeCode: 'TEST', gameName: 'demo', variantTitle: 'Standard', phase: before.phase, deadline: 'Mon Mar 01 2004 23:30:00 +0000' });
  return { text: withMapperHeader(header, body), after: outcome.position };
}

const spring1902 = position('S1902M', [
  unit('AUSTRIA', 'A', 'boh'),
  unit('AUSTRIA', 'A', 'bud'),
  unit('AUSTRIA', 'F', 'tri'),
  unit('ENGLAND', 'F', 'nth'),
  unit('ENGLAND', 'A', 'yor'),
  unit('ENGLAND', 'A', 'lon'),
  unit('ENGLAND', 'F', 'eng'),
  unit('FRANCE', 'A', 'pie'),
  unit('FRANCE', 'A', 'bur'),
  unit('GERMANY', 'A', 'mun'),
  unit('GERMANY', 'A', 'sil'),
  unit('GERMANY', 'F', 'kie'),
  unit('GERMANY', 'A', 'ber'),
  unit('ITALY', 'A', 'tyr'),
  unit('ITALY', 'A', 'ven'),
  unit('RUSSIA', 'F', 'sev'),
  unit('RUSSIA', 'F', 'rum'),
  unit('RUSSIA', 'F', 'stp/sc'),
  unit('TURKEY', 'F', 'bla'),
  unit('TURKEY', 'A', 'ank'),
  unit('TURKEY', 'A', 'con'),
  unit('TURKEY', 'A', 'arm'),
  unit('TURKEY', 'A', 'bul'),
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
    const germany: ProvinceId[] = ['ber', 'kie', 'mun', 'hol', 'bel', 'den', 'swe', 'nwy', 'stp', 'mos', 'war', 'par', 'bre', 'mar', 'lon', 'edi', 'lvp'];
    const before = position(
      'F1905M',
      [
        ...germany.map((c) => unit('GERMANY', c === 'bre' || c === 'kie' ? 'F' : 'A', c)).filter((u) => u.location !== 'par'),
        unit('GERMANY', 'A', 'gas'),
        unit('AUSTRIA', 'A', 'bud'),
        unit('AUSTRIA', 'A', 'ser'),
        unit('AUSTRIA', 'F', 'gre'),
        unit('ITALY', 'A', 'rom'),
        unit('ITALY', 'F', 'nap'),
        unit('ITALY', 'F', 'tun'),
        unit('RUSSIA', 'A', 'sev'),
        unit('RUSSIA', 'A', 'rum'),
        unit('TURKEY', 'A', 'ank'),
        unit('TURKEY', 'A', 'con'),
        unit('TURKEY', 'F', 'smy'),
        unit('TURKEY', 'A', 'bul'),
        unit('FRANCE', 'F', 'por'),
      ],
      {
        supplyCenters: {
          GERMANY: germany,
          AUSTRIA: ['bud', 'tri', 'vie', 'ser', 'gre'],
          ITALY: ['nap', 'rom', 'ven', 'tun'],
          RUSSIA: ['sev', 'rum'],
          TURKEY: ['ank', 'con', 'smy', 'bul'],
          FRANCE: ['por'],
          ENGLAND: [],
        },
      },
    );
    const { text } = results(before, { GERMANY: ['A Gas - Spa', 'A Mar S A Gas - Spa'], FRANCE: ['F Por - Spa/nc'] }, { sequence: 40, deadline: 'Mon Jun 07 2004 23:30:00 +0000' });
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
        unit('AUSTRIA', 'A', 'bud'),
        unit('AUSTRIA', 'F', 'tri'),
        unit('ENGLAND', 'F', 'nth'),
        unit('ENGLAND', 'A', 'nwy'),
        unit('GERMANY', 'A', 'ser'),
        unit('GERMANY', 'A', 'boh'),
        unit('GERMANY', 'F', 'kie'),
        unit('RUSSIA', 'A', 'ukr'),
        unit('TURKEY', 'F', 'con'),
        unit('ITALY', 'F', 'aeg'),
        unit('ITALY', 'A', 'ven'),
        unit('FRANCE', 'A', 'par'),
      ],
      {
        dislodged: [
          { ...unit('AUSTRIA', 'A', 'ser'), attackerFrom: 'bul', retreats: ['alb', 'gre'] },
          { ...unit('AUSTRIA', 'A', 'vie'), attackerFrom: 'boh', retreats: ['gal'] },
          { ...unit('RUSSIA', 'A', 'war'), attackerFrom: 'sil', retreats: ['gal', 'lvn', 'pru'] },
          { ...unit('GERMANY', 'F', 'hel'), attackerFrom: 'nth', retreats: ['hol'] },
          { ...unit('TURKEY', 'F', 'aeg'), attackerFrom: 'ion', retreats: ['eas'] },
          { ...unit('RUSSIA', 'F', 'stp/nc'), attackerFrom: 'nwy', retreats: [] },
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
        unit('AUSTRIA', 'A', 'ser'),
        unit('AUSTRIA', 'A', 'gre'),
        unit('AUSTRIA', 'F', 'alb'),
        unit('ENGLAND', 'F', 'nth'),
        unit('ENGLAND', 'F', 'nwy'),
        unit('ENGLAND', 'A', 'yor'),
        unit('GERMANY', 'F', 'kie'),
        unit('GERMANY', 'F', 'hel'),
        unit('GERMANY', 'A', 'mun'),
        unit('GERMANY', 'A', 'ber'),
        unit('GERMANY', 'F', 'den'),
        unit('ITALY', 'A', 'rom'),
        unit('ITALY', 'A', 'ven'),
        unit('ITALY', 'F', 'nap'),
        unit('RUSSIA', 'A', 'mos'),
        unit('RUSSIA', 'A', 'war'),
        unit('RUSSIA', 'F', 'sev'),
        unit('RUSSIA', 'A', 'rum'),
        unit('TURKEY', 'A', 'ank'),
        unit('TURKEY', 'A', 'con'),
        unit('TURKEY', 'F', 'smy'),
        unit('TURKEY', 'F', 'eas'),
        unit('TURKEY', 'A', 'bul'),
      ],
      {
        supplyCenters: {
          AUSTRIA: ['bud', 'tri', 'vie', 'ser', 'gre'],
          ENGLAND: ['edi', 'lon', 'lvp', 'nwy'],
          FRANCE: ['bre', 'mar', 'par'],
          GERMANY: ['ber', 'kie', 'mun'],
          ITALY: ['nap', 'rom', 'ven', 'tun'],
          RUSSIA: ['mos', 'sev', 'stp', 'war', 'rum'],
          TURKEY: ['ank', 'con', 'smy'],
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
