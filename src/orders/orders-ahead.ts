import { formatPhaseId, phaseOf, readPhaseId, type Phase } from '../engine/phase.ts';
import { provinceOf } from '../engine/map.ts';
import type { LocationId, PhaseId, PhaseType, PowerId, ProvinceId, UnitType } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';
import type { OrderProblem } from './order-problems.ts';
import { parseOrderLine } from './parse-order.ts';

// njudge's orders ahead: `PHASE S 1903 M` (or DPjudge's id, `S1903M`) and the lines after it are the
// orders of a later phase, made conditional on the position then by `IF [NOT] [power] [type] province`
// with AND, OR and parentheses, `ELSE` and `ENDIF`. This reads them into a typed block, syntax and names
// checked at once (the legality of each order can only be judged when the phase comes: the judge's
// Diplomacy room evaluates the conditions and checks the chosen orders then). Errors are values.

/** A unit in a province: of a power and a type when written (`IF Germany A Mun`, `IF F Nth`, `IF Bel`). */
export interface UnitCondition {
  readonly kind: 'unit';
  readonly power: PowerId | null;
  readonly unitType: UnitType | null;
  readonly province: ProvinceId;
}

export type AheadCondition =
  | UnitCondition
  | { readonly kind: 'not'; readonly condition: AheadCondition }
  | { readonly kind: 'and'; readonly conditions: readonly AheadCondition[] }
  | { readonly kind: 'or'; readonly conditions: readonly AheadCondition[] };

/** One line of orders, or a conditional with its two branches (an absent ELSE is an empty one). */
export type AheadStep =
  | { readonly kind: 'orders'; readonly text: string; readonly line: number }
  | {
      readonly kind: 'if';
      readonly line: number;
      /** The IF line as written, for the notice that says which branch was taken. */
      readonly text: string;
      readonly condition: AheadCondition;
      readonly whenTrue: readonly AheadStep[];
      readonly whenFalse: readonly AheadStep[];
    };

/** The orders a power sent for one later phase; no steps: what it had sent for that phase is withdrawn. */
export interface OrdersAheadBlock {
  readonly phase: PhaseId;
  readonly steps: readonly AheadStep[];
}

/** What is wrong with a PHASE line or a line of its block: the line, and what, typed (worded in src/render). */
export type AheadError = { readonly line: number } & (
  | { readonly kind: 'phase-unreadable'; readonly written: string }
  | { readonly kind: 'phase-not-in-variant'; readonly phase: Phase; readonly variant: string }
  | { readonly kind: 'phase-is-current'; readonly phase: Phase }
  | { readonly kind: 'phase-not-later'; readonly phase: Phase; readonly current: Phase }
  | { readonly kind: 'phase-too-far'; readonly phase: Phase; readonly years: number }
  | { readonly kind: 'clear-with-orders' }
  | { readonly kind: 'condition-empty' }
  | { readonly kind: 'condition-too-long'; readonly words: number }
  | { readonly kind: 'nesting-too-deep'; readonly depth: number }
  | { readonly kind: 'condition-malformed'; readonly near: string | null }
  | { readonly kind: 'condition-parenthesis' }
  | { readonly kind: 'condition-no-province'; readonly written: string }
  | { readonly kind: 'condition-unknown-power'; readonly written: string }
  | { readonly kind: 'else-without-if' }
  | { readonly kind: 'else-twice' }
  | { readonly kind: 'endif-without-if' }
  | { readonly kind: 'endif-missing' }
  | { readonly kind: 'order-unreadable'; readonly text: string; readonly error: OrderProblem }
);

export type AheadBlockRead = { readonly ok: true; readonly block: OrdersAheadBlock } | { readonly ok: false; readonly errors: readonly AheadError[] };

/** A line of the mail: its number and text. */
export interface AheadLine {
  readonly line: number;
  readonly text: string;
}

/** How many years ahead orders may be sent: enough for any absence, and a bound on what a power keeps on file. */
export const MAX_YEARS_AHEAD = 10;
/** How deep IFs may nest, and how many words and parentheses a condition may hold: beyond any real use, and the reader stays shallow. */
export const MAX_IF_DEPTH = 16;
export const MAX_CONDITION_WORDS = 120;

const TYPE_WORDS = new Map<string, PhaseType | 'builds'>([
  ['M', 'movement'],
  ['MOVE', 'movement'],
  ['MOVES', 'movement'],
  ['MOVEMENT', 'movement'],
  ['R', 'retreat'],
  ['RETREAT', 'retreat'],
  ['RETREATS', 'retreat'],
  ['A', 'adjustment'],
  ['ADJUST', 'adjustment'],
  ['ADJUSTMENT', 'adjustment'],
  ['ADJUSTMENTS', 'adjustment'],
  // njudge writes the winter adjustments as a fall build phase (F1901B).
  ['B', 'builds'],
  ['BUILD', 'builds'],
  ['BUILDS', 'builds'],
]);

/**
 * The phase a PHASE line names: `S 1903 M`, `Fall 1902 Retreat`, `W 1902 A`, `F 1902 B` (njudge's
 * fall builds, the winter adjustments) or an id (`F1902R`, `S1903M`, `F1902B`), and whether CLEAR
 * follows. The phase must be one of the variant's and later than `current`.
 */
export function readAheadPhase(
  args: string,
  line: number,
  variant: Variant,
  current: PhaseId,
): { readonly ok: true; readonly phase: PhaseId; readonly clear: boolean } | { readonly ok: false; readonly error: AheadError } {
  const words = args
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  const clear = words.length > 0 && words[words.length - 1]!.toUpperCase() === 'CLEAR';
  if (clear) words.pop();
  const phase = words.length === 1 ? parsedId(words[0]!) : words.length === 3 ? spelledPhase(words, variant) : null;
  if (phase === null) return { ok: false, error: { line, kind: 'phase-unreadable', written: args.trim() } };
  if (variant.flowIndex(phase) < 0) return { ok: false, error: { line, kind: 'phase-not-in-variant', phase, variant: variant.title } };
  const id = formatPhaseId(phase);
  if (id === current) return { ok: false, error: { line, kind: 'phase-is-current', phase } };
  if (phase.year > phaseOf(current).year + MAX_YEARS_AHEAD) return { ok: false, error: { line, kind: 'phase-too-far', phase, years: MAX_YEARS_AHEAD } };
  if (!isLater(variant, phaseOf(current), phase)) return { ok: false, error: { line, kind: 'phase-not-later', phase, current: phaseOf(current) } };
  return { ok: true, phase: id, clear };
}

function parsedId(word: string): Phase | null {
  const id = readPhaseId(word);
  return id === null ? null : phaseOf(id);
}

/** `S 1903 M`, `Spring 1903 Movement`, `Winter 1902 Builds`: season letter or name, year, type. */
function spelledPhase(words: readonly string[], variant: Variant): Phase | null {
  const [seasonWord, yearWord, typeWord] = words.map((w) => w.toUpperCase()) as [string, string, string];
  if (!/^\d{1,5}$/.test(yearWord)) return null;
  const type = TYPE_WORDS.get(typeWord.replace(/[.,]$/, ''));
  const step = variant.steps.find((s) => s.season === seasonWord || s.seasonName.toUpperCase() === seasonWord);
  const season = step?.season ?? (seasonWord === 'AUTUMN' ? 'F' : /^[A-Z]$/.test(seasonWord) ? seasonWord : null);
  if (type === undefined || season === null) return null;
  if (type !== 'builds') return { season, year: Number(yearWord), type };
  // Builds named in a season without an adjustment phase (njudge's F 1902 B) are the next one's.
  const own: Phase = { season, year: Number(yearWord), type: 'adjustment' };
  if (variant.flowIndex(own) >= 0) return own;
  const after = variant.steps.slice(variant.steps.findIndex((s) => s.season === season) + 1).find((s) => s.type === 'adjustment');
  return after ? { season: after.season, year: Number(yearWord), type: 'adjustment' } : own;
}

/** Whether `phase` comes after `current` in the variant's flow. */
export function comesAfter(variant: Variant, current: PhaseId, phase: PhaseId): boolean {
  return isLater(variant, phaseOf(current), phaseOf(phase));
}

function isLater(variant: Variant, current: Phase, phase: Phase): boolean {
  let at = current;
  for (let guard = 0; guard < 10_000 && at.year <= phase.year; guard++) {
    at = variant.nextPhase(at).phase;
    if (at.season === phase.season && at.year === phase.year && at.type === phase.type) return true;
  }
  return false;
}

/**
 * The lines of a PHASE block read into steps: IF … ELSE … ENDIF nest, every other line holds orders
 * (their syntax checked for the phase's type, their legality later). Every error of the block is given.
 */
export function readAheadBlock(phase: PhaseId, lines: readonly AheadLine[], variant: Variant): AheadBlockRead {
  // njudge's CLEAR inside a PHASE block withdraws that phase's orders, as PHASE … CLEAR does.
  const clear = lines.find((l) => l.text.trim().toUpperCase() === 'CLEAR');
  if (clear !== undefined)
    return lines.length === 1 ? { ok: true, block: { phase, steps: [] } } : { ok: false, errors: [{ line: clear.line, kind: 'clear-with-orders' }] };
  const errors: AheadError[] = [];
  const phaseType = phaseOf(phase).type;
  interface Open {
    readonly line: number;
    readonly text: string;
    readonly condition: AheadCondition | null;
    readonly whenTrue: AheadStep[];
    whenFalse: AheadStep[] | null;
  }
  const top: AheadStep[] = [];
  const open: Open[] = [];
  const into = (): AheadStep[] => {
    const inner = open[open.length - 1];
    return inner === undefined ? top : (inner.whenFalse ?? inner.whenTrue);
  };
  for (const { line, text } of lines) {
    const words = text.trim().split(/\s+/);
    const first = words[0]!.toUpperCase();
    if (first === 'IF') {
      if (open.length >= MAX_IF_DEPTH) errors.push({ line, kind: 'nesting-too-deep', depth: MAX_IF_DEPTH });
      const read = readCondition(text.trim().slice(2), line, variant);
      if (!read.ok) errors.push(read.error);
      open.push({ line, text: text.trim(), condition: read.ok ? read.condition : null, whenTrue: [], whenFalse: null });
      continue;
    }
    if (first === 'ELSE' && words.length === 1) {
      const inner = open[open.length - 1];
      if (inner === undefined) errors.push({ line, kind: 'else-without-if' });
      else if (inner.whenFalse !== null) errors.push({ line, kind: 'else-twice' });
      else inner.whenFalse = [];
      continue;
    }
    if ((first === 'ENDIF' && words.length === 1) || (first === 'END' && words.length === 2 && words[1]!.toUpperCase() === 'IF')) {
      const inner = open.pop();
      if (inner === undefined) {
        errors.push({ line, kind: 'endif-without-if' });
        continue;
      }
      if (inner.condition !== null)
        into().push({ kind: 'if', line: inner.line, text: inner.text, condition: inner.condition, whenTrue: inner.whenTrue, whenFalse: inner.whenFalse ?? [] });
      continue;
    }
    for (const parsed of parseOrderLine(text, variant.map, phaseType))
      if (!parsed.ok) errors.push({ line, kind: 'order-unreadable', text: parsed.text || text.trim(), error: parsed.error });
    into().push({ kind: 'orders', text: text.trim(), line });
  }
  for (const inner of open) errors.push({ line: inner.line, kind: 'endif-missing' });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, block: { phase, steps: top } };
}

const OPERATORS = new Set(['AND', 'OR', 'NOT', '(', ')']);

/** `[NOT] [power] [type] province` terms joined by AND and OR (AND binds closer), with parentheses. */
export function readCondition(
  text: string,
  line: number,
  variant: Variant,
): { readonly ok: true; readonly condition: AheadCondition } | { readonly ok: false; readonly error: AheadError } {
  const tokens = text
    .replace(/[()]/g, ' $& ')
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '');
  // njudge's form ends at the line; a THEN after the condition reads as DPjudge-minded players write it.
  if (tokens.length > 0 && tokens[tokens.length - 1]!.toUpperCase() === 'THEN') tokens.pop();
  if (tokens.length === 0) return { ok: false, error: { line, kind: 'condition-empty' } };
  if (tokens.length > MAX_CONDITION_WORDS) return { ok: false, error: { line, kind: 'condition-too-long', words: MAX_CONDITION_WORDS } };
  let at = 0;
  const peek = () => tokens[at]?.toUpperCase();
  const fail = (error: AheadError): never => {
    throw new ConditionError(error);
  };
  const either = (): AheadCondition => {
    const terms = [both()];
    while (peek() === 'OR') {
      at++;
      terms.push(both());
    }
    return terms.length === 1 ? terms[0]! : { kind: 'or', conditions: terms };
  };
  const both = (): AheadCondition => {
    const terms = [factor()];
    while (peek() === 'AND') {
      at++;
      terms.push(factor());
    }
    return terms.length === 1 ? terms[0]! : { kind: 'and', conditions: terms };
  };
  const factor = (): AheadCondition => {
    const word = peek();
    if (word === 'NOT') {
      at++;
      return { kind: 'not', condition: factor() };
    }
    if (word === '(') {
      at++;
      const inner = either();
      if (peek() !== ')') fail({ line, kind: 'condition-parenthesis' });
      at++;
      return inner;
    }
    const words: string[] = [];
    while (at < tokens.length && !OPERATORS.has(peek()!)) words.push(tokens[at++]!);
    if (words.length === 0) fail({ line, kind: 'condition-malformed', near: tokens[at] ?? null });
    return unitCondition(words, line, variant);
  };
  try {
    const condition = either();
    if (at < tokens.length) fail(tokens[at] === ')' ? { line, kind: 'condition-parenthesis' } : { line, kind: 'condition-malformed', near: tokens[at]! });
    return { ok: true, condition };
  } catch (error) {
    if (error instanceof ConditionError) return { ok: false, error: error.error };
    throw error;
  }
}

class ConditionError extends Error {
  constructor(readonly error: AheadError) {
    super(error.kind);
  }
}

const UNIT_WORDS = new Map<string, UnitType>([
  ['A', 'A'],
  ['ARMY', 'A'],
  ['F', 'F'],
  ['FLEET', 'F'],
]);

/**
 * `[power] [type] province`: the province is the longest run of last words the map knows (`North
 * Sea`, `stp/nc` read as its province); one word before it is a unit type if it can be (`A`, `F`,
 * `Army`, `Fleet`), else a power; two words are a power and a type.
 */
function unitCondition(words: readonly string[], line: number, variant: Variant): UnitCondition {
  for (let start = 0; start < words.length; start++) {
    const province = provinceNamed(words.slice(start).join(' '), variant);
    if (province === null) continue;
    const before = words.slice(0, start);
    if (before.length > 2) break;
    const typeWord = before.length > 0 ? UNIT_WORDS.get(before[before.length - 1]!.toUpperCase()) : undefined;
    const powerWords = typeWord === undefined ? before : before.slice(0, -1);
    if (powerWords.length > 1) break;
    let power: PowerId | null = null;
    if (powerWords.length === 1) {
      const found = variant.power(powerWords[0]!);
      if (found === undefined) throw new ConditionError({ line, kind: 'condition-unknown-power', written: powerWords[0]! });
      power = found.id;
    }
    return { kind: 'unit', power, unitType: typeWord ?? null, province };
  }
  throw new ConditionError({ line, kind: 'condition-no-province', written: words.join(' ') });
}

function provinceNamed(written: string, variant: Variant): ProvinceId | null {
  const direct = variant.map.lookup(written);
  if (direct !== undefined) return direct;
  // A coast names its province's unit (`IF F StP/nc`).
  const slash = written.indexOf('/');
  if (slash > 0) {
    const province = variant.map.lookup(written.slice(0, slash));
    if (province !== undefined) return provinceOf(province as LocationId);
  }
  return null;
}
