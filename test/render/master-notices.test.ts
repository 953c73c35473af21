import { describe, expect, it } from 'vitest';
import { deadlineLine, renderMasterNotice } from '../../src/render/master-notices.ts';
import { noticeTitle } from '../../src/render/notice-titles.ts';
import { renderSeatNotice } from '../../src/render/seat-notices.ts';

// The words of the notices a Master's command sends and of those when a power changes hands, as
// players have always had them (test/judge/master-commands.test.ts, replacements.test.ts and
// unstart.test.ts read them from the outbox).

const roll = { gameName: 'demo', direction: 'back', phaseId: 'S1901M', full: false, reordered: false } as const;

describe('Master notices', () => {
  it.each([
    [
      { kind: 'rolled', roll, deadline: 'Fri 7 Mar 2025 12:00 UTC' } as const,
      "The Master has rolled game 'demo' back to S1901M.\nIts orders have been cleared.\nThe deadline is Fri 7 Mar 2025 12:00 UTC.\n",
    ],
    [{ kind: 'rolled', roll, deadline: null } as const, "The Master has rolled game 'demo' back to S1901M.\nIts orders have been cleared.\n"],
    [{ kind: 'terminated', gameName: 'demo' } as const, "The Master has terminated game 'demo'.\n"],
    [{ kind: 'paused', gameName: 'demo' } as const, "The Master has paused game 'demo': nothing is processed until the Master activates it again.\n"],
    [{ kind: 'activated', gameName: 'demo', deadline: null } as const, "The Master has activated game 'demo' again.\n"],
    [
      { kind: 'activated', gameName: 'demo', deadline: 'Fri 7 Mar 2025 12:00 UTC' } as const,
      "The Master has activated game 'demo' again.\nThe deadline is Fri 7 Mar 2025 12:00 UTC.\n",
    ],
    [{ kind: 'purged', gameName: 'demo' } as const, "The Master has purged game 'demo': it no longer exists.\n"],
    [{ kind: 'renamed', gameName: 'demo', newName: 'demo2' } as const, "The Master has renamed game 'demo' to 'demo2'. Sign on to it as demo2 from now on.\n"],
    [
      { kind: 'gate-set', gameName: 'demo', gateTitle: 'dedication requirement', requirement: null } as const,
      "The Master has removed the dedication requirement required to join game 'demo' or take over a power in it.\n",
    ],
    [
      { kind: 'gate-set', gameName: 'demo', gateTitle: 'dedication requirement', requirement: 'a dedication of at least 10' } as const,
      "The Master has set a signon requirement for game 'demo': to join or take over a power, players need a dedication of at least 10.\n",
    ],
    [{ kind: 'listed', gameName: 'demo', listed: true } as const, "The Master has made game 'demo' listed: LIST and SEARCH show it.\n"],
    [{ kind: 'listed', gameName: 'demo', listed: false } as const, "The Master has made game 'demo' unlisted: LIST and SEARCH no longer show it.\n"],
    [
      { kind: 'preview', results: 'Movement results for Spring of 1901.\n' } as const,
      'PREVIEW: nothing has been saved, and nobody else has seen this.\n\nMovement results for Spring of 1901.\n',
    ],
    [{ kind: 'you-ejected', gameName: 'demo' } as const, "The Master has removed you from game 'demo'.\n"],
    [{ kind: 'you-vacated', power: 'France', gameName: 'demo', by: 'resign' } as const, "The Master has resigned you from France in game 'demo'.\n"],
    [{ kind: 'you-vacated', power: 'France', gameName: 'demo', by: 'eject' } as const, "The Master has removed you from France in game 'demo'.\n"],
    [{ kind: 'you-dummied', power: 'France', gameName: 'demo' } as const, "The Master has made France a dummy in game 'demo': you no longer play it.\n"],
    [{ kind: 'dummied', power: 'France', gameName: 'demo' } as const, "France is now a dummy in game 'demo': its units hold unless the Master orders them.\n"],
    [
      { kind: 'you-revived', power: 'France', gameName: 'demo', newPassword: true } as const,
      "The Master has given France in game 'demo' back to you; the Master will tell you its new password.\n",
    ],
    [
      { kind: 'you-revived', power: 'France', gameName: 'demo', newPassword: false } as const,
      "The Master has given France in game 'demo' back to you, with your old password.\n",
    ],
    [{ kind: 'revived', power: 'France', gameName: 'demo' } as const, "France is played again in game 'demo'.\n"],
    [
      { kind: 'acting-for-you', power: 'France', gameName: 'demo' } as const,
      "The Master of game 'demo' is acting as France; you will be sent a copy of what is done.\n",
    ],
    [
      { kind: 'unstarted', gameName: 'demo', players: 5, powers: 7, powersKept: false } as const,
      "The Master has taken game 'demo' back to forming: 5 of 7 players; powers are assigned again when it starts.\n",
    ],
    [
      { kind: 'unstarted', gameName: 'demo', players: 5, powers: 7, powersKept: true } as const,
      "The Master has taken game 'demo' back to forming: 5 of 7 players.\n",
    ],
    [
      { kind: 'become-copy', gameName: 'demo', power: 'France', lines: ['A Par-Bur', 'SET WAIT'], replies: ['Orders for France:', 'Wait flag set.'] } as const,
      "The Master of game 'demo', acting as France, wrote:\n\n  A Par-Bur\n  SET WAIT\n\nThe judge answered:\n\nOrders for France:\nWait flag set.\n",
    ],
    [{ kind: 'game-full', gameName: 'demo' } as const, "Every power of game 'demo' is taken. It starts when you send ACTIVATE (MANUAL START).\n"],
    [
      { kind: 'you-promoted', gameName: 'demo', seatRole: 'power' } as const,
      "You are now a Master of game 'demo'. Sign on as its Master with SIGNON Mdemo and the password you play with; RESIGN after that sign-on steps down.\n",
    ],
    [
      { kind: 'you-promoted', gameName: 'demo', seatRole: 'observer' } as const,
      "You are now a Master of game 'demo'. Sign on as its Master with SIGNON Mdemo and the password you observe with; RESIGN after that sign-on steps down.\n",
    ],
    [
      { kind: 'masters-changed', gameName: 'demo', masters: 2, who: { address: 'bob@players.example', change: 'promoted' } } as const,
      "bob@players.example has been made a Master of game 'demo'.\nGame 'demo' has 2 Masters now.\n",
    ],
    [
      { kind: 'masters-changed', gameName: 'demo', masters: 1, who: { address: 'bob@players.example', change: 'stepped-down' } } as const,
      "bob@players.example has stepped down as a Master of game 'demo'.\nGame 'demo' has one Master now.\n",
    ],
    [
      { kind: 'masters-changed', gameName: 'demo', masters: 3, who: null } as const,
      "The Masters of game 'demo' have changed. Game 'demo' has 3 Masters now.\n",
    ],
  ])('%j', (notice, text) => {
    expect(renderMasterNotice(notice)).toBe(text);
  });

  it('writes no deadline line without a deadline', () => {
    expect(deadlineLine(null)).toBe('');
  });
});

describe('seat notices', () => {
  it.each([
    [
      { kind: 'vacated', power: 'France', gameName: 'demo', how: 'resigned' } as const,
      "France has resigned from game 'demo'. The game waits for a replacement:\nanyone may send TAKEOVER france@demo <password> to play France.\n",
    ],
    [
      { kind: 'vacated', power: 'France', gameName: 'demo', how: 'resigned-by-master' } as const,
      "France has been resigned by the Master in game 'demo'. The game waits for a replacement:\nanyone may send TAKEOVER france@demo <password> to play France.\n",
    ],
    [
      { kind: 'vacated', power: 'France', gameName: 'demo', how: 'ejected' } as const,
      "France has been ejected in game 'demo'. The game waits for a replacement:\nanyone may send TAKEOVER france@demo <password> to play France.\n",
    ],
    [{ kind: 'taken-over', power: 'France', gameName: 'demo' } as const, "France in game 'demo' has been taken over by a new player.\n"],
    [{ kind: 'handed-over', power: 'France', gameName: 'demo' } as const, "The Master of game 'demo' has handed France to a new player.\n"],
    [{ kind: 'reclaimed', power: 'France', gameName: 'demo' } as const, "France in game 'demo' is played again by its player.\n"],
    [
      { kind: 'handed-to-you', power: 'France', initial: 'F', gameName: 'demo', password: 'k3xq9' } as const,
      "The Master of Diplomacy game 'demo' has handed France to you.\nSign on with:  SIGNON Fdemo k3xq9\nand change the password at once with SET PASSWORD. LIST demo shows the game.\n",
    ],
  ])('%j', (notice, text) => {
    expect(renderSeatNotice(notice)).toBe(text);
  });
});

describe('notice titles', () => {
  it.each([
    ['parameter-change', 'Parameter Change'],
    ['rollback', 'Rollback'],
    ['rollforward', 'Rollforward'],
    ['preview', 'Preview'],
    ['ejected', 'Ejected'],
    ['game-unstarted', 'Game unstarted'],
    ['game-full', 'Game full'],
    ['game-starting', 'Game starting'],
    ['promoted', 'Promoted'],
    ['proposal', 'Proposal'],
    ['proposal-rejected', 'Proposal rejected'],
    ['absence-notice', 'Absence Notice'],
    ['official-notice', 'Official notice'],
    [{ kind: 'resignation', power: 'France' }, 'Resignation: France'],
    [{ kind: 'dummy', power: 'France' }, 'Dummy: France'],
    [{ kind: 'revived', power: 'France' }, 'Revived: France'],
    [{ kind: 'master-as', power: 'France' }, 'Master as France'],
    [{ kind: 'new-player-signon', initial: 'F' }, 'New Player Signon: F'],
  ] as const)('%j', (title, text) => {
    expect(noticeTitle(title)).toBe(text);
  });
});
