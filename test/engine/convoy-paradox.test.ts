import { describe, expect, it } from 'vitest';
import { adjudicateWritten, resultLines, rotated, writtenPhase, type WrittenPhase } from '../support/written-phase.ts';

// Issue 26: a convoy paradox the DATC corpus does not contain. The army's convoy is cut off by an
// attack that only wins when the army cuts (or dislodges) the support given to a rival attack on the
// convoying fleet. Convoy works → the rival bounces no more → the fleet is dislodged → the convoy
// failed; convoy fails → the support stands → the attacks bounce → nothing stops the convoy.
// Szykman (DATC 4.A.2): the army does not move, nothing is dislodged, the convoy counts as disrupted.
// Before the fix the army moved and dislodged the supporter while its convoy was reported disrupted,
// when the army's own move happened to be asked first: its route was read before the paradox was settled.

const cases: Record<string, WrittenPhase> = {
  "the army and the attackers of one power (the issue's reproducer, fleetrome)": writtenPhase('fleetrome', 'F1904M', {
    AUSTRIA: ['A Den - Lon', 'F Eng - Nth', 'F Hel - Nth', 'F Ska S F Hel - Nth'],
    GERMANY: ['F Nth C A Den - Lon', 'A Yor S A Den - Lon'],
    RUSSIA: ['F Lon S F Eng - Nth'],
  }),
  'the same on the standard map': writtenPhase('standard', 'F1904M', {
    AUSTRIA: ['A Den - Lon', 'F Eng - Nth', 'F Hel - Nth', 'F Ska S F Hel - Nth'],
    GERMANY: ['F Nth C A Den - Lon', 'A Yor S A Den - Lon'],
    RUSSIA: ['F Lon S F Eng - Nth'],
  }),
  'the army of a third power': writtenPhase('standard', 'F1904M', {
    TURKEY: ['A Den - Lon', 'A Yor S A Den - Lon'],
    AUSTRIA: ['F Eng - Nth', 'F Hel - Nth', 'F Ska S F Hel - Nth'],
    GERMANY: ['F Nth C A Den - Lon'],
    RUSSIA: ['F Lon S F Eng - Nth'],
  }),
  'the attackers split between powers': writtenPhase('standard', 'F1904M', {
    AUSTRIA: ['A Den - Lon', 'F Hel - Nth', 'F Ska S F Hel - Nth'],
    FRANCE: ['F Eng - Nth'],
    GERMANY: ['F Nth C A Den - Lon', 'A Yor S A Den - Lon'],
    RUSSIA: ['F Lon S F Eng - Nth'],
  }),
  'a convoy over two seas, the target supporting a rival attack on one of them': writtenPhase('standard', 'F1904M', {
    ENGLAND: ['A Lon - Den', 'F Nth C A Lon - Den', 'F Ska C A Lon - Den'],
    GERMANY: ['F Den S F Hel - Nth', 'F Hel - Nth'],
    RUSSIA: ['F Nwg - Nth', 'F Nwy S F Nwg - Nth', 'A Kie S A Lon - Den'],
  }),
  // Found by npm run adjudicate:invariants (1897, seed 12): a move into a province the paradox's attacker
  // leaves. Resolving F Bar - Nwg first, the cycle was settled inside F Nwg - Nth's unfinished resolution,
  // which then went on with the values it had read before, and dislodged the convoying fleet.
  'a move behind an attacker of the convoying fleet, resolved first': writtenPhase('standard', 'F1904M', {
    ENGLAND: ['A Bel - Lon'],
    RUSSIA: ['F Bar - Nwg', 'F Nth C A Bel - Lon'],
    FRANCE: ['F Den - Nth', 'F Lon S F Den - Nth', 'F Nwg - Nth'],
    TURKEY: ['F Yor S F Nwg - Nth'],
  }),
};

describe('a convoy paradox through a support the convoyed army would cut (issue 26)', () => {
  for (const [name, written] of Object.entries(cases)) {
    describe(name, () => {
      const outcome = adjudicateWritten(written);
      const army = written.position.units[0]!;

      it('leaves the army where it is and dislodges nothing', () => {
        expect(outcome.position.units).toContainEqual(army);
        expect(outcome.position.dislodged).toEqual([]);
        expect(outcome.position.units).toHaveLength(written.position.units.length);
      });

      it('reports the army and its convoy as disrupted and the support as given', () => {
        const of = (kind: string) => outcome.results.filter((r) => r.order?.kind === kind);
        const move = outcome.results.find((r) => r.unit === army.location)!;
        expect([move.outcome, move.markers]).toEqual(['fails', ['disrupted']]);
        for (const convoy of of('convoy')) expect([convoy.outcome, convoy.markers]).toEqual(['fails', ['disrupted']]);
        for (const support of of('support')) expect(support.outcome).toBe('succeeds');
        // Every attack on a convoying fleet bounces.
        for (const attack of of('move').filter((r) => r.unit !== army.location)) expect(attack.markers).toEqual(['bounce']);
      });

      it('gives the same result whichever unit is listed first', () => {
        for (let shift = 1; shift < written.orders.length; shift++) {
          expect(resultLines(adjudicateWritten(rotated(written, shift)).results)).toEqual(resultLines(outcome.results));
        }
      });
    });
  }
});
