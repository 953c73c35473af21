import { IdIndex } from './id-index.ts';
import type { BorderKind, MapData, ProvinceData } from './map-schema.ts';
import { COASTS, type Coast, type LocationId, type ProvinceId, type UnitType } from './types.ts';

// A map compiled for fast questions: provinces get dense integer indices, and the
// adjacency questions the resolver asks in its inner loop are answered from flat arrays.

export type Terrain = ProvinceData['terrain'];

export interface Province {
  readonly index: number;
  readonly id: ProvinceId;
  readonly name: string;
  readonly terrain: Terrain;
  readonly supplyCenter: boolean;
  /** Split coasts such as `nc`, `sc`; empty for a province a fleet simply enters. */
  readonly coasts: readonly Coast[];
  /** A fleet here may convoy: a sea, or a port (a coast DPjudge lets fleets convoy from). */
  readonly convoys: boolean;
  /** Borders only the owner of a centre may use: neighbour → the centre (imperial's Aegean–Black Sea, Constantinople's). */
  readonly ownerOnly?: Readonly<Record<ProvinceId, ProvinceId>>;
}

export class MapError extends Error {}

export function provinceOf(location: LocationId): ProvinceId {
  const slash = location.indexOf('/');
  return (slash < 0 ? location : location.slice(0, slash)) as ProvinceId;
}

export function coastOf(location: LocationId): Coast | null {
  const slash = location.indexOf('/');
  return slash < 0 ? null : (location.slice(slash + 1) as Coast);
}

/** Lower-case, dots dropped, hyphens and runs of blanks made one space: "St. Petersburg" → "st petersburg". */
export function normaliseName(text: string): string {
  return text
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

export class GameMap {
  readonly name: string;
  readonly provinces: readonly Province[];
  private readonly byId = new Map<ProvinceId, Province>();
  private readonly byName = new Map<string, ProvinceId>();
  private readonly fleetMoves = new Map<LocationId, readonly LocationId[]>();
  private readonly armyMoves = new Map<ProvinceId, readonly ProvinceId[]>();
  /** n×n: 1 when an army can move between the provinces. */
  private readonly armyAdjacency: Uint8Array;
  /** n×n: 1 when a fleet at some location of the first can reach some location of the second. */
  private readonly fleetReach: Uint8Array;
  /**
   * Every location by index: each province (at the province's own index in `provinceLocation`),
   * followed by the coasts of a split one. The engine binds orders on these numbers.
   */
  readonly locations: readonly LocationId[];
  private readonly locationIndex: IdIndex<LocationId>;
  /** Per location index: its province's index. */
  readonly locationProvince: Int32Array;
  /** Per location index: its coast's code (0 for none, 1 + the index in COASTS). */
  readonly locationCoast: Uint8Array;
  /** Per province index: the index of the location that is the province itself (its coasts follow it). */
  readonly provinceLocation: Int32Array;
  /** nLocations×nLocations: 1 when a fleet at the first location can move to the second. */
  private readonly fleetMove: Uint8Array;
  /** nLocations×size: 1 when a fleet at the location can move to some location of the province. */
  private readonly fleetToProvince: Uint8Array;
  /** Per province index: where an army there may move, as location indices, in the map's order. */
  private readonly armyMoveLocations: (readonly number[])[];
  /** Per location index: where a fleet there may move, as location indices, in the map's order. */
  private readonly fleetMoveLocations: (readonly number[])[];
  /** The map's kinds of special border, in the order of its `borderKinds`. */
  private readonly borderKinds: readonly BorderKind[];
  /** size×size: 1 + the index in `borderKinds` of the border between two provinces, 0 for an ordinary one; null when the map has none. */
  private readonly borderKindTable: Uint8Array | null;
  readonly size: number;
  /** Whether a fleet in the first province (by index) can reach the second: the resolver's convoy chains. */
  readonly seaLink: (fromProvince: number, toProvince: number) => boolean = (a, b) => this.fleetReach[a * this.size + b] === 1;
  /** Whether some border is open only to a centre's owner (see owner-borders.ts). */
  readonly hasOwnerBorders: boolean;
  /** Whether some border has rules of its own (`borderKindByIndex`). */
  readonly hasSpecialBorders: boolean;

  constructor(data: MapData) {
    this.name = data.name;
    this.size = data.provinces.length;
    this.provinces = data.provinces.map((p, index) => ({
      index,
      id: p.id,
      name: p.name,
      terrain: p.terrain,
      supplyCenter: p.supplyCenter,
      coasts: Object.keys(p.coasts ?? {}) as Coast[],
      convoys: p.terrain === 'sea' || p.port === true,
      ...(p.ownerOnly ? { ownerOnly: p.ownerOnly } : {}),
    }));
    this.hasOwnerBorders = data.provinces.some((p) => p.ownerOnly !== undefined);
    for (const province of this.provinces) {
      if (this.byId.has(province.id)) throw new MapError(`province ${province.id} is listed twice`);
      this.byId.set(province.id, province);
    }
    const locations: LocationId[] = [];
    const locationProvince: number[] = [];
    const locationCoast: number[] = [];
    this.provinceLocation = new Int32Array(this.size);
    for (const province of this.provinces) {
      this.provinceLocation[province.index] = locations.length;
      locations.push(province.id);
      locationProvince.push(province.index);
      locationCoast.push(0);
      for (const coast of province.coasts) {
        locations.push(`${province.id}/${coast}` as LocationId);
        locationProvince.push(province.index);
        locationCoast.push(1 + COASTS.indexOf(coast));
      }
    }
    this.locations = locations;
    this.locationIndex = new IdIndex(locations);
    this.locationProvince = Int32Array.from(locationProvince);
    this.locationCoast = Uint8Array.from(locationCoast);
    for (const p of data.provinces) {
      for (const name of [p.id, p.name, ...p.aliases]) this.addName(name, p.id);
      for (const coast of Object.keys(p.coasts ?? {})) this.addName(`${p.id}/${coast}`, p.id);
    }
    this.armyAdjacency = new Uint8Array(this.size * this.size);
    this.fleetReach = new Uint8Array(this.size * this.size);
    for (const p of data.provinces) {
      const from = this.byId.get(p.id)!;
      this.armyMoves.set(p.id, p.army);
      for (const to of p.army) this.armyAdjacency[from.index * this.size + this.requireProvince(to, p.id).index] = 1;
      const fleetLists: [LocationId, readonly LocationId[]][] = p.coasts
        ? Object.entries(p.coasts).map(([coast, list]): [LocationId, readonly LocationId[]] => [`${p.id}/${coast}` as LocationId, list ?? []])
        : p.terrain === 'land'
          ? []
          : [[p.id, p.fleet]];
      for (const [location, list] of fleetLists) {
        this.fleetMoves.set(location, list);
        for (const to of list) {
          this.requireLocation(to, p.id);
          this.fleetReach[from.index * this.size + this.byId.get(provinceOf(to))!.index] = 1;
        }
      }
    }
    const count = locations.length;
    this.fleetMove = new Uint8Array(count * count);
    this.fleetToProvince = new Uint8Array(count * this.size);
    this.fleetMoveLocations = locations.map((location, at) => {
      const moves = (this.fleetMoves.get(location) ?? []).map((to) => this.locationIndex.indexOf(to));
      for (const to of moves) {
        this.fleetMove[at * count + to] = 1;
        this.fleetToProvince[at * this.size + this.locationProvince[to]!] = 1;
      }
      return moves;
    });
    this.armyMoveLocations = this.provinces.map((p) => (this.armyMoves.get(p.id) ?? []).map((to) => this.provinceLocation[this.indexOf(to)]!));
    const kindNames = Object.keys(data.borderKinds ?? {});
    this.borderKinds = kindNames.map((name) => data.borderKinds![name]!);
    const special = data.provinces.filter((p) => p.borders !== undefined);
    this.hasSpecialBorders = special.length > 0;
    if (special.length === 0) {
      this.borderKindTable = null;
    } else {
      const kinds = new Uint8Array(this.size * this.size);
      for (const p of special) {
        for (const [to, kind] of Object.entries(p.borders!)) {
          const at = kindNames.indexOf(kind);
          if (at < 0) throw new MapError(`${p.id}: border with ${to} of unknown kind ${kind}`);
          kinds[this.byId.get(p.id)!.index * this.size + this.requireProvince(to as ProvinceId, p.id).index] = at + 1;
        }
      }
      this.borderKindTable = kinds;
    }
  }

  private addName(name: string, id: ProvinceId): void {
    const key = normaliseName(name);
    const existing = this.byName.get(key);
    if (existing !== undefined && existing !== id) {
      throw new MapError(`the name "${name}" is used for both ${existing} and ${id}`);
    }
    this.byName.set(key, id);
  }

  private requireProvince(id: ProvinceId, context: string): Province {
    const province = this.byId.get(id);
    if (!province) throw new MapError(`${context} names unknown province ${id}`);
    return province;
  }

  private requireLocation(location: LocationId, context: string): void {
    const province = this.requireProvince(provinceOf(location), context);
    const coast = coastOf(location);
    if (coast !== null && !province.coasts.includes(coast)) {
      throw new MapError(`${context} names ${location}, but ${province.id} has no such coast`);
    }
  }

  province(id: ProvinceId): Province | undefined {
    return this.byId.get(id);
  }

  /** The province a player means by a name, id or alias, ignoring case; undefined when unknown. */
  lookup(name: string): ProvinceId | undefined {
    return this.byName.get(normaliseName(name));
  }

  /** Every name `lookup` knows (ids, full names, aliases), normalised. */
  names(): IterableIterator<string> {
    return this.byName.keys();
  }

  /** True when the location names a province (and, if given, one of its split coasts). */
  isLocation(location: LocationId): boolean {
    const province = this.byId.get(provinceOf(location));
    if (!province) return false;
    const coast = coastOf(location);
    return coast === null || province.coasts.includes(coast);
  }

  /** Whether a unit of this type may stand at the location (fleets on a split coast must name it). */
  canOccupy(type: UnitType, location: LocationId): boolean {
    const province = this.byId.get(provinceOf(location));
    if (!province || !this.isLocation(location)) return false;
    if (type === 'A') return province.terrain !== 'sea' && coastOf(location) === null;
    if (province.terrain === 'land') return false;
    return province.coasts.length === 0 ? coastOf(location) === null : coastOf(location) !== null;
  }

  /** Where a unit of this type at this location may move in one step. */
  movesFrom(type: UnitType, location: LocationId): readonly LocationId[] {
    return type === 'A' ? (this.armyMoves.get(provinceOf(location)) ?? []) : (this.fleetMoves.get(location) ?? []);
  }

  /** Whether a unit may move from its location to the target location in one step. */
  canMove(type: UnitType, from: LocationId, to: LocationId): boolean {
    if (type === 'A') return this.armyAdjacency[this.indexOf(provinceOf(from)) * this.size + this.indexOf(provinceOf(to))] === 1 && coastOf(to) === null;
    return (this.fleetMoves.get(from) ?? []).includes(to);
  }

  /** Whether a unit could move into the province at all, whatever the coast: the test for support. */
  canReachProvince(type: UnitType, from: LocationId, to: ProvinceId): boolean {
    if (type === 'A') return this.armyAdjacency[this.indexOf(provinceOf(from)) * this.size + this.indexOf(to)] === 1;
    return (this.fleetMoves.get(from) ?? []).some((l) => provinceOf(l) === to);
  }

  /** Locations of the target province a fleet at `from` can reach (one per coast it touches). */
  fleetTargets(from: LocationId, to: ProvinceId): LocationId[] {
    return (this.fleetMoves.get(from) ?? []).filter((l) => provinceOf(l) === to);
  }

  /** Whether a unit in `from` may support into `to` where it could move there (false across DPjudge's `~` and `*` borders). */
  canSupportAcross(from: ProvinceId, to: ProvinceId): boolean {
    return this.canSupportAcrossByIndex(this.indexOf(from), this.indexOf(to));
  }

  /** The rules of the border between two provinces (by index); null for an ordinary border. */
  borderKindByIndex(from: number, to: number): BorderKind | null {
    if (this.borderKindTable === null) return null;
    const kind = this.borderKindTable[from * this.size + to]!;
    return kind === 0 ? null : this.borderKinds[kind - 1]!;
  }

  armyAdjacentByIndex(a: number, b: number): boolean {
    return this.armyAdjacency[a * this.size + b] === 1;
  }

  fleetReachByIndex(a: number, b: number): boolean {
    return this.fleetReach[a * this.size + b] === 1;
  }

  /** Index of the province of a location (`stp/nc` gives stp's) in one lookup; -1 when the map has no such location. */
  provinceIndexOfLocation(location: LocationId): number {
    const at = this.locationIndex.indexOf(location);
    return at < 0 ? -1 : this.locationProvince[at]!;
  }

  /** The coast code of a location on this map: 0 for none, 1 + its index in COASTS; -1 when the map has no such location. */
  coastCodeOfLocation(location: LocationId): number {
    const at = this.locationIndex.indexOf(location);
    return at < 0 ? -1 : this.locationCoast[at]!;
  }

  /** The index of a location (see `locations`), or -1 when the map has no such location. */
  locationIndexOf(location: string): number {
    return this.locationIndex.indexOf(location);
  }

  /** Whether a fleet at the first location (by index) may move to the second. */
  fleetMovesByLocation(from: number, to: number): boolean {
    return this.fleetMove[from * this.locations.length + to] === 1;
  }

  /** Whether a fleet at the location (by index) may move to some location of the province (by index). */
  fleetReachesProvince(from: number, province: number): boolean {
    return this.fleetToProvince[from * this.size + province] === 1;
  }

  /** `movesFrom` by index: the locations (by index) a unit of this type at the location (by index) may move to. */
  moveLocations(type: UnitType, location: number): readonly number[] {
    return type === 'A' ? this.armyMoveLocations[this.locationProvince[location]!]! : this.fleetMoveLocations[location]!;
  }

  /** `canSupportAcross` by province index. */
  canSupportAcrossByIndex(from: number, to: number): boolean {
    return this.borderKindByIndex(from, to)?.supportAcross ?? true;
  }

  indexOf(id: ProvinceId): number {
    const province = this.byId.get(id);
    if (!province) throw new MapError(`unknown province ${id}`);
    return province.index;
  }

  /** Every location a unit of this type may stand on: each province, or each coast of a split province. */
  locationsOf(province: Province): LocationId[] {
    return province.coasts.length > 0 ? province.coasts.map((c) => `${province.id}/${c}` as LocationId) : [province.id];
  }
}
