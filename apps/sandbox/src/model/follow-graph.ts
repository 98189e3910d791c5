import { binarySearch, transpose, type Csr } from './csr';
import { EdgeOverlay } from './edge-overlay';
import { releaseMemory } from './release-memory';
import { grownColumn } from './grow';

/** CSR offsets with empty rows up to `size` (each new row ends where the last one did). */
function grownOffsets(offsets: Uint32Array, size: number): Uint32Array {
  const old = offsets.length - 1;
  const next = grownColumn(offsets, size + 1);
  next.fill(offsets[old]!, old + 1);
  return next;
}

/**
 * The follow graph: a compact base (CSR in both directions, rows sorted) plus a small mutable overlay,
 * so simulated time and, later, the X API's follow/unfollow can change it without rebuilding 40M-edge
 * arrays. Removed base edges are tombstoned in bitsets; new edges live in an EdgeOverlay until
 * `compact()` folds everything back into a fresh base.
 */
export class FollowGraph {
  size: number;
  private out: Csr;
  private in: Csr;
  private outDead: Uint8Array;
  private inDead: Uint8Array;
  private added: EdgeOverlay;
  /** Current degrees, kept in step with every change. */
  outDegree: Int32Array;
  inDegree: Int32Array;
  private edges: number;

  constructor(following: Csr, size: number) {
    this.size = size;
    this.out = following;
    this.in = transpose(following, size, EDGE_HEADROOM);
    this.outDead = new Uint8Array((following.values.length >>> 3) + 1);
    this.inDead = new Uint8Array((following.values.length >>> 3) + 1);
    this.added = new EdgeOverlay(size);
    this.outDegree = new Int32Array(size);
    this.inDegree = new Int32Array(size);
    for (let u = 0; u < size; u++) {
      this.outDegree[u] = this.out.offsets[u + 1]! - this.out.offsets[u]!;
      this.inDegree[u] = this.in.offsets[u + 1]! - this.in.offsets[u]!;
    }
    this.edges = following.values.length;
  }

  /** Room for accounts born after the graph was built (empty rows; their follows go to the overlay). */
  grow(size: number): void {
    if (size <= this.size) return;
    this.outDegree = grownColumn(this.outDegree, size);
    this.inDegree = grownColumn(this.inDegree, size);
    this.out.offsets = grownOffsets(this.out.offsets, size);
    this.in.offsets = grownOffsets(this.in.offsets, size);
    this.added.grow(size);
    this.size = size;
  }

  get edgeCount(): number {
    return this.edges;
  }

  follows(u: number, v: number): boolean {
    const at = this.outPosition(u, v);
    if (at >= 0 && !isSet(this.outDead, at)) return true;
    return this.added.has(u, v);
  }

  /** Adds u → v; false when it already exists or u = v. */
  follow(u: number, v: number): boolean {
    if (u === v) return false;
    const at = this.outPosition(u, v);
    if (at >= 0) {
      if (!isSet(this.outDead, at)) return false;
      // A base edge that was removed earlier comes back: clear its tombstones.
      clear(this.outDead, at);
      clear(this.inDead, this.inPosition(u, v));
    } else {
      if (this.added.has(u, v)) return false;
      this.added.add(u, v);
    }
    this.outDegree[u]!++;
    this.inDegree[v]!++;
    this.edges++;
    return true;
  }

  /** Removes u → v; false when it does not exist. */
  unfollow(u: number, v: number): boolean {
    const at = this.outPosition(u, v);
    if (at >= 0 && !isSet(this.outDead, at)) {
      set(this.outDead, at);
      set(this.inDead, this.inPosition(u, v));
    } else if (!this.added.remove(u, v)) {
      return false;
    }
    this.outDegree[u]!--;
    this.inDegree[v]!--;
    this.edges--;
    return true;
  }

  /** Accounts u follows: the base part ascending, then newer follows, newest first. */
  following(u: number): number[] {
    return [...live(this.out, this.outDead, u), ...this.added.outOf(u)];
  }

  followers(v: number): number[] {
    return [...live(this.in, this.inDead, v), ...this.added.inOf(v)];
  }

  /**
   * The i-th follower of v in the base rows, or -1 when that edge was removed. Lets engagement sampling
   * pick a random follower in O(1) without materialising the follower list.
   */
  baseFollowerAt(v: number, i: number): number {
    const pos = this.in.offsets[v]! + i;
    if (pos >= this.in.offsets[v + 1]! || isSet(this.inDead, pos)) return -1;
    return this.in.values[pos]!;
  }

  baseFollowerCount(v: number): number {
    return this.in.offsets[v + 1]! - this.in.offsets[v]!;
  }

  /** The i-th account u follows in the base rows, or -1 when that edge was removed. */
  baseFollowingAt(u: number, i: number): number {
    const pos = this.out.offsets[u]! + i;
    if (pos >= this.out.offsets[u + 1]! || isSet(this.outDead, pos)) return -1;
    return this.out.values[pos]!;
  }

  baseFollowingCount(u: number): number {
    return this.out.offsets[u + 1]! - this.out.offsets[u]!;
  }

  /**
   * Folds the overlay into a new base: afterwards every row is sorted and nothing is tombstoned.
   * Each direction is rebuilt by merging its live base row with its sorted additions, a sequential
   * pass (a transpose would scatter 40M writes across memory).
   */
  compact(): void {
    // At a million accounts each direction is ~0.2 GB: each is rebuilt in its own buffer when that
    // has room for the new edge count (the base rows keep a few % of headroom for the history's
    // growth), so no direction is held twice; otherwise into a new buffer, freeing the old one at once.
    this.out = compacted(this.out, this.outDead, (u) => this.added.outOf(u), this.edges);
    this.in = compacted(this.in, this.inDead, (v) => this.added.inOf(v), this.edges);
    this.outDead = new Uint8Array((this.edges >>> 3) + 1);
    this.inDead = new Uint8Array((this.edges >>> 3) + 1);
    this.added = new EdgeOverlay(this.size);
  }

  /**
   * Both directions as plain CSRs (sorted rows), compacting first if anything changed. The rows are
   * the graph's own: valid until the graph next changes (a later compaction rewrites them in place).
   */
  snapshot(): { following: Csr; followers: Csr } {
    if (this.added.size > 0 || this.edges !== this.out.values.length) this.compact();
    return { following: this.out, followers: this.in };
  }

  private outPosition(u: number, v: number): number {
    return binarySearch(this.out.values, this.out.offsets[u]!, this.out.offsets[u + 1]!, v);
  }

  private inPosition(u: number, v: number): number {
    return binarySearch(this.in.values, this.in.offsets[v]!, this.in.offsets[v + 1]!, u);
  }
}

/** Spare capacity given to freshly built base rows, for follows added before the next compaction. */
export const EDGE_HEADROOM = 1.03;

/** The whole buffer behind a CSR's values, from their first entry (its capacity). */
function capacityOf(values: Uint32Array): Uint32Array {
  return new Uint32Array(
    values.buffer,
    values.byteOffset,
    (values.buffer.byteLength - values.byteOffset) >>> 2,
  );
}

/**
 * Folds a direction's tombstones and additions into its rows. In place when the buffer holds the
 * new edge count: live entries are first packed against the end of the buffer (walking backwards,
 * so nothing unread is overwritten), then merged with the additions from the front (the write
 * position never passes the read position, as the capacity covers every live and added edge).
 * Otherwise the rows are merged into a new buffer with headroom, and the old one is freed now.
 */
function compacted(csr: Csr, dead: Uint8Array, additions: (row: number) => number[], edges: number): Csr {
  const full = capacityOf(csr.values);
  if (full.length < edges) {
    const next = merged(csr, dead, additions, edges);
    // Whatever else still refers to the old row objects, their memory goes back now.
    csr.offsets = EMPTY;
    csr.values = EMPTY;
    releaseMemory();
    return next;
  }
  const { offsets } = csr;
  const rows = offsets.length - 1;
  const liveStart = new Uint32Array(rows + 1);
  let r = full.length;
  liveStart[rows] = r;
  for (let row = rows - 1; row >= 0; row--) {
    for (let k = offsets[row + 1]! - 1; k >= offsets[row]!; k--) if (!isSet(dead, k)) full[--r] = full[k]!;
    liveStart[row] = r;
  }
  let w = 0;
  for (let row = 0; row < rows; row++) {
    const extra = additions(row).sort((a, b) => a - b);
    let i = liveStart[row]!;
    const end = liveStart[row + 1]!;
    let j = 0;
    while (i < end || j < extra.length) {
      if (j >= extra.length || (i < end && full[i]! < extra[j]!)) full[w++] = full[i++]!;
      else full[w++] = extra[j++]!;
    }
    offsets[row + 1] = w;
  }
  return { offsets, values: full.subarray(0, w) };
}

const EMPTY = new Uint32Array(0);

function live(csr: Csr, dead: Uint8Array, row: number): number[] {
  const out: number[] = [];
  for (let k = csr.offsets[row]!; k < csr.offsets[row + 1]!; k++)
    if (!isSet(dead, k)) out.push(csr.values[k]!);
  return out;
}

/** Live base entries of every row merged with that row's additions (which never repeat a base entry). */
function merged(csr: Csr, dead: Uint8Array, additions: (row: number) => number[], edges: number): Csr {
  const rows = csr.offsets.length - 1;
  const offsets = new Uint32Array(rows + 1);
  const values = new Uint32Array(Math.ceil(edges * EDGE_HEADROOM));
  let k = 0;
  for (let r = 0; r < rows; r++) {
    const extra = additions(r).sort((a, b) => a - b);
    let i = csr.offsets[r]!;
    const end = csr.offsets[r + 1]!;
    let j = 0;
    while (i < end || j < extra.length) {
      if (i < end && isSet(dead, i)) i++;
      else if (j >= extra.length || (i < end && csr.values[i]! < extra[j]!)) values[k++] = csr.values[i++]!;
      else values[k++] = extra[j++]!;
    }
    offsets[r + 1] = k;
  }
  return { offsets, values: values.subarray(0, k) };
}

const isSet = (bits: Uint8Array, i: number): boolean => (bits[i >>> 3]! & (1 << (i & 7))) !== 0;
const set = (bits: Uint8Array, i: number): void => {
  bits[i >>> 3]! |= 1 << (i & 7);
};
const clear = (bits: Uint8Array, i: number): void => {
  bits[i >>> 3]! &= ~(1 << (i & 7));
};
