import { describe, expect, it } from 'vitest';
import { availableActionLine, werewolfEffectText, werewolfRefusalText } from '../../src/render/werewolf-narration.ts';

// The narrator's words: results, announcements, deaths, the end, prompts and refusals.

describe("the narrator's words", () => {
  it('words private results and public announcements', () => {
    expect(werewolfEffectText({ kind: 'role-dealt', player: 'ann', role: 'Seer', roleClass: 'Townsfolk', category: 'Investigative', team: 'Townsfolk' })).toBe(
      'You are a Seer (Townsfolk Investigative), playing for the Townsfolk.',
    );
    expect(werewolfEffectText({ kind: 'investigated', investigator: 'ann', target: 'bob', subtype: 'Alignment', result: 'Werewolf' })).toBe(
      'Your investigation of bob: their alignment is Werewolf.',
    );
    expect(werewolfEffectText({ kind: 'death', player: 'bob', role: 'Werewolf', cause: 'Lynch' })).toBe('bob has been lynched. They were a Werewolf.');
    expect(werewolfEffectText({ kind: 'death', player: 'eve', role: 'Elder', cause: 'Attack' })).toBe('eve has died. They were an Elder.');
    expect(werewolfEffectText({ kind: 'phase-started', phase: { time: 'Day', number: 2 } })).toBe('Day 2 begins.');
  });

  it('words a tally with and without voters, and the end with every role', () => {
    expect(
      werewolfEffectText({
        kind: 'poll-closed',
        poll: 'Lynch',
        tally: [
          { choice: 'bob', votes: 3, voters: ['ann', 'cat'] },
          { choice: 'Abstain', votes: 1, voters: ['dan'] },
        ],
        winner: 'bob',
      }),
    ).toBe('The Lynch poll is closed: bob is chosen.\n  bob (3): ann, cat\n  Abstain (1): dan');
    expect(werewolfEffectText({ kind: 'poll-closed', poll: 'Lynch', tally: [{ choice: 'bob', votes: 1, voters: null }], winner: null })).toBe(
      'The Lynch poll is closed: no one is chosen.\n  bob (1)',
    );
    expect(
      werewolfEffectText({
        kind: 'game-ended',
        winners: ['Townsfolk'],
        winningPlayers: ['ann'],
        roles: [
          { player: 'ann', role: 'Seer' },
          { player: 'bob', role: 'Werewolf' },
        ],
      }),
    ).toBe('The game is over: the Townsfolk wins (ann).\n  ann: Seer\n  bob: Werewolf');
  });

  it('words the prompt of an action and of a vote', () => {
    expect(
      availableActionLine({
        kind: 'action',
        actionId: 'Seer#1',
        verb: 'INVESTIGATE',
        timing: 'End',
        choices: ['bob', 'cat'],
        needsSelection: true,
        uses: 1,
        chosen: ['cat'],
        prompt: null,
      }),
    ).toBe('INVESTIGATE name (at the end of the phase): one of bob, cat. Now: cat.');
    expect(
      availableActionLine({
        kind: 'action',
        actionId: 'Mayor#1',
        verb: 'REVEAL',
        timing: 'Immediate',
        choices: [],
        needsSelection: false,
        uses: 1,
        chosen: [],
        prompt: null,
      }),
    ).toBe('REVEAL (at once).');
    expect(availableActionLine({ kind: 'vote', poll: 'Wolfpack', choices: ['bob', 'Abstain'], chosen: null })).toBe('VOTE Wolfpack name: one of bob, Abstain.');
  });

  it('words refusals', () => {
    expect(werewolfRefusalText({ kind: 'restricted', actionId: 'Doctor#1', why: 'target-succession' })).toBe(
      'You cannot choose the same player two phases running.',
    );
    expect(werewolfRefusalText({ kind: 'bad-choice', written: 'zed', choices: ['bob', 'cat', 'Abstain'] })).toBe(
      'zed is not a choice; vote for one of bob, cat or Abstain.',
    );
    expect(werewolfRefusalText({ kind: 'no-role-list', players: 8, sizes: [5, 7, 9] })).toBe(
      'The role set has no role list for 8 players (it has lists for 5, 7 or 9).',
    );
  });
});
