import os from 'node:os';

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
