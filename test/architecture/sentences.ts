import ts from 'typescript';

// The rule of test/architecture/core-words.test.ts and reader-words.test.ts: a string or template
// literal that is an English sentence (two or more lower-case words), found with TypeScript's own
// parser, unless it is text no reader of the judge's output sees from here: an exception's message,
// a log line, a schema's message, a literal type, an object's key, an import. `allowed` adds texts
// a caller lets pass (the engine's markers); `exempt` adds a caller's own test for a node.

/** A field path of the adjudicate API's input, named in its errors: `position.units[…].power`, `orders.…`. */
const FIELD_PATH = /^[a-z]\w*(?:\.(?:\w+|…)|\[(?:\d+|…)\])+$/i;

/** Two or more whole lower-case words of two letters or more: "is not adjacent to", "gave way" (not a code like "not-adjacent"). */
export function isSentence(text: string): boolean {
  return !FIELD_PATH.test(text) && (text.match(/(?<![\w-])[a-z][a-z']+(?![\w-])/g) ?? []).length >= 2;
}

/** The identifier a chain of calls and property reads starts from: `z` for `z.string().regex(…)`. */
export function chainRoot(expression: ts.Expression): string | null {
  let at = expression;
  while (ts.isPropertyAccessExpression(at) || ts.isCallExpression(at)) at = at.expression;
  return ts.isIdentifier(at) ? at.text : null;
}

export function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('…');
  return null;
}

/** Text no player reads: an exception's message, a log line, a literal type, an object key, an import. */
function isExempt(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isLiteralTypeNode(parent) || ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent)) return true;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent)) && parent.name === node) return true;
  for (let up: ts.Node | undefined = parent; up !== undefined; up = up.parent) {
    if (ts.isThrowStatement(up)) return true;
    if (ts.isNewExpression(up) && ts.isIdentifier(up.expression) && /Error$/.test(up.expression.text)) return true;
    if (ts.isCallExpression(up) && ts.isPropertyAccessExpression(up.expression) && ts.isIdentifier(up.expression.expression)) {
      if (/^(log|logger|console)$/.test(up.expression.expression.text)) return true;
    }
    if (ts.isCallExpression(up) && chainRoot(up.expression) === 'z') return true;
    if (ts.isFunctionLike(up) || ts.isSourceFile(up)) return false;
  }
  return false;
}

export interface Sentence {
  readonly module: string;
  readonly line: number;
  readonly text: string;
}

/** Every literal of a module that is an English sentence and not exempt. */
export function sentencesIn(
  module: string,
  source: string,
  allowed: ReadonlySet<string> = new Set(),
  exempt: (node: ts.Node, text: string) => boolean = () => false,
): Sentence[] {
  const file = ts.createSourceFile(module, source, ts.ScriptTarget.Latest, true);
  const found: Sentence[] = [];
  const visit = (node: ts.Node): void => {
    const text = literalText(node);
    if (text !== null && isSentence(text) && !allowed.has(text) && !isExempt(node) && !exempt(node, text)) {
      found.push({ module, line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
