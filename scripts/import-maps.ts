import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './dpjudge/generate.ts';

// npm run import-maps           writes maps/*.json, variants/*.json and the variant table of docs/maps-and-variants.md
// npm run import-maps -- --check   only reports which checked-in files differ from a fresh import

const root = fileURLToPath(new URL('../', import.meta.url));
const check = process.argv.includes('--check');
const { files, rows } = generate(root);
const changed: string[] = [];
for (const [path, content] of files) {
  let current: string | null = null;
  try {
    current = readFileSync(join(root, path), 'utf8');
  } catch {
    current = null;
  }
  if (current === content) continue;
  changed.push(path);
  if (!check) writeFileSync(join(root, path), content);
}
for (const row of rows)
  console.log(
    `${row.leftOut === null ? 'imported ' : 'left out '} ${row.id.padEnd(15)} ${row.leftOut ?? `${row.powers} powers, ${row.centres} centres, victory ${row.victory}`}`,
  );
if (check && changed.length > 0) {
  console.error(`These files differ from a fresh import (run npm run import-maps): ${changed.join(', ')}`);
  process.exit(1);
}
console.log(changed.length === 0 ? 'Nothing changed.' : `${check ? 'Would write' : 'Wrote'} ${changed.join(', ')}`);
