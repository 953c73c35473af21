import type { Block, ParsedBody } from './command-types.ts';

// One mail cannot hold the judge for everyone (issue 25): it is read only up to its Nth block that
// names a game (SIGNON, JOIN, OBSERVE, TAKEOVER, RESIGN, CREATE, or an opener that could not be
// read). Each such block may cost a password hash and a game's lock; the rest is left out whole,
// never run, and the reply says from which line.

/** The most blocks naming a game that one mail may hold. */
export const MAX_OPENERS_PER_MAIL = 10;

/** What was left out of a mail past its cap of openers. */
export interface OpenersLeftOut {
  readonly limit: number;
  /** Blocks naming a game that were not read. */
  readonly blocks: number;
  /** The line of the first of them. */
  readonly fromLine: number;
}

/** The body up to its `limit`th opener block, and what was left out after it (null: nothing). */
export function capOpeners(body: ParsedBody, limit: number = MAX_OPENERS_PER_MAIL): { readonly body: ParsedBody; readonly leftOut: OpenersLeftOut | null } {
  const openers = body.blocks.flatMap((block, index) => (opensGame(block) ? [index] : []));
  if (openers.length <= limit) return { body, leftOut: null };
  const cut = openers[limit]!;
  const fromLine = openerLine(body.blocks[cut]!);
  const blocks = body.blocks.slice(0, cut);
  return {
    body: {
      ...body,
      blocks,
      errors: body.errors.filter((error) => error.block < cut && error.line < fromLine),
      proseLines: body.proseLines.filter((line) => line < fromLine),
      notes: body.notes.filter((note) => note.line < fromLine),
    },
    leftOut: { limit, blocks: openers.length - limit, fromLine },
  };
}

function opensGame(block: Block): boolean {
  return block.kind !== 'anonymous';
}

function openerLine(block: Block): number {
  switch (block.kind) {
    case 'broken':
      return block.line;
    case 'session':
    case 'create':
      return block.opener.line;
    case 'anonymous':
      return block.commands[0]?.line ?? 0;
  }
}
