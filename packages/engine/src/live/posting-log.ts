// The live index's postings (see README "Live updates"): the changes since the last compaction as
// per-term logs over the base store, and the store a version reads through them.
import { hasBit, newBits } from '../bits/bitset';
import { EMPTY_POSTING, isDense, type Posting } from '../bits/posting';
import { PostingStore } from '../postings/posting-store';
import { TermLog } from './term-log';

/**
 * The postings' changes since the last compaction as small per-term logs (sorted by version), shared
 * by every version since: a version reads a term as the base posting with the entries of versions up
 * to its own applied, merged only when a query reads that term and memoised (README "Live updates").
 * Writing costs O(1) per changed (term, account); nothing is copied per batch.
 */
export class PostingLog {
  readonly terms = new Map<number, TermLog>();
  entries = 0;
  /** The terms each version changed, in version order (what a fold carries over). */
  private readonly history: { ver: number; terms: number[] }[] = [];

  constructor(readonly base: PostingStore) {}

  /** Records that `n` joins (`add`) or leaves `term` in version `ver`; a no-op when it already is / is not in it. */
  edit(term: number, n: number, add: boolean, ver: number): void {
    let log = this.terms.get(term);
    const now = log?.stateOf(n) ?? this.baseHas(term, n);
    if (now === add) return;
    if (!log) this.terms.set(term, (log = new TermLog()));
    const count = log.cnt.length > 0 ? log.cnt[log.cnt.length - 1]! : this.base.count(term);
    log.push(ver, n * 2 + (add ? 1 : 0), count + (add ? 1 : -1));
    this.entries++;
    if (log.lastVer !== ver) {
      log.lastVer = ver;
      const last = this.history[this.history.length - 1];
      if (last?.ver === ver) last.terms.push(term);
      else this.history.push({ ver, terms: [term] });
    }
  }

  private baseHas(term: number, n: number): boolean {
    const p = this.base.get(term);
    return p.kind === 'bits' ? n >>> 5 < p.bits.length && hasBit(p.bits, n) : binaryHas(p.list, n);
  }

  count(term: number, ver: number): number {
    const log = this.terms.get(term);
    if (!log) return this.base.count(term);
    const i = upTo(log.ver, ver);
    return i === 0 ? this.base.count(term) : log.cnt[i - 1]!;
  }

  get(term: number, ver: number): Posting {
    const log = this.terms.get(term);
    if (!log) return this.base.get(term);
    const i = upTo(log.ver, ver);
    if (i === 0) return this.base.get(term);
    if (log.memoI === i) return log.memo;
    // Start from the memo when it is an earlier state, else from the base; apply the entries between.
    const fromMemo = log.memoI > 0 && log.memoI < i;
    const start = fromMemo ? log.memo : this.base.get(term);
    const posting = applyEntries(
      start,
      log.ent,
      fromMemo ? log.memoI : 0,
      i,
      log.cnt[i - 1]!,
      this.base.size,
    );
    log.memoI = i;
    log.memo = posting;
    return posting;
  }

  /**
   * Copies into `next` (a log over this log's postings folded at `ver`) the entries of the versions
   * after `ver`, a version's record at a time from `cursor`, about `budget` entries per call; true
   * once every version written so far is copied. Called between batches, so a record is complete.
   */
  carryStep(next: PostingLog, ver: number, cursor: { h: number }, budget: number): boolean {
    if (cursor.h < 0) {
      cursor.h = this.history.length;
      while (cursor.h > 0 && this.history[cursor.h - 1]!.ver > ver) cursor.h--;
    }
    let work = 0;
    for (; cursor.h < this.history.length && work < budget; cursor.h++) {
      const record = this.history[cursor.h]!;
      for (const term of record.terms) {
        const log = this.terms.get(term)!;
        const lo = upTo(log.ver, record.ver - 1);
        const hi = upTo(log.ver, record.ver);
        let carried = next.terms.get(term);
        if (!carried) next.terms.set(term, (carried = new TermLog()));
        for (let i = lo; i < hi; i++) carried.push(log.ver[i]!, log.ent[i]!, log.cnt[i]!);
        carried.lastVer = record.ver;
        next.entries += hi - lo;
        work += hi - lo + 1;
      }
      next.history.push(record);
    }
    return cursor.h >= this.history.length;
  }

  /** Approximate bytes held: the entries and the memoised postings. */
  get bytes(): number {
    let total = this.entries * 40;
    for (const log of this.terms.values())
      if (log.memoI > 0)
        total += log.memo.kind === 'bits' ? log.memo.bits.byteLength : log.memo.list.byteLength;
    return total;
  }
}

/** The number of entries of `versions` (non-decreasing) at or below `ver`. */
function upTo(versions: readonly number[], ver: number): number {
  const last = versions.length;
  if (last === 0 || versions[last - 1]! <= ver) return last;
  let lo = 0;
  let hi = last;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (versions[mid]! <= ver) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * `start` with the log entries [from, to) applied, as a new posting (`start` is never written: an
 * older version may be reading it). Stored as the build stores it: a bitset once the term covers
 * more than 1/32 of the accounts.
 */
function applyEntries(
  start: Posting,
  ent: readonly number[],
  from: number,
  to: number,
  count: number,
  size: number,
): Posting {
  if (count === 0) return EMPTY_POSTING;
  if (start.kind === 'bits' || isDense(count, size)) {
    const bits = newBits(size);
    if (start.kind === 'bits') bits.set(start.bits.subarray(0, bits.length));
    else for (const n of start.list) bits[n >>> 5]! |= 1 << (n & 31);
    for (let i = from; i < to; i++) {
      const e = ent[i]!;
      const n = Math.floor(e / 2);
      if (e & 1) bits[n >>> 5]! |= 1 << (n & 31);
      else bits[n >>> 5]! &= ~(1 << (n & 31));
    }
    if (isDense(count, size)) return { kind: 'bits', count, bits };
    const list = new Uint32Array(count);
    let k = 0;
    for (let w = 0; w < bits.length; w++) {
      let word = bits[w]!;
      while (word !== 0) {
        list[k++] = (w << 5) + (31 - Math.clz32(word & -word));
        word &= word - 1;
      }
    }
    return { kind: 'list', count, list };
  }
  // A list: the last entry per account decides (each entry flips membership).
  const last = new Map<number, boolean>();
  for (let i = from; i < to; i++) last.set(Math.floor(ent[i]! / 2), (ent[i]! & 1) === 1);
  const added: number[] = [];
  for (const [n, add] of last) if (add) added.push(n);
  added.sort((a, b) => a - b);
  const list = new Uint32Array(count);
  const old = start.list;
  let k = 0;
  let j = 0;
  for (let i = 0; i < old.length; i++) {
    const n = old[i]!;
    while (j < added.length && added[j]! < n) list[k++] = added[j++]!;
    if (!last.has(n)) list[k++] = n; // the changed ones come from `added`
  }
  while (j < added.length) list[k++] = added[j++]!;
  return { kind: 'list', count, list: k === count ? list : list.subarray(0, k) };
}

/** The postings as version `ver` sees them: the base store with the log's entries up to `ver`. */
export class LivePostingStore extends PostingStore {
  constructor(
    readonly log: PostingLog,
    readonly ver: number,
    private readonly termCount: number,
  ) {
    const base = log.base;
    super(base.size, base.counts, base.offsets, base.data, base.dense);
  }

  override get terms(): number {
    return Math.max(this.termCount, this.log.base.terms);
  }

  override count(term: number): number {
    return this.log.count(term, this.ver);
  }

  override get(term: number): Posting {
    return this.log.get(term, this.ver);
  }

  override get bytes(): number {
    return this.log.base.bytes + this.log.bytes;
  }
}

function binaryHas(list: Uint32Array, n: number): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = list[mid]!;
    if (v === n) return true;
    if (v < n) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
