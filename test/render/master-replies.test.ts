import { describe, expect, it } from 'vitest';
import { renderMasterReply, rollOrdersText, rollText, type Roll } from '../../src/render/master-replies.ts';

// The words of the replies to the Master's commands, as Masters have always had them
// (test/judge/master-commands.test.ts, unstart.test.ts and replacements.test.ts play them by mail).

const roll = (direction: Roll['direction'], reordered: boolean, full = false): Roll => ({ gameName: 'demo', direction, phaseId: 'S1901M', full, reordered });

describe('master replies', () => {
  it.each([
    [{ kind: 'forming', gameName: 'demo' } as const, "Game 'demo' is now forming: players may JOIN demo <password>."],
    [{ kind: 'processed', phaseId: 'S1901M', defaulted: [] } as const, 'S1901M has been processed.'],
    [
      { kind: 'processed', phaseId: 'S1901M', defaulted: ['Austria', 'Italy'] } as const,
      'S1901M has been processed; Austria, Italy took the civil-disorder defaults.',
    ],
    [{ kind: 'rolled', roll: roll('back', false) } as const, "The Master has rolled game 'demo' back to S1901M. Its orders have been cleared."],
    [
      { kind: 'rolled', roll: roll('forward', false, true) } as const,
      "The Master has rolled game 'demo' forward to S1901M, players and rules included. Its orders are as they were.",
    ],
    [
      { kind: 'rolled', roll: roll('back', true) } as const,
      "The Master has rolled game 'demo' back to S1901M. The orders it was processed with have been kept; their players are set to WAIT, so it is not processed again before the deadline unless they SET NOWAIT.",
    ],
    [{ kind: 'terminated', gameName: 'demo' } as const, "Game 'demo' has been terminated."],
    [{ kind: 'paused', gameName: 'demo' } as const, "Game 'demo' is paused (waiting). ACTIVATE resumes it."],
    [{ kind: 'activated', gameName: 'demo' } as const, "Game 'demo' is active again."],
    [{ kind: 'purged', gameName: 'demo' } as const, "Game 'demo' has been purged."],
    [{ kind: 'renamed', gameName: 'demo', newName: 'demo2' } as const, "Game 'demo' is now called 'demo2'."],
    [
      { kind: 'gate-set', gameName: 'demo', gateTitle: 'dedication requirement', requirement: null } as const,
      "Game 'demo' no longer has a dedication requirement.",
    ],
    [
      { kind: 'gate-set', gameName: 'demo', gateTitle: 'dedication requirement', requirement: 'a dedication of at least 10' } as const,
      "Game 'demo' now asks for a dedication of at least 10 of players who join or take over a power.",
    ],
    [{ kind: 'listed', gameName: 'demo', listed: true } as const, "Game 'demo' is now listed."],
    [{ kind: 'listed', gameName: 'demo', listed: false } as const, "Game 'demo' is now unlisted."],
    [{ kind: 'preview-mailed', phaseId: 'F1901M' } as const, 'A preview of the F1901M results has been mailed to you; nothing has been saved.'],
    [{ kind: 'filled', gameName: 'demo' } as const, "Every power has a player again: game 'demo' goes on."],
    [{ kind: 'watcher-removed', who: 'kibitz@example.org', role: 'observer', gameName: 'demo' } as const, "kibitz@example.org no longer observes game 'demo'."],
    [{ kind: 'watcher-removed', who: 'press', role: 'monitor', gameName: 'demo' } as const, "press no longer monitors game 'demo'."],
    [{ kind: 'vacated', power: 'France', gameName: 'demo' } as const, "France is vacant; game 'demo' waits for a replacement."],
    [{ kind: 'dummied', power: 'France' } as const, 'France is now a dummy.'],
    [{ kind: 'revived', power: 'France', newPassword: false } as const, 'France is played again by its former player.'],
    [{ kind: 'revived', power: 'France', newPassword: true } as const, 'France is played again by its former player, with the password you gave.'],
    [{ kind: 'acting-as-master' } as const, 'You act as the Master again.'],
    [{ kind: 'acting-as', power: 'France' } as const, 'You act as France for the rest of this block.'],
    [{ kind: 'official-press-on', subject: 'Rules' } as const, 'Your press in the rest of this block goes out as official notices titled "Rules".'],
    [{ kind: 'official-press-sent', subject: 'Rules', readers: 1, body: 'No talking.' } as const, 'Official notice "Rules" sent to 1 reader:\n\nNo talking.'],
    [{ kind: 'official-press-sent', subject: 'Rules', readers: 7, body: 'No talking.' } as const, 'Official notice "Rules" sent to 7 readers:\n\nNo talking.'],
    [{ kind: 'revealed', gameName: 'demo' } as const, "The players of game 'demo' have been revealed to everyone."],
    [
      { kind: 'unstarted', gameName: 'demo', players: 5, powers: 7 } as const,
      "Game 'demo' is forming again with 5 of 7 players; it starts when it is full or you ACTIVATE it.",
    ],
    [
      { kind: 'promoted', address: 'bob@players.example', gameName: 'demo', masters: 2 } as const,
      "bob@players.example is now a Master of game 'demo' (2 Masters), signing on with their own password.",
    ],
    [{ kind: 'stepped-down', gameName: 'demo', mastersLeft: 1 } as const, "You are no longer a Master of game 'demo'; one Master remains."],
    [{ kind: 'stepped-down', gameName: 'demo', mastersLeft: 3 } as const, "You are no longer a Master of game 'demo'; 3 Masters remain."],
    [
      { kind: 'replaced', newcomer: 'new@players.example', power: 'France', gameName: 'demo' } as const,
      "new@players.example now plays France in game 'demo'; they have been sent a password.",
    ],
  ])('%j', (record, text) => {
    expect(renderMasterReply(record)).toBe(text);
  });

  it('tells a roll alike in the reply and in the notice to everyone', () => {
    expect(rollText(roll('forward', true))).toBe("The Master has rolled game 'demo' forward to S1901M.");
    expect(rollOrdersText(roll('forward', true))).toBe(
      'The orders it was processed with have been restored; their players are set to WAIT, so it is not processed again before the deadline unless they SET NOWAIT.',
    );
  });
});
