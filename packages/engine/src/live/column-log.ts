import { CATEGORICAL_FIELDS, type CategoricalField } from '../postings/fields';

/**
 * Every write of a live index's single-valued columns (country, language, gender …), in the order
 * the batches were published: the version that wrote it, the account, the field and the value it
 * held before. A reader that kept counts over a version's columns (the history's field counts,
 * async/field-counts.ts) reads from it which accounts' values changed since, and what they were
 * then, instead of reading every member's column again. Compaction and growth leave the columns'
 * values as they were, so one log serves the index's whole life; it keeps its latest
 * `maxEntries` writes, and a version older than the oldest kept cannot be told (`changesSince`).
 */
export class ColumnLog {
  private vers = new Uint32Array(1024);
  private accounts = new Uint32Array(1024);
  private olds = new Uint32Array(1024);
  private fields = new Uint8Array(1024);
  private length = 0;
  /** Writes of versions up to this one were dropped (-1: none). */
  private dropped = -1;

  constructor(private readonly maxEntries = 1 << 20) {}

  /** Records a batch's writes under its version (later than every version recorded before). */
  append(ver: number, writes: readonly ColumnWrite[]): void {
    if (writes.length === 0) return;
    if (this.length + writes.length > this.maxEntries)
      this.drop(this.length + writes.length - this.maxEntries);
    if (this.length + writes.length > this.vers.length) this.grow(this.length + writes.length);
    for (const w of writes) {
      const i = this.length++;
      this.vers[i] = ver;
      this.accounts[i] = w.n;
      this.fields[i] = FIELD_INDEX.get(w.field)!;
      this.olds[i] = w.old;
    }
  }

  /**
   * The accounts whose `fields` changed after version `ver`, each with its values at `ver` (per
   * field, in the order given; NOT_CHANGED for a field it did not change); undefined when writes
   * after `ver` were dropped.
   */
  changesSince(ver: number, fields: readonly CategoricalField[]): Map<number, Uint32Array> | undefined {
    if (ver < this.dropped) return undefined;
    const wanted = new Int32Array(CATEGORICAL_FIELDS.length).fill(-1);
    fields.forEach((f, k) => (wanted[FIELD_INDEX.get(f)!] = k));
    const out = new Map<number, Uint32Array>();
    // The first write after `ver` holds the value at `ver`: later ones are not read.
    for (let i = this.firstAfter(ver); i < this.length; i++) {
      const k = wanted[this.fields[i]!]!;
      if (k < 0) continue;
      const n = this.accounts[i]!;
      let then = out.get(n);
      if (!then) out.set(n, (then = new Uint32Array(fields.length).fill(NOT_CHANGED)));
      if (then[k] === NOT_CHANGED) then[k] = this.olds[i]!;
    }
    return out;
  }

  /** Entries kept (tests). */
  get size(): number {
    return this.length;
  }

  private firstAfter(ver: number): number {
    let [lo, hi] = [0, this.length];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.vers[mid]! <= ver) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Drops at least `count` of the oldest writes, and every other write of the last version dropped. */
  private drop(count: number): void {
    let cut = Math.min(this.length, Math.max(count, this.length >>> 1));
    if (cut === 0) return;
    const last = this.vers[cut - 1]!;
    while (cut < this.length && this.vers[cut] === last) cut++;
    this.dropped = last;
    for (const a of [this.vers, this.accounts, this.olds, this.fields]) a.copyWithin(0, cut, this.length);
    this.length -= cut;
  }

  private grow(min: number): void {
    const size = Math.max(min, this.vers.length * 2);
    const grown = <T extends Uint32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a.subarray(0, this.length));
      return b;
    };
    this.vers = grown(this.vers, (n) => new Uint32Array(n));
    this.accounts = grown(this.accounts, (n) => new Uint32Array(n));
    this.olds = grown(this.olds, (n) => new Uint32Array(n));
    this.fields = grown(this.fields, (n) => new Uint8Array(n));
  }
}

/** One write of a column: account `n`'s `field` held `old` before it. */
export interface ColumnWrite {
  n: number;
  field: CategoricalField;
  old: number;
}

/** A field an account's entry in `changesSince` did not change. */
export const NOT_CHANGED = 0xffffffff;

const FIELD_INDEX = new Map<CategoricalField, number>(CATEGORICAL_FIELDS.map((f, i) => [f, i]));

/** Where a version's columns stand in their log: every write of a later version is after `ver`. */
export interface ColumnsMark {
  readonly log: ColumnLog;
  readonly ver: number;
}
