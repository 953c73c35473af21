import { expect } from 'vitest';
import { parseBody } from '../../src/commands/index.ts';
import type { Command, ParsedBody, SessionBlock } from '../../src/commands/index.ts';
import { worded, wordedErrors } from '../support/command-words.ts';

/** The body parsed after a SIGNON line, so the text is read as in-session commands. */
export function inSession(text: string): { body: ParsedBody; block: SessionBlock } {
  const body = parseBody(`SIGNON Fgame secret\n${text}`);
  const block = body.blocks[0];
  if (block?.kind !== 'session') throw new Error(`expected a session block, got ${block?.kind}`);
  return { body, block };
}

/** The one command a single in-session line gives, failing the test on any error. */
export function command(line: string): Command {
  const { body, block } = inSession(line);
  expect(wordedErrors(body.errors)).toEqual([]);
  expect(block.commands).toHaveLength(1);
  return block.commands[0]!;
}

/** The one error a single in-session line gives. */
export function commandError(line: string): ReturnType<typeof worded> {
  const { body, block } = inSession(line);
  expect(block.commands).toEqual([]);
  expect(body.errors).toHaveLength(1);
  return worded(body.errors[0]!);
}
