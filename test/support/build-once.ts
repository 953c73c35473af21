import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// vitest's global setup: tests that start `bin/dipjudge.js` as a process run the compiled judge
// in dist/lib, so it is rebuilt first when a source file is newer than the last build (a
// fraction of a second when nothing changed).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export default function buildOnce(): void {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
}
