// The vocabulary of the game core. Everything here is plain, serialisable data:
// a Position is exactly what `dipjudge adjudicate` reads and writes.

export const UNIT_TYPES = ['A', 'F'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export const COASTS = ['nc', 'sc', 'ec', 'wc'] as const;
export type Coast = (typeof COASTS)[number];

/** Upper-case power id as the variant names it, e.g. `ENGLAND`. */
export type PowerId = Uppercase<string>;
declare const locationBrand: unique symbol;
declare const provinceBrand: unique symbol;
/** A province, or a province with a coast: `lon`, `stp/nc` (made where text enters: ids.ts). */
export type LocationId = Lowercase<string> & { readonly [locationBrand]: true };
/** Lower-case province id, e.g. `lon`, `stp`: a location without a coast, so a coast location (`stp/nc`) is none. */
export type ProvinceId = LocationId & { readonly [provinceBrand]: true };

/** A well-formed phase id in the judge's spelling (phase.ts): season letter, year, M, R or A: `S1901M`. */
export type PhaseId = `${Uppercase<string>}${number}${'M' | 'R' | 'A'}`;

export const PHASE_TYPES = ['movement', 'retreat', 'adjustment'] as const;
export type PhaseType = (typeof PHASE_TYPES)[number];

export interface Unit {
  readonly power: PowerId;
  readonly type: UnitType;
  readonly location: LocationId;
}

export interface DislodgedUnit extends Unit {
  /** Province the successful attack came from; null when dislodged by a convoyed army the rules let retreat there. */
  readonly attackerFrom: ProvinceId | null;
  /** Legal retreat locations, computed by the movement phase. May be empty. */
  readonly retreats: readonly LocationId[];
}

/** The state of a game at the start of a phase. Phase ids look like `S1901M`, `F1901R`, `W1901A`. */
export interface Position {
  readonly variant: string;
  readonly phase: PhaseId;
  readonly units: readonly Unit[];
  readonly dislodged: readonly DislodgedUnit[];
  readonly supplyCenters: Readonly<Record<PowerId, readonly ProvinceId[]>>;
  /**
   * Home centres a power has still to choose by building there (DPjudge's RULE MOBILIZE, the
   * "Undetermined Home SC"): each counts as a centre for builds, not for victory. Absent when none.
   */
  readonly undeterminedHomes?: Readonly<Record<PowerId, number>>;
  /** Home centres that replaced the variant's during the game (DPjudge's NEWHOMES year). Absent until then. */
  readonly homeCenters?: Readonly<Record<PowerId, readonly ProvinceId[]>>;
  /**
   * Present only on a position filtered for one reader of a blind or fog game (src/engine/sight.ts):
   * what that reader sees, so that whatever writes the position leaves the rest unknown, not empty.
   * Never stored.
   */
  readonly sight?: PositionSight;
}

/** What a reader of a blind or fog game sees (src/engine/sight.ts); every list in map order. */
export interface PositionSight {
  /** The power whose sight it is; null: nobody's (the public of a blind game in play sees nothing). */
  readonly power: PowerId | null;
  /** Provinces in sight at all (the map shades the others). */
  readonly provinces: readonly ProvinceId[];
  /** Provinces where a foreign army is seen. */
  readonly armies: readonly ProvinceId[];
  /** Provinces where a foreign fleet is seen. */
  readonly fleets: readonly ProvinceId[];
  /** Centres whose owner is seen. */
  readonly centres: readonly ProvinceId[];
}

/** What a power holds that the adjustment rules read: a Position, or the part of one a phase has changed. */
export interface Holdings {
  readonly units: readonly Unit[];
  readonly supplyCenters: Readonly<Record<PowerId, readonly ProvinceId[]>>;
  readonly undeterminedHomes?: Readonly<Record<PowerId, number>>;
  readonly homeCenters?: Readonly<Record<PowerId, readonly ProvinceId[]>>;
}

/** What a player wrote about a unit; `type` is null when the player left it out. */
export interface UnitRef {
  readonly type: UnitType | null;
  readonly location: LocationId;
}

/** Orders as the text parser produces them: syntax resolved to map names, not yet checked against a position. */
export type Order =
  | { readonly kind: 'hold'; readonly unit: UnitRef }
  | {
      readonly kind: 'move';
      readonly unit: UnitRef;
      readonly to: LocationId;
      /** `VIA CONVOY` was written, or an explicit route was given. */
      readonly viaConvoy: boolean;
      /** Sea provinces of an explicit judge route (`A Lon-Nth-Nwy` gives `['nth']`); empty when none was written. */
      readonly route: readonly ProvinceId[];
    }
  | { readonly kind: 'support'; readonly unit: UnitRef; readonly supported: UnitRef; readonly to: LocationId | null }
  | { readonly kind: 'convoy'; readonly unit: UnitRef; readonly army: UnitRef; readonly to: ProvinceId }
  | { readonly kind: 'retreat'; readonly unit: UnitRef; readonly to: LocationId }
  | { readonly kind: 'disband'; readonly unit: UnitRef }
  | { readonly kind: 'build'; readonly unit: UnitRef }
  | { readonly kind: 'remove'; readonly unit: UnitRef }
  | { readonly kind: 'waive' }
  /** A bare unit in the adjustment phase (`F StP/sc`): a build or a removal depending on the position. */
  | { readonly kind: 'adjust'; readonly unit: UnitRef };

export type OrderKind = Order['kind'];

export type Outcome = 'succeeds' | 'fails' | 'illegal';

/** Annotations that reports print as njudge markers, e.g. `(*bounce*)`. */
export const MARKERS = ['bounce', 'cut', 'void', 'dislodged', 'no convoy', 'disrupted', 'destroyed'] as const;
export type Marker = (typeof MARKERS)[number];
