import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importEdges, layerOf, sourceModules, SRC, type ImportEdge } from '../../scripts/import-graph.ts';

// The layers of docs/architecture.md's Layout, as data: what each folder under src/ may import from the others.
// Inner layers never import outer ones; an arrow running back fails here with the import named.

const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  // The pure game core imports nothing outside itself.
  engine: [],
  // The werewolf narrator's rules (role-set language and engine): pure, like the engine.
  werewolf: [],
  orders: ['engine'],
  catalog: ['engine', 'werewolf'],
  schedule: ['engine'],
  commands: ['engine', 'orders', 'schedule'],
  // The Mafia game kind's pure core: its own rules over the shared deadline arithmetic.
  mafia: ['schedule'],
  render: ['engine', 'orders', 'catalog', 'commands', 'schedule', 'werewolf', 'mafia'],
  api: ['engine', 'orders', 'catalog', 'render'],
  // The use cases: no mail, no database, no daemon, no settings file.
  judge: ['engine', 'orders', 'catalog', 'commands', 'render', 'schedule', 'werewolf', 'mafia'],
  // The store implements the judge's port (see STORE_MAY_IMPORT_FROM_JUDGE).
  store: ['engine', 'schedule', 'mafia', 'judge'],
  mail: ['engine', 'render', 'judge', 'store'],
  config: [],
  // The read-only web site, /healthz and /metrics: reads through the judge's port and the store.
  web: ['engine', 'orders', 'catalog', 'commands', 'render', 'schedule', 'mafia', 'judge', 'store', 'config', 'werewolf'],
  daemon: ['engine', 'orders', 'catalog', 'commands', 'render', 'schedule', 'mafia', 'judge', 'store', 'mail', 'config', 'web', 'werewolf'],
  cli: ['engine', 'orders', 'catalog', 'commands', 'render', 'schedule', 'mafia', 'api', 'judge', 'store', 'mail', 'config', 'daemon', 'web', 'werewolf'],
  '(root)': ['api', 'engine'],
};

/** Of the judge, the store may import only the port it implements and the model types it stores. */
const STORE_MAY_IMPORT_FROM_JUDGE = [
  'judge/ports.ts',
  'judge/model.ts',
  'judge/mail/inbound-mail.ts',
  'judge/diplomacy/order-format.ts',
  'judge/diplomacy/orders-ahead-format.ts',
  'judge/reports/ending-format.ts',
  'judge/press/press-types.ts',
  'judge/mail/extra-addresses.ts',
  'judge/visibility/hidden-players.ts',
];

function forbidden(edge: ImportEdge): string | null {
  const from = layerOf(edge.from);
  const to = layerOf(edge.to);
  if (from === to) return null;
  const allowed = ALLOWED[from];
  if (allowed === undefined) return `${edge.from}: the folder src/${from} is not in the layer table`;
  if (!allowed.includes(to)) return `${edge.from} imports ${edge.to}: ${from} may not import ${to}`;
  if (from === 'store' && to === 'judge' && !STORE_MAY_IMPORT_FROM_JUDGE.includes(edge.to))
    return `${edge.from} imports ${edge.to}: the store may import only the judge's port and model`;
  return null;
}

describe('layers', () => {
  const edges = importEdges();

  it('reads the imports (the graph is not empty)', () => {
    expect(edges.some((e) => e.from === 'judge/judge.ts' && e.to === 'judge/mail/inbound-mail.ts')).toBe(true);
  });

  it('no layer imports an outer one', () => {
    expect(edges.map(forbidden).filter((problem) => problem !== null)).toEqual([]);
  });

  it('catches an arrow running back', () => {
    expect(forbidden({ from: 'engine/board.ts', to: 'judge/model.ts' })).toMatch(/engine may not import judge/);
    expect(forbidden({ from: 'judge/judge.ts', to: 'mail/inbound-message.ts' })).toMatch(/judge may not import mail/);
    expect(forbidden({ from: 'render/results.ts', to: 'store/index.ts' })).toMatch(/render may not import store/);
    expect(forbidden({ from: 'store/judge-store.ts', to: 'judge/judge.ts' })).toMatch(/only the judge's port/);
  });

  it('keeps SQL in src/store: no queries elsewhere, database packages imported elsewhere only for their types', () => {
    const problems = sourceModules()
      .filter((module) => layerOf(module) !== 'store')
      .flatMap((module) => {
        const text = readFileSync(path.join(SRC, module), 'utf8');
        const found: string[] = [];
        if (/\.(selectFrom|updateTable|insertInto|deleteFrom|query)\(|\bsql`/.test(text)) found.push(`${module} runs SQL`);
        if (/^import (?!type )[^;]*from '(kysely|kysely\/[^']*|pg|@electric-sql\/pglite[^']*)'/m.test(text)) found.push(`${module} imports a database package`);
        return found;
      });
    expect(problems).toEqual([]);
  });

  it('has no import cycles', () => {
    expect(importCycles(edges)).toEqual([]);
  });

  it('finds a cycle', () => {
    const a = 'judge/a.ts';
    const b = 'judge/b.ts';
    expect(
      importCycles([
        { from: a, to: b },
        { from: b, to: a },
      ]),
    ).toEqual([[a, b]]);
  });
});
