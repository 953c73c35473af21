import { IdIndex } from './id-index.ts';
import { GameMap, MapError, provinceOf } from './map.ts';
import type { MapData } from './map-schema.ts';
import { powerId } from './ids.ts';
import { formatPhaseId, type Phase } from './phase.ts';
import type { LocationId, PowerId, Position, ProvinceId, Unit } from './types.ts';
import { mapProblems, variantProblems } from './validate-variant.ts';
import type { BuildRule, FlowItem, PhaseStep, VariantData } from './variant-schema.ts';

export interface Power {
  readonly index: number;
  readonly id: PowerId;
  readonly name: string;
  readonly adjective: string;
  readonly initial: string;
  readonly homeCenters: readonly ProvinceId[];
  /** Partisan build sites (DPjudge's `*` homes); empty for most powers. */
  readonly partisanSites: readonly ProvinceId[];
}

/** One step from a phase to the next in the variant's flow. */
export interface FlowStepTaken {
  readonly phase: Phase;
  /** The step reached an adjustment phase: centres change hands first (even if the phase has nothing to do). */
  readonly reachesAdjustment: boolean;
}

/** A variant bound to its compiled map: everything the engine needs to run its games. */
export class Variant {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly map: GameMap;
  readonly powers: readonly Power[];
  readonly flow: readonly FlowItem[];
  /** The phase steps of the flow, in order. */
  readonly steps: readonly PhaseStep[];
  readonly victoryCenters: number;
  readonly builds: BuildRule;
  /** DPjudge's RULE MOBILIZE: the game opens with each power building its first unit on a home centre of its choice. */
  readonly mobilize: boolean;
  /** DPjudge's NEWHOMES: years whose adjustment phase makes each power's owned centres its homes. */
  readonly newHomesYears: readonly number[];
  /** DPjudge's seasonal terrain: province → the season letters it is open in. */
  readonly seasonalProvinces: ReadonlyMap<ProvinceId, readonly string[]>;
  private readonly data: VariantData;
  private readonly mapData: MapData;
  private readonly powersById = new Map<PowerId, Power>();
  private readonly powerIds: IdIndex<PowerId>;
  /** Powers whose id is already what power() makes of a name (trimmed, upper case). */
  private readonly powersByExactId = new Map<string, Power>();
  private readonly bySeason = new Map<string, Variant>();

  constructor(data: VariantData, mapData: MapData) {
    const problems = [...mapProblems(mapData).map((p) => `map ${mapData.name}: ${p}`), ...variantProblems(data, mapData)];
    if (problems.length > 0) throw new MapError(problems.join('\n'));
    this.data = data;
    this.mapData = mapData;
    this.seasonalProvinces = new Map((data.seasonalProvinces ?? []).map((s) => [s.province, s.seasons]));
    this.name = data.name;
    this.title = data.title;
    this.description = data.description;
    this.map = new GameMap(mapData);
    this.flow = data.flow;
    this.steps = data.flow.filter((f): f is PhaseStep => 'season' in f);
    this.victoryCenters = data.victory.centers;
    this.builds = data.builds;
    this.mobilize = data.mobilize ?? false;
    this.newHomesYears = data.newHomesYears ?? [];
    this.powers = data.powers.map((p, index) => ({
      index,
      id: p.id,
      name: p.name,
      adjective: p.adjective,
      initial: p.initial,
      homeCenters: p.homeCenters,
      partisanSites: p.partisanSites ?? [],
    }));
    this.powerIds = new IdIndex(this.powers.map((p) => p.id));
    for (const power of this.powers) {
      this.powersById.set(power.id, power);
      if (power.id === power.id.trim().toUpperCase()) this.powersByExactId.set(power.id, power);
    }
  }

  /**
   * The variant as the phase plays it: where provinces are closed in the phase's season (seasonal
   * terrain), the same variant on a map with their borders cut, so nothing enters or leaves them and
   * a unit inside may only hold. Otherwise this variant.
   */
  forPhase(phase: Phase): Variant {
    if (this.seasonalProvinces.size === 0) return this;
    const closed = [...this.seasonalProvinces].filter(([, seasons]) => !seasons.includes(phase.season)).map(([id]) => id);
    if (closed.length === 0) return this;
    const key = closed.join(' ');
    let cut = this.bySeason.get(key);
    if (!cut) {
      const shut = new Set(closed);
      const open = (loc: LocationId) => !shut.has(provinceOf(loc));
      const provinces = this.mapData.provinces.map((p) => {
        if (shut.has(p.id))
          return {
            ...p,
            army: [],
            fleet: [],
            ...(p.coasts ? { coasts: Object.fromEntries(Object.keys(p.coasts).map((c) => [c, []])) } : {}),
            borders: undefined,
          };
        return {
          ...p,
          army: p.army.filter(open),
          fleet: p.fleet.filter(open),
          ...(p.coasts ? { coasts: Object.fromEntries(Object.entries(p.coasts).map(([c, list]) => [c, (list ?? []).filter(open)])) } : {}),
          ...(p.borders ? { borders: Object.fromEntries(Object.entries(p.borders).filter(([to]) => open(to as LocationId))) } : {}),
        };
      });
      cut = new Variant({ ...this.data, seasonalProvinces: [] }, { ...this.mapData, provinces });
      this.bySeason.set(key, cut);
    }
    return cut;
  }

  /** Dense index of a power given by its exact id, or -1. */
  powerIndex(id: PowerId): number {
    return this.powerIds.indexOf(id);
  }

  /** The power with this id. The id comes from the game's own data (a position, a seat, a vote), so a miss is a fault. */
  powerById(id: PowerId): Power {
    const power = this.powersById.get(id);
    if (power === undefined) throw new Error(`${this.title} has no power ${id}`);
    return power;
  }

  /** The power with this id, name, adjective or initial, ignoring case. */
  power(name: string): Power | undefined {
    // Most callers pass the id itself (ids are upper case): no need to normalise it.
    const exact = this.powersByExactId.get(name);
    if (exact !== undefined) return exact;
    const upper = powerId(name.trim());
    return this.powersById.get(upper) ?? this.powers.find((p) => p.name.toUpperCase() === upper || p.adjective.toUpperCase() === upper || p.initial === upper);
  }

  powerOfHome(province: ProvinceId): Power | undefined {
    return this.powers.find((p) => p.homeCenters.includes(province));
  }

  /** The first phase of a game. */
  firstPhase(): Phase {
    return { season: this.data.begin.season, year: this.data.begin.year, type: this.data.begin.type };
  }

  startingPosition(): Position {
    const units: Unit[] = [];
    const supplyCenters: Record<PowerId, ProvinceId[]> = {};
    const undeterminedHomes: Record<PowerId, number> = {};
    for (const p of this.data.powers) {
      if (this.mobilize) {
        supplyCenters[p.id] = [];
        undeterminedHomes[p.id] = 1;
        continue;
      }
      for (const u of p.units) units.push({ power: p.id, type: u.type, location: u.location });
      supplyCenters[p.id] = [...(p.ownedCenters ?? p.homeCenters)];
    }
    const position: Position = { variant: this.name, phase: formatPhaseId(this.firstPhase()), units, dislodged: [], supplyCenters };
    return this.mobilize ? { ...position, undeterminedHomes } : position;
  }

  /** The index in the flow of a phase, or -1 when the variant has no such phase. */
  flowIndex(phase: Phase): number {
    return this.flow.findIndex((s) => 'season' in s && s.season === phase.season && s.type === phase.type);
  }

  /**
   * The phase after this one, as DPjudge's flow runs: `newYear` turns the year, and
   * `ifYearDivisibleBy` ends the cycle early in the years it does not divide.
   */
  nextPhase(phase: Phase): FlowStepTaken {
    const start = this.flowIndex(phase);
    if (start < 0) throw new MapError(`the ${this.title} variant has no phase ${formatPhaseId(phase)}`);
    let year = phase.year;
    let which = start + 1;
    for (let guard = 0; guard <= 2 * this.flow.length; guard++) {
      which %= this.flow.length;
      const item = this.flow[which]!;
      if ('ifYearDivisibleBy' in item) {
        const remainder = ((year % item.ifYearDivisibleBy) + item.ifYearDivisibleBy) % item.ifYearDivisibleBy;
        which = remainder === item.remainder ? which + 1 : 0;
        continue;
      }
      if ('newYear' in item) year += item.newYear;
      else return { phase: { season: item.season, year, type: item.type }, reachesAdjustment: item.type === 'adjustment' };
      which++;
    }
    throw new MapError(`the flow of ${this.title} never reaches another phase`);
  }

  /** Whether centres change hands on the way from `processed` to `next` (an adjustment phase was reached). */
  centresChangeBetween(processed: Phase, next: Phase): boolean {
    let phase = processed;
    for (let guard = 0; guard <= this.flow.length * 4; guard++) {
      const step = this.nextPhase(phase);
      if (step.reachesAdjustment) return true;
      phase = step.phase;
      if (phase.season === next.season && phase.year === next.year && phase.type === next.type) return false;
    }
    return false;
  }

  seasonName(phase: Phase): string {
    return this.steps.find((s) => s.season === phase.season)?.seasonName ?? phase.season;
  }

  /** The season letter of the flow's first movement phase: the one a year's row in SUMMARY is taken from. */
  openingSeason(): string {
    return this.steps.find((s) => s.type === 'movement')!.season;
  }

  supplyCenters(): ProvinceId[] {
    return this.map.provinces.filter((p) => p.supplyCenter).map((p) => p.id);
  }

  isHomeOf(power: PowerId, location: LocationId): boolean {
    return this.powersById.get(power)?.homeCenters.includes(provinceOf(location)) ?? false;
  }
}
