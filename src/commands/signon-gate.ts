// njudge's signon gates as the Master writes them: SET DEDICATION n, SET ONTIMERAT x and
// SET RESRAT x, each cleared with SET NO DEDICATION (NO ONTIMERAT, NO RESRAT). Shared by the
// Master's command lines and CREATE's status lines.

import type { CommandProblem } from './command-problems.ts';

export const SIGNON_GATES = ['DEDICATION', 'ONTIMERAT', 'RESRAT'] as const;
export type SignonGateName = (typeof SIGNON_GATES)[number];

export type GateValueResult = { readonly ok: true; readonly value: number } | { readonly ok: false; readonly problem: CommandProblem };

const INTEGER = /^[-+]?\d{1,6}$/;
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
const PERCENT = /^(\d+(?:\.\d*)?|\.\d+)%$/;

/**
 * DEDICATION takes whole points (negative allowed: njudge's default gate is −10000); the ratios
 * take a fraction 0..1 (0.9) or a percentage (90%).
 */
export function readGateValue(gate: SignonGateName, word: string | undefined): GateValueResult {
  if (word === undefined || word === '') return { ok: false, problem: { kind: 'gate-needs-value', gate } };
  if (gate === 'DEDICATION') {
    return INTEGER.test(word) ? { ok: true, value: Number(word) } : { ok: false, problem: { kind: 'gate-points', word } };
  }
  const percent = PERCENT.exec(word);
  const value = percent ? Number(percent[1]) / 100 : DECIMAL.test(word) ? Number(word) : Number.NaN;
  if (!Number.isFinite(value) || value < 0 || value > 1) return { ok: false, problem: { kind: 'gate-ratio', gate, word } };
  return { ok: true, value };
}

/** The keywords (keywords.ts) of the gate lines, with the gate each sets or clears. */
export const GATE_KEYWORDS = {
  'set-dedication': { gate: 'DEDICATION', clears: false },
  'set-no-dedication': { gate: 'DEDICATION', clears: true },
  'set-ontimerat': { gate: 'ONTIMERAT', clears: false },
  'set-no-ontimerat': { gate: 'ONTIMERAT', clears: true },
  'set-resrat': { gate: 'RESRAT', clears: false },
  'set-no-resrat': { gate: 'RESRAT', clears: true },
} as const satisfies Record<string, { gate: SignonGateName; clears: boolean }>;
export type GateKeyword = keyof typeof GATE_KEYWORDS;

export function isGateKeyword(keyword: string): keyword is GateKeyword {
  return Object.hasOwn(GATE_KEYWORDS, keyword);
}

export type GateLineResult =
  | { readonly ok: true; readonly gate: SignonGateName; readonly value: number | null }
  | { readonly ok: false; readonly problem: CommandProblem };

/** A gate line's arguments; `spelled` is its keyword as written, for the problems. value null: SET NO …. */
export function readGateLine(keyword: GateKeyword, spelled: string, args: readonly string[]): GateLineResult {
  const { gate, clears } = GATE_KEYWORDS[keyword];
  if (clears) return args.length === 0 ? { ok: true, gate, value: null } : { ok: false, problem: { kind: 'no-arguments', command: spelled } };
  if (args.length > 1) return { ok: false, problem: { kind: 'gate-one-value', gate } };
  const value = readGateValue(gate, args[0]);
  return value.ok ? { ok: true, gate, value: value.value } : value;
}
