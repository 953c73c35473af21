import type { BodyLine } from './command-types.ts';

// The line discipline both judges apply before reading any command:
// - a trailing `<br>` (web mailers) is stripped;
// - `\\c` at the start of a line, c not a letter or digit, makes c a newline for
//   the rest of that line (for devices that cannot send newlines);
// - a line whose first non-blank characters are `//` is dropped, even inside press.
// Line numbers stay those of the mail as sent, so errors point where the player looks.

const TRAILING_BREAKS = /(?:\s*<br\s*\/?>)+\s*$/i;
const SPLIT_MARKER = /^\s*\\\\\s*(\S)/;
const COMMENT = /^\s*\/\//;

export function stripTrailingBreak(text: string): string {
  return text.replace(TRAILING_BREAKS, '');
}

export function isCommentLine(text: string): boolean {
  return COMMENT.test(text);
}

/** The pieces of one physical line after `\\c` splitting (the line itself when it has no marker). */
export function splitOnDeclaredNewline(text: string): readonly string[] {
  const marker = SPLIT_MARKER.exec(text);
  if (!marker) return [text];
  const separator = marker[1]!;
  if (/[\p{L}\p{N}]/u.test(separator)) return [text];
  return text.slice(marker[0].length).split(separator);
}

/** The body as logical lines; `//` lines are gone, blank lines are kept (press keeps them). */
export function splitBodyLines(text: string): readonly BodyLine[] {
  const result: BodyLine[] = [];
  const physical = text.split(/\r\n|\r|\n/);
  physical.forEach((raw, index) => {
    for (const piece of splitOnDeclaredNewline(stripTrailingBreak(raw))) {
      if (isCommentLine(piece)) continue;
      result.push({ line: index + 1, text: piece });
    }
  });
  return result;
}

/** A signature separator (`-- `): njudge stops reading there. */
export function isSignatureLine(text: string): boolean {
  return /^--\s*$/.test(text);
}

/** A line quoted from the mail being answered (`> text`); press keeps such lines, commands skip them. */
export function isQuotedLine(text: string): boolean {
  return /^\s*>/.test(text);
}

export function isBlank(text: string): boolean {
  return text.trim() === '';
}
