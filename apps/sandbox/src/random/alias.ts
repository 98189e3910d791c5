import type { Rng } from './prng';

/**
 * Walker/Vose alias table: O(n) to build, O(1) per draw. The graph generator draws tens of millions
 * of follow targets by fitness, so a draw must cost one memory access: each slot packs its acceptance
 * threshold, its own item and its alias's item into three adjacent 32-bit words (one cache line).
 */
export class AliasTable {
  readonly size: number;
  readonly total: number;
  /** [threshold, item, aliasItem] per slot; threshold is the acceptance probability × 2^32. */
  private readonly slots: Uint32Array;

  /** `items` maps slots to the caller's ids (e.g. account indices); by default a slot is its own id. */
  constructor(weights: ArrayLike<number>, items?: ArrayLike<number>) {
    const n = weights.length;
    this.size = n;
    this.slots = new Uint32Array(n * 3);
    let total = 0;
    for (let i = 0; i < n; i++) total += weights[i]!;
    this.total = total;
    if (n === 0 || total <= 0) return;
    const item = (i: number): number => (items ? items[i]! : i);
    const scaled = new Float64Array(n);
    const small = new Uint32Array(n);
    const large = new Uint32Array(n);
    let ns = 0;
    let nl = 0;
    for (let i = 0; i < n; i++) {
      scaled[i] = (weights[i]! * n) / total;
      if (scaled[i]! < 1) small[ns++] = i;
      else large[nl++] = i;
    }
    const fill = (slot: number, p: number, alias: number): void => {
      this.slots[slot * 3] = Math.min(0xffffffff, Math.floor(p * 4294967296));
      this.slots[slot * 3 + 1] = item(slot);
      this.slots[slot * 3 + 2] = item(alias);
    };
    while (ns > 0 && nl > 0) {
      const s = small[--ns]!;
      const l = large[nl - 1]!;
      fill(s, scaled[s]!, l);
      scaled[l] = scaled[l]! + scaled[s]! - 1;
      if (scaled[l] < 1) {
        nl--;
        small[ns++] = l;
      }
    }
    // Leftovers are (up to rounding error) exactly full slots.
    while (nl > 0) fill(large[--nl]!, 1, large[nl]!);
    while (ns > 0) fill(small[--ns]!, 1, small[ns]!);
  }

  /** The item of a slot drawn in proportion to its weight. */
  sample(rng: Rng): number {
    const base = rng.int(this.size) * 3;
    return rng.next() < this.slots[base]! ? this.slots[base + 1]! : this.slots[base + 2]!;
  }
}
