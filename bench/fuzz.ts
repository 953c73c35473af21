import { parseArgs } from 'node:util';
import { openStore } from '../src/store/index.ts';
import { fuzzJudge } from '../test/fuzz/fuzz-judge.ts';
import { machineLine } from './machine.ts';

// `npm run fuzz -- --count 100000 [--seed N] [--first M] [--stall-ms S]`: the fuzz test's hostile
// mails, as many as asked (from mail M of the seed on, to look at one mail again),
// through the judge on an in-memory PGlite (one core). Prints mails tried, crashes, unanswered,
// over-size replies, passwords shown and stalls (a mail that took the judge more than S ms of CPU,
// 10,000 by default), the slowest mail, the outcomes, the time and the machine; exits 1 on any problem,
// printing the first few with the start of the mail.

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    first: { type: 'string', default: '0' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    'stall-ms': { type: 'string', default: '10000' },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);

const store = await openStore({});
let lastReport = 0;
let shown = 0;
const figures = await fuzzJudge(store.db, {
  count,
  seed,
  first: Number(values.first),
  resetEvery: 5_000,
  stallMs: Number(values['stall-ms']),
  onProgress: (f) => {
    // Problems as they are found: a long run that is stopped early still names them.
    for (const problem of f.problems.slice(shown)) process.stderr.write(`problem at or before mail ${f.tried}: ${problem}\n`);
    shown = f.problems.length;
    if (f.tried - lastReport >= 1_000 || f.tried === count) {
      lastReport = f.tried;
      process.stderr.write(
        `${f.tried} mails, ${Math.round(f.ms / 1000)} s, crashes ${f.crashes}, unanswered ${f.unanswered}, over-size ${f.overSize}, leaks ${f.leaks}, stalls ${f.stalls}\n`,
      );
    }
  },
});
await store.close();
console.log(
  `fuzz: ${figures.tried} hostile mails (seed ${seed}) in ${(figures.ms / 1000).toFixed(1)} s (${(figures.ms / figures.tried).toFixed(1)} ms per mail) on PGlite`,
);
console.log(
  `crashes ${figures.crashes}, unanswered ${figures.unanswered}, over-size replies ${figures.overSize}, passwords shown ${figures.leaks}, stalls (over ${values['stall-ms']} ms of CPU) ${figures.stalls}`,
);
console.log(`slowest mail ${Math.round(figures.slowest.ms)} ms of CPU [${figures.slowest.recipe}]`);
console.log(
  `outcomes: ${Object.entries(figures.byStatus)
    .map(([status, n]) => `${status} ${n}`)
    .join(', ')}`,
);
console.log(machineLine());
for (const problem of figures.problems) console.log(`problem: ${problem}`);
process.exitCode = figures.crashes + figures.unanswered + figures.overSize + figures.leaks + figures.stalls > 0 ? 1 : 0;
