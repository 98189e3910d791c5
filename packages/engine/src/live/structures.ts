// The pieces a live version is made of (see README "Live updates"): each is immutable once a
// version is published, and shares what did not change with the version before it.
import { hasBit, newBits, wordsFor } from '../bits/bitset';
import { EMPTY_POSTING, isDense, type Posting } from '../bits/posting';
import type { Csr } from '../postings/csr';
import { HandleIndex, normaliseHandle } from '../postings/handle-index';
import { PostingStore } from '../postings/posting-store';
import type { StringSource } from '../util/string-column';

/**
 * Postings as the base store holds them plus, for the terms that changed since the last compaction,
 * their whole new posting (base ∪ added − removed, materialised when the batch was applied). Only
 * terms with deltas pay anything: a lookup is one Map probe more than the base store's.
 */
export class LivePostingStore extends PostingStore {
  constructor(
    readonly base: PostingStore,
    readonly overrides: ReadonlyMap<number, Posting>,
    private readonly termCount: number,
  ) {
    super(base.size, base.counts, base.offsets, base.data, base.dense);
  }

  override get terms(): number {
    return Math.max(this.termCount, this.base.terms);
  }

  override count(term: number): number {
    const o = this.overrides.get(term);
    return o ? o.count : this.base.count(term);
  }

  override get(term: number): Posting {
    return this.overrides.get(term) ?? this.base.get(term);
  }

  override get bytes(): number {
    let total = this.base.bytes;
    for (const p of this.overrides.values())
      total += p.kind === 'bits' ? p.bits.byteLength : p.list.byteLength;
    return total;
  }
}

export const baseOf = (store: PostingStore): PostingStore =>
  store instanceof LivePostingStore ? store.base : store;
export const overridesOf = (store: PostingStore): ReadonlyMap<number, Posting> =>
  store instanceof LivePostingStore ? store.overrides : new Map();

/**
 * A term's posting with `edits` (account → true: add, false: remove) applied, as a new posting (the
 * old one is never written: an older version may be reading it). Stored as the build stores it: a
 * bitset once the term covers more than 1/32 of the accounts.
 */
export function editPosting(posting: Posting, edits: ReadonlyMap<number, boolean>, size: number): Posting {
  if (posting.kind === 'bits') {
    const bits = posting.bits.slice();
    let count = posting.count;
    for (const [n, add] of edits) {
      const had = hasBit(bits, n);
      if (add && !had) {
        bits[n >>> 5]! |= 1 << (n & 31);
        count++;
      } else if (!add && had) {
        bits[n >>> 5]! &= ~(1 << (n & 31));
        count--;
      }
    }
    return count === 0 ? EMPTY_POSTING : { kind: 'bits', count, bits };
  }
  const added: number[] = [];
  const removed = new Set<number>();
  for (const [n, add] of edits) {
    if (add) added.push(n);
    else removed.add(n);
  }
  const old = posting.list;
  const had = new Set<number>();
  for (const n of added) if (binaryHas(old, n)) had.add(n);
  const fresh = Uint32Array.from(added.filter((n) => !had.has(n))).sort();
  const out = new Uint32Array(old.length + fresh.length);
  let k = 0;
  let j = 0;
  for (let i = 0; i < old.length; i++) {
    const n = old[i]!;
    while (j < fresh.length && fresh[j]! < n) out[k++] = fresh[j++]!;
    if (!removed.has(n)) out[k++] = n;
  }
  while (j < fresh.length) out[k++] = fresh[j++]!;
  const list = out.subarray(0, k);
  if (k === 0) return EMPTY_POSTING;
  if (!isDense(k, size)) return { kind: 'list', count: k, list };
  const bits = newBits(size);
  for (const n of list) bits[n >>> 5]! |= 1 << (n & 31);
  return { kind: 'bits', count: k, bits };
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

/**
 * A new CSR equal to `csr` with the rows in `changed` replaced: unchanged runs of rows are copied
 * with one `set` each and their offsets shifted, so the cost is a sequential copy of the data plus
 * one pass over the offsets. `rows` may exceed the old row count (accounts added).
 */
export function replaceRows(csr: Csr, changed: ReadonlyMap<number, ArrayLike<number>>, rows: number): Csr {
  const oldRows = csr.offsets.length - 1;
  const end = (r: number): number => csr.offsets[Math.min(r, oldRows)]!;
  let total = csr.data.length;
  for (const [r, row] of changed) total += row.length - (r < oldRows ? end(r + 1) - end(r) : 0);
  const offsets = new Uint32Array(rows + 1);
  const data = new Uint32Array(total);
  const order = [...changed.keys()].sort((a, b) => a - b);
  let out = 0;
  let from = 0;
  const copyRun = (to: number): void => {
    // rows [from, to) unchanged
    const start = end(from);
    const stop = end(to);
    data.set(csr.data.subarray(start, stop), out);
    const shift = out - start;
    for (let r = from; r < to; r++) offsets[r + 1] = end(r + 1) + shift;
    out += stop - start;
  };
  for (const r of order) {
    copyRun(r);
    const row = changed.get(r)!;
    data.set(row, out);
    out += row.length;
    offsets[r + 1] = out;
    from = r + 1;
  }
  copyRun(rows);
  return { offsets, data };
}

/** Strings of slots below `base.size` from the base column, later ones from the live column. */
export class CompositeStrings implements StringSource {
  constructor(
    private readonly base: StringSource,
    private readonly baseSize: number,
    private readonly live: StringSource,
    readonly size: number,
  ) {}

  get(slot: number): string {
    return slot < this.baseSize ? this.base.get(slot) : this.live.get(slot - this.baseSize);
  }
}

/**
 * The base handle table plus the handles changed since the last compaction (handle → account, or
 * −1 where a base handle no longer belongs to its account: renamed or removed).
 */
export class LiveHandleIndex extends HandleIndex {
  constructor(
    base: HandleIndex,
    handleOf: (n: number) => string,
    readonly changes: ReadonlyMap<string, number>,
  ) {
    super(base.table, handleOf);
  }

  override find(handle: string): number | undefined {
    const changed = this.changes.get(normaliseHandle(handle));
    if (changed !== undefined) return changed < 0 ? undefined : changed;
    return super.find(handle);
  }
}

export const handleChangesOf = (handles: HandleIndex): ReadonlyMap<string, number> =>
  handles instanceof LiveHandleIndex ? handles.changes : new Map();

/** `array` copied into a longer one (accounts or posts added beyond its length). */
export function grown<T extends Uint32Array | Uint8Array>(array: T, length: number): T {
  if (array.length >= length) return array;
  const out = (array instanceof Uint8Array ? new Uint8Array(length) : new Uint32Array(length)) as T;
  out.set(array);
  return out;
}

/** A bitset over `size` accounts holding `bits`' accounts. */
export function grownBits(bits: Uint32Array, size: number): Uint32Array {
  const words = wordsFor(size);
  if (bits.length === words) return bits;
  const out = new Uint32Array(words);
  out.set(bits.subarray(0, Math.min(words, bits.length)));
  return out;
}

/**
 * The engaged posts, most engaged first (ties: lower post number), after the engagement of
 * `changed` posts moved: the others keep their relative order, the changed ones are sorted and
 * merged in. O(engaged posts + changed · log changed), instead of sorting every post again.
 */
export function reorderEngagement(
  order: Uint32Array,
  changed: ReadonlySet<number>,
  engagement: (p: number) => number,
): Uint32Array {
  const moved = [...changed].filter((p) => engagement(p) > 0);
  moved.sort((a, b) => engagement(b) - engagement(a) || a - b);
  const out = new Uint32Array(order.length + moved.length);
  let k = 0;
  let j = 0;
  for (let i = 0; i < order.length; i++) {
    const p = order[i]!;
    if (changed.has(p)) continue;
    const e = engagement(p);
    while (j < moved.length && (engagement(moved[j]!) > e || (engagement(moved[j]!) === e && moved[j]! < p)))
      out[k++] = moved[j++]!;
    out[k++] = p;
  }
  while (j < moved.length) out[k++] = moved[j++]!;
  return out.slice(0, k);
}
