import { availableParallelism, loadavg } from 'node:os';
import { adjudicate, AdjudicateInputError } from '../api/adjudicate.ts';
import { adjudicateItems, type ItemFailure } from './adjudicate-items.ts';
import { AdjudicateThreads } from './adjudicate-threads.ts';
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
  /** Worker threads that adjudicate beside this one once a batch is seen to be large; by default one per further idle core. */
  readonly threads?: number;
  /** How many items of a batch are read before the worker threads start: a small batch never waits for them. */
  readonly threadsAfter?: number;
}

/** Takes the next piece of output; a promise says to wait before the next (stdout's backpressure). */
export type OutputSink = (chunk: string | Uint8Array) => void | Promise<void>;

/** Output is handed on in pieces of about this many characters: one write per phase costs more than the phase. */
const FLUSH_CHARS = 64 * 1024;

/** A thread starts in about 0.1 s of CPU and learns its speed on its first few hundred phases: a batch pays it back from here. */
const THREADS_AFTER_ITEMS = 1000;

/** Runs whose outputs may wait for an earlier run's before the command stops reading to write them. */
const RUNS_AHEAD = 32;

/** The input: all of it, or stdin's pieces as they come. */
export type AdjudicateSource = string | Uint8Array | AsyncIterable<Uint8Array>;

/**
 * Worker threads worth starting: one per core beyond this thread's that the load average says is
 * idle. On a busy machine a thread only adds its own start and warm-up (measured at load 20 on 2
 * cores: 20,000 dense phases took 116 µs of CPU and 293 µs wall a phase on one thread, 175 and 594
 * with a worker).
 */
function idleCores(): number {
  const cores = availableParallelism();
  return Math.max(0, Math.min(cores - 1, Math.round(cores - loadavg()[0]!)));
}

/** A run of items adjudicated: here (text) or on a thread (UTF-8), now or later. */
interface Run {
  output: string | Uint8Array | null;
  failure: ItemFailure | null;
  readonly done: Promise<void>;
}

/**
 * Adjudicates the phase or phases of `source` and writes their outcomes to `sink`, the same bytes
 * as JSON.stringify(outputs[, null, 2]). A bad item throws CommandInputError naming it, after the
 * outcomes of the items before it have been written; input that is not JSON throws
 * CommandInputError with JSON.parse's message, whatever the items before the fault were.
 */
export async function runAdjudicate(source: AdjudicateSource, sink: OutputSink, options: AdjudicateCommandOptions = { pretty: false }): Promise<void> {
  const { pretty } = options;
  const threadCount = options.threads ?? idleCores();
  const threadsAfter = options.threadsAfter ?? THREADS_AFTER_ITEMS;
  const received: Uint8Array[] = [];
  const splitter = new JsonArraySplitter();
  let threads: AdjudicateThreads | null = null;
  const runs: Run[] = [];
  let itemCount = 0;
  let opened = false;
  let pending = '';
  // Set by writeRuns, which TypeScript's narrowing does not follow.
  let failure = null as ItemFailure | null;

  /** Writes the outputs of the runs done, in order, up to a failure; with `all`, waits for each. */
  const writeRuns = async (all: boolean) => {
    while (runs.length > 0 && failure === null) {
      const run = runs[0]!;
      if (run.output === null) {
        if (!all && runs.length <= RUNS_AHEAD) return;
        await run.done;
      }
      runs.shift();
      const output = run.output!;
      if (!opened && output.length > 0) {
        pending = pretty ? '[\n' : '[';
        opened = true;
      }
      failure = run.failure;
      if (typeof output === 'string') pending += output;
      else {
        if (pending !== '') await sink(pending);
        pending = '';
        await sink(output);
      }
      if (pending.length >= FLUSH_CHARS || (failure && pending !== '')) {
        await sink(pending);
        pending = '';
      }
    }
  };

  try {
    for await (const chunk of pieces(source)) {
      received.push(chunk);
      if (failure || splitter.shape !== 'unknown') continue; // the rest is read only to say what the input was
      const { bytes, starts, ends } = splitter.feed(chunk);
      if (starts.length === 0) continue;
      const firstIndex = itemCount;
      itemCount += starts.length;
      if (!threads && threadCount > 0 && itemCount > threadsAfter) threads = new AdjudicateThreads(threadCount, pretty);
      const onThread = threads?.offer(bytes, starts, ends, firstIndex);
      if (onThread) {
        const run: Run = {
          output: null,
          failure: null,
          done: onThread.then((result) => {
            run.output = result.output;
            run.failure = result.failure;
          }),
        };
        run.done.catch(() => undefined); // awaited when its turn to be written comes
        runs.push(run);
      } else {
        const done = adjudicateItems(bytes, starts, ends, firstIndex, pretty);
        runs.push({ output: done.text, failure: done.failure, done: Promise.resolve() });
        // Let the threads' finished runs in before the next is handed out.
        if (threads) await new Promise((resolve) => setImmediate(resolve));
      }
      await writeRuns(false);
    }
    await writeRuns(true);
  } finally {
    await threads?.close();
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
  let output: ReturnType<typeof adjudicate>;
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
