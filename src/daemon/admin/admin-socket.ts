import { chmod, unlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { AdminAnswer, AdminContext, AdminRequest } from './operations.ts';
import { runAdminRequest } from './operations.ts';

// A running judge on PGlite is the only process that may open its database, so the judgekeeper's
// commands reach it through a Unix socket in the data folder (readable by the folder's owner
// only): one JSON line asks, one JSON line answers. The judge runs the request with its own
// store, between and alongside the mail it judges, exactly as the command would have.

export const ADMIN_SOCKET_NAME = '.dipjudge-admin.sock';

export function adminSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), ADMIN_SOCKET_NAME);
}

export interface AdminSocketLog {
  info(bindings: object, message: string): void;
  error(bindings: object, message: string): void;
}

export interface RunningAdminSocket {
  readonly path: string;
  close(): Promise<void>;
}

export async function startAdminSocket(context: AdminContext, dataDir: string, log: AdminSocketLog): Promise<RunningAdminSocket> {
  const socketPath = adminSocketPath(dataDir);
  // A socket file left by a judge that died: the data folder's lock (held by us now) proves it is stale.
  await unlink(socketPath).catch(() => undefined);
  const server = net.createServer((connection) => {
    const lines = createInterface({ input: connection, crlfDelay: Infinity });
    lines.once('line', (line) => {
      lines.close();
      void answer(context, line, log).then((reply) => connection.end(`${JSON.stringify(reply)}\n`));
    });
    connection.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  log.info({ socket: socketPath }, 'admin socket listening');
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        void unlink(socketPath).catch(() => undefined);
      }),
  };
}

async function answer(context: AdminContext, line: string, log: AdminSocketLog): Promise<AdminAnswer | { readonly error: string }> {
  let request: AdminRequest;
  try {
    request = JSON.parse(line) as AdminRequest;
  } catch {
    return { error: 'the request is not JSON' };
  }
  try {
    const reply = await runAdminRequest(context, request);
    log.info({ op: request.op }, 'admin request done');
    return reply;
  } catch (error) {
    log.error({ op: request.op, err: error }, 'admin request failed');
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Asks the judge listening at `socketPath`; rejects when nobody answers there. */
export function askRunningJudge(socketPath: string, request: AdminRequest): Promise<AdminAnswer> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socketPath);
    let text = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => (text += chunk));
    connection.on('error', reject);
    connection.on('connect', () => connection.write(`${JSON.stringify(request)}\n`));
    connection.on('end', () => {
      try {
        const reply = JSON.parse(text) as AdminAnswer | { error: string };
        if ('error' in reply) reject(new AdminRequestError(reply.error));
        else resolve(reply);
      } catch {
        reject(new Error(`the running judge gave no answer on ${socketPath}`));
      }
    });
  });
}

export class AdminRequestError extends Error {
  override readonly name = 'AdminRequestError';
}
