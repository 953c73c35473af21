import type { Marker, Outcome, Position } from '../engine/types.ts';

// The JSON format of `dipjudge adjudicate` and of the exported `adjudicate()`.
// The output's `position` has exactly the input's schema, so one phase's output feeds the next.

export interface AdjudicateInput {
  readonly position: {
    readonly variant: string;
    readonly phase: string;
    readonly units: readonly { power: string; type: string; location: string }[];
    /** Needed in retreat phases. `retreats` may be omitted and is then computed from the map and the position. */
    readonly dislodged?: readonly {
      power: string;
      type: string;
      location: string;
      attackerFrom?: string | null;
      retreats?: readonly string[];
    }[];
    /** Needed in adjustment phases (and to carry ownership forward). */
    readonly supplyCenters?: Readonly<Record<string, readonly string[]>>;
    /** Home centres each power has still to choose by building there (variants with DPjudge's MOBILIZE: 1897, 1898). */
    readonly undeterminedHomes?: Readonly<Record<string, number>>;
    /** Home centres that replaced the variant's during the game (1897 from winter 1899). */
    readonly homeCenters?: Readonly<Record<string, readonly string[]>>;
  };
  /** Order lines per power, as players write them. Several orders may share a line, separated by `,` or `;`. */
  readonly orders?: Readonly<Record<string, readonly string[]>>;
}

export interface OrderReport {
  readonly power: string;
  /** The unit's location (null for waive and for builds, which name their location in `canonical`). */
  readonly unit: string | null;
  /** The text as written; null when the order is a civil-disorder default. */
  readonly text: string | null;
  /** The canonical echo in njudge's style, e.g. "Army Paris -> Burgundy."; null when the text could not be understood. */
  readonly canonical: string | null;
  readonly outcome: Outcome;
  /** Why the order is illegal or failed, in words a newcomer understands. */
  readonly reason: string | null;
  readonly markers: readonly Marker[];
  /** How the order was read where that may surprise, e.g. "coast inferred: Spain (north coast) …". */
  readonly notes: readonly string[];
}

export interface AdjudicateOutput {
  /** The phase that was adjudicated. */
  readonly phase: string;
  readonly results: readonly OrderReport[];
  /** The position at the start of the next phase. */
  readonly position: Position;
  /** Set when a power reached the victory condition. */
  readonly winner: string | null;
}
