// "Did you mean …?": the closest known word to a misspelt one, by edit distance (Levenshtein,
// with a swap of two neighbours counting as one edit), when it is close enough to be a likely typo.

export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Edits allowed for a word of this length: one up to five letters, two beyond. */
function allowance(length: number): number {
  return length <= 2 ? 0 : length <= 5 ? 1 : 2;
}

/**
 * The candidates closest to `word` (case ignored) within a typo's distance, at most three, in the
 * order given; empty when none is close. An exact match is returned alone.
 */
export function closest(word: string, candidates: readonly string[]): string[] {
  const wanted = word.toLowerCase();
  const limit = allowance(wanted.length);
  if (limit === 0) return [];
  let best: string[] = [];
  let bestDistance = limit + 1;
  if (wanted.length > 40) return [];
  for (const candidate of candidates) {
    // The distance is at least the difference in length: most candidates need no table at all.
    if (Math.abs(candidate.length - wanted.length) > Math.min(limit, bestDistance)) continue;
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (distance === 0) return [candidate];
    if (distance < bestDistance) {
      best = [candidate];
      bestDistance = distance;
    } else if (distance === bestDistance && distance <= limit) {
      best.push(candidate);
    }
  }
  return best.length <= 3 ? best : [];
}

/** "A", "A or B", "A, B or C". */
export function orList(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}
