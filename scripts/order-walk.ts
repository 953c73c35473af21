import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { InMemoryJudgeStore } from '../test/support/in-memory-judge-store.ts';
import { POWER_INITIALS, startHarnessGame } from '../test/support/judge-harness.ts';
import { gameName } from '../test/support/names.ts';
import { recordingStore } from '../test/support/recording-transaction.ts';
import { importEdges, layerOf, SRC, type ImportEdge, type ModulePath } from './import-graph.ts';

// The walk of one mailed order, from the IMAP intake to the results mail (issue 11): the modules
// the work passes through, in the order it runs there, as read from the code (the call path is
// listed here by hand; the import graph says how each hop is made). A hop is an import (the
// caller imports the callee, directly or through the folder's index.ts), a return (back to a
// module that called onward before), or an injection (an object handed in at start-up: the
// judge's storage port implemented by the store, the Judge and the mail reader handed to the
// daemon's queue). `npm run order-walk` prints the walk, its layer crossings, and the lines per
// layer against a base commit (default 835f543, before issue 11's work; `-- <commit>` for another),
// and the judge's calls to its storage port for one such mail, measured on the in-memory store:
// since the unit of work (src/judge/unit-of-work.ts) one to open and one to save.

/**
 * How the work gets to a module from the one before: `import`, a call of what the module before
 * imports (directly or through the folder's index.ts); `return`, back to a module the walk was in;
 * `port`, a call of the judge's storage port, which this store module implements; `callback`, a
 * function this module handed down (or to the module before); `queue`, a row committed by one loop and found
 * by another.
 */
type Hop = 'import' | 'return' | 'port' | 'callback' | 'queue';

interface Step {
  readonly module: ModulePath;
  readonly via?: Hop;
  /** What runs there, in the code's own names. */
  readonly does: string;
}

export const WALK: readonly Step[] = [
  { module: 'mail/imap-intake.ts', does: 'createImapIntake: fetches the raw mail over IMAP' },
  { module: 'daemon/serve.ts', via: 'callback', does: "the intake's callback hands the bytes on" },
  { module: 'daemon/queued-mail.ts', via: 'import', does: 'recordQueuedMail / recordMail' },
  { module: 'mail/mail-judge.ts', via: 'import', does: 'MailJudge.readForQueue: size cap, then readInboundMail' },
  { module: 'mail/inbound-message.ts', via: 'import', does: 'parseInboundMessage (MIME), replyDecision (loops, bounces)' },
  { module: 'mail/mail-judge.ts', via: 'return', does: "toInboundMail: the judge's InboundMail" },
  { module: 'daemon/queued-mail.ts', via: 'return', does: 'the queued row: the mail and its order keys' },
  { module: 'judge/mail/mail-order.ts', via: 'import', does: 'orderKeys: sender and game keys' },
  { module: 'daemon/queued-mail.ts', via: 'return', does: 'queueInbound' },
  { module: 'store/inbound-queue.ts', via: 'import', does: 'queueInbound: one INSERT; judgeQueued claims it later' },
  { module: 'store/judge-store.ts', via: 'import', does: 'inJudgeTransaction: the transaction the judge works in' },
  { module: 'daemon/queued-mail.ts', via: 'callback', does: "the claim's work calls the Judge" },
  { module: 'judge/judge.ts', via: 'import', does: 'Judge.receiveAllIn' },
  { module: 'commands/parse-body.ts', via: 'import', does: 'parseBody: blocks, openers, command lines' },
  { module: 'judge/judge.ts', via: 'return', does: 'the games the openers name' },
  { module: 'judge/unit-of-work.ts', via: 'import', does: 'UnitOfWork.open' },
  { module: 'store/judge-store.ts', via: 'port', does: 'open: the Message-IDs recorded, the games loaded whole and locked, one call' },
  { module: 'judge/unit-of-work.ts', via: 'return', does: 'holds the games: the reads below are served here' },
  { module: 'judge/judge.ts', via: 'return', does: 'handle / runBlock: the SIGNON block (a block undone in memory)' },
  { module: 'judge/kinds/registry.ts', via: 'import', does: "kindOfGame: the held game's kind" },
  { module: 'judge/diplomacy/kind.ts', via: 'import', does: 'diplomacy.session' },
  { module: 'judge/players/enter-game.ts', via: 'import', does: 'enterGame: the game and seats held, the password' },
  { module: 'judge/diplomacy/kind.ts', via: 'return', does: "the session's commands" },
  { module: 'judge/players/session-commands.ts', via: 'import', does: 'runSession / submitOrders' },
  { module: 'judge/diplomacy/order-set.ts', via: 'import', does: 'checkOrderSet' },
  { module: 'orders/index.ts', via: 'import', does: 'parseOrderLine' },
  { module: 'judge/diplomacy/order-set.ts', via: 'return', does: 'the orders read' },
  { module: 'engine/check-orders.ts', via: 'import', does: 'checkPhaseOrders against the position' },
  { module: 'judge/diplomacy/order-set.ts', via: 'return', does: 'the set checked' },
  { module: 'judge/players/session-commands.ts', via: 'return', does: 'saveOrders (held, the parsed set beside the text), the order reply' },
  { module: 'judge/judge.ts', via: 'return', does: "each game the mail touched, to its kind's processIfReady" },
  { module: 'judge/kinds/registry.ts', via: 'import', does: 'kindOfGame' },
  { module: 'judge/diplomacy/kind.ts', via: 'import', does: 'diplomacy.processIfReady' },
  { module: 'judge/diplomacy/process-turn.ts', via: 'import', does: 'processIfReady / processTurn on the held game, seats, phase and orders' },
  { module: 'engine/adjudicate-phase.ts', via: 'import', does: 'adjudicatePhase' },
  { module: 'judge/diplomacy/process-turn.ts', via: 'return', does: 'the next phase and its deadline (held)' },
  { module: 'render/results.ts', via: 'import', does: 'renderResults' },
  { module: 'judge/diplomacy/process-turn.ts', via: 'return', does: 'the results mail (held)' },
  { module: 'judge/judge.ts', via: 'return', does: 'the reply (held); save' },
  { module: 'judge/unit-of-work.ts', via: 'import', does: 'UnitOfWork.save' },
  { module: 'store/judge-store.ts', via: 'port', does: 'apply: every held write in order, the outbox rows and the inbound outcome, one call' },
  { module: 'daemon/outbox-sender.ts', via: 'queue', does: "outboxSender: the sender's loop finds the row" },
  { module: 'mail/smtp-sender.ts', via: 'import', does: 'the SMTP sender' },
  { module: 'store/outbox-queue.ts', via: 'import', does: 'claims the row' },
  { module: 'mail/smtp-sender.ts', via: 'return', does: 'sends it' },
  { module: 'mail/outgoing-message.ts', via: 'import', does: 'mailOptions: the MIME message' },
  { module: 'mail/smtp-sender.ts', via: 'return', does: 'the delivery outcome' },
  { module: 'store/outbox-queue.ts', via: 'import', does: 'records the row sent' },
];

/** Why the hop is not what the walk says it is; null when the import graph agrees. */
function hopProblem(edges: ReadonlySet<string>, walked: readonly ModulePath[], from: ModulePath, step: Step): string | null {
  const imports = (a: ModulePath, b: ModulePath) =>
    edges.has(`${a} ${b}`) || (edges.has(`${a} ${path.posix.dirname(b)}/index.ts`) && edges.has(`${path.posix.dirname(b)}/index.ts ${b}`));
  switch (step.via) {
    case 'import':
      return imports(from, step.module) ? null : `${from} does not import ${step.module}`;
    case 'return':
      return walked.includes(step.module) ? null : `${step.module} was not walked before`;
    case 'port':
      return layerOf(from) === 'judge' && imports(step.module, 'judge/ports.ts')
        ? null
        : `${step.module} does not implement the judge's port called from ${from}`;
    case 'callback':
      // Handed down the calls that led here, or to the module called (the intake's handler).
      return walked.includes(step.module) || imports(step.module, from)
        ? null
        : `${step.module} neither called towards ${from} nor imports it, so it cannot have handed it a callback`;
    case 'queue':
      return null;
    case undefined:
      return 'a step after the first must say how it is reached';
  }
}

/** The walk as printed; throws when a hop no longer matches the code (a module gone, an import dropped). */
export function walkReport(edges: readonly ImportEdge[]): string[] {
  const missing = WALK.filter((step) => !existsSync(path.join(SRC, step.module)));
  if (missing.length > 0) throw new Error(`the walk names modules that are gone: ${missing.map((s) => s.module).join(', ')}`);
  const edgeSet = new Set(edges.map((e) => `${e.from} ${e.to}`));
  const lines: string[] = [];
  let crossings = 0;
  let forwardCrossings = 0;
  const hops = new Map<Hop, number>();
  const entered = new Map<string, number>();
  for (const [index, step] of WALK.entries()) {
    const before = WALK[index - 1];
    const layer = layerOf(step.module);
    let how = '';
    if (before) {
      const problem = hopProblem(
        edgeSet,
        WALK.slice(0, index).map((s) => s.module),
        before.module,
        step,
      );
      if (problem !== null) throw new Error(`step ${index + 1} (${step.module}): ${problem}; the walk is out of date`);
      hops.set(step.via!, (hops.get(step.via!) ?? 0) + 1);
      const crossed = layerOf(before.module) !== layer;
      if (crossed) crossings++;
      if (crossed && step.via !== 'return') forwardCrossings++;
      how = `${step.via}${crossed ? ' ->' : ''}`;
    }
    if (!before || layerOf(before.module) !== layer) entered.set(layer, (entered.get(layer) ?? 0) + 1);
    lines.push(`${String(index + 1).padStart(2)}. ${step.module.padEnd(28)} ${how.padEnd(11)} ${step.does}`);
  }
  const layers = [...entered].map(([layer, times]) => `${layer} ${times}`).join(', ');
  lines.push('');
  lines.push(`${WALK.length} steps, ${WALK.length - 1} hops (${[...hops].map(([k, n]) => `${n} ${k}`).join(', ')})`);
  lines.push(`${crossings} layer crossings (->), ${forwardCrossings} of them calls and ${crossings - forwardCrossings} returns`);
  lines.push(`times each layer is entered: ${layers}`);
  return lines;
}

/** Lines of the .ts files under src/<layer> at a commit, by layer (git grep counts every line). */
function linesPerLayer(commit: string): Map<string, number> {
  const out = execFileSync('git', ['grep', '-c', '', commit, '--', 'src/*.ts'], { cwd: path.join(SRC, '..'), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const counts = new Map<string, number>();
  for (const line of out.split('\n')) {
    const match = /^[^:]+:src\/(.+\.ts):(\d+)$/.exec(line);
    if (!match) continue;
    const layer = layerOf(match[1]!);
    counts.set(layer, (counts.get(layer) ?? 0) + Number(match[2]));
  }
  return counts;
}

function lineCountReport(base: string): string[] {
  const before = linesPerLayer(base);
  const after = linesPerLayer('HEAD');
  const layers = [...new Set([...before.keys(), ...after.keys()])].sort();
  const lines = [`lines of src/ per layer, ${base} -> HEAD`];
  let [total0, total1] = [0, 0];
  for (const layer of layers) {
    const [a, b] = [before.get(layer) ?? 0, after.get(layer) ?? 0];
    total0 += a;
    total1 += b;
    lines.push(`  ${layer.padEnd(10)} ${String(a).padStart(7)} ${String(b).padStart(7)} ${b - a >= 0 ? '+' : ''}${b - a}`);
  }
  lines.push(`  ${'total'.padEnd(10)} ${String(total0).padStart(7)} ${String(total1).padStart(7)} ${total1 - total0 >= 0 ? '+' : ''}${total1 - total0}`);
  return lines;
}

/**
 * The calls the judge makes to its storage port for the mail that completes a phase, measured by
 * playing one (seven players, every unit holding) on the in-memory store: the walk's port hops
 * as the code makes them.
 */
export async function measuredPortCalls(): Promise<string[]> {
  const calls: string[] = [];
  let recording = false;
  const memory = new InMemoryJudgeStore();
  const game = await startHarnessGame(recordingStore(memory, calls, () => recording));
  const units = await memory.transaction(async (tx) => {
    const demo = (await tx.findGame(gameName('demo')))!;
    return (await tx.phase(demo.id, demo.currentPhase!))!.position.units;
  });
  const powers = Object.keys(POWER_INITIALS);
  for (const [index, power] of powers.entries()) {
    recording = index === powers.length - 1;
    await game.as(
      power,
      units
        .filter((unit) => unit.power === power)
        .map((unit) => `${unit.type} ${unit.location} H`)
        .join('\n'),
    );
  }
  return calls;
}

/** The walk's hops from the judge into the store (what the judge's storage port is called for). */
export function portHops(): readonly Step[] {
  return WALK.filter((step) => step.via === 'port');
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const base = process.argv.slice(2).find((arg) => arg !== '--') ?? '835f543';
  console.log(walkReport(importEdges()).join('\n'));
  console.log(
    `the judge enters the store ${portHops().length} times: ${portHops()
      .map((step) => step.does.split(':')[0])
      .join(', ')}`,
  );
  const measured = await measuredPortCalls();
  console.log(`measured, the mail that completes a phase (in-memory store): ${measured.length} port calls: ${measured.join(' ')}`);
  console.log('');
  console.log(lineCountReport(base).join('\n'));
}
