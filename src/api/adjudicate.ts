import { z } from 'zod';
import { loadVariant, VariantLoadError } from '../catalog/variant-catalog.ts';
import { adjudicatePhase, PhaseError } from '../engine/adjudicate-phase.ts';
import { provinceOf } from '../engine/map.ts';
import { formatPhaseId, parsePhaseId, phaseOf } from '../engine/phase.ts';
import { locationId, provinceId } from '../engine/ids.ts';
import type { OrderResult, SubmittedOrder } from '../engine/results.ts';
import type { DislodgedUnit, LocationId, Order, PowerId, Position, ProvinceId, Unit, UnitType } from '../engine/types.ts';
import type { GameMap } from '../engine/map.ts';
import type { Variant } from '../engine/variant.ts';
import { formatOrder, parseOrderLine, type OrderDescriber } from '../orders/index.ts';
import { orderReadingText } from '../render/order-readings.ts';
import { listedOrderProblemText, orderProblemText } from '../render/order-problems.ts';
import { orderReasonText } from '../render/order-reasons.ts';
import type { AdjudicateInput, AdjudicateOutput, OrderReport } from './adjudicate-format.ts';

// `adjudicate()`: one phase in, its results and the next position out, in the JSON format
// of `dipjudge adjudicate`. Bad input throws an AdjudicateInputError naming the faulty field.

export class AdjudicateInputError extends Error {}

const unitSchema = z.object({ power: z.string().min(1), type: z.string().regex(/^[afAF]$/, 'unit type must be A or F'), location: z.string().min(1) });
const inputSchema = z.object({
  position: z.object({
    variant: z.string().min(1),
    phase: z.string().min(1),
    units: z.array(unitSchema),
    dislodged: z.array(unitSchema.extend({ attackerFrom: z.string().nullable().optional(), retreats: z.array(z.string()).optional() })).optional(),
    supplyCenters: z.record(z.string(), z.array(z.string())).optional(),
    undeterminedHomes: z.record(z.string(), z.number().int().nonnegative()).optional(),
    homeCenters: z.record(z.string(), z.array(z.string())).optional(),
  }),
  orders: z.record(z.string(), z.array(z.string())).optional(),
});

export function adjudicate(input: unknown): AdjudicateOutput {
  return adjudicateDetailed(input).output;
}

/** What `adjudicate()` computes, with the engine's own results beside the JSON output (for pictures). */
export interface DetailedAdjudication {
  readonly variant: Variant;
  /** The position the orders were given in. */
  readonly position: Position;
  readonly results: readonly OrderResult[];
  readonly output: AdjudicateOutput;
}

/**
 * The input as the schema reads it. Most inputs are well formed, and checking them by hand costs a
 * fraction of the schema's time per item of a batch; only one the quick check doubts goes through
 * the schema, which accepts it or names its fault. The quick check accepts nothing the schema
 * refuses, and the fields it lets through are the ones the schema would keep.
 */
function readInput(input: unknown): AdjudicateInput {
  if (looksValid(input)) return input;
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AdjudicateInputError(`invalid input at ${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  return parsed.data;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

function isName(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function isStringList(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== 'string') return false;
  return true;
}

function isUnit(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value) || !isName(value.power) || !isName(value.location)) return false;
  const type = value.type;
  return type === 'A' || type === 'F' || type === 'a' || type === 'f';
}

/** Optional: absent, or a record whose every value passes. */
function isOptionalRecordOf(value: unknown, check: (item: unknown) => boolean): boolean {
  if (value === undefined) return true;
  if (!isRecord(value)) return false;
  for (const key in value) if (!check(value[key])) return false;
  return true;
}

function looksValid(input: unknown): input is AdjudicateInput {
  if (!isRecord(input) || !isRecord(input.position)) return false;
  const position = input.position;
  if (!isName(position.variant) || !isName(position.phase) || !Array.isArray(position.units)) return false;
  for (const unit of position.units) if (!isUnit(unit)) return false;
  if (position.dislodged !== undefined) {
    if (!Array.isArray(position.dislodged)) return false;
    for (const unit of position.dislodged) {
      if (!isUnit(unit)) return false;
      if (unit.attackerFrom !== undefined && unit.attackerFrom !== null && typeof unit.attackerFrom !== 'string') return false;
      if (unit.retreats !== undefined && !isStringList(unit.retreats)) return false;
    }
  }
  return (
    isOptionalRecordOf(position.supplyCenters, isStringList) &&
    isOptionalRecordOf(position.homeCenters, isStringList) &&
    isOptionalRecordOf(position.undeterminedHomes, (count) => Number.isSafeInteger(count) && (count as number) >= 0) &&
    isOptionalRecordOf(input.orders, isStringList)
  );
}

export function adjudicateDetailed(input: unknown): DetailedAdjudication {
  const request = readInput(input);
  let variant: Variant;
  try {
    variant = loadVariant(request.position.variant);
  } catch (error) {
    if (error instanceof VariantLoadError) throw new AdjudicateInputError(error.message);
    throw error;
  }
  const position = readPosition(variant, request.position);
  const phaseType = phaseOf(position.phase).type;
  const submitted: SubmittedOrder[] = [];
  const texts: string[] = [];
  // Each report with its place in the output (`sequences`): the order's place in the input, defaults last.
  const reports: OrderReport[] = [];
  const sequences: number[] = [];
  const sequenceOf: number[] = [];
  let sequence = 0;
  const orders = request.orders ?? {};
  for (const powerName in orders) {
    const lines = orders[powerName]!;
    // The message naming the field is written only for a name that is no power.
    const power = variant.power(powerName)?.id ?? requirePower(variant, powerName, `orders.${powerName}`);
    for (let l = 0; l < lines.length; l++) {
      const parsed = parseOrderLine(lines[l]!, variant.map, phaseType);
      for (let k = 0; k < parsed.length; k++) {
        const order = parsed[k]!;
        const seq = sequence++;
        const prefixed = order.power === null ? power : variant.power(order.power)?.id;
        if (!order.ok || prefixed !== power) {
          const reason = !order.ok
            ? orderProblemText(order.error)
            : listedOrderProblemText(
                prefixed === undefined
                  ? { kind: 'prefix-not-a-power', written: order.power! }
                  : { kind: 'prefix-other-power', written: order.power!, listedUnder: powerName },
                variant,
              );
          reports.push({
            power,
            unit: null,
            text: order.text,
            canonical: order.ok ? formatOrder(order.order, variant.map) : null,
            outcome: 'illegal',
            reason,
            markers: [],
            notes: [],
          });
          sequences.push(seq);
          continue;
        }
        texts[submitted.length] = order.text;
        submitted.push({ power, order: order.order });
        sequenceOf[submitted.length - 1] = seq;
      }
    }
  }
  let outcome: ReturnType<typeof adjudicatePhase>;
  try {
    outcome = adjudicatePhase(variant, position, submitted);
  } catch (error) {
    if (error instanceof PhaseError) throw new AdjudicateInputError(error.message);
    throw error;
  }
  const echo = new Echo(variant, position.units);
  for (const result of outcome.results) {
    reports.push(echo.report(submitted, texts, result));
    sequences.push(result.input === null ? Number.MAX_SAFE_INTEGER : sequenceOf[result.input]!);
  }
  const output = { phase: position.phase, results: inInputOrder(sequences, reports, sequence), position: outcome.position, winner: outcome.winner };
  return { variant, position, results: outcome.results, output };
}

/**
 * The reports by sequence, those with the same sequence (the defaults) in the order they came: each
 * order's report to its own place, or, should two reports share an order's sequence, a stable sort.
 */
function inInputOrder(sequences: readonly number[], reports: readonly OrderReport[], orderCount: number): OrderReport[] {
  const byOrder: (OrderReport | undefined)[] = new Array(orderCount);
  const defaults: OrderReport[] = [];
  for (let i = 0; i < reports.length; i++) {
    const sequence = sequences[i]!;
    if (sequence === Number.MAX_SAFE_INTEGER) defaults.push(reports[i]!);
    else if (byOrder[sequence] === undefined) byOrder[sequence] = reports[i]!;
    else
      return reports
        .map((report, k) => ({ report, sequence: sequences[k]! }))
        .sort((a, b) => a.sequence - b.sequence)
        .map((entry) => entry.report);
  }
  const ordered: OrderReport[] = [];
  for (const report of byOrder) if (report !== undefined) ordered.push(report);
  for (const report of defaults) ordered.push(report);
  return ordered;
}

/**
 * The canonical echo of each result, naming other powers' units by adjective ("Army Paris SUPPORTS
 * German Army Munich"): who stood where before the phase is read once per phase, not per result.
 */
class Echo {
  private readonly ownerOf: PowerId[] = [];
  /** The power whose order is being echoed: its own units take no adjective. */
  private reportingFor: PowerId | null = null;
  private readonly describer: OrderDescriber;

  constructor(
    private readonly variant: Variant,
    units: readonly Unit[],
  ) {
    for (const unit of units) this.ownerOf[variant.map.provinceIndexOfLocation(unit.location)] = unit.power;
    this.describer = { adjective: (location) => this.adjective(location) };
  }

  report(submitted: readonly SubmittedOrder[], texts: readonly string[], result: OrderResult): OrderReport {
    const order: Order | null = result.order ?? (result.input === null ? null : submitted[result.input]!.order);
    this.reportingFor = result.power;
    return {
      power: result.power,
      unit: result.unit,
      text: result.input === null ? null : texts[result.input]!,
      canonical: order ? formatOrder(order, this.variant.map, this.describer) : null,
      outcome: result.outcome,
      reason: result.reason === null ? null : orderReasonText(result.reason, this.variant),
      markers: result.markers,
      notes: result.notes.length === 0 ? [] : result.notes.map((note) => orderReadingText(note, this.variant.map)),
    };
  }

  private adjective(location: LocationId): string | null {
    const map = this.variant.map;
    const at = map.provinceIndexOfLocation(location);
    const power = this.ownerOf[at >= 0 ? at : (map.province(provinceOf(location))?.index ?? -1)];
    return power && power !== this.reportingFor ? (this.variant.power(power)?.adjective ?? null) : null;
  }
}

function requirePower(variant: Variant, name: string, where: string): PowerId {
  const power = variant.power(name);
  if (!power) throw new AdjudicateInputError(`${where}: "${name}" is not a power in ${variant.title} (powers: ${variant.powers.map((p) => p.id).join(', ')})`);
  return power.id;
}

/** A location as the input names it, read against its map: read once per map and name, not once per unit. */
interface Place {
  readonly location: LocationId;
  readonly provinceIndex: number;
  readonly army: boolean;
  readonly fleet: boolean;
}

/** The places of each map by the names inputs gave them; only names of real locations are kept, and not without end. */
const placesByMap = new WeakMap<GameMap, Map<string, Place>>();
const MAX_PLACE_NAMES = 4096;

function placesOf(map: GameMap): Map<string, Place> {
  let places = placesByMap.get(map);
  if (places === undefined) placesByMap.set(map, (places = new Map()));
  return places;
}

function placeNamed(map: GameMap, name: string, places = placesOf(map)): Place | null {
  const known = places.get(name);
  if (known !== undefined) return known;
  const location = locationId(name);
  if (!map.isLocation(location)) return null;
  const place = { location, provinceIndex: map.provinceIndexOfLocation(location), army: map.canOccupy('A', location), fleet: map.canOccupy('F', location) };
  if (places.size < MAX_PLACE_NAMES) places.set(name, place);
  return place;
}

/** The supply centres of each map by the names inputs gave them (only real centres, and not without end). */
const centresByMap = new WeakMap<GameMap, Map<string, ProvinceId>>();

function centresOf(map: GameMap): Map<string, ProvinceId> {
  let centres = centresByMap.get(map);
  if (centres === undefined) centresByMap.set(map, (centres = new Map()));
  return centres;
}

function requireCentre(map: GameMap, centres: Map<string, ProvinceId>, name: string, where: string): ProvinceId {
  const id = provinceId(name);
  if (!map.province(id)?.supplyCenter) throw new AdjudicateInputError(`${where}: "${name}" is not a supply centre`);
  if (centres.size < MAX_PLACE_NAMES) centres.set(name, id);
  return id;
}

/** Where a unit of this type stands; a name that is no location, or one the unit cannot stand at, is refused. */
function requirePlace(variant: Variant, type: UnitType, location: string, where: string): Place {
  const place = placeNamed(variant.map, location);
  if (place === null) throw new AdjudicateInputError(`${where}: "${location}" is not a location on the ${variant.map.name} map`);
  if (!(type === 'A' ? place.army : place.fleet))
    throw new AdjudicateInputError(`${where}: ${type === 'A' ? 'an army' : 'a fleet'} cannot stand at "${location}"`);
  return place;
}

function requireLocation(variant: Variant, type: UnitType, location: string, where: string): LocationId {
  const normalised = locationId(location);
  if (!variant.map.isLocation(normalised)) throw new AdjudicateInputError(`${where}: "${location}" is not a location on the ${variant.map.name} map`);
  if (!variant.map.canOccupy(type, normalised)) {
    throw new AdjudicateInputError(`${where}: ${type === 'A' ? 'an army' : 'a fleet'} cannot stand at "${location}"`);
  }
  return normalised;
}

function readPosition(variant: Variant, raw: AdjudicateInput['position']): Position {
  const phase = parsePhaseId(raw.phase);
  if (!phase || variant.flowIndex(phase) < 0)
    throw new AdjudicateInputError(`position.phase: "${raw.phase}" is not a phase of ${variant.title} (e.g. S1901M, F1901R, W1901A)`);
  const readUnit = (u: { power: string; type: string; location: string }, where: string): Unit => {
    const type = u.type.toUpperCase() as UnitType;
    return { power: requirePower(variant, u.power, `${where}.power`), type, location: requireLocation(variant, type, u.location, `${where}.location`) };
  };
  const units: Unit[] = [];
  const provinceIndexes: number[] = [];
  const places = placesOf(variant.map);
  for (let i = 0; i < raw.units.length; i++) {
    const u = raw.units[i]!;
    const type = u.type === 'A' || u.type === 'F' ? u.type : (u.type.toUpperCase() as UnitType);
    // The messages naming the unit are written only for a bad one.
    const power = variant.power(u.power)?.id ?? requirePower(variant, u.power, `position.units[${i}].power`);
    let place = places.get(u.location) ?? placeNamed(variant.map, u.location, places);
    if (place === null || !(type === 'A' ? place.army : place.fleet)) place = requirePlace(variant, type, u.location, `position.units[${i}].location`);
    units.push({ power, type, location: place.location });
    provinceIndexes.push(place.provinceIndex);
  }
  const unitIn: number[] = [];
  for (let i = 0; i < units.length; i++) {
    const province = provinceIndexes[i]!;
    const previous = unitIn[province];
    if (previous !== undefined)
      throw new AdjudicateInputError(`position.units[${i}]: ${provinceOf(units[i]!.location)} already holds position.units[${previous}]`);
    unitIn[province] = i;
  }
  const occupied = (location: LocationId) => unitIn[variant.map.provinceIndexOfLocation(location)] !== undefined;
  const dislodged: DislodgedUnit[] = (raw.dislodged ?? []).map((d, i) => {
    const unit = readUnit(d, `position.dislodged[${i}]`);
    const attackerFrom = d.attackerFrom ? provinceId(d.attackerFrom) : null;
    if (attackerFrom !== null && !variant.map.province(attackerFrom))
      throw new AdjudicateInputError(`position.dislodged[${i}].attackerFrom: "${d.attackerFrom}" is not a province`);
    const retreats =
      d.retreats?.map((r, k) => requireLocation(variant, unit.type, r, `position.dislodged[${i}].retreats[${k}]`)) ??
      variant.map.movesFrom(unit.type, unit.location).filter((l) => !occupied(l) && provinceOf(l) !== attackerFrom);
    return { ...unit, attackerFrom, retreats };
  });
  const supplyCenters: Record<PowerId, ProvinceId[]> = {};
  const centres = centresOf(variant.map);
  for (const powerName in raw.supplyCenters) {
    const power = variant.power(powerName)?.id ?? requirePower(variant, powerName, `position.supplyCenters.${powerName}`);
    const names = raw.supplyCenters[powerName]!;
    const ids: ProvinceId[] = [];
    for (let k = 0; k < names.length; k++) {
      const id = centres.get(names[k]!) ?? requireCentre(variant.map, centres, names[k]!, `position.supplyCenters.${powerName}[${k}]`);
      ids.push(id);
    }
    supplyCenters[power] = ids;
  }
  const position: Position = { variant: variant.name, phase: formatPhaseId(phase), units, dislodged, supplyCenters };
  const undeterminedHomes: Record<PowerId, number> = {};
  for (const [powerName, count] of Object.entries(raw.undeterminedHomes ?? {})) {
    if (count > 0) undeterminedHomes[requirePower(variant, powerName, `position.undeterminedHomes.${powerName}`)] = count;
  }
  let homeCenters: Record<PowerId, ProvinceId[]> | null = null;
  for (const [powerName, centres] of Object.entries(raw.homeCenters ?? {})) {
    const power = requirePower(variant, powerName, `position.homeCenters.${powerName}`);
    (homeCenters ??= {})[power] = centres.map((c, k) => {
      const id = provinceId(c);
      if (!variant.map.province(id)?.supplyCenter) throw new AdjudicateInputError(`position.homeCenters.${powerName}[${k}]: "${c}" is not a supply centre`);
      return id;
    });
  }
  const withHomes = Object.keys(undeterminedHomes).length > 0;
  if (!withHomes && !homeCenters) return position;
  return {
    ...position,
    ...(withHomes ? { undeterminedHomes } : {}),
    ...(homeCenters ? { homeCenters } : {}),
  };
}
