/**
 * Compressed sparse rows: row r's values are values[offsets[r] .. offsets[r + 1]). Used for every
 * one-to-many relation that is fixed after generation (account → interests, list → members).
 */
export interface Csr<V extends Uint16Array | Uint32Array = Uint32Array> {
  offsets: Uint32Array;
  values: V;
}

export function csrRow<V extends Uint16Array | Uint32Array>(csr: Csr<V>, row: number): V {
  return csr.values.subarray(csr.offsets[row], csr.offsets[row + 1]) as V;
}

/** Builds a CSR row by row, in row order. */
export class CsrBuilder {
  private readonly offsets: number[] = [0];
  private values: number[] = [];

  addRow(values: Iterable<number>): void {
    for (const v of values) this.values.push(v);
    this.offsets.push(this.values.length);
  }

  build16(): Csr<Uint16Array> {
    const csr = { offsets: Uint32Array.from(this.offsets), values: Uint16Array.from(this.values) };
    this.values = [];
    return csr;
  }

  build32(): Csr<Uint32Array> {
    const csr = { offsets: Uint32Array.from(this.offsets), values: Uint32Array.from(this.values) };
    this.values = [];
    return csr;
  }
}

/** Nodes per partition in `transpose`: a partition's slice of the output stays in cache. */
const PARTITION_BITS = 12;
const PARTITION_MASK = (1 << PARTITION_BITS) - 1;

/**
 * Transposes an adjacency CSR over n nodes (following → followers); each output row comes out sorted.
 * Scattering 40M edges straight into a 160 MB array misses the cache on nearly every write, so edges
 * are first streamed into partitions by target range (a few hundred sequential write streams) and
 * then scattered partition by partition, inside a slice of the output that fits in cache.
 * `headroom` (≥ 1) reserves spare capacity behind the values for later in-place growth.
 */
export function transpose(csr: Csr, n: number, headroom = 1): Csr {
  const { offsets, values } = csr;
  const counts = new Uint32Array(n + 1);
  for (let i = 0; i < values.length; i++) counts[values[i]! + 1]!++;
  for (let i = 0; i < n; i++) counts[i + 1]! += counts[i]!;
  const partitions = (n >>> PARTITION_BITS) + 1;
  const partStart = new Uint32Array(partitions + 1);
  for (let p = 0; p < partitions; p++) partStart[p + 1] = counts[Math.min(n, (p + 1) << PARTITION_BITS)]!;
  // Pass 1: (source, target) pairs grouped by target partition, sources ascending within each. The
  // partition gives a target's high bits, so only its low bits are kept (16 instead of 32 bits per
  // edge: 0.1 GB less at a million accounts).
  const pairSource = new Uint32Array(values.length);
  const pairTarget = new Uint16Array(values.length);
  const fill = partStart.slice(0, partitions);
  for (let src = 0; src < n; src++) {
    for (let k = offsets[src]!; k < offsets[src + 1]!; k++) {
      const v = values[k]!;
      const at = fill[v >>> PARTITION_BITS]!++;
      pairSource[at] = src;
      pairTarget[at] = v & PARTITION_MASK;
    }
  }
  // Pass 2: scatter each partition into its own slice of the output.
  // `headroom` > 1 leaves spare capacity after the values (untouched pages cost no memory).
  const out = new Uint32Array(Math.ceil(values.length * headroom)).subarray(0, values.length);
  const cursor = counts.slice(0, n);
  for (let p = 0; p < partitions; p++) {
    const high = p << PARTITION_BITS;
    for (let k = partStart[p]!; k < partStart[p + 1]!; k++)
      out[cursor[high | pairTarget[k]!]!++] = pairSource[k]!;
  }
  return { offsets: counts, values: out };
}

/** Position of value in the sorted slice values[from, to), or -1. */
export function binarySearch(values: Uint32Array, from: number, to: number, value: number): number {
  let lo = from;
  let hi = to - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = values[mid]!;
    if (v === value) return mid;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
