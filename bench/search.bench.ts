import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { createJudgeStore } from '../src/store/judge-store.ts';
import { openStore, type Database } from '../src/store/index.ts';
import { startGame } from '../test/judge/game-fixture.ts';
import { cloneGames } from '../test/support/clone-games.ts';
import { createScratchDatabase } from '../test/support/scratch-postgres.ts';
import { machineLine } from './machine.ts';

// npm run bench:search -- --games 10000: what one SEARCH costs PostgreSQL on a judge with N
// games (one made through the judge, the rest cloned in SQL as for bench:mail). Each search is
// timed as the judge runs it (store.searchGames: the trigram index of sql/019_game_search.sql)
// and, as the baseline from the same run, as it ran before that index: strpos over every
// listed game's name, status, variant and rules. Per search: the median wall time of --runs
// transactions and the buffers (8 KB pages) the statement touched, which, unlike the time, does
// not follow the machine's load.

const argv = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = argv.indexOf(`--${name}`);
  const text = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  return text === undefined ? fallback : Number(text);
};
const games = option('games', 10_000);
const runs = option('runs', 30);

/** What players send: a rare name, a name and a variant, a common word, a rule, a word matching nothing, a short word. */
const SEARCHES: readonly (readonly string[])[] = [['demo-c1234'], ['demo-c77', 'standard'], ['standard'], ['active'], ['no_press'], ['nowhere'], ['c1']];
const LIMIT = 50;

/** The statement SEARCH ran before sql/019: every listed game read and its texts searched. */
function plainSearch(db: Kysely<Database>, words: readonly string[]) {
  return db
    .selectFrom('games')
    .selectAll()
    .where('listed', '=', true)
    .where((eb) =>
      eb.and(
        words.map(
          (word) =>
            sql<boolean>`(strpos(games.name, ${word}) > 0 OR strpos(games.status, ${word}) > 0 OR strpos(games.variant, ${word}) > 0
              OR EXISTS (SELECT 1 FROM unnest(games.rules) AS rule WHERE strpos(lower(rule), ${word}) > 0))`,
        ),
      ),
    )
    .orderBy('name')
    .limit(LIMIT + 1);
}

async function median(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** Shared buffers the statement touched (hit or read), from EXPLAIN (ANALYZE, BUFFERS). */
async function buffers(db: Kysely<Database>, query: { compile(): { sql: string; parameters: readonly unknown[] } }): Promise<{ pages: number; plan: string }> {
  const compiled = query.compile();
  const { rows } = await sql<{
    'QUERY PLAN': unknown;
  }>`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql.raw(compiled.sql.replace(/\$(\d+)/g, (_, n: string) => `'${String(compiled.parameters[Number(n) - 1]).replace(/'/g, "''")}'`))}`.execute(
    db,
  );
  const plan = (rows[0]!['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan;
  const scans: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (/Scan/.test(String(node['Node Type'])) && !/Bitmap Heap/.test(String(node['Node Type'])))
      scans.push(`${String(node['Node Type'])}${node['Index Name'] ? ` ${String(node['Index Name'])}` : ''}`);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk(plan);
  return { pages: Number(plan['Shared Hit Blocks'] ?? 0) + Number(plan['Shared Read Blocks'] ?? 0), plan: scans.join(' + ') };
}

console.log(machineLine());
console.log(
  `load average at the start: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}; games: ${games}; ${runs} timed runs per search`,
);
const scratch = await createScratchDatabase('dipjudge_bench');
const store = await openStore({ databaseUrl: scratch.url, poolSize: 2 });
try {
  await startGame(store.db, '', () => new Date('2026-01-05T12:00:00Z'), { timing: 'njudge' });
  const cloning = performance.now();
  await cloneGames(scratch.url, { template: 'demo', copies: games - 1 });
  console.log(`${games - 1} copies of game 'demo' added in SQL in ${(performance.now() - cloning).toFixed(0)} ms`);
  const judgeStore = createJudgeStore(store.db, { messageIdDomain: 'judge.example' });
  for (const words of SEARCHES) {
    const found = await judgeStore.transaction((tx) => tx.searchGames(words, LIMIT));
    const before = await store.db.transaction().execute((trx) => plainSearch(trx, words).execute());
    const same =
      JSON.stringify(found.games.map((g) => g.name)) === JSON.stringify(before.slice(0, LIMIT).map((g) => g.name)) && found.more === before.length > LIMIT;
    if (!same) throw new Error(`SEARCH ${words.join(' ')}: the index finds other games than reading them all`);
    const indexed = await median(() => judgeStore.transaction((tx) => tx.searchGames(words, LIMIT)));
    const plain = await median(() => store.db.transaction().execute((trx) => plainSearch(trx, words).execute()));
    const plainPlan = await buffers(store.db, plainSearch(store.db, words));
    // The judge's own statement, as compiled by the store, is the plain one with the LIKEs instead.
    const indexedPlan = await buffers(
      store.db,
      store.db
        .selectFrom('games')
        .selectAll()
        .where('listed', '=', true)
        .where((eb) =>
          eb.and(
            words.map(
              (word) =>
                sql<boolean>`game_search_text(games.name, games.status, games.variant, games.rules) LIKE ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
            ),
          ),
        )
        .orderBy('name')
        .limit(LIMIT + 1),
    );
    console.log(
      `SEARCH ${words.join(' ').padEnd(20)} ${String(found.games.length).padStart(2)}${found.more ? '+' : ' '} games: ` +
        `indexed ${indexed.toFixed(2)} ms, ${indexedPlan.pages} pages (${indexedPlan.plan}); ` +
        `baseline (every listed game) ${plain.toFixed(2)} ms, ${plainPlan.pages} pages (${plainPlan.plan})`,
    );
  }
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
} finally {
  await store.close();
  await scratch.drop();
}
