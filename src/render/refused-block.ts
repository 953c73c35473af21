// The reply to a block with any error, in one honest shape: first that nothing in the block was
// done and why (each error with its line, the line as written and the reason), then what else the
// block held that was not done either (press not sent, votes not recorded …), then what stands
// instead (the orders on file), then what to do. No sentence describes refused work as done.

export interface RefusedLine {
  /** Line in the mail; null for an error of the block as a whole. */
  readonly line: number | null;
  /** The line (or the order of it) as written, passwords masked; null when not known. */
  readonly text: string | null;
  readonly reason: string;
}

export interface RefusedBlock {
  readonly errors: readonly RefusedLine[];
  /** Other commands of the block that were therefore not done, e.g. "the press on line 5 was not sent". */
  readonly notDone: readonly string[];
  /** What stands instead, already rendered (the orders on file); null when nothing is to be said. */
  readonly standing: string | null;
}

export function renderRefusedBlock(block: RefusedBlock): string {
  const count = block.errors.length;
  const parts = [`Nothing in this block was done, because of ${count === 1 ? 'this error' : `these ${count} errors`}:`];
  parts.push(
    block.errors
      .map((e) => {
        if (e.line === null) return `  ${sentence(e.reason)}`;
        return e.text === null ? `Line ${e.line}:\n  ${sentence(e.reason)}` : `Line ${e.line}: ${e.text}\n  ${sentence(e.reason)}`;
      })
      .join('\n'),
  );
  if (block.notDone.length > 0) parts.push(`So ${joinClauses(block.notDone)}.`);
  if (block.standing !== null) parts.push(block.standing.replace(/\n+$/, ''));
  parts.push(`Correct ${count === 1 ? 'the line' : 'the lines'} above and send the whole block again, from its first line.`);
  return parts.join('\n\n');
}

function joinClauses(clauses: readonly string[]): string {
  if (clauses.length === 1) return clauses[0]!;
  return `${clauses.slice(0, -1).join(', ')} and ${clauses[clauses.length - 1]}`;
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
