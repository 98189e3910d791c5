import { GrowableU32, ensureLength } from '../util/growable';
import type { Csr } from './csr';

/**
 * Per-entity rows appended while streaming (an account's terms, a post's terms, an account's
 * follows). Entities may arrive in any order; a later row for the same entity replaces the earlier.
 */
export class RowBuilder {
  private start = new Uint32Array(1024);
  private len = new Uint32Array(1024);
  private readonly data: GrowableU32;
  rows = 0;
  /** Whether rows came in increasing entity order (the export's), so the buffer is CSR data. */
  private contiguous = true;

  constructor(initialValues = 4096) {
    this.data = new GrowableU32(initialValues);
  }

  set(entity: number, values: ArrayLike<number>): void {
    this.start = ensureLength(this.start, entity, (n) => new Uint32Array(n));
    this.len = ensureLength(this.len, entity, (n) => new Uint32Array(n));
    // Entities with no row (accounts that follow nobody) leave gaps, which CSR offsets absorb.
    if (entity < this.rows) this.contiguous = false;
    this.start[entity] = this.data.length;
    this.len[entity] = values.length;
    this.data.reserve(this.data.length + values.length);
    for (let i = 0; i < values.length; i++) this.data.push(values[i]!);
    if (entity >= this.rows) this.rows = entity + 1;
  }

  /** Lets go of every buffer once the rows have been taken (toCsr), so memory is reclaimed early. */
  drop(): void {
    this.start = new Uint32Array(0);
    this.len = new Uint32Array(0);
    this.data.drop();
    this.rows = 0;
  }

  /** Rows 0 … rows-1 as CSR; `keep` filters values (e.g. follow targets beyond the account range). */
  toCsr(rows: number, keep?: (value: number) => boolean): Csr {
    const view = this.data.view();
    if (this.contiguous && rows >= this.rows && (!keep || view.every(keep))) {
      // Rows arrived in order and all values stay: the buffer already is the CSR's data.
      const offsets = new Uint32Array(rows + 1);
      for (let r = 0; r < rows; r++) offsets[r + 1] = offsets[r]! + (r < this.rows ? this.len[r]! : 0);
      return { offsets, data: this.data.release() };
    }
    const filled = Math.min(rows, this.rows);
    let total = 0;
    for (let r = 0; r < filled; r++) total += this.len[r]!;
    const data = new Uint32Array(total);
    const offsets = new Uint32Array(rows + 1);
    let k = 0;
    for (let r = 0; r < rows; r++) {
      if (r < filled) {
        const end = this.start[r]! + this.len[r]!;
        for (let i = this.start[r]!; i < end; i++) if (!keep || keep(view[i]!)) data[k++] = view[i]!;
      }
      offsets[r + 1] = k;
    }
    return { offsets, data: k === total ? data : data.slice(0, k) };
  }
}
