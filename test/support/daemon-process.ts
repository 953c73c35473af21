import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

// `node bin/dipjudge.js serve` as a child process, for tests that kill it the hard way. The
// child gets a minimal environment (PATH, HOME, TMPDIR and what the caller gives), so settings
// of the test process cannot leak into it. Its pino log (JSON lines on stdout) is read as it
// comes, or the pipe would fill up and stall the daemon; the last lines are kept for failure
// messages.
//
//   const daemon = await startDaemonProcess({ DATABASE_URL: …, IMAP_URL: …, SMTP_URL: … });
//   daemon.kill9();                 // SIGKILL, no chance to finish anything
//   await daemon.exited;
//   await other.stop();             // SIGTERM, then SIGKILL after a grace period

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ENTRY = path.join(REPOSITORY, 'bin', 'dipjudge.js');
const KEPT_LINES = 400;

export interface DaemonLogEntry {
  readonly msg?: string;
  readonly level?: number;
  readonly [key: string]: unknown;
}

export interface DaemonProcess {
  readonly pid: number;
  /** What the daemon writes into outbox.claimed_by: `${hostname}:${pid}`. */
  readonly workerId: string;
  /** Settles when the process has exited. */
  readonly exited: Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null }>;
  /** Counts of `message handled` log lines per status (processed, duplicate, …). */
  readonly handled: Readonly<Record<string, number>>;
  kill9(): void;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** The last log lines (stdout and stderr), for failure messages. */
  recentLog(): string;
}

export interface StartDaemonOptions {
  /** How long to wait for "dipjudge is running" (default 30 s). */
  readonly readyTimeoutMs?: number;
  /** Called with every JSON log line the daemon writes. */
  readonly onLog?: (entry: DaemonLogEntry) => void;
}

const children = new Set<ChildProcess>();
// A test run that dies without teardown must not leave daemons behind.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export async function startDaemonProcess(env: Readonly<Record<string, string>>, options: StartDaemonOptions = {}): Promise<DaemonProcess> {
  const base: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    const value = process.env[key];
    if (value !== undefined) base[key] = value;
  }
  const child = spawn(process.execPath, [ENTRY, 'serve'], { cwd: REPOSITORY, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`could not start ${ENTRY}`);
  children.add(child);
  const pid = child.pid;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  const lines: string[] = [];
  const handled: Record<string, number> = {};
  let onReady: (() => void) | null = null;
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > KEPT_LINES) lines.shift();
  };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    keep(line);
    let entry: DaemonLogEntry;
    try {
      entry = JSON.parse(line) as DaemonLogEntry;
    } catch {
      return;
    }
    options.onLog?.(entry);
    if (entry.msg === 'message handled' && typeof entry.status === 'string') handled[entry.status] = (handled[entry.status] ?? 0) + 1;
    if (typeof entry.msg === 'string' && entry.msg.startsWith('dipjudge is running')) onReady?.();
  });
  createInterface({ input: child.stderr! }).on('line', (line) => keep(`[stderr] ${line}`));
  const recentLog = () => lines.join('\n');

  const readyTimeoutMs = options.readyTimeoutMs ?? 30_000;
  let timer: NodeJS.Timeout | undefined;
  const ready = await Promise.race([
    new Promise<'ready'>((resolve) => (onReady = () => resolve('ready'))),
    exited.then(() => 'exited' as const),
    new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), readyTimeoutMs))),
  ]);
  clearTimeout(timer);
  onReady = null;
  if (ready !== 'ready') {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`the daemon ${ready === 'exited' ? 'exited' : `was not running after ${readyTimeoutMs} ms`}:\n${recentLog()}`);
  }

  return {
    pid,
    workerId: `${os.hostname()}:${pid}`,
    exited,
    handled,
    kill9: () => void child.kill('SIGKILL'),
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      let graceTimer: NodeJS.Timeout | undefined;
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => (graceTimer = setTimeout(() => resolve(false), graceMs))),
      ]);
      clearTimeout(graceTimer);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited;
      }
    },
    recentLog,
  };
}
