import { describe, expect, it } from 'vitest';
import { newDeadlineText, optionLine, renderGameCreated, renderOptionReply, renderSettingNotice, rulesText } from '../../src/render/option-replies.ts';

// The words of the replies to SET options, RULE lines and CREATE, as Masters have always had them
// (test/judge/game-options.test.ts and judge-basics.test.ts play them by mail).

const created = { gameName: 'demo', variantTitle: 'Standard', rules: [], optionLines: [], gates: null, forming: false };

describe('option replies', () => {
  it('answers a SET option, with the deadline a new timing brought', () => {
    expect(renderOptionReply({ kind: 'option-changed', gameName: 'demo', optionTitle: 'Press', announcement: 'white press only', deadline: null })).toBe(
      "Game 'demo': press changed. White press only.",
    );
    expect(
      renderOptionReply({
        kind: 'option-changed',
        gameName: 'demo',
        optionTitle: 'Timing',
        announcement: 'movement phases last 2 days',
        deadline: { phaseId: 'S1901M', deadline: 'Fri 7 Mar 2025 12:00 UTC', grace: 'Sat 8 Mar 2025 12:00 UTC' },
      }),
    ).toBe(
      "Game 'demo': timing changed. Movement phases last 2 days\nThe deadline for S1901M is now Fri 7 Mar 2025 12:00 UTC, the grace period ends Sat 8 Mar 2025 12:00 UTC.",
    );
    expect(newDeadlineText(null)).toBe('');
  });

  it('answers a RULE line', () => {
    expect(renderOptionReply({ kind: 'rules-now', gameName: 'demo', rules: ['GUNBOAT', 'NO_DIAS'] })).toBe("Game 'demo' now has the rules: GUNBOAT, NO_DIAS.");
    expect(renderOptionReply({ kind: 'rules-now', gameName: 'demo', rules: [] })).toBe("Game 'demo' now has the rules: none.");
    expect(rulesText([])).toBe('none');
  });

  it('answers CREATE', () => {
    expect(renderGameCreated(created)).toBe(
      "Game 'demo' (Standard) has been created with you as its Master.\nIt is in preparation: send FORM after SIGNON Mdemo to let players join.",
    );
    expect(
      renderGameCreated({
        ...created,
        rules: ['GUNBOAT'],
        optionLines: [optionLine('Press', 'white press only')],
        gates: 'Dedication: at least 10.',
        forming: true,
      }),
    ).toBe(
      [
        "Game 'demo' (Standard) has been created with you as its Master.",
        'Rules: GUNBOAT.',
        'Press: white press only.',
        'Dedication: at least 10.',
        'The game is forming: players may now JOIN demo <password>.',
      ].join('\n'),
    );
  });

  it('tells everyone of a changed setting, and who changed it', () => {
    expect(renderSettingNotice('master', 'demo', { kind: 'option', optionTitle: 'Press', announcement: 'white press only', deadline: null })).toBe(
      "The Master has changed a setting of game 'demo':\nPress: white press only.\n",
    );
    expect(
      renderSettingNotice({ power: 'France' }, 'demo', {
        kind: 'option',
        optionTitle: 'Timing',
        announcement: 'movement phases last 2 days',
        deadline: { phaseId: 'S1901M', deadline: 'Fri 7 Mar 2025 12:00 UTC', grace: 'Sat 8 Mar 2025 12:00 UTC' },
      }),
    ).toBe(
      "France has changed a setting of game 'demo':\nTiming: movement phases last 2 days\nThe deadline for S1901M is now Fri 7 Mar 2025 12:00 UTC, the grace period ends Sat 8 Mar 2025 12:00 UTC.\n",
    );
    expect(
      renderSettingNotice('player', 'demo', {
        kind: 'rules',
        items: [
          { rule: 'GUNBOAT', negated: false },
          { rule: 'NO_DIAS', negated: true },
        ],
        rules: ['GUNBOAT'],
      }),
    ).toBe("A player has changed a setting of game 'demo':\nRules: with GUNBOAT, without NO_DIAS; the rules are now GUNBOAT.\n");
  });
});
