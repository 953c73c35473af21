import { adjudicate, AdjudicateInputError } from '../api/adjudicate.ts';

// The items of a batch, from their bytes to their place in the output text: the one step the
// command runs on its own thread and on worker threads alike.

/** Why a run of items stopped before its end. */
export type ItemFailure =
  /** The item's bytes are not JSON: the whole input's JSON.parse error is the one to report. */
  | { readonly kind: 'syntax'; readonly index: number }
  /** The item is JSON but not a phase the judge can adjudicate: the message names the item. */
  | { readonly kind: 'input'; readonly index: number; readonly message: string };

export interface ItemsOutput {
  /** The items' outputs as they stand in the output array, each after its separator (none before item 0). */
  readonly text: string;
  /** Set when an item failed; `text` then holds the items before it. */
  readonly failure: ItemFailure | null;
}

/**
 * Adjudicates items `starts[k]..ends[k]` of `bytes`, the first being item `firstIndex` of the batch.
 * Compact output is JSON.stringify's; `pretty` is JSON.stringify(batch, null, 2)'s layout.
 */
export function adjudicateItems(bytes: Uint8Array, starts: readonly number[], ends: readonly number[], firstIndex: number, pretty: boolean): ItemsOutput {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let text = '';
  for (let k = 0; k < starts.length; k++) {
    const index = firstIndex + k;
    let item: unknown;
    try {
      item = JSON.parse(buffer.toString('utf8', starts[k], ends[k]));
    } catch {
      return { text, failure: { kind: 'syntax', index } };
    }
    let written: string;
    try {
      written = formatItem(adjudicate(item), pretty);
    } catch (error) {
      if (error instanceof AdjudicateInputError) return { text, failure: { kind: 'input', index, message: `item ${index}: ${error.message}` } };
      throw error;
    }
    text += index === 0 ? written : pretty ? `,\n${written}` : `,${written}`;
  }
  return { text, failure: null };
}

/**
 * One output as an item of the output array. Pretty: JSON.stringify's layout one level in, which
 * is the text of a one-item array between its brackets.
 */
function formatItem(output: unknown, pretty: boolean): string {
  return pretty ? JSON.stringify([output], null, 2).slice(2, -2) : JSON.stringify(output);
}
