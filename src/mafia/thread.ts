import type { EarlierPosts, MafiaEffect } from './effects.ts';
import { sameNick } from './names.ts';
import { type KeptPost, type MafiaState, phaseAt } from './state.ts';

// What the game keeps of its posts, so that a replacement reads what the seat could read before them,
// as a forum's replacement reads the thread and the group's quick topic. The state is loaded for every
// mail to the game, so what it keeps is bounded: the newest posts, within a count and a size.

export const KEPT_POSTS = 500;
export const KEPT_POST_CHARACTERS = 256 * 1024;

/**
 * The state after a step, `state`, with the step's posts kept as written in `before` (their phase and
 * authors' seats; a GM's post may end the phase it was written in), the oldest let go beyond the bounds.
 */
export function keepPosts(before: MafiaState, state: MafiaState, effects: readonly MafiaEffect[]): MafiaState {
  const seatOf = (from: string) => (from === 'gm' ? null : (before.players.find((p) => sameNick(p.nick, from))?.seat ?? null));
  const added = effects.flatMap((e) =>
    e.kind === 'post' ? [{ from: e.from, seat: seatOf(e.from), channel: e.channel, text: e.text, phaseIndex: before.phaseIndex }] : [],
  );
  if (added.length === 0) return state;
  const posts = [...(state.thread ?? []), ...added];
  let characters = posts.reduce((sum, p) => sum + p.text.length, 0);
  let dropped = 0;
  while (posts.length - dropped > KEPT_POSTS || (characters > KEPT_POST_CHARACTERS && posts.length - dropped > 1)) {
    characters -= posts[dropped]!.text.length;
    dropped++;
  }
  return { ...state, thread: posts.slice(dropped), threadDropped: (state.threadDropped ?? 0) + dropped };
}

/** The kept posts the holder of `seat` could read: the thread, its groups' posts and the seat's own. */
export function postsReadableBy(state: MafiaState, seat: number): EarlierPosts {
  const groups = state.groups.filter((g) => g.seats.includes(seat));
  const readable = (post: KeptPost) => post.channel === 'everyone' || post.seat === seat || groups.some((g) => sameNick(g.name, post.channel));
  return {
    posts: (state.thread ?? []).filter(readable).map(({ from, channel, text, phaseIndex }) => ({ from, channel, text, phase: phaseAt(phaseIndex) })),
    dropped: state.threadDropped ?? 0,
  };
}
