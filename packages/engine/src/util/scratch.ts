/**
 * Typed arrays that one report uses and drops, carved from memory kept between reports.
 *
 * A report at a million accounts allocated ~50 MB of short-lived typed arrays (the community core's
 * follows and graph, the graph sample's follows, counters the size of the term dictionary). Each is
 * external memory to V8, and external growth brings the next full collection nearer: every third
 * report paid a ~100 ms mark-compact of the engine's whole heap (1 GB of logs and strings), with
 * scavenges between (bench/README.md "Reports without garbage"). Carved from one kept buffer they
 * allocate nothing V8 counts.
 *
 * The rule: an array from a Scratch lives until `release` and never escapes the report (no panel
 * value, memo kept elsewhere, or carried tally holds one). insightSteps and somePanels take one for
 * their InsightContext and give it back once the report is built; a scratch never given back is
 * left to the garbage collector, which is only slower, never wrong.
 */
export class Scratch {
  private buffer: ArrayBuffer;
  private used = 0;
  /** Bytes asked for since the last release, past the buffer's end included. */
  private asked = 0;

  constructor(bytes = 0) {
    this.buffer = new ArrayBuffer(bytes);
  }

  /** Zero-filled unless `zeroed` is false (for arrays written whole before they are read). */
  u32(length: number, zeroed = true): Uint32Array {
    return this.carve(length, 4, zeroed, (b, o, n) => new Uint32Array(b, o, n));
  }

  i32(length: number, zeroed = true): Int32Array {
    return this.carve(length, 4, zeroed, (b, o, n) => new Int32Array(b, o, n));
  }

  f32(length: number, zeroed = true): Float32Array {
    return this.carve(length, 4, zeroed, (b, o, n) => new Float32Array(b, o, n));
  }

  f64(length: number, zeroed = true): Float64Array {
    return this.carve(length, 8, zeroed, (b, o, n) => new Float64Array(b, o, n));
  }

  u8(length: number, zeroed = true): Uint8Array {
    return this.carve(length, 1, zeroed, (b, o, n) => new Uint8Array(b, o, n));
  }

  private carve<T extends { fill(value: number): T }>(
    length: number,
    size: number,
    zeroed: boolean,
    view: (buffer: ArrayBuffer, offset: number, length: number) => T,
  ): T {
    // 8-byte aligned, so that any view may start there.
    const bytes = (length * size + 7) & ~7;
    this.asked += bytes;
    if (this.used + bytes > this.buffer.byteLength) return view(new ArrayBuffer(bytes), 0, length);
    const array = view(this.buffer, this.used, length);
    this.used += bytes;
    return zeroed ? array.fill(0) : array;
  }

  /**
   * Every array carved since the last release may be carved again. When the report asked for more
   * than the buffer holds, the next one gets a buffer that holds it all (up to `MAX_KEPT_BYTES`).
   */
  release(): void {
    if (this.asked > this.buffer.byteLength && this.buffer.byteLength < MAX_KEPT_BYTES)
      this.buffer = new ArrayBuffer(Math.min(MAX_KEPT_BYTES, Math.ceil(this.asked * 1.25)));
    this.used = 0;
    this.asked = 0;
  }

  /** The bytes kept between reports. */
  get keptBytes(): number {
    return this.buffer.byteLength;
  }
}

/**
 * The most a Scratch keeps between reports: ~50 MB serve a report at a million accounts; at ten
 * million the index-sized counters would keep several times that.
 */
export const MAX_KEPT_BYTES = 256 * 2 ** 20;

/** Released scratches of this thread, for the next reports (two may run at once, sliced). */
const free: Scratch[] = [];
const KEEP = 2;

/** A scratch for one report: a released one of this thread's, else a new one. */
export const takeScratch = (): Scratch => free.pop() ?? new Scratch();

/** Releases `scratch` and keeps it for a later report; its arrays must no longer be read. */
export function giveScratch(scratch: Scratch): void {
  scratch.release();
  if (free.length < KEEP) free.push(scratch);
}
