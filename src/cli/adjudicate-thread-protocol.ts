import type { ItemFailure, SyntaxFailure } from './adjudicate-items.ts';

// What `dipjudge adjudicate` and its worker threads say to each other.

export interface AdjudicateThreadData {
  /** The worker's module; from the TypeScript sources it is loaded by adjudicate-thread-worker.mjs. */
  readonly module: string;
  readonly pretty: boolean;
}

/** Items `starts[k]..ends[k]` of `bytes`, the first being item `firstIndex` of the batch. */
export interface AdjudicateTask {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  readonly firstIndex: number;
}

export type AdjudicateTaskResult =
  /** The items' output as UTF-8 (see adjudicateItems), the failure that stopped them, if any, and the bad JSON after it. */
  | { readonly id: number; readonly output: Uint8Array; readonly failure: ItemFailure | null; readonly syntaxAfter: SyntaxFailure | null }
  /** Something other than bad input went wrong: a fault in the judge. */
  | { readonly id: number; readonly fault: string };
