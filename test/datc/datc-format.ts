import { COASTS, MARKERS } from '../../src/engine/types.ts';
import type { Coast, Marker, Outcome, UnitType } from '../../src/engine/types.ts';

// The .datc case format (described in README.md beside this file): a line-based text that
// stays close to the DATC's own wording, so a reviewer can hold a case next to the document.
// This module only parses; places stay as written ("North Sea", "Spain(nc)") and the runner
// resolves them against the variant's map, so the files never depend on our province ids.

export interface DatcPlace {
  /** The place as written, without its coast: "North Sea", "St Petersburg". */
  readonly name: string;
  readonly coast: Coast | null;
}

export interface DatcUnit {
  /** The power as written, e.g. "England". */
  readonly power: string;
  readonly type: UnitType;
  readonly place: DatcPlace;
  readonly line: number;
}

export interface DatcDislodgedUnit extends DatcUnit {
  /** Where the attack came from; null when the case leaves it to the adjudicator. */
  readonly attackerFrom: DatcPlace | null;
}

export interface DatcOrder {
  readonly power: string;
  /** The order exactly as the DATC writes it; sent to the adjudicator unchanged. */
  readonly text: string;
  readonly outcome: Outcome;
  /** Markers the result must carry (it may carry more). Usually empty. */
  readonly markers: readonly Marker[];
  readonly line: number;
}

export type RetreatRule = 'includes' | 'excludes' | 'exactly';

export interface DatcRetreatExpectation {
  readonly unit: DatcUnit;
  readonly rule: RetreatRule;
  readonly places: readonly DatcPlace[];
  readonly line: number;
}

export type DatcCentres = Readonly<Record<string, readonly DatcPlace[]>>;

/** One adjudication: the orders of a phase and what must come out of it. */
export interface DatcStep {
  readonly line: number;
  readonly orders: readonly DatcOrder[];
  /** Exactly the units dislodged after the step; null when the step does not say. */
  readonly expectDislodged: readonly DatcUnit[] | null;
  readonly expectRetreats: readonly DatcRetreatExpectation[];
  /** Exactly the units on the board after the step; null when the step does not say. */
  readonly expectUnits: readonly DatcUnit[] | null;
  /** Ownership after the step, for the powers listed; null when the step does not say. */
  readonly expectCentres: DatcCentres | null;
}

/** The position a scenario starts from. */
export interface DatcStart {
  readonly phase: string;
  readonly units: readonly DatcUnit[];
  readonly dislodged: readonly DatcDislodgedUnit[];
  readonly supplyCentres: DatcCentres | null;
}

/** A starting position and the phases played from it; each later step starts from the previous output. */
export interface DatcScenario {
  readonly label: string | null;
  readonly line: number;
  readonly start: DatcStart;
  readonly steps: readonly DatcStep[];
}

export interface DatcCase {
  /** "6.A.1" */
  readonly id: string;
  /** "6.A" */
  readonly section: string;
  readonly number: number;
  readonly title: string;
  readonly variant: string;
  /** The `>` lines: what the DATC says about the case, in short. */
  readonly notes: readonly string[];
  readonly scenarios: readonly DatcScenario[];
  readonly file: string;
  readonly line: number;
}

export class DatcFormatError extends Error {}

export const DEFAULT_VARIANT = 'standard';
export const DEFAULT_PHASE = 'S1901M';

const START_SECTIONS = ['units', 'dislodged units', 'supply centres'] as const;
const STEP_SECTIONS = ['orders', 'expect dislodged', 'expect retreats', 'expect units', 'expect centres'] as const;
type SectionName = (typeof START_SECTIONS)[number] | (typeof STEP_SECTIONS)[number];
const SECTION_PATTERN = new RegExp(`^(${[...START_SECTIONS, ...STEP_SECTIONS].join('|')})(?::\\s*(none))?$`);

const COAST_WORDS: Readonly<Record<string, Coast>> = { north: 'nc', south: 'sc', east: 'ec', west: 'wc' };
const OUTCOMES: readonly Outcome[] = ['succeeds', 'fails', 'illegal'];

interface StepDraft {
  line: number;
  ordersSeen: boolean;
  orders: DatcOrder[];
  expectDislodged: DatcUnit[] | null;
  expectRetreats: DatcRetreatExpectation[];
  expectUnits: DatcUnit[] | null;
  expectCentres: Record<string, DatcPlace[]> | null;
}

interface ScenarioDraft {
  label: string | null;
  line: number;
  phase: string | null;
  units: DatcUnit[] | null;
  dislodged: DatcDislodgedUnit[];
  dislodgedSeen: boolean;
  supplyCentres: Record<string, DatcPlace[]> | null;
  steps: StepDraft[];
}

interface CaseDraft {
  id: string;
  section: string;
  number: number;
  title: string;
  variant: string | null;
  notes: string[];
  scenarios: ScenarioDraft[];
  line: number;
}

/** Parses every case of one .datc file; `file` only names the source in error messages. */
export function parseDatcFile(text: string, file: string): DatcCase[] {
  const cases: DatcCase[] = [];
  let draft: CaseDraft | null = null;
  let section: SectionName | null = null;

  const fail: Fail = (line, message) => {
    throw new DatcFormatError(`${file}:${line}: ${message}`);
  };
  const currentScenario = (line: number): ScenarioDraft => {
    if (!draft) return fail(line, 'expected a "case" line first');
    return draft.scenarios[draft.scenarios.length - 1]!;
  };
  const currentStep = (line: number): StepDraft => {
    const steps = currentScenario(line).steps;
    return steps[steps.length - 1]!;
  };
  const finishCase = (): void => {
    if (draft) cases.push(finishDraft(draft, file));
    draft = null;
  };

  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    const content = stripComment(raw).trimEnd();
    if (content.trim() === '') continue;
    if (/^\s/.test(content)) {
      if (!section) fail(line, 'an indented line must belong to a section such as "units" or "orders"');
      readItem(section!, content.trim(), line, currentScenario(line), currentStep(line), fail);
      continue;
    }
    section = null;
    let match: RegExpExecArray | null;
    if ((match = /^case\s+(\d+\.[A-Z]\.(\d+))\s+(\S.*)$/.exec(content))) {
      finishCase();
      const [, id, number, title] = match;
      draft = {
        id: id!,
        section: id!.slice(0, id!.lastIndexOf('.')),
        number: Number(number),
        title: title!.trim(),
        variant: null,
        notes: [],
        scenarios: [newScenario(null, line)],
        line,
      };
      if (!id!.startsWith('6.')) fail(line, `case ids are DATC section 6 ids such as 6.A.1, not "${id}"`);
      continue;
    }
    if (!draft) fail(line, `expected a "case" line, found "${content}"`);
    const scenario = currentScenario(line);
    const step = currentStep(line);
    const started = scenario.steps.length > 1 || step.ordersSeen;
    if ((match = /^>\s?(.*)$/.exec(content))) {
      draft.notes.push(match[1]!);
    } else if ((match = /^variant\s+(\S+)$/.exec(content))) {
      if (draft.variant !== null) fail(line, 'the variant is given twice');
      if (draft.scenarios.length > 1 || started) fail(line, 'the variant must come before the first orders');
      draft.variant = match[1]!;
    } else if ((match = /^phase\s+(\S+)$/.exec(content))) {
      if (scenario.phase !== null) fail(line, 'the phase is given twice');
      if (started) fail(line, 'the phase must come before the orders');
      if (!/^[A-Z]\d{4}[MRA]$/.test(match[1]!)) fail(line, `"${match[1]}" is not a phase id such as S1901M, F1901R or W1901A`);
      scenario.phase = match[1]!;
    } else if (content === 'next phase') {
      if (!step.ordersSeen) fail(line, '"next phase" must follow an "orders" section');
      scenario.steps.push(newStep(line));
    } else if ((match = /^scenario(?:\s+(\S.*))?$/.exec(content))) {
      if (!step.ordersSeen) fail(line, 'a new scenario must follow the previous one\'s "orders"');
      draft.scenarios.push(newScenario(match[1]?.trim() ?? null, line));
    } else if ((match = SECTION_PATTERN.exec(content))) {
      const name = match[1] as SectionName;
      const none = match[2] !== undefined;
      openSection(name, none, line, scenario, step, started, fail);
      section = none ? null : name;
    } else {
      fail(line, `cannot read "${content}"`);
    }
  }
  finishCase();
  return cases;
}

/** "Spain(nc)", "Spain (nc)", "Spain/nc", "St Petersburg/north coast" → name and coast. */
export function parsePlace(text: string): DatcPlace | null {
  const trimmed = text.trim();
  const match = /^(.*?)\s*(?:\(\s*([a-z ]+?)\s*\)|\/\s*([a-z ]+?))$/i.exec(trimmed);
  if (match) {
    const coast = readCoast(match[2] ?? match[3]!);
    if (coast === null || match[1]!.trim() === '') return null;
    return { name: match[1]!.trim(), coast };
  }
  if (trimmed === '' || /[()/]/.test(trimmed)) return null;
  return { name: trimmed, coast: null };
}

/** "England: F North Sea" → the unit; used for units, dislodged and expectation lines. */
export function formatUnit(unit: Pick<DatcUnit, 'power' | 'type' | 'place'>): string {
  return `${unit.power}: ${unit.type} ${formatPlace(unit.place)}`;
}

export function formatPlace(place: DatcPlace): string {
  return place.coast === null ? place.name : `${place.name}(${place.coast})`;
}

function readCoast(text: string): Coast | null {
  const word = text.trim().toLowerCase();
  if ((COASTS as readonly string[]).includes(word)) return word as Coast;
  const long = /^(north|south|east|west)(?:\s+coast)?$/.exec(word);
  return long ? COAST_WORDS[long[1]!]! : null;
}

function stripComment(line: string): string {
  const hash = line.search(/(^|\s)#/);
  return hash < 0 ? line : line.slice(0, hash);
}

function newStep(line: number): StepDraft {
  return { line, ordersSeen: false, orders: [], expectDislodged: null, expectRetreats: [], expectUnits: null, expectCentres: null };
}

function newScenario(label: string | null, line: number): ScenarioDraft {
  return { label, line, phase: null, units: null, dislodged: [], dislodgedSeen: false, supplyCentres: null, steps: [newStep(line)] };
}

type Fail = (line: number, message: string) => never;

function openSection(name: SectionName, none: boolean, line: number, scenario: ScenarioDraft, step: StepDraft, started: boolean, fail: Fail): void {
  const isStart = (START_SECTIONS as readonly string[]).includes(name);
  if (isStart && started) fail(line, `"${name}" describes the starting position and must come before the orders`);
  if (!isStart && name !== 'orders' && !step.ordersSeen) fail(line, `"${name}" must follow the step's "orders"`);
  const twice = (): never => fail(line, `"${name}" is given twice in this step`);
  switch (name) {
    case 'units':
      if (scenario.units !== null) twice();
      scenario.units = [];
      break;
    case 'dislodged units':
      if (scenario.dislodgedSeen) twice();
      scenario.dislodgedSeen = true;
      break;
    case 'supply centres':
      if (scenario.supplyCentres !== null) twice();
      scenario.supplyCentres = {};
      break;
    case 'orders':
      if (step.ordersSeen) fail(line, 'a step has one "orders" section; start the next phase with "next phase"');
      step.ordersSeen = true;
      break;
    case 'expect dislodged':
      if (step.expectDislodged !== null) twice();
      step.expectDislodged = [];
      break;
    case 'expect retreats':
      if (none) fail(line, 'write "has no retreats" for a unit instead of "expect retreats: none"');
      break;
    case 'expect units':
      if (step.expectUnits !== null) twice();
      step.expectUnits = [];
      break;
    case 'expect centres':
      if (step.expectCentres !== null) twice();
      step.expectCentres = {};
      break;
  }
}

function readItem(section: SectionName, item: string, line: number, scenario: ScenarioDraft, step: StepDraft, fail: Fail): void {
  const powerMatch = /^([A-Za-z][A-Za-z-]*(?: [A-Za-z-]+)*):\s*(\S.*)$/.exec(item);
  if (!powerMatch) fail(line, `expected "Power: ...", found "${item}"`);
  const power = powerMatch[1]!;
  const rest = powerMatch[2]!;
  switch (section) {
    case 'units':
      scenario.units!.push(readUnit(power, rest, line, fail));
      return;
    case 'dislodged units': {
      const from = /^(.*?)\s+from\s+(.+)$/.exec(rest);
      const unit = readUnit(power, from ? from[1]! : rest, line, fail);
      const attackerFrom = from ? (parsePlace(from[2]!) ?? fail(line, `cannot read the place "${from[2]}"`)) : null;
      scenario.dislodged.push({ ...unit, attackerFrom });
      return;
    }
    case 'supply centres':
      addCentres(scenario.supplyCentres!, power, rest, line, fail);
      return;
    case 'orders':
      step.orders.push(readOrder(power, rest, line, fail));
      return;
    case 'expect dislodged':
      step.expectDislodged!.push(readUnit(power, rest, line, fail));
      return;
    case 'expect retreats':
      step.expectRetreats.push(readRetreat(power, rest, line, fail));
      return;
    case 'expect units':
      step.expectUnits!.push(readUnit(power, rest, line, fail));
      return;
    case 'expect centres':
      addCentres(step.expectCentres!, power, rest, line, fail);
      return;
  }
}

function readUnit(power: string, text: string, line: number, fail: Fail): DatcUnit {
  const match = /^([AF])\s+(\S.*)$/.exec(text.trim());
  if (!match) return fail(line, `expected a unit such as "F North Sea", found "${text}"`);
  const place = parsePlace(match[2]!) ?? fail(line, `cannot read the place "${match[2]}"`);
  return { power, type: match[1] as UnitType, place, line };
}

function readOrder(power: string, text: string, line: number, fail: Fail): DatcOrder {
  const arrow = text.lastIndexOf('=>');
  if (arrow < 0) return fail(line, `the order "${text}" needs its expected outcome: "=> succeeds", "=> fails" or "=> illegal"`);
  const orderText = text.slice(0, arrow).trim();
  const result = /^(\w+)\s*(?:\[([^\]]*)\])?$/.exec(text.slice(arrow + 2).trim());
  if (orderText === '') fail(line, 'the order text is empty');
  if (!result || !(OUTCOMES as readonly string[]).includes(result[1]!)) {
    return fail(line, `the outcome must be succeeds, fails or illegal, optionally followed by [markers]; found "${text.slice(arrow + 2).trim()}"`);
  }
  const markers = (result[2] ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '');
  for (const marker of markers) {
    if (!(MARKERS as readonly string[]).includes(marker)) fail(line, `unknown marker "${marker}"; known: ${MARKERS.join(', ')}`);
  }
  return { power, text: orderText, outcome: result[1] as Outcome, markers: markers as Marker[], line };
}

function readRetreat(power: string, text: string, line: number, fail: Fail): DatcRetreatExpectation {
  const match = /^(.*?)\s+(may retreat only to|may not retreat to|may retreat to|has no retreats)\s*(.*)$/.exec(text);
  if (!match) {
    return fail(line, `expected "<unit> may retreat to ...", "may not retreat to ...", "may retreat only to ..." or "has no retreats", found "${text}"`);
  }
  const unit = readUnit(power, match[1]!, line, fail);
  const phrase = match[2]!;
  if (phrase === 'has no retreats') {
    if (match[3]!.trim() !== '') fail(line, '"has no retreats" takes no places');
    return { unit, rule: 'exactly', places: [], line };
  }
  const places = readPlaceList(match[3]!, line, fail);
  if (places.length === 0) fail(line, 'name at least one place');
  const rule: RetreatRule = phrase === 'may retreat to' ? 'includes' : phrase === 'may not retreat to' ? 'excludes' : 'exactly';
  return { unit, rule, places, line };
}

function addCentres(into: Record<string, DatcPlace[]>, power: string, text: string, line: number, fail: Fail): void {
  if (into[power]) fail(line, `${power}'s centres are listed twice`);
  into[power] = text.trim() === 'none' ? [] : readPlaceList(text, line, fail);
}

function readPlaceList(text: string, line: number, fail: Fail): DatcPlace[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => parsePlace(part) ?? fail(line, `cannot read the place "${part}"`));
}

function finishDraft(draft: CaseDraft, file: string): DatcCase {
  const fail: Fail = (line, message) => {
    throw new DatcFormatError(`${file}:${line}: case ${draft.id}: ${message}`);
  };
  const scenarios = draft.scenarios.map((scenario): DatcScenario => {
    if (scenario.units === null) fail(scenario.line, 'the starting position needs a "units" section (write "units: none" for an empty board)');
    const steps = scenario.steps.map((step): DatcStep => {
      if (!step.ordersSeen) fail(step.line, 'every step needs an "orders" section (write "orders: none" when nobody orders)');
      const expectations =
        step.orders.length + (step.expectDislodged ? 1 : 0) + step.expectRetreats.length + (step.expectUnits ? 1 : 0) + (step.expectCentres ? 1 : 0);
      if (expectations === 0) fail(step.line, 'the step expects nothing: give order outcomes or an "expect ..." section');
      return {
        line: step.line,
        orders: step.orders,
        expectDislodged: step.expectDislodged,
        expectRetreats: step.expectRetreats,
        expectUnits: step.expectUnits,
        expectCentres: step.expectCentres,
      };
    });
    return {
      label: scenario.label,
      line: scenario.line,
      start: {
        phase: scenario.phase ?? DEFAULT_PHASE,
        units: scenario.units!,
        dislodged: scenario.dislodged,
        supplyCentres: scenario.supplyCentres,
      },
      steps,
    };
  });
  return {
    id: draft.id,
    section: draft.section,
    number: draft.number,
    title: draft.title,
    variant: draft.variant ?? DEFAULT_VARIANT,
    notes: draft.notes,
    scenarios,
    file,
    line: draft.line,
  };
}
