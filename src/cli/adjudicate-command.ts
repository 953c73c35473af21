import { adjudicate, AdjudicateInputError } from '../api/adjudicate.ts';
import type { AdjudicateOutput } from '../api/adjudicate-format.ts';

// `dipjudge adjudicate < in.json > out.json`: one phase, or a JSON array of phases, per run.

export class CommandInputError extends Error {
  override readonly name = 'CommandInputError';
}

export function runAdjudicate(text: string): string {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new CommandInputError(`the input is not valid JSON: ${(error as Error).message}`);
  }
  const one = (item: unknown, where: string): AdjudicateOutput => {
    try {
      return adjudicate(item);
    } catch (error) {
      if (error instanceof AdjudicateInputError) throw new CommandInputError(`${where}${error.message}`);
      throw error;
    }
  };
  const output = Array.isArray(input) ? input.map((item, i) => one(item, `item ${i}: `)) : one(input, '');
  return `${JSON.stringify(output, null, 2)}\n`;
}
