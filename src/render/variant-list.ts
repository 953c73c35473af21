import type { Variant } from '../engine/variant.ts';
import { MAX_LINE } from './wrap.ts';

// The reply to LIST VARIANTS: each variant's id (what CREATE takes), title, powers, centres,
// victory count and its one line of description, in plain lines of at most 76 characters.

const INDENT = '    ';

function wrap(text: string, indent: string): string[] {
  const lines: string[] = [];
  let line = indent;
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line.trim() !== '' && line.length + 1 + word.length > MAX_LINE) {
      lines.push(line);
      line = indent;
    }
    line += line.trim() === '' ? word : ` ${word}`;
  }
  if (line.trim() !== '') lines.push(line);
  return lines;
}

export function renderVariantList(variants: readonly Variant[]): string {
  const lines = [`Variants on this judge (${variants.length}); create a game with CREATE game password variant:`, ''];
  for (const variant of variants) {
    const centres = variant.supplyCenters().length;
    lines.push(...wrap(`${variant.name}: ${variant.title}, ${variant.powers.length} powers, ${centres} centres, ${variant.victoryCenters} to win.`, ''));
    lines.push(...wrap(variant.description, INDENT));
  }
  return lines.join('\n');
}
