import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';

// The daemon's log: JSON lines (for journald, docker logs and log shippers), or pino-pretty's
// coloured lines when a person watches a terminal and the package is installed (it is a
// development dependency: a production install has no pretty printer and logs JSON).

export function createLogger(level: string, output: { readonly isTTY?: boolean } = process.stdout): Logger {
  const pretty = output.isTTY === true && isInstalled('pino-pretty');
  return pino({ name: 'dipjudge', level, ...(pretty ? { transport: { target: 'pino-pretty' } } : {}) });
}

function isInstalled(packageName: string): boolean {
  try {
    createRequire(import.meta.url).resolve(packageName);
    return true;
  } catch {
    return false;
  }
}
