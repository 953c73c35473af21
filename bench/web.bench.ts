import os from 'node:os';
import { sql } from 'kysely';
import type { PublicViewStore } from '../src/judge/ports.ts';
import { MailJudge } from '../src/mail/mail-judge.ts';
import { openStore } from '../src/store/index.ts';
import { createJudgeStore } from '../src/store/judge-store.ts';
import { publicSite } from '../src/web/public-view.ts';
import { buildWebApp } from '../src/web/server.ts';
import { eml } from '../test/judge/mail-builder.ts';
import { cloneGames } from '../test/support/clone-games.ts';
import { cpuMeter } from '../test/support/process-cpu.ts';
import { createScratchDatabase } from '../test/support/scratch-postgres.ts';
import { calibrationMs, machineLine } from './machine.ts';

// npm run bench:web -- --games=1,10000 — the web site's games page (GET /) on a scratch PostgreSQL
// database of N games (one made through the judge, copied in SQL as bench:mail does, with the same
// 100 forming games at every size), through fastify's inject (no socket, so the figure is the
// judge's own work): CPU per request of this process and of its PostgreSQL backend, and requests a
// second, for --requests=R (500) requests after a warm-up. Side by side in the same run, the page
// as it was made before it was kept (every request reads and words the list: the print never
// matches), and the machine's calibration (machine.ts).

const argv = process.argv.slice(2);
const sizes = (argv.find((a) => a.startsWith('--games='))?.slice('--games='.length) ?? '1,10000').split(',').map(Number);
const requests = Number(argv.find((a) => a.startsWith('--requests='))?.slice('--requests='.length) ?? 500);
const FORMING_GAMES = 100;
const JUDGE = { address: 'judge@judge.example', name: 'dipjudge', code: 'DIP', passwordCost: 1024 };

interface Figures {
  readonly bytes: number;
  readonly cpuMs: number;
  readonly postgresMs: number | null;
  readonly perSecond: number;
}

async function measure(app: ReturnType<typeof buildWebApp>, databaseName: string): Promise<Figures> {
  for (let i = 0; i < 50; i++) await app.inject({ method: 'GET', url: '/' });
  const meter = cpuMeter({ postgres: (command) => command.startsWith('postgres:') && command.includes(` ${databaseName} `) });
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < requests; i++) {
    const response = await app.inject({ method: 'GET', url: '/' });
    // The body is read as text only after the timing (reading it is the client's work, not the judge's).
    if (response.statusCode !== 200) throw new Error(`GET / answered ${response.statusCode}`);
    bytes = response.rawPayload.length;
  }
  const used = process.cpuUsage(cpu);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const postgres = meter.read().groups.postgres ?? null;
  if (!(await app.inject({ method: 'GET', url: '/' })).body.includes('Taking players')) throw new Error('GET / did not answer the games page');
  return {
    bytes,
    cpuMs: (used.user + used.system) / 1000 / requests,
    postgresMs: postgres === null ? null : (1000 * postgres) / requests,
    perSecond: requests / seconds,
  };
}

async function size(games: number): Promise<void> {
  const scratch = await createScratchDatabase('dipjudge_bench_web');
  const store = await openStore({ databaseUrl: scratch.url, poolSize: 2 });
  try {
    const judge = new MailJudge(createJudgeStore(store.db, { messageIdDomain: 'judge.example' }), JUDGE, () => 0.3);
    await judge.receive(eml({ from: 'gm@players.example' }, 'CREATE bench gmpass\nFORM'));
    for (let p = 1; p <= 7; p++) await judge.receive(eml({ from: `p${p}@players.example` }, `JOIN bench pw${p}`));
    const copies = games - 1 + FORMING_GAMES;
    await cloneGames(scratch.url, { template: 'bench', copies });
    const step = Math.floor(copies / FORMING_GAMES);
    const number = "substring(name from '[0-9]+$')::int";
    await sql
      .raw(`UPDATE games SET status = 'forming' WHERE name ~ '^bench-c[0-9]+$' AND ${number} % ${step} = 0 AND ${number} <= ${step * FORMING_GAMES}`)
      .execute(store.db);
    const info = { judgeName: 'Bench Judge', judgeAddress: 'judge@judge.example' };
    const judgeStore = createJudgeStore(store.db, { messageIdDomain: 'judge.example' });
    // The page as before it was kept: a print that never matches, so every request reads and words the list.
    let serial = 0;
    const unkept: PublicViewStore = {
      transaction: (work) => judgeStore.transaction((tx) => work(Object.assign(Object.create(tx), { gamesListPrint: async () => String(++serial) }))),
    };
    const app = (site: PublicViewStore) =>
      buildWebApp({ site: publicSite(site), info, health: async () => ({ ok: true, checks: {} }), metrics: async () => '', now: () => new Date() });
    const before = await measure(app(unkept), scratch.name);
    const now = await measure(app(judgeStore), scratch.name);
    const show = (f: Figures) =>
      `${f.cpuMs.toFixed(2)} ms CPU a request (PostgreSQL ${f.postgresMs === null ? '?' : f.postgresMs.toFixed(2)} ms), ${f.perSecond.toFixed(0)} req/s, ${(f.bytes / 1024).toFixed(0)} KB`;
    console.log(`  ${String(games).padStart(6)} games (${FORMING_GAMES} forming): kept ${show(now)}; made every time ${show(before)}`);
  } finally {
    await store.close();
    await scratch.drop();
  }
}

console.log(machineLine());
console.log(
  `calibration ${calibrationMs().toFixed(1)} ms of CPU (machine.ts), load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}; GET / ${requests} times per size (goal: flat with the games, ≤ 1 ms CPU a request)`,
);
for (const games of sizes) await size(games);
console.log(
  `calibration ${calibrationMs().toFixed(1)} ms, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} at the end`,
);
process.exit(0);
