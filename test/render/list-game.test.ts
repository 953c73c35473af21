import { describe, expect, it } from 'vitest';
import { powerState, renderListGame, variantLine, type ListGameView } from '../../src/render/list-game.ts';
import { locationId as loc, provinceId as prov } from '../../src/engine/ids.ts';
import { position, standard, unit } from './helpers.ts';

// The words of LIST game, written from a gathered view (test/judge/njudge-forms.test.ts,
// dedication.test.ts and master-commands.test.ts play it by mail).

const base: ListGameView = {
  name: 'demo',
  variant: standard,
  gunboat: false,
  status: 'active',
  description: '',
  currentPhase: 'S1901M',
  phase: { seq: 0, position: position('S1901M', [unit('FRANCE', 'A', loc('par')), unit('ENGLAND', 'F', loc('lon'))], { supplyCenters: { FRANCE: [prov('par')], ENGLAND: [prov('lon')] } }) },
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

  it('writes a game in play: deadline, lateness, parameters, powers with records, position', () => {
    const text = renderListGame(base);
    expect(text.split('\n').slice(0, 10)).toEqual([
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
    expect(text).toContain("\nThe following players are signed up for game 'demo':\n   England    late             on time  75% (3/4)  CD   0%  dedication    8\n   France     ordered\n   and 1 observer\n");
    expect(text).toContain('\nStatus of the Movement phase of Spring 1901:\n   Austria     0 centres, 0 units\n   England     1 centres, 1 units: F lon\n              centres: lon\n   France      1 centres, 1 units: A par\n');
    expect(text).toMatch(/\n {3}Unowned {4}32 centres: /);
  });

  it('writes a forming game: how many have joined and how to join', () => {
    const text = renderListGame({ ...base, status: 'forming', currentPhase: null, phase: null, deadline: null, late: false, joined: 3, observers: 0 });
    expect(text.startsWith("Game 'demo': Standard, forming.\n\n")).toBe(true);
    expect(text.endsWith("signed up for game 'demo':\n   3 of 7 players have joined; send JOIN demo <password> to join.")).toBe(true);
  });
});
