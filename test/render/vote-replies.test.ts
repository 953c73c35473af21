import { describe, expect, it } from 'vitest';
import { proposalText, renderProposalNotice, renderVoteReply, voteEndText } from '../../src/render/vote-replies.ts';

// The words of the vote replies, as players have always had them (test/judge/votes.test.ts plays them by mail).

describe('vote replies', () => {
  it.each([
    [{ kind: 'withdrawn' } as const, 'Your votes for a draw or concession have been withdrawn.'],
    [{ kind: 'draw', between: 'survivors' } as const, 'Your vote for a draw including all survivors has been recorded.'],
    [{ kind: 'draw', between: ['England', 'France'] } as const, 'Your vote for a draw between England, France has been recorded.'],
    [{ kind: 'draw-withdrawn' } as const, 'Your draw vote has been withdrawn.'],
    [{ kind: 'concede', to: 'Turkey' } as const, 'You concede the game to Turkey.'],
    [{ kind: 'concession-withdrawn' } as const, 'Your concession has been withdrawn.'],
    [{ kind: 'accept-proposal' } as const, 'You accept the proposal.'],
    [{ kind: 'reject-proposal' } as const, 'You reject the proposal; it is withdrawn.'],
    [{ kind: 'propose', proposal: { kind: 'dias' } } as const, 'Your proposal of a draw including all survivors is open; you have accepted it.'],
    [{ kind: 'propose', proposal: { kind: 'concede', to: 'Russia' } } as const, 'Your proposal of conceding the game to Russia is open; you have accepted it.'],
    [
      { kind: 'game-over', gameName: 'demo', end: { kind: 'draw', between: ['England', 'France'] } } as const,
      "Game 'demo' is over. It ends in a draw between England, France.",
    ],
    [
      { kind: 'game-over', gameName: 'demo', end: { kind: 'conceded', winner: 'Turkey' } } as const,
      "Game 'demo' is over. Turkey wins: every other power has conceded.",
    ],
  ])('%j', (vote, text) => {
    expect(renderVoteReply(vote)).toBe(text);
  });

  it('names a proposal the same way in the reply and in the notice to the others', () => {
    expect(proposalText({ kind: 'concede', to: 'Italy' })).toBe('conceding the game to Italy');
  });

  it('says why the game ended the same way in the reply and in the notice to everyone', () => {
    expect(voteEndText({ kind: 'conceded', winner: 'Italy' })).toBe('Italy wins: every other power has conceded.');
  });

  it('tells the other players of a proposal made or rejected', () => {
    expect(renderProposalNotice('demo', { kind: 'dias' })).toBe(
      "A proposal has been made in game 'demo': a draw including all survivors.\nAnswer it with VOTE YES or VOTE NO; it passes when every surviving power accepts.\n",
    );
    expect(renderProposalNotice('demo', null)).toBe('The proposal has been rejected and withdrawn.\n');
  });
});
