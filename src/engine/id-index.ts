// Dense numbers for a fixed list of short ids (a map's locations, a variant's powers), found from
// their text. A Map<string, number> answers in about 25 ns; the engine turns every location an
// order names into a number, some hundred per phase, so a table made for these keys pays: an
// open-addressing hash over the characters (ids are a few characters long) and one comparison.

export class IdIndex<Id extends string> {
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(readonly ids: readonly Id[]) {
    let size = 16;
    while (size < ids.length * 4) size *= 2;
    this.slots = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    for (let index = 0; index < ids.length; index++) {
      const id = ids[index]!;
      if (this.indexOf(id) >= 0) throw new Error(`the id ${id} is listed twice`);
      let slot = hash(id) & this.mask;
      while (this.slots[slot] !== -1) slot = (slot + 1) & this.mask;
      this.slots[slot] = index;
    }
  }

  /** The id's number (its place in the list), or -1 when the list does not have it. */
  indexOf(text: string): number {
    const { slots, ids, mask } = this;
    let slot = hash(text) & mask;
    for (;;) {
      const index = slots[slot]!;
      if (index < 0 || ids[index] === text) return index;
      slot = (slot + 1) & mask;
    }
  }
}

function hash(text: string): number {
  let h = text.length;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h ^ (h >>> 9);
}
