import type { ParseError } from '../../src/commands/index.ts';
import { commandProblemText } from '../../src/render/command-problems.ts';

/** A parse error as the reply shows it: its problem worded by src/render (`message`) in place of the data. */
export function worded(error: ParseError): Omit<ParseError, 'problem'> & { readonly message: string } {
  const { problem, ...rest } = error;
  return { ...rest, message: commandProblemText(problem) };
}

export function wordedErrors(errors: readonly ParseError[]): (Omit<ParseError, 'problem'> & { readonly message: string })[] {
  return errors.map(worded);
}
