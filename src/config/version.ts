import { readFileSync } from 'node:fs';

// The judge's version, from package.json (two folders up from both src/config and dist/lib).

export const DIPJUDGE_VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { readonly version: string })
  .version;
