// Background compaction (README "Live updates"): the logs' entries up to a version V are folded
// into new base postings and rows in small slices of work, while batches keep being applied and
// queries keep reading. Everything a fold reads is version V as the logs hold it, which later
// batches never change (they only append entries of later versions), so the slices can be spread
// over many batches.
import { isDense } from '../bits/posting';
import type { Csr } from '../postings/csr';
import { PostingStore } from '../postings/posting-store';
import type { CompactionProgress } from './live-types';
import type { PostingLog } from './posting-log';
import type { RowLog } from './structures';

/** One piece of folding work: `step` does about `budget` units (values copied) and says whether it is done. */
export interface FoldTask<T> {
  step(budget: number): boolean;
  result(): T;
}

/**
 * Makes the buffer of a fold's arrays: an ArrayBuffer for the live index's own base, a
 * SharedArrayBuffer for a copy another thread reads (live-share.ts).
 */
export type FoldAllocate = (bytes: number) => ArrayBufferLike;
const ownBuffer: FoldAllocate = (bytes) => new ArrayBuffer(bytes);
/** The buffers of a fold another thread adopts too (live-index.ts `shareFolds`). */
export const sharedBuffer: FoldAllocate = (bytes) => new SharedArrayBuffer(bytes);

/**
 * A posting store equal to `log` read at version `ver`: counts first (term ranges), then each term's
 * list copied into one CSR (or its bitset kept: bitsets are never written once built, so the merged
 * and unchanged ones are shared, not copied).
 */
export class PostingFold implements FoldTask<PostingStore> {
  private readonly counts: Uint32Array;
  private readonly offsets: Uint32Array;
  private data: Uint32Array | undefined;
  private readonly dense = new Map<number, Uint32Array>();
  private phase: 'count' | 'fill' | 'done' = 'count';
  private t = 0;
  /** The units the last `step` did (live-share.ts meters its steps by them). */
  worked = 0;

  constructor(
    private readonly log: PostingLog,
    private readonly ver: number,
    private readonly terms: number,
    private readonly allocate: FoldAllocate = ownBuffer,
    /** Every dense term's bitset in `allocate`'s memory too (a fold another thread adopts). */
    private readonly allocateBits = false,
  ) {
    this.counts = new Uint32Array(allocate(terms * 4));
    this.offsets = new Uint32Array(allocate((terms + 1) * 4));
  }

  step(budget: number): boolean {
    const { log, ver, terms, counts, offsets } = this;
    const size = log.base.size;
    let work = 0;
    if (this.phase === 'count') {
      for (; this.t < terms && work < budget; this.t++, work += 4) {
        const t = this.t;
        const c = log.count(t, ver);
        counts[t] = c;
        const listed = log.terms.has(t) ? !isDense(c, size) : !log.base.dense.has(t);
        offsets[t + 1] = offsets[t]! + (listed ? c : 0);
      }
      this.worked = work;
      if (this.t < terms) return false;
      this.data = new Uint32Array(this.allocate(offsets[terms]! * 4));
      this.phase = 'fill';
      this.t = 0;
    }
    if (this.phase === 'fill') {
      const data = this.data!;
      const base = log.base;
      const baseTerms = Math.min(terms, base.counts.length);
      const unchangedList = (t: number) => t < baseTerms && !log.terms.has(t) && !base.dense.has(t);
      while (this.t < terms && work < budget) {
        const t = this.t;
        if (unchangedList(t)) {
          // A run of terms the log never changed, listed: their lists as the base lays them out, in
          // one copy (no posting read per term: garbage the collector paused the slices for).
          let u = t + 1;
          while (
            u < baseTerms &&
            unchangedList(u) &&
            (u - t) * 4 + base.offsets[u]! - base.offsets[t]! < budget - work
          )
            u++;
          data.set(base.data.subarray(base.offsets[t], base.offsets[u]), offsets[t]);
          work += (u - t) * 4 + base.offsets[u]! - base.offsets[t]!;
          this.t = u;
          continue;
        }
        this.t++;
        if (counts[t] === 0) continue;
        const posting = log.get(t, ver);
        let copied = 0;
        if (posting.kind === 'bits') {
          // Folded for another thread too (live-share.ts `FoldShare`): every bitset in shared memory.
          const own = this.allocateBits && !(posting.bits.buffer instanceof SharedArrayBuffer);
          const bits = own ? new Uint32Array(this.allocate(posting.bits.byteLength)) : posting.bits;
          if (own) bits.set(posting.bits);
          copied = own ? bits.length : 0;
          this.dense.set(t, bits);
        } else data.set(posting.list, offsets[t]);
        // A changed term's bitset was merged from the log's entries (a bitset's words written).
        const bits = posting.kind === 'bits' && log.terms.has(t) ? posting.bits.length : 0;
        work += 4 + copied + (posting.kind === 'list' ? posting.count : bits);
      }
      this.worked = work;
      if (this.t < terms) return false;
      this.phase = 'done';
    }
    return true;
  }

  result(): PostingStore {
    return new PostingStore(this.log.base.size, this.counts, this.offsets, this.data!, this.dense);
  }
}

/**
 * A CSR of rows [0, `rows`): each changed row where `changes` gives one (read lazily, a budget at a
 * time), else the base's; built a range of rows at a time, each run of unchanged rows with one copy
 * of its data (a view per row made the collector pause the slices at a million accounts).
 */
export class CsrFold implements FoldTask<Csr> {
  private readonly changed = new Map<number, ArrayLike<number>>();
  /** The changed rows, ascending (once every change is read). */
  private order: Uint32Array | undefined;
  private total: number;
  private offsets: Uint32Array | undefined;
  private data: Uint32Array | undefined;
  private r = 0;
  /** The next changed row's place in `order`. */
  private k = 0;
  private out = 0;
  /** The units the last `step` did (live-share.ts meters its steps by them). */
  worked = 0;

  constructor(
    private readonly base: Csr,
    private readonly changes: Iterator<readonly [number, ArrayLike<number> | undefined]>,
    private readonly rows: number,
    private readonly allocate: FoldAllocate = ownBuffer,
  ) {
    this.total = base.data.length;
  }

  step(budget: number): boolean {
    const { changed, rows, base } = this;
    const baseRows = base.offsets.length - 1;
    let work = 0;
    if (!this.data) {
      // The changed rows, and the data's length.
      for (let next = this.changes.next(); !next.done; next = this.changes.next()) {
        const [n, row] = next.value;
        if (row && n < rows) {
          changed.set(n, row);
          this.total += row.length - (n < baseRows ? base.offsets[n + 1]! - base.offsets[n]! : 0);
        }
        if (++work >= budget / 8) {
          this.worked = work * 8;
          return false;
        }
      }
      this.order = Uint32Array.from(changed.keys()).sort();
      this.offsets = new Uint32Array(this.allocate((rows + 1) * 4));
      this.data = new Uint32Array(this.allocate(this.total * 4));
      work += changed.size;
    }
    const [offsets, data, order] = [this.offsets!, this.data, this.order!];
    const from = base.offsets;
    while (this.r < rows && work < budget) {
      const r = this.r;
      if (this.k < order.length && order[this.k] === r) {
        const row = changed.get(r)!;
        data.set(row, this.out);
        this.out += row.length;
        offsets[r + 1] = this.out;
        work += 1 + row.length;
        this.r++;
        this.k++;
        continue;
      }
      // Unchanged rows up to the next changed one, as many as the budget allows (a row at least).
      const next = this.k < order.length ? order[this.k]! : rows;
      let end = Math.min(next, rows, r + Math.max(1, budget - work));
      const inBase = Math.min(end, baseRows);
      if (r < inBase) {
        end = inBase;
        // Fewer rows when their values would pass the budget (a row at least).
        while (end > r + 1 && end - r + from[end]! - from[r]! > budget - work) end = (r + end) >>> 1;
        const length = from[end]! - from[r]!;
        data.set(base.data.subarray(from[r], from[end]), this.out);
        const shift = this.out - from[r]!;
        for (let i = r; i < end; i++) offsets[i + 1] = from[i + 1]! + shift;
        this.out += length;
        work += end - r + length;
      } else {
        offsets.fill(this.out, r + 1, end + 1);
        work += end - r;
      }
      this.r = end;
    }
    this.worked = work;
    return this.r >= rows;
  }

  result(): Csr {
    return { offsets: this.offsets!, data: this.data! };
  }
}

function* rowsAt(log: RowLog, ver: number): Iterator<readonly [number, Uint32Array | undefined]> {
  for (const n of log.heads.keys()) yield [n, log.at(n, ver)];
}

/** A CSR equal to `log` read at version `ver`. */
export const rowFold = (log: RowLog, ver: number, rows: number, allocate?: FoldAllocate): CsrFold =>
  new CsrFold(log.base, rowsAt(log, ver), rows, allocate);

/**
 * The posts' term rows with the live posts' rows folded in. `live` is the map of rows the live
 * index wrote up to the fold's start and writes no more (it starts a new one): a post deleted since
 * keeps its row here, and the live index answers it by its deleted set.
 */
export const postRowsFold = (
  base: Csr,
  live: ReadonlyMap<number, ArrayLike<number>>,
  rows: number,
  allocate?: FoldAllocate,
): CsrFold => new CsrFold(base, live.entries(), rows, allocate);

/** CPU time of this process since `since` (ms; every thread, as `process.cpuUsage` counts it). */
export function cpuMsSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** Counts a compaction slice of `ms` of wall time and `cpuMs` of CPU in `progress`. */
export function recordSlice(progress: CompactionProgress, ms: number, cpuMs: number): void {
  progress.slices++;
  progress.longestSliceMs = Math.max(progress.longestSliceMs, ms);
  progress.longestSliceCpuMs = Math.max(progress.longestSliceCpuMs, cpuMs);
}
