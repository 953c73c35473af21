import { formatNjudgePhaseId, phaseOf, type PhaseId } from '../engine/phase.ts';

// The `::` lines every game mail starts with. The Mapper, floc.net and DipTool find the judge,
// game, variant, phase and deadline here, so the spacing is njudge's `msg_header` (mail.c)
// to the byte:
//
//   :: Judge: TEST  Game: Demo  Variant: Standard Gunboat
//   :: Deadline: F1902B Mon Jan 12 2004 23:30:00 +0000␠␠
//
// Two blanks follow the judge code and the game name, the game name has its first letter
// capitalised (njudge's `strcap`), and the deadline line ends in two blanks. Winter phases are
// written F1902B, as njudge does.

export interface MapperHeaderInput {
  /** The judge's code, e.g. `TEST` (njudge's JUDGE_CODE). */
  readonly judgeCode: string;
  /** The game, or null in a mail that is about no game (then only the judge is named). */
  readonly gameName: string | null;
  /** The variant's title, e.g. `Standard`. */
  readonly variantTitle: string;
  /** Options njudge appends to the variant, in its order: Gunboat, Blind, AF_Rules, Shorthand, Wings. */
  readonly variantOptions?: readonly string[];
  /** The phase the mail is about, as the engine writes it (`S1901M`, `W1902A`). */
  readonly phase: PhaseId;
  /** The deadline, already formatted ("Mon Jan 12 2004 23:30:00 +0000"); null before it is known. */
  readonly deadline: string | null;
}

/** What njudge prints while a game has no deadline yet: the start of its clock. */
const NO_DEADLINE = 'Thu Jan 01 1970 00:00:00 +0000';

/** The header lines, each ending in a newline. A blank line separates them from the body (see `withMapperHeader`). */
export function mapperHeader(input: MapperHeaderInput): string {
  if (input.gameName === null) return `:: Judge: ${input.judgeCode}  \n`;
  const phase = phaseOf(input.phase);
  const variant = [capitaliseWords(input.variantTitle), ...(input.variantOptions ?? [])].join(' ');
  return (
    `:: Judge: ${input.judgeCode}  Game: ${capitaliseWords(input.gameName)}  Variant: ${variant}\n` +
    `:: Deadline: ${formatNjudgePhaseId(phase)} ${input.deadline ?? NO_DEADLINE}  \n`
  );
}

/** A mail body under its `::` header, separated by the blank line njudge writes. */
export function withMapperHeader(header: string, body: string): string {
  return `${header}\n${body}`;
}

/**
 * A mail's text without its `::` lines and the blank line after them: njudge's HISTORY shows each
 * archived mail so, and jDip takes everything above a reply's first `::` line as its header.
 */
export function withoutMapperHeader(text: string): string {
  return text.replace(/^(?:::[^\n]*\n)+\n?/, '');
}

/** njudge's `strcap`: a lower-case letter at the start or after a blank or punctuation becomes upper case. */
function capitaliseWords(text: string): string {
  return text.replace(/(^|[\s!-/:-@[-`{-~])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}
