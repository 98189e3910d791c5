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

  constructor(
    private readonly log: PostingLog,
    private readonly ver: number,
    private readonly terms: number,
  ) {
    this.counts = new Uint32Array(terms);
    this.offsets = new Uint32Array(terms + 1);
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
      if (this.t < terms) return false;
      this.data = new Uint32Array(offsets[terms]!);
      this.phase = 'fill';
      this.t = 0;
    }
    if (this.phase === 'fill') {
      const data = this.data!;
      for (; this.t < terms && work < budget; this.t++) {
        const t = this.t;
        if (counts[t] === 0) continue;
        const posting = log.get(t, ver);
        if (posting.kind === 'bits') this.dense.set(t, posting.bits);
        else data.set(posting.list, offsets[t]);
        work += 4 + (posting.kind === 'list' ? posting.count : 0);
      }
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
 * time), else the base's; built a range of rows at a time.
 */
export class CsrFold implements FoldTask<Csr> {
  private readonly changed = new Map<number, ArrayLike<number>>();
  private total: number;
  private offsets: Uint32Array | undefined;
  private data: Uint32Array | undefined;
  private r = 0;
  private out = 0;

  constructor(
    private readonly base: Csr,
    private readonly changes: Iterator<readonly [number, ArrayLike<number> | undefined]>,
    private readonly rows: number,
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
        if (++work >= budget / 8) return false;
      }
      this.offsets = new Uint32Array(rows + 1);
      this.data = new Uint32Array(this.total);
    }
    const offsets = this.offsets!;
    const data = this.data;
    for (; this.r < rows && work < budget; this.r++) {
      const r = this.r;
      const row =
        changed.get(r) ??
        (r < baseRows ? base.data.subarray(base.offsets[r], base.offsets[r + 1]) : undefined);
      if (row && row.length > 0) {
        data.set(row, this.out);
        this.out += row.length;
      }
      offsets[r + 1] = this.out;
      work += 1 + (row ? row.length : 0);
    }
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
export const rowFold = (log: RowLog, ver: number, rows: number): CsrFold =>
  new CsrFold(log.base, rowsAt(log, ver), rows);

/**
 * The posts' term rows with the live posts' rows folded in. `live` is the map of rows the live
 * index wrote up to the fold's start and writes no more (it starts a new one): a post deleted since
 * keeps its row here, and the live index answers it by its deleted set.
 */
export const postRowsFold = (
  base: Csr,
  live: ReadonlyMap<number, ArrayLike<number>>,
  rows: number,
): CsrFold => new CsrFold(base, live.entries(), rows);

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
