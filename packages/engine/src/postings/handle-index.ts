import { fnv1a } from '@murmur/core/hash';

/** How X compares handles: without '@', case-insensitive. */
export const normaliseHandle = (handle: string): string => handle.trim().replace(/^@+/, '').toLowerCase();

/**
 * Handle → account number, as an open-addressing table of 32-bit hashes (8 bytes per account rather
 * than a Map entry per account). A hit is confirmed against the stored handle, so hash
 * collisions cost a probe, never a wrong answer.
 */
export class HandleIndex {
  private readonly mask: number;

  constructor(
    /** Account number per slot, -1 when empty; its length is a power of two. */
    readonly table: Int32Array,
    private readonly handleOf: (n: number) => string,
  ) {
    this.mask = table.length - 1;
  }

  /** The length of the table `build` makes for `accounts`: a power of two, at least twice as many. */
  static tableLength(accounts: number): number {
    let length = 16;
    while (length < accounts * 2) length *= 2;
    return length;
  }

  static build(
    accounts: number,
    handleOf: (n: number) => string,
    present: (n: number) => boolean,
  ): HandleIndex {
    const capacity = HandleIndex.tableLength(accounts);
    const table = new Int32Array(capacity).fill(-1);
    const mask = capacity - 1;
    for (let n = 0; n < accounts; n++) {
      const handle = present(n) ? normaliseHandle(handleOf(n)) : '';
      if (!handle) continue;
      let at = fnv1a(handle) & mask;
      while (table[at] !== -1) at = (at + 1) & mask;
      table[at] = n;
    }
    return new HandleIndex(table, handleOf);
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
