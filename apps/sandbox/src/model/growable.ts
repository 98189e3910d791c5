/**
 * Append-only typed-array columns. Posts and events grow while simulated time runs, and at a million
 * accounts they number in the millions: typed arrays keep them at a few bytes per row, where arrays of
 * objects would cost ~100 bytes per row and stall the garbage collector.
 */
type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array;
type TypedArrayConstructor<T extends TypedArray> = new (length: number) => T;

export class Column<T extends TypedArray> {
  private data: T;
  private size = 0;

  constructor(
    private readonly Ctor: TypedArrayConstructor<T>,
    initialCapacity = 1024,
  ) {
    this.data = new Ctor(Math.max(16, initialCapacity));
  }

  get length(): number {
    return this.size;
  }

  /** Makes room for `capacity` rows up front (avoids repeated copying when the size is predictable). */
  reserve(capacity: number): void {
    if (capacity > this.data.length) this.grow(capacity);
  }

  /** Forgets the rows but keeps the storage, so a buffer can be reused without new allocations. */
  clear(): void {
    this.size = 0;
  }

  /** Keeps the first `length` rows (those written to `view()` in place, say) and forgets the rest. */
  truncate(length: number): void {
    this.size = Math.min(this.size, Math.max(0, length));
  }

  push(value: number): void {
    if (this.size === this.data.length) this.grow(this.size + 1);
    this.data[this.size++] = value;
  }

  get(index: number): number {
    return this.data[index]!;
  }

  set(index: number, value: number): void {
    this.data[index] = value;
  }

  /** Adds to a counter cell (engagement counts). */
  add(index: number, delta: number): void {
    this.data[index] = this.data[index]! + delta;
  }

  /** A view of the filled part; valid until the next push. */
  view(): T {
    return this.data.subarray(0, this.size) as T;
  }

  private grow(min: number): void {
    // 1.5x growth keeps the transient double allocation small for the biggest columns.
    const next = new this.Ctor(Math.max(min, Math.ceil(this.data.length * 1.5)));
    next.set(this.data);
    this.data = next;
  }
}
