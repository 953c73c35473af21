import { adjudicate, AdjudicateInputError } from '../api/adjudicate.ts';
import { checkJson, type JsonExpected, JsonSyntaxFault, readJson } from '../api/json-reader.ts';
import type { JsonBytes } from '../api/json-writer.ts';

// The items of a batch, from their bytes to their place in the output: the one step the command
// runs on its own thread and on worker threads alike. Each item is read from its UTF-8 bytes
// (json-reader.ts: no text decoded first) and its outcome written straight into the output's bytes
// (JsonBytes.text: JSON.stringify's text encoded once, where it stands in the output). A writer of
// the output's known shape in JavaScript, byte by byte, measured 10 % slower than that on 60,000
// dense phases (compact and --pretty): V8's JSON.stringify is hard to beat from JavaScript.

/** Bad JSON in a run: at byte `at` from the run's first item's start, after `lines` line breaks. */
export interface SyntaxFailure {
  readonly kind: 'syntax';
  readonly index: number;
  readonly at: number;
  /** Line breaks between the run's start and the fault, and where the fault's line starts (from the run's start; -1: before it). */
  readonly lines: number;
  readonly lineStart: number;
  readonly expected: JsonExpected;
  readonly found: string | null;
}

/** Why a run of items stopped before its end. */
export type ItemFailure =
  /** The item's bytes are not JSON. */
  | SyntaxFailure
  /** The item is JSON but not a phase the judge can adjudicate: the message names the item. */
  | { readonly kind: 'input'; readonly index: number; readonly message: string };

export interface ItemsOutcome {
  /** Set when an item failed; the output then holds the items before it. */
  readonly failure: ItemFailure | null;
  /** After an item that is no phase, the first item after it in the run that is not JSON (all are still read). */
  readonly syntaxAfter: SyntaxFailure | null;
}

/**
 * Adjudicates items `starts[k]..ends[k]` of `bytes`, the first being item `firstIndex` of the batch,
 * and writes their outcomes to `out` as they stand in the output array, each after its separator
 * (none before item 0). Compact output is JSON.stringify's; `pretty` is JSON.stringify(batch, null, 2)'s
 * layout. With `checkOnly` the items are only checked to be JSON (after a failure, to say what the input was).
 */
export function adjudicateItems(
  bytes: Uint8Array,
  starts: readonly number[],
  ends: readonly number[],
  firstIndex: number,
  pretty: boolean,
  out: JsonBytes,
  checkOnly = false,
): ItemsOutcome {
  let failure: ItemFailure | null = null;
  for (let k = 0; k < starts.length; k++) {
    const index = firstIndex + k;
    if (checkOnly || failure !== null) {
      try {
        checkJson(bytes, starts[k], ends[k]);
      } catch (error) {
        if (!(error instanceof JsonSyntaxFault)) throw error;
        const syntax = syntaxFailure(bytes, starts[0]!, index, error);
        return failure === null ? { failure: syntax, syntaxAfter: null } : { failure, syntaxAfter: syntax };
      }
      continue;
    }
    let item: unknown;
    try {
      item = readJson(bytes, starts[k], ends[k]);
    } catch (error) {
      if (!(error instanceof JsonSyntaxFault)) throw error;
      return { failure: syntaxFailure(bytes, starts[0]!, index, error), syntaxAfter: null };
    }
    let output: ReturnType<typeof adjudicate>;
    try {
      output = adjudicate(item);
    } catch (error) {
      if (!(error instanceof AdjudicateInputError)) throw error;
      failure = { kind: 'input', index, message: `item ${index}: ${error.message}` };
      continue;
    }
    writeOutcome(output, index, pretty, out);
  }
  return { failure, syntaxAfter: null };
}

/** Item `index`'s outcome as it stands in the output array, after its separator (none before item 0). */
export function writeOutcome(output: ReturnType<typeof adjudicate>, index: number, pretty: boolean, out: JsonBytes): void {
  if (index > 0) out.byte(0x2c); // ,
  if (pretty) out.newline(1);
  // Pretty, an item is JSON.stringify's layout one level in: the text of a one-item array between its brackets.
  out.text(pretty ? JSON.stringify([output], null, 2).slice(4, -2) : JSON.stringify(output));
}

/**
 * A fault at byte `fault.at` of `bytes`, placed from the run's start `from`: line breaks before it
 * are counted here, where the bytes are. After an item's value only the array's comma or closing
 * bracket may follow (`inArray`), not the end of the input.
 */
export function syntaxFailure(bytes: Uint8Array, from: number, index: number, fault: JsonSyntaxFault, inArray = true): SyntaxFailure {
  let lines = 0;
  let lineStart = -1;
  for (let i = from; i < fault.at; i++) {
    if (bytes[i] === 0x0a) {
      lines++;
      lineStart = i + 1 - from;
    }
  }
  const expected = inArray && fault.expected === 'end-of-input' ? 'comma-or-closing-bracket' : fault.expected;
  return { kind: 'syntax', index, at: fault.at - from, lines, lineStart, expected, found: fault.found };
}
