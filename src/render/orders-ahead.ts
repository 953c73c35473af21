import { formatPhaseId, phaseOf, type Phase } from '../engine/phase.ts';
import type { PhaseId } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';
import type { AheadCondition, AheadError, AheadStep } from '../orders/orders-ahead.ts';
import { orderProblemText } from './order-problems.ts';

// The words of njudge's orders ahead (PHASE blocks, IF … ELSE … ENDIF): what is wrong with a block,
// the reply that stores or withdraws one, what is on file (STATUS, LIST game) and the private notice
// that tells a power, when the phase begins, which branches were taken and which orders stood.

const TYPE_WORDS: Readonly<Record<Phase['type'], string>> = { movement: 'Movement', retreat: 'Retreats', adjustment: 'Adjustments' };

/** "Spring 1903 Movement (S1903M)". */
export function aheadPhaseName(variant: Variant, phase: Phase | PhaseId): string {
  const parts = typeof phase === 'string' ? phaseOf(phase) : phase;
  return `${variant.seasonName(parts)} ${parts.year} ${TYPE_WORDS[parts.type]} (${formatPhaseId(parts)})`;
}

/** Why a PHASE line or a line of its block was refused (the line number is the caller's). */
export function aheadErrorText(error: AheadError, variant: Variant): string {
  switch (error.kind) {
    case 'phase-unreadable':
      return `PHASE needs a later phase, as njudge writes it (PHASE S 1903 M, PHASE Fall 1902 Retreat, PHASE W 1902 B) or as an id (PHASE F1902R); "${error.written}" is none`;
    case 'phase-not-in-variant':
      return `${error.variant} has no ${TYPE_WORDS[error.phase.type].toLowerCase()} phase in ${variant.seasonName(error.phase)}: ${formatPhaseId(error.phase)} never comes`;
    case 'phase-is-current':
      return `${aheadPhaseName(variant, error.phase)} is the phase being played now: send its orders without PHASE`;
    case 'phase-not-later':
      return `${aheadPhaseName(variant, error.phase)} is not later than the phase being played, ${aheadPhaseName(variant, error.current)}`;
    case 'phase-too-far':
      return `${aheadPhaseName(variant, error.phase)} is too far ahead: orders may be sent for at most ${error.years} years ahead`;
    case 'condition-too-long':
      return `the condition is too long: at most ${error.words} words and parentheses`;
    case 'nesting-too-deep':
      return `IFs may nest at most ${error.depth} deep`;
    case 'clear-with-orders':
      return 'PHASE … CLEAR withdraws the orders on file for that phase; orders may not follow it';
    case 'condition-empty':
      return 'IF needs a condition, e.g. IF Germany A Mun, IF NOT F Nth AND Bel';
    case 'condition-malformed':
      return error.near === null
        ? 'the condition ends where a unit and province should follow (IF [NOT] [power] [type] province, joined by AND and OR)'
        : `the condition is malformed at "${error.near}" (IF [NOT] [power] [type] province, joined by AND and OR)`;
    case 'condition-parenthesis':
      return 'the parentheses of the condition do not match';
    case 'condition-no-province':
      return `"${error.written}" names no province of this map (IF [NOT] [power] [type] province)`;
    case 'condition-unknown-power':
      return `"${error.written}" is not a power of ${variant.title} (IF [NOT] [power] [type] province)`;
    case 'else-without-if':
      return 'ELSE without an IF before it';
    case 'else-twice':
      return 'a second ELSE for the same IF';
    case 'endif-without-if':
      return 'ENDIF without an IF before it';
    case 'endif-missing':
      return 'this IF has no ENDIF before the end of its PHASE block';
    case 'order-unreadable':
      return `${error.text}: ${orderProblemText(error.error)}`;
  }
}

/** A condition as a player would write it again. */
export function conditionText(condition: AheadCondition, variant: Variant): string {
  switch (condition.kind) {
    case 'unit': {
      const power = condition.power === null ? [] : [variant.power(condition.power)?.name ?? condition.power];
      const type = condition.unitType === null ? [] : [condition.unitType];
      return [...power, ...type, variant.map.province(condition.province)?.name ?? condition.province].join(' ');
    }
    case 'not':
      return `NOT ${grouped(condition.condition, variant)}`;
    case 'and':
      return condition.conditions.map((c) => grouped(c, variant)).join(' AND ');
    case 'or':
      return condition.conditions.map((c) => grouped(c, variant)).join(' OR ');
  }
}

function grouped(condition: AheadCondition, variant: Variant): string {
  const text = conditionText(condition, variant);
  return condition.kind === 'and' || condition.kind === 'or' ? `(${text})` : text;
}

/** The block as stored, indented by nesting: `IF …`, its orders, `ELSE`, `ENDIF`. */
export function aheadBlockLines(steps: readonly AheadStep[], variant: Variant, indent = '  '): string[] {
  return steps.flatMap((step) =>
    step.kind === 'orders'
      ? [`${indent}${step.text}`]
      : [
          `${indent}IF ${conditionText(step.condition, variant)}`,
          ...aheadBlockLines(step.whenTrue, variant, `${indent}  `),
          ...(step.whenFalse.length > 0 ? [`${indent}ELSE`, ...aheadBlockLines(step.whenFalse, variant, `${indent}  `)] : []),
          `${indent}ENDIF`,
        ],
  );
}

export type AheadReply =
  | { readonly kind: 'stored'; readonly phase: PhaseId; readonly steps: readonly AheadStep[]; readonly replaced: boolean }
  | { readonly kind: 'withdrawn'; readonly phase: PhaseId }
  | { readonly kind: 'nothing-to-withdraw'; readonly phase: PhaseId };

/** The reply to a PHASE block. */
export function renderAheadReply(reply: AheadReply, variant: Variant): string {
  const name = aheadPhaseName(variant, reply.phase);
  switch (reply.kind) {
    case 'stored':
      return [
        `Orders for ${name} ${reply.replaced ? 'replace those you sent before' : 'are on file'}; they become your orders when that phase`,
        'begins, the conditions read on the position then (a mail for that phase afterwards replaces them):',
        '',
        ...aheadBlockLines(reply.steps, variant),
        '',
      ].join('\n');
    case 'withdrawn':
      return `Your orders for ${name} are withdrawn.\n`;
    case 'nothing-to-withdraw':
      return `You had no orders on file for ${name}; nothing is withdrawn.\n`;
  }
}

/** One power's orders on file for a later phase; `steps` null: the reader may know they are there, not what they say. */
export interface AheadOnFile {
  readonly power: string;
  readonly phase: PhaseId;
  readonly steps: readonly AheadStep[] | null;
}

/** STATUS and LIST game: what is on file for later phases, as the reader may see it; empty when nothing is. */
export function renderAheadOnFile(entries: readonly AheadOnFile[], variant: Variant): string {
  if (entries.length === 0) return '';
  const lines = ['Orders on file for later phases:'];
  for (const entry of entries) {
    lines.push('', `${entry.power}, ${aheadPhaseName(variant, entry.phase)}${entry.steps === null ? ': orders are on file.' : ':'}`);
    if (entry.steps !== null) lines.push(...aheadBlockLines(entry.steps, variant));
  }
  return `${lines.join('\n')}\n`;
}

/** Why orders sent ahead for a phase were not used: the game passed the phase without playing it, or the power had nothing to order in it. */
export type AheadUnused = 'phase-skipped' | 'nothing-to-order';

/** The private notice that orders sent ahead were not used. */
export function renderAheadUnused(input: { readonly gameName: string; readonly phase: PhaseId; readonly why: AheadUnused; readonly variant: Variant }): string {
  const name = aheadPhaseName(input.variant, input.phase);
  const why =
    input.why === 'phase-skipped'
      ? 'the game passed that phase without playing it, as nobody had anything to do in it'
      : 'your power had nothing to order in it';
  return `The orders you sent ahead for ${name} in game '${input.gameName}' were not used: ${why}.\n`;
}

/** A condition read when the phase began: its IF line and whether it held. */
export interface AheadDecision {
  readonly line: number;
  readonly text: string;
  readonly held: boolean;
  /** Whether the IF had an ELSE to take. */
  readonly hasElse: boolean;
}

/**
 * The private notice when the phase begins: the branches taken, then the reply an order mail would
 * have got (`orderStatus`: each order that could not stand with why, then the orders now on file).
 */
export function renderAheadLoaded(input: {
  readonly gameName: string;
  readonly phase: PhaseId;
  readonly decisions: readonly AheadDecision[];
  readonly orderStatus: string;
  readonly variant: Variant;
}): string {
  const lines = [
    `The orders you sent ahead for ${aheadPhaseName(input.variant, input.phase)} in game '${input.gameName}' are now your orders for this phase.`,
    'A mail with orders for it replaces them.',
    '',
  ];
  if (input.decisions.length > 0) {
    lines.push('The conditions, read on the position as the phase began:');
    for (const d of input.decisions) {
      const branch = d.held
        ? 'true: the orders after it were taken'
        : d.hasElse
          ? 'false: the orders after ELSE were taken'
          : 'false: its orders were left out';
      lines.push(`  line ${d.line}: ${d.text} ... ${branch}.`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n${input.orderStatus}`;
}
