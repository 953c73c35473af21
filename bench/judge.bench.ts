import { performance } from 'node:perf_hooks';
import { MailJudge } from '../src/mail/mail-judge.ts';
import { openStore } from '../src/store/index.ts';
import { createJudgeStore } from '../src/store/judge-store.ts';
import { eml } from '../test/judge/mail-builder.ts';
import { createScratchDatabase } from '../test/support/scratch-postgres.ts';
import { loadVariant } from '../src/catalog/variant-catalog.ts';
import { adjudicatePhase } from '../src/engine/adjudicate-phase.ts';
import { parseOrderLine } from '../src/orders/index.ts';
import { machineLine, medianMicros } from './machine.ts';
import type { PhaseId, PowerId } from '../src/engine/types.ts';

// npm run bench:judge — the judge's own CPU per mail, by kind of mail, without IMAP or SMTP: a
// MailJudge in this process on a scratch database of the real PostgreSQL server (so the
// database's CPU is not counted here), fed raw mails as the intake would. --games=G (3) games of
// seven players each play --years=Y (2) years, every power holding with all its units (so no
// winter has anything to do and every phase is a movement phase); every mail's CPU (process.cpuUsage, user + system) is counted by kind:
//   orders (phase waits)   a power's orders, the phase still waits for others
//   orders (completes)     the last power's orders: the phase is processed (results, map picture)
//   STATUS                 a signed-on STATUS
//   LIST game              an information command
// Passwords use a cheap scrypt cost, as the tests do, so the figures are the judge's and not scrypt's.
// The machine may be shared: CPU time is less sensitive to load than wall time, but not immune
// (caches, frequency); the load average is printed at the start and the end.

const POWERS = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];
const INITIAL: Record<string, string> = { AUSTRIA: 'A', ENGLAND: 'E', FRANCE: 'F', GERMANY: 'G', ITALY: 'I', RUSSIA: 'R', TURKEY: 'T' };
const JUDGE = { address: 'judge@judge.example', name: 'dipjudge', code: 'DIP', passwordCost: 1024 };

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const gameCount = option('games', 3);
const years = option('years', 2);

type Kind = 'orders (phase waits)' | 'orders (completes)' | 'STATUS' | 'LIST game';
const cpu = new Map<Kind, number[]>();

/** What one adjudication and one check of a power's set cost the engine (standard map, Spring 1901, one power ordering). */
async function engineFigures(): Promise<void> {
  const variant = loadVariant('standard');
  const position = variant.startingPosition();
  const read = (power: PowerId, lines: string[]) =>
    lines.flatMap((text) => parseOrderLine(text, variant.map, 'movement').flatMap((p) => (p.ok ? [{ power, order: p.order }] : [])));
  const france = read('FRANCE', ['A Par - Bur', 'A Mar S A Par - Bur', 'F Bre - Mao']);
  const adjudicate = medianMicros(() => adjudicatePhase(variant, position, france), { batches: 50, perBatch: 100 });
  const check = await import('../src/engine/check-orders.ts').then(
    (m) => medianMicros(() => m.checkPhaseOrders(variant, position, france), { batches: 50, perBatch: 100 }),
    () => null,
  );
  console.log(
    `engine, one power's set on the standard map: adjudicatePhase ${adjudicate.toFixed(0)} µs${check === null ? '' : `, checkPhaseOrders ${check.toFixed(0)} µs`} (median)`,
  );
}

async function main(): Promise<void> {
  console.log(machineLine());
  console.log(
    `load average at the start: ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  await engineFigures();
  const scratch = await createScratchDatabase('dipjudge_bench_judge');
  const store = await openStore({ databaseUrl: scratch.url, poolSize: 2 });
  try {
    const judge = new MailJudge(createJudgeStore(store.db, { messageIdDomain: 'judge.example' }), JUDGE, () => 0.3);
    let serial = 0;
    const send = async (from: string, body: string, kind?: Kind) => {
      const raw = eml({ from, messageId: `<b${++serial}@players.example>` }, body);
      const before = process.cpuUsage();
      await judge.receive(raw);
      const used = process.cpuUsage(before);
      if (kind) cpu.set(kind, [...(cpu.get(kind) ?? []), (used.user + used.system) / 1000]);
    };
    const phaseOf = async (name: string) =>
      await store.db.selectFrom('games').select(['id', 'current_phase']).where('name', '=', name).executeTakeFirstOrThrow();
    const holds = async (gameId: number, phaseId: PhaseId, power: string) => {
      const phase = await store.db
        .selectFrom('phases')
        .select('position')
        .where('game_id', '=', gameId)
        .where('phase_id', '=', phaseId)
        .executeTakeFirstOrThrow();
      return phase.position.units.filter((u) => u.power === power).map((u) => `${u.type} ${u.location} H`);
    };
    for (let g = 1; g <= gameCount; g++) {
      const name = `bench${g}`;
      await send(`gm${g}@players.example`, `CREATE ${name} gmpass\nTIMING MIN 0 DELAY 0\nFORM`);
      for (let p = 1; p <= 7; p++) await send(`g${g}p${p}@players.example`, `JOIN ${name} pw${p}`);
    }
    const holders = new Map<string, Map<string, { address: string; password: string }>>();
    for (let g = 1; g <= gameCount; g++) {
      const seats = await store.db
        .selectFrom('seats')
        .innerJoin('games', 'games.id', 'seats.game_id')
        .select(['power', 'address'])
        .where('games.name', '=', `bench${g}`)
        .where('role', '=', 'power')
        .execute();
      holders.set(`bench${g}`, new Map(seats.map((s) => [s.power!, { address: s.address, password: `pw${s.address.split('p').at(-1)!.split('@')[0]}` }])));
    }
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    let mails = 0;
    for (let turn = 0; turn < years * 2; turn++) {
      for (let g = 1; g <= gameCount; g++) {
        const name = `bench${g}`;
        const game = await phaseOf(name);
        if (!game.current_phase?.endsWith('M')) continue;
        const powers = POWERS;
        for (const [index, power] of powers.entries()) {
          const { address, password } = holders.get(name)!.get(power)!;
          const lines = await holds(game.id, game.current_phase, power);
          if (lines.length === 0) continue;
          const last = index === powers.length - 1;
          await send(address, `SIGNON ${INITIAL[power]}${name} ${password}\n${lines.join('\n')}`, last ? 'orders (completes)' : 'orders (phase waits)');
          if (index === 2) await send(address, `SIGNON ${INITIAL[power]}${name} ${password}\nSTATUS`, 'STATUS');
          if (index === 3) await send(address, `LIST ${name}`, 'LIST game');
          mails += index === 2 || index === 3 ? 2 : 1;
        }
      }
    }
    const total = process.cpuUsage(cpuStart);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `games: ${gameCount}, timed mails: ${mails} in ${seconds.toFixed(1)} s; judge process CPU ${((total.user + total.system) / 1000 / mails).toFixed(1)} ms per mail on average`,
    );
    for (const [kind, list] of cpu) {
      const sorted = [...list].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      const mean = list.reduce((a, b) => a + b, 0) / list.length;
      console.log(`  ${kind.padEnd(22)} ×${String(list.length).padStart(3)}  CPU per mail: median ${median.toFixed(1)} ms, mean ${mean.toFixed(1)} ms`);
    }
  } finally {
    await store.close();
    await scratch.drop();
    console.log(
      `load average at the end: ${(await import('node:os'))
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
  }
}

await main();
