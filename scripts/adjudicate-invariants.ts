import { parseArgs } from 'node:util';
import { machineLine } from '../bench/machine.ts';
import { loadVariant, variantNames } from '../src/catalog/variant-catalog.ts';
import { checkDensePhases, noFigures } from '../test/support/dense-phases.ts';

// npm run adjudicate:invariants -- [--phases N] [--seed S] [--variants a,b] [--first K]
// N dense random movement phases of every variant (test/support/dense-phases.ts), each checked by
// test/support/phase-invariants.ts, adjudicated again with its units and orders reordered, and its
// retreats played and checked. Runs in slices of 1,000 phases a variant (seeds S, S+1, …), so
// `--first K` replays from slice K to look at a problem again. Prints phases checked, retreat phases,
// Szykman paradoxes met, phases a second, CPU and the machine; exits 1 on any problem, naming the
// first ones with their variant, seed and phase.

const { values } = parseArgs({
  options: {
    phases: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    variants: { type: 'string' },
    first: { type: 'string', default: '0' },
  },
});
const perVariant = Number(values.phases);
const seed = Number(values.seed);
const names = values.variants ? values.variants.split(',') : variantNames();
const SLICE = 1_000;
const figures = noFigures();
const cpuStart = process.cpuUsage();
const start = performance.now();
for (const name of names) {
  const variant = loadVariant(name);
  const before = { ...figures, problems: figures.problems.length };
  const variantStart = performance.now();
  for (let slice = Number(values.first); slice * SLICE < perVariant; slice++) {
    checkDensePhases(variant, seed + slice, Math.min(SLICE, perVariant - slice * SLICE), figures);
  }
  const seconds = (performance.now() - variantStart) / 1000;
  const movement = figures.movement - before.movement;
  console.log(
    `${name.padEnd(15)} ${movement} phases, ${figures.retreat - before.retreat} retreat phases, ${figures.szykman - before.szykman} Szykman paradoxes, ${figures.problems.length - before.problems} problems, ${(movement / seconds).toFixed(0)} phases/s`,
  );
}
const seconds = (performance.now() - start) / 1000;
const cpu = process.cpuUsage(cpuStart);
console.log(
  `adjudicate:invariants: ${figures.movement} movement phases (seed ${seed}, ${perVariant} a variant, ${names.length} variants) and ${figures.retreat} retreat phases checked, ${figures.szykman} Szykman paradoxes, ${figures.problems.length} problems, in ${seconds.toFixed(0)} s (${(figures.movement / seconds).toFixed(0)} movement phases/s, ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s of CPU)`,
);
console.log(machineLine());
for (const problem of figures.problems.slice(0, 30)) console.log(`problem: ${problem}`);
process.exitCode = figures.problems.length > 0 ? 1 : 0;
