import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackend, type TestDatabase } from '../support/databases.ts';
import { fuzzJudge } from './fuzz-judge.ts';

// A representative part of `npm run fuzz` in every CI run, on PGlite: 300 generated hostile mails,
// one in eleven of issue 25's shapes (floods, press bombs, very long values, junk ids): about 25 ms of
// CPU each on the project's machine, so some 7 s on an idle core (1,000 took a tenth of the suite's CPU
// on the slower machine of 2026-11-27); long runs are `npm run fuzz -- --count N`
// through the judge (see fuzz-judge.ts for what is checked after each). The seed changes with the
// day, so CI explores new mails over time while a failure stays reproducible (the seed is in the
// test's name; DIPJUDGE_FUZZ_SEED and DIPJUDGE_FUZZ_COUNT override).

const COUNT = Number(process.env.DIPJUDGE_FUZZ_COUNT ?? 300);
const SEED = Number(process.env.DIPJUDGE_FUZZ_SEED ?? Math.floor(Date.now() / 86_400_000));

describe('hostile mail fuzz [pglite]', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await databaseBackend('pglite').open();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  // Mails that showed a password before their fix, kept as they were generated then (the generator
  // changes, so their seeds may no longer make them): mails 912 and 4290 of seed 20261125 (the Subject
  // repeating a password glued to a line too long for the masking); mail 43706 of seed 20261128 (its
  // headers broken before Content-Transfer-Encoding, a CREATE in undecoded quoted-printable quoted whole).
  it.each([
    [20261125, 912],
    [20261125, 4290],
    [20261128, 43706],
  ])('shows no password for the mail of seed %i numbered %i', { timeout: 120_000 }, async (seed, number) => {
    const file = (ext: string) => fileURLToPath(new URL(`../fixtures/fuzz/seed-${seed}-mail-${number}.${ext}`, import.meta.url));
    const { secrets, recipe } = JSON.parse(readFileSync(file('json'), 'utf8')) as { secrets: string[]; recipe: string };
    const figures = await fuzzJudge(database.store.db, { count: 1, seed: 0, given: [{ raw: readFileSync(file('eml')), secrets, recipe }] });
    expect(figures.problems).toEqual([]);
    expect({ tried: figures.tried, crashes: figures.crashes, leaks: figures.leaks }).toEqual({ tried: 1, crashes: 0, leaks: 0 });
  });

  it(`judges ${COUNT} hostile mails (seed ${SEED}): no crash, each answered once or dropped by rule, no reply over the cap, no password shown, no stall`, {
    timeout: 600_000,
  }, async () => {
    const figures = await fuzzJudge(database.store.db, { count: COUNT, seed: SEED });
    expect(figures.problems).toEqual([]);
    expect({
      tried: figures.tried,
      crashes: figures.crashes,
      unanswered: figures.unanswered,
      overSize: figures.overSize,
      leaks: figures.leaks,
      stalls: figures.stalls,
    }).toEqual({ tried: COUNT, crashes: 0, unanswered: 0, overSize: 0, leaks: 0, stalls: 0 });
    // The mix reaches every outcome but failure.
    expect(Object.keys(figures.byStatus)).toEqual(expect.arrayContaining(['duplicate', 'ignored', 'processed', 'rejected']));
  });
});
