import { performance } from 'node:perf_hooks';
import { loadVariant, variantNames } from '../src/catalog/variant-catalog.ts';
import { playRandomGame } from '../test/support/random-play.ts';

// npm run play:variants [-- --games N --phases N]: every variant plays N games of random legal
// orders for up to N phases each, checking the invariants of test/support/random-play.ts after
// every phase. The suite runs a small part of this (test/engine/variants-random-play.test.ts).

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const games = option('games', 25);
const maxPhases = option('phases', 80);
let failures = 0;
let totalPhases = 0;
const started = performance.now();
for (const name of variantNames()) {
  const variant = loadVariant(name);
  let phases = 0;
  let wins = 0;
  const t0 = performance.now();
  for (let seed = 1; seed <= games; seed++) {
    try {
      const report = playRandomGame(variant, seed, maxPhases);
      phases += report.phases;
      if (report.winner !== null) wins++;
    } catch (error) {
      failures++;
      console.error(`FAIL ${(error as Error).message}`);
    }
  }
  totalPhases += phases;
  console.log(
    `${name.padEnd(15)} ${games} games, ${String(phases).padStart(5)} phases, ${String(wins).padStart(3)} won, ${((performance.now() - t0) / Math.max(phases, 1)).toFixed(2)} ms/phase`,
  );
}
console.log(`${totalPhases} phases in ${((performance.now() - started) / 1000).toFixed(1)} s, ${failures} failures`);
process.exit(failures > 0 ? 1 : 0);
