// The pieces a live version is made of (see README "Live updates"): each is immutable once a
// version is published, and shares what did not change with the version before it. The postings'
// log is in posting-log.ts, the handles' in live-handles.ts.
import { wordsFor } from '../bits/bitset';
import { EMPTY_ROW, csrRow, csrRows, type Csr, type CsrOverlay } from '../postings/csr';
import type { StringSource } from '../util/string-column';

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

  /** Logs `rows` under `ver`, keeping the arrays given: they must not be written afterwards. */
  write(rows: ReadonlyMap<number, Uint32Array>, ver: number): void {
    this.history.push({ ver, rows: [...rows.keys()] });
    for (const [n, row] of rows) {
      this.mark(n);
      this.heads.set(n, { ver, row, prev: this.heads.get(n) });
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

/** `row` with `values` after it, as a new array (rows in a log are never written again). */
export function appended(row: ArrayLike<number>, ...values: number[]): Uint32Array {
  const out = new Uint32Array(row.length + values.length);
  out.set(row);
  out.set(values, row.length);
  return out;
}

/**
 * A set of term ids, emptied in O(1): a mark per term id, a set's members marked with its stamp.
 * `of` starts a new set, so one set is alive at a time.
 */
export class TermMarks {
  private marks = new Uint32Array(0);
  private stamp = 0;

  /** A new set holding `row`'s terms (the last set is emptied). */
  of(row: ArrayLike<number>): this {
    if (++this.stamp === 0xffffffff) {
      this.marks.fill(0);
      this.stamp = 1;
    }
    for (let i = 0; i < row.length; i++) this.add(row[i]!);
    return this;
  }

  has(t: number): boolean {
    return t < this.marks.length && this.marks[t] === this.stamp;
  }

  add(t: number): void {
    if (t >= this.marks.length) {
      const grown = new Uint32Array(Math.max(t + 1, this.marks.length * 2, 1024));
      grown.set(this.marks);
      this.marks = grown;
    }
    this.marks[t] = this.stamp;
  }
}

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
    readonly base: StringSource,
    readonly baseSize: number,
    readonly live: StringSource,
    readonly size: number,
  ) {}

  get(slot: number): string {
    return slot < this.baseSize ? this.base.get(slot) : this.live.get(slot - this.baseSize);
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
