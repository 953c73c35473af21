import { availableParallelism, loadavg } from 'node:os';
import { adjudicate, AdjudicateInputError } from '../api/adjudicate.ts';
import { characterAt, checkJson, type JsonExpected, JsonReader, JsonSyntaxFault, readJson } from '../api/json-reader.ts';
import { JsonBytes } from '../api/json-writer.ts';
import { jsonSyntaxText } from '../render/json-syntax.ts';
import { adjudicateItems, type ItemFailure, type SyntaxFailure, syntaxFailure, writeOutcome } from './adjudicate-items.ts';
import { AdjudicateThreads } from './adjudicate-threads.ts';
import { JsonArraySplitter, type TextPlace } from './json-array-splitter.ts';

// `dipjudge adjudicate < in.json > out.json`: one phase, or a JSON array of phases, per run.
// A batch is read, adjudicated and written item by item as stdin arrives: a run of 20,000 phases
// never holds 20,000 parsed inputs or outputs (holding them once took a 1.4 GB heap and more time
// collecting garbage than adjudicating), nor the input's text. Each item is read from its bytes
// (src/api/json-reader.ts) and its outcome written into the output's bytes (adjudicate-items.ts).

export class CommandInputError extends Error {
  override readonly name = 'CommandInputError';
}

/** Input that is not JSON: where (line, column, byte offset) and what was expected there. */
export class JsonInputError extends CommandInputError {
  constructor(
    readonly place: TextPlace,
    readonly expected: JsonExpected,
    /** The character found there, or null at the end of the input. */
    readonly found: string | null,
  ) {
    super(jsonSyntaxText(place, expected, found));
  }
}

export interface AdjudicateCommandOptions {
  /** Two-space indented JSON, as `JSON.stringify(output, null, 2)` writes it; compact otherwise. */
  readonly pretty: boolean;
  /**
   * Worker threads that adjudicate beside this one once a batch is seen to be large. By default none,
   * unless `inputBytes` says the batch is large enough to repay them (see threadsRepaid).
   */
  readonly threads?: number;
  /** The input's length in bytes when it is known before it is read (stdin a regular file). */
  readonly inputBytes?: number;
  /** How many items of a batch are read before the worker threads start: a small batch never waits for them. */
  readonly threadsAfter?: number;
}

/** Takes the next piece of output; a promise says to wait before the next (stdout's backpressure). */
export type OutputSink = (chunk: string | Uint8Array) => void | Promise<void>;

/** Output is handed on in pieces of about this many bytes: one write per phase costs more than the phase. */
const FLUSH_BYTES = 64 * 1024;

/** Threads asked for start once this many items are read: a small batch never waits for them. */
const THREADS_AFTER_ITEMS = 1000;

/**
 * The input a worker thread repays, in bytes: the threads of the default are started only for a batch
 * known to be at least this large. A thread's start and warm-up (V8 compiling the judge again for its
 * own isolate) cost about 0.5–0.7 s of CPU, and on the 2-core machine the judge is measured on, each
 * of two busy threads runs about a quarter slower: idle on 2026-11-29 a worker lost 0.34 s of wall
 * time on 3,000 dense phases (7 MB), broke even at about 20,000 (46 MB) and saved 0.84 s (21 %) on
 * 50,000 (115 MB).
 */
const THREADS_REPAID_BYTES = 64 * 1024 * 1024;

/** Runs whose outputs may wait for an earlier run's before the command stops reading to write them. */
const RUNS_AHEAD = 32;

/** The input: all of it, or stdin's pieces as they come. */
export type AdjudicateSource = string | Uint8Array | AsyncIterable<Uint8Array>;

/**
 * Worker threads worth starting for a batch of `inputBytes`: none for a batch of unknown size, else
 * one for each THREADS_REPAID_BYTES of it, and at most one per core beyond this thread's that the
 * load average says is idle. On a busy machine a thread only adds its own start and warm-up
 * (measured at load 20 on 2 cores: 20,000 dense phases took 116 µs of CPU and 293 µs wall a phase
 * on one thread, 175 and 594 with a worker).
 */
export function threadsRepaid(inputBytes: number | undefined, cores = availableParallelism(), load = loadavg()[0]!): number {
  if (inputBytes === undefined) return 0;
  return Math.max(0, Math.min(Math.floor(inputBytes / THREADS_REPAID_BYTES), cores - 1, Math.round(cores - load)));
}

/** A run of items adjudicated: here (written to the command's output already) or on a thread (UTF-8 bytes), now or later. */
interface Run {
  /** Null until a thread's run is done; empty for a run done here. */
  output: Uint8Array | null;
  failure: ItemFailure | null;
  syntaxAfter: SyntaxFailure | null;
  /** Where the run's first item starts in the whole input. */
  readonly place: TextPlace;
  readonly done: Promise<void>;
}

const NOTHING = new Uint8Array(0);

/**
 * Adjudicates the phase or phases of `source` and writes their outcomes to `sink`, the same bytes
 * as JSON.stringify(outputs[, null, 2]) in UTF-8. A bad item throws CommandInputError naming it,
 * after the outcomes of the items before it have been written; input that is not JSON throws a
 * JsonInputError naming where, whatever the items before the fault were.
 */
export async function runAdjudicate(source: AdjudicateSource, sink: OutputSink, options: AdjudicateCommandOptions = { pretty: false }): Promise<void> {
  const { pretty } = options;
  const threadCount = options.threads ?? threadsRepaid(options.inputBytes);
  if (threadCount === 0) return runOnThisThread(source, sink, pretty);
  const threadsAfter = options.threadsAfter ?? THREADS_AFTER_ITEMS;
  // Kept only until the input is seen to be an array: one phase alone is read whole.
  let received: Uint8Array[] | null = [];
  const splitter = new JsonArraySplitter();
  let threads: AdjudicateThreads | null = null;
  const runs: Run[] = [];
  let itemCount = 0;
  /** The output waiting to go to the sink; the runs done here write into it. */
  const pending = new JsonBytes(2 * FLUSH_BYTES);
  /** Whether the output array's opening bracket is written: only before a first outcome, none when item 0 fails. */
  let opened = false;
  // Set by writeRuns, which TypeScript's narrowing does not follow.
  let failure = null as ItemFailure | null;
  let syntax = null as JsonInputError | null;

  const flush = async () => {
    if (pending.length > 0) await sink(pending.take());
  };
  /** Writes the outputs of the runs done, in order, up to a failure (after one, only looks for bad JSON); with `all`, waits for each. */
  const writeRuns = async (all: boolean) => {
    while (runs.length > 0 && syntax === null) {
      const run = runs[0]!;
      if (run.output === null) {
        if (!all && runs.length <= RUNS_AHEAD) return;
        await run.done;
      }
      runs.shift();
      const bad = run.failure?.kind === 'syntax' ? run.failure : run.syntaxAfter;
      if (bad) syntax = located(run.place, bad);
      if (failure !== null) continue;
      failure = run.failure;
      const output = run.output!;
      if (output.length > 0) {
        if (!opened) pending.byte(0x5b); // [
        opened = true;
        await flush();
        await sink(output);
      }
      if (pending.length >= FLUSH_BYTES || failure) await flush();
    }
  };

  try {
    for await (const chunk of pieces(source)) {
      received?.push(chunk);
      if (syntax || splitter.shape !== 'unknown') continue; // the rest is read only to say what the input was
      const { bytes, starts, ends, firstPlace } = splitter.feed(chunk);
      if (received !== null && splitter.seenArray) received = null;
      if (starts.length === 0) continue;
      const firstIndex = itemCount;
      itemCount += starts.length;
      if (!threads && failure === null && threadCount > 0 && itemCount > threadsAfter) threads = new AdjudicateThreads(threadCount, pretty);
      const onThread = failure === null ? threads?.offer(bytes, starts, ends, firstIndex) : undefined;
      if (onThread) {
        const run: Run = {
          output: null,
          failure: null,
          syntaxAfter: null,
          place: firstPlace!,
          done: onThread.then((result) => {
            run.output = result.output;
            run.failure = result.failure;
            run.syntaxAfter = result.syntaxAfter;
          }),
        };
        run.done.catch(() => undefined); // awaited when its turn to be written comes
        runs.push(run);
      } else {
        // Written straight to `pending` when no thread's run waits to be written before it.
        const direct = runs.length === 0 || failure !== null;
        const out = direct ? pending : new JsonBytes(4 * bytes.length);
        const opening = direct && !opened;
        if (opening) out.byte(0x5b); // [, taken back if no outcome follows
        const before = out.length;
        const done = adjudicateItems(bytes, starts, ends, firstIndex, pretty, out, failure !== null);
        if (opening) {
          if (out.length > before) opened = true;
          else out.length--;
        }
        runs.push({ output: direct ? NOTHING : out.take(), failure: done.failure, syntaxAfter: done.syntaxAfter, place: firstPlace!, done: Promise.resolve() });
        // Let the threads' finished runs in before the next is handed out.
        if (threads) await new Promise((resolve) => setImmediate(resolve));
      }
      await writeRuns(false);
    }
    await writeRuns(true);
  } finally {
    await threads?.close();
  }
  if (syntax) throw syntax;
  const shape = splitter.finish();
  if (shape === 'not an array') return runSingle(Buffer.concat(received ?? []), sink, pretty);
  if (shape === 'malformed') {
    // The array's punctuation is broken, or it is cut short: a fault inside the item it cut comes first.
    const { place, found, unfinished } = splitter.fault!;
    if (unfinished) {
      const end = unfinished.bytes.length - (found === null ? 0 : 1);
      try {
        checkJson(unfinished.bytes, 0, end);
      } catch (error) {
        if (!(error instanceof JsonSyntaxFault)) throw error;
        throw located(unfinished.place, syntaxFailure(unfinished.bytes, 0, itemCount, error));
      }
    }
    throw new JsonInputError(place, place.offset === 0 || unfinished ? 'comma-or-closing-bracket' : 'end-of-input', found);
  }
  if (failure?.kind === 'input') throw new CommandInputError(failure.message);
  if (splitter.empty) pending.ascii('[]\n');
  else pending.ascii(pretty ? '\n]\n' : ']\n');
  await flush();
}

type ArrayState = 'before-array' | 'first-item' | 'next-item' | 'after-array' | 'not-an-array' | 'not-json';

/**
 * The batch read and adjudicated on this thread alone, in one pass over its bytes: with no worker
 * thread to hand items to, their bounds need not be found before they are read (the splitter's scan
 * cost 8 % of a dense phase). An item cut by the end of a piece of stdin is read again from its start
 * once enough more has come. Outputs and faults are the same as with threads.
 */
async function runOnThisThread(source: AdjudicateSource, sink: OutputSink, pretty: boolean): Promise<void> {
  // Kept only until the input is seen to be an array: one phase alone is read whole.
  let received: Uint8Array[] | null = [];
  let state = 'before-array' as ArrayState;
  /** Bytes from the item in progress on; `heldOffset` is the offset of its first in the whole input. */
  let held: Uint8Array = NOTHING;
  let heldOffset = 0;
  /** An item cut short is read again only once the bytes held reach this many: a huge item is not read again at every piece. */
  let readAgainAt = 0;
  /** Line breaks before `held` and where the line they end on starts in the whole input. */
  let lines = 0;
  let lineStart = 0;
  let itemCount = 0;
  let failure = null as string | null;
  let syntax = null as JsonInputError | null;
  const pending = new JsonBytes(2 * FLUSH_BYTES);
  const flush = async () => {
    if (pending.length > 0) await sink(pending.take());
  };

  /** Reads and adjudicates what `bytes` holds; `final`: no more input follows. */
  const readItems = (bytes: Uint8Array, final: boolean): void => {
    const length = bytes.length;
    let reader = new JsonReader(bytes, 0, length, failure === null);
    /** Where the item in progress starts: line breaks before it are counted in `lines`. */
    let start = 0;
    const place = (at: number): TextPlace => {
      const offset = heldOffset + at;
      const column = reader.lineStart >= 0 ? at - reader.lineStart + 1 : offset - lineStart + 1;
      return { offset, line: lines + reader.lines + 1, column };
    };
    const commit = () => {
      lines += reader.lines;
      if (reader.lineStart >= 0) lineStart = heldOffset + reader.lineStart;
      reader.lines = 0;
      reader.lineStart = -1;
      start = reader.at;
    };
    const fault = (at: number, expected: JsonExpected, found: string | null) => {
      syntax = new JsonInputError(place(at), expected, found);
      state = 'not-json';
    };
    const found = (at: number) => (at < length ? characterAt(bytes, at) : null);
    while (state !== 'not-an-array' && state !== 'not-json') {
      reader.skipSpace();
      if (reader.at >= length && !final) break;
      if (state === 'before-array') {
        if (reader.at >= length || bytes[reader.at] !== 0x5b /* [ */) {
          state = 'not-an-array';
          break;
        }
        reader.at++;
        commit();
        state = 'first-item';
        continue;
      }
      if (state === 'after-array') {
        if (reader.at < length) fault(reader.at, 'end-of-input', found(reader.at));
        commit();
        break;
      }
      if (state === 'first-item' && bytes[reader.at] === 0x5d /* ] */ && reader.at < length) {
        reader.at++;
        commit();
        state = 'after-array';
        continue;
      }
      let item: unknown;
      try {
        item = reader.value();
      } catch (error) {
        if (!(error instanceof JsonSyntaxFault)) throw error;
        if (error.at >= length && !final) break; // the item goes on in the next piece
        fault(error.at, error.expected, error.found);
        break;
      }
      reader.skipSpace();
      if (reader.at >= length && !final) break;
      const next = reader.at < length ? bytes[reader.at] : -1;
      if (next === 0x2c /* , */) state = 'next-item';
      else if (next === 0x5d /* ] */) state = 'after-array';
      else {
        fault(reader.at, 'comma-or-closing-bracket', found(reader.at));
        break;
      }
      reader.at++;
      commit();
      const index = itemCount++;
      if (failure !== null) continue;
      let output: ReturnType<typeof adjudicate>;
      try {
        output = adjudicate(item);
      } catch (error) {
        if (!(error instanceof AdjudicateInputError)) throw error;
        failure = `item ${index}: ${error.message}`;
        // From here the items are only checked to be JSON.
        reader = new JsonReader(bytes, reader.at, length, false);
        continue;
      }
      if (index === 0) pending.byte(0x5b); // [
      writeOutcome(output, index, pretty, pending);
    }
    // What is left from the item in progress on waits for the next piece.
    held = bytes.subarray(start);
    heldOffset += start;
    readAgainAt = 2 * held.length;
  };

  for await (const chunk of pieces(source)) {
    received?.push(chunk);
    if (state === 'not-an-array' || state === 'not-json') continue; // the rest is read only to say what the input was
    held = held.length === 0 ? chunk : Buffer.concat([held, chunk]);
    if (held.length < readAgainAt) continue;
    const hadFailure = failure !== null;
    readItems(held, false);
    const seen = state as ArrayState; // set by readItems
    if (received !== null && seen !== 'before-array' && seen !== 'not-an-array') received = null;
    if (pending.length >= FLUSH_BYTES || (failure !== null && !hadFailure)) await flush();
  }
  if (state !== 'not-an-array' && state !== 'not-json') readItems(held, true);
  await flush();
  if (syntax) throw syntax;
  if (state === 'not-an-array') return runSingle(Buffer.concat(received ?? []), sink, pretty);
  if (failure !== null) throw new CommandInputError(failure);
  pending.ascii(itemCount === 0 ? '[]\n' : pretty ? '\n]\n' : ']\n');
  await flush();
}

/** A syntax failure of a run placed in the whole input. */
function located(place: TextPlace, failure: SyntaxFailure): JsonInputError {
  const offset = place.offset + failure.at;
  const line = place.line + failure.lines;
  const column = failure.lines === 0 ? place.column + failure.at : failure.at - failure.lineStart + 1;
  return new JsonInputError({ offset, line, column }, failure.expected, failure.found);
}

/** One phase, not in an array: its outcome alone. */
async function runSingle(bytes: Uint8Array, sink: OutputSink, pretty: boolean): Promise<void> {
  let input: unknown;
  try {
    input = readJson(bytes);
  } catch (error) {
    if (!(error instanceof JsonSyntaxFault)) throw error;
    throw located({ offset: 0, line: 1, column: 1 }, syntaxFailure(bytes, 0, 0, error, false));
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
