// `npm run bench:startup`: how long the compiled command line takes to start, as a judge fed by
// procmail or .forward feels it. Times `dipjudge --help` and `dipjudge receive` of one LIST mail
// on a PGlite database (created by an untimed first run), each against `node -e 0` in the same
// run, so the figures compare across machines and loads: wall time and CPU (user + system),
// medians of several rounds taken in turn, with the machine. Run `npm run build` first (the npm
// script does).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'dipjudge.js');
const ROUNDS = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? 7);

const work = mkdtempSync(path.join(os.tmpdir(), 'dipjudge-startup-'));
const env = { PATH: process.env.PATH, HOME: process.env.HOME, DIPJUDGE_DATA_DIR: path.join(work, 'pglite'), DIPJUDGE_SPOOL_DIR: path.join(work, 'spool') };
let mailNumber = 0;
const mail = () => {
  const file = path.join(work, 'list.eml');
  writeFileSync(file, `From: player@example.org\nSubject: list\nMessage-ID: <startup-${++mailNumber}@example.org>\n\nLIST\n`);
  return file;
};

/** Runs one command through bash, whose `times` reports the children's CPU. */
function measure(command) {
  const started = process.hrtime.bigint();
  const result = spawnSync('bash', ['-c', `${command} >/dev/null; status=$?; times; exit $status`], { env, encoding: 'utf8' });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${command} failed (${result.status}): ${result.stderr}`);
  const children = result.stdout
    .trim()
    .split('\n')
    .at(-1)
    .match(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/);
  const cpuMs = (Number(children[1]) * 60 + Number(children[2]) + Number(children[3]) * 60 + Number(children[4])) * 1000;
  return { wallMs, cpuMs };
}

const node = JSON.stringify(process.execPath);
const cases = {
  'node -e 0': () => `${node} -e 0`,
  'dipjudge --help': () => `${node} ${JSON.stringify(BIN)} --help`,
  'dipjudge receive (LIST, PGlite)': () => `${node} ${JSON.stringify(BIN)} receive < ${JSON.stringify(mail())}`,
};

try {
  measure(cases['dipjudge receive (LIST, PGlite)']()); // creates the database; not timed
  const samples = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) for (const [name, command] of Object.entries(cases)) samples[name].push(measure(command()));
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const base = { wall: median(samples['node -e 0'].map((s) => s.wallMs)), cpu: median(samples['node -e 0'].map((s) => s.cpuMs)) };
  console.log(
    `machine: ${os.cpus()[0]?.model ?? 'unknown'}, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; node ${process.version}; ${ROUNDS} rounds, medians`,
  );
  console.log(`${'command'.padEnd(34)}${'wall ms'.padStart(9)}${'× node'.padStart(8)}${'CPU ms'.padStart(9)}${'× node'.padStart(8)}`);
  for (const [name, runs] of Object.entries(samples)) {
    const wall = median(runs.map((s) => s.wallMs));
    const cpu = median(runs.map((s) => s.cpuMs));
    console.log(
      `${name.padEnd(34)}${wall.toFixed(0).padStart(9)}${(wall / base.wall).toFixed(1).padStart(8)}${cpu.toFixed(0).padStart(9)}${(cpu / base.cpu).toFixed(1).padStart(8)}`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
