import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { adjudicatePhase } from '../../src/engine/adjudicate-phase.ts';
import { locationId as loc, powerId, provinceId as prov } from '../../src/engine/ids.ts';
import type { DislodgedUnit, PhaseId, Position } from '../../src/engine/types.ts';
import { adjudicateWritten, resultLines, writtenPhase } from '../support/written-phase.ts';

// Borders with rules of their own, read from the map's data (map-schema.ts's borderKinds), as
// DPjudge's adjudicator plays them: 1900's `*` borders between Egypt or Hejaz and the Mid-Atlantic
// (issue 26) and loeb9's `~` straits. Each case names the outcome DPjudge gives.

const phase = (variant: string, at: PhaseId, byPower: Record<string, string[]>) => adjudicateWritten(writtenPhase(variant, at, byPower));
const lines = (outcome: ReturnType<typeof phase>) => resultLines(outcome.results);
const where = (outcome: ReturnType<typeof phase>) => outcome.position.units.map((u) => `${u.type} ${u.location}`).sort();
const dislodged = (outcome: ReturnType<typeof phase>) => outcome.position.dislodged.map((u) => `${u.type} ${u.location}`).sort();

describe("1900's half-strength borders (*): a move across has ½ plus its supports", () => {
  it("loses to a full-strength move into the same place (the issue's reproducer)", () => {
    const outcome = phase('1900', 'S1901M', { BRITAIN: ['F Egy - Mao'], FRANCE: ['F Nao - Mao'] });
    expect(lines(outcome)).toEqual(['BRITAIN egy move fails bounce', 'FRANCE nao move succeeds']);
  });

  it('enters an empty place alone, and two moves across bounce each other', () => {
    expect(where(phase('1900', 'S1901M', { BRITAIN: ['F Egy - Mao'] }))).toEqual(['F mao']);
    expect(lines(phase('1900', 'S1901M', { BRITAIN: ['F Egy - Mao'], TURKEY: ['F Hej - Mao'] }))).toEqual([
      'BRITAIN egy move fails bounce',
      'TURKEY hej move fails bounce',
    ]);
  });

  it('does not dislodge a holding unit without support, and with one support (1½) it does', () => {
    expect(dislodged(phase('1900', 'S1901M', { BRITAIN: ['F Egy - Mao'], FRANCE: ['F Mao H'] }))).toEqual([]);
    expect(dislodged(phase('1900', 'S1901M', { BRITAIN: ['F Egy - Mao', 'F Por S F Egy - Mao'], FRANCE: ['F Mao H'] }))).toEqual(['F mao']);
  });

  it('beats an unsupported move with one support (1½ against 1) and loses to a supported one (1½ against 2)', () => {
    expect(lines(phase('1900', 'S1901M', { BRITAIN: ['F Egy - Mao', 'F Por S F Egy - Mao'], FRANCE: ['F Nao - Mao'] }))).toContain('BRITAIN egy move succeeds');
    const outcome = phase('1900', 'S1901M', { BRITAIN: ['F Egy - Mao', 'F Por S F Egy - Mao'], FRANCE: ['F Nao - Mao', 'F Iri S F Nao - Mao'] });
    expect(lines(outcome)).toContain('FRANCE nao move succeeds');
  });

  it('bounces head to head across the border, both at half strength', () => {
    expect(where(phase('1900', 'S1901M', { BRITAIN: ['F Egy - Mao'], FRANCE: ['F Mao - Egy'] }))).toEqual(['F egy', 'F mao']);
  });

  it('is refused as a support across the border', () => {
    const outcome = phase('1900', 'S1901M', { BRITAIN: ['F Egy S F Nao - Mao'], FRANCE: ['F Nao - Mao'] });
    expect(outcome.results.find((r) => r.power === 'BRITAIN')?.outcome).toBe('illegal');
  });

  it('cuts no support short of dislodging the supporter (DPjudge; the README states the choice)', () => {
    // A GAS - SPA with the support of F MAO beats A SPA: the move from Egypt does not cut it.
    const notCut = phase('1900', 'S1901M', { FRANCE: ['A Gas - Spa', 'F Mao S A Gas - Spa'], ITALY: ['A Spa H'], BRITAIN: ['F Egy - Mao'] });
    expect(lines(notCut)).toContain('FRANCE mao support succeeds');
    expect(dislodged(notCut)).toEqual(['A spa']);
    // Dislodging the supporter still cuts its support: then A GAS bounces off A SPA.
    const dislodging = phase('1900', 'S1901M', {
      FRANCE: ['A Gas - Spa', 'F Mao S A Gas - Spa'],
      ITALY: ['A Spa H'],
      BRITAIN: ['F Egy - Mao', 'F Por S F Egy - Mao'],
    });
    expect(dislodged(dislodging)).toEqual(['F mao']);
    expect(lines(dislodging)).toContain('FRANCE gas move fails bounce');
  });

  it('weakens a convoyed army landing from across a half-strength border', () => {
    // Round the Cape: Brest to Egypt through the Mid-Atlantic is at ½ and loses to the army from Cyrenaica.
    const cape = phase('1900', 'S1901M', { FRANCE: ['A Bre - Egy', 'F Mao C A Bre - Egy'], ITALY: ['A Cyr - Egy'] });
    expect(lines(cape)).toContain('ITALY cyr move succeeds');
    // Through the Eastern Mediterranean, an ordinary border, the landing is at full strength: both bounce.
    const east = phase('1900', 'S1901M', { FRANCE: ['A Tun - Egy', 'F Ion C A Tun - Egy', 'F Eas C A Tun - Egy'], ITALY: ['A Cyr - Egy'] });
    expect(lines(east)).toContain('ITALY cyr move fails bounce');
    expect(lines(east)).toContain('FRANCE tun move fails bounce');
  });
});

describe("1900's half-strength borders (*): a retreat across gives way to any other", () => {
  const variant = loadVariant('1900');
  const retreatPhase = (dislodgedUnits: DislodgedUnit[]): Position => ({
    variant: '1900',
    phase: 'S1901R',
    units: [],
    dislodged: dislodgedUnits,
    supplyCenters: variant.startingPosition().supplyCenters,
  });
  const fleet = (power: string, at: string): DislodgedUnit => ({
    power: powerId(power),
    type: 'F',
    location: loc(at),
    attackerFrom: prov('ion'),
    retreats: [loc('mao')],
  });
  const retreat = (power: string, from: string) => ({
    power: powerId(power),
    order: { kind: 'retreat' as const, unit: { type: 'F' as const, location: loc(from) }, to: loc('mao') },
  });

  it("leaves the place to a retreat over an ordinary border (the issue's reproducer)", () => {
    const outcome = adjudicatePhase(variant, retreatPhase([fleet('BRITAIN', 'egy'), fleet('FRANCE', 'nao')]), [
      retreat('BRITAIN', 'egy'),
      retreat('FRANCE', 'nao'),
    ]);
    expect(outcome.position.units).toEqual([{ power: 'FRANCE', type: 'F', location: 'mao' }]);
    expect(outcome.results.find((r) => r.power === 'BRITAIN')).toMatchObject({ outcome: 'fails', markers: ['bounce', 'destroyed'] });
  });

  it('destroys both of two retreats across such borders, and both of two ordinary ones', () => {
    expect(
      adjudicatePhase(variant, retreatPhase([fleet('BRITAIN', 'egy'), fleet('TURKEY', 'hej')]), [retreat('BRITAIN', 'egy'), retreat('TURKEY', 'hej')]).position
        .units,
    ).toEqual([]);
    expect(
      adjudicatePhase(variant, retreatPhase([fleet('BRITAIN', 'iri'), fleet('FRANCE', 'nao')]), [retreat('BRITAIN', 'iri'), retreat('FRANCE', 'nao')]).position
        .units,
    ).toEqual([]);
  });

  it('stands alone', () => {
    expect(adjudicatePhase(variant, retreatPhase([fleet('BRITAIN', 'egy')]), [retreat('BRITAIN', 'egy')]).position.units).toEqual([
      { power: 'BRITAIN', type: 'F', location: 'mao' },
    ]);
  });
});

describe("loeb9's straits (~): a move across has only its supports' strength", () => {
  it('enters an empty place alone and loses to any unsupported move', () => {
    expect(where(phase('loeb9', 'S1901M', { SPAIN: ['A Cor - Naf'] }))).toEqual(['A naf']);
    expect(lines(phase('loeb9', 'S1901M', { SPAIN: ['A Cor - Naf'], ITALY: ['A Tun - Naf'] }))).toEqual([
      'ITALY tun move succeeds',
      'SPAIN cor move fails bounce',
    ]);
  });

  it('needs two supports to dislodge a holding unit', () => {
    expect(dislodged(phase('loeb9', 'S1901M', { SPAIN: ['A Cor - Naf', 'F Wes S A Cor - Naf'], ITALY: ['A Naf H'] }))).toEqual([]);
    expect(dislodged(phase('loeb9', 'S1901M', { SPAIN: ['A Cor - Naf', 'F Wes S A Cor - Naf', 'F Mao S A Cor - Naf'], ITALY: ['A Naf H'] }))).toEqual([
      'A naf',
    ]);
  });

  it('cuts support only when supported', () => {
    const unsupported = phase('loeb9', 'S1901M', { SPAIN: ['A Cor - Naf'], ITALY: ['F Naf S F Tun - Wes', 'F Tun - Wes'], FRANCE: ['F Wes H'] });
    expect(lines(unsupported)).toContain('ITALY naf support succeeds');
    expect(dislodged(unsupported)).toEqual(['F wes']);
    const supported = phase('loeb9', 'S1901M', {
      SPAIN: ['A Cor - Naf', 'F Mao S A Cor - Naf'],
      ITALY: ['F Naf S F Tun - Wes', 'F Tun - Wes'],
      FRANCE: ['F Wes H'],
    });
    expect(lines(supported)).toContain('ITALY naf support fails cut');
    expect(dislodged(supported)).toEqual([]);
  });
});
