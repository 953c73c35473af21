import { parentPort, workerData } from 'node:worker_threads';
import { JsonBytes } from '../api/json-writer.ts';
import { adjudicateItems } from './adjudicate-items.ts';
import type { AdjudicateTask, AdjudicateTaskResult, AdjudicateThreadData } from './adjudicate-thread-protocol.ts';

// A worker thread of `dipjudge adjudicate`: adjudicates the runs of items it is sent and sends back
// their output as UTF-8 bytes, moved rather than copied.

const { pretty } = workerData as AdjudicateThreadData;
const port = parentPort!;

port.on('message', (task: AdjudicateTask) => {
  let result: AdjudicateTaskResult;
  try {
    const out = new JsonBytes(Math.max(1024, 4 * task.bytes.length));
    const done = adjudicateItems(task.bytes, task.starts, task.ends, task.firstIndex, pretty, out);
    result = { id: task.id, output: out.take(), failure: done.failure, syntaxAfter: done.syntaxAfter };
  } catch (error) {
    result = { id: task.id, fault: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(result, 'output' in result ? [result.output.buffer as ArrayBuffer] : []);
});
