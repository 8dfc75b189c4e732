// The models' inputs, lent for one run and given back. A fresh 17 MB
// Float32Array for the detector's whole look costs more than filling it:
// the kernel maps and zeroes every page on first touch (14–30 ms against
// 4–5 ms filling a reused one, 1440 × 960 px), and each one dropped is work
// for the garbage collector. A reader runs its photos' models one at a time,
// so a few buffers of each size serve it (decision 0006, "The readers' scratch").

/** Buffers kept of each capacity: a reader reads one photo at a time; the benchmark two. */
const KEPT_PER_CAPACITY = 2;
/** Arrays shorter than this are cheap to make: a recognizer's line is some 30,000 floats. */
const POOLED_FROM = 1 << 16;

export type Scratch = {
  /** A Float32Array of `length` whose contents are left over: the caller writes every element. */
  borrow(length: number): Float32Array;
  /** `array` is not used again by the caller (its model run is over). */
  giveBack(array: Float32Array): void;
};

/** Capacities are powers of two, so photos of other shapes (3:2, 4:3) share buffers. */
const capacityFor = (length: number) => 2 ** Math.ceil(Math.log2(length));

export function createScratch(): Scratch {
  const free = new Map<number, ArrayBuffer[]>();
  return {
    borrow(length) {
      if (length < POOLED_FROM) return new Float32Array(length);
      const capacity = capacityFor(length);
      const buffer = free.get(capacity)?.pop() ?? new ArrayBuffer(capacity * Float32Array.BYTES_PER_ELEMENT);
      return new Float32Array(buffer, 0, length);
    },
    giveBack(array) {
      if (array.length < POOLED_FROM) return;
      const capacity = array.buffer.byteLength / Float32Array.BYTES_PER_ELEMENT;
      if (capacity !== capacityFor(array.length) || array.byteOffset !== 0) return;
      const list = free.get(capacity) ?? [];
      if (list.length < KEPT_PER_CAPACITY && !list.includes(array.buffer as ArrayBuffer)) list.push(array.buffer as ArrayBuffer);
      free.set(capacity, list);
    },
  };
}
