/**
 * Compressed sparse rows: row i is data[offsets[i] .. offsets[i + 1]). Used for every per-account
 * list (following, profile terms, post terms, posts by author, likes by actor).
 */
export interface Csr {
  readonly offsets: Uint32Array;
  readonly data: Uint32Array;
  /**
   * Row i without the whole CSR: a live version's CSR (src/live/) reads changed rows from its log,
   * and builds `offsets` / `data` only when they are read. Readers of a few rows use this (RowCursor).
   */
  row?(i: number): Uint32Array;
  /**
   * A live CSR's parts (src/live/): the rows marked in `changed` (a bitset) are read through `row`,
   * every other row below `rows` is the plain `base` CSR's (beyond it, empty). RowCursor reads the
   * unchanged rows straight from the base's arrays, as over a plain CSR.
   */
  overlay?(): CsrOverlay;
}

export interface CsrOverlay {
  readonly base: Csr;
  readonly changed: Uint32Array;
  readonly rows: number;
}

export const EMPTY_ROW = new Uint32Array(0);

/**
 * Reads rows one at a time: after `at(i)`, row i is data[start .. end). Over a plain CSR this is
 * its arrays; over a live one, the row itself — so reading a sample's rows never builds the CSR.
 */
export class RowCursor {
  data: Uint32Array;
  start = 0;
  end = 0;
  private readonly offsets: Uint32Array | undefined;
  /** Over a live CSR's overlay: its base's data and rows, the changed rows' bits, its row count. */
  private readonly baseData: Uint32Array = EMPTY_ROW;
  private readonly baseRows: number = 0;
  private readonly changed: Uint32Array | undefined;
  private readonly rows: number = 0;

  constructor(private readonly csr: Csr) {
    const overlay = csr.row ? csr.overlay?.() : undefined;
    if (overlay && !overlay.base.row) {
      this.offsets = overlay.base.offsets;
      this.baseData = overlay.base.data;
      this.changed = overlay.changed;
      this.rows = overlay.rows;
      this.baseRows = Math.min(overlay.rows, overlay.base.offsets.length - 1);
      this.data = EMPTY_ROW;
    } else {
      this.offsets = csr.row ? undefined : csr.offsets;
      this.data = csr.row ? EMPTY_ROW : csr.data;
    }
  }

  at(i: number): this {
    const offsets = this.offsets;
    const changed = this.changed;
    if (offsets && !changed) {
      this.start = offsets[i]!;
      this.end = offsets[i + 1]!;
    } else if (offsets && changed) {
      // A live CSR: a changed row from its log, any other from the base's arrays (no view made).
      if (i < this.rows && i >>> 5 < changed.length && (changed[i >>> 5]! & (1 << (i & 31))) !== 0) {
        this.data = this.csr.row!(i);
        this.start = 0;
        this.end = this.data.length;
      } else if (i < this.baseRows) {
        this.data = this.baseData;
        this.start = offsets[i]!;
        this.end = offsets[i + 1]!;
      } else {
        this.data = EMPTY_ROW;
        this.start = 0;
        this.end = 0;
      }
    } else {
      this.data = this.csr.row!(i);
      this.start = 0;
      this.end = this.data.length;
    }
    return this;
  }
}

export function csrRow(csr: Csr, i: number): Uint32Array {
  if (csr.row) return csr.row(i);
  if (i + 1 >= csr.offsets.length) return EMPTY_ROW;
  return csr.data.subarray(csr.offsets[i], csr.offsets[i + 1]);
}

export const csrRows = (csr: Csr): number => csr.offsets.length - 1;

/**
 * Groups (key, value) pairs by key with a counting sort: values keep their input order within a
 * key. Keys at or beyond `rows` are dropped. O(pairs + rows).
 */
export function groupPairs(keys: Uint32Array, values: Uint32Array, rows: number): Csr {
  const offsets = new Uint32Array(rows + 1);
  for (let i = 0; i < keys.length; i++) if (keys[i]! < rows) offsets[keys[i]! + 1]!++;
  for (let r = 0; r < rows; r++) offsets[r + 1]! += offsets[r]!;
  const cursor = offsets.slice(0, rows);
  const data = new Uint32Array(offsets[rows]!);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k < rows) data[cursor[k]!++] = values[i]!;
  }
  return { offsets, data };
}
