#!/usr/bin/env node
// The compiled command line (dist/lib, built by `npm ci`, `npm run build` or `npm start`).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/lib/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    `dipjudge: the judge is not built (${entry.pathname} is missing); run \`npm run build\` in ${new URL('..', import.meta.url).pathname}\n`,
  );
  process.exit(1);
}
await import(entry.href);
