import { fnv1a } from '../util/hash';

/** How X compares handles: without '@', case-insensitive. */
export const normaliseHandle = (handle: string): string => handle.trim().replace(/^@+/, '').toLowerCase();

/**
 * Handle → account number, as an open-addressing table of 32-bit hashes (8 bytes per account rather
 * than a Map entry per account). A hit is confirmed against the stored handle, so hash
 * collisions cost a probe, never a wrong answer.
 */
export class HandleIndex {
  private readonly table: Int32Array;
  private readonly mask: number;

  constructor(
    accounts: number,
    private readonly handleOf: (n: number) => string,
    present: (n: number) => boolean,
  ) {
    let capacity = 16;
    while (capacity < accounts * 2) capacity *= 2;
    this.table = new Int32Array(capacity).fill(-1);
    this.mask = capacity - 1;
    for (let n = 0; n < accounts; n++) {
      const handle = present(n) ? normaliseHandle(handleOf(n)) : '';
      if (!handle) continue;
      let at = fnv1a(handle) & this.mask;
      while (this.table[at] !== -1) at = (at + 1) & this.mask;
      this.table[at] = n;
    }
  }

  find(handle: string): number | undefined {
    const key = normaliseHandle(handle);
    if (!key) return undefined;
    for (let at = fnv1a(key) & this.mask; this.table[at] !== -1; at = (at + 1) & this.mask) {
      const n = this.table[at]!;
      if (normaliseHandle(this.handleOf(n)) === key) return n;
    }
    return undefined;
  }
}
