import { adjudicate, AdjudicateInputError } from '../api/adjudicate.ts';
import { adjudicateItems, type ItemFailure } from './adjudicate-items.ts';
import { JsonArraySplitter } from './json-array-splitter.ts';

// `dipjudge adjudicate < in.json > out.json`: one phase, or a JSON array of phases, per run.
// A batch is read, adjudicated and written item by item as stdin arrives: a run of 20,000 phases
// never holds 20,000 parsed inputs or outputs (holding them once took a 1.4 GB heap and more time
// collecting garbage than adjudicating).

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

/** The input: all of it, or stdin's pieces as they come. */
export type AdjudicateSource = string | Uint8Array | AsyncIterable<Uint8Array>;

/**
 * Adjudicates the phase or phases of `source` and writes their outcomes to `sink`, the same bytes
 * as JSON.stringify(outputs[, null, 2]). A bad item throws CommandInputError naming it, after the
 * outcomes of the items before it have been written; input that is not JSON throws
 * CommandInputError with JSON.parse's message, whatever the items before the fault were.
 */
export async function runAdjudicate(source: AdjudicateSource, sink: OutputSink, options: AdjudicateCommandOptions = { pretty: false }): Promise<void> {
  const { pretty } = options;
  const received: Uint8Array[] = [];
  const splitter = new JsonArraySplitter();
  let itemCount = 0;
  let opened = false;
  let pending = '';
  let failure: ItemFailure | null = null;
  for await (const chunk of pieces(source)) {
    received.push(chunk);
    if (failure || splitter.shape !== 'unknown') continue; // the rest is read only to say what the input was
    const { bytes, starts, ends } = splitter.feed(chunk);
    if (starts.length === 0) continue;
    const done = adjudicateItems(bytes, starts, ends, itemCount, pretty);
    itemCount += starts.length;
    if (!opened && done.text !== '') {
      pending = pretty ? '[\n' : '[';
      opened = true;
    }
    pending += done.text;
    failure = done.failure;
    if (pending.length >= FLUSH_CHARS || failure) {
      await sink(pending);
      pending = '';
    }
  }
  const shape = failure ? 'failed' : splitter.finish();
  if (shape === 'not an array') return runSingle(wholeText(received), sink, pretty);
  if (shape === 'array') {
    await sink(splitter.empty ? '[]\n' : `${pending}${pretty ? '\n]' : ']'}\n`);
    return;
  }
  // Input that is not JSON anywhere is reported as such, as when the whole input was parsed first.
  const text = wholeText(received);
  try {
    JSON.parse(text);
  } catch (error) {
    throw new CommandInputError(`the input is not valid JSON: ${(error as Error).message}`);
  }
  if (failure?.kind === 'input') throw new CommandInputError(failure.message);
  throw new Error(`the input parsed whole but not item by item (${failure ? `item ${failure.index}` : 'its brackets'})`);
}

/** One phase, not in an array: its outcome alone. */
async function runSingle(text: string, sink: OutputSink, pretty: boolean): Promise<void> {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new CommandInputError(`the input is not valid JSON: ${(error as Error).message}`);
  }
  let output;
  try {
    output = adjudicate(input);
  } catch (error) {
    if (error instanceof AdjudicateInputError) throw new CommandInputError(error.message);
    throw error;
  }
  await sink(`${pretty ? JSON.stringify(output, null, 2) : JSON.stringify(output)}\n`);
}

async function* pieces(source: AdjudicateSource): AsyncIterable<Uint8Array> {
  if (typeof source === 'string') yield Buffer.from(source, 'utf8');
  else if (source instanceof Uint8Array) yield source;
  else yield* source;
}

function wholeText(received: readonly Uint8Array[]): string {
  return Buffer.concat(received).toString('utf8');
}
