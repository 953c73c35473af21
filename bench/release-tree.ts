import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

// A previous release measured beside this checkout in the same run (npm run bench, bench:maps): its
// tree taken from git into a scratch folder and built there, and a figures script bundled against
// its sources or this checkout's, so the two compare whatever else the machine is doing.

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The release `ref`'s tree in `work`/previous, with this checkout's packages, built. */
export function previousRelease(work: string, ref: string): string {
  const tree = path.join(work, 'previous');
  const archive = spawnSync(
    'bash',
    ['-c', `mkdir -p ${JSON.stringify(tree)} && git -C ${JSON.stringify(ROOT)} archive ${ref} | tar -x -C ${JSON.stringify(tree)}`],
    {
      encoding: 'utf8',
    },
  );
  if (archive.status !== 0) throw new Error(`cannot take release ${ref} from git: ${archive.stderr}`);
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'));
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: tree, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`cannot build release ${ref}: ${built.stderr}`);
  return tree;
}

/**
 * Bundles `script` (a file of bench/ importing ../src/…) against the sources under `tree`, as the
 * judge's build bundles, and runs it with `args`: its standard output parsed as JSON.
 */
export async function figuresOf<T>(tree: string, script: string, args: readonly string[], name: string): Promise<T> {
  const outfile = path.join(tree, 'dist', 'bench', `${name}.mjs`); // two folders down, as dist/lib: data paths resolve
  await esbuild.build({
    entryPoints: [fileURLToPath(new URL(script, import.meta.url))],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    external: ['@electric-sql/pglite', '@resvg/resvg-js', 'pino', 'pino-pretty', 'esbuild'],
    banner: { js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);" },
    nodePaths: [path.join(ROOT, 'node_modules')],
    logLevel: 'error',
    plugins: [
      { name: 'release-sources', setup: (build) => build.onResolve({ filter: /^\.\.\/src\// }, (args) => ({ path: path.join(tree, args.path.slice(3)) })) },
    ],
  });
  const run = spawnSync(process.execPath, [outfile, ...args], { encoding: 'utf8', maxBuffer: 2 ** 24 });
  if (run.status !== 0) throw new Error(`${name} of ${tree} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}
