// The pieces a live version is made of (see README "Live updates"): each is immutable once a
// version is published, and shares what did not change with the version before it.
import { hasBit, newBits, wordsFor } from '../bits/bitset';
import { EMPTY_POSTING, isDense, type Posting } from '../bits/posting';
import { EMPTY_ROW, csrRow, csrRows, type Csr, type CsrOverlay } from '../postings/csr';
import { fnv1a } from '@murmur/core/hash';
import { HandleIndex, normaliseHandle } from '../postings/handle-index';
import { PostingStore } from '../postings/posting-store';
import type { StringSource } from '../util/string-column';
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

interface RowEntry {
  readonly ver: number;
  readonly row: Uint32Array;
  readonly prev: RowEntry | undefined;
}

/**
 * A CSR's rows changed since the last compaction, as a chain of versions per row over the base CSR.
 * A version's CSR (`LazyCsr`) is materialised only when something reads it whole (insights,
 * snapshots, compaction) and memoised: estimates never pay for it.
 */
export class RowLog {
  readonly heads = new Map<number, RowEntry>();
  values = 0;
  /**
   * The log this one's base was folded from (held weakly: a compaction frees the old base), so a
   * reader that marked a version of that log can still tell which rows changed since
   * (row-changes.ts).
   */
  previous: WeakRef<RowLog> | undefined;
  private memo: { ver: number; csr: Csr } | undefined;
  /** The rows each write changed, in version order (so a CSR can be built from an earlier one). */
  private readonly history: { ver: number; rows: number[] }[] = [];
  /** Rows with an entry, as a bitset: most rows have none, and a bit test is cheaper than a Map probe. */
  private changedBits = new Uint32Array(0);

  constructor(readonly base: Csr) {}

  /** Whether row n has an entry of a version after `ver` (a bit test first: most rows have none). */
  changedAfter(n: number, ver: number): boolean {
    const bits = this.changedBits;
    if (n >>> 5 >= bits.length || (bits[n >>> 5]! & (1 << (n & 31))) === 0) return false;
    return (this.heads.get(n)?.ver ?? -1) > ver;
  }

  /** Rows with an entry (a bitset; replaced when it grows, never cleared): RowCursor's overlay. */
  get changedRows(): Uint32Array {
    return this.changedBits;
  }

  /** The row as the latest version holds it. */
  latest(n: number): Uint32Array {
    return this.at(n, Infinity) ?? csrRow(this.base, n);
  }

  private mark(n: number): void {
    if (n >>> 5 >= this.changedBits.length) {
      const grown = new Uint32Array(Math.max((n >>> 5) + 1, this.changedBits.length * 2, 1024));
      grown.set(this.changedBits);
      this.changedBits = grown;
    }
    this.changedBits[n >>> 5]! |= 1 << (n & 31);
  }

  /** The row at `ver` when the log changed it by then (undefined: the base row). */
  at(n: number, ver: number): Uint32Array | undefined {
    const bits = this.changedBits;
    if (n >>> 5 >= bits.length || (bits[n >>> 5]! & (1 << (n & 31))) === 0) return undefined;
    let e = this.heads.get(n);
    while (e && e.ver > ver) e = e.prev;
    return e?.row;
  }

  /** As PostingLog.carryStep, for rows: the entries of versions after `ver` into `next`. */
  carryStep(next: RowLog, ver: number, cursor: { h: number }, budget: number): boolean {
    if (cursor.h < 0) {
      cursor.h = this.history.length;
      while (cursor.h > 0 && this.history[cursor.h - 1]!.ver > ver) cursor.h--;
    }
    let work = 0;
    for (; cursor.h < this.history.length && work < budget; cursor.h++) {
      const record = this.history[cursor.h]!;
      for (const n of record.rows) {
        let e = this.heads.get(n);
        while (e && e.ver > record.ver) e = e.prev;
        next.mark(n);
        next.heads.set(n, { ver: record.ver, row: e!.row, prev: next.heads.get(n) });
        next.values += e!.row.length + 8;
        work += 1 + (e!.row.length >>> 4);
      }
      next.history.push(record);
    }
    return cursor.h >= this.history.length;
  }

  write(rows: ReadonlyMap<number, ArrayLike<number>>, ver: number): void {
    this.history.push({ ver, rows: [...rows.keys()] });
    for (const [n, row] of rows) {
      this.mark(n);
      this.heads.set(n, { ver, row: Uint32Array.from(row), prev: this.heads.get(n) });
      this.values += row.length + 8;
    }
  }

  materialise(ver: number, rows: number): Csr {
    const memo = this.memo;
    if (memo && csrRows(memo.csr) === rows && memo.ver <= ver) {
      if (memo.ver === ver) return memo.csr;
      // From the last CSR built: only the rows changed since replace (one copy of the rest).
      const changed = new Map<number, Uint32Array>();
      for (let i = this.history.length - 1; i >= 0 && this.history[i]!.ver > memo.ver; i--) {
        const h = this.history[i]!;
        if (h.ver > ver) continue;
        for (const n of h.rows) if (!changed.has(n)) changed.set(n, this.at(n, ver)!);
      }
      const csr = changed.size === 0 ? memo.csr : replaceRows(memo.csr, changed, rows);
      this.memo = { ver, csr };
      return csr;
    }
    const changed = new Map<number, Uint32Array>();
    for (const [n, head] of this.heads) {
      let e: RowEntry | undefined = head;
      while (e && e.ver > ver) e = e.prev;
      if (e) changed.set(n, e.row);
    }
    const csr =
      changed.size === 0 && csrRows(this.base) === rows ? this.base : replaceRows(this.base, changed, rows);
    this.memo = { ver, csr };
    return csr;
  }
}

const NO_ROWS = new Uint32Array(0);

/** Version `ver`'s CSR over a row log: built on first read (offsets or data), then kept. */
export class LazyCsr implements Csr {
  private csr: Csr | undefined;
  constructor(
    private readonly log: RowLog,
    private readonly ver: number,
    private readonly rows: number,
  ) {}

  private get whole(): Csr {
    return (this.csr ??= this.log.materialise(this.ver, this.rows));
  }
  /** The log, version and row count this CSR reads (row-changes.ts). */
  get source(): { log: RowLog; ver: number; rows: number } {
    return { log: this.log, ver: this.ver, rows: this.rows };
  }
  /**
   * The base CSR and the rows the log changed (a changed row may still read the base at this
   * version: `row` decides), or the CSR itself once built.
   */
  overlay(): CsrOverlay {
    if (this.csr) return { base: this.csr, changed: NO_ROWS, rows: this.rows };
    return { base: this.log.base, changed: this.log.changedRows, rows: this.rows };
  }
  row(i: number): Uint32Array {
    if (this.csr) return csrRow(this.csr, i);
    if (i >= this.rows) return EMPTY_ROW;
    return this.log.at(i, this.ver) ?? csrRow(this.log.base, i);
  }
  get offsets(): Uint32Array {
    return this.whole.offsets;
  }
  get data(): Uint32Array {
    return this.whole.data;
  }
}

/**
 * A typed array written in place by batches, double-buffered: a batch writes the spare copy (first
 * brought level with the current one by copying the indices the last batch wrote) and publishes
 * it, so a batch costs O(values written), not a copy of the array. The array of version k stays
 * unchanged until version k + 2 is published (README "Live updates": queries run synchronously on
 * the current version) — or, while a version holding the spare is pinned (`held`, pin.ts), until
 * it is released: the batch then writes a fresh copy.
 */
export class Buffered<T extends Uint32Array | Uint8Array> {
  private spare: T | undefined;
  private pending: number[] = [];
  private writing: T | undefined;
  private written: number[] = [];

  constructor(
    public current: T,
    private readonly held: (array: Uint32Array | Uint8Array) => boolean = () => false,
  ) {}

  /** The array this batch writes (equal to `current` when first asked for). */
  writable(current: T): T {
    if (current !== this.current) {
      // Replaced from outside (growth, compaction): start over.
      this.current = current;
      this.spare = undefined;
      this.pending = [];
      this.writing = undefined;
    }
    if (this.writing) return this.writing;
    if (!this.spare || this.spare.length !== current.length || this.held(this.spare))
      this.spare = current.slice() as T;
    else for (const i of this.pending) this.spare[i] = current[i]!;
    this.pending = [];
    this.writing = this.spare;
    return this.writing;
  }

  set(i: number, value: number): void {
    this.writing![i] = value;
    this.written.push(i);
  }

  /** Drops the batch's writes (it failed): the spare is level with `current` again. */
  abort(): void {
    const writing = this.writing;
    if (!writing) return;
    for (const i of this.written) writing[i] = this.current[i]!;
    this.spare = writing;
    this.pending = [];
    this.written = [];
    this.writing = undefined;
  }

  /** Ends the batch: the written array becomes current; returns it. */
  publish(): T {
    if (!this.writing) return this.current;
    this.spare = this.current;
    this.current = this.writing;
    this.pending = this.written;
    this.written = [];
    this.writing = undefined;
    return this.current;
  }
}

/**
 * A new CSR equal to `csr` with the rows in `changed` replaced: unchanged runs of rows are copied
 * with one `set` each and their offsets shifted, so the cost is a sequential copy of the data plus
 * one pass over the offsets. `rows` may exceed the old row count (accounts added).
 */
export function replaceRows(csr: Csr, changed: ReadonlyMap<number, ArrayLike<number>>, rows: number): Csr {
  const old = csr.offsets;
  const oldData = csr.data;
  const oldRows = old.length - 1;
  const end = (r: number): number => old[r < oldRows ? r : oldRows]!;
  let total = oldData.length;
  for (const [r, row] of changed) total += row.length - (r < oldRows ? old[r + 1]! - old[r]! : 0);
  const offsets = new Uint32Array(rows + 1);
  const data = new Uint32Array(total);
  const order = Uint32Array.from(changed.keys()).sort();
  let out = 0;
  let from = 0;
  const copyRun = (to: number): void => {
    // rows [from, to) unchanged: one copy of their data, their offsets shifted
    const start = end(from);
    const stop = end(to);
    if (stop - start > 32) data.set(oldData.subarray(start, stop), out);
    else for (let i = start; i < stop; i++) data[out + i - start] = oldData[i]!;
    const shift = out - start;
    const last = Math.min(to, oldRows);
    let r = from;
    for (; r < last; r++) offsets[r + 1] = old[r + 1]! + shift;
    const at = out + stop - start;
    for (; r < to; r++) offsets[r + 1] = at;
    out = at;
  };
  for (let i = 0; i < order.length; i++) {
    const r = order[i]!;
    copyRun(r);
    const row = changed.get(r)!;
    if (row.length > 32) data.set(row, out);
    else for (let i = 0; i < row.length; i++) data[out + i] = row[i]!;
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

/** Handles changed since the last compaction, per handle the versions that changed it. */
export class HandleLog {
  readonly changes = new Map<string, Array<readonly [ver: number, n: number]>>();

  /** `handle` names account `n` (−1: nobody) from version `ver` on. */
  set(handle: string, n: number, ver: number): void {
    let list = this.changes.get(handle);
    if (!list) this.changes.set(handle, (list = []));
    list.push([ver, n]);
  }

  /** The account `handle` names at `ver` per the log (−1: nobody), undefined when the log has no say. */
  at(handle: string, ver: number): number | undefined {
    const list = this.changes.get(handle);
    if (!list) return undefined;
    for (let i = list.length - 1; i >= 0; i--) if (list[i]![0] <= ver) return list[i]![1];
    return undefined;
  }
}

/**
 * The base handle table plus the handles changed since the last compaction, as version `ver` sees
 * them (handle → account, or −1 where a base handle no longer belongs to its account).
 */
export class LiveHandleIndex extends HandleIndex {
  /** The table the log is over. */
  readonly base: HandleIndex;
  constructor(
    base: HandleIndex,
    handleOf: (n: number) => string,
    readonly log: HandleLog,
    readonly ver: number,
  ) {
    super(base.table, handleOf);
    this.base = base instanceof LiveHandleIndex ? base.base : base;
  }

  override find(handle: string): number | undefined {
    const changed = this.log.at(normaliseHandle(handle), this.ver);
    if (changed !== undefined) return changed < 0 ? undefined : changed;
    return super.find(handle);
  }
}

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
 * The handle table with the log's handles added (a copy: older versions read the old table), or
 * undefined when the table is over half full (then it is rebuilt). Entries of renamed or removed
 * accounts stay: a lookup checks the account's handle now (a removed account has none).
 */
export function foldHandles(
  base: HandleIndex,
  handleOf: (n: number) => string,
  log: HandleLog,
): HandleIndex | undefined {
  const table = base.table.slice();
  const mask = table.length - 1;
  let used = 0;
  for (let i = 0; i < table.length; i++) if (table[i] !== -1) used++;
  for (const [handle, list] of log.changes) {
    const n = list[list.length - 1]![1];
    if (n < 0) continue;
    let at = fnv1a(handle) & mask;
    while (table[at] !== -1 && table[at] !== n) at = (at + 1) & mask;
    if (table[at] === -1) {
      table[at] = n;
      used++;
    }
  }
  return used * 2 > table.length ? undefined : new HandleIndex(table, handleOf);
}
