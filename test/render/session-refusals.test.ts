import { describe, expect, it } from 'vitest';
import { renderSessionRefusal, ruleSettingTitle, type PressRefusal, type SessionRefusal } from '../../src/render/session-refusals.ts';
import { gatesText, gateTitle, percent, requirementText, unmetGateText } from '../../src/render/signon-gates.ts';

// The reasons a signed-on sender's command, an opener, a SET option or RULE line and a PRESS are
// refused, by kind (the judge tests meet the same texts by mail: njudge-forms, votes,
// signon-gates, game-options, press/press-rules).

const REFUSALS: readonly (readonly [SessionRefusal, string])[] = [
  [{ kind: 'bad-signon' }, 'Invalid game, power or password'],
  [{ kind: 'order-not-a-power', written: 'Frnace', powers: ['Austria', 'England', 'France'] }, '"Frnace" is not a power; did you mean France?'],
  [{ kind: 'order-other-power', powerName: 'England' }, "You cannot order England's units"],
  [{ kind: 'signon-first', command: 'MOVE F Bre-Mao' }, 'MOVE F Bre-Mao: this needs a SIGNON line first'],
  [{ kind: 'game-terminated', gameName: 'demo' }, "Game 'demo' has been terminated; only its Master can still sign on to it"],
  [
    { kind: 'signon-not-forming', gameName: 'demo', status: 'active', initial: 'A' },
    "Game 'demo' is not taking players (it is active); its players sign on with their power's initial, e.g. SIGNON Ademo password",
  ],
  [
    { kind: 'variant-mismatch', gameName: 'demo', variantTitle: 'Standard', written: 'chaos' },
    `Game 'demo' is played with Standard; "chaos" does not match it, so you were not signed on`,
  ],
  [{ kind: 'game-private', gameName: 'demo' }, "Game 'demo' is private: give its privacy word after your password"],
  [{ kind: 'not-taking-players', gameName: 'demo', status: 'completed' }, "Game 'demo' is not taking players (it is completed)"],
  [{ kind: 'already-in-game', gameName: 'demo' }, "You are already in game 'demo'"],
  [{ kind: 'powers-at-random', gameName: 'demo' }, "Game 'demo' assigns powers at random (no POWER_CHOICE): send JOIN demo <password>"],
  [
    { kind: 'not-a-power-in-variant', written: 'Frnace', variantTitle: 'Standard', powers: ['England', 'France'] },
    '"Frnace" is not a power in Standard; did you mean France?',
  ],
  [{ kind: 'not-a-power-in-variant', written: 'Zork', variantTitle: 'Standard', powers: ['England', 'France'] }, '"Zork" is not a power in Standard'],
  [{ kind: 'power-taken', power: 'France' }, 'France has already been taken'],
  [{ kind: 'access-denied', gameName: 'demo', action: 'takeover' }, "The Master of game 'demo' does not allow you to take over a power in it"],
  [
    {
      kind: 'gates-unmet',
      gameName: 'demo',
      action: 'join',
      unmet: [
        { key: 'minDedication', required: 10, points: 3 },
        { key: 'maxCivilDisorderRatio', required: 0.1, ratio: 0.25, resigned: 1 },
      ],
    },
    "Your record does not meet what game 'demo' asks of players who join it: a dedication of at least 10 points; yours is 3; and a civil-disorder ratio of at most 10%; yours is 25% (1 abandoned or in civil disorder). (GET DEDICATION shows your record.)",
  ],
  [{ kind: 'observer-name', name: 'france' }, `"france" cannot be an observer's name: it names a power or the Master`],
  [{ kind: 'already-resigned', power: 'Italy' }, 'Italy has already resigned'],
  [{ kind: 'already-master', gameName: 'demo' }, "You are a Master of game 'demo' already"],
  [{ kind: 'no-such-power', gameName: 'demo' }, "There is no such power in game 'demo'"],
  [{ kind: 'power-being-played', power: 'Italy' }, 'Italy is being played; only a vacated power can be taken over'],
  [{ kind: 'already-playing', gameName: 'demo' }, "You already play in game 'demo'"],
  [{ kind: 'game-purged', gameName: 'demo' }, "Game 'demo' has been purged: nothing more can be done in it"],
  [{ kind: 'stepped-down', gameName: 'demo' }, "You stepped down as a Master of game 'demo' above: nothing more can be done in this block"],
  [{ kind: 'master-cannot-wait' }, 'The Master cannot hold a game with SET WAIT, not even as a power'],
  [
    { kind: 'real-time-no-wait', gameName: 'demo' },
    "Game 'demo' plays in REAL_TIME: it is processed as soon as every order is in, and SET WAIT cannot hold it",
  ],
  [{ kind: 'not-an-address', address: 'nobody' }, '"nobody" is not an e-mail address'],
  [{ kind: 'master-cannot-resign' }, 'As Master, resign a power with RESIGN power; the Master cannot resign (TAKEOVER master@game hands the game over)'],
  [{ kind: 'command-not-available', written: 'set   frobnicate now please' }, 'SET FROBNICATE is not available on this judge yet'],
  [{ kind: 'preferences-not-player' }, 'Only a player who has joined a game can set power preferences'],
  [{ kind: 'preferences-game-started', gameName: 'demo' }, "Game 'demo' has started: its powers are already given out"],
  [{ kind: 'preferences-power-chosen', power: 'France' }, 'You chose France when you joined; preferences are for powers given at random'],
  [{ kind: 'not-a-power', token: 'X', error: 'no power has the initial X' }, '"X" is not a power: no power has the initial X'],
  [{ kind: 'preferences-not-powers' }, 'Preferences name powers only, not the Master or observers'],
  [{ kind: 'holds-no-power' }, 'Only players who hold a power can do that (the Master may BECOME one)'],
  [{ kind: 'power-vacated' }, 'Your power has been vacated'],
  [{ kind: 'game-not-played', gameName: 'demo', status: 'forming' }, "Game 'demo' is not being played (it is forming)"],
  [{ kind: 'no-orders-owed', power: 'France', phase: 'F1901R' }, 'France has no orders to give in F1901R'],
  [{ kind: 'no-draws', gameName: 'demo' }, "Game 'demo' allows no draws (NO_DRAW)"],
  [{ kind: 'no-concessions', gameName: 'demo' }, "Game 'demo' allows no concessions (SET NO CONCESSIONS)"],
  [{ kind: 'no-largest-power' }, 'No single power is largest, so there is nobody to concede to'],
  [{ kind: 'largest-is-self', power: 'Russia' }, 'Russia holds the most centres, so there is nobody to concede to: VOTE LOSS concedes to the largest power'],
  [{ kind: 'no-open-proposal' }, 'There is no open proposal to answer'],
  [{ kind: 'dias-vote-dias', gameName: 'demo' }, "Game 'demo' plays DIAS: a draw always includes all survivors, so vote DIAS"],
  [{ kind: 'n-way-impossible', ways: 3 }, 'No 3-way draw can be named: there are not 3 survivors, or the 3rd place in centres is shared'],
  [{ kind: 'no-dias-name-powers', gameName: 'demo', initials: ['A', 'E', 'F'] }, "Game 'demo' plays NO_DIAS: name the powers in the draw, e.g. SET DRAW AEF"],
  [{ kind: 'dias-draw-alone', gameName: 'demo' }, "Game 'demo' plays DIAS: a draw always includes all survivors, so write SET DRAW alone"],
  [{ kind: 'cannot-share-draw', powers: ['Italy', 'Turkey'] }, 'Italy, Turkey cannot share a draw: no units and no centres'],
  [{ kind: 'cannot-concede-to', written: 'Italy' }, 'Italy cannot be conceded to: name a surviving power'],
  [{ kind: 'cannot-concede-to', written: null }, 'Nobody cannot be conceded to: name a surviving power'],
  [{ kind: 'concede-to-self' }, 'You cannot concede to yourself'],
  [{ kind: 'no-proposals', gameName: 'demo' }, "Game 'demo' takes no proposals (no PROPOSE_DIAS): vote with SET DRAW or SET CONCEDE"],
  [{ kind: 'proposal-open' }, 'A proposal is already open: answer it with VOTE YES or VOTE NO'],
  [{ kind: 'proposal-target' }, 'Propose DIAS (a draw of all survivors) or a surviving power to concede to'],
  [{ kind: 'rules-conflict', rule: 'NO_PRESS', conflict: 'GREY_PRESS' }, 'NO_PRESS and GREY_PRESS cannot both be rules of a game'],
  [{ kind: 'press-kind-conflict', word: 'GREY', rule: 'GREY_PRESS', conflict: 'NO_PRESS' }, 'SET GREY: GREY_PRESS and NO_PRESS cannot both be rules of a game'],
  [{ kind: 'observer-choice' }, 'SET OBSERVER takes ANY, NO or WHITE'],
  [{ kind: 'max-absence-range' }, 'SET MAX ABSENCE takes a number of days from 0 to 31'],
  [{ kind: 'comment-needs-text' }, 'SET COMMENT needs a text'],
  [{ kind: 'private-needs-word' }, 'SET PRIVATE needs one word, the privacy word players give after their password'],
  [
    { kind: 'access-master', word: 'ALLOW' },
    "SET ALLOW MASTER is refused: njudge's master lists say who may create games on the whole judge (through its CONTROL game); this judge keeps no such list, anyone may CREATE a game, and a game's Masters are whoever creates it, takes it over (TAKEOVER master@game) or is made one with PROMOTE",
  ],
  [{ kind: 'access-takes-player', word: 'DENY' }, 'SET DENY takes PLAYER and an address'],
  [{ kind: 'access-one-address', word: 'DENY' }, 'SET DENY PLAYER takes one address (-address removes it)'],
  [{ kind: 'timing-unreadable', errors: ['first', 'second'] }, 'first; second'],
  [{ kind: 'timing-absences' }, 'NOT dates are absences: use SET ABSENCE'],
  [{ kind: 'option-unavailable', key: 'WINGS' }, 'Wings (air units) are not available on this judge'],
  [{ kind: 'option-refused', spelled: 'NO WINGS', key: 'WINGS' }, 'SET NO WINGS is refused: Wings (air units) are not available on this judge'],
  [
    { kind: 'rule-refused', rule: 'HIDE_BUILDS' },
    'RULE HIDE_BUILDS is refused: HIDE_BUILDS (builds shown only next spring) is not available on this judge: in a BLIND game a build shows to the powers that see its province',
  ],
  [{ kind: 'unknown-rule', rule: 'FROB' }, 'Unknown rule FROB; HELP lists the game options, LIST game the rules in force'],
  [
    { kind: 'option-game-over', gameName: 'demo', status: 'completed', optionTitle: 'Press' },
    "Game 'demo' is completed: press cannot change now (UNEND it first)",
  ],
  [{ kind: 'option-before-start', gameName: 'demo', optionTitle: 'Gunboat' }, "Gunboat can change only before game 'demo' starts"],
  [
    { kind: 'option-not-while', gameName: 'demo', status: 'active', optionTitle: ruleSettingTitle('POWER_CHOICE') },
    "The rule POWER_CHOICE cannot change while game 'demo' is active",
  ],
];

const PRESS_REASONS: readonly (readonly [PressRefusal, string])[] = [
  [{ kind: 'no-seat' }, 'you no longer hold a seat in this game.'],
  [{ kind: 'empty' }, 'the message is empty.'],
  [{ kind: 'no-master' }, 'this game has no Master to read it.'],
  [{ kind: 'no-player', recipient: 'Germany' }, 'Germany has no player to read it.'],
  [{ kind: 'only-self' }, 'you cannot send press to yourself alone.'],
  [{ kind: 'nobody-holds' }, 'nobody holds the seats it is addressed to.'],
  [{ kind: 'claims-only-sender' }, 'it would claim to go to nobody but its own sender.'],
  [{ kind: 'not-a-power-nor-initials', token: 'EFQ', initial: 'Q' }, '"EFQ" is not a power in this game, nor a list of initials (no power has the initial Q).'],
  [{ kind: 'not-a-power', token: 'Frnace', near: ['France'] }, '"Frnace" is not a power in this game; did you mean France?'],
  [{ kind: 'not-a-power', token: 'Zork', near: [] }, '"Zork" is not a power in this game.'],
  [{ kind: 'fake-from-master' }, 'you cannot fake press from the Master.'],
  [{ kind: 'fake-from-observers' }, 'you can fake press only from a power, not from the observers.'],
  [{ kind: 'fake-several-senders', token: 'EF' }, '"EF" names more than one power; press can claim only one sender.'],
  [{ kind: 'monitor' }, 'monitors may write only to the Master.'],
  [{ kind: 'mute-observers' }, 'observers may write only to the Master in this game (MUTE_OBSERVERS).'],
  [{ kind: 'white-observers' }, 'observers may send white press only in this game (SET OBSERVER WHITE).'],
  [{ kind: 'no-press' }, 'this game allows press only to the Master (NO_PRESS).'],
  [{ kind: 'late-orders' }, 'your orders are late: until they are in you may write only to the Master (NO LATE PRESS).'],
  [{ kind: 'must-order' }, 'this game lets a power send press only once its orders are in (MUST ORDER); you may write to the Master.'],
  [{ kind: 'partial-before-start' }, 'until the game starts, press must be a broadcast or go to the Master alone.'],
  [{ kind: 'partial-after-end' }, 'now that the game is over, press must be a broadcast or go to the Master alone.'],
  [{ kind: 'public-press' }, 'this game allows only broadcasts and press to the Master (PUBLIC_PRESS).'],
  [{ kind: 'no-grey' }, 'grey press is not allowed in this game.'],
  [{ kind: 'only-grey' }, 'this game allows only grey press (GREY_PRESS); leave out WHITE.'],
  [{ kind: 'no-fake' }, 'fake press is not allowed in this game (it needs FAKE_PRESS).'],
];

describe('session refusals', () => {
  it.each(REFUSALS.map(([refusal, text]) => ({ kind: refusal.kind, refusal, text })))('words $kind', ({ refusal, text }) => {
    expect(renderSessionRefusal(refusal)).toBe(text);
  });

  it.each(PRESS_REASONS.map(([reason, text]) => ({ kind: reason.kind, reason, text })))(
    'words the press refusal $kind after "Press refused: "',
    ({ reason, text }) => {
      expect(renderSessionRefusal({ kind: 'press', reason })).toBe(`Press refused: ${text}`);
    },
  );
});

describe('signon gates', () => {
  it('words what a gate asks, to one decimal of a percent', () => {
    expect(percent(0.925)).toBe('92.5%');
    expect(requirementText('minOnTimeRatio', 0.9)).toBe('an on-time ratio of at least 90%');
    expect(gateTitle('maxCivilDisorderRatio')).toBe('maximum civil-disorder ratio');
    expect(unmetGateText({ key: 'minOnTimeRatio', required: 0.9, ratio: 0.5, onTime: 2, total: 4 })).toBe(
      'an on-time ratio of at least 90%; yours is 50% (2 of 4 phases on time)',
    );
  });

  it('names every gate set in one sentence, or none', () => {
    expect(gatesText({ minDedication: 10, minOnTimeRatio: 0.9, maxCivilDisorderRatio: 0.1 })).toBe(
      'To join or take over a power, players need a dedication of at least 10 points, an on-time ratio of at least 90% and a civil-disorder ratio of at most 10%.',
    );
    expect(gatesText({ minDedication: null, minOnTimeRatio: null, maxCivilDisorderRatio: null })).toBeNull();
    expect(gatesText(undefined)).toBeNull();
  });
});
