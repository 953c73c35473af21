import { describeLines } from '../commands/index.ts';
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

/** What a refused block's other commands were, by kind, each said as not done ("the press on line 5 was not sent"). */
export type NotDoneKind = 'orders' | 'press' | 'votes' | 'settings' | 'commands';

/** What of a refused block was therefore not done: the game it would have created, or its other commands by kind. */
export type NotDone = { readonly kind: 'game-not-created'; readonly game: string } | { readonly kind: NotDoneKind; readonly lines: readonly number[] };

export interface RefusedBlock {
  readonly errors: readonly RefusedLine[];
  readonly notDone: readonly NotDone[];
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
  if (block.notDone.length > 0) parts.push(`So ${joinClauses(block.notDone.map(notDoneClause))}.`);
  if (block.standing !== null) parts.push(block.standing.replace(/\n+$/, ''));
  parts.push(`Correct ${count === 1 ? 'the line' : 'the lines'} above and send the whole block again, from its first line.`);
  return parts.join('\n\n');
}

const NOT_DONE_WORDS: Readonly<Record<NotDoneKind, { readonly one: string; readonly many: string; readonly verb: string }>> = {
  orders: { one: 'order', many: 'orders', verb: 'entered' },
  press: { one: 'press', many: 'press', verb: 'sent' },
  votes: { one: 'vote', many: 'votes', verb: 'recorded' },
  settings: { one: 'setting', many: 'settings', verb: 'changed' },
  commands: { one: 'command', many: 'commands', verb: 'carried out' },
};

function notDoneClause(notDone: NotDone): string {
  if (notDone.kind === 'game-not-created') return `game '${notDone.game}' was not created`;
  const words = NOT_DONE_WORDS[notDone.kind];
  const one = new Set(notDone.lines).size === 1;
  return `the ${one ? words.one : words.many} on ${describeLines(notDone.lines).replace(/^L/, 'l')} ${one ? 'was' : 'were'} not ${words.verb}`;
}

function joinClauses(clauses: readonly string[]): string {
  if (clauses.length === 1) return clauses[0]!;
  return `${clauses.slice(0, -1).join(', ')} and ${clauses[clauses.length - 1]}`;
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
