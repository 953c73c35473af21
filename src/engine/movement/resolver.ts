// The movement resolver: Lucas Kruijswijk's algorithm from "The Math of Adjudication"
// (the DATC's reference method). Every order has one decision; a decision that depends
// on itself is guessed both ways; if both guesses are consistent (or neither is) the
// cycle is settled by a backup rule:
//   - the cycle contains a convoy: Szykman rule, the convoyed moves in it are treated
//     as if their convoy were disrupted (DATC 4.A.2, preferred choice);
//   - otherwise it is circular movement: every move in the cycle succeeds.
// A cycle is settled by its outermost guess, never inside the resolution of a decision it runs through
// (`headsCycle`), and a convoyed army's route is read only once its fleets are settled (`path`).
//
// Orders are given as parallel typed arrays indexed by unit, so the inner loop allocates
// nothing and works on integers only. Illegal orders have been turned into holds before.
// Strengths are counted in halves, so a move across a half-strength border (1900's `*`) is an
// integer too: a unit weighs 2, each support 2. Where nothing holds a province or prevents a
// move, the strength to beat is NONE, below the 0 of a move across a strait (loeb9's `~`),
// which then enters an empty province unopposed, as in DPjudge.

import { Int32Group, Int32Slot, Uint8Group, Uint8Slot } from '../scratch.ts';

export const HOLD = 0;
export const MOVE = 1;
export const SUPPORT = 2;
export const CONVOY = 3;

/** When a move cuts the support of the unit it attacks (the border's rule; see map-schema.ts). */
export const CUTS_ALWAYS = 0;
export const CUTS_WHEN_SUPPORTED = 1;
export const CUTS_NEVER = 2;

/** A unit's own strength, in halves, on an ordinary border. */
export const FULL = 2;
/** Nothing holds the province, or nothing prevents the move. */
const NONE = -1;

const UNRESOLVED = 0;
const GUESSING = 1;
const RESOLVED = 2;

export interface ResolverOrders {
  /** Number of units. */
  readonly count: number;
  /** HOLD, MOVE, SUPPORT or CONVOY per unit. */
  readonly kind: Uint8Array;
  /** Province index each unit stands in. */
  readonly src: Int32Array;
  /** MOVE: target province; SUPPORT: target of the supported move, or -1 for support to hold; CONVOY: the army's target. */
  readonly dst: Int32Array;
  /** SUPPORT: supported unit; CONVOY: the convoyed army; otherwise -1. */
  readonly aux: Int32Array;
  readonly power: Uint8Array;
  /** MOVE: 1 when the move goes by convoy (decided from the orders before resolution). */
  readonly convoyed: Uint8Array;
  /** MOVE: the unit's own strength across the border it crosses, in halves (FULL on an ordinary one). */
  readonly moveStrength: Uint8Array;
  /** MOVE: CUTS_ALWAYS, CUTS_WHEN_SUPPORTED or CUTS_NEVER, by the border it crosses. */
  readonly cuts: Uint8Array;
  /** Unit index per province, -1 when empty. */
  readonly unitAt: Int32Array;
  /** Whether a fleet in the first province can reach the second: used to chain convoys. */
  readonly seaLink: (fromProvince: number, toProvince: number) => boolean;
}

export interface Resolution {
  /** MOVE: moved; SUPPORT: support given; CONVOY: fleet not dislodged; HOLD: not dislodged. */
  readonly succeeds: Uint8Array;
  /** Unit index of the successful attacker, or -1. */
  readonly dislodgedBy: Int32Array;
  /** MOVE by convoy: 1 when a route of non-dislodged convoying fleets existed. */
  readonly pathOk: Uint8Array;
  /** MOVE: 1 when its convoy was declared disrupted by the Szykman rule. */
  readonly paradox: Uint8Array;
  /** SUPPORT: 1 when the support matches the supported unit's actual order. */
  readonly supportMatches: Uint8Array;
}

/** Resolves the orders; the resolution's arrays last until the next resolution (see scratch.ts). */
export function resolveMovement(o: ResolverOrders): Resolution {
  return new Resolver(o).run();
}

/** Scratch arrays reused between resolutions; a resolution never runs inside another (see scratch.ts). */
interface Workspace {
  readonly state: Uint8Array;
  readonly result: Uint8Array;
  readonly paradox: Uint8Array;
  readonly matches: Uint8Array;
  readonly pathOk: Uint8Array;
  readonly succeeds: Uint8Array;
  readonly seen: Uint8Array;
  readonly deps: Int32Array;
  readonly moveHead: Int32Array;
  readonly moveNext: Int32Array;
  readonly supportHead: Int32Array;
  readonly supportNext: Int32Array;
  readonly convoyHead: Int32Array;
  readonly convoyNext: Int32Array;
  readonly opponent: Int32Array;
  readonly dislodgedBy: Int32Array;
  readonly guessDepth: Int32Array;
}

const UNIT_INTS = new Int32Group(8, -1);
const UNIT_BYTES = new Uint8Group(5);
const MOVE_HEAD = new Int32Slot();
const DEPS = new Int32Slot();
const SUCCEEDS = new Uint8Slot();
const SEEN = new Uint8Slot();

let lastWorkspace: Workspace | null = null;

function workspace(units: number, provinces: number): Workspace {
  const ints = UNIT_INTS.take(units);
  const bytes = UNIT_BYTES.take(units);
  const moveHead = MOVE_HEAD.take(provinces, -1);
  // The same arrays as last time (none had to grow): the same workspace.
  const last = lastWorkspace;
  if (
    last !== null &&
    last.moveNext === ints[0] &&
    last.state === bytes[0] &&
    last.moveHead === moveHead &&
    last.succeeds.length >= units &&
    last.seen.length >= units &&
    last.deps.length > units
  )
    return last;
  return (lastWorkspace = {
    state: bytes[0]!,
    result: bytes[1]!,
    paradox: bytes[2]!,
    matches: bytes[3]!,
    pathOk: bytes[4]!,
    // Written for every unit before it is read.
    succeeds: SUCCEEDS.takeAsItIs(units),
    seen: SEEN.takeAsItIs(units),
    deps: DEPS.takeAsItIs(units + 1),
    moveHead,
    moveNext: ints[0]!,
    supportHead: ints[1]!,
    supportNext: ints[2]!,
    convoyHead: ints[3]!,
    convoyNext: ints[4]!,
    opponent: ints[5]!,
    dislodgedBy: ints[6]!,
    guessDepth: ints[7]!,
  });
}

class Resolver {
  private readonly state: Uint8Array;
  private readonly result: Uint8Array;
  private readonly deps: Int32Array;
  private depCount = 0;
  /** Counts reads of decisions still being guessed. */
  private guessReads = 0;
  private readonly paradox: Uint8Array;
  private readonly matches: Uint8Array;
  /** Linked lists: moves into each province, supports given to each unit, fleets convoying each army. */
  private readonly moveHead: Int32Array;
  private readonly moveNext: Int32Array;
  private readonly supportHead: Int32Array;
  private readonly supportNext: Int32Array;
  private readonly convoyHead: Int32Array;
  private readonly convoyNext: Int32Array;
  /** MOVE: the unit moving the opposite way in a head-to-head battle, or -1. */
  private readonly opponent: Int32Array;
  private readonly seen: Uint8Array;
  /** Per decision being guessed: how deep in the recursion its guess was made (see `headsCycle`). */
  private readonly guessDepth: Int32Array;
  /** How many decisions are being resolved, one inside another. */
  private depth = 0;
  private readonly w: Workspace;

  constructor(private readonly o: ResolverOrders) {
    const n = o.count;
    const w = workspace(n, o.unitAt.length);
    this.w = w;
    this.state = w.state;
    this.result = w.result;
    this.deps = w.deps;
    this.moveHead = w.moveHead;
    this.moveNext = w.moveNext;
    this.supportHead = w.supportHead;
    this.supportNext = w.supportNext;
    this.convoyHead = w.convoyHead;
    this.convoyNext = w.convoyNext;
    this.opponent = w.opponent;
    this.seen = w.seen;
    this.guessDepth = w.guessDepth;
    this.paradox = w.paradox;
    this.matches = w.matches;
    for (let i = n - 1; i >= 0; i--) {
      const kind = o.kind[i]!;
      if (kind === MOVE) {
        this.moveNext[i] = this.moveHead[o.dst[i]!]!;
        this.moveHead[o.dst[i]!] = i;
      } else if (kind === SUPPORT) {
        const supported = o.aux[i]!;
        const supportedMoves = o.kind[supported] === MOVE;
        const match = o.dst[i] === -1 ? !supportedMoves : supportedMoves && o.dst[supported] === o.dst[i];
        if (match) {
          this.matches[i] = 1;
          this.supportNext[i] = this.supportHead[supported]!;
          this.supportHead[supported] = i;
        }
      } else if (kind === CONVOY) {
        const army = o.aux[i]!;
        if (o.kind[army] === MOVE && o.convoyed[army] === 1 && o.dst[army] === o.dst[i]) {
          this.matches[i] = 1;
          this.convoyNext[i] = this.convoyHead[army]!;
          this.convoyHead[army] = i;
        }
      }
    }
    for (let i = 0; i < n; i++) {
      if (o.kind[i] !== MOVE || o.convoyed[i] === 1) continue;
      const other = o.unitAt[o.dst[i]!]!;
      if (other >= 0 && o.kind[other] === MOVE && o.convoyed[other] === 0 && o.dst[other] === o.src[i]) this.opponent[i] = other;
    }
  }

  run(): Resolution {
    const n = this.o.count;
    for (let i = 0; i < n; i++) if (this.o.kind[i] !== HOLD) this.resolve(i);
    const { dislodgedBy, pathOk, succeeds } = this.w;
    for (let i = 0; i < n; i++) {
      if (this.o.kind[i] !== MOVE) continue;
      pathOk[i] = this.o.convoyed[i] === 0 || this.path(i) ? 1 : 0;
      if (this.result[i] === 1) {
        const target = this.o.unitAt[this.o.dst[i]!]!;
        if (target >= 0 && !(this.o.kind[target] === MOVE && this.result[target] === 1)) dislodgedBy[target] = i;
      }
    }
    for (let i = 0; i < n; i++) succeeds[i] = this.o.kind[i] === HOLD ? (dislodgedBy[i]! < 0 ? 1 : 0) : this.result[i]!;
    return { succeeds, dislodgedBy, pathOk, paradox: this.paradox, supportMatches: this.matches };
  }

  private resolve(nr: number): boolean {
    const state = this.state[nr]!;
    if (state === RESOLVED) return this.result[nr] === 1;
    if (state === GUESSING) {
      this.guessReads++;
      let known = false;
      for (let k = 0; k < this.depCount; k++) if (this.deps[k] === nr) known = true;
      if (!known) this.deps[this.depCount++] = nr;
      return this.result[nr] === 1;
    }
    this.depth++;
    const settled = this.guess(nr);
    this.depth--;
    return settled;
  }

  /** Resolves an unresolved decision by guessing it both ways (Kruijswijk), `depth` deep. */
  private guess(nr: number): boolean {
    const oldCount = this.depCount;
    const oldReads = this.guessReads;
    this.result[nr] = 0;
    this.state[nr] = GUESSING;
    this.guessDepth[nr] = this.depth;
    const first = this.adjudicate(nr);
    // A decision that read a guess already on the dependency list is not settled either,
    // even though the list did not grow: it must be reset with that guess.
    if (this.depCount === oldCount && this.guessReads !== oldReads && this.depCount > 0) {
      this.deps[this.depCount++] = nr;
      this.result[nr] = first ? 1 : 0;
      return first;
    }
    if (this.depCount === oldCount) {
      if (this.state[nr] !== RESOLVED) {
        this.result[nr] = first ? 1 : 0;
        this.state[nr] = RESOLVED;
      }
      return first;
    }
    if (!this.headsCycle(nr, oldCount)) {
      // Depends on some other guess: part of a larger cycle resolved further up.
      this.deps[this.depCount++] = nr;
      this.result[nr] = first ? 1 : 0;
      return first;
    }
    this.resetDeps(oldCount);
    this.result[nr] = 1;
    this.state[nr] = GUESSING;
    this.guessDepth[nr] = this.depth;
    const second = this.adjudicate(nr);
    if (this.dependsOnOuterGuess(oldCount)) {
      // Guessed the other way, it read a guess made further up: that cycle's head decides.
      this.deps[this.depCount++] = nr;
      this.result[nr] = second ? 1 : 0;
      return second;
    }
    if (first === second) {
      this.resetDeps(oldCount);
      this.result[nr] = first ? 1 : 0;
      this.state[nr] = RESOLVED;
      return first;
    }
    this.backupRule(oldCount);
    return this.guess(nr);
  }

  /**
   * Whether the decision heads the cycle found while resolving it: it read its own guess, and every
   * guess the cycle read was made inside its resolution. A guess made further up (a decision still being
   * resolved outside this one) means the cycle runs through that decision too; resetting it here would
   * change a value its unfinished resolution has already read, so the outermost guess of the cycle decides.
   */
  private headsCycle(nr: number, from: number): boolean {
    let readItself = false;
    for (let k = from; k < this.depCount; k++) {
      const u = this.deps[k]!;
      if (u === nr) readItself = true;
      else if (this.guessDepth[u]! < this.depth) return false;
    }
    return readItself;
  }

  private dependsOnOuterGuess(from: number): boolean {
    for (let k = from; k < this.depCount; k++) if (this.guessDepth[this.deps[k]!]! < this.depth) return true;
    return false;
  }

  private resetDeps(from: number): void {
    for (let k = from; k < this.depCount; k++) this.state[this.deps[k]!] = UNRESOLVED;
    this.depCount = from;
  }

  private backupRule(from: number): void {
    const o = this.o;
    let convoyInCycle = false;
    for (let k = from; k < this.depCount; k++) {
      const u = this.deps[k]!;
      // Only a convoying fleet's own decision in the cycle makes it a paradox; convoyed armies
      // swapping places are ordinary circular movement.
      if (o.kind[u] === CONVOY) convoyInCycle = true;
    }
    if (convoyInCycle) {
      for (let k = from; k < this.depCount; k++) {
        const u = this.deps[k]!;
        if (o.kind[u] === CONVOY && this.matches[u] === 1) this.paradox[o.aux[u]!] = 1;
      }
      this.resetDeps(from);
      return;
    }
    for (let k = from; k < this.depCount; k++) {
      const u = this.deps[k]!;
      if (o.kind[u] === MOVE) {
        this.result[u] = 1;
        this.state[u] = RESOLVED;
      } else {
        this.state[u] = UNRESOLVED;
      }
    }
    this.depCount = from;
  }

  private adjudicate(nr: number): boolean {
    switch (this.o.kind[nr]) {
      case MOVE:
        return this.moveSucceeds(nr);
      case SUPPORT:
        return this.supportGiven(nr);
      case CONVOY:
        return !this.isAttackedSuccessfully(nr);
      default:
        return true;
    }
  }

  /** Whether some move into the unit's province succeeds; for convoying fleets that means dislodged. */
  private isAttackedSuccessfully(unit: number): boolean {
    for (let m = this.moveHead[this.o.src[unit]!]!; m >= 0; m = this.moveNext[m]!) if (this.resolve(m)) return true;
    return false;
  }

  private moveSucceeds(i: number): boolean {
    const o = this.o;
    const attack = this.attackStrength(i);
    if (attack === NONE) return false;
    const opponent = this.opponent[i]!;
    if (opponent >= 0) {
      if (attack <= this.defendStrength(opponent)) return false;
    } else if (attack <= this.holdStrength(o.dst[i]!)) {
      return false;
    }
    for (let m = this.moveHead[o.dst[i]!]!; m >= 0; m = this.moveNext[m]!) {
      if (m !== i && attack <= this.preventStrength(m)) return false;
    }
    return true;
  }

  private supportGiven(s: number): boolean {
    const o = this.o;
    const supporterPower = o.power[s]!;
    const against = o.dst[s]!;
    for (let m = this.moveHead[o.src[s]!]!; m >= 0; m = this.moveNext[m]!) {
      if (o.power[m] === supporterPower) continue;
      const cuts = o.convoyed[m] === 1 ? CUTS_ALWAYS : o.cuts[m]!;
      if (o.src[m] === against || cuts === CUTS_NEVER) {
        // An attack from the province the support is aimed at, or across a border whose moves cut no
        // support, cuts it only by dislodging the supporter.
        if (this.resolve(m)) return false;
      } else if (cuts === CUTS_WHEN_SUPPORTED) {
        if (this.supportCount(m, -1) > 0 || this.resolve(m)) return false;
      } else if (o.convoyed[m] === 0 || this.path(m)) {
        return false;
      }
    }
    return true;
  }

  private supportCount(unit: number, excludedPower: number): number {
    let count = 0;
    for (let s = this.supportHead[unit]!; s >= 0; s = this.supportNext[s]!) {
      if (this.o.power[s] !== excludedPower && this.resolve(s)) count++;
    }
    return count;
  }

  private holdStrength(province: number): number {
    const unit = this.o.unitAt[province]!;
    if (unit < 0) return NONE;
    if (this.o.kind[unit] === MOVE) return this.resolve(unit) ? NONE : FULL;
    return FULL + FULL * this.supportCount(unit, -1);
  }

  /** The strength of a move into its target; NONE when it has no convoy or would dislodge its own power's unit. */
  private attackStrength(i: number): number {
    const o = this.o;
    if (o.convoyed[i] === 1 && !this.path(i)) return NONE;
    const own = o.moveStrength[i]!;
    const target = o.unitAt[o.dst[i]!]!;
    if (target < 0) return own + FULL * this.supportCount(i, -1);
    if (this.opponent[i] !== target && o.kind[target] === MOVE && this.resolve(target)) return own + FULL * this.supportCount(i, -1);
    if (o.power[target] === o.power[i]) return NONE;
    return own + FULL * this.supportCount(i, o.power[target]!);
  }

  private defendStrength(i: number): number {
    return this.o.moveStrength[i]! + FULL * this.supportCount(i, -1);
  }

  private preventStrength(i: number): number {
    if (this.o.convoyed[i] === 1 && !this.path(i)) return NONE;
    const opponent = this.opponent[i]!;
    if (opponent >= 0 && this.resolve(opponent)) return NONE;
    return this.o.moveStrength[i]! + FULL * this.supportCount(i, -1);
  }

  /** Whether a chain of matching, non-dislodged convoying fleets links the army to its target. */
  private path(army: number): boolean {
    const o = this.o;
    if (this.paradox[army] === 1) return false;
    const from = o.src[army]!;
    const to = o.dst[army]!;
    // Collected into a local list: resolving a fleet can recurse into path() for another army.
    const alive: number[] = [];
    for (let c = this.convoyHead[army]!; c >= 0; c = this.convoyNext[c]!) if (this.resolve(c)) alive.push(c);
    // Resolving a fleet can close a cycle through this very army and settle it by the Szykman
    // rule: the flag read above is stale then, and a route through the surviving fleets must not count.
    if (alive.length === 0 || this.paradox[army] === 1) return false;
    const seen = this.seen;
    for (const f of alive) seen[f] = 0;
    // Depth-first over the surviving fleets, starting from those touching the army's province.
    const frontier: number[] = [];
    for (const f of alive) {
      if (o.seaLink(o.src[f]!, from)) {
        seen[f] = 1;
        frontier.push(f);
      }
    }
    while (frontier.length > 0) {
      const f = frontier.pop()!;
      if (o.seaLink(o.src[f]!, to)) return true;
      for (const g of alive) {
        if (seen[g] === 0 && o.seaLink(o.src[f]!, o.src[g]!)) {
          seen[g] = 1;
          frontier.push(g);
        }
      }
    }
    return false;
  }
}
