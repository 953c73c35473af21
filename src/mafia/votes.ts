import type { CountLine, DayOutcome, VoteCount } from './effects.ts';
import { nickKey } from './names.ts';
import { currentPhase, livingPlayers, majorityOf, type MafiaState, type VoteTarget } from './state.ts';

// Votes as players write them, in a command block or anywhere in a post:
//   VOTE Bob        VOTE: Bob        VOTE NO LYNCH       UNVOTE       UNVOTE: (forum style)
// In a post only the forum forms count: "VOTE:" anywhere on a line, "UNVOTE" opening a line or
// followed by a colon, so prose ("I will vote Bob later") is not a vote. The last one in a post wins.

/** A vote as written: the words after VOTE (a nick, maybe followed by prose), NO LYNCH, or UNVOTE. */
export type WrittenVote = { readonly kind: 'vote'; readonly written: string } | { readonly kind: 'no-lynch' } | { readonly kind: 'unvote' };

const NO_LYNCH = /^no[\s-]*lynch\b/i;

function written(rest: string): WrittenVote {
  const text = rest.trim();
  return NO_LYNCH.test(text) ? { kind: 'no-lynch' } : { kind: 'vote', written: text };
}

/** A command line VOTE …, VOTE: …, UNVOTE; null when the line is none of them. */
export function parseVoteLine(line: string): WrittenVote | null {
  const text = line.trim();
  if (/^UNVOTE\b:?\s*$/i.test(text)) return { kind: 'unvote' };
  const vote = /^VOTE\b:?\s*(.+)$/i.exec(text);
  return vote ? written(vote[1]!) : null;
}

/** The last vote written in a post, or null when it holds none. */
export function voteInPost(text: string): WrittenVote | null {
  let last: WrittenVote | null = null;
  for (const line of text.split(/\r?\n/)) {
    for (const match of line.matchAll(/(?:^|[^\p{L}\p{N}])(UN)?VOTE\s*:\s*([^\n]*)|^\s*(UNVOTE)\b/giu)) {
      if (match[3] !== undefined || match[1] !== undefined) last = { kind: 'unvote' };
      else last = written(match[2]!);
    }
  }
  return last;
}

/**
 * The player a vote names: the longest run of the written words, from the start, that is a
 * player's nick ("Bob because he lied" names Bob, "Dark Lord" a two-word nick). Null: none.
 */
export function namedPlayer<T extends { readonly nick: string }>(writtenText: string, players: readonly T[]): T | null {
  const words = writtenText.trim().replace(/[*_]+/g, ' ').split(/\s+/);
  for (let length = Math.min(words.length, 6); length >= 1; length--) {
    const key = nickKey(
      words
        .slice(0, length)
        .join(' ')
        .replace(/[.,;:!?)"']+$/, ''),
    );
    const player = players.find((p) => nickKey(p.nick) === key);
    if (player) return player;
  }
  return null;
}

function targetName(state: MafiaState, target: VoteTarget): string | 'no-lynch' {
  return target === 'no-lynch' ? 'no-lynch' : (state.players.find((p) => p.seat === target)?.nick ?? '?');
}

export function voteCount(state: MafiaState): VoteCount {
  const living = livingPlayers(state);
  const nickOf = (seat: number): string => state.players.find((p) => p.seat === seat)!.nick;
  const byTarget = new Map<VoteTarget, string[]>();
  for (const vote of state.votes) byTarget.set(vote.target, [...(byTarget.get(vote.target) ?? []), nickOf(vote.voter)]);
  // Most votes first; between equals, the one that reached its count first (the earlier last voter).
  const order = [...byTarget.keys()];
  const lastVoteAt = (target: VoteTarget): number => {
    const voters = state.votes.map((v, i) => (v.target === target ? i : -1)).filter((i) => i >= 0);
    return voters[voters.length - 1] ?? 0;
  };
  order.sort((a, b) => byTarget.get(b)!.length - byTarget.get(a)!.length || lastVoteAt(a) - lastVoteAt(b));
  const lines: CountLine[] = order.map((target) => ({ target: targetName(state, target), voters: byTarget.get(target)! }));
  const voted = new Set(state.votes.map((v) => v.voter));
  return {
    phase: currentPhase(state),
    lines,
    notVoting: living.filter((p) => !voted.has(p.seat)).map((p) => p.nick),
    living: living.length,
    needed: majorityOf(living.length),
    lynch: state.settings.lynch,
  };
}

/** The target with a majority, or null. */
export function majorityReached(count: VoteCount): CountLine | null {
  return count.lines.find((line) => line.voters.length >= count.needed) ?? null;
}

/** What the count decides at the end of the day, by the game's lynch rule. */
export function dayOutcome(count: VoteCount): DayOutcome {
  const top = count.lines[0];
  if (top === undefined) return { kind: 'nobody', votes: 0 };
  const votes = top.voters.length;
  if (count.lynch === 'majority' && votes < count.needed) return { kind: 'nobody', votes };
  const tied = count.lines.filter((line) => line.voters.length === votes);
  if (tied.length > 1) return { kind: 'tie', nicks: tied.map((line) => line.target), votes };
  return top.target === 'no-lynch' ? { kind: 'no-lynch', votes } : { kind: 'lynch', nick: top.target, votes };
}
