import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// The import graph of src/: every module's imports of other modules of ours (static, re-exports
// and dynamic import()), read with TypeScript's own pre-processor, and the same graph folded into
// layers (the folders under src/). test/architecture/layers.test.ts checks it against the
// allowed layer graph; `npm run import-graph` prints the layer edges with their counts.

export const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** A module: its path relative to src/, with '/' separators, e.g. `judge/judge.ts`. */
export type ModulePath = string;

export interface ImportEdge {
  readonly from: ModulePath;
  readonly to: ModulePath;
}

/** Every .ts module under src/ (sub-folders included). */
export function sourceModules(root = SRC): ModulePath[] {
  const walk = (folder: string): string[] =>
    readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
      const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) return walk(relative);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [relative] : [];
    });
  return walk('').sort();
}

/** The imports of our own modules from each module (relative specifiers only; packages are not ours). */
export function importEdges(root = SRC): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of sourceModules(root)) {
    const info = ts.preProcessFile(readFileSync(path.join(root, from), 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(from), fileName));
      edges.push({ from, to });
    }
  }
  return edges;
}

/** The layer a module belongs to: its top folder under src/, or `(root)` for src/index.ts. */
export function layerOf(module: ModulePath): string {
  const slash = module.indexOf('/');
  return slash < 0 ? '(root)' : module.slice(0, slash);
}

/** Edges between layers with how many imports make each, `from -> to`, sorted. */
export function layerEdges(edges: readonly ImportEdge[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { from, to } of edges) {
    const a = layerOf(from);
    const b = layerOf(to);
    if (a === b) continue;
    counts.set(`${a} -> ${b}`, (counts.get(`${a} -> ${b}`) ?? 0) + 1);
  }
  return new Map([...counts].sort(([x], [y]) => x.localeCompare(y)));
}

/** Every import cycle's modules (strongly connected components of more than one module, or a self-import). */
export function importCycles(edges: readonly ImportEdge[]): ModulePath[][] {
  const next = new Map<ModulePath, ModulePath[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  // Tarjan's algorithm.
  const index = new Map<ModulePath, number>();
  const low = new Map<ModulePath, number>();
  const stack: ModulePath[] = [];
  const onStack = new Set<ModulePath>();
  const cycles: ModulePath[][] = [];
  let counter = 0;
  const visit = (module: ModulePath): void => {
    index.set(module, counter);
    low.set(module, counter);
    counter++;
    stack.push(module);
    onStack.add(module);
    for (const target of next.get(module) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(module, Math.min(low.get(module)!, index.get(target)!));
      }
    }
    if (low.get(module) !== index.get(module)) return;
    const component: ModulePath[] = [];
    let member: ModulePath;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1 || (next.get(module) ?? []).includes(module)) cycles.push(component.sort());
  };
  for (const module of [...next.keys()].sort()) if (!index.has(module)) visit(module);
  return cycles;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const edges = importEdges();
  for (const [edge, count] of layerEdges(edges)) console.log(`${edge.padEnd(24)} ${count}`);
  const cycles = importCycles(edges);
  console.log(cycles.length === 0 ? 'no import cycles' : cycles.map((c) => `cycle: ${c.join(' <-> ')}`).join('\n'));
}
