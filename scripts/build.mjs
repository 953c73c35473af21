#!/usr/bin/env node
// Builds the judge to JavaScript in dist/lib (esbuild): the command line, the public API and the
// sender thread's entry, with code shared between them split into chunks, so each command loads
// only the modules it imports (the CLI loads every command's module lazily). Packages in
// node_modules stay outside the bundle. Run by `npm ci` (prepare), `npm start` and `npm pack`.
// The public API's types go to dist/types (tsc), so `import { adjudicate } from 'dipjudge'` type-checks.
//
//   node scripts/build.mjs            build
//   node scripts/build.mjs --if-stale build only when a source file is newer than the last build
//
// Every file lands directly in dist/lib, two folders below the package root like the sources in
// src/<layer>/, so data found through `new URL('../../maps/', import.meta.url)` resolves the same
// from src and from dist. The build checks that each such URL in its output names a real file or
// folder, so a data path that would break in the compiled judge fails the build instead.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'dist', 'lib');
const TYPES_OUT = path.join(ROOT, 'dist', 'types');
const STAMP = path.join(ROOT, 'dist', '.build-stamp');
const ENTRY_POINTS = ['src/cli/main.ts', 'src/index.ts', 'src/daemon/sender-thread-worker.ts', 'src/cli/adjudicate-thread-worker.ts'];
// Packages with native code or files of their own beside it are not bundled.
const EXTERNAL_PACKAGES = ['@electric-sql/pglite', '@electric-sql/pglite/*', '@resvg/resvg-js', 'pino', 'pino-pretty', 'pg-native', 'esbuild'];
const INPUTS = ['src', 'package.json', 'scripts/build.mjs'];

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale() {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(ROOT, input)) > built);
}

/** `new URL('<relative>', import.meta.url)` in the output: each must name something that exists. */
function checkDataUrls(files) {
  const problems = [];
  const pattern = /new URL\(\s*(["'`])(\.{1,2}\/[^"'`]*)\1\s*,\s*import\.meta\.url\s*\)/g;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(pattern)) {
      // .ts and .mjs files are what the code loads when it runs from the TypeScript sources.
      if (/\.(ts|mjs)$/.test(match[2])) continue;
      const target = path.resolve(path.dirname(file), match[2]);
      if (!existsSync(target)) problems.push(`${path.relative(ROOT, file)}: new URL('${match[2]}') names ${path.relative(ROOT, target)}, which does not exist`);
    }
  }
  return problems;
}

function walk(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(folder, entry.name)) : [path.join(folder, entry.name)],
  );
}

/**
 * The declarations of the public API (src/index.ts and what it reaches) in dist/types. The sources
 * import each other as `.ts` (allowImportingTsExtensions), which tsc keeps in declarations; a
 * consumer resolves `.js` to the `.d.ts` beside it, so the paths are rewritten.
 */
function emitTypes() {
  const ts = createRequire(import.meta.url)('typescript');
  const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  rmSync(TYPES_OUT, { recursive: true, force: true });
  const program = ts.createProgram([path.join(ROOT, 'src', 'index.ts')], {
    ...options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: path.join(ROOT, 'src'),
    outDir: TYPES_OUT,
  });
  const emitted = program.emit();
  const errors = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) {
    process.stderr.write(
      `build: the API's declarations failed:\n${ts.formatDiagnostics(errors, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' })}`,
    );
    process.exit(1);
  }
  for (const file of walk(TYPES_OUT)) {
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]*)\.ts\2/g, '$1$2$3.js$2'));
  }
}

async function build() {
  const started = performance.now();
  rmSync(OUT, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ENTRY_POINTS,
    outdir: OUT,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    // Packages are bundled too: Node loads a few large files much faster than the hundreds of
    // small ones kysely, zod or mailparser are made of. These stay outside: PGlite and pino find
    // files of their own (WebAssembly, transport workers) next to their code.
    external: EXTERNAL_PACKAGES,
    // Bundled CommonJS packages call require() for Node's built-in modules.
    banner: { js: "import { createRequire as __dipjudgeCreateRequire } from 'node:module'; const require = __dipjudgeCreateRequire(import.meta.url);" },
    sourcemap: 'linked',
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  const outputs = Object.keys(result.metafile.outputs)
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.join(ROOT, file));
  const problems = checkDataUrls(outputs);
  if (problems.length > 0) {
    process.stderr.write(`build: data paths that would not resolve from dist/lib:\n  ${problems.join('\n  ')}\n`);
    process.exit(1);
  }
  emitTypes();
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
  process.stderr.write(`build: ${outputs.length} files in dist/lib (${Math.round(performance.now() - started)} ms)\n`);
}

if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);
await build();
