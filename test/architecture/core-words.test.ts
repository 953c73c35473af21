import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layerOf, sourceModules, SRC } from '../../scripts/import-graph.ts';
import { MARKERS } from '../../src/engine/types.ts';
import { sentencesIn as sentencesWith } from './sentences.ts';

// The pure cores decide and src/render words (issue 27): the engine returns a typed OrderReason,
// the schedule a ScheduleProblem, the command parser a CommandProblem and the order parser an
// OrderProblem, and render/order-reasons.ts, render/schedule-errors.ts, render/command-problems.ts
// and render/order-problems.ts write the sentences; the adjudicate API words its JSON's reasons
// through them. So no string or template literal in src/engine, src/schedule, src/commands,
// src/orders or src/api may be an English sentence (two or more lower-case words). Excepted: the
// text of an exception (`new …Error(…)`, `throw …`), of a log call and of a schema (`z.…`), which
// the judgekeeper or a developer reads, not a player; literal types; the keys of an object; a field
// path (`position.units[…].power`); the engine's result markers (`no convoy`, which njudge's results
// print as they are); and the modules listed below, with why.

const CORE_LAYERS = ['engine', 'schedule', 'commands', 'orders', 'api'];

/** Modules whose literals are not words for a reader of the judge's mail. */
const NOT_FOR_PLAYERS: Readonly<Record<string, string>> = {
  'engine/validate-variant.ts': "a variant file's problems, thrown as one MapError when the variant loads (a developer's message)",
  'engine/map-schema.ts': "schema messages for a map file that does not load (a developer's message)",
  'engine/variant-schema.ts': "schema messages for a variant file that does not load (a developer's message)",
  'engine/position-schema.ts': 'schema messages for a stored or posted position that does not fit, thrown as an error',
  'schedule/format-deadline.ts': "luxon's format patterns (EEE MMM dd yyyy), not words",
  'schedule/format-timing.ts': "njudge's TIMING keywords as LIST writes them (clock, min, next, grace), not sentences",
  'orders/format-order.ts':
    "the order language's canonical echo (`Army London -> Norway by convoy.`), which the parser reads back to the same order: `by convoy` is its keywords",
};

const ALLOWED_TEXTS: ReadonlySet<string> = new Set<string>(MARKERS);

const sentencesIn = (module: string, source: string) => sentencesWith(module, source, ALLOWED_TEXTS);

describe('the pure cores return typed results and src/render words them', () => {
  const modules = sourceModules().filter((module) => CORE_LAYERS.includes(layerOf(module)));

  it('reads the cores (the list is not empty)', () => {
    expect(modules).toContain('engine/movement/bind-orders.ts');
    expect(modules).toContain('schedule/parse-date.ts');
    expect(modules).toContain('commands/parse-command.ts');
    expect(modules).toContain('orders/parse-order.ts');
    expect(modules).toContain('api/adjudicate.ts');
  });

  it.each(CORE_LAYERS)('no English sentence in src/%s (log, exception and schema messages excepted)', (layer) => {
    const found = modules
      .filter((module) => layerOf(module) === layer && !Object.hasOwn(NOT_FOR_PLAYERS, module))
      .flatMap((module) => sentencesIn(module, readFileSync(path.join(SRC, module), 'utf8')));
    expect(found.map((s) => `${s.module}:${s.line} ${s.text}`)).toEqual([]);
  });

  it('lists only modules that exist', () => {
    for (const module of Object.keys(NOT_FOR_PLAYERS)) expect(modules).toContain(module);
  });

  it('catches a sentence written in a core, and lets typed codes, tokens, markers and exceptions pass', () => {
    const source = [
      'if (!adjacent) return illegal(`${from} is not adjacent to ${to}`);',
      "if (!adjacent) return illegal({ code: 'not-adjacent', from, to });",
      "return fail('SET needs something to set, e.g. SET WAIT');",
      "return fail({ kind: 'usage', usage: 'SET PASSWORD' });",
      'reject(\'in-past\', text, `"${text}" is not in the future`);',
      "reject('in-past', text, { kind: 'not-in-future', text });",
      "marker = anyConvoy ? 'disrupted' : 'no convoy';",
      'throw new TypeError(`no province ${id} on the map`);',
      "type Standing = true | 'gave way' | 'bounced';",
      "const words = { 'owned-with-home': 1, 'any-home': 2 };",
      "logger.warn('the stored timing does not read');",
      "const reason = stands === 'gave way' ? 'Another unit retreated to the same province' : null;",
      'return this.fail(`Expected a province after "${this.written()}"`);',
      "return this.fail({ kind: 'expected-province', after: this.written(), found: null });",
      'const power = requirePower(variant, u.power, `position.units[${i}].power`);',
      "const unit = z.object({ type: z.string().regex(/^[AF]$/, 'unit type must be A or F') });",
      'const reason = `An order for ${written} cannot be listed under ${listedUnder}`;',
    ].join('\n');
    expect(sentencesIn('engine/example.ts', source).map((s) => [s.line, s.text])).toEqual([
      [1, '… is not adjacent to …'],
      [3, 'SET needs something to set, e.g. SET WAIT'],
      [5, '"…" is not in the future'],
      [12, 'gave way'],
      [12, 'Another unit retreated to the same province'],
      [13, 'Expected a province after "…"'],
      [17, 'An order for … cannot be listed under …'],
    ]);
  });
});
