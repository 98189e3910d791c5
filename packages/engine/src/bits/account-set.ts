import { bitsToArray, countBits, hasBit, newBits, setAll } from './bitset';

/**
 * A set of account numbers (an audience, an exclusion, a custom audience). Held as a dense bitset
 * over the index's account range: evaluation produces it, insights iterate it.
 */
export class AccountSet {
  private members: Uint32Array | undefined;

  constructor(
    /** Number of account numbers the set ranges over (the index's account count). */
    readonly size: number,
    readonly bits: Uint32Array,
    readonly count: number = countBits(bits),
  ) {}

  static fromNumbers(size: number, numbers: ArrayLike<number>): AccountSet {
    const bits = newBits(size);
    setAll(bits, numbers, size);
    return new AccountSet(size, bits);
  }

  has(n: number): boolean {
    return n >= 0 && n < this.size && hasBit(this.bits, n);
  }

  /** Members in increasing order (computed once, then cached). */
  toArray(): Uint32Array {
    this.members ??= bitsToArray(this.bits, this.count);
    return this.members;
  }
}
