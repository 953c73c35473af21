import type { PhaseId } from '../../engine/types.ts';
import { hasOrderShape, isNameLine, isSignOffLead, type Command } from '../../commands/index.ts';
import { phaseOf } from '../../engine/phase.ts';
import type { Variant } from '../../engine/variant.ts';
import { parseOrderLine } from '../../orders/index.ts';
import { parseMasterTimeLine } from '../../schedule/master-time-forms.ts';
import { parseReplacementLine } from '../tracker/replacement.ts';

// In a game's block every line without a keyword is an order, so a greeting after the SIGNON or a
// sign-off after the last order ("Thanks,", "Bob") would refuse the whole block. Such lines at the
// block's edges are prose when the map shows they are no order: nothing in them parses, no word
// is a province and they have no order shape. A wrong order ("A Pra - Bur") names a province or
// has an order's shape, so it stays an error; so does anything between two commands.

/** Whether a word, or two words together ("North Sea"), name a province of the map. */
function namesProvince(text: string, variant: Variant): boolean {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);
  const phrases = [...words, ...words.slice(1).map((w, i) => `${words[i]} ${w}`)];
  return phrases.some((phrase) => parseOrderLine(`${phrase} H`, variant.map, 'movement').every((p) => p.ok));
}

function readsAsOrder(text: string, variant: Variant, phaseType: 'movement' | 'retreat' | 'adjustment'): boolean {
  const firstWord = (text.trim().split(/\s+/)[0] ?? '').replace(/[,.!:;]+$/, '');
  if (/^\p{Lu}{2,}$/u.test(firstWord)) return true;
  if (hasOrderShape(text)) return true;
  // The Mafia tracker's lines ("Night 1 has ended early.", "NEW HAS REPLACED OLD") are the Master's commands.
  const timeLine = parseMasterTimeLine(text);
  if (!timeLine.ok || timeLine.command !== null) return true;
  if (parseReplacementLine(text) !== null) return true;
  if (parseOrderLine(text, variant.map, phaseType).some((p) => p.ok)) return true;
  return namesProvince(text, variant);
}

/**
 * The order lines at the start and end of a block's commands that read as prose. A name after a
 * sign-off ("Cheers," then "Paris") is prose even when it is a province.
 */
export function proseAtEdges(commands: readonly Command[], variant: Variant, phase: PhaseId | null): Set<Command> {
  const phaseType = phase ? phaseOf(phase).type : 'movement';
  const prose = new Set<Command>();
  for (const command of commands) {
    if (command.kind !== 'order' || readsAsOrder(command.text, variant, phaseType)) break;
    prose.add(command);
  }
  // From the end: a name line is prose when the line before it is a sign-off that reads as prose.
  const tail: Command[] = [];
  for (let i = commands.length - 1; i >= 0 && !prose.has(commands[i]!); i--) {
    const command = commands[i]!;
    if (command.kind !== 'order') break;
    const before = commands[i - 1];
    const nameAfterSignOff =
      before?.kind === 'order' && isSignOffLead(before.text) && !readsAsOrder(before.text, variant, phaseType) && isNameLine(command.text);
    if (!nameAfterSignOff && readsAsOrder(command.text, variant, phaseType)) break;
    tail.push(command);
  }
  for (const command of tail) prose.add(command);
  return prose;
}

/**
 * How many lines at the end of the mail's last PHASE block read as prose (a sign-off after its last
 * order, "Thanks," / "Bob"): the block's lines run to the end of the block, so they would refuse it.
 */
export function proseAtEndOfPhaseBlock(lines: readonly { readonly text: string }[], variant: Variant): number {
  let count = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const before = lines[i - 1];
    const nameAfterSignOff =
      before !== undefined && isSignOffLead(before.text) && !readsAsOrder(before.text, variant, 'movement') && isNameLine(lines[i]!.text);
    if (!nameAfterSignOff && readsAsOrder(lines[i]!.text, variant, 'movement')) break;
    count++;
  }
  return count;
}
