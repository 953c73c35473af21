import type { DislodgedUnit, Unit } from '../engine/types.ts';
import type { AdjudicateOutput, OrderReport } from './adjudicate-format.ts';
import { closeWith, type JsonBytes, JsonName, openWith, putBytes, putString, writeJson, writeName, writeStringOrNull, writeStrings } from './json-writer.ts';

// The adjudicate operation's output written as JSON bytes (json-writer.ts), the same bytes as
// JSON.stringify(output[, null, 2]) in UTF-8: the parts every phase repeats many times (the
// reports and the units) by their known fields, the rest as plain data. The field lists below are
// checked against the types, so a field added to OrderReport or Unit fails to compile until it
// is written here too.

const REPORT_FIELDS = ['power', 'unit', 'text', 'canonical', 'outcome', 'reason', 'markers', 'notes'] as const;
const OUTPUT_FIELDS = ['phase', 'results', 'position', 'winner'] as const;
const UNIT_FIELDS = ['power', 'type', 'location'] as const;
const DISLODGED_FIELDS = ['power', 'type', 'location', 'attackerFrom', 'retreats'] as const;

type Exactly<T, Fields extends readonly string[]> = [Exclude<keyof T, Fields[number]>] extends [never] ? true : false;
const fieldsChecked: [
  Exactly<OrderReport, typeof REPORT_FIELDS>,
  Exactly<AdjudicateOutput, typeof OUTPUT_FIELDS>,
  Exactly<Unit, typeof UNIT_FIELDS>,
  Exactly<DislodgedUnit, typeof DISLODGED_FIELDS>,
] = [true, true, true, true];
void fieldsChecked;

const names = <const Fields extends readonly string[]>(fields: Fields) =>
  Object.fromEntries(fields.map((field) => [field, new JsonName(field)])) as { [Field in Fields[number]]: JsonName };
const REPORT = names(REPORT_FIELDS);
const OUTPUT = names(OUTPUT_FIELDS);
const UNIT = names(DISLODGED_FIELDS);

/** Writes one output as JSON.stringify(output) would, or, `pretty`, as JSON.stringify(output, null, 2) would `depth` levels in. */
export function writeAdjudicateOutput(out: JsonBytes, output: AdjudicateOutput, pretty: boolean, depth = 0): void {
  const inner = depth + 1;
  openWith(out, '{');
  writeName(out, OUTPUT.phase, true, pretty, inner);
  out.string(output.phase);
  writeName(out, OUTPUT.results, false, pretty, inner);
  openWith(out, '[');
  const results = output.results;
  for (let k = 0; k < results.length; k++) {
    if (k > 0) out.byte(0x2c);
    if (pretty) out.newline(inner + 1);
    writeReport(out, results[k]!, pretty, inner + 1);
  }
  closeWith(out, ']', pretty, inner, results.length === 0);
  writeName(out, OUTPUT.position, false, pretty, inner);
  writePosition(out, output.position, pretty, inner);
  writeName(out, OUTPUT.winner, false, pretty, inner);
  writeStringOrNull(out, output.winner);
  closeWith(out, '}', pretty, depth, false);
}

/** The leads of an object's fields (see JsonName) for one layout and depth, first field first. */
function leadsOf(fields: readonly JsonName[], pretty: boolean, depth: number): Uint8Array[] {
  return fields.map((name, k) => name.lead(k === 0, pretty, depth));
}

/** Leads by layout and depth: [compact, pretty][depth]. */
const reportLeads: Uint8Array[][][] = [[], []];
const unitLeads: Uint8Array[][][] = [[], []];
const REPORT_NAMES = REPORT_FIELDS.map((field) => REPORT[field]);
const UNIT_NAMES = DISLODGED_FIELDS.map((field) => UNIT[field]);
const NULL_BYTES = new TextEncoder().encode('null');

function putStringOrNull(bytes: Buffer, at: number, text: string | null): number {
  return text === null ? putBytes(bytes, at, NULL_BYTES) : putString(bytes, at, text);
}

function writeReport(out: JsonBytes, report: OrderReport, pretty: boolean, depth: number): void {
  const inner = depth + 1;
  const leads = (reportLeads[pretty ? 1 : 0]![inner] ??= leadsOf(REPORT_NAMES, pretty, inner));
  const { power, unit, text, canonical, outcome, reason } = report;
  // Room for the fields up to the markers: each lead, each string at its longest, and the brace.
  out.reserve(
    (pretty ? 6 * (14 + 2 * inner) : 6 * 14) +
      6 * (power.length + outcome.length + (unit?.length ?? 0) + (text?.length ?? 0) + (canonical?.length ?? 0) + (reason?.length ?? 0)) +
      100,
  );
  const bytes = out.bytes;
  let at = out.length;
  bytes[at++] = 0x7b; // {
  at = putBytes(bytes, at, leads[0]!);
  at = putString(bytes, at, power);
  at = putBytes(bytes, at, leads[1]!);
  at = putStringOrNull(bytes, at, unit);
  at = putBytes(bytes, at, leads[2]!);
  at = putStringOrNull(bytes, at, text);
  at = putBytes(bytes, at, leads[3]!);
  at = putStringOrNull(bytes, at, canonical);
  at = putBytes(bytes, at, leads[4]!);
  at = putString(bytes, at, outcome);
  at = putBytes(bytes, at, leads[5]!);
  at = putStringOrNull(bytes, at, reason);
  at = putBytes(bytes, at, leads[6]!);
  out.length = at;
  writeStrings(out, report.markers, pretty, inner);
  writeName(out, REPORT.notes, false, pretty, inner);
  writeStrings(out, report.notes, pretty, inner);
  closeWith(out, '}', pretty, depth, false);
}

/** The position: its units by their fields, anything else as plain data, in the position's own order of fields. */
function writePosition(out: JsonBytes, position: AdjudicateOutput['position'], pretty: boolean, depth: number): void {
  const inner = depth + 1;
  let first = true;
  openWith(out, '{');
  for (const key in position) {
    const value = (position as unknown as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (!first) out.byte(0x2c);
    if (pretty) out.newline(inner);
    out.string(key);
    out.ascii(pretty ? ': ' : ':');
    if (key === 'units') writeUnits(out, value as readonly Unit[], pretty, inner, false);
    else if (key === 'dislodged') writeUnits(out, value as readonly DislodgedUnit[], pretty, inner, true);
    else writeJson(out, value, pretty, inner);
    first = false;
  }
  closeWith(out, '}', pretty, depth, first);
}

function writeUnits(out: JsonBytes, units: readonly (Unit | DislodgedUnit)[], pretty: boolean, depth: number, dislodged: boolean): void {
  openWith(out, '[');
  const inner = depth + 1;
  const leads = (unitLeads[pretty ? 1 : 0]![inner + 1] ??= leadsOf(UNIT_NAMES, pretty, inner + 1));
  for (let k = 0; k < units.length; k++) {
    const unit = units[k]!;
    out.reserve(8 + 2 * inner + (pretty ? 3 * (12 + 2 * inner) : 36) + 6 * (unit.power.length + unit.type.length + unit.location.length) + 12);
    const bytes = out.bytes;
    let at = out.length;
    if (k > 0) bytes[at++] = 0x2c; // ,
    out.length = at;
    if (pretty) out.newline(inner);
    at = out.length;
    bytes[at++] = 0x7b; // {
    at = putBytes(bytes, at, leads[0]!);
    at = putString(bytes, at, unit.power);
    at = putBytes(bytes, at, leads[1]!);
    at = putString(bytes, at, unit.type);
    at = putBytes(bytes, at, leads[2]!);
    at = putString(bytes, at, unit.location);
    out.length = at;
    if (dislodged) {
      const { attackerFrom, retreats } = unit as DislodgedUnit;
      writeName(out, UNIT.attackerFrom, false, pretty, inner + 1);
      writeStringOrNull(out, attackerFrom);
      writeName(out, UNIT.retreats, false, pretty, inner + 1);
      writeStrings(out, retreats, pretty, inner + 1);
    }
    closeWith(out, '}', pretty, inner, false);
  }
  closeWith(out, ']', pretty, depth, units.length === 0);
}
