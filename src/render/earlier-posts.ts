// A replacement's catch-up in a Mafia or Werewolf game: the posts the seat could read before them,
// oldest first, as a forum's replacement reads the thread. Each kind words a post's phase, author
// and audience its own way; the catch-up around them is the same.

/** One post, its phase, author and audience already in the kind's words. */
export interface WordedPost {
  readonly phase: string;
  readonly author: string;
  readonly audience: string;
  readonly text: string;
}

export function earlierPostsText(posts: readonly WordedPost[], dropped: number): string {
  const older = dropped === 0 ? '' : ` ${dropped} older ${dropped === 1 ? 'post is' : 'posts are'} no longer kept.`;
  if (posts.length === 0) return `Nothing was posted that this seat could read before you took it.${older}`;
  const count = `${posts.length} ${posts.length === 1 ? 'post' : 'posts'}`;
  const each = posts.map((post) => `[${post.phase}] ${post.author} to ${post.audience}:\n${post.text.replace(/^/gm, '  ')}`);
  return [`What was posted before you took the seat, that this seat could read (${count}, oldest first):${older}`, ...each].join('\n\n');
}
