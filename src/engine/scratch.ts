// Typed arrays reused from one adjudication to the next. Making small typed arrays is costly
// (one over 64 bytes gets a buffer outside the JavaScript heap, which the collector then has to
// track): a movement phase needed about twenty per call, which showed as a tenth of its time
// in allocation and as much again in garbage collection. An adjudication never runs inside
// another and what it returns holds none of these arrays, so one set per process serves every
// call. Each array has its own slot; an array may be longer than asked for.

const int32Slots: Int32Array[] = [];
const uint8Slots: Uint8Array[] = [];

/** Room to grow, so a slightly bigger board does not make a new array each time. */
function capacity(length: number): number {
  return Math.max(64, length + (length >> 1));
}

/** The Int32Array of this slot, at least `length` long, its first `length` entries set to `fill`. */
export function scratchInt32(slot: number, length: number, fill: number): Int32Array {
  let array = int32Slots[slot];
  if (array === undefined || array.length < length) int32Slots[slot] = array = new Int32Array(capacity(length));
  array.fill(fill, 0, length);
  return array;
}

/** The Uint8Array of this slot, at least `length` long, its first `length` entries zero. */
export function scratchUint8(slot: number, length: number): Uint8Array {
  let array = uint8Slots[slot];
  if (array === undefined || array.length < length) uint8Slots[slot] = array = new Uint8Array(capacity(length));
  array.fill(0, 0, length);
  return array;
}

/** Slots of the Int32Arrays: one name per array that lives through an adjudication. */
export const INT32 = { unitAt: 0, provinceIndex: 1, dst: 2, aux: 3, dislodgedBy: 4, locationIndex: 5, targetLocation: 6, input: 7, resolverDst: 8 } as const;
/** Slots of the Uint8Arrays. */
export const UINT8 = { powerIndex: 0, kind: 1, dstCoast: 2, convoyed: 3, succeeds: 4, pathOk: 5, paradox: 6, matches: 7, closed: 8, moveFlags: 9, onRoute: 10 } as const;
