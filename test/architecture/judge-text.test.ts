import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { layerOf, sourceModules, SRC } from '../../scripts/import-graph.ts';

// The use cases decide and src/render writes (issue 11): no words of a reply, a queued mail or a
// refusal are written inline in src/judge. What is checked: the expressions handed to a reply
// (`reply.push`, `replies.push`), to a refused block (`new BlockError`'s reason), to a queued mail
// (`enqueueMail`'s and `archiveNotice`'s subject and body), and to the judge's notice helpers
// (their title and body arguments, listed below), may hold no string or template literal with
// words in it: only render's values, names and tokens such as a record's kind ('forming'), a role
// ('monitor') or a command ('RESIGN', 'SET NO ABSENCE'). A variable declared in the same function
// is followed to its initialiser; not followed: a function that builds text and returns it into
// one of these, which a reviewer still has to catch.

/** The notice helpers of src/judge and which of their arguments are a title or a body. */
const NOTICE_HELPERS: Readonly<Record<string, readonly number[]>> = {
  noticeToAll: [4, 5],
  parameterChange: [2],
  tell: [3, 4],
  notifyPlayers: [2, 3],
  announceEnd: [5],
  // A mail with the map picture (diplomacy/process-turn.ts): its subject and body.
  mailWithMap: [3],
};

/** A literal with words: anything with a letter but a token like 'forming', 'set-absence' or a command's 'RESIGN' or 'SET NO ABSENCE'. */
function hasWords(text: string): boolean {
  return /[A-Za-z]/.test(text) && !/^[a-z][a-z0-9_-]*$/.test(text) && !/^[A-Z][A-Z0-9_]*!?$/.test(text) && !/^[A-Z][A-Z0-9_]*( [A-Z0-9_]*)*$/.test(text);
}

function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  return null;
}

/**
 * The literals with words anywhere in an expression, and in the initialisers of the variables it
 * names that are declared in the same function (`const body = \`…\`; enqueueMail({ body })`).
 */
function wordyLiterals(node: ts.Node, seen = new Set<ts.Node>()): string[] {
  const found: string[] = [];
  const visit = (child: ts.Node): void => {
    const text = literalText(child);
    // A literal read for its length or a method ('SET '.length) is not text handed on.
    if (text !== null && hasWords(text) && !ts.isPropertyAccessExpression(child.parent)) found.push(text);
    if (ts.isIdentifier(child) && !(ts.isPropertyAccessExpression(child.parent) && child.parent.name === child)) {
      for (const initializer of localInitializers(child)) {
        if (seen.has(initializer)) continue;
        seen.add(initializer);
        found.push(...wordyLiterals(initializer, seen));
      }
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** The initialisers of the variables of this name declared in the function (or file) around it. */
function localInitializers(name: ts.Identifier): ts.Expression[] {
  let scope: ts.Node = name;
  while (scope.parent && !ts.isFunctionLike(scope)) scope = scope.parent;
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name.text && node.initializer) found.push(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(scope);
  return found;
}

function calleeName(call: ts.CallExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

/** `x.reply.push`, `reply.push`, `replies.push`. */
function isReplyPush(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'push') return false;
  const target = callee.expression;
  const name = ts.isIdentifier(target) ? target.text : ts.isPropertyAccessExpression(target) ? target.name.text : null;
  return name === 'reply' || name === 'replies';
}

/** `ctx.errors.push`, `errors.push`. */
function isErrorsPush(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'push') return false;
  const target = callee.expression;
  return (ts.isIdentifier(target) ? target.text : ts.isPropertyAccessExpression(target) ? target.name.text : null) === 'errors';
}

interface InlineText {
  readonly module: string;
  readonly line: number;
  readonly sink: 'reply' | 'notice' | 'refusal';
  readonly text: string;
}

/** Every literal with words handed to a reply or a notice in one module's source. */
function inlineTexts(module: string, source: string): InlineText[] {
  const file = ts.createSourceFile(module, source, ts.ScriptTarget.Latest, true);
  const found: InlineText[] = [];
  const report = (sink: InlineText['sink'], node: ts.Node) => {
    for (const text of wordyLiterals(node)) found.push({ module, line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, sink, text });
  };
  const visit = (node: ts.Node): void => {
    // A refused block's reason: `new BlockError(line, reason)`.
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'BlockError' && node.arguments?.[1])
      report('refusal', node.arguments[1]);
    // A refusal added to the block's errors without throwing: `errors.push({ line, message })`.
    if (ts.isCallExpression(node) && isErrorsPush(node)) {
      for (const argument of node.arguments) {
        if (!ts.isObjectLiteralExpression(argument)) continue;
        for (const property of argument.properties)
          if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === 'message') report('refusal', property.initializer);
      }
    }
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      if (isReplyPush(node)) for (const argument of node.arguments) report('reply', argument);
      else if (name === 'enqueueMail' || name === 'archiveNotice') {
        const [mail] = node.arguments;
        if (mail && ts.isObjectLiteralExpression(mail)) {
          for (const property of mail.properties) {
            if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && (property.name.text === 'subject' || property.name.text === 'body'))
              report('notice', property.initializer);
          }
        }
      } else if (name !== null && Object.hasOwn(NOTICE_HELPERS, name)) {
        for (const index of NOTICE_HELPERS[name]!) if (node.arguments[index]) report('notice', node.arguments[index]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the words of replies, notices and refusals are written by src/render', () => {
  const judge = sourceModules().filter((module) => layerOf(module) === 'judge');
  const found = judge.flatMap((module) => inlineTexts(module, readFileSync(path.join(SRC, module), 'utf8')));

  it('no reply text is written inline in src/judge', () => {
    expect(found.filter((t) => t.sink === 'reply').map((t) => `${t.module}:${t.line} ${t.text}`)).toEqual([]);
  });

  it('no notice text is written inline in src/judge', () => {
    expect(found.filter((t) => t.sink === 'notice').map((t) => `${t.module}:${t.line} ${t.text}`)).toEqual([]);
  });

  it('no refusal reason is written inline in src/judge', () => {
    expect(found.filter((t) => t.sink === 'refusal').map((t) => `${t.module}:${t.line} ${t.text}`)).toEqual([]);
  });

  it('catches a reply or a notice written inline, and lets render values, names and tokens pass', () => {
    const source = [
      "ctx.reply.push(`Game '${game.name}' has ended.`);",
      "ctx.reply.push(done ? renderTimeReply({ kind: 'game-ended', gameName }) : 'Nothing to do.');",
      "ctx.reply.push(renderMasterReply({ kind: 'watcher-removed', role: seat.role === 'monitor' ? 'monitor' : 'observer', who }));",
      'ctx.reply.push(text);',
      "await ctx.tx.enqueueMail({ to, subject: subjectFor(ctx.config, game, null, 'Preview'), body, kind: 'notice' });",
      'await noticeToAll(ctx.tx, ctx.config, game, seats, notice.title, () => notice.body);',
      "await parameterChange(ctx, session, `The Master has paused game '${game.name}'.`);",
      'function f() { const body = `Your game ${name} is over.`; ctx.reply.push(body); }',
      "throw new BlockError(command.line, `Game '${game.name}' allows no draws (NO_DRAW)`);",
      "throw new BlockError(command.line, renderSessionRefusal({ kind: 'no-draws', gameName: game.name }));",
      "throw new BlockError(line, renderMasterRefusal({ kind: 'listed', command: listed ? 'SET LISTED' : 'SET UNLISTED' }));",
      'ctx.errors.push({ line: command.line, message: `${command.text}: this needs a SIGNON line first` });',
      "ctx.errors.push({ line: command.line, message: renderSessionRefusal({ kind: 'signon-first', command: command.text }) });",
    ].join('\n');
    expect(inlineTexts('judge/example.ts', source).map((t) => [t.line, t.sink])).toEqual([
      [1, 'reply'],
      [2, 'reply'],
      [5, 'notice'],
      [7, 'notice'],
      [8, 'reply'],
      [9, 'refusal'],
      [12, 'refusal'],
    ]);
  });
});
