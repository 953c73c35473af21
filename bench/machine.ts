import os from 'node:os';
import { createHash } from 'node:crypto';

/** One line naming the machine, so every printed figure says where it was measured. */
export function machineLine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `machine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/** Median of per-iteration times, measured in batches so the timer's own cost is negligible. */
export function medianMicros(run: () => void, { batches = 200, perBatch = 200 } = {}): number {
  for (let i = 0; i < perBatch * 20; i++) run();
  const samples: number[] = [];
  for (let b = 0; b < batches; b++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < perBatch; i++) run();
    samples.push(Number(process.hrtime.bigint() - start) / 1000 / perBatch);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** Median of per-iteration CPU time (user + system, all threads), for figures taken on a busy machine. */
export function medianCpuMicros(run: () => void, { batches = 15, perBatch = 1 } = {}): number {
  for (let i = 0; i < perBatch * 5; i++) run();
  const samples: number[] = [];
  for (let b = 0; b < batches; b++) {
    const start = process.cpuUsage();
    for (let i = 0; i < perBatch; i++) run();
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / perBatch);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/**
 * The machine's speed of the day: CPU milliseconds (user + system, this thread's work) of a fixed
 * workload shaped like the judge's (JSON in and out, string building, hashing, sorting), median
 * of `rounds`. Printed beside a bench's figures so figures of different days and loads can be
 * compared: a figure divided by it is in units of this machine's speed at that moment.
 */
export function calibrationMs(rounds = 7): number {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = process.cpuUsage();
    calibrationWork();
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

function calibrationWork(): void {
  // A seeded generator, so every run does the same work.
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `game-${next() % 10000}`, powers: ['A', 'E', 'F', 'G', 'I', 'R', 'T'], at: next() }));
  for (let i = 0; i < 10; i++) JSON.parse(JSON.stringify(rows));
  const lines: string[] = [];
  for (const row of rows) lines.push(`${row.name.padEnd(20)} ${row.powers.join(',')} ${row.at.toString(16)}`);
  const hash = createHash('sha256');
  for (let i = 0; i < 20; i++) hash.update(lines.join('\n'));
  hash.digest();
  const numbers = Array.from({ length: 100_000 }, next);
  numbers.sort((a, b) => a - b);
}

/** One line for a bench's output: the calibration and the load average at that moment. */
export function calibrationLine(label: string): string {
  const value = calibrationMs();
  return `${label}: calibration ${value.toFixed(1)} ms of CPU (a fixed workload; lower is a faster machine), load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;
}
