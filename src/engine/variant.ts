import { GameMap, MapError, provinceOf } from './map.ts';
import type { MapData } from './map-schema.ts';
import { formatPhaseId, type Phase } from './phase.ts';
import type { LocationId, PowerId, Position, ProvinceId, Unit } from './types.ts';
import type { FlowStep, VariantData } from './variant-schema.ts';

export interface Power {
  readonly index: number;
  readonly id: PowerId;
  readonly name: string;
  readonly adjective: string;
  readonly initial: string;
  readonly homeCenters: readonly ProvinceId[];
}

/** A variant bound to its compiled map: everything the engine needs to run its games. */
export class Variant {
  readonly name: string;
  readonly title: string;
  readonly map: GameMap;
  readonly powers: readonly Power[];
  readonly flow: readonly FlowStep[];
  readonly victoryCenters: number;
  private readonly data: VariantData;
  private readonly powersById = new Map<PowerId, Power>();

  constructor(data: VariantData, mapData: MapData) {
    this.data = data;
    this.name = data.name;
    this.title = data.title;
    this.map = new GameMap(mapData);
    this.flow = data.flow;
    this.victoryCenters = data.victory.centers;
    this.powers = data.powers.map((p, index) => ({
      index,
      id: p.id,
      name: p.name,
      adjective: p.adjective,
      initial: p.initial,
      homeCenters: p.homeCenters,
    }));
    const initials = new Set<string>();
    for (const power of this.powers) {
      if (this.powersById.has(power.id)) throw new MapError(`power ${power.id} is listed twice`);
      if (initials.has(power.initial)) throw new MapError(`two powers use the initial ${power.initial}`);
      this.powersById.set(power.id, power);
      initials.add(power.initial);
    }
    for (const p of data.powers) {
      for (const centre of [...p.homeCenters, ...(p.ownedCenters ?? [])]) {
        if (!this.map.province(centre)?.supplyCenter) throw new MapError(`${p.id} lists ${centre}, which is not a supply centre`);
      }
      for (const unit of p.units) {
        if (!this.map.canOccupy(unit.type, unit.location)) throw new MapError(`${p.id} starts with ${unit.type} ${unit.location}, where it cannot stand`);
      }
    }
  }

  /** Dense index of a power given by its exact id, or -1. */
  powerIndex(id: PowerId): number {
    return this.powersById.get(id)?.index ?? -1;
  }

  /** The power with this id, name, adjective or initial, ignoring case. */
  power(name: string): Power | undefined {
    const upper = name.trim().toUpperCase();
    return (
      this.powersById.get(upper) ??
      this.powers.find((p) => p.name.toUpperCase() === upper || p.adjective.toUpperCase() === upper || p.initial === upper)
    );
  }

  powerOfHome(province: ProvinceId): Power | undefined {
    return this.powers.find((p) => p.homeCenters.includes(province));
  }

  startingPosition(): Position {
    const units: Unit[] = [];
    const supplyCenters: Record<PowerId, ProvinceId[]> = {};
    for (const p of this.data.powers) {
      for (const u of p.units) units.push({ power: p.id, type: u.type, location: u.location });
      supplyCenters[p.id] = [...(p.ownedCenters ?? p.homeCenters)];
    }
    const first = this.flow[0]!;
    return {
      variant: this.name,
      phase: formatPhaseId({ season: first.season, year: this.data.startYear, type: first.type }),
      units,
      dislodged: [],
      supplyCenters,
    };
  }

  /** The index in the yearly flow of a phase, or -1 when the variant has no such phase. */
  flowIndex(phase: Phase): number {
    return this.flow.findIndex((s) => s.season === phase.season && s.type === phase.type);
  }

  seasonName(phase: Phase): string {
    return this.flow.find((s) => s.season === phase.season)?.seasonName ?? phase.season;
  }

  supplyCenters(): ProvinceId[] {
    return this.map.provinces.filter((p) => p.supplyCenter).map((p) => p.id);
  }

  isHomeOf(power: PowerId, location: LocationId): boolean {
    return this.powersById.get(power)?.homeCenters.includes(provinceOf(location)) ?? false;
  }
}
