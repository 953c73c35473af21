import { Worker } from 'node:worker_threads';
import { expect, it } from 'vitest';
import { threadMeter } from './process-cpu.ts';

// The benchmarks' split of a process's CPU by thread (bench:mail's "the judge's threads per mail"):
// a named worker's busy spell is counted under its name, apart from the main thread's.

it('counts a named thread’s CPU under its name', async () => {
  const meter = threadMeter(process.pid);
  // Read while the thread still runs: a thread that ended takes its CPU with it.
  const running = new Worker(
    'const until = Date.now() + 300; while (Date.now() < until); require("node:worker_threads").parentPort.postMessage(1); setInterval(() => {}, 1000);',
    {
      eval: true,
      name: 'cpu-meter-test',
    },
  );
  await new Promise((resolve) => running.once('message', resolve));
  const seconds = meter.read();
  await running.terminate();
  expect(seconds).not.toBeNull();
  expect(seconds!['cpu-meter-test']).toBeGreaterThanOrEqual(0.1);
  expect(Object.keys(seconds!)).toContain('MainThread');
});
