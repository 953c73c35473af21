// Typed arrays reused from one adjudication to the next. Making small typed arrays is costly
// (one over 64 bytes gets a buffer outside the JavaScript heap, which the collector then has to
// track): a movement phase needed about twenty per call, which showed as a tenth of its time
// in allocation and as much again in garbage collection. An adjudication never runs inside
// another and what it returns holds none of these arrays, so one set per process serves every
// call. An array may be longer than asked for.
//
// Resetting costs too: TypedArray.prototype.fill is a call into the runtime, some 50 ns even for
// a few dozen entries, and a phase reset about thirty arrays. Arrays that are reset at the same
// moment are therefore views of one buffer (a group), and one fill resets them all.

/** Room to grow, so a slightly bigger board does not make a new array each time. */
function capacity(length: number): number {
  return Math.max(64, length + (length >> 1));
}

/** `count` Int32Arrays of one length, reset together to `initial`. */
export class Int32Group {
  private whole = new Int32Array(0);
  private views: Int32Array[] = [];

  constructor(
    private readonly count: number,
    private readonly initial: number,
  ) {}

  /** The group's arrays (by their place in the group), each at least `length` long and reset. */
  take(length: number): readonly Int32Array[] {
    if (this.whole.length < length * this.count) {
      const size = capacity(length);
      this.whole = new Int32Array(size * this.count);
      this.views = Array.from({ length: this.count }, (_, k) => this.whole.subarray(k * size, (k + 1) * size));
    }
    this.whole.fill(this.initial);
    return this.views;
  }
}

/** `count` Uint8Arrays of one length, reset together to zero. */
export class Uint8Group {
  private whole = new Uint8Array(0);
  private views: Uint8Array[] = [];

  constructor(private readonly count: number) {}

  /** The group's arrays (by their place in the group), each at least `length` long and zero. */
  take(length: number): readonly Uint8Array[] {
    if (this.whole.length < length * this.count) {
      const size = capacity(length);
      this.whole = new Uint8Array(size * this.count);
      this.views = Array.from({ length: this.count }, (_, k) => this.whole.subarray(k * size, (k + 1) * size));
    }
    this.whole.fill(0);
    return this.views;
  }
}

/** One Int32Array, at least `length` long, its first `length` entries set to `fill`. */
export class Int32Slot {
  private array = new Int32Array(0);

  take(length: number, fill: number): Int32Array {
    if (this.array.length < length) this.array = new Int32Array(capacity(length));
    this.array.fill(fill, 0, length);
    return this.array;
  }

  /** The array, at least `length` long, as the last use left it: for arrays every entry of which is written before it is read. */
  takeAsItIs(length: number): Int32Array {
    if (this.array.length < length) this.array = new Int32Array(capacity(length));
    return this.array;
  }
}

/** One Uint8Array, at least `length` long, its first `length` entries zero. */
export class Uint8Slot {
  private array = new Uint8Array(0);

  take(length: number): Uint8Array {
    if (this.array.length < length) this.array = new Uint8Array(capacity(length));
    this.array.fill(0, 0, length);
    return this.array;
  }

  takeAsItIs(length: number): Uint8Array {
    if (this.array.length < length) this.array = new Uint8Array(capacity(length));
    return this.array;
  }
}
