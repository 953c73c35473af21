// The narrator's only source of chance: a small seeded generator (mulberry32) whose whole state is one
// 32-bit number kept in the game state, so the dealing and every random choice replay exactly from the
// seed recorded with the game.

/** The next number in [0, 1) and the generator's next state. */
export function nextRandom(state: number): { readonly value: number; readonly state: number } {
  const next = (state + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { value: ((t ^ (t >>> 14)) >>> 0) / 4294967296, state: next };
}

/** A holder of the generator's state that the engine threads through one step. */
export class Dice {
  constructor(public state: number) {}

  /** An index in [0, size). */
  index(size: number): number {
    const { value, state } = nextRandom(this.state);
    this.state = state;
    return Math.floor(value * size);
  }

  pick<T>(items: readonly T[]): T | undefined {
    return items.length === 0 ? undefined : items[this.index(items.length)];
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = this.index(i + 1);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }
}
