import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AdjudicateInput, AdjudicateOutput, OrderReport } from '../../src/api/adjudicate-format.ts';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { coastOf, provinceOf } from '../../src/engine/map.ts';
import { locationId } from '../../src/engine/ids.ts';
import type { LocationId, Unit } from '../../src/engine/types.ts';
import type { Variant } from '../../src/engine/variant.ts';
import { formatPlace, formatUnit, parseDatcFile } from './datc-format.ts';
import type { DatcCase, DatcCentres, DatcOrder, DatcPlace, DatcScenario, DatcStep, DatcUnit } from './datc-format.ts';
import { isStandardPower, standardPlaceProblem } from './standard-names.ts';

// Plays every DATC v3.0 case of the .datc files beside this file through `adjudicate()`.
// A case fails with the list of every expectation it missed, each naming the order or unit,
// what was expected and what came out.

/** DATC v3.0, chapter 6: the sections and how many cases each has. */
const SECTIONS: readonly { readonly id: string; readonly title: string; readonly count: number }[] = [
  { id: '6.A', title: 'Basic checks', count: 12 },
  { id: '6.B', title: 'Coastal issues', count: 15 },
  { id: '6.C', title: 'Circular movement', count: 9 },
  { id: '6.D', title: 'Supports and dislodges', count: 34 },
  { id: '6.E', title: 'Head-to-head battles and beleaguered garrison', count: 15 },
  { id: '6.F', title: 'Convoys', count: 25 },
  { id: '6.G', title: 'Convoying to adjacent provinces', count: 20 },
  { id: '6.H', title: 'Retreating', count: 16 },
  { id: '6.I', title: 'Building', count: 7 },
  { id: '6.J', title: 'Civil disorder and disbands', count: 11 },
];

const HERE = fileURLToPath(new URL('.', import.meta.url));
const FILES = readdirSync(HERE)
  .filter((name) => name.endsWith('.datc'))
  .sort();
const CASES: readonly DatcCase[] = FILES.flatMap((name) => parseDatcFile(readFileSync(`${HERE}${name}`, 'utf8'), name));

type Adjudicate = (input: unknown) => AdjudicateOutput;

// Imported by a computed path so that this file type-checks and its format tests run even
// while src/api/adjudicate.ts is missing or broken; each case then fails with the reason.
const ADJUDICATE_MODULE = '../../src/api/adjudicate.ts';
let adjudicateModule: Promise<Adjudicate> | undefined;
function loadAdjudicate(): Promise<Adjudicate> {
  adjudicateModule ??= import(/* @vite-ignore */ ADJUDICATE_MODULE).then((module: { adjudicate?: unknown }) => {
    if (typeof module.adjudicate !== 'function') throw new Error(`${ADJUDICATE_MODULE} does not export adjudicate()`);
    return module.adjudicate as Adjudicate;
  });
  return adjudicateModule;
}

describe('DATC case files', () => {
  it('has one .datc file per section and parses them all', () => {
    expect(FILES.length).toBe(SECTIONS.length);
    expect(CASES.length).toBeGreaterThan(0);
  });

  it('numbers every section 1..N with as many cases as DATC v3.0', () => {
    const found = SECTIONS.map(({ id }) => ({
      section: id,
      numbers: CASES.filter((c) => c.section === id).map((c) => c.number),
    }));
    const wanted = SECTIONS.map(({ id, count }) => ({ section: id, numbers: Array.from({ length: count }, (_, i) => i + 1) }));
    expect(found).toEqual(wanted);
    expect(CASES.every((c) => SECTIONS.some((s) => s.id === c.section))).toBe(true);
  });

  it('gives every case a unique id', () => {
    const ids = CASES.map((c) => c.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('keeps every case in the file of its section', () => {
    const misplaced = CASES.filter((c) => !c.file.startsWith(`${c.section.replace('.', '').toLowerCase()}-`));
    expect(misplaced.map((c) => `${c.id} in ${c.file}`)).toEqual([]);
  });

  it('states what each movement step leaves dislodged', () => {
    const silent = CASES.flatMap((c) =>
      c.scenarios.filter((s) => s.start.phase.endsWith('M') && s.steps[0]!.expectDislodged === null).map((s) => `${c.id} (${c.file}:${s.line})`),
    );
    expect(silent).toEqual([]);
  });

  it('names only standard powers and places', () => {
    const problems: string[] = [];
    for (const c of CASES) {
      if (c.variant !== 'standard') continue;
      const check = (power: string | null, place: DatcPlace | null, line: number): void => {
        if (power !== null && !isStandardPower(power)) problems.push(`${c.file}:${line}: "${power}" is not a standard power`);
        const problem = place ? standardPlaceProblem(place.name, place.coast) : null;
        if (problem) problems.push(`${c.file}:${line}: ${problem}`);
      };
      for (const scenario of c.scenarios) {
        for (const unit of [...scenario.start.units, ...scenario.start.dislodged]) check(unit.power, unit.place, unit.line);
        for (const unit of scenario.start.dislodged) check(null, unit.attackerFrom, unit.line);
        checkCentres(scenario.start.supplyCentres, scenario.line, check);
        for (const step of scenario.steps) {
          for (const order of step.orders) check(order.power, null, order.line);
          for (const unit of [...(step.expectDislodged ?? []), ...(step.expectUnits ?? [])]) check(unit.power, unit.place, unit.line);
          for (const retreat of step.expectRetreats) {
            check(retreat.unit.power, retreat.unit.place, retreat.line);
            for (const place of retreat.places) check(null, place, retreat.line);
          }
          checkCentres(step.expectCentres, step.line, check);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

function checkCentres(centres: DatcCentres | null, line: number, check: (power: string, place: DatcPlace | null, line: number) => void): void {
  for (const [power, places] of Object.entries(centres ?? {})) {
    check(power, null, line);
    for (const place of places) check(power, place, line);
  }
}

for (const section of SECTIONS) {
  describe(`${section.id} ${section.title}`, () => {
    for (const datcCase of CASES.filter((c) => c.section === section.id)) {
      it(`${datcCase.id} ${datcCase.title}`, async () => {
        const adjudicate = await loadAdjudicate();
        const variant = loadVariant(datcCase.variant);
        const problems: string[] = [];
        for (const scenario of datcCase.scenarios) problems.push(...playScenario(adjudicate, variant, datcCase, scenario));
        expect(problems, `${datcCase.id} (${datcCase.file}:${datcCase.line})`).toEqual([]);
      });
    }
  });
}

/** Plays the scenario's steps in turn and lists every expectation that was not met. */
function playScenario(adjudicate: Adjudicate, variant: Variant, datcCase: DatcCase, scenario: DatcScenario): string[] {
  const problems: string[] = [];
  let position: AdjudicateInput['position'] = startPosition(variant, datcCase, scenario);
  for (const [index, step] of scenario.steps.entries()) {
    const label = `${scenario.label ? `[${scenario.label}] ` : ''}step ${index + 1} (${position.phase})`;
    const input: AdjudicateInput = { position, orders: groupOrders(step.orders) };
    let output: AdjudicateOutput;
    try {
      output = adjudicate(input);
    } catch (error) {
      problems.push(`${label}: adjudicate() threw: ${(error as Error).message}`);
      return problems;
    }
    const note = (text: string): void => void problems.push(`${label}: ${text}`);
    checkOrders(variant, step, output.results, note);
    if (step.expectDislodged) {
      compareUnits(variant, 'dislodged', step.expectDislodged, output.position.dislodged, note);
    }
    checkRetreats(variant, step, output.position.dislodged, note);
    if (step.expectUnits) compareUnits(variant, 'unit', step.expectUnits, output.position.units, note);
    if (step.expectCentres) checkCentreExpectations(variant, step.expectCentres, output.position.supplyCenters, note);
    position = output.position;
  }
  return problems;
}

function startPosition(variant: Variant, datcCase: DatcCase, scenario: DatcScenario): AdjudicateInput['position'] {
  const { start } = scenario;
  const unitInput = (unit: DatcUnit): { power: string; type: string; location: string } => ({
    power: unit.power,
    type: unit.type,
    location: locationOf(variant, unit.place),
  });
  return {
    variant: datcCase.variant,
    phase: start.phase,
    units: start.units.map(unitInput),
    ...(start.dislodged.length > 0
      ? {
          dislodged: start.dislodged.map((unit) => ({
            ...unitInput(unit),
            ...(unit.attackerFrom ? { attackerFrom: provinceOf(locationOf(variant, unit.attackerFrom)) } : {}),
          })),
        }
      : {}),
    ...(start.supplyCentres
      ? {
          supplyCenters: Object.fromEntries(
            Object.entries(start.supplyCentres).map(([power, places]) => [power, places.map((p) => provinceOf(locationOf(variant, p)))]),
          ),
        }
      : {}),
  };
}

/** Orders as the adjudicator takes them: the lines of each power, in the file's order. */
function groupOrders(orders: readonly DatcOrder[]): Record<string, string[]> {
  const grouped: Record<string, string[]> = {};
  for (const order of orders) (grouped[order.power] ??= []).push(order.text);
  return grouped;
}

function checkOrders(variant: Variant, step: DatcStep, results: readonly OrderReport[], note: (text: string) => void): void {
  const unused = [...results];
  for (const order of step.orders) {
    const power = powerId(variant, order.power);
    const index = unused.findIndex((r) => r.power === power && r.text !== null && sameText(r.text, order.text));
    const described = `${order.power}: "${order.text}" (line ${order.line})`;
    if (index < 0) {
      note(`${described} expected ${order.outcome}, but no result carries this order's text`);
      continue;
    }
    const result = unused.splice(index, 1)[0]!;
    const actual = `${result.outcome}${result.markers.length > 0 ? ` [${result.markers.join(', ')}]` : ''}${result.reason ? ` (reason: ${result.reason})` : ''}`;
    if (result.outcome !== order.outcome) {
      note(`${described} expected ${order.outcome}, got ${actual}`);
      continue;
    }
    const missing = order.markers.filter((m) => !result.markers.includes(m));
    if (missing.length > 0) note(`${described} expected marker ${missing.join(', ')}, got ${actual}`);
  }
}

function sameText(a: string, b: string): boolean {
  const normal = (s: string): string => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return normal(a) === normal(b);
}

/** Compares an exact list of expected units (dislodged or on the board) with the actual ones. */
function compareUnits(variant: Variant, what: string, expected: readonly DatcUnit[], actual: readonly Unit[], note: (text: string) => void): void {
  const left = [...actual];
  const missing: string[] = [];
  for (const unit of expected) {
    const index = left.findIndex((a) => matchesUnit(variant, unit, a));
    if (index < 0) missing.push(formatUnit(unit));
    else left.splice(index, 1);
  }
  if (missing.length === 0 && left.length === 0) return;
  const parts = [
    missing.length > 0 ? `missing ${what} ${missing.join('; ')}` : null,
    left.length > 0 ? `unexpected ${what} ${left.map(formatActualUnit).join('; ')}` : null,
  ].filter((part) => part !== null);
  note(`${parts.join(', ')} (actual: ${actual.map(formatActualUnit).join('; ') || 'none'})`);
}

function checkRetreats(variant: Variant, step: DatcStep, dislodged: AdjudicateOutput['position']['dislodged'], note: (text: string) => void): void {
  for (const expectation of step.expectRetreats) {
    const unit = dislodged.find((d) => matchesUnit(variant, expectation.unit, d));
    const described = `${formatUnit(expectation.unit)} (line ${expectation.line})`;
    if (!unit) {
      note(`${described} should be dislodged with retreats to check, but is not`);
      continue;
    }
    const places = expectation.places.map((place) => ({ place, location: locationOf(variant, place) }));
    const offered = (location: LocationId): boolean => unit.retreats.some((r) => sameLocation(r, location));
    const listed = `retreats: ${unit.retreats.join(', ') || 'none'}`;
    if (expectation.rule === 'includes') {
      const absent = places.filter((p) => !offered(p.location)).map((p) => formatPlace(p.place));
      if (absent.length > 0) note(`${described} should be able to retreat to ${absent.join(', ')}; ${listed}`);
    } else if (expectation.rule === 'excludes') {
      const present = places.filter((p) => unit.retreats.some((r) => sameLocation(r, p.location) || sameLocation(p.location, r)));
      if (present.length > 0) note(`${described} should not be able to retreat to ${present.map((p) => formatPlace(p.place)).join(', ')}; ${listed}`);
    } else {
      const exact = places.length === unit.retreats.length && places.every((p) => offered(p.location));
      if (!exact) note(`${described} should retreat only to ${places.map((p) => formatPlace(p.place)).join(', ') || 'nowhere'}; ${listed}`);
    }
  }
}

function checkCentreExpectations(
  variant: Variant,
  expected: DatcCentres,
  actual: Readonly<Record<string, readonly string[]>>,
  note: (text: string) => void,
): void {
  for (const [powerName, places] of Object.entries(expected)) {
    const power = powerId(variant, powerName);
    const want = places.map((p) => provinceOf(locationOf(variant, p))).sort();
    const got = [...(actual[power] ?? [])].sort();
    if (want.join(',') !== got.join(',')) note(`${powerName} should own ${want.join(', ') || 'nothing'}, owns ${got.join(', ') || 'nothing'}`);
  }
}

function matchesUnit(variant: Variant, expected: DatcUnit, actual: Unit): boolean {
  return (
    actual.power === powerId(variant, expected.power) && actual.type === expected.type && sameLocation(actual.location, locationOf(variant, expected.place))
  );
}

/** Same province, and the same coast when the expectation names one. */
function sameLocation(actual: LocationId, expected: LocationId): boolean {
  if (provinceOf(actual) !== provinceOf(expected)) return false;
  const coast = coastOf(expected);
  return coast === null || coastOf(actual) === coast;
}

function formatActualUnit(unit: Unit): string {
  return `${unit.power} ${unit.type} ${unit.location}`;
}

function powerId(variant: Variant, name: string): string {
  const power = variant.power(name);
  if (!power) throw new Error(`"${name}" is not a power of ${variant.name}`);
  return power.id;
}

function locationOf(variant: Variant, place: DatcPlace): LocationId {
  const province = variant.map.lookup(place.name);
  if (province === undefined) throw new Error(`the ${variant.name} map does not know the place "${place.name}"`);
  return place.coast === null ? province : locationId(`${province}/${place.coast}`);
}
