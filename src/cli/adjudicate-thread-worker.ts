import { parentPort, workerData } from 'node:worker_threads';
import { adjudicateItems } from './adjudicate-items.ts';
import type { AdjudicateTask, AdjudicateTaskResult, AdjudicateThreadData } from './adjudicate-thread-protocol.ts';

// A worker thread of `dipjudge adjudicate`: adjudicates the runs of items it is sent and sends back
// their output text as UTF-8 bytes, moved rather than copied.

const { pretty } = workerData as AdjudicateThreadData;
const encoder = new TextEncoder();
const port = parentPort!;

port.on('message', (task: AdjudicateTask) => {
  let result: AdjudicateTaskResult;
  try {
    const done = adjudicateItems(task.bytes, task.starts, task.ends, task.firstIndex, pretty);
    result = { id: task.id, output: encoder.encode(done.text), failure: done.failure };
  } catch (error) {
    result = { id: task.id, fault: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(result, 'output' in result ? [result.output.buffer as ArrayBuffer] : []);
});
