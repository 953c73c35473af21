import { Worker } from 'node:worker_threads';
import type { ItemFailure, SyntaxFailure } from './adjudicate-items.ts';
import type { AdjudicateTask, AdjudicateTaskResult, AdjudicateThreadData } from './adjudicate-thread-protocol.ts';

// Worker threads for a large batch of `dipjudge adjudicate`: each adjudicates the runs of items it
// is handed while the command's own thread reads, adjudicates runs of its own and writes.

// Run from the TypeScript sources (tests), a worker starts without a TypeScript loader: its entry
// is a small .mjs that loads the .ts module through tsx. In the compiled judge the worker's own
// built entry sits beside this code in dist/lib.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_ENTRY = FROM_SOURCE ? new URL('./adjudicate-thread-worker.mjs', import.meta.url) : new URL('./adjudicate-thread-worker.js', import.meta.url);
const WORKER_MODULE = FROM_SOURCE ? new URL('./adjudicate-thread-worker.ts', import.meta.url).href : WORKER_ENTRY.href;

/** Runs a thread holds at once: one in work and one waiting, so it never idles between messages. */
const RUNS_PER_THREAD = 2;

/** A run's output as UTF-8 and the failure that stopped it, if any (see ItemsOutcome). */
export interface ThreadOutput {
  readonly output: Uint8Array;
  readonly failure: ItemFailure | null;
  readonly syntaxAfter: SyntaxFailure | null;
}

interface Thread {
  readonly worker: Worker;
  holding: number;
}

export class AdjudicateThreads {
  private readonly threads: Thread[] = [];
  private readonly waiting = new Map<
    number,
    { readonly thread: Thread; readonly resolve: (output: ThreadOutput) => void; readonly reject: (error: Error) => void }
  >();
  private nextId = 0;

  constructor(count: number, pretty: boolean) {
    const data: AdjudicateThreadData = { module: WORKER_MODULE, pretty };
    for (let i = 0; i < count; i++) {
      const thread: Thread = { worker: new Worker(WORKER_ENTRY, { workerData: data, name: 'dipjudge-adjudicate' }), holding: 0 };
      thread.worker.on('message', (result: AdjudicateTaskResult) => this.settle(result));
      thread.worker.on('error', (error) => this.fail(thread, error));
      thread.worker.on('exit', (code) => this.fail(thread, new Error(`an adjudicate thread stopped (exit code ${code})`)));
      this.threads.push(thread);
    }
  }

  /**
   * Hands items `starts[k]..ends[k]` of `bytes` (the first being item `firstIndex`) to a thread with
   * room, or returns null when every thread has its fill.
   */
  offer(bytes: Uint8Array, starts: readonly number[], ends: readonly number[], firstIndex: number): Promise<ThreadOutput> | null {
    let thread: Thread | undefined;
    for (const candidate of this.threads) if (candidate.holding < RUNS_PER_THREAD && (!thread || candidate.holding < thread.holding)) thread = candidate;
    if (!thread) return null;
    const from = starts[0]!;
    const task: AdjudicateTask = {
      id: this.nextId++,
      // With the comma or bracket after the last item, which a fault at that item's end names. A
      // copy of its own, whatever `bytes` is: a Buffer's slice is a view, and handing over its
      // ArrayBuffer would take the rest of the input away, or fail for a pooled Buffer.
      bytes: new Uint8Array(bytes.subarray(from, ends[ends.length - 1]! + 1)),
      starts: starts.map((s) => s - from),
      ends: ends.map((e) => e - from),
      firstIndex,
    };
    thread.holding++;
    const output = new Promise<ThreadOutput>((resolve, reject) => this.waiting.set(task.id, { thread: thread, resolve, reject }));
    thread.worker.postMessage(task, [task.bytes.buffer as ArrayBuffer]);
    return output;
  }

  async close(): Promise<void> {
    const threads = this.threads.splice(0);
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  private settle(result: AdjudicateTaskResult): void {
    const waiter = this.waiting.get(result.id);
    if (!waiter) return;
    this.waiting.delete(result.id);
    waiter.thread.holding--;
    if ('fault' in result) waiter.reject(new Error(`an adjudicate thread failed: ${result.fault}`));
    else waiter.resolve({ output: result.output, failure: result.failure, syntaxAfter: result.syntaxAfter });
  }

  /** A thread that died takes no more runs, and the runs it held fail. */
  private fail(thread: Thread, error: Error): void {
    if (!this.threads.includes(thread)) return; // closed
    thread.holding = Number.POSITIVE_INFINITY;
    for (const [id, waiter] of this.waiting) {
      if (waiter.thread !== thread) continue;
      this.waiting.delete(id);
      waiter.reject(error);
    }
  }
}
