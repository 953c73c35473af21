import { adjudicate, AdjudicateInputError } from '../api/adjudicate.ts';
import type { AdjudicateOutput } from '../api/adjudicate-format.ts';

// `dipjudge adjudicate < in.json > out.json`: one phase, or a JSON array of phases, per run.
// A batch is written as it is adjudicated, so a run of 20,000 phases never holds 20,000 outputs
// (it once took a 1.4 GB heap and more time collecting garbage than adjudicating).

export class CommandInputError extends Error {
  override readonly name = 'CommandInputError';
}

export interface AdjudicateCommandOptions {
  /** Two-space indented JSON, as `JSON.stringify(output, null, 2)` writes it; compact otherwise. */
  readonly pretty: boolean;
}

/** Takes the next piece of output; a promise says to wait before the next (stdout's backpressure). */
export type OutputSink = (chunk: string) => void | Promise<void>;

/** Output is handed on in pieces of about this many characters: one write per phase costs more than the phase. */
const FLUSH_CHARS = 64 * 1024;

/**
 * Adjudicates the phase or phases in `text` and writes their outcomes to `sink`. A bad item throws
 * CommandInputError naming it; the outcomes of the items before it have been written by then.
 */
export async function runAdjudicate(text: string, sink: OutputSink, options: AdjudicateCommandOptions = { pretty: false }): Promise<void> {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new CommandInputError(`the input is not valid JSON: ${(error as Error).message}`);
  }
  const format = options.pretty ? (output: AdjudicateOutput) => JSON.stringify(output, null, 2) : (output: AdjudicateOutput) => JSON.stringify(output);
  if (!Array.isArray(input)) {
    await sink(`${format(adjudicateItem(input, ''))}\n`);
    return;
  }
  if (input.length === 0) {
    await sink('[]\n');
    return;
  }
  // The same bytes as JSON.stringify(outputs[, null, 2]) of the whole array.
  const separator = options.pretty ? ',\n' : ',';
  let pending = options.pretty ? '[\n' : '[';
  for (let i = 0; i < input.length; i++) {
    const written = format(adjudicateItem(input[i], `item ${i}: `));
    // JSON strings hold no raw line breaks, so every line break here is the layout's own.
    pending += (i > 0 ? separator : '') + (options.pretty ? `  ${written.replaceAll('\n', '\n  ')}` : written);
    if (pending.length >= FLUSH_CHARS) {
      await sink(pending);
      pending = '';
    }
  }
  await sink(`${pending}${options.pretty ? '\n]' : ']'}\n`);
}

function adjudicateItem(item: unknown, where: string): AdjudicateOutput {
  try {
    return adjudicate(item);
  } catch (error) {
    if (error instanceof AdjudicateInputError) throw new CommandInputError(`${where}${error.message}`);
    throw error;
  }
}
