import type { Csr } from '../postings/csr';
import { postRowsFold, type CsrFold, type FoldAllocate } from './fold';

/**
 * The term rows of posts added live, until a compaction folds them into the posts' CSR: a
 * background compaction folds the rows held at its start (then read-only) while a new map takes the
 * posts added meanwhile; an inline one takes them all. A deleted post's row may stay here: the live
 * index answers deleted posts from its own set first.
 */
export class LivePostRows {
  private live = new Map<number, readonly number[]>();
  private folding: ReadonlyMap<number, readonly number[]> | undefined;

  /** Posts whose rows are held here (`liveStats().livePostRows`). */
  get size(): number {
    return this.live.size + (this.folding?.size ?? 0);
  }

  set(p: number, row: readonly number[]): void {
    this.live.set(p, row);
  }

  get(p: number): readonly number[] | undefined {
    return this.live.get(p) ?? this.folding?.get(p);
  }

  delete(p: number): void {
    this.live.delete(p);
  }

  /** The fold of the rows held now into `base` (rows [0, `rows`)); none when none is held. */
  startFold(base: Csr, rows: number, allocate?: FoldAllocate): CsrFold[] {
    if (this.live.size === 0 || this.folding) return [];
    this.folding = this.live;
    this.live = new Map();
    return [postRowsFold(base, this.folding, rows, allocate)];
  }

  /** The fold's CSR was published: its rows are read from there now. */
  folded(): void {
    this.folding = undefined;
  }

  /** The fold was given up (the base it folded into was replaced): its rows stay held. */
  cancelFold(): void {
    if (!this.folding) return;
    for (const [p, row] of this.folding) if (!this.live.has(p)) this.live.set(p, row);
    this.folding = undefined;
  }

  /** Every row held now, copied (the rows a copy of the current version reads: live-share.ts). */
  snapshot(): Map<number, ArrayLike<number>> {
    const all = new Map<number, ArrayLike<number>>(this.folding ?? []);
    for (const [p, row] of this.live) all.set(p, row);
    return all;
  }

  /** Every row held, for an inline compaction, which folds them all: none is held after. */
  takeAll(): Map<number, ArrayLike<number>> {
    const all = new Map<number, ArrayLike<number>>(this.folding ?? []);
    for (const [p, row] of this.live) all.set(p, row);
    this.live = new Map();
    this.folding = undefined;
    return all;
  }
}
