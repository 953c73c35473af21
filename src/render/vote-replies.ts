// The replies to draw and concession votes and to proposals (src/judge/players/session-commands.ts decides
// what was recorded, these write it). Powers come as the names players read.

/** What a vote or proposal recorded. */
export type VoteRecord =
  | { readonly kind: 'withdrawn' }
  | { readonly kind: 'draw'; readonly between: readonly string[] | 'survivors' }
  | { readonly kind: 'draw-withdrawn' }
  | { readonly kind: 'concede'; readonly to: string }
  | { readonly kind: 'concession-withdrawn' }
  | { readonly kind: 'accept-proposal' }
  | { readonly kind: 'reject-proposal' }
  | { readonly kind: 'propose'; readonly proposal: Proposal }
  | { readonly kind: 'game-over'; readonly gameName: string; readonly end: VoteEnd };

/** How the votes ended a game: a draw between the powers named, or every other power conceding to one. */
export type VoteEnd = { readonly kind: 'draw'; readonly between: readonly string[] } | { readonly kind: 'conceded'; readonly winner: string };

/** An open proposal (PROPOSE_DIAS): a draw of all survivors, or a concession to the power named. */
export type Proposal = { readonly kind: 'dias' } | { readonly kind: 'concede'; readonly to: string };

export function renderVoteReply(vote: VoteRecord): string {
  switch (vote.kind) {
    case 'withdrawn':
      return 'Your votes for a draw or concession have been withdrawn.';
    case 'draw':
      return vote.between === 'survivors'
        ? 'Your vote for a draw including all survivors has been recorded.'
        : `Your vote for a draw between ${vote.between.join(', ')} has been recorded.`;
    case 'draw-withdrawn':
      return 'Your draw vote has been withdrawn.';
    case 'concede':
      return `You concede the game to ${vote.to}.`;
    case 'concession-withdrawn':
      return 'Your concession has been withdrawn.';
    case 'accept-proposal':
      return 'You accept the proposal.';
    case 'reject-proposal':
      return 'You reject the proposal; it is withdrawn.';
    case 'propose':
      return `Your proposal of ${proposalText(vote.proposal)} is open; you have accepted it.`;
    case 'game-over':
      return `Game '${vote.gameName}' is over. ${voteEndText(vote.end)}`;
  }
}

/** Why the game ended, in the reply and in the notice to everyone. */
export function voteEndText(end: VoteEnd): string {
  return end.kind === 'draw' ? `It ends in a draw between ${end.between.join(', ')}.` : `${end.winner} wins: every other power has conceded.`;
}

/** The notice to the other players: a proposal made (to answer), or one rejected (null). */
export function renderProposalNotice(gameName: string, proposal: Proposal | null): string {
  if (proposal === null) return 'The proposal has been rejected and withdrawn.\n';
  return `A proposal has been made in game '${gameName}': ${proposalText(proposal)}.\nAnswer it with VOTE YES or VOTE NO; it passes when every surviving power accepts.\n`;
}

/** "a draw including all survivors", "conceding the game to France". */
export function proposalText(proposal: Proposal): string {
  return proposal.kind === 'dias' ? 'a draw including all survivors' : `conceding the game to ${proposal.to}`;
}
