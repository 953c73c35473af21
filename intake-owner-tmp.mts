import { PGlite } from '@electric-sql/pglite';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeOwnerOnly } from './src/store/owner-only.ts';
const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'intake-owner-')), 'db');
const db = new PGlite(dir); await db.query('select 1'); await db.close();
let t = performance.now(); await makeOwnerOnly(dir); const first = performance.now() - t;
const runs: number[] = [];
for (let i = 0; i < 5; i++) { t = performance.now(); await makeOwnerOnly(dir); runs.push(performance.now() - t); }
console.log(`first (970 files 0666): ${first.toFixed(1)} ms; already owner-only: ${runs.map((r) => r.toFixed(1)).join(', ')} ms`);
