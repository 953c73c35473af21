import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/api/adjudicate.ts';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { adjudicatePhase } from '../../src/engine/adjudicate-phase.ts';
import { adjustmentsDue, buildableCenters } from '../../src/engine/adjustment.ts';
import { checkPhaseOrders } from '../../src/engine/check-orders.ts';
import type { SubmittedOrder } from '../../src/engine/results.ts';
import { orderReasonText } from '../../src/render/order-reasons.ts';
import type { LocationId, PhaseId, Position, PowerId, ProvinceId, Unit } from '../../src/engine/types.ts';
import { locationId as loc, provinceId as prov } from '../../src/engine/ids.ts';

// The build rules DPjudge's maps need beyond the standard game, each against the variant that uses it:
// MOBILIZE (1897, 1898), NEWHOMES (1897), partisan build sites (1900's Siberia) and seasonal provinces (loeb9).

const build = (power: PowerId, type: 'A' | 'F', location: LocationId): SubmittedOrder => ({ power, order: { kind: 'build', unit: { type, location } } });
const hold = (power: PowerId, type: 'A' | 'F', location: LocationId): SubmittedOrder => ({ power, order: { kind: 'hold', unit: { type, location } } });
const unit = (power: PowerId, type: 'A' | 'F', location: LocationId): Unit => ({ power, type, location });

describe('MOBILIZE (1898): one undetermined home centre, owned where the first unit is built', () => {
  const variant = loadVariant('1898');
  const start = variant.startingPosition();

  it('starts in winter 1898 with no units, no centres and one undetermined home each', () => {
    expect(start.phase).toBe('W1898A');
    expect(start.units).toEqual([]);
    expect(Object.values(start.supplyCenters).every((c) => c.length === 0)).toBe(true);
    expect(start.undeterminedHomes).toEqual(Object.fromEntries(variant.powers.map((p) => [p.id, 1])));
    expect(adjustmentsDue(variant, start, 'ENGLAND')).toBe(1);
    expect(buildableCenters(variant, start, 'ENGLAND').sort()).toEqual(['edi', 'lon', 'lvp']);
  });

  it("makes the chosen home centre the power's, refuses a second one and builds abroad, keeps a waived choice", () => {
    const outcome = adjudicatePhase(variant, start, [
      build('ENGLAND', 'F', loc('lon')),
      build('ENGLAND', 'A', loc('lvp')),
      build('FRANCE', 'A', loc('mun')),
      build('FRANCE', 'A', loc('par')),
      build('GERMANY', 'A', loc('kie')),
    ]);
    const refused = outcome.results.filter((r) => r.outcome === 'illegal').map((r) => orderReasonText(r.reason!, variant));
    expect(refused).toEqual(['England may build only 1 unit', 'Munich is not a home supply centre of France']);
    const next = outcome.position;
    expect(next.phase).toBe('S1899M');
    expect(next.supplyCenters.ENGLAND).toEqual(['lon']);
    expect(next.supplyCenters.FRANCE).toEqual(['par']);
    expect(next.units).toContainEqual(unit('ENGLAND', 'F', loc('lon')));
    // Powers that did not build keep their undetermined home for a later winter, as DPjudge keeps its SC!.
    expect(next.undeterminedHomes).toEqual({ AUSTRIA: 1, ITALY: 1, RUSSIA: 1, TURKEY: 1 });
    expect(outcome.winner).toBeNull();
  });

  it('leaves the other home centres neutral: they must be taken before a unit is built there', () => {
    const position: Position = {
      variant: '1898',
      phase: 'F1899M',
      units: [unit('ENGLAND', 'F', loc('lon')), unit('ENGLAND', 'A', loc('edi'))],
      dislodged: [],
      supplyCenters: { ENGLAND: [prov('lon')] },
    };
    const next = adjudicatePhase(variant, position, [hold('ENGLAND', 'F', loc('lon')), hold('ENGLAND', 'A', loc('edi'))]).position;
    expect(next.supplyCenters.ENGLAND).toEqual(['edi', 'lon']);
    expect(next.phase).toBe('S1900M');
  });
});

describe('NEWHOMES (1897): the centres owned in winter 1899 become the home centres', () => {
  const variant = loadVariant('1897');

  it("keeps St Petersburg from Russia's first choice", () => {
    const start = variant.startingPosition();
    expect(start.phase).toBe('W1897A');
    expect(buildableCenters(variant, start, 'RUSSIA').sort()).toEqual(['mos', 'sev', 'war']);
    const refused = adjudicatePhase(variant, start, [build('RUSSIA', 'F', loc('stp/nc'))]).results.find((r) => r.power === 'RUSSIA' && r.outcome === 'illegal');
    expect(orderReasonText(refused!.reason!, variant)).toBe('St Petersburg is not a home supply centre of Russia');
  });

  it('gives no new homes in winter 1898 and makes every owned centre a home in winter 1899', () => {
    const units = [unit('ENGLAND', 'F', loc('nwy')), unit('ENGLAND', 'A', loc('edi'))];
    const in1898: Position = { variant: '1897', phase: 'F1898M', units, dislodged: [], supplyCenters: { ENGLAND: [prov('lon')] } };
    const w1898 = adjudicatePhase(
      variant,
      in1898,
      units.map((u) => hold(u.power, u.type, u.location)),
    ).position;
    expect(w1898.homeCenters).toBeUndefined();
    expect(w1898.supplyCenters.ENGLAND).toEqual(['edi', 'lon', 'nwy']);

    const in1899: Position = { ...in1898, phase: 'F1899M' };
    const w1899 = adjudicatePhase(
      variant,
      in1899,
      units.map((u) => hold(u.power, u.type, u.location)),
    ).position;
    expect(w1899.phase).toBe('W1899A');
    expect(w1899.homeCenters?.ENGLAND).toEqual(['edi', 'lon', 'nwy']);
    expect(w1899.homeCenters?.FRANCE).toEqual([]);
    expect(buildableCenters(variant, w1899, 'ENGLAND')).toEqual(['lon']);
    // The new homes stay with the position from then on.
    const s1900 = adjudicatePhase(variant, w1899, [build('ENGLAND', 'F', loc('lon'))]).position;
    expect(s1900.homeCenters?.ENGLAND).toEqual(['edi', 'lon', 'nwy']);
    const lost: Position = {
      ...s1900,
      phase: 'W1900A',
      units: [unit('ENGLAND', 'A', loc('edi'))],
      supplyCenters: { ENGLAND: [prov('edi'), prov('lon'), prov('nwy')] },
    };
    expect(buildableCenters(variant, lost, 'ENGLAND').sort()).toEqual(['lon', 'nwy']);
  });
});

describe('partisan sites (1900): Russia builds in Siberia while it has lost some but not all of its homes', () => {
  const variant = loadVariant('1900');
  const winter = (centres: ProvinceId[], units: Unit[]): Position => ({
    variant: '1900',
    phase: 'W1901A',
    units,
    dislodged: [],
    supplyCenters: { RUSSIA: centres },
  });
  const russians = [unit('RUSSIA', 'A', loc('mos')), unit('RUSSIA', 'F', loc('sev')), unit('RUSSIA', 'A', loc('rum'))];

  it('counts one more build and offers Siberia when a home is lost', () => {
    const position = winter([prov('mos'), prov('rum'), prov('sev'), prov('stp')], russians);
    expect(adjustmentsDue(variant, position, 'RUSSIA')).toBe(2);
    expect(buildableCenters(variant, position, 'RUSSIA').sort()).toEqual(['sib', 'stp']);
    const next = adjudicatePhase(variant, position, [build('RUSSIA', 'A', loc('sib')), build('RUSSIA', 'F', loc('stp/nc'))]).position;
    expect(next.units).toContainEqual(unit('RUSSIA', 'A', loc('sib')));
    expect(next.units).toContainEqual(unit('RUSSIA', 'F', loc('stp/nc')));
    // Siberia is no centre: victory counts only owned centres.
    expect(next.supplyCenters.RUSSIA).toEqual(['mos', 'rum', 'sev', 'stp']);
  });

  it('refuses Siberia while every home is held, or when none is', () => {
    const all = winter([prov('mos'), prov('sev'), prov('stp'), prov('war'), prov('rum')], russians);
    expect(adjustmentsDue(variant, all, 'RUSSIA')).toBe(2);
    const refused = adjudicatePhase(variant, all, [build('RUSSIA', 'A', loc('sib'))]).results.find((r) => r.outcome === 'illegal');
    expect(refused?.reason).toEqual({ code: 'partisan-site-closed', power: 'RUSSIA', province: 'sib' });
    expect(orderReasonText(refused!.reason!, variant)).toBe('Russia may build in Siberia only while it has lost some but not all of its home centres');
    const none = winter([prov('rum'), prov('bul')], [unit('RUSSIA', 'A', loc('rum'))]);
    expect(adjustmentsDue(variant, none, 'RUSSIA')).toBe(1);
    expect(buildableCenters(variant, none, 'RUSSIA')).toEqual([]);
  });

  it('keeps a partisan unit: Russia with three homes and one lost removes nothing for its fourth unit', () => {
    const position = winter([prov('mos'), prov('sev'), prov('stp')], [...russians, unit('RUSSIA', 'A', loc('sib'))]);
    expect(adjustmentsDue(variant, position, 'RUSSIA')).toBe(0);
  });
});

describe('dipjudge adjudicate carries the undetermined homes and the new homes', () => {
  it('reads and writes undeterminedHomes', () => {
    const output = adjudicate({
      position: { variant: '1898', phase: 'W1898A', units: [], supplyCenters: {}, undeterminedHomes: { ENGLAND: 1, FRANCE: 1 } },
      orders: { ENGLAND: ['Build F Edi'] },
    });
    expect(output.position.supplyCenters.ENGLAND).toEqual(['edi']);
    expect(output.position.undeterminedHomes).toEqual({ FRANCE: 1 });
    expect(output.position.phase).toBe('S1899M');
  });

  it('names a bad homeCenters entry', () => {
    expect(() => adjudicate({ position: { variant: '1897', phase: 'S1900M', units: [], homeCenters: { ENGLAND: ['nth'] } } })).toThrow(
      'position.homeCenters.ENGLAND[0]: "nth" is not a supply centre',
    );
  });
});

describe('seasonal provinces (loeb9): the Arctic Ocean is open in spring only, and a fleet there hibernates', () => {
  const variant = loadVariant('loeb9');
  const move = (power: PowerId, type: 'A' | 'F', location: LocationId, to: LocationId): SubmittedOrder => ({
    power,
    order: { kind: 'move', unit: { type, location }, to, viaConvoy: false, route: [] },
  });
  const at = (phase: PhaseId, units: Unit[]): Position => ({ variant: 'loeb9', phase, units, dislodged: [], supplyCenters: {} });

  it('lets a fleet sail into the Arctic in spring', () => {
    const next = adjudicatePhase(variant, at('S1901M', [unit('ENGLAND', 'F', loc('nwg'))]), [move('ENGLAND', 'F', loc('nwg'), loc('arc'))]).position;
    expect(next.units).toEqual([unit('ENGLAND', 'F', loc('arc'))]);
  });

  it('closes it in fall: nothing enters or leaves, the fleet inside holds and survives', () => {
    const fall = at('F1901M', [unit('ENGLAND', 'F', loc('arc')), unit('RUSSIA', 'F', loc('bar'))]);
    const outcome = adjudicatePhase(variant, fall, [move('ENGLAND', 'F', loc('arc'), loc('nao')), move('RUSSIA', 'F', loc('bar'), loc('arc'))]);
    expect(outcome.results.filter((r) => r.outcome === 'illegal').map((r) => r.unit)).toEqual(['arc', 'bar']);
    expect(outcome.position.units).toEqual(expect.arrayContaining([unit('ENGLAND', 'F', loc('arc')), unit('RUSSIA', 'F', loc('bar'))]));
    expect(checkPhaseOrders(variant, fall, [move('ENGLAND', 'F', loc('arc'), loc('nao'))]).illegal).toHaveLength(1);
    // In spring the same fleet may leave.
    const spring = adjudicatePhase(variant, { ...fall, phase: 'S1902M' }, [move('ENGLAND', 'F', loc('arc'), loc('nao'))]).position;
    expect(spring.units).toContainEqual(unit('ENGLAND', 'F', loc('nao')));
  });

  it('offers the Arctic as a retreat in spring and not in fall', () => {
    const units = [unit('ENGLAND', 'F', loc('nwg')), unit('ENGLAND', 'F', loc('iri')), unit('RUSSIA', 'F', loc('nao'))];
    const orders = [
      move('ENGLAND', 'F', loc('nwg'), loc('nao')),
      {
        power: 'ENGLAND',
        order: { kind: 'support', unit: { type: 'F', location: 'iri' }, supported: { type: 'F', location: 'nwg' }, to: 'nao' },
      } as SubmittedOrder,
    ];
    const retreatsIn = (phase: PhaseId) => adjudicatePhase(variant, at(phase, units), orders).position.dislodged[0]?.retreats ?? [];
    expect(retreatsIn('S1901M')).toContain('arc');
    expect(retreatsIn('F1901M')).not.toContain('arc');
  });
});

describe('imperial: the Bosporus for the owner of Constantinople, builds on any home centre owned (HOME_BUILDS)', () => {
  const variant = loadVariant('imperial');
  const move = (power: PowerId, location: LocationId, to: LocationId): SubmittedOrder => ({
    power,
    order: { kind: 'move', unit: { type: 'F', location }, to, viaConvoy: false, route: [] },
  });
  const spring = (centres: Record<PowerId, ProvinceId[]>, units: Unit[]): Position => ({
    variant: 'imperial',
    phase: 'S1861M',
    units,
    dislodged: [],
    supplyCenters: centres,
  });

  it('lets the owner of Constantinople sail from the Aegean to the Black Sea and refuses anyone else', () => {
    const owner = adjudicatePhase(variant, spring({ TURKEY: [prov('con')] }, [unit('TURKEY', 'F', loc('aeg'))]), [move('TURKEY', loc('aeg'), loc('bla'))]);
    expect(owner.position.units).toEqual([unit('TURKEY', 'F', loc('bla'))]);
    const other = spring({ TURKEY: [prov('con')] }, [unit('RUSSIA', 'F', loc('aeg'))]);
    const outcome = adjudicatePhase(variant, other, [move('RUSSIA', loc('aeg'), loc('bla'))]);
    expect(outcome.results.filter((r) => r.outcome === 'illegal').map((r) => orderReasonText(r.reason!, variant))).toEqual([
      'Only the owner of Constantinople may use the border between Aegean Sea and Black Sea',
    ]);
    expect(outcome.results.filter((r) => r.input === null).map((r) => r.order?.kind)).toEqual(['hold']);
    expect(outcome.position.units).toEqual([unit('RUSSIA', 'F', loc('aeg'))]);
    expect(checkPhaseOrders(variant, other, [move('RUSSIA', loc('aeg'), loc('bla'))])).toMatchObject({
      illegal: [{ input: 0, power: 'RUSSIA' }],
      defaulted: [{ power: 'RUSSIA', unit: 'aeg' }],
    });
  });

  it("builds on another power's home centre it owns, not on a neutral centre", () => {
    const homes = variant.power('TURKEY')!.homeCenters;
    const austrianHome = variant.power('AUSTRIA')!.homeCenters[0]!;
    const neutral = variant.supplyCenters().find((c) => !variant.powers.some((p) => p.homeCenters.includes(c)))!;
    const winter: Position = { variant: 'imperial', phase: 'W1861A', units: [], dislodged: [], supplyCenters: { TURKEY: [homes[0]!, austrianHome, neutral] } };
    expect(buildableCenters(variant, winter, 'TURKEY').sort()).toEqual([homes[0]!, austrianHome].sort());
  });
});
