// Nicks as the game knows its players. Two nicks are the same name when they match without regard
// to case or spacing ("Dark Lord", "darklord", "DARK  LORD"); a nick is 1–30 letters, digits,
// spaces, '-', '_' or '.', starting with a letter or digit, so it can be written in a line of text.

export const MAX_NICK_LENGTH = 30;

/** The form two nicks are compared in. */
export function nickKey(nick: string): string {
  return nick.toLowerCase().replace(/\s+/g, '');
}

export function sameNick(a: string, b: string): boolean {
  return nickKey(a) === nickKey(b);
}

/** The nick as it will be shown (inner spaces collapsed), or null when it cannot be one. */
export function cleanNick(written: string): string | null {
  const nick = written.trim().replace(/\s+/g, ' ');
  if (nick.length === 0 || nick.length > MAX_NICK_LENGTH) return null;
  if (!/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u.test(nick)) return null;
  // Words the vote grammar reads itself.
  if (['nolynch', 'unvote', 'vote'].includes(nickKey(nick))) return null;
  return nick;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let beforePrevious: number[] = [];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    // Two neighbours swapped ("Alcie") count as one edit.
    for (let j = 2; j <= b.length; j++) if (a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, (beforePrevious[j - 2] ?? 0) + 1);
    beforePrevious = previous;
    previous = row;
  }
  return previous[b.length]!;
}

/** The nick closest to a misspelt one, when it is close enough to be a typo (or a prefix of it); else null. */
export function closeNick(written: string, nicks: readonly string[]): string | null {
  const wanted = nickKey(written);
  if (wanted.length < 2) return null;
  let best: { nick: string; distance: number } | null = null;
  for (const nick of nicks) {
    const key = nickKey(nick);
    const distance = key.startsWith(wanted) && wanted.length >= 3 ? 1 : editDistance(wanted, key);
    if (distance <= (key.length <= 5 ? 1 : 2) && (best === null || distance < best.distance)) best = { nick, distance };
  }
  return best?.nick ?? null;
}
