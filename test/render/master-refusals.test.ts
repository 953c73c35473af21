import { describe, expect, it } from 'vitest';
import { renderMasterRefusal, type MasterRefusal } from '../../src/render/master-refusals.ts';

// Why a Master's command, CREATE or a Mafia tracker's line is refused, by kind (the judge tests
// in test/judge/master-commands, time-commands, co-masters, replacements, unstart … meet them by mail).

const TEXTS: readonly (readonly [MasterRefusal, string])[] = [
  [{ kind: 'master-only', command: 'ROLLBACK' }, 'ROLLBACK is a Master command'],
  [{ kind: 'master-only', command: 'SET UNLISTED' }, 'SET UNLISTED is a Master command'],
  [{ kind: 'needs-signon', command: 'PROCESS' }, 'PROCESS needs a SIGNON first'],
  [{ kind: 'not-available', command: 'FROB' }, 'The Master command FROB is not available on this judge yet'],
  [{ kind: 'no-master', gameName: 'demo' }, "Game 'demo' has no Master"],
  [{ kind: 'no-game-named', written: 'dmeo', listedGames: ['demo', 'other'] }, "There is no game named 'dmeo'; did you mean demo?"],
  [{ kind: 'no-game-named', written: 'zzzzzz', listedGames: ['demo'] }, "There is no game named 'zzzzzz'"],
  [{ kind: 'invalid-game-name', written: 'a b' }, '"a b" is not a valid game name: use up to 32 letters, digits, - or _'],
  [{ kind: 'game-exists', gameName: 'demo' }, "A game named 'demo' already exists"],
  [{ kind: 'unknown-variant', variant: 'zeus', variants: ['ancmed', 'standard'] }, 'Unknown variant "zeus"; this judge has: ancmed, standard'],
  [
    { kind: 'create-word-unknown', word: 'frob' },
    'CREATE: "frob" is neither a variant option this judge knows (GUNBOAT, NOREVEAL) nor refused by name; nothing was created',
  ],
  [{ kind: 'create-word-refused', word: 'blind', reason: 'no blind games here' }, 'CREATE BLIND is refused: no blind games here'],
  [{ kind: 'unend-first', gameName: 'demo', status: 'completed', command: 'PROMOTE' }, "Game 'demo' is completed: UNEND it before PROMOTE"],
  [{ kind: 'not-in-preparation', gameName: 'demo', status: 'forming' }, "Game 'demo' is forming, not in preparation"],
  [{ kind: 'not-processable', gameName: 'demo', status: 'waiting' }, "Game 'demo' is waiting; only an active game can be processed"],
  [
    { kind: 'orders-missing', powers: ['France', 'Italy'] },
    'Not all orders are in: waiting for France, Italy. Send PROCESS! to process the phase now, their units holding, retreats disbanding and builds waived',
  ],
  [{ kind: 'roll-not-in-play', gameName: 'demo', status: 'forming', direction: 'back' }, "Game 'demo' is forming; only a game in play can be rolled back"],
  [
    { kind: 'roll-not-in-play', gameName: 'demo', status: 'terminated', direction: 'forward' },
    "Game 'demo' is terminated; only a game in play can be rolled forward (UNEND it first)",
  ],
  [{ kind: 'roll-no-stored-phase', gameName: 'demo', phaseId: 'F1905M' }, "Game 'demo' has no stored phase F1905M"],
  [{ kind: 'roll-nowhere', gameName: 'demo', direction: 'back' }, "Game 'demo' is in its first phase: there is nothing to roll back"],
  [{ kind: 'roll-nowhere', gameName: 'demo', direction: 'forward' }, "Game 'demo' has no rolled-back phase to roll forward to"],
  [{ kind: 'roll-wrong-side', phaseId: 'F1901M', direction: 'back', currentPhaseId: 'S1901M' }, 'F1901M is not before the current phase S1901M'],
  [{ kind: 'roll-wrong-side', phaseId: 'S1901M', direction: 'forward', currentPhaseId: 'F1901M' }, 'S1901M is not after the current phase F1901M'],
  [{ kind: 'ended-already', gameName: 'demo', status: 'terminated' }, "Game 'demo' is terminated already"],
  [{ kind: 'not-pausable', gameName: 'demo', status: 'waiting' }, "Game 'demo' is waiting; only an active game can be paused"],
  [{ kind: 'activate-ended', gameName: 'demo', status: 'completed' }, "Game 'demo' is completed; UNEND resumes it"],
  [{ kind: 'not-activatable', gameName: 'demo', status: 'active' }, "Game 'demo' is active; ACTIVATE resumes a paused or waiting game or starts a forming one"],
  [{ kind: 'other-game-named', command: 'PURGE', named: 'other', gameName: 'demo' }, "PURGE names game 'other', but you are signed on to 'demo'"],
  [{ kind: 'master-password-needed', command: 'RENAME', gameName: 'demo' }, "RENAME needs the Master's password of game 'demo'"],
  [
    { kind: 'not-purgeable', gameName: 'demo', status: 'forming', playersJoined: true },
    "Game 'demo' cannot be purged: players have joined it. TERMINATE ends it instead",
  ],
  [
    { kind: 'not-purgeable', gameName: 'demo', status: 'active', playersJoined: false },
    "Game 'demo' cannot be purged: it is active. TERMINATE ends it instead",
  ],
  [{ kind: 'no-phase-to-preview', gameName: 'demo', status: 'forming' }, "Game 'demo' is forming: there is no phase to preview"],
  [{ kind: 'not-a-power', token: 'Itlay', gameName: 'demo', suggestFrom: ['France', 'Italy'] }, `"Itlay" is not a power of game 'demo'; did you mean Italy?`],
  [{ kind: 'not-a-power', token: 'France', gameName: 'demo', suggestFrom: [] }, `"France" is not a power of game 'demo'`],
  [{ kind: 'nobody-to-vacate', gameName: 'demo', status: 'forming', by: 'eject' }, "Game 'demo' is forming: there is nobody to eject"],
  [{ kind: 'no-player-to', power: 'France', action: 'resign' }, 'France has no player to resign'],
  [{ kind: 'no-player-to', power: 'France', action: 'promote' }, 'France has no player to promote'],
  [{ kind: 'dummy-already', power: 'France' }, 'France is a dummy already'],
  [{ kind: 'being-played', power: 'France' }, 'France is being played'],
  [{ kind: 'never-played', power: 'France' }, 'France has never had a player; RESIGN France frees it for TAKEOVER'],
  [{ kind: 'no-power-to-act-for', gameName: 'demo' }, "Game 'demo' has not started: there is no power to act for"],
  [{ kind: 'not-revealable', gameName: 'demo', status: 'active' }, "Game 'demo' is active; its players are revealed only after it has ended"],
  [{ kind: 'not-unstartable', gameName: 'demo', status: 'forming' }, "Game 'demo' is forming; only a game that has started can go back to forming"],
  [
    { kind: 'first-phase-processed', gameName: 'demo', phaseId: 'S1901M' },
    "Game 'demo' has processed S1901M already: only a game still in its first phase can go back to forming (ROLLBACK to the first phase instead)",
  ],
  [
    { kind: 'first-phase-processed', gameName: 'demo', phaseId: null },
    "Game 'demo' has processed its first phase already: only a game still in its first phase can go back to forming (ROLLBACK to the first phase instead)",
  ],
  [
    { kind: 'promote-whom', gameName: 'demo', token: 'nobody' },
    `PROMOTE names a player or observer of game 'demo' (an address, a power or an observer's name); "nobody" is none of them`,
  ],
  [{ kind: 'master-already', address: 'gm@x.org', gameName: 'demo' }, "gm@x.org is a Master of game 'demo' already"],
  [{ kind: 'no-password-to-promote', address: 'p@x.org', gameName: 'demo' }, "p@x.org has no password in game 'demo' to sign on as Master with"],
  [
    { kind: 'last-master', gameName: 'demo' },
    "You are the only Master of game 'demo' and cannot leave it without one: PROMOTE another Master first, or hand the game over with TAKEOVER master@demo",
  ],
  [{ kind: 'no-deadline-to-change', gameName: 'demo', status: 'forming' }, "Game 'demo' is forming: it has no deadline to change"],
  [{ kind: 'deadline-not-yours' }, 'Only the Master, or players in PLAYER_DEADLINES games, can change the deadline'],
  [{ kind: 'deadline-master-only', gameName: 'demo' }, "Only the Master can change the deadline of game 'demo' (it does not have PLAYER_DEADLINES)"],
  [{ kind: 'deadline-refused', reason: 'the deadline may only be extended' }, 'The deadline may only be extended'],
  [{ kind: 'date-unreadable', command: 'SET GRACE', written: 'Smarch 3', reason: 'no such month' }, 'SET GRACE Smarch 3: no such month'],
  [{ kind: 'grace-extend-only' }, 'Players may only extend the grace period'],
  [{ kind: 'no-deadline-to-move', gameName: 'demo' }, "Game 'demo' has no deadline to move; set one with SET DEADLINE"],
  [{ kind: 'activate-first', gameName: 'demo', status: 'waiting' }, "Game 'demo' is waiting; ACTIVATE it first"],
  [{ kind: 'not-endable', gameName: 'demo', status: 'forming' }, "Game 'demo' is forming; only a game in play can be ended"],
  [{ kind: 'not-unendable', gameName: 'demo', status: 'active' }, "Game 'demo' is active; only a game that has ended can be unended"],
  [{ kind: 'absence-not-yours' }, 'Only players and the Master can set absences'],
  [{ kind: 'game-is', gameName: 'demo', status: 'completed' }, "Game 'demo' is completed"],
  [{ kind: 'absence-refused', command: 'SET NO ABSENCE', reason: 'no absence starts then' }, 'SET NO ABSENCE: no absence starts then'],
  [{ kind: 'game-zone-needed' }, "The game always has a zone: give the Master's SET ZONE a zone, e.g. SET ZONE Europe/London"],
  [
    { kind: 'replacement-no-address', written: 'bob@home' },
    `Write the new player's address before HAS REPLACED, e.g. alice@example.org HAS REPLACED France; "bob@home" is no address`,
  ],
  [{ kind: 'not-handable', gameName: 'demo', status: 'forming' }, "Game 'demo' is forming: only a power of a game in play can be handed to a new player"],
  [{ kind: 'neither-power-nor-player', old: 'Narnia', gameName: 'demo' }, `"Narnia" is neither a power of game 'demo' nor the address of one of its players`],
  [{ kind: 'plays-already', newcomer: 'p@x.org', power: 'France' }, 'p@x.org already plays France'],
  [{ kind: 'plays-in-game', newcomer: 'p8@players.example', gameName: 'demo' }, "p8@players.example already plays in game 'demo'"],
  [
    {
      kind: 'newcomer-refused',
      newcomer: 'p@x.org',
      reason: "Your record does not meet what game 'demo' asks of players who take over a power in it: 3 games started. (GET DEDICATION shows your record.)",
    },
    "The record of p@x.org does not meet what game 'demo' asks of players who take over a power in it: 3 games started.",
  ],
  [
    { kind: 'newcomer-refused', newcomer: 'p@x.org', reason: "The Master of game 'demo' does not allow you to take over a power in it" },
    "The Master of game 'demo' does not allow p@x.org to take over a power in it",
  ],
];

describe('Master refusals', () => {
  it.each(TEXTS)('%o', (refusal, text) => {
    expect(renderMasterRefusal(refusal)).toBe(text);
  });
});
