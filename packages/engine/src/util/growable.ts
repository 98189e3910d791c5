/**
 * An append-only Uint32Array that doubles when full. The index is built from a stream whose sizes
 * are only known at the end, and typed arrays keep 4 bytes per value instead of a boxed number.
 */
export class GrowableU32 {
  private data: Uint32Array;
  length = 0;

  constructor(initialCapacity = 1024) {
    this.data = new Uint32Array(Math.max(16, initialCapacity));
  }

  push(value: number): void {
    if (this.length === this.data.length) this.reserve(this.length + 1);
    this.data[this.length++] = value;
  }

  get(i: number): number {
    return this.data[i]!;
  }

  /** Makes room for at least `capacity` values. */
  reserve(capacity: number): void {
    if (capacity <= this.data.length) return;
    const next = new Uint32Array(Math.max(capacity, this.data.length * 2));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }

  /** A view over the filled part (shares memory until the next growth). */
  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }

  /** A right-sized copy; the builder drops its buffer afterwards. */
  toArray(): Uint32Array {
    return this.data.slice(0, this.length);
  }

  /** Lets go of the buffer (the builder is done with it), so its memory can be reclaimed early. */
  drop(): void {
    this.data = new Uint32Array(16);
    this.length = 0;
  }

  /**
   * The filled part without copying when the buffer is nearly full (less than 1/8 spare, as when
   * it was sized from the export's announced totals), else a right-sized copy.
   */
  release(): Uint32Array {
    return this.data.length - this.length <= this.length / 8 ? this.view() : this.toArray();
  }
}

/** Grows a typed column to hold index `i` (doubling), keeping its contents. */
export function ensureLength<T extends Uint8Array | Uint16Array | Uint32Array>(
  column: T,
  i: number,
  make: (length: number) => T,
): T {
  if (i < column.length) return column;
  const next = make(Math.max(i + 1, column.length * 2, 1024));
  next.set(column);
  return next;
}
