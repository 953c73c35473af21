// Lines players write around their commands: "Hi all,", "Here are my orders:", "Thanks,", "Bob".
// A line reads as prose when nothing in it has the shape of an order. This test knows no map;
// the judge adds the map's province names for lines inside a game's block (see judge/diplomacy/prose.ts).

const UNIT_START = /^\s*(?:[A-Za-z]+\s*:\s*)?(?:a|f|army|fleet)\s+\S+/i;
const ORDER_WORD_AFTER_PLACE = /^\s*(?:[A-Za-z]+\s*:\s*)?\S+\s+(?:-|->|=>|s|c|h|holds?|supports?|convoys?|moves?|to)(?:\s|$)/i;
const ADJUSTMENT_START = /^\s*(?:build|remove|disband|waive|retreat)\b/i;
const BARE_MOVE = /^\s*\S+\s*(?:-|->|=>)\s*\S+\s*$/;

/** Whether the line has the shape of an order ("A Pra - Bur", "Par S Mar", "Build F Lon"), whatever its names. */
export function hasOrderShape(text: string): boolean {
  if (UNIT_START.test(text)) {
    // "A quick note", "A few words": an article, not an army, unless an order word follows.
    return /(?:\s|^)(?:-|->|=>|s|c|h|holds?|supports?|convoys?|moves?|disbands?)(?:\s|$)/i.test(text.replace(UNIT_START, ' '));
  }
  return ORDER_WORD_AFTER_PLACE.test(text) || ADJUSTMENT_START.test(text) || BARE_MOVE.test(text);
}

/**
 * A line a sign-off leads into: "Thanks," or "Cheers," before a name on the next line. The name
 * line then reads as prose even if it happens to be a province ("Paris", "Kiel").
 */
export function isSignOffLead(text: string): boolean {
  return /^\s*[\p{L}' ]{2,30}[,!]\s*$/u.test(text);
}

/** One to three capitalised words: how people sign ("Bob", "Anna K.", "Jean-Luc Picard"). */
export function isNameLine(text: string): boolean {
  return /^\s*\p{Lu}[\p{L}.'-]*(?:\s+\p{Lu}[\p{L}.'-]*){0,2}\s*$/u.test(text);
}

/** "Lines 9–10", "Line 3", "Lines 1, 9–10": ranges of line numbers, for one note in the reply. */
export function describeLines(lines: readonly number[]): string {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    ranges.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return `${sorted.length === 1 ? 'Line' : 'Lines'} ${ranges.join(', ')}`;
}
