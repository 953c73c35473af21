import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { layerOf, sourceModules, SRC } from '../../scripts/import-graph.ts';
import { chainRoot, sentencesIn } from './sentences.ts';

// Words only in src/render, beyond the pure cores (issue 27; core-words.test.ts holds the cores):
// what a player, a Master, a web visitor or the judgekeeper at the command line reads is worded in
// src/render, and the layers around it hand render typed values. The same rule as the cores', over
// the judge, the game kinds, the web site, the daemon, mail, the command line, the settings and the
// catalogues. src/store is left out: its literals are SQL, and SQL belongs there. Besides what the
// cores' rule lets pass (exceptions, schemas, literal types, keys), these are not words for a
// reader: a log line through any logger (`webLog.info(…)`); a commander declaration's help
// (`.description(…)`, `.option(…)`, `new Option(…)`): the judgekeeper reads it with --help, but it
// is part of declaring the option, as a schema's message is part of the schema, and a reader of
// cli/main.ts needs it beside the option it explains; protocol text: a MIME type, a URL path, a
// word without a space (a job key `game:…:deadline`, a file name); a code being tested (a literal
// compared with `===` or a `case` label); an Error subclass's `super(…)` message. Modules and single
// texts that stay are listed below, each with why.

const LAYERS = ['judge', 'werewolf', 'mafia', 'web', 'daemon', 'mail', 'cli', 'config', 'catalog'];

/** Modules whose literals are not words for a reader, with why. */
const NOT_FOR_READERS: Readonly<Record<string, string>> = {
  'web/metrics.ts':
    "Prometheus' HELP text, part of each metric's declaration (as a schema's message is of a schema); the operator's monitoring reads it, and renaming it changes the scrape",
  'config/config.ts': "the settings' problems, gathered and thrown as one ConfigError when the judge starts (the judgekeeper's start-up error)",
  'catalog/map-geometry.ts': "a map drawing's gaps, thrown when a variant's geometry does not cover its map (a developer's message)",
};

/** Single texts that stay where they are, with why. */
const TEXTS_NOT_FOR_READERS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'web/server.ts': {
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'":
      'a Content-Security-Policy header',
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:": 'a Content-Security-Policy header',
    'inline; filename="…-deadlines.ics"': 'a Content-Disposition header',
    'User-agent: *\nDisallow: /metrics\nDisallow: /healthz\n': 'robots.txt, for crawlers',
  },
  'daemon/admin/admin-socket.ts': {
    'the request is not JSON': "the admin socket's protocol error to a client that sent no JSON (dipjudge's own command line always sends JSON)",
  },
  'cli/json-array-splitter.ts': {
    'before array': "the splitter's state, a literal-type code",
    'in item': "the splitter's state, a literal-type code",
    'after array': "the splitter's state, a literal-type code",
    'not an array': "the splitter's state and SplitShape, a literal-type code",
  },
  'judge/clock/time-commands.ts': { 'grace period': "DeadlineChange's `what`, a literal-type code declared by render/time-notices.ts, which words it" },
  'judge/diplomacy/process-turn.ts': { 'not ready': "readyAt's answer, a literal-type code" },
  'judge/master/master-commands.ts': {
    'rolled back': "a stint's end reason as the database stores it (`dipjudge game` shows the stored value)",
    'resigned by the Master': "a stint's end reason as the database stores it (`dipjudge game` shows the stored value)",
  },
  'judge/players/enter-game.ts': { 'handed over': "a stint's end reason as the database stores it (`dipjudge game` shows the stored value)" },
  'werewolf/engine.ts': {
    'public voting power': "the roleset language's attribute name, as a roleset file writes it (`Manipulate X's 'public voting power'`)",
    'private voting power': "the roleset language's attribute name, as a roleset file writes it",
  },
  'werewolf/parse-roleset.ts': { 'role list': 'an ElementKind, a literal-type code', 'ability set': 'an ElementKind, a literal-type code' },
};

/**
 * Modules with sentences still to move, each with whose room it is this session: they stay listed
 * until their words are in render. A module here that has no sentence left fails the last test.
 */
const LEFT_FOR_LATER: Readonly<Record<string, string>> = {};

/** Protocol text, not words: a MIME type with its parameters, a URL path, text without a space. */
function isProtocolText(text: string): boolean {
  return !/\s/.test(text) || /^[a-z]+\/[\w.+-]+(?:; ?[\w-]+=[\w.-]+)*$/.test(text) || /^\/[^\s]*$/.test(text);
}

const COMMANDER_HELP = new Set(['description', 'summary', 'option', 'requiredOption', 'argument', 'addHelpText', 'helpOption']);

/** A code being tested, not text being written: a literal compared (`===`, `!==`) or a `case` label. */
function isTestedCode(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isCaseClause(parent) && parent.expression === node) return true;
  return (
    ts.isBinaryExpression(parent) &&
    (parent.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken || parent.operatorToken.kind === ts.SyntaxKind.ExclamationEqualsEqualsToken)
  );
}

/** Inside a class that extends an …Error: `super('the IMAP connection closed')` is an exception's message. */
function isErrorClass(node: ts.Node): boolean {
  let at: ts.Node | undefined = node;
  while (at !== undefined && !ts.isClassLike(at)) at = at.parent;
  return (at?.heritageClauses ?? []).some((clause) => clause.types.some((type) => /Error$/.test(type.expression.getText())));
}

/** A log line through any logger, a commander declaration's help, or an Error subclass's message. */
function isLogOrHelp(node: ts.Node): boolean {
  for (let up: ts.Node | undefined = node.parent; up !== undefined; up = up.parent) {
    if (ts.isCallExpression(up) && ts.isPropertyAccessExpression(up.expression)) {
      const receiver = up.expression.expression;
      const name = ts.isIdentifier(receiver) ? receiver.text : ts.isPropertyAccessExpression(receiver) ? receiver.name.text : chainRoot(receiver);
      if (name !== null && /^(?:log|logger|console)$|Log(?:ger)?$/.test(name) && /^(?:trace|debug|info|warn|error|fatal)$/.test(up.expression.name.text))
        return true;
      if (COMMANDER_HELP.has(up.expression.name.text)) return true;
    }
    if (ts.isNewExpression(up) && ts.isIdentifier(up.expression) && /^(?:Option|Argument|Command)$/.test(up.expression.text)) return true;
    if (ts.isCallExpression(up) && up.expression.kind === ts.SyntaxKind.SuperKeyword && isErrorClass(up)) return true;
    if (ts.isFunctionLike(up) || ts.isSourceFile(up)) return false;
  }
  return false;
}

function readerSentences(module: string, source: string) {
  const texts = TEXTS_NOT_FOR_READERS[module] ?? {};
  return sentencesIn(module, source, new Set(Object.keys(texts)), (node, text) => isProtocolText(text) || isTestedCode(node) || isLogOrHelp(node));
}

describe('words a reader sees are worded in src/render, beyond the cores too', () => {
  const modules = sourceModules().filter((module) => LAYERS.includes(layerOf(module)));

  it('reads the layers (the list is not empty)', () => {
    for (const module of ['judge/judge.ts', 'web/server.ts', 'daemon/admin/operations.ts', 'cli/main.ts', 'config/config.ts', 'werewolf/engine.ts'])
      expect(modules).toContain(module);
  });

  it.each(LAYERS)('no English sentence in src/%s (log, exception, schema, commander help and protocol text excepted)', (layer) => {
    const found = modules
      .filter((module) => layerOf(module) === layer && !Object.hasOwn(NOT_FOR_READERS, module) && !Object.hasOwn(LEFT_FOR_LATER, module))
      .flatMap((module) => readerSentences(module, readFileSync(path.join(SRC, module), 'utf8')));
    expect(found.map((s) => `${s.module}:${s.line} ${s.text}`)).toEqual([]);
  });

  it('lists only modules and texts that exist', () => {
    for (const module of [...Object.keys(NOT_FOR_READERS), ...Object.keys(TEXTS_NOT_FOR_READERS), ...Object.keys(LEFT_FOR_LATER)])
      expect(modules).toContain(module);
    for (const module of Object.keys(LEFT_FOR_LATER)) expect(readerSentences(module, readFileSync(path.join(SRC, module), 'utf8'))).not.toEqual([]);
    for (const [module, texts] of Object.entries(TEXTS_NOT_FOR_READERS)) {
      const source = readFileSync(path.join(SRC, module), 'utf8');
      for (const text of Object.keys(texts)) expect(sentencesIn(module, source).map((s) => s.text)).toContain(text);
    }
  });

  it('catches a sentence written outside render, and lets logs, commander help and protocol text pass', () => {
    const source = [
      'reply.code(404).send(`There is no page at ${path}.`);',
      "reply.code(404).send(notFoundPage({ kind: 'no-page', path }));",
      "webLog.info({ outcome }, 'an address stopped its mail through the one-click link');",
      "deps.log?.error({ err: error, url: request.url }, 'web request failed');",
      "program.command('serve').description('run the judge: read mail from the spool inbox');",
      "reply.type('text/html; charset=utf-8');",
      "server.get('/games/:name/deadlines.ics', serve);",
      'const key = `game:${id}:deadline`;',
      "lines.push('pending jobs:');",
      "const option = new Option('--config <file>', 'a settings file');",
      "class ConnectionLost extends Error { constructor() { super('the IMAP connection closed'); } }",
    ].join('\n');
    expect(readerSentences('web/example.ts', source).map((s) => [s.line, s.text])).toEqual([
      [1, 'There is no page at ….'],
      [9, 'pending jobs:'],
    ]);
  });
});
