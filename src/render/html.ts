// A tiny HTML builder: every value goes through `escapeHtml` unless it is already `Html` (built here
// from escaped parts). Game names, descriptions and results text come from players' mail, so
// nothing reaches a page unescaped.

export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type Part = Html | string | number | null | undefined | false | readonly Part[];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.text;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/** Tagged template: `html\`<p>${name}</p>\`` escapes `name`. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0]!;
  for (const [index, value] of values.entries()) out += render(value) + strings[index + 1]!;
  return new Html(out);
}

/** Joins parts with no separator. */
export function join(parts: readonly Part[]): Html {
  return new Html(render(parts));
}
