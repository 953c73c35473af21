import { describe, expect, it } from 'vitest';
import { powerState, renderListGame, variantLine, type ListGameView } from '../../src/render/list-game.ts';
import { locationId as loc, provinceId as prov } from '../../src/engine/ids.ts';
import { withoutMarks } from '../../src/render/wrap.ts';
import { position, standard, unit } from './helpers.ts';

// The words of LIST game, written from a gathered view (test/judge/njudge-forms.test.ts,
// dedication.test.ts and master-commands.test.ts play it by mail).

const HEADER = ':: Judge: DIP  Game: Demo  Variant: Standard\n:: Deadline: S1901M Mon Jan 05 2026 12:00:00 +0000  \n';
const base: ListGameView = {
  header: HEADER,
  name: 'demo',
  variant: standard,
  gunboat: false,
  status: 'active',
  description: '',
  currentPhase: 'S1901M',
  phase: {
    seq: 0,
    position: position('S1901M', [unit('FRANCE', 'A', loc('par')), unit('ENGLAND', 'F', loc('lon'))], {
      supplyCenters: { FRANCE: [prov('par')], ENGLAND: [prov('lon')] },
    }),
  },
  deadline: 'Mon Jan  5 2026 12:00 UTC',
  grace: null,
  late: true,
  lateNames: ['England'],
  timingLines: ['Movement: 48 hours.'],
  timeZone: 'UTC',
  rules: ['NO_CHECK'],
  optionLines: [],
  pressLineShown: false,
  gatesLine: null,
  joined: 7,
  powers: [
    { name: 'England', state: 'late', rating: { onTimeRatio: 0.75, onTime: 3, total: 4, civilDisorderRatio: 0, points: 8 } },
    { name: 'France', state: 'ordered', rating: null },
  ],
  observers: 1,
};

describe('LIST game', () => {
  it('names the variant with its option words', () => {
    expect(variantLine('Standard', true)).toBe('Standard Gunboat');
    expect(variantLine('Standard', false)).toBe('Standard');
  });

  it('says a power state', () => {
    expect(powerState(undefined, true, undefined, false, true)).toBe('open');
    expect(powerState({ status: 'cd' }, true, undefined, false, false)).toBe('civil disorder');
    expect(powerState({ status: 'active' }, true, { submitted: true, hasErrors: false }, true, false)).toBe('ordered');
    expect(powerState({ status: 'active' }, true, undefined, true, false)).toBe('late');
    expect(powerState({ status: 'active' }, false, undefined, true, false)).toBe('no orders due');
  });

  it("writes a game in play under its :: lines: deadline, lateness, parameters, powers in njudge's columns, position", () => {
    const text = withoutMarks(renderListGame(base));
    expect(text.split('\n').slice(0, 13)).toEqual([
      ':: Judge: DIP  Game: Demo  Variant: Standard',
      ':: Deadline: S1901M Mon Jan 05 2026 12:00:00 +0000  ',
      '',
      "Game 'demo' order #001 (S1901M): Standard, active.",
      'The deadline for S1901M is Mon Jan  5 2026 12:00 UTC.',
      'Orders have not been received from England.',
      '',
      "The parameters for 'demo' are as follows:",
      '  Movement: 48 hours.',
      '  Zone: UTC.',
      '  Variant: Standard.',
      '  Rules: NO_CHECK.',
      '  Press: white press: senders are named.',
    ]);
    // njudge's rows: power, status, units/centres, dedication, address (hidden: someone@somewhere).
    expect(text).toContain(
      [
        "The following players are signed up for game 'demo':",
        '   England    late    1/1        8 someone@somewhere',
        '   France     ordered 1/1          someone@somewhere',
        '',
        'The game has 1 observer.',
        '',
        'Status of the Movement phase for Spring of 1901.  (demo.001)',
        '',
        'England: Fleet London.',
        '',
        'France:  Army Paris.',
        '',
        'Ownership of supply centers:',
        '',
        'England:   London.',
        'France:    Paris.',
      ].join('\n'),
    );
    expect(text).toMatch(/\nUnowned: {3}Ankara, Belgium, Berlin, Brest, Budapest, Bulgaria, Constantinople,\n {11}Denmark, /);
    expect(text).toMatch(/\n\nEngland: {3}1 Supply center, {3}1 Unit: {3}Builds {3}0 units\.\nFrance: {4}1 Supply center, {3}1 Unit: {3}Builds {3}0 units\.$/);
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('lists the units dislodged in a retreat phase apart from those standing', () => {
    const retreat = position('S1901R', [unit('FRANCE', 'A', loc('bur'))], {
      dislodged: [{ power: 'GERMANY', type: 'A', location: loc('mun'), attackerFrom: prov('bur'), retreats: [loc('kie')] } as never],
      supplyCenters: { FRANCE: [prov('par')], GERMANY: [prov('mun')] },
    });
    const text = withoutMarks(renderListGame({ ...base, currentPhase: 'S1901R', phase: { seq: 1, position: retreat } }));
    expect(text).toContain(
      'Status of the Retreat phase for Spring of 1901.  (demo.002)\n\nFrance:  Army Burgundy.\n\nDislodged, to retreat or disband:\n   Germany: Army Munich.\n\nOwnership of supply centers:',
    );
  });

  it('writes a forming game: how many have joined and how to join', () => {
    const text = withoutMarks(
      renderListGame({ ...base, status: 'forming', currentPhase: null, phase: null, deadline: null, late: false, joined: 3, observers: 0 }),
    );
    expect(text.startsWith(`${HEADER}\nGame 'demo': Standard, forming.\n\n`)).toBe(true);
    expect(text.endsWith("signed up for game 'demo':\n   3 of 7 players have joined; send JOIN demo <password> to join.")).toBe(true);
  });
});
