import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

// A test's helper process: a TypeScript script run with tsx in its own Node process, which reports
// what it does as one JSON object per stdout line (`{ "event": … }`, `{ "event": "error", … }`) and
// takes one-word commands on stdin. Tests use it to run real code in separate processes against
// one PostgreSQL, as several daemons would.

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface LineWorker<E extends { readonly event: string }> {
  readonly id: string;
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  /** The first event of this kind (already seen or still to come); rejects on an `error` event or exit. */
  next<K extends E['event']>(event: K): Promise<Extract<E, { event: K }>>;
  /** Writes one command line to the worker's stdin. */
  send(line: string): void;
}

export function startLineWorker<E extends { readonly event: string }>(script: URL, id: string, env: Record<string, string>): LineWorker<E> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(script)], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const events: E[] = [];
  const waiters: (() => void)[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    events.push(JSON.parse(line) as E);
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    id,
    child,
    exited,
    next(event) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = events.find((candidate) => candidate.event === event);
          const failure = events.find((candidate) => candidate.event === 'error') as { message?: string } | undefined;
          if (found) resolve(found as never);
          else if (failure) reject(new Error(`worker ${id}: ${failure.message}\n${stderr}`));
          return found !== undefined || failure !== undefined;
        };
        if (check()) return;
        const listen = () => {
          if (!check()) waiters.push(listen);
        };
        waiters.push(listen);
        void exited.then((code) =>
          // The last stdout lines may still be on their way.
          setTimeout(() => {
            if (!check()) reject(new Error(`worker ${id} exited (${code}) without "${event}": ${stderr}`));
          }, 50),
        );
      });
    },
    send(line) {
      child.stdin?.write(`${line}\n`);
    },
  };
}
